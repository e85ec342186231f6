package suggest

import (
	"path/filepath"
	"strings"
)

// useCallIndex is false only in the test comparing suggestions made with
// and without the index.
var useCallIndex = true

// matcher finds, for a call read from the stream, the candidate rules that
// could change it, without trying every rule on every call: a command
// rule matches a command's words from their start (a prefix rule, an argv
// prefix, a glob opening with the words), so each of its words starts a
// word of the raw command text, after a space, quote, slash or other
// separator, or at its start. Each command rule is filed under its longest
// word (the rarest, as a rule's one-off argument is): a call reaches the
// rules filed under the beginnings of its own words. Checking every
// candidate against every call made suggest grow with candidates × calls
// (issue 27: more than 10 minutes on 520,000 calls), and a history's
// one-off commands ("sh 152689") each give candidates of their own.
type matcher struct {
	byWord map[string][]*scored // command rules by their longest word start
	maxLen int                  // the longest key of byWord
	other  []*scored            // command rules with no word to file them under, and all of them without the index
	all    []*scored            // rules on a shell itself (bash -lc): every call may reach them
	paths  []*scored            // file rules
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

// shells are the programs a harness may wrap a whole script in.
var shells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true}

func newMatcher(ss []*scored) *matcher {
	m := &matcher{byWord: map[string][]*scored{}}
	for _, s := range ss {
		s.seen = -1
		if s.cand.Kind == KindPath {
			m.paths = append(m.paths, s)
			continue
		}
		if shells[filepath.Base(s.cand.Lits[0])] {
			// Codex runs a script that is not plain words joined by &&,
			// ||, ; or | as ["bash", "-lc", script]: a rule on the shell
			// can stop any call, whatever its words.
			m.all = append(m.all, s)
			continue
		}
		key := ""
		for _, l := range s.cand.Lits {
			if r := firstRun(l); len(r) > len(key) {
				key = r
			}
		}
		if key == "" || !useCallIndex {
			m.other = append(m.other, s)
			continue
		}
		m.byWord[key] = append(m.byWord[key], s)
		m.maxLen = max(m.maxLen, len(key))
	}
	return m
}

// each calls fn once with every rule that could change the call at
// position pos of the stream.
func (m *matcher) each(c *harnessCall, pos int, fn func(*scored)) {
	for _, s := range m.all {
		if s.seen != pos {
			s.seen = pos
			fn(s)
		}
	}
	if len(m.byWord) > 0 {
		var words []string
		wordStarts(c.command, func(w string) { words = append(words, w) })
		for _, w := range words {
			for n := 1; n <= min(len(w), m.maxLen); n++ {
				for _, s := range m.byWord[w[:n]] {
					if s.seen != pos && commandMatches(s.cand, c.command, words) {
						s.seen = pos
						fn(s)
					}
				}
			}
		}
	}
	for _, s := range m.other {
		if strings.Contains(c.command, s.cand.Lits[0]) {
			fn(s)
		}
	}
	if len(m.paths) > 0 {
		text := c.command + " " + strings.Join(c.paths, " ")
		for _, s := range m.paths {
			if strings.Contains(text, filepath.Base(s.cand.Path)) {
				fn(s)
			}
		}
	}
}

// commandMatches says whether a command whose word starts are words may
// be changed by a rule on cand: it holds the rule's first word, and every
// word of the rule starts one of its words.
func commandMatches(cand Candidate, command string, words []string) bool {
	if !strings.Contains(command, cand.Lits[0]) {
		return false
	}
	for _, l := range cand.Lits {
		r := firstRun(l)
		if r == "" {
			continue
		}
		found := false
		for _, w := range words {
			if strings.HasPrefix(w, r) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
