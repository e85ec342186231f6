package danger

import (
	"slices"
	"strings"
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
