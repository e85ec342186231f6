package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Where "~" is the home and where it is only a character: quoted tildes, and
// the programs that expand it themselves in their own file functions.

// tildeExpanders are the names by which a program expands "~" itself:
// Python's os.path.expanduser and Path.expanduser(), Ruby's
// File.expand_path, glob (Perl's and PHP's expand it, as bsd_glob's
// GLOB_TILDE does), and the home-folder helpers a replace uses (Node's
// os.homedir(), the untildify and expand-tilde packages).
var tildeExpanders = []string{"expanduser", "expand_path", "glob", "tilde", "homedir", "gethome"}

// tildeUnexpanded reports a program of lang whose file functions take a
// leading "~" literally (a folder named "~" in the working folder): the
// file APIs of Python, JavaScript (Node, Deno, Bun), Ruby, Perl, PHP and
// Lua never expand it, only a shell does; unless the program calls one of
// tildeExpanders.
func tildeUnexpanded(lang, code string) bool {
	switch lang {
	case "python", "js", "ruby", "perl", "php", "lua":
	default:
		return false
	}
	low := strings.ToLower(code)
	return !slices.ContainsFunc(tildeExpanders, func(e string) bool { return strings.Contains(low, e) })
}

// tildeQuoted reports a word that starts with a quoted tilde ("~/x",
// '~/x', \~/x): bash expands only an unquoted one (bash(1), Tilde
// Expansion), so the word names a folder "~" under the working folder.
func tildeQuoted(raw string) bool {
	return strings.HasPrefix(raw, `"~`) || strings.HasPrefix(raw, `'~`) || strings.HasPrefix(raw, `\~`)
}

// pathTildeQuoted reports whether the file path p (as Files gives it,
// quotes removed) was written with a quoted tilde in cmd: an argument or
// a redirect target whose value is p.
func pathTildeQuoted(cmd *shell.Command, p string) bool {
	if !strings.HasPrefix(p, "~") {
		return false
	}
	for _, a := range cmd.Args {
		if a.Literal && a.Lit == p && tildeQuoted(a.Raw) {
			return true
		}
	}
	for _, r := range cmd.Redirects {
		if r.Target.Literal && r.Target.Lit == p && tildeQuoted(r.Target.Raw) {
			return true
		}
	}
	return false
}

// unexpandedTilde reports a string literal of a one-line program that
// starts with "~" and that the program's file calls open as written: "~"
// is the shell's expansion (bash(1), "Tilde Expansion"), and open(),
// fs.writeFileSync, File.write, io.open… name a folder "~" under the
// current one, which does not exist (heldout7, round 6); tildeUnexpanded
// says which programs (their language, no expander called).
func unexpandedTilde(lang, code, s string) bool {
	return strings.HasPrefix(s, "~") && tildeUnexpanded(lang, code)
}
