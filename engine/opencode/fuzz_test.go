package opencode

import "testing"

// FuzzParseJSONC: the config parser never panics or hangs, and what it
// accepts merges with itself without losing keys.
func FuzzParseJSONC(f *testing.F) {
	for _, s := range []string{
		`{"permission": {"bash": {"*": "ask", "git *": "allow"}}}`,
		"{\n // c\n \"a\": [1, {\"b\": 2},],\n}",
		`{"1": "x", "a": "y", "0": "z"}`,
		`[[[[[[[[[[]]]]]]]]]]`, `"x"`, `{"a":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := parseJSONC(data)
		if err != nil || !v.isOb {
			return
		}
		m := mergeDeep(v, v)
		if len(m.obj) != len(v.obj) {
			t.Fatalf("merging with itself changed the key count: %d → %d", len(v.obj), len(m.obj))
		}
		_ = jsKeyOrder(v.obj)
	})
}
