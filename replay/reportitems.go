package replay

import (
	"cmp"
	"hash/maphash"
	"slices"
	"strings"
	"unicode/utf8"
)

// itemCounts counts the items of the report's top lists — the commands
// (or paths, URLs, …) of each group: an approving rule, an undecided cause
// — exactly, but keyed by a 128-bit hash of the text, so that the counts of
// a million one-off commands are one flat table the garbage collector does
// not scan and no string is kept per command. The text is kept only of the
// items counted twice or more, and of the three smallest texts of each
// group: all a top three ordered by count, then text, can need (an item
// counted once is in its group's top three only when fewer than three items
// were counted twice, and then it is one of the three smallest texts).
type itemCounts struct {
	counts   map[itemHash]int64
	text     map[itemHash]string
	smallest map[int32][]string // per group, sorted
	failed   bool
	byGroup  map[int32][]groupItem // the counts by group, once counting is done
}

type groupItem struct {
	k itemHash
	n int64
}

// each hands fn every item of group: from the counts themselves when they
// hold one group (no copy of a million items), else from the counts split
// by group once.
func (ic *itemCounts) each(group int32, fn func(k itemHash, n int64)) {
	if len(ic.smallest) <= 1 {
		for k, n := range ic.counts {
			if k.group == group {
				fn(k, n)
			}
		}
		return
	}
	for _, it := range ic.grouped(group) {
		fn(it.k, it.n)
	}
}

// grouped returns the items of group (the counts split by group once).
func (ic *itemCounts) grouped(group int32) []groupItem {
	if ic.byGroup == nil {
		ic.byGroup = map[int32][]groupItem{}
		for k, n := range ic.counts {
			ic.byGroup[k.group] = append(ic.byGroup[k.group], groupItem{k, n})
		}
	}
	return ic.byGroup[group]
}

type itemHash struct {
	group int32
	a, b  uint64
}

// Two independent seeds make the 128-bit hash (one process: the counts
// are never stored).
var itemSeedA, itemSeedB = maphash.MakeSeed(), maphash.MakeSeed()

func newItemCounts() *itemCounts {
	return &itemCounts{counts: map[itemHash]int64{}, text: map[itemHash]string{}, smallest: map[int32][]string{}}
}

func hashOf(group int32, what string) itemHash {
	return itemHash{group, maphash.String(itemSeedA, what), maphash.String(itemSeedB, what)}
}

// add counts n more of what in group; past reportSumItems distinct items,
// or for text that is not UTF-8, the counts fail.
func (ic *itemCounts) add(group int32, what string, n int64) {
	if ic.failed {
		return
	}
	k := hashOf(group, what)
	old := ic.counts[k]
	if old == 0 {
		if len(ic.counts) >= reportSumItems || !utf8.ValidString(what) {
			ic.failed = true
			return
		}
		l := ic.smallest[group]
		if len(l) < 3 || what < l[2] {
			l = append(l, strings.Clone(what))
			slices.Sort(l)
			ic.smallest[group] = l[:min(3, len(l))]
		}
	}
	ic.counts[k] = old + n
	if old < 2 && old+n >= 2 {
		ic.text[k] = strings.Clone(what)
	}
}

// itemSource is one group of one itemCounts.
type itemSource struct {
	ic    *itemCounts
	group int32
}

// topItems returns the top three items of the groups srcs summed (by
// count, then text: list(what ORDER BY n DESC, what ASC)[1:3]) and their
// total count; ok is false when an item whose text was not kept could be
// among the three (an item counted once in each of two groups).
func topItems(srcs []itemSource) (top []counted, total int64, ok bool) {
	// Every source's items, summed by their text's hash.
	type sum struct {
		n    int64
		text string
		know bool
	}
	byHash := map[[2]uint64]*sum{}
	single := len(srcs) == 1
	for _, s := range srcs {
		s.ic.each(s.group, func(k itemHash, n int64) {
			total += n
			if single {
				// One source: only the items with a kept text can be
				// among the three.
				if n >= 2 {
					top = append(top, counted{s.ic.text[k], n})
				}
				return
			}
			h := [2]uint64{k.a, k.b}
			e := byHash[h]
			if e == nil {
				e = &sum{}
				byHash[h] = e
			}
			e.n += n
			if t, found := s.ic.text[k]; found {
				e.text, e.know = t, true
			}
		})
	}
	for _, s := range srcs {
		for _, t := range s.ic.smallest[s.group] {
			k := hashOf(s.group, t)
			if single {
				if n := s.ic.counts[k]; n == 1 {
					top = append(top, counted{t, 1})
				}
				continue
			}
			if e := byHash[[2]uint64{k.a, k.b}]; e != nil {
				e.text, e.know = t, true
			}
		}
	}
	var unknown int64 // the highest sum of an item without a kept text
	for _, e := range byHash {
		switch {
		case e.know:
			top = append(top, counted{e.text, e.n})
		case e.n > unknown:
			unknown = e.n
		}
	}
	sortCounted(top)
	top = top[:min(3, len(top))]
	// An item counted once overall is never needed: the three smallest
	// texts of each group are kept.
	if unknown >= 2 && (len(top) < 3 || unknown >= top[2].n) {
		return nil, 0, false
	}
	return top, total, true
}

type counted struct {
	what string
	n    int64
}

func sortCounted(l []counted) {
	slices.SortFunc(l, func(x, y counted) int { return cmp.Or(cmp.Compare(y.n, x.n), strings.Compare(x.what, y.what)) })
}
