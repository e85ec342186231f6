package jsonl

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	gojson "github.com/goccy/go-json"
)

// TestPlainPathTrickyLines reads lines that the fast member walk must
// either read as the map decode does or hand back to it: an escaped key, a
// key given twice, keys in an unusual order and spacing, escaped and
// non-ASCII values, a key's text inside a value, and malformed lines. The
// expectations are docs/import-format.md's: keys are the calls table's
// column names, a line that is not a JSON object is reported and skipped.
func TestPlainPathTrickyLines(t *testing.T) {
	cases := []struct {
		name, line      string
		harness, cmd    string // "" harness: the line is a problem
		session, callID string
	}{
		{"escaped key", `{"harn\u0065ss":"codey","command":"ls"}`, "codey", "ls", "", ""},
		{"key twice: the last wins, as in any JSON object decoded to a map", `{"harness":"first","command":"ls","harness":"codey"}`, "codey", "ls", "", ""},
		{"unusual order and spacing", "{ \"command\" :\t\"ls -la\" , \"call_id\":\"c1\",\"session_id\" : \"s1\" , \"harness\":\"codey\" }", "codey", "ls -la", "s1", "c1"},
		{"escaped value", `{"harness":"codey","command":"echo \"hi\"\tthere \u00e9"}`, "codey", "echo \"hi\"\tthere é", "", ""},
		{"non-ASCII value", `{"harness":"codey","command":"echo é → ✓"}`, "codey", "echo é → ✓", "", ""},
		{"a key's text inside a value", `{"command":"echo \"harness\":\"x\"","harness":"codey","input_json":{"harness":"no","command":"no"}}`, "codey", `echo "harness":"x"`, "", ""},
		{"trailing comma", `{"harness":"codey","command":"ls",}`, "", "", "", ""},
		{"two objects on a line", `{"harness":"codey"}{"harness":"x"}`, "", "", "", ""},
		{"garbage after the object", `{"harness":"codey"} x`, "", "", "", ""},
		{"cut short", `{"harness":"codey","command":"ls`, "", "", "", ""},
		{"an array", `[{"harness":"codey"}]`, "", "", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "calls.jsonl")
			writeFile(t, p, c.line+"\n")
			sink, _ := read(t, p, nil)
			if c.harness == "" {
				if len(sink.Rows) != 0 || len(sink.Problems) != 1 || !strings.Contains(sink.Problems[0].Msg, "not a JSON object") {
					t.Fatalf("rows %d problems %v, want the line reported as not a JSON object", len(sink.Rows), sink.Problems)
				}
				return
			}
			if len(sink.Rows) != 1 {
				t.Fatalf("rows %d problems %v, want 1 row", len(sink.Rows), sink.Problems)
			}
			r := sink.Rows[0]
			if r.Harness != c.harness || r.Command != c.cmd || r.SessionID != c.session || r.CallID != c.callID {
				t.Errorf("harness %q command %q session %q call %q, want %q %q %q %q", r.Harness, r.Command, r.SessionID, r.CallID, c.harness, c.cmd, c.session, c.callID)
			}
		})
	}
}

// FuzzMembers: whenever the member walk takes a line, it finds the keys and
// values go-json's decoding into a map finds, in sorted order.
func FuzzMembers(f *testing.F) {
	for _, s := range []string{`{"harness":"codey","command":"ls"}`, `{"b":1,"a":[1,{"x":"}"}],"c":null}`, `{"a":"\"}"}`, `{}`, ` {"a" : 2 } `, `{"a":1,"a":2}`, `{"a\u0062":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var o order
		ms, ok := members(line, nil, &o)
		if !ok {
			return
		}
		var obj map[string]gojson.RawMessage
		if err := gojson.Unmarshal(line, &obj); err != nil {
			t.Fatalf("members took %q, go-json refuses it: %v", line, err)
		}
		if len(ms) != len(obj) {
			t.Fatalf("%q: %d members, go-json %d", line, len(ms), len(obj))
		}
		for i, m := range ms {
			if i > 0 && ms[i-1].key >= m.key {
				t.Fatalf("%q: members not sorted: %q then %q", line, ms[i-1].key, m.key)
			}
			if raw, ok := obj[m.key]; !ok || !bytes.Equal(bytes.TrimSpace(raw), m.raw) {
				t.Fatalf("%q: member %q = %s, go-json %s", line, m.key, m.raw, raw)
			}
		}
	})
}
