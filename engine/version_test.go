package engine

import "testing"

// A table shaped as Claude Code's: auto mode absent up to 2.1.81, present
// from 2.1.328; nothing differs between 1.0.98 and 2.1.81.
var testTable = VersionTable{Harness: "X", Checked: []string{"1.0.98", "2.0.50", "2.1.81", "2.1.328"},
	Rows: []VersionRow{
		{Key: "auto", From: "1.0.98", To: "2.1.81", Value: "absent"},
		{Key: "auto", From: "2.1.328", Value: "present"},
	}}

// Issue 28: a call is decided as its own version where the checked versions
// around it agree, else as the nearest checked version, labelled so.
func TestVersionAs(t *testing.T) {
	tests := []struct {
		v, as, basis, auto string
	}{
		{"", "", "", "present"},
		{"2.1.81", "2.1.81", "checked: 2.1.81", "absent"},
		{"2.0.70", "2.0.70", "2.0.70: between checked versions 2.0.50 and 2.1.81, which behave alike", "absent"},
		{"2.1.200", "2.1.81", "2.1.200: not checked; decided as 2.1.81, the nearest checked version", "absent"},
		{"2.1.300", "2.1.328", "2.1.300: not checked; decided as 2.1.328, the nearest checked version", "present"},
		{"2.1.400", "2.1.328", "2.1.400: not checked; decided as 2.1.328, the newest checked version", "present"},
		{"0.2.9", "1.0.98", "0.2.9: not checked; decided as 1.0.98, the oldest checked version", "absent"},
		{"2.1.81-beta.1", "2.1.81", "checked: 2.1.81", "absent"},
		{"nightly", "2.1.328", "nightly: not a version; decided as 2.1.328, the newest checked version", "present"},
	}
	for _, tt := range tests {
		as, basis := testTable.VersionAs(tt.v)
		if as != tt.as || basis != tt.basis {
			t.Errorf("%q: as %q (%s); want %q (%s)", tt.v, as, basis, tt.as, tt.basis)
		}
		if got := testTable.Value("auto", as); got != tt.auto {
			t.Errorf("%q: auto %q, want %q", tt.v, got, tt.auto)
		}
	}
}

func TestCompareVersions(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"2.1.81", "2.1.328", -1}, {"0.142.0", "0.140.0", 1}, {"1.0", "1.0.0", 0},
		{"codex-cli 0.140.0", "0.140.0", 0}, {"2.1.81 (Claude Code)", "2.1.81", 0}, {"x", "0.1", -1},
	}
	for _, tt := range tests {
		if got := CompareVersions(tt.a, tt.b); got != tt.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func FuzzParseVersion(f *testing.F) {
	for _, s := range []string{"2.1.81", "v1.2", "codex-cli 0.140.0", "", "1..2", "9999999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := ParseVersion(s)
		if ok && len(p) == 0 {
			t.Fatal("ok with no numbers")
		}
		if CompareVersions(s, s) != 0 {
			t.Fatalf("%q does not equal itself", s)
		}
	})
}

// BenchmarkVersionAs: what one decided call pays to learn its version's
// behaviour (VersionAs, then one Value), as every simulator does per call.
func BenchmarkVersionAs(b *testing.B) {
	for i := 0; i < b.N; i++ {
		as, _ := testTable.VersionAs("2.1.200")
		_ = testTable.Value("auto-mode", as)
	}
}
