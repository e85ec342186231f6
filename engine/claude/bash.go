package claude

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// words is c as a word list, its name first.
func words(c *shell.Command) []shell.Word {
	name := c.Name
	raw := c.Text
	if n := len(c.Args); n > 0 {
		if r, ok := strings.CutSuffix(c.Text, " "+joinWords(c.Args, false)); ok {
			raw = r
		} else {
			raw = name
		}
	}
	return append([]shell.Word{{Raw: raw, Lit: name, Literal: name != "" && !c.Dynamic}}, c.Args...)
}

// joinWords joins words with one blank, as written (quotes kept) or
// unquoted.
func joinWords(ws []shell.Word, unquoted bool) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		if unquoted && w.Literal {
			parts[i] = w.Lit
		} else {
			parts[i] = w.Raw
		}
	}
	return strings.Join(parts, " ")
}

// unwrapTaskset steps over "taskset [options] MASK|LIST", a wrapper that
// shell.Command.Inside does not step into, returning the words of the
// command it runs, or nil. The real 2.1.328 asked for "taskset -c 0 make
// lint" under an ask rule on make lint.
func unwrapTaskset(ws []shell.Word) []shell.Word {
	if len(ws) == 0 || !ws[0].Literal || ws[0].Lit != "taskset" {
		return nil
	}
	i := 1
	for i < len(ws) && ws[i].Literal && strings.HasPrefix(ws[i].Lit, "-") {
		i++
	}
	i++ // the CPU mask or list
	if i >= len(ws) {
		return nil
	}
	return ws[i:]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// denyTexts are the texts deny and ask rules are matched against: the
// command as rules see it (past leading assignments and stripped wrappers),
// the same with the assignments, its unquoted spelling (the real 2.1.328
// denied "'make' deploy" under Bash(make deploy)), and the same for every
// command a wrapper such as sudo, env or taskset runs (it denied "sudo make
// deploy" under Bash(make deploy)).
func denyTexts(c *shell.Command) []string {
	seen := map[string]bool{}
	var out []string
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	var walk func(c *shell.Command, depth int)
	walk = func(c *shell.Command, depth int) {
		add(c.Text)
		add(c.FullText)
		// The line as written, wrapper included: "timeout 10 nice cal"
		// was refused under Bash(timeout *) (recorded with real Claude
		// Code 2.1.328, testdata/claude/generated).
		add(c.WrappedText)
		for ws := words(c); ws != nil; ws = unwrapTaskset(ws) {
			add(joinWords(ws, false))
			add(joinWords(ws, true))
		}
		if depth > 4 {
			return
		}
		for _, in := range c.Inside() {
			walk(&in, depth+1)
		}
	}
	walk(c, 0)
	return out
}

// allowText is the text allow rules are matched against: past leading
// assignments only when every one is a safe variable.
func allowText(c *shell.Command) string {
	if len(c.Assigns) == 0 || safeAssigns(c) {
		return c.Text
	}
	return c.FullText
}

// fileUse is one file a command reads or writes.
type fileUse struct {
	raw      string // as written
	via      string // how it was found: "redirect", "tee", or the command's name
	path     string // absolute; "" when it is only known once the command runs
	tilde    bool   // written with ~ or a variable: Claude Code will not approve such a target itself
	read     bool
	write    bool
	redirect bool // a redirection (or tee) target, checked on its own
}

var fdTarget = regexp.MustCompile(`^([0-9]+|-)$`)

// uses lists the files c names: its redirect targets and the files its file
// command reads or writes.
func (d *decider) uses(c *shell.Command) []fileUse {
	if u, ok := d.usesOf.get(c); ok {
		return u
	}
	u := d.findUses(c)
	d.usesOf.put(c, u)
	return u
}

func (d *decider) findUses(c *shell.Command) []fileUse {
	cwd := d.cmdCwd(c)
	var out []fileUse
	seen := map[string]bool{}
	add := func(u fileUse) {
		k := u.raw + "\x00" + u.path
		if u.write {
			k += "\x00w"
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, u)
		}
	}
	for _, r := range c.Redirects {
		if strings.HasPrefix(r.Op, "<<") {
			continue // heredoc or here-string: no file
		}
		if strings.Contains(r.Op, "&") && fdTarget.MatchString(r.Target.Raw) {
			continue // 2>&1, 1>&2: a descriptor, not a file
		}
		u := fileUse{raw: r.Target.Raw, via: "redirect", read: r.Read, write: r.Write, redirect: true}
		if !r.Read && !r.Write {
			u.write = strings.Contains(r.Op, ">")
			u.read = !u.write
		}
		u.tilde = strings.HasPrefix(r.Target.Raw, "~") || strings.Contains(r.Target.Raw, "$")
		if r.Target.Literal {
			u.path = shell.Resolve(r.Target.Lit, cwd, d.p.home)
		} else if !strings.ContainsAny(r.Target.Raw, "$`") {
			u.path = shell.Resolve(r.Target.Raw, cwd, d.p.home)
		}
		add(u)
	}
	for _, f := range c.Files() {
		if f.Via == "redirect" {
			continue
		}
		u := fileUse{raw: f.Path, via: f.Via, read: f.Read, write: f.Write, redirect: f.Via == "tee"}
		if !strings.ContainsAny(f.Path, "$`") {
			u.path = shell.Resolve(f.Path, cwd, d.p.home)
		}
		u.tilde = strings.HasPrefix(f.Path, "~")
		add(u)
	}
	// The files of the command env runs are checked as that command's:
	// "env FOO=1 touch ~/work/x.txt" was refused by a path deny rule in
	// auto mode (recorded with real Claude Code 2.1.328, testdata/claude/
	// holdout7723 g7723-010), as "touch ~/work/x.txt" is.
	if c.Name == "env" {
		for _, in := range c.Inside() {
			for _, u := range d.findUses(&in) {
				if !u.redirect {
					add(u)
				}
			}
		}
	}
	for _, w := range awkOperands(c) {
		u := fileUse{raw: w.Raw, via: "awk", read: true}
		if p, ok := shell.PathOf(w); ok {
			u.path = shell.Resolve(p, cwd, d.p.home)
		}
		add(u)
	}
	for _, w := range dirOperands(c) {
		u := fileUse{raw: w.Raw, via: c.Name, read: true}
		if p, ok := shell.PathOf(w); ok {
			u.path = shell.Resolve(p, cwd, d.p.home)
		}
		add(u)
	}
	return out
}

// awkOperands are the files an awk command reads: the operands after its
// program (all of them with -f PROGFILE), leaving out var=value
// assignments. shell.Files does not know awk; Claude Code checks its
// files: "awk '{print $1}' secrets/public.txt | tee out.txt" was refused
// under Read(./secrets/**) in plan mode (recorded with real Claude Code
// 2.1.328, testdata/claude/holdout6011).
func awkOperands(c *shell.Command) []shell.Word {
	switch c.Name {
	case "awk", "gawk", "mawk", "nawk":
	default:
		return nil
	}
	if c.Dynamic {
		return nil
	}
	var out []shell.Word
	program := true
	for i := 0; i < len(c.Args); i++ {
		w := c.Args[i]
		lit := w.Lit
		switch {
		case w.Literal && lit == "--":
			for _, r := range c.Args[i+1:] {
				if program {
					program = false
					continue
				}
				out = append(out, r)
			}
			return out
		case w.Literal && (lit == "-F" || lit == "-v" || lit == "-f"):
			if lit == "-f" {
				program = false
			}
			i++
		case w.Literal && strings.HasPrefix(lit, "-f"):
			program = false
		case w.Literal && strings.HasPrefix(lit, "-") && len(lit) > 1:
		case program:
			program = false
		case w.Literal && strings.Contains(lit, "=") && !strings.Contains(lit[:strings.Index(lit, "=")], "/"):
			// var=value, an assignment between files
		default:
			out = append(out, w)
		}
	}
	return out
}

// dirSpecs are the folder-listing commands whose operands shell.Files
// leaves out (it reports files, not folders to list), with the options
// that take a value.
var dirSpecs = map[string][]string{
	"ls":   {"-I", "-w", "-T", "--ignore", "--width", "--tabsize", "--hide", "--block-size"},
	"du":   {"-d", "-B", "-t", "-X", "--max-depth", "--block-size", "--threshold", "--exclude-from"},
	"tree": {"-L", "-P", "-I", "-o", "-H", "--charset", "--filelimit"},
	"find": nil,
}

// dirOperands are the folders ls, du, tree or find is given. Claude Code
// checks them like files: "ls ~/work" asked in the corpus.
func dirOperands(c *shell.Command) []shell.Word {
	values, ok := dirSpecs[c.Name]
	if !ok || c.Dynamic {
		return nil
	}
	var out []shell.Word
	for i := 0; i < len(c.Args); i++ {
		w := c.Args[i]
		if w.Literal && (strings.HasPrefix(w.Lit, "-") && w.Lit != "-" || w.Lit == "(" || w.Lit == "!") {
			if c.Name == "find" {
				break // find's expression starts: the rest are not folders
			}
			if contains(values, w.Lit) {
				i++
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

// pathCheckedVia are the file commands whose paths Claude Code checks
// against path rules: the commands its path validation knows, redirect
// targets and tee. The real 2.1.328 did not apply Read(./.envrc) deny to
// "less .envrc" or "source .envrc", nor Read(./keys/**) to "chmod 600
// keys/signing.pem".
var pathCheckedVia = map[string]bool{
	"redirect": true, "tee": true, "cd": true, "ls": true, "find": true, "find -delete": true, "find -exec": true,
	"mkdir": true, "touch": true, "rm": true, "rmdir": true, "mv": true, "cp": true, "cat": true, "head": true,
	"tail": true, "sort": true, "uniq": true, "wc": true, "cut": true, "paste": true, "column": true, "tr": true,
	"file": true, "stat": true, "diff": true, "awk": true, "strings": true, "hexdump": true, "od": true,
	"base64": true, "nl": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "sed": true,
	"sed -i": true, "git": true, "jq": true, "sha256sum": true, "sha1sum": true, "md5sum": true, "du": true,
	"tree": true, "tac": true, "cmp": true, "expand": true, "unexpand": true, "fold": true, "rev": true,
	"tsort": true, "sum": true, "cksum": true,
}

// cmdCwd is the folder c runs in.
func (d *decider) cmdCwd(c *shell.Command) string {
	if c.Cwd != "" {
		return shell.Resolve(c.Cwd, d.cwd, d.p.home)
	}
	return d.cwd
}

// heredocLine matches a here-document operator (not a here-string).
var heredocLine = regexp.MustCompile(`<<-?\s*['"]?[A-Za-z_]`)

// hasHeredoc reports whether the line feeds a here-document: the real
// 2.1.328 would not approve "cat <<'EOF' > file" even where the target was
// inside the project ("A file redirect in this command can't be checked"),
// and shell.Script keeps no trace of here-documents.
func hasHeredoc(s *shell.Script) bool {
	return heredocLine.MatchString(s.Source)
}

var (
	homeVar    = regexp.MustCompile(`^"?(\$HOME|\$\{HOME\})"?`)
	varPrefix  = regexp.MustCompile(`^"?\$\{?[A-Za-z_][A-Za-z0-9_]*\}?"?(.*)$`)
	quoteChars = strings.NewReplacer(`"`, "", `'`, "")
)

// criticalRm finds a critical path in an rm or rmdir command (seed step 7):
// the root, a top-level folder, the home folder, the project or a parent,
// everything inside one of those, a glob or trailing slash right after a
// variable, a variable followed by a top-level name, and a recursive
// removal of a command substitution's output.
func (d *decider) criticalRm(c *shell.Command) (string, bool) {
	if c.Name != "rm" && c.Name != "rmdir" {
		for _, in := range c.Inside() {
			if what, bad := d.criticalRm(&in); bad {
				return what, true
			}
		}
		return "", false
	}
	ws := words(c)
	cwd := d.cmdCwd(c)
	recursive := false
	var operands []shell.Word
	opts := true
	for _, w := range ws[1:] {
		a := w.Raw
		if w.Literal {
			a = w.Lit
		}
		switch {
		case opts && a == "--":
			opts = false
		case opts && strings.HasPrefix(a, "--"):
			recursive = recursive || a == "--recursive"
		case opts && strings.HasPrefix(a, "-") && len(a) > 1:
			recursive = recursive || strings.ContainsAny(a[1:], "rR")
		default:
			operands = append(operands, w)
		}
	}
	for _, w := range operands {
		raw := w.Raw
		if strings.Contains(raw, "$(") || strings.Contains(raw, "`") {
			if recursive {
				return "recursive removal of a command substitution's output: " + raw, true
			}
			continue
		}
		if m := homeVar.FindStringIndex(raw); m != nil {
			raw = d.p.home + raw[m[1]:]
		} else if m := varPrefix.FindStringSubmatch(raw); m != nil {
			rest := quoteChars.Replace(m[1])
			name := strings.Trim(rest, "/")
			if rest == "/" || rest == "/*" || topLevelNames[name] {
				return "variable path " + w.Raw, true
			}
			continue
		}
		path := raw
		if w.Literal && raw == w.Raw {
			path = w.Lit
		} else {
			path = quoteChars.Replace(path)
		}
		glob := false
		switch {
		case path == "*":
			path, glob = ".", true
		case strings.HasSuffix(path, "/*"):
			path, glob = strings.TrimSuffix(path, "/*"), true
			if path == "" {
				path = "/"
			}
		}
		if strings.ContainsAny(path, "*?[") {
			continue
		}
		abs := shell.Resolve(path, cwd, d.p.home)
		if d.p.criticalDir(abs, cwd) {
			if glob {
				return filepath.Join(abs, "*"), true
			}
			return abs, true
		}
	}
	return "", false
}
