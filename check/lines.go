package check

import (
	"bytes"
	"encoding/json"
	"strings"
)

// findLine is the 1-based line of the first occurrence of needle in data,
// 0 when it is not there.
func findLine(data []byte, needle string) int {
	if needle == "" {
		return 0
	}
	i := bytes.Index(data, []byte(needle))
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}

// ruleLine is the line a rule is written on: where its text stands as a
// JSON string (settings files keep rules so), else as written (TOML,
// Starlark), else the line of its list, else 1 — the file as a whole.
// The loaders keep rules' lines for their problems, not on the rule a
// decision names, so the text is looked up in the same file: a rule's
// text is what the loader read there.
func ruleLine(data []byte, list, text string) int {
	if data == nil {
		return 0
	}
	if l := findLine(data, mustQuote(text)); l > 0 {
		return l
	}
	if l := findLine(data, text); l > 0 {
		return l
	}
	// A rule the loader rewrote (a Starlark prefix_rule's pattern, an
	// OpenCode key and value): its longest word.
	words := strings.FieldsFunc(text, func(r rune) bool {
		return r == ' ' || r == '(' || r == ')' || r == '"' || r == ',' || r == '[' || r == ']' || r == ':' || r == '*'
	})
	long := ""
	for _, w := range words {
		if len(w) > len(long) {
			long = w
		}
	}
	if l := findLine(data, long); long != "" && l > 0 {
		return l
	}
	return listLine(data, list)
}

// listLine is the line a rule list starts on ("deny": [), else 1.
func listLine(data []byte, list string) int {
	if list != "" {
		if l := findLine(data, mustQuote(list)); l > 0 {
			return l
		}
	}
	return 1
}

func mustQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
