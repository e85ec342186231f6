package main

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/textsafe"
	"github.com/permsim/permsim/replay"
)

// nightlyStateName is the file under the store where nightly keeps the
// risky approvals of its last run, so --fail-on-new can tell which are new.
const nightlyStateName = "nightly-state.json"

// nightlyState is what one nightly run remembers for the next.
type nightlyState struct {
	Run   time.Time `json:"run"`   // when the run finished replaying
	Risky []string  `json:"risky"` // call keys of dangerous calls that ran without asking, sorted
	// Decisions identifies the decisions table Risky was read from
	// (dataset.TableID) and RiskyHash is the hash of Risky as written: while
	// both still hold, the next run takes Risky as the table's risky
	// approvals without reading the table (nightly with nothing new).
	Decisions string `json:"decisions,omitempty"`
	RiskyHash string `json:"risky_hash,omitempty"`
}

// riskyHash fingerprints a sorted list of call keys.
func riskyHash(keys []string) string {
	h := sha256.New()
	var n [8]byte
	for _, k := range keys {
		binary.LittleEndian.PutUint64(n[:], uint64(len(k)))
		h.Write(n[:])
		io.WriteString(h, k)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// riskyApprovals reads the decisions table's dangerous calls that would
// run without asking.
func riskyApprovals(out string) (map[string]replay.DecisionRow, error) {
	risky := map[string]replay.DecisionRow{}
	err := dataset.Read(out, replay.DecisionsTable, func(d replay.DecisionRow) error {
		if d.Dangerous && d.Outcome == "runs" {
			risky[d.CallKey] = d
		}
		return nil
	})
	return risky, err
}

// compareNightly records this run's risky approvals under out and returns
// those the previous run did not have (all of them on a first run), and
// when that previous run was (zero on a first run).
func compareNightly(out string) (fresh []replay.DecisionRow, total int, prev time.Time, err error) {
	path := filepath.Join(out, nightlyStateName)
	var old nightlyState
	if data, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(data, &old); err != nil {
			return nil, 0, time.Time{}, fmt.Errorf("%s: %v (delete it to start over)", path, err)
		}
	} else if !os.IsNotExist(err) {
		return nil, 0, time.Time{}, err
	}
	decisionsID, idErr := dataset.TableID(out, replay.DecisionsTable)
	next := nightlyState{Run: time.Now().UTC(), Decisions: decisionsID}
	if idErr == nil && decisionsID != "" && old.Decisions == decisionsID && old.RiskyHash == riskyHash(old.Risky) {
		// The same decisions as the previous run read: the same risky
		// approvals, none new.
		next.Risky, next.RiskyHash = old.Risky, old.RiskyHash
	} else {
		risky, err := riskyApprovals(out)
		if err != nil {
			return nil, 0, time.Time{}, fmt.Errorf("reading the decisions table under %s: %w", out, err)
		}
		seen := map[string]bool{}
		for _, k := range old.Risky {
			seen[k] = true
		}
		for k, d := range risky {
			next.Risky = append(next.Risky, k)
			if !seen[k] {
				fresh = append(fresh, d)
			}
		}
		sort.Strings(next.Risky)
	}
	if idErr == nil && next.RiskyHash == "" {
		next.RiskyHash = riskyHash(next.Risky)
	}
	sort.Slice(fresh, func(i, j int) bool { return fresh[i].Ts.Before(fresh[j].Ts) })
	data, _ := json.MarshalIndent(next, "", " ")
	if err := dataset.WriteSideFile(out, nightlyStateName, data); err != nil {
		return nil, 0, time.Time{}, err
	}
	return fresh, len(next.Risky), old.Run, nil
}

// printNew says on stderr how many risky approvals are new, naming up to
// ten of them.
func printNew(w io.Writer, fresh []replay.DecisionRow, total int, prev time.Time) {
	since := "the previous run at " + prev.Format(time.RFC3339)
	if prev.IsZero() {
		since = "no previous run: all count as new"
	}
	fmt.Fprintf(w, "nightly: %d risky approvals (dangerous calls that would run without asking), %d new since %s\n", total, len(fresh), since)
	for i, d := range fresh {
		if i == 10 {
			fmt.Fprintf(w, "  … and %d more\n", len(fresh)-10)
			break
		}
		what := d.Command
		if what == "" {
			what = d.Tool
			for _, p := range d.Paths {
				what += " " + p
			}
		}
		rule := "rule " + d.RuleText
		if d.RuleText == "" {
			rule = "step " + d.Step
		}
		fmt.Fprintf(w, "  new: %s [%s] %s — approved by %s\n", d.Harness, d.ProjectDir, textsafe.Escape(what), textsafe.Escape(rule))
	}
}
