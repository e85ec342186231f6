package pathrule

import (
	"slices"
	"strings"
	"testing"
)

// TestLiteralSegment: the segment a pattern names without globs, and the
// promise callers index by — every path the pattern matches holds it.
func TestLiteralSegment(t *testing.T) {
	b := Base{Project: "/p", Home: "/home/u", SettingsRoot: "/p/.claude"}
	for _, c := range []struct {
		pattern, want string
		ok            bool
		matches       []string // paths the pattern matches
	}{
		{"./secrets/**", "secrets", true, []string{"/p/secrets/a", "/p/secrets/x/y"}},
		{"./src/**/*.pem", "src", true, []string{"/p/src/a/k.pem"}},
		{"~/.ssh/id_rsa", "id_rsa", true, []string{"/home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa/x"}},
		{".env", ".env", true, []string{"/p/.env", "/p/a/b/.env"}},
		{"//etc/**", "etc", true, []string{"/etc/passwd"}},
		{"../up/x", "x", true, []string{"/up/x"}},
		{"*.pem", "", false, []string{"/p/k.pem"}},
		{"**/*", "", false, []string{"/p/a"}},
		{"./a[bc]/k?", "", false, []string{"/p/ab/k1"}},
	} {
		p, err := Parse(c.pattern)
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		got, ok := p.LiteralSegment()
		if got != c.want || ok != c.ok {
			t.Errorf("%s: LiteralSegment() = %q, %v; want %q, %v", c.pattern, got, ok, c.want, c.ok)
		}
		for _, f := range c.matches {
			if !p.Match(f, b, true) {
				t.Errorf("%s does not match %s: fix the table", c.pattern, f)
			}
			if ok && !slices.Contains(strings.Split(f, "/"), got) {
				t.Errorf("%s matches %s, which does not hold its segment %q", c.pattern, f, got)
			}
		}
	}
}
