package codex

import (
	"strings"
)

// Kinds of file change an apply_patch makes.
const (
	changeAdd    = "add"
	changeDelete = "delete"
	changeUpdate = "update"
)

// fileChange is one file an apply_patch touches, as written in the patch
// (relative paths are relative to the session's folder).
type fileChange struct {
	path   string
	kind   string
	moveTo string // "*** Move to:" after an update
}

// parsePatch reads the file headers of an apply_patch body:
// "*** Add File: P", "*** Delete File: P", "*** Update File: P" with an
// optional "*** Move to: Q". The hunks are not checked; Codex verifies
// them after the permission decision.
func parsePatch(text string) []fileChange {
	var out []fileChange
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "*** Add File: "):
			out = append(out, fileChange{path: strings.TrimSpace(strings.TrimPrefix(line, "*** Add File: ")), kind: changeAdd})
		case strings.HasPrefix(line, "*** Delete File: "):
			out = append(out, fileChange{path: strings.TrimSpace(strings.TrimPrefix(line, "*** Delete File: ")), kind: changeDelete})
		case strings.HasPrefix(line, "*** Update File: "):
			out = append(out, fileChange{path: strings.TrimSpace(strings.TrimPrefix(line, "*** Update File: ")), kind: changeUpdate})
		case strings.HasPrefix(line, "*** Move to: "):
			if n := len(out); n > 0 && out[n-1].kind == changeUpdate {
				out[n-1].moveTo = strings.TrimSpace(strings.TrimPrefix(line, "*** Move to: "))
			}
		}
	}
	return out
}

// patchText finds the patch in an apply_patch call's arguments: the
// freeform "input", or "patch".
func patchText(in map[string]any) string {
	for _, k := range []string{"input", "patch"} {
		if s, ok := in[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}
