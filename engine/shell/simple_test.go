package shell

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// parserTree is what the bash parser (mvdan.cc/sh, bash variant, no
// options) makes of line: the expected value of simpleFile.
func parserTree(line string) (*syntax.File, error) {
	return syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
}

// checkSimple fails when simpleFile builds a tree for line that is not the
// parser's.
func checkSimple(t *testing.T, line string) bool {
	t.Helper()
	got := simpleFile(line)
	if got == nil {
		return false
	}
	want, err := parserTree(line)
	if err != nil {
		t.Errorf("simpleFile(%q) built a tree; the parser rejects the line: %v", line, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("simpleFile(%q) is not the parser's tree:\n got %#v\nwant %#v", line, got.Stmts[0].Cmd, want.Stmts[0].Cmd)
	}
	return true
}

// The built tree must be the parser's, node for node and position for
// position; lines that are not plain words must be left to the parser.
func TestSimpleFileIsTheParsersTree(t *testing.T) {
	built := []string{
		"npm test", "npm test 12345", "git status --short", "go test ./...", "ls -la",
		"git push --force origin main", "make lint", "docker compose up -d", "cat package.json",
		"  ls   -la  ", "git log --format=%H", "env A=b make", "cp a.go b.go", "kubectl get pods -n kube-system",
		":", ".", "rm -rf build", "echo a=b c==d", "echo =x", "x", "git commit -m fix,done",
	}
	for _, line := range built {
		if !checkSimple(t, line) {
			t.Errorf("simpleFile(%q) = nil: a line of plain words", line)
		}
	}
	left := []string{
		"", "   ", "A=b make", "export A=b", "let a=1", "declare x", "local y", "time ls",
		"if true", "for x", "echo $HOME", "echo 'a b'", "echo \"a\"", "ls | wc -l", "a && b",
		"a; b", "ls > out", "ls *.go", "echo ~", "cd ~/x", "echo a\\ b", "(ls)", "{ ls; }",
		"ls # comment", "echo !x", "a\tb", "ls\nrm", "[[ -f x ]]", "echo é",
		"coproc x", "function f", "readonly r", "typeset t", "nameref n", "select s", "while x",
	}
	for _, line := range left {
		if simpleFile(line) != nil {
			t.Errorf("simpleFile(%q) built a tree; the line is not plain words", line)
		}
	}
	// Random lines over the plain characters, the ones next to them, and
	// the words with a meaning of their own.
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "Z", "0", "_", ".", "/", ":", "@", "%", "+", ",", "-", "=", " ", " ", " ",
		"if", "do", "in", "time", "let", "export", "ls", "git", "--x=y", "$", "'", "~", "#", "!", "*", "{", "}", "\t"}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		checkSimple(t, b.String())
	}
}

// FuzzSimpleFile checks the same promise on any input: a tree simpleFile
// builds is the parser's.
func FuzzSimpleFile(f *testing.F) {
	for _, s := range []string{"npm test 1", "git log --format=%H", " a  b ", "A=b c", "export x", "ls > y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		checkSimple(t, line)
	})
}
