package secrets

import (
	"bytes"
	"encoding/json"
	"strings"
)

// MaskLine masks the secrets of one line of a command's output, whatever
// its format: text, or JSON (JSON Lines, an indented document such as
// SARIF). A JSON string holding escapes — a password in \"…\", a command
// with \u0026 — is decoded, masked and written again where it held a
// secret, since the escaped bytes hide it from the rules; then the line
// as a whole is masked as text. A line with no secret is returned as it
// was, escapes and all.
func MaskLine(line string) string {
	if strings.IndexByte(line, '\\') >= 0 && strings.IndexByte(line, '"') >= 0 {
		line = maskJSONStrings(line)
	}
	return MaskString(line)
}

// maskJSONStrings masks the JSON string literals of line that hold an
// escape. A quote that does not open a valid literal is passed over.
func maskJSONStrings(line string) string {
	var b strings.Builder
	pos := 0
	for i := 0; i < len(line); {
		if line[i] != '"' {
			i++
			continue
		}
		end, escaped := literalEnd(line, i)
		if end < 0 {
			break
		}
		if escaped {
			var v string
			if json.Unmarshal([]byte(line[i:end]), &v) == nil {
				if m := MaskString(v); m != v {
					b.WriteString(line[pos:i])
					b.Write(encodeString(m))
					pos = end
				}
			}
		}
		i = end
	}
	if pos == 0 {
		return line
	}
	b.WriteString(line[pos:])
	return b.String()
}

// literalEnd is the index just past the closing quote of the string
// literal opening at line[i], and whether it holds an escape; -1 when the
// line ends first.
func literalEnd(line string, i int) (int, bool) {
	escaped := false
	for j := i + 1; j < len(line); j++ {
		switch line[j] {
		case '\\':
			escaped = true
			j++
		case '"':
			return j + 1, escaped
		}
	}
	return -1, escaped
}

// encodeString writes s as a JSON string, with <, > and & as they are
// (the literal is read by people and JSON readers, not put in HTML).
func encodeString(s string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}
