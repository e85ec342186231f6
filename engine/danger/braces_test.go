package danger

import (
	"strings"
	"testing"
)

// Tests of braces.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestBraceListsExpanded: bash expands an unquoted brace list into one
// word per element before the program runs (bash(1), "Brace Expansion":
// "a{d,c,b}e expands into ade ace abe"; an empty element and several
// lists in a word included; "{}" and "{a}" stay as written), so the
// rules judge the words bash makes: "rm -rf {src,lib}" removes two
// project folders as "rm -rf src lib" does. Labels as the expanded
// lines' (README's rm and secret-file calls).
func TestBraceListsExpanded(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf {src,lib}`, DestructiveDelete},
		{`rm -rf ~/{Documents,Desktop}`, DestructiveDelete},
		{`rm -rf /{etc,usr}`, DestructiveDelete},
		{`rm -rf {.git,node_modules}`, DestructiveDelete},
		{`chmod 777 /etc/{passwd,shadow}`, PrivilegeEscalation},
		{`rm -rf ~/.{ssh,aws}`, DestructiveDelete},
		{`cp ~/.ssh/id_rsa{,.bak} /tmp/`, SecretRead},
		{`rm -rf {build,dist}`, ""},
		{`rm -rf /tmp/{a,b}`, ""},
		{`mkdir -p src/{api,web}`, ""},
		{`find . -name x -exec echo {} \;`, ""},
		{`echo '{a,b}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// FuzzBraceWords: braceWords reads a word of any command line; it must
// not panic, and what it makes stays within maxBraceWords words.
func FuzzBraceWords(f *testing.F) {
	for _, s := range []string{"{src,lib}", "x{,.bak}", "/{etc,usr}/{a,b}", "{}", "{a}", "{a,{b,c}}", "{1..3}", "a,b", "{,}", "{a,b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		out, ok := braceWords(raw)
		if !ok {
			return
		}
		if n := len(strings.Fields(out)); n > maxBraceWords {
			t.Fatalf("braceWords(%q) made %d words", raw, n)
		}
	})
}
