package codey

import (
	"path"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/shell"
)

// maxInner bounds how deep bash -c scripts are opened for deny and ask
// rules, so a hostile line cannot make the simulator recurse without end.
const maxInner = 4

// command is the call's shell command line.
func (d *decider) command() string {
	if d.call.Command != "" {
		return d.call.Command
	}
	s, _ := d.call.Input["command"].(string)
	return s
}

// every lists every simple command of s, of the scripts it hands to a
// shell whose text can be read (bash -c '…', eval '…') and of the commands
// runners such as sudo and xargs run: a deny rule
// "catches the line if it catches any part of it".
func every(s *shell.Script, depth int) []*shell.Command {
	var out []*shell.Command
	for i := range s.Commands {
		c := &s.Commands[i]
		out = append(out, c)
		out = append(out, inside(c, depth)...)
	}
	return out
}

// inside lists what a command hands on: the script of bash -c or eval, and
// the command a runner (sudo, env, xargs, find -exec, …) runs.
func inside(c *shell.Command, depth int) []*shell.Command {
	if depth >= maxInner {
		return nil
	}
	var out []*shell.Command
	if in := c.Inner(); in != nil {
		out = append(out, every(in, depth+1)...)
	}
	for _, ic := range c.Inside() {
		ic := ic
		out = append(out, &ic)
		out = append(out, inside(&ic, depth+1)...)
	}
	return out
}

// bashRule finds a Bash rule of list that matches the command: a tool-wide
// Bash rule, or a pattern matching its text (leading NAME=value words left
// out, or kept).
func bashRule(list []*rule, c *shell.Command) *rule {
	for _, r := range list {
		if r.kind != kindBash {
			continue
		}
		if claude.BashPatternMatches(r.bash, c.Text) || (c.FullText != c.Text && claude.BashPatternMatches(r.bash, c.FullText)) {
			return r
		}
	}
	return nil
}

// bash decides a bash call.
func (d *decider) bash() engine.Decision {
	line := d.command()
	s := shell.Parse(line)
	d.needs = s.Needs(d.cwd, d.p.project, d.p.home)
	cmds := every(s, 0)

	// 1. Deny rules: the tool, any simple command, and the files any of
	// them reads or writes.
	if r, at := d.commandRule(d.p.deny, cmds); r != nil {
		return d.denied(r, at)
	}
	// 2. Ask rules, and a line the parser cannot see through while a deny
	// rule might be hiding in it.
	if r, at := d.commandRule(d.p.ask, cmds); r != nil {
		return d.asked(r, at)
	}
	blind := opaque(s)
	if blind != "" && d.denyPossible() {
		return d.result(engine.Asks, true, "2 deny rule not ruled out", nil,
			"the parser cannot see through "+blind+", so a deny rule cannot be ruled out: asks rather than runs")
	}

	// 3. Allow rules: the tool, or every simple command allowed.
	if r := d.toolRule(d.p.allow); r != nil {
		return d.allowed(r)
	}
	if blind != "" {
		d.notes = append(d.notes, "no allow rule matches "+blind)
	} else if name := bareAssign(s); name != "" {
		d.notes = append(d.notes, "the line sets "+name+" for the commands after it, which no allow rule covers")
	} else if r, why := d.allowEvery(s); r != nil {
		return d.allowed(r)
	} else if why != "" {
		d.notes = append(d.notes, why)
	}
	return d.afterRules(false, "bash asks in "+string(d.mode)+" mode unless an allow rule covers every command")
}

// commandRule finds the rule of list a bash call meets first, and the
// command it met it at ("" for the whole tool): a tool-wide rule, a Bash
// rule of any simple command, a path rule on the files any of them reads
// or writes. Deny rules and ask rules are looked up alike.
func (d *decider) commandRule(list []*rule, cmds []*shell.Command) (*rule, string) {
	if r := d.toolRule(list); r != nil {
		return r, ""
	}
	for _, c := range cmds {
		if r := bashRule(list, c); r != nil {
			return r, c.Text
		}
	}
	for _, c := range cmds {
		if r := d.fileRule(list, c); r != nil {
			return r, c.Text
		}
	}
	return nil, ""
}

// denyPossible reports whether any deny rule in force could catch a shell
// command: a Bash pattern, or a path rule a command's files might meet.
func (d *decider) denyPossible() bool {
	for _, r := range d.p.deny {
		if r.kind == kindBash || (r.kind == kindPath && (r.covers(ToolReadFile) || r.covers(ToolEditFile) || r.covers(ToolWriteFile))) {
			return true
		}
	}
	return false
}

// fileRule finds a path rule of list that covers a file the command reads
// (Read rules) or writes (Edit and Write rules).
func (d *decider) fileRule(list []*rule, c *shell.Command) *rule {
	for _, u := range c.Files() {
		if u.Path == "" {
			continue
		}
		p := shell.Resolve(u.Path, d.commandCwd(c), d.p.home)
		if u.Read {
			if r := d.pathRule(list, ToolReadFile, p); r != nil {
				return r
			}
		}
		if u.Write {
			if r := d.pathRule(list, ToolEditFile, p); r != nil {
				return r
			}
			if r := d.pathRule(list, ToolWriteFile, p); r != nil {
				return r
			}
		}
	}
	return nil
}

// commandCwd is the folder a command runs in.
func (d *decider) commandCwd(c *shell.Command) string {
	if c.Cwd == "" {
		return d.cwd
	}
	return shell.Resolve(c.Cwd, d.cwd, d.p.home)
}

// allowEvery returns the first allow rule when every simple command of the
// line is allowed and does no more than its words say; otherwise nil and
// why not.
func (d *decider) allowEvery(s *shell.Script) (*rule, string) {
	if len(s.Commands) == 0 {
		return nil, ""
	}
	var first *rule
	for i := range s.Commands {
		c := &s.Commands[i]
		if more := doesMore(c); more != "" {
			if r := bashRule(d.p.allow, c); r != nil {
				return nil, c.Text + " matches " + r.text + " but " + more + ", which no allow rule covers"
			}
			return nil, ""
		}
		r := bashRule(d.p.allow, c)
		if r == nil {
			if first != nil {
				return nil, "no allow rule covers " + c.Text
			}
			return nil, ""
		}
		if first == nil {
			first = r
		}
	}
	return first, ""
}

// doesMore says how a command does more than its words say — a leading
// NAME=value (PATH=. git status), a redirection that writes a file (echo hi
// > ~/.bashrc), a wrapper that runs something of its own choosing — or "".
func doesMore(c *shell.Command) string {
	if c.Text == "" {
		return "it only redirects"
	}
	if len(c.Assigns) > 0 {
		return "it sets " + c.Assigns[0].Name + " first"
	}
	for _, r := range c.Redirects {
		if !r.Write {
			continue
		}
		if t, ok := shell.PathOf(r.Target); ok && (t == "/dev/null" || t == "/dev/stdout" || t == "/dev/stderr") {
			continue
		}
		return "it writes " + r.Target.Raw
	}
	if c.ExecWrapper != "" {
		return "it runs under " + c.ExecWrapper
	}
	for _, w := range c.Wrappers {
		if w == "xargs" {
			return "xargs adds words of its own"
		}
	}
	return ""
}

// opaque names what the parser cannot see through in the line — $(...),
// backticks, <(...), bash -c and other shells or eval, a variable in
// command position — or "" when there is nothing.
func opaque(s *shell.Script) string {
	if s.Unparseable {
		return "a line it cannot parse"
	}
	if s.TooLong {
		return "a line over 10,000 characters"
	}
	for i := range s.Commands {
		c := &s.Commands[i]
		if c.Dynamic {
			return "a variable in command position"
		}
		base := path.Base(c.Name)
		switch base {
		case "bash", "sh", "zsh", "dash", "ksh", "fish", "csh", "tcsh":
			return base + " running a script"
		case "eval", "source", ".", "exec", "command", "builtin":
			return base
		}
	}
	// The first substitution as shell.Parse found it: parsing the line
	// again here was a fifth of deciding a distinct Codey line (issue 15).
	switch s.FirstSubst() {
	case "command":
		return "$(...) or backticks"
	case "process":
		return "<(...)"
	}
	return ""
}

// bareAssign names a variable the line sets on its own ("PATH=.; git
// status"), changing what later commands do; "" when there is none.
func bareAssign(s *shell.Script) string { return s.BareAssign() }
