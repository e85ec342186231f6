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
	var re *regexp.Regexp
	if v, ok := wildcardCache.Load(pattern); ok {
		re = v.(*regexp.Regexp)
	} else {
		re = compileWildcard(pattern)
		wildcardCache.Store(pattern, re)
	}
	return re.MatchString(text)
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
	return regexp.MustCompile("(?s)^(?:" + expr + ")$")
}
