package audit

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codey"
	"github.com/permsim/permsim/engine/danger"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// repoSettings are the settings files the repository wrote: its
// .claude/settings.json, and a settings.local.json git tracks.
func (a *auditor) repoSettings() []string {
	out := []string{filepath.Join(a.opts.Project, ".claude", "settings.json")}
	local := filepath.Join(a.opts.Project, ".claude", "settings.local.json")
	if t, _ := a.isTracked(local); t {
		out = append(out, local)
	}
	return out
}

// sharedRules reports the repository's allow rules: Codey lists and
// ignores them until the trust question is answered, Claude Code honours
// them once the folder is trusted. What each would let run is scored on the
// battery: every case that runs by that rule once trusted, with its danger
// categories (engine/danger).
func (a *auditor) sharedRules() {
	var rules []struct {
		file, text string
		line       int
	}
	for _, f := range a.repoSettings() {
		s, probs := claude.ReadSettings(f)
		for _, pr := range probs {
			if a.failed[pr.File] {
				continue // its read failed, reported once already
			}
			a.rep.Problems = append(a.rep.Problems, pr.String())
		}
		if s == nil {
			continue
		}
		for _, r := range s.Rules["allow"] {
			rules = append(rules, struct {
				file, text string
				line       int
			}{f, r.Text, r.Line})
		}
	}
	if len(rules) == 0 {
		return
	}
	lets := a.whatAllowRulesLet()
	for _, r := range rules {
		runs := lets[r.file+"\x00"+r.text]
		sev := Low
		msg := fmt.Sprintf("the repository's allow rule %s waits for the trust question (Codey lists and ignores it until then; Claude Code honours it once the folder is trusted)", r.text)
		if len(runs) > 0 {
			sev = Medium
			cats := map[string]bool{}
			var dangerous []string
			for _, c := range runs {
				cs := danger.Check(c.Call(a.opts.Project, a.opts.Home), a.opts.Project, a.opts.Home)
				for _, x := range cs {
					cats[x] = true
				}
				if len(cs) > 0 {
					dangerous = append(dangerous, c.What())
				}
			}
			if len(dangerous) > 0 {
				sev = High
			}
			names := slices.Sorted(maps.Keys(cats))
			eg := runs[0].What()
			if len(dangerous) > 0 {
				eg = dangerous[0]
			}
			msg += fmt.Sprintf(". Trusted, it lets %d of the battery's %d dangerous calls run without asking, e.g. %s", len(runs), a.caseCount, eg)
			if len(names) > 0 {
				msg += "; " + strings.Join(names, ", ")
			}
		} else {
			msg += ". Trusted, it lets none of the battery's dangerous calls run"
		}
		a.add(Finding{Kind: KindSharedAllow, File: r.file, Line: r.line, Severity: sev, Harnesses: []string{toolcall.ClaudeCode, toolcall.Codey}, Message: msg})
	}
}

// whatAllowRulesLet decides the battery with Codey, the project trusted
// and no user settings, once per repository allow rule with that rule the
// only allow rule in force, and returns for each ("file\x00rule") the cases
// it lets run: each rule is scored on its own, not only where it is the
// first to match.
func (a *auditor) whatAllowRulesLet() map[string][]battery.Case {
	cases := a.opts.Cases
	if cases == nil {
		cases, _ = battery.Builtin()
	}
	yes := true
	// A config folder that does not exist: only the project's own files count.
	noUser := filepath.Join(a.opts.Project, ".claude", "permsim-audit-no-user-settings")
	loaded, err := codey.New().Load(engine.Env{ProjectDir: a.opts.Project, HomeDir: a.opts.Home, ConfigDir: noUser, Trust: &yes})
	if err != nil {
		return nil
	}
	pol := loaded.(*codey.Policy)
	// What runs with no allow rule at all (reads inside the project): a
	// rule is not charged with those.
	none := pol.OnlyAllow("", "")
	runsAnyway := map[string]bool{}
	for _, c := range cases {
		if none.Decide(c.Call(a.opts.Project, a.opts.Home), codey.ModeDefault).Outcome == engine.Runs {
			runsAnyway[c.ID] = true
		}
	}
	a.caseCount = len(cases)
	out := map[string][]battery.Case{}
	for _, f := range a.repoSettings() {
		s, _ := claude.ReadSettings(f)
		if s == nil {
			continue
		}
		for _, r := range s.Rules["allow"] {
			k := f + "\x00" + r.Text
			if _, done := out[k]; done {
				continue
			}
			one := pol.OnlyAllow(f, r.Text)
			out[k] = nil
			for _, c := range cases {
				d := one.Decide(c.Call(a.opts.Project, a.opts.Home), codey.ModeDefault)
				if d.Outcome == engine.Runs && !runsAnyway[c.ID] {
					out[k] = append(out[k], c)
				}
			}
		}
	}
	return out
}

// trackedLocal reports a .claude/settings.local.json git tracks: it arrived
// with the clone, yet Claude Code reads it as the user's own file — allow
// rules and defaultMode (bypassPermissions included) with no trust
// question. Codey treats it as shared.
func (a *auditor) trackedLocal() {
	for _, dir := range uniq(a.opts.Project, a.top) {
		local := filepath.Join(dir, ".claude", "settings.local.json")
		if _, err := os.Stat(local); err != nil {
			continue
		}
		tracked, ok := a.isTracked(local)
		if !ok || !tracked {
			continue
		}
		data := a.read(local, safefile.JSON)
		msg := "settings.local.json is tracked by git: it arrived with the clone, whatever its name says. Claude Code reads it as your own file"
		sev := Medium
		if s, _ := claude.ParseSettings(data, local); s != nil {
			if n := len(s.Rules["allow"]); n > 0 {
				msg += fmt.Sprintf(" (its %d allow rule(s) apply)", n)
				sev = High
			}
			if s.HasDefaultMode && s.DefaultMode != "default" {
				msg += fmt.Sprintf(" (its defaultMode %q applies)", s.DefaultMode)
				sev = High
			}
		}
		msg += "; Codey treats it as the repository's"
		a.add(Finding{Kind: KindTrackedLocal, File: local, Line: 1, Severity: sev, Harnesses: []string{toolcall.ClaudeCode}, Message: msg})
	}
}

func uniq(xs ...string) []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// notRules are the lists of Codey's rule listing that hold settings, not
// rules.
var notRules = map[string]bool{"setting": true, "defaultMode": true, "additionalDirectories": true, "rules-dir": true}

// neverConsulted reports the project's rules a harness reads but never
// consults: unknown tools, forms it does not understand, rules shadowed by
// a deny rule, path rules on tools that ignore them. Rules that only wait
// for the trust question are left to sharedRules: each harness is loaded
// trusted.
func (a *auditor) neverConsulted() {
	yes := true
	for _, h := range a.opts.Harnesses {
		env := a.env(h.Name())
		env.Trust = &yes
		pol, err := h.Load(env)
		if err != nil {
			continue
		}
		// A repository file the harness could not read at all (a FIFO, a
		// device, one too large) is a problem of the audit too: its rules
		// are missing from every finding.
		for _, p := range engine.ProblemsOf(pol) {
			if a.inProject(p.File) && unreadableFile(p.Msg) {
				a.unreadable(p.File, errors.New(p.Msg))
			}
		}
		for _, r := range pol.Rules() {
			if r.InForce || notRules[r.List] || !a.inProject(r.File) {
				continue
			}
			data := a.read(r.File, safefile.JSON)
			line := 0
			if data != nil {
				line = lineOf(data, mustQuote(r.Rule))
			}
			a.add(Finding{Kind: KindNeverConsulted, File: r.File, Line: line, Severity: Low, Harnesses: []string{h.Name()},
				Message: fmt.Sprintf("%s rule %s is never consulted by %s: %s", r.List, r.Rule, h.Name(), r.Why)})
		}
	}
}

// repoClaudeSettings are the Claude Code settings files in the project
// whose hooks run: the repository's settings.json and, when git tracks it,
// settings.local.json.
func (a *auditor) repoClaudeSettings() []string {
	var out []string
	for _, f := range a.repoSettings() {
		if _, err := os.Stat(f); err == nil {
			out = append(out, f)
		}
	}
	return out
}
