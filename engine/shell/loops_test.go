package shell

import (
	"slices"
	"testing"
)

// TestForLoops: the loops with a word list, their variable, items as
// written and body; loops over the arguments and C-style loops are left
// out (bash(1), "for name [ [ in [ word ... ] ] ; ] do list ; done").
func TestForLoops(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   []ForLoop
	}{
		{`for f in *; do rm -rf "$f"; done`, []ForLoop{{Var: "f", Items: []string{"*"}, Body: `rm -rf "$f"`}}},
		{"for d in */ .cache; do\n  rm -r \"$d\"\n  echo $d\ndone", []ForLoop{{Var: "d", Items: []string{"*/", ".cache"}, Body: "rm -r \"$d\"\n  echo $d"}}},
		{`for f in $(find . -name '*.bak'); do rm "$f"; done`, []ForLoop{{Var: "f", Items: []string{`$(find . -name '*.bak')`}, Body: `rm "$f"`}}},
		{`for x; do rm -rf "$x"; done`, nil},
		{`for x in "$@"; do :; done`, []ForLoop{{Var: "x", Items: []string{`"$@"`}, Body: ":"}}},
		{`for ((i=0;i<3;i++)); do echo $i; done`, nil},
		{`for f in`, nil},
	} {
		got := ForLoops(tt.script)
		if !slices.EqualFunc(got, tt.want, func(a, b ForLoop) bool {
			return a.Var == b.Var && a.Body == b.Body && slices.Equal(a.Items, b.Items)
		}) {
			t.Errorf("ForLoops(%q) = %+v, want %+v", tt.script, got, tt.want)
		}
	}
}

// TestReadLoops: a pipeline feeding "while read VAR" (also -r, IFS=):
// the variable, the feeding pipeline's text and the body; other loop
// conditions are left out (bash(1), read).
func TestReadLoops(t *testing.T) {
	for _, tt := range []struct {
		script string
		want   []ReadLoop
	}{
		{`find . -name '*.bak' | while read f; do rm "$f"; done`, []ReadLoop{{Var: "f", Feed: `find . -name '*.bak'`, Body: `rm "$f"`}}},
		{`ls ~ | while IFS= read -r f; do rm -rf ~/"$f"; done`, []ReadLoop{{Var: "f", Feed: `ls ~`, Body: `rm -rf ~/"$f"`}}},
		{`cat list | grep x | while read -r l; do echo "$l"; done`, []ReadLoop{{Var: "l", Feed: `cat list | grep x`, Body: `echo "$l"`}}},
		{`while read f; do rm "$f"; done < files.txt`, nil},
		{`ls | while read -d '' f; do rm "$f"; done`, nil},
		{`ls | while read a b; do rm "$a"; done`, nil},
		{`ls | while true; do :; done`, nil},
	} {
		got := ReadLoops(tt.script)
		if !slices.Equal(got, tt.want) {
			t.Errorf("ReadLoops(%q) = %+v, want %+v", tt.script, got, tt.want)
		}
	}
}
