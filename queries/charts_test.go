package queries

import "testing"

// The weekly chart's axis: gridlines every 1, 2 or 5 × 10^k, at most five
// steps, the top a whole number of steps (worked out by hand).
func TestAxisSteps(t *testing.T) {
	for _, c := range []struct{ m, step, top int64 }{
		{0, 1, 1}, {1, 1, 1}, {3, 1, 3}, {5, 1, 5}, {6, 2, 6}, {11, 5, 15}, {26, 10, 30}, {1234, 500, 1500},
	} {
		step, top := axisSteps(c.m)
		if step != c.step || top != c.top {
			t.Errorf("axisSteps(%d) = %d, %d; want %d, %d", c.m, step, top, c.step, c.top)
		}
	}
}

// Chart labels are cut at a word, never inside one (issue 30: "Bar
// labels are cut mid-word"); the expected labels are worked out by hand.
func TestShortenKeepsWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"no rule: left to the classifier", 40, "no rule: left to the classifier"},
		{"no rule: left to the classifier", 20, "no rule: left to …"},
		{"/home/entity/projects/agentv/.env", 20, "/home/entity…"},
		{"danger-full-access", 10, "danger…"},
		{"abcdefghijklmnop", 8, "abcdefg…"},
	} {
		if got := shorten(c.in, c.n); got != c.want {
			t.Errorf("shorten(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
