package danger

import (
	"strings"
)

// Brace expansion as bash does it ({a,b} words), bounded, for the rules that
// read the names a word makes.

// maxBraceWords bounds the words one brace form may make here: the rules
// need the words, not bash's every expansion of a long list.
const maxBraceWords = 64

// braceWords expands the unquoted brace lists of a word's text as bash
// does ("a{d,c,b}e" makes "ade ace abe"; "x{,.bak}" makes "x x.bak";
// several lists multiply) and returns the words joined by blanks. A word
// with quotes, escapes or expansions, a nested list, a sequence
// ("{1..3}") or no comma in braces ("{}", "{a}") is left alone.
func braceWords(raw string) (string, bool) {
	if strings.ContainsAny(raw, "'\"\\$`") || !strings.Contains(raw, ",") {
		return "", false
	}
	words := []string{""}
	expanded := false
	for rest := raw; rest != ""; {
		open := strings.IndexByte(rest, '{')
		if open < 0 {
			words = appendEach(words, []string{rest})
			break
		}
		end := strings.IndexByte(rest[open:], '}')
		if end < 0 {
			return "", false
		}
		inner := rest[open+1 : open+end]
		if strings.ContainsAny(inner, "{ ") || !strings.Contains(inner, ",") {
			return "", false // nested, or no list: not a form this reads
		}
		words = appendEach(words, []string{rest[:open]})
		words = appendEach(words, strings.Split(inner, ","))
		if len(words) > maxBraceWords {
			return "", false
		}
		expanded = true
		rest = rest[open+end+1:]
	}
	if !expanded {
		return "", false
	}
	return strings.Join(words, " "), true
}

// appendEach returns every word of ws followed by every suffix.
func appendEach(ws, suffixes []string) []string {
	out := make([]string, 0, len(ws)*len(suffixes))
	for _, w := range ws {
		for _, s := range suffixes {
			out = append(out, w+s)
		}
	}
	return out
}
