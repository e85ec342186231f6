package shell

import (
	"path"
	"strings"
)

// shells are the programs whose -c script Inner reads.
var shells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true}

// Inner returns the parsed script that the command hands to a shell:
// "bash|sh|zsh|dash|ksh [options] -c SCRIPT" (the -c may share a word with
// other letters: -lc, -ic, -ec), a shell with no script operand reading a
// here-document or here-string (Stdin), and "eval WORDS". The script must be
// literal text (single quotes, or double quotes with no expansion); nil
// otherwise, and nil for every other command. The inner commands carry the
// outer command's Cwd when they do not set their own.
func (c *Command) Inner() *Script {
	if c.Dynamic || c.Name == "" {
		return nil
	}
	var text string
	switch base := path.Base(c.Name); {
	case base == "eval":
		if len(c.Args) == 0 {
			return nil
		}
		parts := make([]string, 0, len(c.Args))
		for _, a := range c.Args {
			if !a.Literal {
				return nil
			}
			parts = append(parts, a.Lit)
		}
		text = strings.Join(parts, " ")
	case shells[base]:
		script, ok := shellScript(c.Args)
		switch {
		case ok:
			text = script
		case script == "stdin" && c.Stdin != "":
			text = c.Stdin
		default:
			return nil
		}
	default:
		return nil
	}
	s := parseLine(text) // its own: the commands' folders are set below
	if c.Cwd != "" {
		for i := range s.Commands {
			s.Commands[i].Cwd = joinDir(c.Cwd, orDot(s.Commands[i].Cwd))
		}
	}
	return s
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// shellScript finds the -c script among a shell's arguments. When there
// is neither -c nor a script file, the shell reads its script from standard
// input, and shellScript returns "stdin", false.
func shellScript(args []Word) (string, bool) {
	seenC := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return "", false
		}
		switch {
		case a.Lit == "-o" || a.Lit == "+o" || a.Lit == "-O" || a.Lit == "+O":
			i++ // option name
		case strings.HasPrefix(a.Lit, "--"):
			// --login, --norc, --noprofile, --posix, --rcfile FILE
			if a.Lit == "--rcfile" || a.Lit == "--init-file" {
				i++
			}
		case len(a.Lit) > 1 && (a.Lit[0] == '-' || a.Lit[0] == '+'):
			if strings.ContainsRune(a.Lit[1:], 'c') && a.Lit[0] == '-' {
				seenC = true
			}
		default:
			if !seenC {
				return "", false // "bash script.sh": a file, not a script
			}
			return a.Lit, true
		}
	}
	if !seenC {
		return "stdin", false
	}
	return "", false
}
