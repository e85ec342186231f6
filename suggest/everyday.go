package suggest

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"sync"
)

// everydayJSONL is tldr-pages' example commands for the tools coding
// agents run most (everyday.md says which and how they were taken).
//
//go:embed everyday.jsonl
var everydayJSONL []byte

var (
	everydayOnce sync.Once
	everyday     []string
)

// EverydayCorpus is the everyday commands a rule's cost is counted on
// besides the history's own (Options.Everyday): 2,206 example commands of
// tldr-pages, written by its authors, not by permsim.
func EverydayCorpus() []string {
	everydayOnce.Do(func() {
		sc := bufio.NewScanner(bytes.NewReader(everydayJSONL))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var l struct {
				Command string `json:"command"`
			}
			if json.Unmarshal(sc.Bytes(), &l) == nil && l.Command != "" {
				everyday = append(everyday, l.Command)
			}
		}
	})
	return everyday
}
