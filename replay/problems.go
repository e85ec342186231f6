package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/safefile"
)

// ProblemsFile is the file under the output folder where Run keeps every
// problem of its run (the summary prints five): one for an unsharded run,
// one per shard (problemsFileOf), read back whole by ReadProblems for
// `permsim replay --problems`.
const ProblemsFile = "replay-problems.json"

// problemsFileOf names the problems file of a run: ProblemsFile, or
// replay-problems-shard-K-of-N.json for a shard.
func problemsFileOf(s Shard) string {
	if s.N == 0 {
		return ProblemsFile
	}
	return "replay-problems-" + strings.TrimSuffix(s.runPrefix(), "-") + ".json"
}

// maxProblemsFile bounds a problems file read back: a store's file that
// grew past it was not written by replay.
const maxProblemsFile = 64 << 20

// Problems is what one run's problems file holds.
type Problems struct {
	Finished time.Time `json:"finished"`        // when the run ended
	Shard    string    `json:"shard,omitempty"` // K/N, for a shard's run
	Problems []string  `json:"problems"`
}

// writeProblems records a run's problems, and removes the files of runs
// whose tables this one replaced (an unsharded run replaces every shard's,
// a shard the unsharded run's and those of shards of another N), so
// ReadProblems never mixes in a replaced run's.
func writeProblems(outDir string, s Shard, problems []string) error {
	olds, _ := filepath.Glob(filepath.Join(outDir, "replay-problems*.json"))
	mine := problemsFileOf(s)
	for _, old := range olds {
		name := filepath.Base(old)
		if name == mine {
			continue
		}
		if s.N > 0 && strings.HasSuffix(name, fmt.Sprintf("-of-%d.json", s.N)) {
			continue // another shard of this run
		}
		if err := os.Remove(old); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	p := Problems{Finished: time.Now().UTC(), Problems: problems}
	if p.Problems == nil {
		p.Problems = []string{}
	}
	if s.N > 0 {
		p.Shard = s.String()
	}
	data, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return err
	}
	return dataset.WriteSideFile(outDir, mine, data)
}

// ReadProblems returns the problems of the last replay under outDir, one
// Problems per run (several for a sharded replay, by shard), or
// os.ErrNotExist when no replay recorded any (none ran, or an older
// permsim ran it). A file that cannot be read is an error naming it.
func ReadProblems(outDir string) ([]Problems, error) {
	names, err := filepath.Glob(filepath.Join(outDir, "replay-problems*.json"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, os.ErrNotExist
	}
	sort.Strings(names)
	var out []Problems
	for _, name := range names {
		data, err := safefile.ReadFile(name, maxProblemsFile)
		if err != nil {
			return nil, err
		}
		var p Problems
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, p)
	}
	return out, nil
}
