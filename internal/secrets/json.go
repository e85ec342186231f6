package secrets

import (
	"encoding/json"
	"strings"
)

// MaskJSON returns the JSON text s with the secrets in its string values
// (and keys) masked as MaskString masks them, everything else — order,
// spacing, numbers, escapes of strings without a secret — kept byte for
// byte. A mask is put inside each string, never across a quote or an
// escape, so valid JSON stays valid (masking the raw text could cut
// `\"` in half). A text that is not JSON is masked as MaskString does.
func MaskJSON(s string) string {
	if !json.Valid([]byte(s)) {
		return MaskString(s)
	}
	var b strings.Builder
	changed := false
	pos := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '"' {
			continue
		}
		// A string literal: find its closing quote past escapes.
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		lit := s[i : j+1]
		var v string
		if json.Unmarshal([]byte(lit), &v) == nil {
			if m := MaskString(v); m != v {
				enc, err := marshalNoEscape(m)
				if err == nil {
					b.WriteString(s[pos:i])
					b.WriteString(enc)
					pos = j + 1
					changed = true
				}
			}
		}
		i = j
	}
	if !changed {
		return s
	}
	b.WriteString(s[pos:])
	return b.String()
}

// marshalNoEscape encodes s as a JSON string without escaping <, > and &
// (the text is not for a web page).
func marshalNoEscape(s string) (string, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}
