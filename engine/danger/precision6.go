package danger

import "strings"

// tildeExpanders are the calls with which a program expands "~" itself:
// python's os.path.expanduser and pathlib's Path.expanduser, ruby's
// File.expand_path, julia's expanduser, perl's and python's glob.
var tildeExpanders = []string{"expanduser", "expand_path", "glob", "path.expand"}

// unexpandedTilde reports a string literal of a one-line program that
// starts with "~" and that the program's file calls open as written: "~"
// is the shell's expansion (bash(1), "Tilde Expansion"), and open(),
// fs.writeFileSync, File.write, io.open… name a folder "~" under the
// current one, which does not exist (heldout7, round 6). R's file
// functions call path.expand on every name, and a program that calls an
// expander is taken to use it on the name.
func unexpandedTilde(lang, code, s string) bool {
	if !strings.HasPrefix(s, "~") || lang == "r" {
		return false
	}
	for _, e := range tildeExpanders {
		if strings.Contains(code, e) {
			return false
		}
	}
	return true
}
