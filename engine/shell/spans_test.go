package shell

import (
	"reflect"
	"testing"
)

// SplitSpans keeps each command's source text as written: the text a
// raw-text rule (Gemini CLI's commandPrefix) is tested against.
func TestSplitSpans(t *testing.T) {
	cases := []struct {
		line      string
		texts     []string
		nested    []bool
		redirects bool
		bad       bool
	}{
		{line: "go test ./...", texts: []string{"go test ./..."}, nested: []bool{false}},
		{line: "make lint && make deploy", texts: []string{"make lint", "make deploy"}, nested: []bool{false, false}},
		{line: "make test; make lint || true", texts: []string{"make test", "make lint", "true"}, nested: []bool{false, false, false}},
		// Pipes are split too: each side is its own command node.
		{line: "cat go.mod | head -1", texts: []string{"cat go.mod", "head -1"}, nested: []bool{false, false}},
		// Trailing redirections are not part of the command's text.
		{line: "make lint > lint.txt", texts: []string{"make lint"}, nested: []bool{false}, redirects: true},
		{line: "make test 2>&1 | tee /tmp/m.log", texts: []string{"make test", "tee /tmp/m.log"}, nested: []bool{false, false}, redirects: true},
		{line: "cat < go.mod", texts: []string{"cat"}, nested: []bool{false}, redirects: true},
		// Assignments and wrappers stay in the text; spacing is kept.
		{line: "GOFLAGS=-x  go test ./...", texts: []string{"GOFLAGS=-x  go test ./..."}, nested: []bool{false}},
		{line: "timeout 5 make test", texts: []string{"timeout 5 make test"}, nested: []bool{false}},
		// Substitutions and subshells: the outer command, then the nested ones.
		{line: "echo $(git rev-parse HEAD)", texts: []string{"echo $(git rev-parse HEAD)", "git rev-parse HEAD"}, nested: []bool{false, true}},
		{line: "(cd internal && ls)", texts: []string{"cd internal", "ls"}, nested: []bool{true, true}},
		{line: "export A=1 && [[ -f x ]]", texts: []string{"export A=1", "[[ -f x ]]"}, nested: []bool{false, false}},
		{line: "cat <<EOF\nhi\nEOF", texts: []string{"cat"}, nested: []bool{false}, redirects: true},
		// An assignment alone runs no command.
		{line: "FOO=1", texts: nil, nested: nil},
		{line: "make lint &&", bad: true},
		{line: "echo 'unclosed", bad: true},
	}
	for _, c := range cases {
		got := SplitSpans(c.line)
		if got.Unparseable != c.bad {
			t.Errorf("%q: unparseable %v, want %v (%s)", c.line, got.Unparseable, c.bad, got.Err)
			continue
		}
		var texts []string
		var nested []bool
		for _, s := range got.Spans {
			texts = append(texts, s.Text)
			nested = append(nested, s.Nested)
			if c.line[s.Start:s.Start+len(s.Text)] != s.Text {
				t.Errorf("%q: span %q does not sit at offset %d", c.line, s.Text, s.Start)
			}
		}
		if !reflect.DeepEqual(texts, c.texts) || !reflect.DeepEqual(nested, c.nested) {
			t.Errorf("%q: spans %q nested %v, want %q %v", c.line, texts, nested, c.texts, c.nested)
		}
		if got.Redirects != c.redirects {
			t.Errorf("%q: redirects %v, want %v", c.line, got.Redirects, c.redirects)
		}
	}
}

func TestSplitSpansTokens(t *testing.T) {
	got := SplitSpans(`FOO=1 rm -rf "my dir" $HOME`).Spans
	want := []string{"FOO=1", "rm", "-rf", "my dir", "$HOME"}
	if len(got) != 1 || !reflect.DeepEqual(got[0].Tokens, want) || got[0].Name != "rm" {
		t.Fatalf("tokens %+v, want %q named rm", got, want)
	}
}
