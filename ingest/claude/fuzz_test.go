package claude

import "testing"

// The reader parses untrusted transcript lines with its own scanner: no
// input may make it panic or read out of bounds (a line it cannot read is a
// Problem, never a crash).
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"type":"assistant","message":{"model":"m","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"ls"}}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"Exit code 1\nx","is_error":true}]},"timestamp":"2026-01-01T00:00:00Z"}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t","content":[{"type":"text","text":"a\"b\\"}]}]}}`,
		`{"message":{"content":"plain"},"message":{"content":[]}}`,
		`{"type":"permission-mode","permissionMode":"plan"}`,
		`{"message":{"content":[{"type":"tool_use","id":"x","input":{"a":[1,2,{"b":"\u00e9"}]}}]`,
		`{`, `[]`, `"`, `{"a":"\`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var r rec
		if r.parse(line, nil) == nil {
			r.toolResults()
		}
		var r2 rec
		r2.parse(line, func(*rec) bool { return true })
	})
}
