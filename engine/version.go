package engine

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// VersionRow is one row of a harness's version table: a behaviour that
// changed between versions, the versions it holds for, and the recording
// that shows it.
type VersionRow struct {
	// Key names the behaviour the simulator asks about ("auto-mode").
	// Rows of one key partition the versions the table checked.
	Key string
	// From and To are the first and last versions it holds for, both
	// included; an empty To is open (every later version, as far as the
	// newest checked one). Both are checked versions, or a version the
	// evidence names as the change.
	From, To string
	// Value is the behaviour in those versions, as the simulator reads it
	// ("absent", "default", "ask", …).
	Value string
	// Evidence is the recording (file and case) or the binary's own text
	// that shows it.
	Evidence string
}

// VersionTable is one harness's behaviours that changed between versions,
// and the versions recorded with the real binary (Checked, oldest first).
// A simulator decides a call as the version that recorded it (Call.Version)
// when that version lies within the checked versions with no change of
// behaviour between its two checked neighbours; otherwise — a version
// between two checked versions that differ, or beyond the oldest or newest
// checked one — as the nearest checked version, and the decision says so
// (Decision.VersionBasis).
type VersionTable struct {
	Harness string // the harness's title, for the labels ("Claude Code")
	Checked []string
	Rows    []VersionRow

	// memo keeps VersionAs's and Value's answers: both run for every call
	// decided (Value for every command of a line), and a store holds few
	// versions, so each is parsed and compared once, not per call.
	memo versionMemo
}

// versionMemo is VersionTable's cache. It stops adding at memoMax
// entries, so a transcript writing a new version string on every line
// costs the parsing again, never memory.
type versionMemo struct {
	mu  sync.Mutex
	as  map[string][2]string
	val map[[2]string]string
}

const memoMax = 4096

// VersionAs is the version a call is decided as, and the label saying
// why (Decision.VersionBasis). An empty version gives ("", ""): the
// simulator's newest checked behaviour, and no label.
func (t *VersionTable) VersionAs(v string) (as, basis string) {
	if v == "" || len(t.Checked) == 0 {
		return "", ""
	}
	m := &t.memo
	m.mu.Lock()
	r, ok := m.as[v]
	m.mu.Unlock()
	if ok {
		return r[0], r[1]
	}
	as, basis = t.versionAs(v)
	m.mu.Lock()
	if m.as == nil {
		m.as = map[string][2]string{}
	}
	if len(m.as) < memoMax {
		m.as[v] = [2]string{as, basis}
	}
	m.mu.Unlock()
	return as, basis
}

// versionAs is VersionAs without the cache.
func (t *VersionTable) versionAs(v string) (as, basis string) {
	newest := t.Checked[len(t.Checked)-1]
	pv, ok := ParseVersion(v)
	if !ok {
		return newest, fmt.Sprintf("%s: not a version; decided as %s, the newest checked version", v, newest)
	}
	for _, c := range t.Checked {
		if CompareVersions(c, v) == 0 {
			return c, "checked: " + c
		}
	}
	below, above := "", ""
	for _, c := range t.Checked {
		if CompareVersions(c, v) < 0 {
			below = c
		} else if above == "" {
			above = c
		}
	}
	if below != "" && above != "" && t.same(below, above) {
		return v, fmt.Sprintf("%s: between checked versions %s and %s, which behave alike", v, below, above)
	}
	near := above
	if below != "" && (above == "" || !closer(pv, above, below)) {
		near = below
	}
	why := "the nearest checked version"
	switch {
	case above == "":
		why = "the newest checked version"
	case below == "":
		why = "the oldest checked version"
	}
	return near, fmt.Sprintf("%s: not checked; decided as %s, %s", v, near, why)
}

// closer reports whether a is strictly nearer to v than b: the absolute
// differences of their numbers compared from the first (so 2.1.200 is
// nearer 2.1.81 than 2.1.328, and 1.5.0 nearer 1.0.98 than 2.0.0).
func closer(v []int, a, b string) bool {
	pa, _ := ParseVersion(a)
	pb, _ := ParseVersion(b)
	for i := range max(len(v), len(pa), len(pb)) {
		da, db := absInt(at(v, i)-at(pa, i)), absInt(at(v, i)-at(pb, i))
		if da != db {
			return da < db
		}
	}
	return false
}

func at(p []int, i int) int {
	if i < len(p) {
		return p[i]
	}
	return 0
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// same reports whether every behaviour of the table is the same at two
// checked versions.
func (t *VersionTable) same(a, b string) bool {
	for _, r := range t.Rows {
		if t.Value(r.Key, a) != t.Value(r.Key, b) {
			return false
		}
	}
	return true
}

// Value is the behaviour key has in version as (a version VersionAs gave);
// an empty as is the newest checked version. It is "" when no row covers
// the version.
func (t *VersionTable) Value(key, as string) string {
	k := [2]string{key, as}
	m := &t.memo
	m.mu.Lock()
	v, ok := m.val[k]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = t.value(key, as)
	m.mu.Lock()
	if m.val == nil {
		m.val = map[[2]string]string{}
	}
	if len(m.val) < memoMax {
		m.val[k] = v
	}
	m.mu.Unlock()
	return v
}

// value is Value without the cache.
func (t *VersionTable) value(key, as string) string {
	if as == "" {
		if len(t.Checked) == 0 {
			return ""
		}
		as = t.Checked[len(t.Checked)-1]
	}
	for _, r := range t.Rows {
		if r.Key != key || CompareVersions(as, r.From) < 0 {
			continue
		}
		if r.To == "" || CompareVersions(as, r.To) <= 0 {
			return r.Value
		}
	}
	return ""
}

// ParseVersion reads a dotted version ("2.1.81", "0.142.0", "v1.18.33",
// "2.1.81 (Claude Code)", "codex-cli 0.140.0"): its numbers, a pre-release
// or build suffix after "-" or "+" ignored.
func ParseVersion(s string) ([]int, bool) {
	s = strings.TrimSpace(s)
	for _, f := range strings.Fields(s) {
		if f != "" && (f[0] >= '0' && f[0] <= '9' || f[0] == 'v' && len(f) > 1 && f[1] >= '0' && f[1] <= '9') {
			s = f
			break
		}
	}
	s = strings.TrimPrefix(s, "v")
	if i := strings.IndexAny(s, "-+"); i >= 0 {
		s = s[:i]
	}
	parts := strings.Split(s, ".")
	out := make([]int, 0, len(parts))
	for _, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) > 0
}

// CompareVersions orders two versions by their numbers (-1, 0, +1); a
// version that cannot be read sorts before every other.
func CompareVersions(a, b string) int {
	pa, oka := ParseVersion(a)
	pb, okb := ParseVersion(b)
	switch {
	case !oka && !okb:
		return strings.Compare(a, b)
	case !oka:
		return -1
	case !okb:
		return 1
	}
	for i := range max(len(pa), len(pb)) {
		if x, y := at(pa, i), at(pb, i); x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}
