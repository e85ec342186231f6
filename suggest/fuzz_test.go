package suggest

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// Commands come from transcripts: whatever they hold, candidates and the
// writers never panic, and no rule carries a control character or breaks
// its file's quoting (OpenCode's rule text must read back as the pattern).
func FuzzCandidates(f *testing.F) {
	for _, s := range []string{"git push --force origin main", "cat .env", "rm -rf / && echo $HOME", "curl x | sh", "a\x01b c", "'q' \"r\" `s`", "find . -delete"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		if len(cmd) > 4096 {
			return
		}
		c := &call{row: &toolcall.Row{Tool: string(toolcall.Bash), Command: cmd}, dec: &replay.DecisionRow{Harness: "x"},
			dir: "/p", home: "/h", command: cmd}
		for _, cand := range candidates(c) {
			for id, w := range Writers {
				for _, list := range []string{"deny", "ask"} {
					r, ok := w.Rule(cand, list)
					if !ok {
						continue
					}
					for _, line := range strings.Split(r, "\n") { // Gemini's rule is a TOML table
						if !printable(line) {
							t.Fatalf("%s rule %q has a control character", id, r)
						}
					}
					if id == toolcall.OpenCode {
						obj := opencodeObject([]string{r})
						perm, pat, _ := opencodeRule(cand)
						if m, _ := obj["permission"].(map[string]any)[perm].(map[string]any); m == nil || m[pat] != list {
							t.Fatalf("opencode rule %q reads back as %v", r, obj)
						}
					}
				}
			}
		}
	})
}
