package ingest

import (
	"strings"

	json "github.com/goccy/go-json"
)

// TextOf returns the text of a tool output or tool result as transcripts
// write it: a JSON string, or a list of parts whose "text" members are
// joined (the content-item form of Codex's outputs and of Cursor's
// tool_result blocks). ok is false for any other value.
func TextOf(raw []byte) (string, bool) {
	if len(raw) >= 2 && raw[0] == '"' {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s, true
		}
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return "", false
	}
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String(), true
}
