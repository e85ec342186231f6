package suggest

import (
	"slices"
	"sort"
	"strings"
)

// useCallIndex is false only in the test comparing suggestions made with
// and without the index.
var useCallIndex = true

// callIndex finds, for a command candidate, the calls whose command holds
// each of its words where a word starts, without reading every call: it
// maps the words of the calls' commands (lowercased runs of letters and
// digits, at a word start) to the calls holding them. Checking every
// candidate against every call made suggest grow with candidates × calls
// (issue 27: more than 10 minutes on 520,000 calls), and a history's
// one-off commands ("sh 152689") each give candidates of their own.
type callIndex struct {
	words []string // distinct words, sorted
	calls [][]int  // calls[i]: the calls (indexes into cs, increasing) holding words[i]
	sum   []int    // sum[i]: len(calls[0]) + … + len(calls[i-1])
}

func alnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// wordStarts calls fn with every run of letters and digits in s that
// starts s or follows another byte, lowercased.
func wordStarts(s string, fn func(string)) {
	for i := 0; i < len(s); {
		if !alnum(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && alnum(s[j]) {
			j++
		}
		fn(strings.ToLower(s[i:j]))
		i = j
	}
}

func newCallIndex(cs []*call) *callIndex {
	byWord := map[string][]int{}
	for i, c := range cs {
		wordStarts(c.command, func(w string) {
			if l := byWord[w]; len(l) == 0 || l[len(l)-1] != i {
				byWord[w] = append(l, i)
			}
		})
	}
	x := &callIndex{words: make([]string, 0, len(byWord))}
	for w := range byWord {
		x.words = append(x.words, w)
	}
	slices.Sort(x.words)
	x.calls = make([][]int, len(x.words))
	x.sum = make([]int, len(x.words)+1)
	for i, w := range x.words {
		x.calls[i] = byWord[w]
		x.sum[i+1] = x.sum[i] + len(x.calls[i])
	}
	return x
}

// span is the range of words that start with prefix.
func (x *callIndex) span(prefix string) (lo, hi int) {
	lo = sort.SearchStrings(x.words, prefix)
	hi = lo + sort.Search(len(x.words)-lo, func(i int) bool { return !strings.HasPrefix(x.words[lo+i], prefix) })
	return lo, hi
}

// firstRun is the first run of letters and digits in s, lowercased.
func firstRun(s string) string {
	out := ""
	wordStarts(s, func(w string) {
		if out == "" {
			out = w
		}
	})
	return out
}

// commandCalls returns the indexes, increasing, of the calls a command
// rule with these literal words could change, or ok false when no word
// can be looked up (then every call may be). A rule matches a command's
// words from their start (a prefix rule, an argv prefix, a glob opening
// with the words), so each of its words starts a word of the raw command
// text: after a space, quote, slash or other separator, or at its start.
// The word with the fewest calls is looked up: a one-off argument
// narrows its candidate to the calls that hold it.
func (x *callIndex) commandCalls(lits []string) (ids []int, ok bool) {
	best, bestN := "", -1
	for _, l := range lits {
		r := firstRun(l)
		if r == "" {
			continue
		}
		lo, hi := x.span(r)
		if n := x.sum[hi] - x.sum[lo]; bestN < 0 || n < bestN {
			best, bestN = r, n
		}
	}
	if bestN < 0 {
		return nil, false
	}
	lo, hi := x.span(best)
	for i := lo; i < hi; i++ {
		ids = append(ids, x.calls[i]...)
	}
	if hi-lo > 1 {
		slices.Sort(ids)
		ids = slices.Compact(ids)
	}
	return ids, true
}
