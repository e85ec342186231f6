package secrets

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"sync"
)

// MaskLine masks the secrets of one line of a command's output, whatever
// its format: text, or JSON (JSON Lines, an indented document such as
// SARIF). A JSON string holding escapes — a password in \"…\", a command
// with \u0026 — is decoded, masked and written again where it held a
// secret, since the escaped bytes hide it from the rules; then the line
// as a whole is masked as text. A line with no secret is returned as it
// was, escapes and all.
func MaskLine(line string) string { return maskLine(line, nil) }

func maskLine(line string, found func(string)) string {
	if strings.IndexByte(line, '\\') >= 0 && strings.IndexByte(line, '"') >= 0 {
		line = maskJSONStrings(line, found)
	}
	return maskString(line, found, true)
}

// maskJSONStrings masks the JSON string literals of line that hold an
// escape. A quote that does not open a valid literal is passed over.
func maskJSONStrings(line string, found func(string)) string {
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
				if m := maskString(v, found, false); m != v {
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

// Masker masks the lines of one output in order, and remembers each secret
// it masked to mask it again wherever it shows up later without the
// context that gave it away: a MySQL password is known from its command
// line (mysql -pPASS), but the same command's words printed one by one —
// danger explain's argv, a JSON array a line each — hold "-pPASS" alone.
// It is safe for concurrent use (a command's stdout and stderr share one).
type Masker struct {
	mu    sync.Mutex
	known []string // the latest first-seen forms, oldest first
	byLen []string // known, longest first, so a secret holding another is masked whole
}

// minKnown is the shortest secret masked again by its value alone: a
// shorter one would mask ordinary words.
const minKnown = 6

// maxKnown bounds the secrets remembered: the latest ones, since a secret
// shows up again close to where it was found (the same record's other
// fields), and each line is searched for every one of them.
const maxKnown = 64

// Line masks one line (MaskLine), then every secret masked earlier.
func (m *Masker) Line(line string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	line = maskLine(line, m.remember)
	for _, k := range m.byLen {
		if strings.Contains(line, k) {
			line = strings.ReplaceAll(line, k, Mask)
		}
	}
	return line
}

// remember keeps a secret, and its form inside a JSON string when that
// differs.
func (m *Masker) remember(secret string) {
	if len(secret) < minKnown || strings.Contains(Mask, secret) {
		return
	}
	forms := []string{secret}
	// -p'hunter 2' printed as a word after unquoting: hunter 2.
	if n := len(secret); n >= 2 && (secret[0] == '\'' || secret[0] == '"') && secret[n-1] == secret[0] && n-2 >= minKnown {
		forms = append(forms, secret[1:n-1])
	}
	for _, f := range slices.Clone(forms) {
		if e := encodeString(f); string(e[1:len(e)-1]) != f {
			forms = append(forms, string(e[1:len(e)-1]))
		}
	}
	changed := false
	for _, f := range forms {
		if slices.Contains(m.known, f) {
			continue
		}
		if len(m.known) == maxKnown {
			m.known = slices.Delete(m.known, 0, 1)
		}
		m.known = append(m.known, f)
		changed = true
	}
	if changed {
		m.byLen = slices.Clone(m.known)
		sort.SliceStable(m.byLen, func(i, j int) bool { return len(m.byLen[i]) > len(m.byLen[j]) })
	}
}
