package danger

import "testing"

// TestLoopBodiesOverTheirWords: a for loop's body runs once per word of
// its list with the variable set to it (bash(1), "for name in word …"),
// so "for f in *; do rm -rf "$f"; done" removes what "rm -rf *" removes,
// and is judged so: the variable's whole-word uses ("$f", $f, "${f}")
// read as the list. Everyday: loops whose list is generated output, a
// temporary folder or some files of a folder (*.log, as "rm *.log"), and
// bodies that remove nothing.
func TestLoopBodiesOverTheirWords(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`for f in *; do rm -rf "$f"; done`, DestructiveDelete},
		{`for d in */; do rm -rf "$d"; done`, DestructiveDelete},
		{`for f in ~/projects/*; do rm -rf $f; done`, DestructiveDelete},
		{`for f in $(find . -name '*.bak'); do rm "$f"; done`, DestructiveDelete},
		{"for d in src docs; do\n  rm -r \"${d}\"\ndone", DestructiveDelete},
		{`for f in *.log; do rm "$f"; done`, ""},
		{`for d in build dist node_modules; do rm -rf "$d"; done`, ""},
		{`for f in /tmp/work/*; do rm -rf "$f"; done`, ""},
		{`for f in *; do echo "$f"; done`, ""},
		{`for f in *.txt; do wc -l "$f"; done`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
