package jsonl

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

func read(t *testing.T, path string, prev map[string]ingest.FileState) (*ingesttest.Sink, map[string]ingest.FileState) {
	t.Helper()
	return ingesttest.ReadAll(t, New(path), "", prev)
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const example = "../../testdata/ingest/jsonl/example.jsonl"

// TestExample imports the example of docs/import-format.md and checks each
// call against what the document says it gives.
func TestExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/import-format.md")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(example)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if !strings.Contains(string(doc), sc.Text()+"\n") {
			t.Errorf("docs/import-format.md does not show the example line %s", sc.Text())
		}
	}
	f.Close()

	abs, _ := filepath.Abs(example)
	sink, _ := read(t, example, nil)
	if len(sink.Problems) != 0 {
		t.Errorf("problems: %v", sink.Problems)
	}
	if len(sink.Rows) != 4 {
		t.Fatalf("rows: %d, want 4", len(sink.Rows))
	}
	zero := int64(0)
	type want struct {
		harness, tool, key, mode, modeSource, result, paths, input string
		exit                                                       *int64
		ts                                                         string
	}
	wants := []want{
		// "a bash call (no tool, but a command) with key codey:s-0142:c1,
		// mode default from the import (mode_source import), exit code 0"
		{"codey", "bash", "codey:s-0142:c1", "default", "import", "ok", "", "", &zero, "2026-05-02T09:15:04Z"},
		// "a read of /home/dev/demo-app/.env (made absolute against cwd)
		// that the user refused"
		{"codey", "read", "codey:s-0142:c2", "default", "import", "denied", "/home/dev/demo-app/.env", `{"file_path":".env"}`, nil, "2026-05-02T09:15:20Z"},
		// "an edit of /home/dev/demo-app/src/config.py in acceptEdits"
		{"codey", "edit", "codey:s-0142:c3", "acceptEdits", "import", "ok", "/home/dev/demo-app/src/config.py", "", nil, "2026-05-02T09:16:02Z"},
		// "a bash call of the harness my-agent with no session, no mode
		// (mode_source none), result unknown, keyed by the import file and
		// line 4"
		{"my-agent", "bash", "my-agent:" + abs + ":4", "", "none", "unknown", "", "", nil, ""},
	}
	for i, w := range wants {
		r := sink.Rows[i]
		var wantTs time.Time
		if w.ts != "" {
			wantTs, _ = time.Parse(time.RFC3339, w.ts)
		}
		got := []any{r.Harness, r.Tool, r.CallKey, r.Mode, r.ModeSource, r.Result, strings.Join(r.Paths, ","), r.InputJSON, ingesttest.FmtPtr(r.ExitCode), r.Ts}
		exp := []any{w.harness, w.tool, w.key, w.mode, w.modeSource, w.result, w.paths, w.input, ingesttest.FmtPtr(w.exit), wantTs}
		for j := range got {
			if got[j] != exp[j] {
				t.Errorf("line %d field %d: got %v, want %v", i+1, j, got[j], exp[j])
			}
		}
		// "seq | the line number", "source_file, source_offset | the
		// import file and its line number".
		if r.Seq != int64(i+1) || r.SourceFile != abs || r.SourceOffset != int64(i+1) {
			t.Errorf("line %d: seq %d source %s:%d", i+1, r.Seq, r.SourceFile, r.SourceOffset)
		}
	}
}

// TestBadLines: "A line that breaks a rule below is reported with its file
// and line number and skipped; the rest of the file is imported."
func TestBadLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	lines := []string{
		`{"harness":"codey","call_id":"a","command":"ls"}`, // 1 ok
		`not json at all`,                                              // 2
		`{"call_id":"b","command":"ls"}`,                               // 3 no harness
		`{"harness":"codey","tool":"shell","command":"ls"}`,            // 4 unknown tool word
		`{"harness":"codey","result":"maybe"}`,                         // 5 unknown result
		`{"harness":"codey","exit_code":"1"}`,                          // 6 wrong type
		`{"harness":"codey","ts":"yesterday"}`,                         // 7 not RFC 3339
		`{"harness":"codey","seq":1.5}`,                                // 8 not a whole number
		`{"harness":"codey","input_json":"{not json"}`,                 // 9 string that is not JSON text
		`{"harness":"codey","call_id":"c","comand":"ls"}`,              // 10 imported, unknown key reported
		`{"harness":"codey","call_id":"d","paths":"a.txt","cwd":"/p"}`, // 11 ok, one path as a string
		`{"harness":"codey","call_id":"e","ingest_run":5}`,             // 12 imported, ingest_run ignored
		`[1,2,3]`, // 13 not an object
		`{"harness":"codey","call_id":"f","is_subagent":"yes"}`,                                        // 14 wrong type
		`{"harness":"codey","call_id":"g","command":"ls","tool":"bash"}`,                               // 15 ok
		`{"harness":"codey","call_id":"h","recorded_outcome":"refused"}`,                               // 16 unknown recorded outcome
		`{"harness":"codey","call_id":"i","recorded_outcome":"user-refused","recorded_evidence":"no"}`, // 17 ok
	}
	writeFile(t, path, strings.Join(lines, "\n")+"\n")
	sink, st := read(t, path, nil)

	var ids []string
	for _, r := range sink.Rows {
		ids = append(ids, r.CallID)
	}
	if got := strings.Join(ids, ","); got != "a,c,d,e,g,i" {
		t.Errorf("imported calls: %s, want a,c,d,e,g,i", got)
	}
	wantLines := []int64{2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 16}
	if len(sink.Problems) != len(wantLines) {
		t.Fatalf("problems: %d, want %d: %v", len(sink.Problems), len(wantLines), sink.Problems)
	}
	for i, p := range sink.Problems {
		if p.File != path || p.Line != wantLines[i] {
			t.Errorf("problem %d: %s, want line %d", i, p, wantLines[i])
		}
	}
	for _, frag := range []struct {
		i   int
		msg string
	}{{1, `"harness" is required`}, {2, `tool "shell"`}, {4, "exit_code"}, {8, "comand"}, {9, "ingest_run"}, {12, `recorded_outcome "refused"`}} {
		if !strings.Contains(sink.Problems[frag.i].Msg, frag.msg) {
			t.Errorf("problem %s should mention %q", sink.Problems[frag.i], frag.msg)
		}
	}
	for _, r := range sink.Rows {
		if r.CallID == "i" && (r.RecordedOutcome != "user-refused" || r.RecordedEvidence != "no") {
			t.Errorf("recorded outcome: %q, evidence %q", r.RecordedOutcome, r.RecordedEvidence)
		}
		if r.CallID == "d" && (len(r.Paths) != 1 || r.Paths[0] != "/p/a.txt") {
			t.Errorf("paths as one string: %v", r.Paths)
		}
	}
	if st[path].Line != int64(len(lines)) {
		t.Errorf("state: line %d, want %d", st[path].Line, len(lines))
	}
}

// TestIncremental: "A file that grew is read on from where the last run
// stopped; a file changed in any other way is read again whole"; "A last
// line without a newline is imported when it is a whole JSON object, and
// otherwise left for the next run."
func TestIncremental(t *testing.T) {
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	first := `{"harness":"codey","call_id":"a"}` + "\n" + `{"harness":"codey","call_id":"b"}`
	writeFile(t, path, first)
	s1, st1 := read(t, path, nil)
	if len(s1.Rows) != 2 || st1[path].Offset != int64(len(first)) {
		t.Fatalf("first: %d rows, offset %d", len(s1.Rows), st1[path].Offset)
	}

	if s, _ := read(t, path, st1); len(s.Rows) != 0 || s.ByteCount != 0 {
		t.Errorf("unchanged file: %d rows, %d bytes", len(s.Rows), s.ByteCount)
	}

	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("\n" + `{"harness":"codey","call_id":"c"}` + "\n" + `{"harness":"codey","call_id":"d","comm`)
	f.Close()
	s2, st2 := read(t, path, st1)
	if len(s2.Rows) != 1 || s2.Rows[0].CallID != "c" || s2.Rows[0].Seq != 4 {
		t.Errorf("grown file: %+v, want only c (line 4: the empty line 3 counts)", s2.Rows)
	}
	if len(s2.Problems) != 1 || s2.Problems[0].Line != 5 {
		t.Errorf("cut last line: %v, want a problem at line 5", s2.Problems)
	}

	f, _ = os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`and":"ls"}` + "\n")
	f.Close()
	s3, _ := read(t, path, st2)
	if len(s3.Rows) != 1 || s3.Rows[0].CallID != "d" || s3.Rows[0].Command != "ls" || s3.Rows[0].SourceOffset != 5 {
		t.Errorf("completed last line: %+v", s3.Rows)
	}

	writeFile(t, path, `{"harness":"codey","call_id":"z"}`+"\n") // rewritten, shorter
	s4, _ := read(t, path, st2)
	if len(s4.Rows) != 1 || s4.Rows[0].CallID != "z" || s4.Rows[0].SourceOffset != 1 {
		t.Errorf("rewritten file: %+v", s4.Rows)
	}
}

// TestRunAndImportAgain: the rows go through ingest.Run into the calls
// table, and "a call whose result you learn later can be imported again
// with the same key and its result" — the later run's row is the one the
// table gives.
func TestRunAndImportAgain(t *testing.T) {
	out := t.TempDir()
	path := filepath.Join(t.TempDir(), "calls.jsonl")
	writeFile(t, path, `{"harness":"codey","session_id":"s","call_id":"a","command":"ls","result":"unknown"}`+"\n")
	run := func() ingest.Summary {
		t.Helper()
		sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{t.TempDir()}, OutDir: out}, []ingest.Source{New(path)})
		if err != nil {
			t.Fatal(err)
		}
		if sum.ProblemCount != 0 {
			t.Errorf("problems: %v", sum.Problems)
		}
		return sum
	}
	if sum := run(); sum.Calls["codey"] != 1 {
		t.Errorf("first run: %+v", sum.Calls)
	}
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"harness":"codey","session_id":"s","call_id":"a","command":"ls","result":"ok","exit_code":0}` + "\n")
	f.Close()
	if sum := run(); sum.Calls["codey"] != 1 || sum.Files != 1 {
		t.Errorf("second run: %+v", sum)
	}
	var rows []ingest.Row
	if err := ingest.ReadCalls(out, func(r ingest.Row) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Result != "ok" || rows[0].CallKey != "codey:s:a" || rows[0].SourceOffset != 2 {
		t.Errorf("table: %+v", rows)
	}
}

// TestUnreadableFile: an import file that cannot be read is reported by
// name and the other files are imported whole.
func TestUnreadableFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	writeFile(t, good, `{"harness":"codey","call_id":"a"}`+"\n"+`{"harness":"codey","call_id":"b"}`+"\n")
	missing := filepath.Join(dir, "missing.jsonl")
	out := t.TempDir()
	sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{dir}, OutDir: out}, []ingest.Source{New(missing, good)})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Calls["codey"] != 2 {
		t.Errorf("calls: %v, want good.jsonl's 2", sum.Calls)
	}
	if sum.ProblemCount != 1 || sum.Problems[0].File != missing || !strings.Contains(sum.Problems[0].Msg, "cannot read") {
		t.Errorf("problems: %v, want one naming %s", sum.Problems, missing)
	}
}
