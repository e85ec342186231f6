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
// comment text, write nothing that runs. Their clean-ups take lines out
// ("sed -i '/atomic/d' ~/.bash_profile", "crontab -l | grep -v atomic |
// crontab -"): what is left was there before, so that is no persistence
// either (removing lines from a log still loses the record).

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
		scripts, inPlace := sedScripts(cmd)
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
// ("s/# note//"), deletes comment lines ("/#marker/d") or appends,
// inserts or changes a comment line ("$ a #note").
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
	// "/#marker/d", "/^#/d": the lines deleted are those of a comment
	// (the pattern starts the comment, as "s/# note//" does).
	if len(s) > 3 && s[0] == '/' && strings.HasSuffix(s, "/d") {
		pat := strings.TrimLeft(strings.TrimPrefix(s[1:len(s)-2], "^"), " \t")
		pat = strings.TrimPrefix(pat, "[[:space:]]*")
		pat = strings.TrimPrefix(pat, "\\s*")
		return strings.HasPrefix(pat, "#") && !strings.Contains(s[1:len(s)-2], "/")
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

// sedDeletesOnly reports a sed -i whose every script only deletes lines
// ("/atomic/d", "3,5d", "$d"): what is left of the file was there
// before, so nothing new runs from it.
func sedDeletesOnly(cmd *shell.Command) bool {
	if cmd.Dynamic || path.Base(cmd.Name) != "sed" {
		return false
	}
	scripts, inPlace := sedScripts(cmd)
	if !inPlace || len(scripts) == 0 {
		return false
	}
	for _, s := range scripts {
		if !deletesLines(s) {
			return false
		}
	}
	return true
}

// sedScripts returns a sed command's scripts and whether it edits in
// place.
func sedScripts(cmd *shell.Command) (scripts []string, inPlace bool) {
	for i, a := range cmd.Args {
		switch {
		case !a.Literal:
			return nil, false
		case a.Lit == "-e" || a.Lit == "--expression":
			if i+1 < len(cmd.Args) {
				scripts = append(scripts, cmd.Args[i+1].Lit)
			}
		case strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--in-place"):
			inPlace = true
		}
	}
	if len(scripts) == 0 {
		ops := operands(cmd.Args)
		if inPlace && len(ops) > 1 && ops[0].Raw != "" && strings.Trim(ops[0].Raw, `"'`) == "" {
			ops = ops[1:] // BSD sed's "-i ''": the empty backup suffix, then the script
		}
		if len(ops) > 0 {
			scripts = append(scripts, ops[0].Lit)
		}
	}
	return scripts, inPlace
}

// deletesLines reports a sed script that is an address (numbers, $, or
// /regex/, or a range of them) followed by d.
func deletesLines(s string) bool {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, "d") {
		return false
	}
	addr := strings.TrimSpace(strings.TrimSuffix(s, "d"))
	for addr != "" {
		switch {
		case addr[0] == '/':
			end := strings.IndexByte(addr[1:], '/')
			if end < 0 {
				return false
			}
			addr = addr[end+2:]
		case strings.ContainsRune("0123456789$,!", rune(addr[0])):
			addr = addr[1:]
		case addr[0] == 'I' || addr[0] == ' ':
			addr = addr[1:]
		default:
			return false
		}
	}
	return true
}

// filtersOwnCrontab reports "crontab -l | grep -v X | crontab -": the
// user's crontab written back with lines taken out, nothing added. The
// stages between must be grep -v or sed scripts that delete lines.
func (c *checker) filtersOwnCrontab() bool {
	if c.line == nil || c.at >= len(c.line.Commands) || c.at == 0 {
		return false
	}
	cmds := c.line.Commands
	pipe := cmds[c.at].Pipeline
	first := -1
	for k := c.at - 1; k >= 0 && cmds[k].Pipeline == pipe; k-- {
		first = k
	}
	if first < 0 || path.Base(cmds[first].Name) != "crontab" || !hasLit(cmds[first].Args, "-l") {
		return false
	}
	for k := first + 1; k < c.at; k++ {
		n := &cmds[k]
		switch path.Base(n.Name) {
		case "grep", "egrep":
			if !shortFlag(n.Args, 'v', "--invert-match") {
				return false
			}
		case "sed":
			ops := operands(n.Args)
			if len(ops) == 0 || !deletesLines(ops[0].Lit) {
				return false
			}
		default:
			return false
		}
	}
	return true
}
