package danger

import "strings"

// escapedHeredoc mends a one-line text whose here-document has its
// newlines written as the two characters \n ("bash <<'EOF'\nrm -rf
// /\nEOF"): how test suites and command collections hold a multi-line
// command in a string literal. As written, bash takes "EOF\nrm" for the
// delimiter and runs no body; the text the next, mended attempt runs has
// real newlines, and that text is what the package judges (as for an
// unterminated quote: approving the line approves the mended text). ok is
// false unless the text has no real newline, a here-document operator
// (<<, <<-, not <<<) whose delimiter is followed at once by \n, and the
// same delimiter alone after the last \n.
func escapedHeredoc(text string) (string, bool) {
	if strings.Contains(text, "\n") {
		return "", false
	}
	for rest := text; ; {
		i := strings.Index(rest, "<<")
		if i < 0 {
			return "", false
		}
		rest = rest[i+2:]
		if strings.HasPrefix(rest, "<") {
			rest = strings.TrimLeft(rest, "<") // a here-string
			continue
		}
		word := strings.TrimLeft(strings.TrimPrefix(rest, "-"), " \t")
		delim, after := heredocWord(word)
		if delim == "" || !strings.HasPrefix(after, `\n`) {
			continue
		}
		if strings.HasSuffix(text, `\n`+delim) || strings.Contains(text, `\n`+delim+`\n`) {
			return strings.ReplaceAll(text, `\n`, "\n"), true
		}
	}
}

// heredocWord reads a here-document's delimiter word at the start of s
// (bare, 'quoted' or "quoted") and returns it unquoted with the text
// after it.
func heredocWord(s string) (delim, after string) {
	if s != "" && (s[0] == '\'' || s[0] == '"') {
		end := strings.IndexByte(s[1:], s[0])
		if end < 0 {
			return "", ""
		}
		return s[1 : 1+end], s[2+end:]
	}
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= '0' && s[n] <= '9') {
		n++
	}
	return s[:n], s[n:]
}
