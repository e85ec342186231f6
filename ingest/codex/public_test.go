package codex

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/internal/ingesttest"
)

// publicDir holds real Codex rollouts other people published (a
// byte-for-byte copy of each, zstd-compressed here to keep the repository
// small) and expected-calls.jsonl: an independent counter's one line per
// distinct tool call of each file, plus one note line per file
// (fixtures/public-transcripts/README.md; the Codex lines only).
const publicDir = "../../testdata/ingest/codex/public"

// publicCall is one line of expected-calls.jsonl: a call (CallID set)
// or a file's note (Note set).
type publicCall struct {
	File           string `json:"file"`
	CallID         string `json:"call_id"`
	Tool           string `json:"tool"`
	Line           int64  `json:"line"`
	Note           string `json:"note"`
	WebSearchCalls int    `json:"web_search_calls"`
}

// layPublicHome writes every published rollout, decompressed, where Codex
// would have written it in home (sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl,
// from the first line's session_meta) and returns, by the path laid out,
// the fixture's name (codex/<file>) that expected-calls.jsonl uses.
func layPublicHome(t *testing.T, home string) map[string]string {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(publicDir, "*.jsonl.zst"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no published rollouts in %s (%v)", publicDir, err)
	}
	dec, err := zstd.NewReader(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	laid := map[string]string{}
	for _, n := range names {
		z, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		b, err := dec.DecodeAll(z, nil)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		first, _, _ := strings.Cut(string(b), "\n")
		var meta struct {
			Payload struct {
				ID        string `json:"id"`
				Timestamp string `json:"timestamp"`
			} `json:"payload"`
		}
		if err := json.Unmarshal([]byte(first), &meta); err != nil || meta.Payload.ID == "" {
			t.Fatalf("%s: first line is no session_meta (%v)", n, err)
		}
		ts, err := time.Parse(time.RFC3339Nano, meta.Payload.Timestamp)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		dir := filepath.Join(home, ".codex/sessions", ts.Format("2006/01/02"))
		p := filepath.Join(dir, "rollout-"+ts.Format("2006-01-02T15-04-05")+"-"+meta.Payload.ID+".jsonl")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		laid[p] = "codex/" + strings.TrimSuffix(filepath.Base(n), ".zst")
	}
	return laid
}

// TestPublicRolloutsOneRowPerCall: the real published rollouts give one
// row of the calls table per call the independent counter lists, with the
// same call id, in the same file — write_stdin polls and the exec_command
// calls whose process outlived their first output ("Process running with
// session ID …") included — and a web_search_call row per search its note
// counts (those have no call id).
func TestPublicRolloutsOneRowPerCall(t *testing.T) {
	if testing.Short() {
		t.Skip("11 MB of real rollouts")
	}
	home := t.TempDir()
	t.Setenv("CODEX_HOME", "")
	laid := layPublicHome(t, home)

	want := map[string][]string{} // fixture file → call ids
	searches := map[string]int{}
	f, err := os.Open(filepath.Join(publicDir, "expected-calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	total := 0
	for sc.Scan() {
		var e publicCall
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Note != "" {
			searches[e.File] = e.WebSearchCalls
			continue
		}
		want[e.File] = append(want[e.File], e.CallID)
		total++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}

	rows, sum := ingesttest.RunIngest(t, New(), home)
	if len(sum.Problems) != 0 {
		t.Errorf("problems reading real rollouts: %v", sum.Problems)
	}
	got := map[string][]string{}
	gotSearches := map[string]int{}
	for _, r := range rows {
		name, ok := laid[r.SourceFile]
		if !ok {
			t.Errorf("row from %s, a file not laid out", r.SourceFile)
			continue
		}
		if r.RawTool == "web_search_call" {
			gotSearches[name]++
			continue
		}
		got[name] = append(got[name], r.CallID)
	}
	matched := 0
	for _, name := range laid {
		w, g := want[name], got[name]
		slices.Sort(w)
		slices.Sort(g)
		var missing, extra []string
		for _, id := range w {
			if _, ok := slices.BinarySearch(g, id); ok {
				matched++
			} else {
				missing = append(missing, id)
			}
		}
		for _, id := range g {
			if _, ok := slices.BinarySearch(w, id); !ok {
				extra = append(extra, id)
			}
		}
		if len(missing) > 0 || len(extra) > 0 {
			t.Errorf("%s: %d calls expected, %d rows; missing %d %v, not expected %d %v",
				name, len(w), len(g), len(missing), head(missing), len(extra), head(extra))
		}
		if gotSearches[name] != searches[name] {
			t.Errorf("%s: %d web searches, the counter saw %d", name, gotSearches[name], searches[name])
		}
	}
	t.Logf("rows matched %d / %d expected calls", matched, total)
}

func head(ids []string) []string { return ids[:min(len(ids), 5)] }
