package ingest_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
)

// fake is an in-test Source over the line format of
// testdata/ingest/run/README.md.
type fake struct {
	name     string
	mu       sync.Mutex
	failed   map[string]bool // files whose FAIL line already failed once
	opened   []string        // files Read opened, in order
	beforeRd func()          // called at the start of every Read
}

func newFake() *fake { return &fake{name: "fake", failed: map[string]bool{}} }

func (f *fake) Harness() string { return f.name }

func (f *fake) Files(home string) iter.Seq2[ingest.File, error] {
	files, err := f.Discover(home)
	ingest.SortFiles(files)
	return ingest.Yield(files, err)
}

func (f *fake) Discover(home string) ([]ingest.File, error) {
	dir := filepath.Join(home, f.name)
	if _, err := os.Stat(home); err != nil {
		return nil, err
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	slices.Sort(paths)
	var out []ingest.File
	for _, p := range paths {
		g, _, _ := strings.Cut(filepath.Base(p), ".")
		out = append(out, ingest.File{Path: p, Group: filepath.Join(dir, g)})
	}
	return out, nil
}

func (f *fake) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	if f.beforeRd != nil {
		f.beforeRd()
	}
	out := map[string]ingest.FileState{}
	for _, file := range files {
		fi, err := os.Stat(file.Path)
		if err != nil {
			sink.Problem(ingest.Problem{File: file.Path, Msg: err.Error()})
			continue
		}
		st, had := prev[file.Path]
		if had && st.Size == fi.Size() && st.MtimeNs == fi.ModTime().UnixNano() {
			out[file.Path] = st // unchanged: not opened
			continue
		}
		if !had || fi.Size() < st.Size {
			st = ingest.FileState{Path: file.Path}
		}
		f.mu.Lock()
		f.opened = append(f.opened, file.Path)
		f.mu.Unlock()
		fh, err := os.Open(file.Path)
		if err != nil {
			return out, err
		}
		if _, err := fh.Seek(st.Offset, io.SeekStart); err != nil {
			fh.Close()
			return out, err
		}
		br := bufio.NewReader(fh)
		for {
			line, err := br.ReadString('\n')
			if err != nil { // an incomplete last line waits for the next run
				break
			}
			st.Offset += int64(len(line))
			st.Line++
			sink.Bytes(int64(len(line)))
			text := strings.TrimSuffix(line, "\n")
			switch {
			case text == "FAIL":
				f.mu.Lock()
				once := !f.failed[file.Path]
				f.failed[file.Path] = true
				f.mu.Unlock()
				if once {
					fh.Close()
					return out, errors.New("FAIL line")
				}
			case strings.HasPrefix(text, "BAD"):
				sink.Problem(ingest.Problem{File: file.Path, Line: st.Line, Msg: "bad line: " + text})
			default:
				fs := strings.Fields(text)
				if len(fs) != 4 {
					sink.Problem(ingest.Problem{File: file.Path, Line: st.Line, Msg: "want 4 fields"})
					continue
				}
				var ts time.Time
				if fs[2] != "-" {
					ts, _ = time.Parse(time.RFC3339, fs[2])
				}
				sink.Row(ingest.Row{Harness: f.name, CallKey: fs[0], CopyRank: fs[1], Ts: ts, Result: fs[3],
					Tool: "bash", Command: "echo " + fs[0], SourceFile: file.Path, SourceOffset: st.Line})
			}
		}
		fh.Close()
		st.Size, st.MtimeNs = fi.Size(), fi.ModTime().UnixNano()
		out[file.Path] = st
	}
	return out, nil
}

// home copies testdata/ingest/run/<name>/home into a temp folder, so tests
// may change the transcripts.
func home(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("..", "testdata", "ingest", "run", name, "home")
	dst := filepath.Join(t.TempDir(), "home")
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

func run(t *testing.T, h, out string, src ingest.Source, mod ...func(*ingest.Options)) ingest.Summary {
	t.Helper()
	opts := ingest.Options{Homes: []string{h}, OutDir: out, Workers: 2}
	for _, m := range mod {
		m(&opts)
	}
	sum, err := ingest.Run(context.Background(), opts, []ingest.Source{src})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum
}

func readCalls(t *testing.T, out string) map[string]ingest.Row {
	t.Helper()
	got := map[string]ingest.Row{}
	err := ingest.ReadCalls(out, func(r ingest.Row) error {
		if _, dup := got[r.CallKey]; dup {
			t.Errorf("ReadCalls gave call_key %s twice", r.CallKey)
		}
		got[r.CallKey] = r
		return nil
	})
	if err != nil {
		t.Fatalf("ReadCalls: %v", err)
	}
	return got
}

// parquetFiles lists every file a `calls/**/*.parquet` glob would match.
func parquetFiles(t *testing.T, out string) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(filepath.Join(out, ingest.CallsTable), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".parquet") {
			files = append(files, p)
		}
		return nil
	})
	return files
}

func appendLine(t *testing.T, path, line string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(line); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// "a second Run over unchanged input reads no transcript bytes (Sink.Bytes
// total 0) and writes no new calls files"; a grown file is read from where
// the last run stopped.
func TestRunIncremental(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	src := newFake()

	first := run(t, h, out, src)
	s1 := filepath.Join(h, "fake", "s1.log")
	s2 := filepath.Join(h, "fake", "s2.log")
	size := func(p string) int64 { fi, _ := os.Stat(p); return fi.Size() }
	if first.Files != 2 || first.FilesSkippedUnchanged != 0 || first.BytesRead != size(s1)+size(s2) || first.Calls["fake"] != 5 {
		t.Errorf("first run: %+v, want 2 files, all %d bytes, 5 calls", first, size(s1)+size(s2))
	}
	calls := readCalls(t, out)
	if len(calls) != 5 {
		t.Fatalf("first run: %d calls, want 5", len(calls))
	}
	run1 := calls["k1"].IngestRun
	for k, r := range calls {
		if r.IngestRun != run1 || r.IngestRun == 0 {
			t.Errorf("%s: ingest_run %d, want one run id %d for every row", k, r.IngestRun, run1)
		}
	}
	if calls["k3"].Ts != (time.Time{}) || calls["k1"].Ts != time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) || calls["k1"].Harness != "fake" {
		t.Errorf("k1 %+v / k3 %+v: times or harness lost", calls["k1"], calls["k3"])
	}
	files1 := parquetFiles(t, out)

	src.opened = nil
	second := run(t, h, out, src)
	if second.BytesRead != 0 || second.Files != 0 || second.FilesSkippedUnchanged != 2 || len(second.Calls) != 0 {
		t.Errorf("unchanged run: %+v, want 0 bytes, 0 files read, 2 skipped, no calls", second)
	}
	if len(src.opened) != 0 {
		t.Errorf("unchanged run opened %v", src.opened)
	}
	if files2 := parquetFiles(t, out); !slices.Equal(files1, files2) {
		t.Errorf("unchanged run changed the calls files:\n%v\n%v", files1, files2)
	}

	line := "k6 0 2025-02-03T00:00:00Z ok\n"
	appendLine(t, s2, line)
	third := run(t, h, out, src)
	if third.BytesRead != int64(len(line)) || third.Files != 1 || third.FilesSkippedUnchanged != 1 || third.Calls["fake"] != 1 {
		t.Errorf("grown file: %+v, want %d bytes of 1 file, 1 skipped, 1 call", third, len(line))
	}
	calls = readCalls(t, out)
	if len(calls) != 6 || calls["k6"].IngestRun <= run1 || calls["k1"].IngestRun != run1 {
		t.Errorf("after growth: %d calls, k6 run %d, k1 run %d; want 6, k6 later than %d, k1 unchanged", len(calls), calls["k6"].IngestRun, calls["k1"].IngestRun, run1)
	}
	if n := len(parquetFiles(t, out)); n != len(files1)+1 {
		t.Errorf("%d calls files, want %d (one more for the new day)", n, len(files1)+1)
	}
}

// Run's doc: per CallKey the row with the lowest CopyRank is the one that
// counts, across groups read in parallel; between two rows of one run with
// the same call_key and copy_rank either may be kept.
func TestRunDedupeAcrossGroups(t *testing.T) {
	defer ingest.SetDedupeKeys(2)()
	for _, workers := range []int{1, 3} {
		h, out := home(t, "copies"), t.TempDir()
		sum := run(t, h, out, newFake(), func(o *ingest.Options) { o.Workers = workers })
		// k1 three times, k2 twice, k9 once: three calls written.
		if sum.Calls["fake"] != 3 {
			t.Errorf("workers=%d: %d calls written, want 3", workers, sum.Calls["fake"])
		}
		calls := readCalls(t, out)
		if r := calls["k1"]; r.CopyRank != "0" || r.Result != "original" {
			t.Errorf("workers=%d: k1 = rank %q result %q, want the original (rank 0)", workers, r.CopyRank, r.Result)
		}
		if r := calls["k2"]; r.Result != "second" && r.Result != "first" {
			t.Errorf("workers=%d: k2 = %q, want one of the tied copies", workers, r.Result)
		}
		if len(calls) != 3 {
			t.Errorf("workers=%d: %d calls, want 3", workers, len(calls))
		}
	}
}

// "A row whose CallKey was already written by an earlier run with a lower
// CopyRank is still written (the DuckDB view and the replay reader pick the
// best: lowest copy_rank, then highest ingest_run)".
func TestReadCallsAcrossRuns(t *testing.T) {
	t.Run("one pass", testReadCallsAcrossRuns)
	// The same answers when ReadCalls holds one key at a time and takes a
	// pass per key's hash bucket (how it keeps memory flat on big tables).
	t.Run("a pass per key", func(t *testing.T) {
		defer ingest.SetDedupeKeys(1)()
		testReadCallsAcrossRuns(t)
	})
}

func testReadCallsAcrossRuns(t *testing.T) {
	h, out := t.TempDir(), t.TempDir()
	dir := filepath.Join(h, "fake")
	os.MkdirAll(dir, 0o755)
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := newFake()

	write("a.log", "k1 0 2025-01-01T00:00:00Z original\nk2 0 - pending\n")
	run(t, h, out, src)
	write("b.log", "k1 1 2025-01-01T00:00:00Z copy\n")
	if sum := run(t, h, out, src); sum.Calls["fake"] != 1 {
		t.Errorf("the copy was not written again (%v)", sum.Calls)
	}
	if got := readCalls(t, out)["k1"]; got.Result != "original" {
		t.Errorf("k1 = %q after a later copy, want the original", got.Result)
	}
	// The same file rewritten (shorter, then longer): read from the start,
	// the same key and rank again, and the later run's row wins.
	write("a.log", "k2 0 - ok\n")
	run(t, h, out, src)
	write("a.log", "k2 0 - ok\nk1 0 2025-01-01T00:00:00Z original-again\n")
	run(t, h, out, src)
	calls := readCalls(t, out)
	if calls["k2"].Result != "ok" || calls["k1"].Result != "original-again" {
		t.Errorf("k1 %q k2 %q, want the latest run's original-again and ok", calls["k1"].Result, calls["k2"].Result)
	}
	rows := 0
	ingest.ReadCalls(out, func(ingest.Row) error { rows++; return nil })
	if rows != 2 {
		t.Errorf("ReadCalls gave %d rows, want 2", rows)
	}
}

// "the manifest survives a failed write (no manifest update when the
// Parquet write fails)": the next run reads the same input again.
func TestManifestSurvivesFailedWrite(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	src := newFake()
	run(t, h, out, src)
	manifest := filepath.Join(out, ingest.ManifestName)
	before, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	line := "k8 0 2025-05-05T00:00:00Z ok\n"
	appendLine(t, filepath.Join(h, "fake", "s1.log"), line)

	calls := filepath.Join(out, ingest.CallsTable)
	if err := os.Rename(calls, calls+".aside"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(calls, []byte("a file where the calls folder should be"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = ingest.Run(context.Background(), ingest.Options{Homes: []string{h}, OutDir: out}, []ingest.Source{src})
	if err == nil {
		t.Fatal("Run succeeded although the calls table could not be written")
	}
	if after, _ := os.ReadFile(manifest); !bytes.Equal(before, after) {
		t.Errorf("manifest changed by a run whose write failed:\n%s\n---\n%s", before, after)
	}

	os.Remove(calls)
	os.Rename(calls+".aside", calls)
	sum := run(t, h, out, src)
	if sum.BytesRead != int64(len(line)) || sum.Calls["fake"] != 1 {
		t.Errorf("run after the failure: %+v, want the %d bytes of the new line read and 1 call", sum, len(line))
	}
	if _, ok := readCalls(t, out)["k8"]; !ok {
		t.Error("the call of the failed run was lost")
	}
}

// "Problems are collected and counted", and String prints "skipped lines
// count with the first 5 file:line reasons". A group whose Read fails is a
// problem too, and is read again next run.
func TestRunProblems(t *testing.T) {
	h, out := home(t, "problems"), t.TempDir()
	src := newFake()
	p1 := filepath.Join(h, "fake", "p1.log")
	p3 := filepath.Join(h, "fake", "p3.log")
	sum := run(t, h, out, src, func(o *ingest.Options) { o.Homes = append(o.Homes, filepath.Join(h, "missing")) })

	// 3 BAD lines in p1, 4 in p2, p3's failed Read, the missing home.
	if sum.ProblemCount != 9 || len(sum.Problems) != 9 {
		t.Fatalf("ProblemCount %d, %d kept, want 9: %v", sum.ProblemCount, len(sum.Problems), sum.Problems)
	}
	var strs []string
	for _, p := range sum.Problems {
		strs = append(strs, p.String())
	}
	for _, want := range []string{p1 + ":2: bad line: BAD not a call", p1 + ":5: bad line: BAD third", p3 + ": fake: read failed: FAIL line"} {
		if !slices.ContainsFunc(strs, func(s string) bool { return strings.HasPrefix(s, want) }) {
			t.Errorf("no problem %q in %q", want, strs)
		}
	}
	if !slices.ContainsFunc(strs, func(s string) bool { return strings.Contains(s, "missing") }) {
		t.Errorf("the missing home is not reported: %q", strs)
	}
	text := sum.String()
	if !strings.Contains(text, "skipped: 9 ") {
		t.Errorf("String() does not give the count 9:\n%s", text)
	}
	listed := 0
	for _, s := range strs {
		if strings.Contains(text, "  "+s+"\n") {
			listed++
		}
	}
	if listed != 5 {
		t.Errorf("String() lists %d problems, want the first 5:\n%s", listed, text)
	}
	// p1 and p2 gave k1, k2, k3; p3's k7 was dropped with its failed group.
	calls := readCalls(t, out)
	if len(calls) != 3 || sum.Calls["fake"] != 3 {
		t.Errorf("calls %v (summary %v), want k1 k2 k3", calls, sum.Calls)
	}
	again := run(t, h, out, src)
	if again.Files != 1 || again.Calls["fake"] != 1 {
		t.Errorf("next run: %+v, want p3 read again and its call k7 written", again)
	}
	if _, ok := readCalls(t, out)["k7"]; !ok {
		t.Error("k7 never written")
	}
}

// "drops rows older than Since (zero Ts rows are kept)"; "A Since of zero
// means everything".
func TestRunSince(t *testing.T) {
	cases := []struct {
		since time.Time
		want  []string
	}{
		{time.Time{}, []string{"k1", "k2", "k3", "k4", "k5"}},
		{time.Date(2025, 1, 2, 3, 30, 0, 0, time.UTC), []string{"k2", "k3", "k4", "k5"}},
		{time.Date(2025, 2, 1, 0, 0, 1, 0, time.UTC), []string{"k3", "k5"}},
	}
	for _, tc := range cases {
		h, out := home(t, "basic"), t.TempDir()
		run(t, h, out, newFake(), func(o *ingest.Options) { o.Since = tc.since })
		var got []string
		for k := range readCalls(t, out) {
			got = append(got, k)
		}
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("since %v: %v, want %v", tc.since, got, tc.want)
		}
	}
}

func TestRunHarnessFilter(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	other := newFake()
	other.name = "other"
	src := newFake()
	sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{h}, OutDir: out, Harnesses: []string{"other"}}, []ingest.Source{src, other})
	if err != nil {
		t.Fatal(err)
	}
	if len(src.opened) != 0 || sum.Files != 0 {
		t.Errorf("fake was read although only other was asked for: %v", src.opened)
	}
	_, err = ingest.Run(context.Background(), ingest.Options{Homes: []string{h}, OutDir: out, Harnesses: []string{"nope"}}, []ingest.Source{src})
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown harness: err = %v", err)
	}
}

// A run id is larger than every earlier run's even when the clock went
// back, or "later ingest_run wins" would pick the older row.
func TestRunIDIncreasesPastClock(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	future := time.Now().Add(time.Hour).UnixNano()
	m := `{"version":2,"last_run":` + strconv.FormatInt(future, 10) + `,"sources":{}}`
	if err := os.WriteFile(filepath.Join(out, ingest.ManifestName), []byte(m), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, h, out, newFake())
	if got := readCalls(t, out)["k1"].IngestRun; got != future+1 {
		t.Errorf("ingest_run %d, want %d (the manifest's last run + 1)", got, future+1)
	}
}

func TestManifestProblems(t *testing.T) {
	cases := []struct {
		name     string
		manifest string
		wantErr  string // Run fails
		wantProb string // Run reads everything and reports this
	}{
		{"corrupt", "{not json", "", "corrupt manifest"},
		{"newer version", `{"version":99,"sources":{}}`, "newer than this permsim", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h, out := home(t, "basic"), t.TempDir()
			os.WriteFile(filepath.Join(out, ingest.ManifestName), []byte(tc.manifest), 0o644)
			sum, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{h}, OutDir: out}, []ingest.Source{newFake()})
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if got, _ := os.ReadFile(filepath.Join(out, ingest.ManifestName)); string(got) != tc.manifest {
					t.Error("the newer manifest was overwritten")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sum.ProblemCount != 1 || !strings.Contains(sum.Problems[0].String(), tc.wantProb) || sum.Calls["fake"] != 5 {
				t.Errorf("summary %+v, want one problem %q and all 5 calls", sum, tc.wantProb)
			}
		})
	}
}

// syncBuf is a bytes.Buffer safe for the progress goroutine and the test.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) { s.mu.Lock(); defer s.mu.Unlock(); return s.b.Write(p) }
func (s *syncBuf) String() string              { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// Progress: "ingest: 12/40 files, 812 MB, 3,120 calls", one line per tick
// when the writer is not a terminal.
func TestRunProgress(t *testing.T) {
	h, out := home(t, "basic"), t.TempDir()
	var buf syncBuf
	src := newFake()
	src.beforeRd = func() {
		// Hold the read until a progress line shows (the ticker's first
		// tick), so the test waits for an event rather than a duration.
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			if strings.Contains(buf.String(), "\n") {
				return
			}
		}
	}
	run(t, h, out, src, func(o *ingest.Options) { o.Progress = &buf; o.Workers = 1 })
	first, _, _ := strings.Cut(buf.String(), "\n")
	if !strings.HasPrefix(first, "ingest: 0/2 files, 0.0 MB, 0 calls") {
		t.Errorf("progress line %q, want %q", first, "ingest: 0/2 files, 0.0 MB, 0 calls")
	}
	if strings.Contains(buf.String(), "\r") {
		t.Error("\\r written to a writer that is not a terminal")
	}
}

func TestSummaryString(t *testing.T) {
	s := ingest.Summary{Files: 12, FilesSkippedUnchanged: 1234, BytesRead: 812_400_000,
		Calls: map[string]int{"codex": 40, "claude-code": 3120}}
	want := "ingest: 12 files read (812 MB), 1,234 unchanged and skipped\ncalls: claude-code 3,120, codex 40\n"
	if got := s.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
