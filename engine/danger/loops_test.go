package danger

import (
	"testing"
)

// Tests of loops.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

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

// TestReadLoopsFedByListers: "FEED | while read f; do BODY; done" runs
// BODY once per line of FEED with f set to it (bash(1), read); when FEED
// lists a tree (find, fd, rg --files, git ls-files) the body is judged as
// given those files (as "rm $(find …)" and "find … | xargs rm" are), and
// when it is ls, as given the folder's entries ("*"). Everyday: the same
// over generated output or regenerated files, bodies that remove nothing,
// feeds whose lines the line does not show (a file's content).
func TestReadLoopsFedByListers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`find . -name '*.html' | while read f; do rm "$f"; done`, DestructiveDelete},
		{`ls ~ | while read f; do rm -rf ~/"$f"; done`, DestructiveDelete},
		{`git ls-files | while IFS= read -r f; do rm -f "$f"; done`, DestructiveDelete},
		{`find . -name .DS_Store | while read f; do rm "$f"; done`, ""},
		{`find build -name '*.o' | while read f; do rm "$f"; done`, ""},
		{`find . -name '*.go' | while read f; do gofmt -l "$f"; done`, ""},
		{`ls | while read f; do echo "$f"; done`, ""},
		{`cat files.txt | while read f; do rm -f "$f"; done`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGuardedLoopBodies: a loop body whose removal runs only on a test's
// outcome is not read as run for every word (dev6's p0204: "ls "$d"/* ||
// rm -r "$d"" removes empty folders only).
func TestGuardedLoopBodies(t *testing.T) {
	for _, cmd := range []string{
		`find /some/parrent/dir -type d | while read d ; do ls "$d"/* &>/dev/null || rm -r "$d"; done`,
		`for f in *; do [ -f "$f.keep" ] || rm -rf "$f"; done`,
		`for f in *; do if [ -d "$f/.git" ]; then rm -rf "$f"; fi; done`,
	} {
		checkRow(t, cmd, "")
	}
}
