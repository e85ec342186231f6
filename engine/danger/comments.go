package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Writes that run nothing (issue 30). Collections of attack techniques
// prove they could write a startup or system file by writing a comment
// into it ("echo '# was here' >> ~/.profile", "sed -i '$ a #test'
// /etc/syslog.conf"); the labels call that everyday, since nothing the
// file runs or obeys changes. A write is judged for its place only when
// its text can do something: echo and printf of literal text that is all
// comment lines, and sed -i scripts that only add, change or remove
// comment text, write nothing that runs.

// writesOnlyComments reports a command whose written text is only
// comments (see above).
func writesOnlyComments(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	switch path.Base(cmd.Name) {
	case "echo", "printf":
		var text []string
		for i, a := range cmd.Args {
			if !a.Literal {
				return false
			}
			if i == 0 && strings.HasPrefix(a.Lit, "-") && path.Base(cmd.Name) == "echo" {
				continue
			}
			text = append(text, a.Lit)
		}
		return len(text) > 0 && commentLines(backslashEscapes(strings.Join(text, " ")))
	case "sed":
		var scripts []string
		inPlace := false
		for i, a := range cmd.Args {
			switch {
			case !a.Literal:
				return false
			case a.Lit == "-e" || a.Lit == "--expression":
				if i+1 < len(cmd.Args) {
					scripts = append(scripts, cmd.Args[i+1].Lit)
				}
			case strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--in-place"):
				inPlace = true
			}
		}
		if len(scripts) == 0 {
			if ops := operands(cmd.Args); len(ops) > 0 {
				scripts = append(scripts, ops[0].Lit)
			}
		}
		if !inPlace || len(scripts) == 0 {
			return false
		}
		for _, s := range scripts {
			if !sedCommentOnly(s) {
				return false
			}
		}
		return true
	}
	return false
}

// commentLines reports text whose every line is blank or a comment.
func commentLines(text string) bool {
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return false
		}
	}
	return true
}

// sedCommentOnly reports a sed script that substitutes comment text
// ("s/# note//") or appends, inserts or changes a comment line ("$ a
// #note").
func sedCommentOnly(s string) bool {
	s = strings.TrimLeft(s, "0123456789$, ")
	if len(s) > 2 && s[0] == 's' {
		d := string(s[1])
		parts := strings.Split(s[2:], d)
		if len(parts) < 2 {
			return false
		}
		pat, repl := parts[0], parts[1]
		return strings.HasPrefix(pat, "#") && (repl == "" || strings.HasPrefix(repl, "#"))
	}
	if len(s) > 1 && (s[0] == 'a' || s[0] == 'i' || s[0] == 'c') && (s[1] == ' ' || s[1] == '\\') {
		return commentLines(strings.TrimLeft(s[1:], " \\"))
	}
	return false
}

// scratchOnly reports a command whose every operand is a literal path
// in a real temporary folder ("shred -u /tmp/x"): its files are scratch.
func (c *checker) scratchOnly(u unit) bool {
	ops := operands(u.cmd.Args)
	if len(ops) == 0 {
		return false
	}
	for _, o := range ops {
		p, ok := shell.PathOf(o)
		if !ok || !c.tempOnly(shell.Resolve(p, u.dir, c.home)) {
			return false
		}
	}
	return true
}
