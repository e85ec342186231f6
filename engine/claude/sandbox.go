package claude

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// The seed's phrases for what the sandbox does with a command it
// auto-allows (seed, Sandbox).
const (
	reasonAsksNetwork = "asks first (needs network)"
	reasonStopped     = "stopped by the sandbox"
)

// sandboxSettings is the "sandbox" object of one settings file. Pointers
// are single values (nil: not set here); lists merge across layers.
type sandboxSettings struct {
	enabled           *bool
	autoAllow         *bool // autoAllowBashIfSandboxed
	allowUnsandboxed  *bool // allowUnsandboxedCommands, on by default
	excluded          []string
	allowedDomains    []string
	strictAllowlist   *bool
	managedDomainOnly *bool // allowManagedDomainsOnly
	fsDisabled        *bool // filesystem.disabled
	denyRead          []string
	allowRead         []string
}

// parseSandbox reads a settings file's "sandbox" object. A field of the
// wrong type is reported through bad and left out.
func parseSandbox(raw json.RawMessage, bad func(key, want string)) sandboxSettings {
	var s sandboxSettings
	if raw == nil {
		return s
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		bad("sandbox", "an object")
		return s
	}
	sub := func(key string) map[string]json.RawMessage {
		var m map[string]json.RawMessage
		if r, ok := top[key]; ok && json.Unmarshal(r, &m) != nil {
			bad("sandbox."+key, "an object")
		}
		return m
	}
	network, fs := sub("network"), sub("filesystem")
	boolOf := func(m map[string]json.RawMessage, prefix, key string) *bool {
		return boolField(m, key, func(string, string) { bad(prefix+key, "true or false") })
	}
	list := func(m map[string]json.RawMessage, prefix, key string) []string {
		r, ok := m[key]
		if !ok {
			return nil
		}
		var out []string
		if json.Unmarshal(r, &out) != nil {
			bad(prefix+key, "a list of strings")
		}
		return out
	}
	// Either spelling: the key inside its sub-object, or directly under
	// "sandbox".
	either := func(m map[string]json.RawMessage, prefix, key string) *bool {
		if b := boolOf(m, prefix, key); b != nil {
			return b
		}
		return boolOf(top, "sandbox.", key)
	}
	s.enabled = boolOf(top, "sandbox.", "enabled")
	s.autoAllow = boolOf(top, "sandbox.", "autoAllowBashIfSandboxed")
	s.allowUnsandboxed = boolOf(top, "sandbox.", "allowUnsandboxedCommands")
	s.excluded = list(top, "sandbox.", "excludedCommands")
	s.allowedDomains = list(network, "sandbox.network.", "allowedDomains")
	// Only under "network": "sandbox": {"strictAllowlist": true} did not
	// stop Claude Code 2.1.328 from asking about a host outside
	// allowedDomains (recorded, testdata/claude/coverage/sandbox
	// sb-strict-top).
	s.strictAllowlist = boolOf(network, "sandbox.network.", "strictAllowlist")
	s.managedDomainOnly = either(network, "sandbox.network.", "allowManagedDomainsOnly")
	s.fsDisabled = boolOf(fs, "sandbox.filesystem.", "disabled")
	s.denyRead = list(fs, "sandbox.filesystem.", "denyRead")
	s.allowRead = list(fs, "sandbox.filesystem.", "allowRead")
	return s
}

// sandboxPolicy is the sandbox configuration in force for a project.
type sandboxPolicy struct {
	enabled, autoAllow, allowUnsandboxed bool
	excluded                             []bashPattern
	domains                              []string
	strict                               bool // strictAllowlist or allowManagedDomainsOnly
	strictWhy                            string
	fsDisabled                           bool
	denyRead, allowRead                  []string // absolute, cleaned
}

// resolveSandbox merges the sandbox settings: single values from the
// highest layer that sets them (strictAllowlist and filesystem.disabled
// only from user or managed settings), lists across every layer.
func (p *Policy) resolveSandbox() {
	// The real 2.1.328 did not auto-allow sandboxed commands unless
	// autoAllowBashIfSandboxed was set to true (docs/claude-differences.md).
	sb := sandboxPolicy{allowUnsandboxed: true}
	set := map[string]bool{}
	single := func(name string, v *bool, dst *bool) {
		if v != nil && !set[name] {
			*dst, set[name] = *v, true
		}
	}
	managedDomains := false
	for _, f := range p.files {
		if f.layer == LayerManaged && f.sandbox.managedDomainOnly != nil && *f.sandbox.managedDomainOnly {
			managedDomains = true
		}
	}
	for _, f := range p.priority() {
		s := f.sandbox
		single("enabled", s.enabled, &sb.enabled)
		single("autoAllow", s.autoAllow, &sb.autoAllow)
		single("allowUnsandboxed", s.allowUnsandboxed, &sb.allowUnsandboxed)
		userOrManaged := f.layer == LayerUser || f.layer == LayerManaged
		for _, k := range []struct {
			name string
			v    *bool
			dst  *bool
		}{{"strictAllowlist", s.strictAllowlist, &sb.strict}, {"filesystem.disabled", s.fsDisabled, &sb.fsDisabled}} {
			if k.v == nil {
				continue
			}
			if !userOrManaged {
				p.problems.Add(f.path, 0, "sandbox %s counts only in user or managed settings; ignored", k.name)
				continue
			}
			single(k.name, k.v, k.dst)
		}
		for _, e := range s.excluded {
			sb.excluded = append(sb.excluded, compileExcluded(e))
		}
		if !managedDomains || f.layer == LayerManaged {
			for _, d := range s.allowedDomains {
				sb.domains = append(sb.domains, strings.ToLower(strings.TrimSpace(d)))
			}
		}
		for _, r := range s.denyRead {
			if a, ok := p.sandboxPath(r); ok {
				sb.denyRead = append(sb.denyRead, a)
			}
		}
		for _, r := range s.allowRead {
			if a, ok := p.sandboxPath(r); ok {
				sb.allowRead = append(sb.allowRead, a)
			}
		}
	}
	if sb.strict {
		sb.strictWhy = "strictAllowlist"
	}
	if managedDomains {
		sb.strict, sb.strictWhy = true, "allowManagedDomainsOnly"
	}
	p.sandbox = sb
}

// compileExcluded reads an excludedCommands entry as Bash(...) rules read
// a pattern: the real 2.1.328 took "docker run x" out of the auto-allow
// under "docker *" but not "make lint" under "make".
func compileExcluded(e string) bashPattern {
	return compileBash(strings.TrimSpace(e))
}

// sandboxPath reads a denyRead/allowRead entry. Assumption (seed): only
// absolute and ~ paths are matched.
func (p *Policy) sandboxPath(s string) (string, bool) {
	s = strings.TrimSpace(s)
	switch {
	case strings.HasPrefix(s, "/"), s == "~", strings.HasPrefix(s, "~/"):
		return shell.Resolve(strings.TrimSuffix(strings.TrimSuffix(s, "/**"), "/*"), p.project, p.home), true
	}
	return "", false
}

// sandboxGlob matches a path against a denyRead/allowRead entry: the
// entry itself, anything inside it, or a shell glob on the whole path.
func sandboxGlob(entry, p string) bool {
	if strings.ContainsAny(entry, "*?[") {
		ok, _ := path.Match(entry, p)
		return ok
	}
	return within(p, entry)
}

// excludedBy finds the excludedCommands entry that takes a command out of
// the sandbox's auto-allow.
func (sb *sandboxPolicy) excludedBy(s *shell.Script) (string, bool) {
	for i := range s.Commands {
		c := &s.Commands[i]
		for _, e := range sb.excluded {
			if e.match(c.Text) || e.match(c.FullText) {
				return e.raw, true
			}
		}
	}
	return "", false
}

// defaultHosts are the hosts a package manager reaches when the command
// names none.
var defaultHosts = map[string][]string{
	"npm": {"registry.npmjs.org"}, "npx": {"registry.npmjs.org"}, "yarn": {"registry.yarnpkg.com"},
	"pnpm": {"registry.npmjs.org"}, "pip": {"pypi.org", "files.pythonhosted.org"},
	"pip3": {"pypi.org", "files.pythonhosted.org"}, "go": {"proxy.golang.org", "sum.golang.org"},
	"cargo": {"crates.io", "static.crates.io", "index.crates.io"}, "gem": {"rubygems.org"},
	"bundle": {"rubygems.org"},
}

// hostCommands take a host as their first operand.
var hostCommands = map[string]bool{
	"ssh": true, "scp": true, "sftp": true, "rsync": true, "ping": true, "nc": true, "ncat": true,
	"telnet": true, "dig": true, "host": true, "nslookup": true, "mosh": true,
}

// hosts lists the hosts a network command names: URLs anywhere in its
// words, the host operand of ssh-like commands, and a package manager's
// registry. ok is false when the command reaches a host it does not name.
func hosts(c *shell.Command) (out []string, ok bool) {
	for _, w := range c.Args {
		a := w.Raw
		if w.Literal {
			a = w.Lit
		}
		if i := strings.Index(a, "://"); i > 0 {
			if u, err := url.Parse(a[strings.LastIndexAny(a[:i], "=@ ")+1:]); err == nil && u.Hostname() != "" {
				out = append(out, strings.ToLower(u.Hostname()))
			}
		}
	}
	if len(out) > 0 {
		return out, true
	}
	name := path.Base(c.Name)
	if hostCommands[name] {
		for _, w := range c.Args {
			if !w.Literal || strings.HasPrefix(w.Lit, "-") {
				continue
			}
			h := w.Lit
			if i := strings.LastIndexByte(h, '@'); i >= 0 {
				h = h[i+1:]
			}
			if i := strings.IndexByte(h, ':'); i >= 0 {
				h = h[:i]
			}
			if h != "" {
				return []string{strings.ToLower(h)}, true
			}
		}
		return nil, false
	}
	if hs, known := defaultHosts[name]; known {
		return hs, true
	}
	return nil, false
}

// domainAllowed reports whether allowedDomains covers host.
func (sb *sandboxPolicy) domainAllowed(host string) bool {
	for _, d := range sb.domains {
		if d == host || domainMatch(d, host) {
			return true
		}
	}
	return false
}

// sandboxTakes reports whether the sandbox's auto-allow (step 13) takes
// the line, as sandbox below decides it. Claude Code then leaves the
// line's file accesses to the sandbox: with its sandbox working, 2.1.328
// ran "touch .git/hooks/x" (a protected path, step 10) and "cat
// ~/outside/public/ok.txt" under blockReadsOutsideWorkingDirectories (step
// 8) without a prompt, in the sandbox (recorded, testdata/claude/coverage/
// sandbox; with autoAllowBashIfSandboxed false the .git/hooks write asked).
func (d *decider) sandboxTakes(s *shell.Script) bool {
	sb := &d.p.sandbox
	if !sb.enabled || !sb.autoAllow || d.mode == modePlan || s.Unparseable {
		return false
	}
	if _, ok := sb.excludedBy(s); ok {
		return false
	}
	v, _ := d.call.Input["dangerouslyDisableSandbox"].(bool)
	return !(v && sb.allowUnsandboxed)
}

// sandbox is step 13: with sandbox.enabled and autoAllowBashIfSandboxed
// left on, a shell command runs in the sandbox without a prompt, except in
// plan mode and for commands excludedCommands takes out; the sandbox then
// deals with what the command needs (seed, Sandbox).
func (d *decider) sandbox(s *shell.Script) (engine.Decision, bool) {
	sb := &d.p.sandbox
	if !sb.enabled || !sb.autoAllow || d.mode == modePlan || s.Unparseable {
		return engine.Decision{}, false
	}
	if e, ok := sb.excludedBy(s); ok {
		d.notes = append(d.notes, fmt.Sprintf("excludedCommands (%s) takes this command out of the sandbox's auto-allow", e))
		return engine.Decision{}, false
	}
	if v, _ := d.call.Input["dangerouslyDisableSandbox"].(bool); v && sb.allowUnsandboxed {
		d.notes = append(d.notes, "the call asks to run outside the sandbox (dangerouslyDisableSandbox), so the sandbox's auto-allow does not apply")
		return engine.Decision{}, false
	}
	const step = "13 sandbox"

	// Network: every host starts outside allowedDomains.
	if contains(d.needs, shell.NeedNetwork) {
		var outside []string
		known := true
		for i := range s.Commands {
			c := &s.Commands[i]
			if !shell.NeedsNetwork(c) {
				continue
			}
			hs, ok := hosts(c)
			known = known && ok
			for _, h := range hs {
				if !sb.domainAllowed(h) {
					outside = append(outside, h)
				}
			}
		}
		if len(outside) > 0 || !known {
			what := strings.Join(outside, ", ")
			if !known {
				what = strings.TrimPrefix(what+", a host the command does not name", ", ")
			}
			switch {
			case sb.strict:
				return d.block(step, nil, fmt.Sprintf("%s (%s: %s is outside network.allowedDomains)", reasonStopped, sb.strictWhy, what)), true
			case d.mode == modeAuto:
				return d.classifier(step), true
			}
			d.notes = append(d.notes, "outside network.allowedDomains: "+what)
			return d.ask(step, nil, reasonAsksNetwork, false), true
		}
	}

	// Writes outside the working folders and the temp folder, and into
	// .git/hooks or .git/config, fail in the sandbox; so do reads that
	// filesystem.denyRead covers. Claude may then retry outside it.
	if !sb.fsDisabled {
		var why string
		switch {
		case contains(d.needs, shell.NeedWriteGit):
			why = "writes to .git/hooks or .git/config"
		case contains(d.needs, shell.NeedWriteOutside) && d.writesOutsideWorkDirs(s):
			why = "writes outside the working folders"
		default:
			if p, ok := d.deniedRead(s); ok {
				why = "reads " + p + ", which filesystem.denyRead covers"
			}
		}
		if why != "" {
			return d.retryUnsandboxed(why), true
		}
	}
	return d.run(step, nil, "runs in the sandbox without a prompt"), true
}

// sandboxOverride reports whether the call asks to run outside an enabled
// sandbox that allows it (dangerouslyDisableSandbox: true, and
// allowUnsandboxedCommands not false). Such a call is not approved as
// read-only: with Claude Code 2.1.328's sandbox working, "ls -la" with the
// parameter asked in default and acceptEdits mode (decision_reason_type
// sandboxOverride), was refused in dontAsk and went to the classifier in
// auto mode; with allowUnsandboxedCommands false it ran (recorded,
// testdata/claude/coverage/sandbox).
func (d *decider) sandboxOverride() bool {
	sb := &d.p.sandbox
	v, _ := d.call.Input["dangerouslyDisableSandbox"].(bool)
	if v && sb.enabled && sb.allowUnsandboxed {
		d.notes = append(d.notes, "the call asks to run outside the sandbox (dangerouslyDisableSandbox), which the read-only set does not approve")
		return true
	}
	return false
}

// retryUnsandboxed decides the retry outside the sandbox after the
// sandbox stopped a command: none with allowUnsandboxedCommands false; an
// ask in every mode under a Bash(dangerouslyDisableSandbox:true) ask rule
// or blockReadsOutsideWorkingDirectories; else the mode's way.
func (d *decider) retryUnsandboxed(why string) engine.Decision {
	const step = "13 sandbox"
	sb := &d.p.sandbox
	if !sb.allowUnsandboxed {
		return d.block(step, nil, reasonStopped+" ("+why+"; allowUnsandboxedCommands is false, so there is no retry outside it)")
	}
	d.notes = append(d.notes, "the sandbox stops it ("+why+"); Claude may retry outside the sandbox")
	if r := d.unsandboxAskRule(); r != nil {
		return d.ask(step, r, "the retry outside the sandbox asks because of "+r.text, true)
	}
	if d.p.blockReads {
		return d.ask(step, nil, "the retry outside the sandbox asks (blockReadsOutsideWorkingDirectories)", true)
	}
	if d.mode == modeAuto {
		return d.classifier(step)
	}
	return d.ask(step, nil, "asks first (retry outside the sandbox: "+why+")", false)
}

// unsandboxAskRule finds an ask rule naming Bash(dangerouslyDisableSandbox:true).
func (d *decider) unsandboxAskRule() *rule {
	for _, r := range d.p.ask {
		if r.tool == "Bash" && r.kind == kindParam && r.param == "dangerouslyDisableSandbox" && r.value.match("true") {
			return r
		}
	}
	return nil
}

// writesOutsideWorkDirs reports whether a write the line makes lands
// outside every working folder and the temp folders; a line whose
// write-outside need comes from a system change (sudo, crontab…) counts.
func (d *decider) writesOutsideWorkDirs(s *shell.Script) bool {
	found := false
	for i := range s.Commands {
		c := &s.Commands[i]
		if shell.ChangesSystem(c) {
			return true
		}
		for _, u := range d.uses(c) {
			if !u.write || u.path == "" {
				continue
			}
			found = true
			if !d.p.inWorkDirs(u.path) && !shell.IsTemp(u.path) && !strings.HasPrefix(u.path, "/dev/") {
				return true
			}
		}
	}
	// The need came from somewhere the file list does not show (a nested
	// bash -c, a git remote change): trust it.
	return !found
}

// deniedRead finds a file the line reads, through a recognized file
// command or a < redirect, that filesystem.denyRead covers and no
// narrower allowRead entry reopens.
func (d *decider) deniedRead(s *shell.Script) (string, bool) {
	sb := &d.p.sandbox
	if len(sb.denyRead) == 0 {
		return "", false
	}
	for i := range s.Commands {
		for _, u := range d.uses(&s.Commands[i]) {
			if !u.read || u.path == "" || !pathCheckedVia[u.via] {
				continue
			}
			for _, deny := range sb.denyRead {
				if !sandboxGlob(deny, u.path) {
					continue
				}
				reopened := false
				for _, allow := range sb.allowRead {
					if len(allow) > len(deny) && sandboxGlob(allow, u.path) {
						reopened = true
					}
				}
				if !reopened {
					return filepath.Clean(u.path), true
				}
			}
		}
	}
	return "", false
}
