package shell

import (
	"slices"
	"strings"
	"unsafe"
)

// optSpec describes a program's options well enough to find its operands:
// the short letters and long names that take a value.
type optSpec struct {
	short string   // letters whose value follows, in the same word or the next
	long  []string // long names (without "--") whose value may be the next word
}

// opt is one option as written: "-n", "--lines"; Val is its value when it
// takes one.
type opt struct {
	Name   string
	Val    Word
	HasVal bool
}

// args is a command line split into options and operands.
type args struct {
	opts     []opt
	operands []Word
	// operandAt holds each operand's index in the original word list.
	operandAt []int
	// end is the index after the last word scanned (stop mode only).
	end int
}

// parse splits words into options and operands. With stop set it ends at
// the first operand (a wrapper's command follows); otherwise options may
// come after operands, as GNU tools allow. "--" ends the options.
func (o optSpec) parse(words []Word, stop bool) args {
	var a args
	i := 0
	for i < len(words) {
		w := words[i]
		if !w.Literal || len(w.Lit) < 2 || w.Lit[0] != '-' {
			if stop {
				break
			}
			if a.operands == nil {
				// Made once at the most the words can hold: growing
				// from nothing was most of this function's time.
				a.operands = make([]Word, 0, len(words)-i)
				a.operandAt = make([]int, 0, len(words)-i)
			}
			a.operands = append(a.operands, w)
			a.operandAt = append(a.operandAt, i)
			i++
			continue
		}
		if w.Lit == "--" {
			i++
			if stop {
				break
			}
			for ; i < len(words); i++ {
				a.operands = append(a.operands, words[i])
				a.operandAt = append(a.operandAt, i)
			}
			break
		}
		i++
		if a.opts == nil {
			a.opts = make([]opt, 0, 2)
		}
		if strings.HasPrefix(w.Lit, "--") {
			name, val, hasEq := strings.Cut(w.Lit, "=")
			op := opt{Name: name}
			switch {
			case hasEq:
				op.Val, op.HasVal = Word{Raw: val, Lit: val, Literal: true}, true
			case slices.Contains(o.long, name[2:]) && i < len(words):
				op.Val, op.HasVal = words[i], true
				i++
			}
			a.opts = append(a.opts, op)
			continue
		}
		if c := w.Lit[1]; c >= '0' && c <= '9' {
			a.opts = append(a.opts, opt{Name: w.Lit}) // head -5, nice -10
			continue
		}
		for j := 1; j < len(w.Lit); j++ {
			c := w.Lit[j]
			op := opt{Name: "-" + string(c)}
			if strings.IndexByte(o.short, c) >= 0 {
				if rest := w.Lit[j+1:]; rest != "" {
					op.Val, op.HasVal = Word{Raw: rest, Lit: rest, Literal: true}, true
				} else if i < len(words) {
					op.Val, op.HasVal = words[i], true
					i++
				}
				a.opts = append(a.opts, op)
				break
			}
			a.opts = append(a.opts, op)
		}
	}
	a.end = i
	return a
}

// has reports whether an option with one of names was given.
func (a args) has(names ...string) bool {
	for _, o := range a.opts {
		if slices.Contains(names, o.Name) {
			return true
		}
	}
	return false
}

// values returns the values of the options named.
func (a args) values(names ...string) []Word {
	var out []Word
	for _, o := range a.opts {
		if o.HasVal && slices.Contains(names, o.Name) {
			out = append(out, o.Val)
		}
	}
	return out
}

// strippedWrappers are removed before rules match (seed, "Shell command
// matching": "Stripped before matching: timeout, time, nice, nohup,
// stdbuf, command, builtin, noglob, and xargs with no flags").
var strippedWrappers = map[string]optSpec{
	"timeout": {short: "sk", long: []string{"signal", "kill-after"}},
	"time":    {short: "fo", long: []string{"format", "output"}},
	"nice":    {short: "n", long: []string{"adjustment"}},
	"nohup":   {},
	"stdbuf":  {short: "ioe", long: []string{"input", "output", "error"}},
	"command": {},
	"builtin": {},
	"noglob":  {},
	"xargs":   {},
}

// stripOnce reports how many words the wrapper at words[0] takes (its name,
// options and, for timeout, the duration), or 0 when words[0] is not a
// wrapper that is stripped or nothing would be left to run.
func stripOnce(words []Word) int {
	if len(words) < 2 || !words[0].Literal {
		return 0
	}
	name := words[0].Lit
	spec, ok := strippedWrappers[name]
	if !ok {
		return 0
	}
	a := spec.parse(words[1:], true)
	n := 1 + a.end
	switch name {
	case "command":
		// "command -v foo" asks where foo is; it runs nothing.
		if a.has("-v", "-V") {
			return 0
		}
	case "xargs":
		if len(a.opts) > 0 || a.end > 0 {
			return 0 // xargs with flags is not stripped
		}
	case "timeout":
		n++ // the duration
	}
	if n >= len(words) {
		return 0
	}
	return n
}

// strip removes stripped wrappers from the front of words.
func strip(words []Word) (rest []Word, wrappers []string) {
	for {
		n := stripOnce(words)
		if n == 0 {
			return words, wrappers
		}
		wrappers = append(wrappers, words[0].Lit)
		words = words[n:]
	}
}

// execWrappers run another command but are not stripped (seed: "are
// approved only by an allow rule that names the exact command").
var execWrappers = map[string]bool{"watch": true, "setsid": true, "ionice": true, "flock": true}

// findActions are the find primaries that run or delete something.
var findActions = map[string]string{
	"-exec": "find -exec", "-execdir": "find -exec", "-ok": "find -exec", "-okdir": "find -exec",
	"-delete": "find -delete",
}

func execWrapper(name string, args []Word) string {
	if execWrappers[name] {
		return name
	}
	if name == "find" {
		for _, a := range args {
			if a.Literal {
				if v, ok := findActions[a.Lit]; ok {
					return v
				}
			}
		}
	}
	return ""
}

// newCommand builds a Command from its words: wrappers stripped, Text,
// Name, Args, ExecWrapper and Dynamic set. pending holds wrappers the
// syntax already took off (the "time" keyword).
func newCommand(words []Word, pending []string) Command {
	return newCommandIn(words, pending, "")
}

// newCommandIn is newCommand for words parsed from src: Text is a span of
// src rather than a copy when the words stand one space apart there.
func newCommandIn(words []Word, pending []string, src string) Command {
	rest, wr := strip(words)
	var c Command
	if len(pending)+len(wr) > 0 {
		c.Wrappers = append(slices.Clone(pending), wr...)
	}
	c.Text = joinRawIn(rest, src)
	if len(rest) > 0 {
		if rest[0].Literal {
			c.Name = rest[0].Lit
		} else {
			c.Dynamic = true
		}
		if len(rest) > 1 {
			c.Args = rest[1:]
		}
		c.ExecWrapper = execWrapper(c.Name, c.Args)
	}
	return c
}

// joinRawIn is joinRaw of words parsed from src. When every word is a view
// of src and the words stand one space apart there — most command lines —
// the joined text is that span of src, and no copy is made (a copy per
// command was a tenth of a parse's allocation in replay, issue 15). The
// bytes are the same either way.
func joinRawIn(words []Word, src string) string {
	if len(words) < 2 || src == "" {
		return joinRaw(words)
	}
	base := uintptr(unsafe.Pointer(unsafe.StringData(src)))
	end := -1 // in src, after the last word checked
	start := 0
	for i, w := range words {
		if w.Raw == "" || len(w.Raw) > len(src) {
			return joinRaw(words)
		}
		p := uintptr(unsafe.Pointer(unsafe.StringData(w.Raw)))
		if p < base || p-base > uintptr(len(src)-len(w.Raw)) {
			return joinRaw(words) // not a view of src
		}
		at := int(p - base)
		if i == 0 {
			start = at
		} else if at != end+1 || src[end] != ' ' {
			return joinRaw(words)
		}
		end = at + len(w.Raw)
	}
	return src[start:end]
}

func joinRaw(words []Word) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0].Raw
	}
	n := len(words) - 1
	for _, w := range words {
		n += len(w.Raw)
	}
	var b strings.Builder
	b.Grow(n)
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w.Raw)
	}
	return b.String()
}

// words returns the command's words after stripped wrappers: the name
// word (rebuilt from Name, or nil when there is none) and Args.
func (c *Command) words() []Word {
	if c.Text == "" {
		return nil
	}
	raw := c.Text
	if len(c.Args) > 0 {
		raw = c.Text[:max(0, len(c.Text)-len(joinRaw(c.Args))-1)]
	}
	first := Word{Raw: raw, Lit: c.Name, Literal: !c.Dynamic}
	return append([]Word{first}, c.Args...)
}

// runnerSpecs are wrappers that are not stripped but run another command:
// privilege and environment changers and the exec wrappers.
var runnerSpecs = map[string]optSpec{
	"sudo":      {short: "ugpCrtDUTc", long: []string{"user", "group", "prompt", "close-from", "role", "type", "chdir", "other-user", "command-timeout", "login-class", "host"}},
	"doas":      {short: "uC"},
	"env":       {short: "uCS", long: []string{"unset", "chdir", "split-string"}},
	"nocorrect": {},
	"exec":      {short: "a"},
	"watch":     {short: "nq", long: []string{"interval", "equexit"}},
	"setsid":    {},
	"ionice":    {short: "cnp", long: []string{"class", "classdata", "pid", "pgid", "uid"}},
	"flock":     {short: "Ewc", long: []string{"conflict-exit-code", "timeout", "wait", "command"}},
	"xargs":     {short: "ILnPsdEaJR", long: []string{"arg-file", "delimiter", "max-args", "max-procs", "max-chars", "max-lines", "eof", "process-slot-var"}},
	"chroot":    {long: []string{"userspec", "groups"}},
	"busybox":   {},
}

// Inside returns the commands a wrapper that is not stripped would run:
// sudo, doas, env, nocorrect, exec, watch, setsid, ionice, flock, chroot,
// busybox, xargs with flags, and each -exec/-execdir/-ok of find (env -C
// and sudo -D move the inner command's Cwd). Their leading
// NAME=value words become Assigns, and stripped wrappers inside are
// stripped again. Nil when the command runs no other command, or when what
// it runs is not written out (a flock -c or env -S string is parsed as a
// line and its first command taken).
func (c *Command) Inside() []Command {
	if c.Dynamic || c.Name == "" {
		return nil
	}
	if c.Name == "find" {
		return c.findExecs()
	}
	spec, ok := runnerSpecs[c.Name]
	if !ok {
		return nil
	}
	a := spec.parse(c.Args, true)
	rest := c.Args[a.end:]
	switch c.Name {
	case "env":
		if s := a.values("-S", "--split-string"); len(s) > 0 && s[0].Literal {
			rest = append(firstWords(s[0].Lit), rest...)
		}
	case "flock":
		if cmd := a.values("-c", "--command"); len(cmd) > 0 {
			return c.insideLine(cmd[0])
		}
		if len(rest) == 0 {
			return nil
		}
		rest = rest[1:] // the lock file
		if len(rest) == 2 && rest[0].Literal && (rest[0].Lit == "-c" || rest[0].Lit == "--command") {
			return c.insideLine(rest[1])
		}
	case "ionice":
		if a.has("-p", "-P", "-u", "--pid", "--pgid", "--uid") {
			return nil
		}
	case "chroot":
		if len(rest) == 0 {
			return nil
		}
		rest = rest[1:] // the new root
	case "sudo":
		if a.has("-e", "--edit", "-l", "--list", "-v", "--validate", "-k", "-K") {
			return nil
		}
	}
	cwd := c.Cwd
	if c.Name == "env" || c.Name == "sudo" {
		for _, d := range a.values("-C", "--chdir", "-D") {
			if d.Literal {
				cwd = joinDir(cwd, d.Lit)
			}
		}
	}
	var assigns []Assign
	if c.Name == "sudo" || c.Name == "env" || c.Name == "doas" {
		for len(rest) > 0 && isAssignWord(rest[0]) {
			name, val, _ := strings.Cut(rest[0].Lit, "=")
			assigns = append(assigns, Assign{Name: name, Value: val})
			rest = rest[1:]
		}
	}
	if len(rest) == 0 {
		return nil
	}
	d := c.derive(rest, assigns)
	d.Cwd = cwd
	return []Command{d}
}

// insideLine parses a command string a wrapper runs through a shell and
// returns its first command.
func (c *Command) insideLine(w Word) []Command {
	if !w.Literal {
		return nil
	}
	s := Parse(w.Lit)
	if len(s.Commands) == 0 {
		return nil
	}
	inner := s.Commands[0]
	inner.Cwd, inner.Nested, inner.Depth, inner.Pipeline = c.Cwd, c.Nested, c.Depth, c.Pipeline
	return []Command{inner}
}

// firstWords returns the words of the first command of line.
func firstWords(line string) []Word {
	s := Parse(line)
	if len(s.Commands) == 0 {
		return nil
	}
	return s.Commands[0].words()
}

func (c *Command) findExecs() []Command {
	var out []Command
	for i := 0; i < len(c.Args); i++ {
		a := c.Args[i]
		if !a.Literal || findActions[a.Lit] != "find -exec" {
			continue
		}
		j := i + 1
		for j < len(c.Args) && !(c.Args[j].Literal && (c.Args[j].Lit == ";" || c.Args[j].Lit == "+")) {
			j++
		}
		if j > i+1 {
			out = append(out, c.derive(c.Args[i+1:j], nil))
		}
		i = j
	}
	return out
}

// derive builds the command a wrapper runs from its words.
func (c *Command) derive(words []Word, assigns []Assign) Command {
	d := newCommand(words, nil)
	d.Assigns = assigns
	d.FullText = d.Text
	if len(assigns) > 0 {
		var pre []string
		for _, a := range assigns {
			pre = append(pre, a.Name+"="+a.Value)
		}
		d.FullText = strings.Join(append(pre, d.Text), " ")
	}
	d.Cwd, d.Nested, d.Depth, d.Pipeline = c.Cwd, c.Nested, c.Depth, c.Pipeline
	return d
}

// isAssignWord reports whether w is a literal NAME=value.
func isAssignWord(w Word) bool {
	if !w.Literal {
		return false
	}
	name, _, ok := strings.Cut(w.Lit, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
