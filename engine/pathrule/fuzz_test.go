package pathrule

import (
	"testing"
	"time"
)

// FuzzMatch: no pattern or path makes Parse or Match panic or take long
// (a rule is outside input: issue 14, "Fuzzing"), and the two ways of
// matching agree: the dynamic programming used for patterns with several
// "**" gives what the plain recursion gives, where the recursion is cheap
// enough to run.
func FuzzMatch(f *testing.F) {
	for _, s := range []struct {
		pattern, file string
	}{
		{"**/.env", "/p/a/.env"},
		{"//etc/**", "/etc/passwd"},
		{"~/.ssh/*", "/home/u/.ssh/id_rsa"},
		{"/secrets/**", "/p/secrets/a/b"},
		{"./src/**/*.go", "/p/src/a/b.go"},
		{"!**/[!a]*", "/p/b"},
		{"a/**/b/**/c", "/p/a/x/b/y/c"},
		{"../x/**", "/x/y"},
		{"secrets/**", "/p/q/secrets/k"},
	} {
		f.Add(s.pattern, s.file, true)
		f.Add(s.pattern, s.file, false)
	}
	b := Base{Project: "/p", Home: "/home/u", SettingsRoot: "/p/.claude"}
	f.Fuzz(func(t *testing.T, pattern, file string, anyDepth bool) {
		p, err := Parse(pattern)
		if err != nil {
			return
		}
		if p.String() != pattern {
			t.Errorf("String() = %q, want %q", p.String(), pattern)
		}
		start := time.Now()
		got := p.Match(file, b, anyDepth)
		if d := time.Since(start); d > time.Second {
			t.Fatalf("Match(%q, %q) took %v", pattern, file, d)
		}
		pat, target, ok := p.segments(file, b, anyDepth)
		if !ok {
			if got {
				t.Fatalf("Match(%q, %q) = true without segments", pattern, file)
			}
			return
		}
		stars := 0
		for _, s := range pat {
			if s.star > 0 {
				stars++
			}
		}
		if stars <= 5 && len(target) <= 12 {
			if rec := matchSegsRec(pat, target); rec != got || matchSegsDP(pat, target) != rec {
				t.Fatalf("Match(%q, %q): recursion %v, dynamic programming %v", pattern, file, rec, matchSegsDP(pat, target))
			}
		}
	})
}
