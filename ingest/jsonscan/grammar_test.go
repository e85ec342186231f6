package jsonscan

import (
	"encoding/json"
	"strings"
	"testing"
)

// blank empties every string of b, stepping over escapes without judging
// them: what is left is the grammar SkipGrammar checks.
func blank(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		out = append(out, b[i])
		if b[i] != '"' {
			continue
		}
		for i++; i < len(b) && b[i] != '"'; i++ {
			if b[i] == '\\' {
				i++
			}
		}
		if i < len(b) {
			out = append(out, '"')
		}
	}
	return out
}

// checkGrammar: SkipGrammar takes the whole of every value encoding/json
// accepts, and of nothing whose grammar outside strings encoding/json
// rejects.
func checkGrammar(t *testing.T, b []byte) {
	t.Helper()
	if len(b) > 0 && strings.ContainsRune(" \t\r\n", rune(b[0])) {
		return // SkipGrammar starts at the value
	}
	e := SkipGrammar(b, 0)
	whole := e >= 0 && SkipWS(b, e) == len(b)
	deep := strings.Count(string(b), "[")+strings.Count(string(b), "{") > MaxGrammarDepth
	if json.Valid(b) && !whole && !deep {
		t.Errorf("%q: valid JSON, SkipGrammar stops at %d", b, SkipGrammar(b, 0))
	}
	if whole && !json.Valid(blank(b)) {
		t.Errorf("%q: SkipGrammar takes it whole, but with its strings emptied it is not JSON", b)
	}
}

var grammarCases = []string{
	`{}`, `[]`, `""`, `"a\"b"`, `0`, `-0`, `-1.5e+10`, `1E5`, `true`, `false`, `null`,
	`{"a":[1,{"b":null},"c"],"d":{"e":[]}}`, ` {"a" : 1 } `, "{\"a\":\t1\n}",
	`01`, `-`, `1.`, `.5`, `1e`, `1e+`, `+1`, `tru`, `nul`, `[1,]`, `{"a":1,}`, `{"a"}`, `{"a":}`, `{a:1}`,
	`[1 2]`, `{"a":1 "b":2}`, `"abc`, `[`, `{"a":[}`, `}`, `]`, `"\q"`, "\"a\tb\"", `[1]x`, `{"a":"b"}}`,
	strings.Repeat("[", 600) + strings.Repeat("]", 600),
}

func TestSkipGrammar(t *testing.T) {
	for _, c := range grammarCases {
		checkGrammar(t, []byte(c))
	}
	// The accepted ones, checked by hand: a string's contents are not judged.
	for _, c := range []string{`"\q"`, "\"a\tb\""} {
		if SkipGrammar([]byte(c), 0) != len(c) {
			t.Errorf("%q: a fault inside a string is not SkipGrammar's to judge", c)
		}
	}
	for _, c := range []string{`01`, `1.`, `[1,]`, `{"a":1,}`, `tru`, strings.Repeat("[", 600) + strings.Repeat("]", 600)} {
		if SkipGrammar([]byte(c), 0) == len(c) {
			t.Errorf("%q taken whole", c)
		}
	}
}

// FuzzSkipGrammar: no input makes SkipGrammar panic, and it agrees with
// encoding/json on the grammar outside strings.
func FuzzSkipGrammar(f *testing.F) {
	for _, c := range grammarCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkGrammar(t, b) })
}
