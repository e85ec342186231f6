package ingesttest

import (
	"bufio"
	"encoding/json"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// realOutcome maps what a real harness did with a call, as permsim verify
// recorded it in a RESULTS.jsonl (runs, blocked, asks — the verify host
// answers every prompt no), to what the transcript must show happened.
var realOutcome = map[string]string{
	"runs":    toolcall.RecordedRan,
	"blocked": toolcall.RecordedRuleBlocked,
	"asks":    toolcall.RecordedUserRefused,
}

// CheckRecordedOutcomes checks each row's recorded_outcome against the
// real harness's outcome of the same call in resultsFile (a verify
// recording's RESULTS.jsonl, one line per call with call_index and
// outcome): the row of call index i is the one index gives i for. Every
// call of the file must have its row.
func CheckRecordedOutcomes(t *testing.T, rows map[string]ingest.Row, resultsFile string, index func(ingest.Row) (int, bool)) {
	t.Helper()
	f, err := safefile.Open(resultsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[int]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r struct {
			CallIndex int    `json:"call_index"`
			Outcome   string `json:"outcome"`
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", resultsFile, err)
		}
		w, ok := realOutcome[r.Outcome]
		if !ok {
			t.Fatalf("%s: call %d: outcome %q has no recorded counterpart", resultsFile, r.CallIndex, r.Outcome)
		}
		want[r.CallIndex] = w
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, r := range rows {
		i, ok := index(r)
		if !ok {
			continue
		}
		seen[i] = true
		if w, ok := want[i]; !ok {
			t.Errorf("%s: row of call %d (%s), which the recording does not list", resultsFile, i, r.CallID)
		} else if r.RecordedOutcome != w || r.RecordedEvidence == "" {
			t.Errorf("%s: call %d (%s %q %v): recorded %q (evidence %q), the real harness's outcome says %q",
				resultsFile, i, r.RawTool, r.Command, r.Paths, r.RecordedOutcome, r.RecordedEvidence, w)
		}
	}
	for i := range want {
		if !seen[i] {
			t.Errorf("%s: no row of call %d", resultsFile, i)
		}
	}
}
