package danger

import (
	"strings"
)

// closeHeredoc mends a line whose here-document its delimiter never
// closes. bash runs such a line, the rest of the text being the body
// ("here-document at line 1 delimited by end-of-file"), while the parser
// rejects it and no rule would see its commands; the delimiter is added
// on a line of its own so the parse matches what bash runs. err is the
// parser's message ("1:20: unclosed here-document `EOF`"); ok is false
// for any other error.
func closeHeredoc(text, err string) (string, bool) {
	const marker = "unclosed here-document `"
	i := strings.Index(err, marker)
	if i < 0 {
		return "", false
	}
	delim, _, found := strings.Cut(err[i+len(marker):], "`")
	if !found || delim == "" || strings.ContainsAny(delim, "\n") {
		return "", false
	}
	return text + "\n" + delim, true
}
