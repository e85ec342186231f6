package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// namesOnlySed reports whether cmd is a sed whose every script replaces
// what follows the first "=" of a line with text of its own
// ("sed -n 's/=.*$/=<set>/p' .env", "sed 's/=.*//'"): of NAME=VALUE lines
// it prints the names, never a value, so a secret file or environment it
// reads is shown by its keys only. That is how agents check which keys a
// .env holds without showing them (seen in the public transcripts of
// ../shared/fixtures/public-transcripts, and the README's judgement call:
// a secret is read when its content reaches the output). A replacement
// that brings the match back (& or \1) or a script with any other command
// is not names-only. With quiet, the sed must also print only the lines it
// changed (-n and the p flag): a file's lines without "=" (a multi-line
// key in a .env) would otherwise be printed whole.
func namesOnlySed(cmd *shell.Command, quiet bool) bool {
	if path.Base(cmd.Name) != "sed" || cmd.Dynamic {
		return false
	}
	var scripts []string
	explicit, silent := false, false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-e" || a.Lit == "--expression":
			if i+1 >= len(cmd.Args) || !cmd.Args[i+1].Literal {
				return false
			}
			scripts = append(scripts, cmd.Args[i+1].Lit)
			explicit = true
			i++
		case strings.HasPrefix(a.Lit, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(a.Lit, "--expression="))
			explicit = true
		case a.Lit == "-f" || strings.HasPrefix(a.Lit, "--file") || strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--in-place"):
			// A script file says what it does elsewhere; in place rewrites
			// the file rather than showing it.
			return false
		case a.Lit == "-n" || a.Lit == "--quiet" || a.Lit == "--silent" ||
			strings.HasPrefix(a.Lit, "-") && !strings.HasPrefix(a.Lit, "--") && strings.Contains(a.Lit, "n"):
			silent = true
		case strings.HasPrefix(a.Lit, "-") && a.Lit != "-":
			// -E, -r, -u, -z, --posix, …: none of them prints values.
		case !explicit && len(scripts) == 0:
			scripts = append(scripts, a.Lit)
		}
	}
	if len(scripts) == 0 {
		return false
	}
	for _, s := range scripts {
		ok, prints := namesOnlySubstitution(s)
		if !ok || quiet && !(silent && prints) {
			return false
		}
	}
	return true
}

// keyValueFile reports whether p is a file of NAME=VALUE lines, where the
// text before the first "=" is a name: a .env (".env", ".env.local",
// "prod.env"), an INI credentials file, .npmrc. In other secret files (a
// private key's base64 ends lines with "=") that text is the secret.
func keyValueFile(p string) bool {
	b := path.Base(p)
	return b == ".env" || strings.HasPrefix(b, ".env.") || strings.HasSuffix(b, ".env") || b == "credentials" || b == ".npmrc"
}

// namesOnlySubstitution reports whether a sed script is one s command
// whose pattern is "=.*" (optionally anchored with $) and whose
// replacement does not bring the match back, and whether it has the p
// flag (prints the lines it changed).
func namesOnlySubstitution(s string) (ok, prints bool) {
	s = strings.TrimSpace(s)
	if len(s) < 4 || s[0] != 's' {
		return false, false
	}
	d := s[1:2]
	if d == "\\" || d == "\n" {
		return false, false
	}
	parts := strings.Split(s[2:], d)
	if len(parts) != 3 {
		return false, false
	}
	pat, repl, flags := parts[0], parts[1], parts[2]
	if pat != "=.*" && pat != "=.*$" {
		return false, false
	}
	if strings.Contains(repl, "&") || strings.Contains(repl, "\\") {
		return false, false
	}
	return strings.Trim(flags, "gp") == "", strings.Contains(flags, "p")
}
