package replay

import (
	"cmp"
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/permsim/permsim/internal/disksort"
)

// itemCounts counts the items of the report's top lists — the commands
// (or paths, URLs, …) of each group: an approving rule, an undecided cause
// — exactly, whatever their number, in bounded memory: the counts are held
// in a map up to itemHeldBytes, then written sorted to run files in the
// store's folder and merged back at the end (internal/disksort). A
// million one-off commands held in memory took replay's live heap from 37
// to 67 MiB between 100k and 1M calls (TestMemoryFlatInCalls).
type itemCounts struct {
	dir    string
	held   map[string]int64 // by itemKey
	bytes  int
	limit  int              // itemHeldBytes; smaller in tests
	sorter *disksort.Sorter // nil until the held counts first pass their bound
	key    []byte
	failed bool // text that is not UTF-8, or a run that could not be written
}

// itemHeldBytes bounds what one itemCounts holds in memory (the keys, and
// about heldEntryBytes more an item).
const (
	itemHeldBytes  = 1 << 20
	heldEntryBytes = 48
)

// itemRunPattern names the run files (removed by remove; a run killed
// part-way leaves them, and the next replay removes them).
const itemRunPattern = ".report-items-*.tmp"

func newItemCounts(dir string) *itemCounts {
	return &itemCounts{dir: dir, held: map[string]int64{}, limit: itemHeldBytes}
}

// itemKey is the group (big-endian, so that keys sort by group first),
// then the text.
func itemKey(b []byte, group int32, what string) []byte {
	b = binary.BigEndian.AppendUint32(b[:0], uint32(group))
	return append(b, what...)
}

// add counts n more of what in group; text that is not UTF-8 fails the
// counts (the report's SQL could not give it back the same).
func (ic *itemCounts) add(group int32, what string, n int64) {
	if ic.failed {
		return
	}
	ic.key = itemKey(ic.key, group, what)
	if old, ok := ic.held[string(ic.key)]; ok {
		ic.held[string(ic.key)] = old + n
		return
	}
	if !utf8.ValidString(what) {
		ic.failed = true
		return
	}
	ic.held[string(ic.key)] = n
	ic.bytes += len(ic.key) + heldEntryBytes
	if ic.bytes >= ic.limit {
		ic.spill()
	}
}

// spill moves the held counts to a run file.
func (ic *itemCounts) spill() {
	if ic.sorter == nil {
		ic.sorter = disksort.New(ic.dir, itemRunPattern, 2*ic.limit, sumCounts)
	}
	if err := ic.moveHeld(); err == nil {
		ic.failed = ic.sorter.Spill() != nil
	} else {
		ic.failed = true
	}
}

// moveHeld hands the held counts to the sorter.
func (ic *itemCounts) moveHeld() error {
	var v []byte
	for k, n := range ic.held {
		v = binary.AppendUvarint(v[:0], uint64(n))
		if err := ic.sorter.Add([]byte(k), v); err != nil {
			return err
		}
	}
	clear(ic.held)
	ic.bytes = 0
	return nil
}

// sumCounts adds two counts (uvarints).
func sumCounts(_, newer, older []byte) []byte {
	a, _ := binary.Uvarint(newer)
	b, _ := binary.Uvarint(older)
	return binary.AppendUvarint(nil, a+b)
}

// each calls fn with every item once, in order of group, then text (what
// is valid only during the call).
func (ic *itemCounts) each(fn func(group int32, what []byte, n int64) error) error {
	split := func(k []byte) (int32, []byte) { return int32(binary.BigEndian.Uint32(k)), k[4:] }
	if ic.sorter == nil {
		keys := make([]string, 0, len(ic.held))
		for k := range ic.held {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			g, what := split([]byte(k))
			if err := fn(g, what, ic.held[k]); err != nil {
				return err
			}
		}
		return nil
	}
	if err := ic.moveHeld(); err != nil {
		return err
	}
	return ic.sorter.Each(func(k, v []byte) error {
		n, _ := binary.Uvarint(v)
		g, what := split(k)
		return fn(g, what, int64(n))
	})
}

// remove deletes the run files (nil-safe).
func (ic *itemCounts) remove() {
	if ic != nil && ic.sorter != nil {
		ic.sorter.Remove()
	}
}

// groupTop is the top three items of a group — list(what ORDER BY n DESC,
// what ASC)[1:3] of the report's SQL — and the group's count.
type groupTop struct {
	top   []counted
	total int64
}

// count takes the next item of a group, whose items come in text order.
func (t *groupTop) count(what []byte, n int64) {
	t.total += n
	// Of equal counts the item already kept has the smaller text.
	if len(t.top) == 3 && n <= t.top[2].n {
		return
	}
	t.top = append(t.top, counted{string(what), n})
	sortCounted(t.top)
	t.top = t.top[:min(3, len(t.top))]
}

// tops returns every group's top three and count; ok is false when the
// counts failed.
func (ic *itemCounts) tops() (map[int32]*groupTop, bool) {
	if ic.failed {
		return nil, false
	}
	out := map[int32]*groupTop{}
	err := ic.each(func(g int32, what []byte, n int64) error {
		t := out[g]
		if t == nil {
			t = &groupTop{}
			out[g] = t
		}
		t.count(what, n)
		return nil
	})
	return out, err == nil
}

// itemSource is one group of one itemCounts.
type itemSource struct {
	ic    *itemCounts
	group int32
}

// sumTops returns the top three and count of each of the sets of sources
// (groups of several itemCounts, their items summed by text). A set of one
// source is read from its counts directly; the items of the others are
// counted again, by set, in an itemCounts of their own in dir (re-counting
// every set was a third of the summary's time at 1M calls). ok is false
// when a count failed.
func sumTops(dir string, sets [][]itemSource) ([]groupTop, bool) {
	// Which set each group of each itemCounts belongs to, and whether
	// that set is summed.
	type place struct {
		set    int32
		summed bool
	}
	placeOf := map[*itemCounts]map[int32]place{}
	for i, set := range sets {
		for _, s := range set {
			if placeOf[s.ic] == nil {
				placeOf[s.ic] = map[int32]place{}
			}
			placeOf[s.ic][s.group] = place{int32(i), len(set) > 1}
		}
	}
	out := make([]groupTop, len(sets))
	sum := newItemCounts(dir)
	defer sum.remove()
	for ic, places := range placeOf {
		if ic.failed {
			return nil, false
		}
		err := ic.each(func(g int32, what []byte, n int64) error {
			p, ok := places[g]
			switch {
			case !ok:
			case p.summed:
				sum.add(p.set, string(what), n)
			default:
				out[p.set].count(what, n)
			}
			return nil
		})
		if err != nil {
			return nil, false
		}
	}
	byGroup, ok := sum.tops()
	if !ok {
		return nil, false
	}
	for i, t := range byGroup {
		out[i] = *t
	}
	return out, true
}

type counted struct {
	what string
	n    int64
}

func sortCounted(l []counted) {
	slices.SortFunc(l, func(x, y counted) int { return cmp.Or(cmp.Compare(y.n, x.n), strings.Compare(x.what, y.what)) })
}
