package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
)

// homeMarkers are the folders a home holds when a harness has written
// transcripts there.
var homeMarkers = []string{".claude/projects", ".codex/sessions", ".gemini/tmp", ".local/share/opencode", ".cursor/chats"}

func hasMarker(dir string) bool {
	for _, m := range homeMarkers {
		if st, err := os.Stat(filepath.Join(dir, m)); err == nil && st.IsDir() {
			return true
		}
	}
	return false
}

// homeHint says where the transcripts are when home holds none but its
// parent or one of its child folders does ("--home ~/.claude" for "--home
// ~", a folder of collected homes for one of them); "" when it cannot tell.
func homeHint(home string) string {
	if hasMarker(home) {
		return ""
	}
	if parent := filepath.Dir(home); parent != home && hasMarker(parent) {
		return fmt.Sprintf("--home %s holds no transcripts, but %s does: pass --home %s", home, parent, parent)
	}
	entries, _ := safefile.ReadDir(home)
	var found []string
	for _, e := range entries {
		if e.IsDir() && hasMarker(filepath.Join(home, e.Name())) {
			found = append(found, filepath.Join(home, e.Name()))
		}
	}
	switch {
	case len(found) == 1:
		return fmt.Sprintf("--home %s holds no transcripts, but %s does: pass --home %s", home, found[0], found[0])
	case len(found) > 1:
		return fmt.Sprintf("--home %s holds no transcripts, but %d folders in it do (%s, …): pass each as --home", home, len(found), found[0])
	}
	return ""
}

// homeHints are the hints for every home of a run that read nothing.
func homeHints(opts ingest.Options, sum ingest.Summary) []string {
	if sum.Files+sum.FilesSkippedUnchanged > 0 && len(opts.Homes) == 1 {
		return nil
	}
	var out []string
	for _, h := range opts.Homes {
		if s := homeHint(h); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// checkStore refuses a --out folder that is not a permsim store: reading
// it would print an empty report as if nothing risky had happened.
func checkStore(out string) error {
	st, err := os.Stat(out)
	if err != nil {
		return usageError{msg: fmt.Sprintf("--out %s: no permsim store there: %v", out, err), hint: "permsim nightly --out " + out + " (or ingest, then replay)"}
	}
	if !st.IsDir() {
		return usageError{msg: fmt.Sprintf("--out %s: not a folder", out)}
	}
	for _, n := range []string{"calls", "decisions", "rules", ingest.ManifestName} {
		if _, err := os.Stat(filepath.Join(out, n)); err == nil {
			return nil
		}
	}
	return usageError{msg: fmt.Sprintf("--out %s is not a permsim store: it holds no calls, decisions or rules table and no %s", out, ingest.ManifestName),
		hint: "permsim report --out <the folder ingest and replay wrote>"}
}
