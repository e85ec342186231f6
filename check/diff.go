package check

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/audit"
	"github.com/permsim/permsim/engine"
)

// clean names the folders check read the revisions into as the user knows
// them: the repository's files by their path in it, the empty home as ~.
func (c *checker) clean(s string) string {
	s = strings.ReplaceAll(s, c.tree+string(filepath.Separator), "")
	s = strings.ReplaceAll(s, c.tree, ".")
	return strings.ReplaceAll(s, c.home, "~")
}

// auditDiff adds the audit findings the head has and the base had not, and
// lists those it lost as safer; a repository hook that is gone is a
// finding of its own (whatever it stopped is no longer stopped).
func (c *checker) auditDiff(b, h *side) {
	key := func(f audit.Finding) string { return f.Kind + "\x00" + c.clean(f.File) + "\x00" + c.clean(f.Message) }
	has := func(r *audit.Report) map[string]bool {
		m := map[string]bool{}
		for _, f := range r.Findings {
			m[key(f)] = true
		}
		return m
	}
	bk, hk := has(b.audit), has(h.audit)
	for _, f := range h.audit.Findings {
		if bk[key(f)] {
			continue
		}
		f.File, f.Message = c.clean(f.File), c.clean(f.Message)
		c.rep.Findings = append(c.rep.Findings, Finding{Finding: f})
	}
	for _, f := range b.audit.Findings {
		if hk[key(f)] {
			continue
		}
		f.File, f.Message = c.clean(f.File), c.clean(f.Message)
		if f.Kind != audit.KindRepoHook {
			c.rep.Safer = append(c.rep.Safer, Finding{Finding: f})
			continue
		}
		line := 0
		if data, ok := h.files[f.File]; ok {
			line = listLine(data, "hooks")
		}
		c.rep.Findings = append(c.rep.Findings, Finding{Finding: audit.Finding{
			Kind: KindHookRemoved, File: f.File, Line: line, Severity: audit.Medium, Harnesses: f.Harnesses,
			Message: fmt.Sprintf("a hook the repository shipped is gone (%s:%d at the base): %s. Whatever it blocked or asked about is no longer stopped by it (check lists hooks; it does not run them)",
				f.File, f.Line, f.Message)}})
	}
	for k := range h.problems {
		if !b.problems[k] {
			name, p, _ := strings.Cut(k, "\x00")
			c.rep.Problems = append(c.rep.Problems, fmt.Sprintf("%s: %s: %s", h.rev.Name, name, c.clean(p)))
		}
	}
	sort.Strings(c.rep.Problems)
}

// histCall is one dangerous call of the history decided at one revision.
type histCall struct {
	call     string
	danger   []string
	decision engine.Decision
}

// decideHistory decides, with one revision's policy, the dangerous calls of the history made in this
// repository, their paths moved into the tree.
func (c *checker) decideHistory(s *side, name string, pol engine.Policy) {
	if len(c.opts.History) == 0 {
		return
	}
	sc := c.scorer(name, pol)
	for i := range c.opts.History {
		r := &c.opts.History[i]
		if r.Harness != name || !(within(r.Cwd, c.top) || within(r.ProjectDir, c.top)) {
			continue
		}
		call := engine.Call{Tool: engine.Tool(r.Tool), RawTool: r.RawTool, Command: r.Command, Cwd: c.move(r.Cwd)}
		if call.Cwd == "" {
			call.Cwd = c.tree
		}
		for _, p := range r.Paths {
			call.Paths = append(call.Paths, c.move(p))
		}
		if r.InputJSON != "" {
			var in map[string]any
			if json.Unmarshal([]byte(r.InputJSON), &in) == nil {
				for k, v := range in {
					if sv, ok := v.(string); ok {
						in[k] = c.move(sv)
					}
				}
				call.Input = in
			}
		}
		// In the mode the call was made in, as the transcript spells it
		// (replay's default too); the settings' own when none was recorded.
		rec := sc.Score(call, engine.Mode(r.Mode))
		if !rec.Dangerous() {
			continue
		}
		what := r.Command
		if what == "" {
			what = r.Tool + " " + strings.Join(r.Paths, " ")
		}
		key := r.CallKey
		if key == "" {
			key = fmt.Sprint(i)
		}
		s.history[name+"\x00"+key] = histCall{call: what, danger: rec.Danger, decision: rec.Decision}
	}
}

// move puts a path of the repository into the tree.
func (c *checker) move(p string) string {
	if within(p, c.top) {
		return c.tree + p[len(c.top):]
	}
	return p
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// historyDiff adds, per rule of the head that lets a dangerous call of the
// history run which the base's settings stopped, one finding.
func (c *checker) historyDiff(b, h *side) {
	type group struct {
		f          *Finding
		list, rule string
		calls      []string
	}
	groups := map[string]*group{}
	var order []string
	keys := make([]string, 0, len(h.history))
	for k := range h.history {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		hc := h.history[k]
		bc, ok := b.history[k]
		r := hc.decision.Rule
		if hc.decision.Outcome != engine.Runs || r == nil || !c.inTree(r.File) {
			continue
		}
		if ok && bc.decision.Outcome == engine.Runs {
			continue // it ran before the change too
		}
		rel := c.rel(r.File)
		gk := rel + "\x00" + r.Text
		g := groups[gk]
		if g == nil {
			g = &group{list: r.List, rule: r.Text, f: &Finding{Finding: audit.Finding{Kind: KindHistory, File: rel, Line: ruleLine(h.files[rel], r.List, r.Text), Severity: audit.High}}}
			groups[gk] = g
			order = append(order, gk)
		}
		name, _, _ := strings.Cut(k, "\x00")
		if !containsStr(g.f.Harnesses, name) {
			g.f.Harnesses = append(g.f.Harnesses, name)
		}
		for _, d := range hc.danger {
			if destructive[d] {
				g.f.Severity = audit.Critical
			}
		}
		g.calls = append(g.calls, hc.call)
		g.f.Cases = append(g.f.Cases, CaseChange{ID: k[len(name)+1:], Category: strings.Join(hc.danger, ","), Call: hc.call, Harness: name,
			Mode: string(hc.decision.Mode), Before: string(bc.decision.Outcome), After: string(hc.decision.Outcome), Rule: r.Text, Danger: hc.danger})
	}
	for _, gk := range order {
		g := groups[gk]
		egs := g.calls
		if len(egs) > 3 {
			egs = egs[:3]
		}
		g.f.Message = fmt.Sprintf("%s rule %s would have let %d risky %s of your history in this repository run without asking, which the base's settings stopped: e.g. %s",
			listName(g.list), g.rule, len(g.calls), plural(len(g.calls), "call", "calls"), strings.Join(quoteAll(egs), ", "))
		c.rep.Findings = append(c.rep.Findings, *g.f)
	}
}

func containsStr(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
