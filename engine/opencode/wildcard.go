package opencode

import (
	"regexp"
	"strings"
	"sync"
)

// wildcardCache holds the compiled form of every pattern seen, since a
// replay matches the same few patterns many thousand times.
var wildcardCache sync.Map // string → *regexp.Regexp

// match reports whether text matches an OpenCode permission pattern, the
// way OpenCode 1.18.33's Wildcard.match does: `*` is any text (newlines
// included), `?` one character, everything else literal, the whole text
// must match, backslashes count as slashes, and a pattern ending in " *"
// also matches the text without its last argument ("git *" matches "git").
func match(text, pattern string) bool {
	text = strings.ReplaceAll(text, `\`, "/")
	if len(pattern) > maxCompiled {
		return globMatch(text, pattern)
	}
	var re *regexp.Regexp
	if v, ok := wildcardCache.Load(pattern); ok {
		re = v.(*regexp.Regexp)
	} else {
		re = compileWildcard(pattern)
		wildcardCache.Store(pattern, re)
	}
	if re == nil {
		return globMatch(text, pattern)
	}
	return re.MatchString(text)
}

// maxCompiled is the longest pattern turned into a regular expression. A
// pattern from a config file can be megabytes long: Go's regexp refuses
// (or takes minutes over) such a program, so longer patterns, and any that
// does not compile, are matched by globMatch, which needs no compiling.
const maxCompiled = 4096

// globMatch is match without a regular expression: the classic wildcard
// walk that remembers the last `*` and retries from it, O(len(text) ×
// len(pattern)) at worst and no allocation beyond the rune slices.
func globMatch(text, pattern string) bool {
	p := []rune(strings.ReplaceAll(pattern, `\`, "/"))
	// A trailing " *" may be left out: "git *" matches "git".
	if n := len(p); n >= 2 && p[n-2] == ' ' && p[n-1] == '*' && globRunes([]rune(text), p[:n-2]) {
		return true
	}
	return globRunes([]rune(text), p)
}

func globRunes(t, p []rune) bool {
	ti, pi := 0, 0
	star, mark := -1, 0
	for ti < len(t) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ti
			pi++
		case pi < len(p) && (p[pi] == '?' || p[pi] == t[ti]):
			ti++
			pi++
		case star >= 0:
			mark++
			ti, pi = mark, star+1
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

func compileWildcard(pattern string) *regexp.Regexp {
	p := strings.ReplaceAll(pattern, `\`, "/")
	var b strings.Builder
	for _, r := range p {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	expr := b.String()
	if strings.HasSuffix(expr, " .*") {
		expr = strings.TrimSuffix(expr, " .*") + "( .*)?"
	}
	re, err := regexp.Compile("(?s)^(?:" + expr + ")$")
	if err != nil {
		return nil // too large for Go's regexp: match falls back to globMatch
	}
	return re
}
