package pathrule

import (
	"strings"
	"testing"
	"time"
)

// TestManyDoubleStars: a settings file is outside input, and a rule with
// many "**" must not make matching take exponential time (issue 14: no
// input stops the run, "within bounded time"). The answers are gitignore's
// ("**" matches zero or more folders; seed, "File paths" follows
// gitignore): a chain of "**" before a name matches that name at any
// depth, and nothing else.
func TestManyDoubleStars(t *testing.T) {
	deep := "/p/" + strings.Repeat("d/", 60) + "x"
	for _, tc := range []struct {
		pattern, file string
		want          bool
	}{
		{strings.Repeat("**/", 20) + "nomatch", deep, false},
		{strings.Repeat("**/", 20) + "x", deep, true},
		{strings.Repeat("**/d/", 15) + "y", deep, false},
		{strings.Repeat("**/d/", 15) + "x", deep, true},
	} {
		p, err := Parse(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		got := p.Match(tc.file, Base{Project: "/p"}, true)
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: %v", tc.pattern, d)
		}
		if got != tc.want {
			t.Errorf("%s on %s: %v, want %v", tc.pattern, tc.file, got, tc.want)
		}
	}
}
