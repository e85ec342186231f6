package secrets

import (
	"encoding/json"
	"testing"
)

// MaskJSON masks inside string values only, so the text stays the same
// JSON — keys in their order, numbers and other strings as written —
// where masking the raw text would cut an escaped quote in half.
func TestMaskJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"command":"curl -H \"Authorization: Bearer ghp_R4nd0mT0k3nV4lu3ABCDEFGHIJKLMNOPQRST\" https://x","timeout":60000}`,
			`{"command":"curl -H \"Authorization: Bearer [masked]\" https://x","timeout":60000}`},
		{`{"z":1, "a":"ls <x> & y"}`, `{"z":1, "a":"ls <x> & y"}`},
		{`{"cmd":["bash","-lc","PGPASSWORD=hunter2 psql"],"workdir":"/w"}`, `{"cmd":["bash","-lc","PGPASSWORD=[masked] psql"],"workdir":"/w"}`},
		{`not json PGPASSWORD=hunter2`, `not json PGPASSWORD=[masked]`},
	} {
		got := MaskJSON(c.in)
		if got != c.want {
			t.Errorf("MaskJSON(%s)\n got  %s\n want %s", c.in, got, c.want)
		}
		if json.Valid([]byte(c.in)) && !json.Valid([]byte(got)) {
			t.Errorf("MaskJSON(%s) is not JSON: %s", c.in, got)
		}
	}
}

// MaskJSON takes a call's arguments as a transcript recorded them: any
// text. It never panics, and JSON stays JSON.
func FuzzMaskJSON(f *testing.F) {
	for _, s := range []string{
		`{"command":"curl -H \"Authorization: Bearer ghp_R4nd0mT0k3nV4lu3ABCDEFGHIJKLMNOPQRST\" https://x"}`,
		`{"a":"\\\"","b":["PGPASSWORD=hunter2 psql",1.5e3,null,true]}`,
		`"\u0041"`, `[]`, `{`, `"unterminated`, "{\"a\":\"\xff\"}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := MaskJSON(s)
		if json.Valid([]byte(s)) && !json.Valid([]byte(got)) {
			t.Fatalf("MaskJSON(%q) = %q, not JSON", s, got)
		}
	})
}
