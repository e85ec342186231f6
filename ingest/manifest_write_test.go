package ingest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// oldManifest is the form of manifest versions 1–3, decoded whole by
// json.Unmarshal: what the streaming reader must agree with.
type oldManifest struct {
	Version int                             `json:"version"`
	LastRun int64                           `json:"last_run"`
	Sources map[string]map[string]FileState `json:"sources"`
}

type flatEntry struct {
	H, Path string
	St      FileState
}

func flatten(m oldManifest) []flatEntry {
	var out []flatEntry
	for h, files := range m.Sources {
		for p, st := range files {
			out = append(out, flatEntry{h, p, st})
		}
	}
	slices.SortFunc(out, func(a, b flatEntry) int { return strings.Compare(a.H+"\x00"+a.Path, b.H+"\x00"+b.Path) })
	return out
}

// TestScanOldManifestAsUnmarshal: an old manifest is read an entry at a
// time and must give what json.Unmarshal gave, and refuse what it refused.
func TestScanOldManifestAsUnmarshal(t *testing.T) {
	for _, text := range []string{
		`{"version":3,"last_run":5,"sources":{"claude-code":{"/a":{"path":"/a","size":3,"state":"eyJ2IjoxfQ=="}},"codex":{},"gemini":null}}`,
		`{"version":2,"sources":null,"extra":{"x":[1,2,{"y":null}]},"last_run":7}`,
		` { "last_run" : 1 } `,
		`null`,
	} {
		var want oldManifest
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatal(err)
		}
		got := oldManifest{Sources: map[string]map[string]FileState{}}
		head, err := scanOldManifest(strings.NewReader(text), func(h, p string, st FileState) error {
			if got.Sources[h] == nil {
				got.Sources[h] = map[string]FileState{}
			}
			got.Sources[h][p] = st
			return nil
		})
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		got.Version, got.LastRun = head.Version, head.LastRun
		if got.Version != want.Version || got.LastRun != want.LastRun || !reflect.DeepEqual(flatten(got), flatten(want)) {
			t.Errorf("%s: read %+v, want (json.Unmarshal) %+v", text, got, want)
		}
	}
	for _, text := range []string{`{not json`, `{"version":"3"}`, `[]`, `{"sources":{"codex":[1]}}`, `{"version":3} {}`, `{"version":3`, ``} {
		var m oldManifest
		if json.Unmarshal([]byte(text), &m) == nil {
			t.Fatalf("%q: json.Unmarshal takes it; the test wants refused input", text)
		}
		if _, err := scanOldManifest(strings.NewReader(text), func(string, string, FileState) error { return nil }); err == nil {
			t.Errorf("%q: read without an error, json.Unmarshal refuses it", text)
		}
	}
}

// v4File is a version-4 manifest decoded whole by json.Unmarshal: the
// file must be one JSON document, so that an older permsim reads its
// version and refuses it.
type v4File struct {
	Version int             `json:"version"`
	LastRun int64           `json:"last_run"`
	Entries []manifestEntry `json:"entries"`
}

func decodeV4(t *testing.T, dir string) v4File {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, ManifestName))
	if err != nil {
		t.Fatal(err)
	}
	var m v4File
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("the manifest is not one JSON document: %v\n%s", err, b)
	}
	return m
}

// TestManifestRoundTrip: states added in any order, spilled to several
// sorted runs, are saved as one sorted JSON document; loaded again, every
// one is found as it was added, a file absent is not, and a later save
// keeps the old entries, lets new states win and leaves out files that
// no longer exist ("pruneGone forgets files that no longer exist, so the
// manifest does not grow forever").
func TestManifestRoundTrip(t *testing.T) {
	defer func(n int) { sorterBytes = n }(sorterBytes)
	// Every save rewrites the manifest whole (no delta: TestManifestDelta).
	defer func(n int64) { deltaDivisor = n }(deltaDivisor)
	deltaDivisor = 0
	sorterBytes = 2000 // a run file every few entries
	dir := t.TempDir()
	files := t.TempDir()
	names := []string{"plain.jsonl", "quote \" and \\ back.jsonl", "<&>.jsonl", "new\nline.jsonl", "é ü.jsonl", "a-b", "a/x.jsonl"}
	for i := range 300 {
		names = append(names, fmt.Sprintf("s-%03d.jsonl", i))
	}
	want := map[[2]string]FileState{}
	s := newStateSorter(dir)
	for i, n := range slices.Backward(names) {
		p := filepath.Join(files, n)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		h := []string{"claude-code", "codex", "gemini"}[i%3]
		st := FileState{Path: p, Size: int64(i), Inode: uint64(i) * 7, MtimeNs: int64(i) << 40, Offset: int64(i) / 2, Line: int64(i) / 3}
		if i%2 == 0 {
			st.State = fmt.Appendf(nil, `{"v":1,"n":%d}`, i)
		}
		s.add(h, st)
		want[[2]string{h, p}] = st
	}
	// Spilling and merging run files by level is internal/disksort's
	// (its tests); here: several runs are merged at the save, and the
	// runs merged away are gone from disk.
	if s.runs.Runs() < 3 {
		t.Fatalf("%d runs: the test wants the merge of several", s.runs.Runs())
	}
	if files, _ := filepath.Glob(filepath.Join(dir, ".manifest-run-*")); len(files) != s.runs.Runs() {
		t.Errorf("%d run files on disk, the sorter knows %d: merged runs must be removed", len(files), s.runs.Runs())
	}
	if err := saveManifest(dir, 42, s, nil); err != nil {
		t.Fatal(err)
	}
	s.remove()
	if files, _ := filepath.Glob(filepath.Join(dir, ".*")); len(files) != 0 {
		t.Errorf("left behind: %v", files)
	}
	doc := decodeV4(t, dir)
	if doc.Version != manifestVersion || doc.LastRun != 42 || len(doc.Entries) != len(want) {
		t.Fatalf("version %d, last run %d, %d entries; want %d, 42, %d", doc.Version, doc.LastRun, len(doc.Entries), manifestVersion, len(want))
	}
	if !slices.IsSortedFunc(doc.Entries, func(a, b manifestEntry) int {
		return strings.Compare(a.H+"\x00"+a.Path, b.H+"\x00"+b.Path)
	}) {
		t.Error("entries not sorted by harness and path")
	}

	m, prob, err := loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	if m.lastRun != 42 {
		t.Errorf("last run %d, want 42", m.lastRun)
	}
	for k, st := range want {
		got, ok := m.lookup(k[0], k[1], true)
		if !ok || !reflect.DeepEqual(got, st) {
			t.Errorf("%q: lookup %+v %v, want %+v", k, got, ok, st)
		}
	}
	for _, k := range [][2]string{{"codex", "/nowhere"}, {"claude-code", ""}, {"zz", "/"}, {"", ""}, {"claude-code", filepath.Join(files, "s-000.jsonl") + "x"}} {
		if got, ok := m.lookup(k[0], k[1], true); ok {
			t.Errorf("%q: found %+v, want none", k, got)
		}
	}

	// The next run: one file grew, one is deleted, one is new.
	grown := filepath.Join(files, "s-100.jsonl")
	gone := filepath.Join(files, "s-200.jsonl")
	added := filepath.Join(files, "added.jsonl")
	os.Remove(gone)
	os.WriteFile(added, nil, 0o644)
	var h100 string
	for k := range want {
		if k[1] == grown {
			h100 = k[0]
		}
	}
	s2 := newStateSorter(dir)
	s2.add(h100, FileState{Path: grown, Size: 999, Offset: 999, Line: 9})
	s2.add("opencode", FileState{Path: added, Size: 1})
	if err := saveManifest(dir, 43, s2, m); err != nil {
		t.Fatal(err)
	}
	m.close()
	doc = decodeV4(t, dir)
	if len(doc.Entries) != len(want)+1-1 {
		t.Errorf("%d entries after the second save, want %d", len(doc.Entries), len(want))
	}
	m2, prob, err := loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	defer m2.close()
	if got, _ := m2.lookup(h100, grown, true); got.Size != 999 {
		t.Errorf("grown file: %+v, want the new state", got)
	}
	if _, ok := m2.lookup("opencode", added, true); !ok {
		t.Error("new file not saved")
	}
	for k := range want {
		if k[1] == gone {
			if _, ok := m2.lookup(k[0], k[1], true); ok {
				t.Error("deleted file kept")
			}
		}
	}
	for k, st := range want {
		if k[1] == filepath.Join(files, "<&>.jsonl") {
			if got, ok := m2.lookup(k[0], k[1], true); !ok || !reflect.DeepEqual(got, st) {
				t.Errorf("old entry not kept: %+v %v, want %+v", got, ok, st)
			}
		}
	}
}

// TestManifestMigration: the manifests of real stores written by the
// permsims of manifest versions 2 and 3 (testdata/ingest/manifest/README.md)
// are read: every entry json.Unmarshal finds in them is found with the same
// state, their last run is kept, and saving writes them all as version 4.
func TestManifestMigration(t *testing.T) {
	for _, v := range []string{"v2", "v3"} {
		t.Run(v, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("..", "testdata", "ingest", "manifest", v+".json"))
			if err != nil {
				t.Fatal(err)
			}
			home := t.TempDir()
			raw = bytes.ReplaceAll(raw, []byte("/tmp/fm-gen/home"), []byte(home))
			var old oldManifest
			if err := json.Unmarshal(raw, &old); err != nil {
				t.Fatal(err)
			}
			entries := flatten(old)
			if len(entries) < 10 {
				t.Fatalf("%d entries in the testdata", len(entries))
			}
			for _, e := range entries {
				os.MkdirAll(filepath.Dir(e.Path), 0o755)
				if err := os.WriteFile(e.Path, nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, ManifestName), raw, 0o644)
			m, prob, err := loadManifest(dir)
			if err != nil || prob != nil {
				t.Fatal(err, prob)
			}
			if m.lastRun != old.LastRun {
				t.Errorf("last run %d, want %d", m.lastRun, old.LastRun)
			}
			check := func(m *manifestFile) {
				t.Helper()
				for _, e := range entries {
					got, ok := m.lookup(e.H, e.Path, true)
					if !ok || !reflect.DeepEqual(got, e.St) {
						t.Errorf("%s %s: %+v %v, want %+v", e.H, e.Path, got, ok, e.St)
					}
				}
			}
			check(m)
			if b, _ := os.ReadFile(filepath.Join(dir, ManifestName)); !bytes.Equal(b, raw) {
				t.Error("loading changed manifest.json: only a run's save may")
			}
			s := newStateSorter(dir)
			if err := saveManifest(dir, old.LastRun+1, s, m); err != nil {
				t.Fatal(err)
			}
			m.close()
			if _, err := os.Stat(filepath.Join(dir, ".manifest-v4.tmp")); err == nil {
				t.Error("the migrated copy was left behind")
			}
			if doc := decodeV4(t, dir); doc.Version != manifestVersion || len(doc.Entries) != len(entries) {
				t.Fatalf("saved version %d with %d entries, want %d with %d", doc.Version, len(doc.Entries), manifestVersion, len(entries))
			}
			m2, prob, err := loadManifest(dir)
			if err != nil || prob != nil {
				t.Fatal(err, prob)
			}
			defer m2.close()
			check(m2)
		})
	}
}

// TestManifestV4Problems: a version-4 manifest cut short, out of order or
// with a line that is no entry is corrupt (a Problem, every transcript read
// again); a newer version is refused.
func TestManifestV4Problems(t *testing.T) {
	e1 := `{"h":"codex","path":"/a","size":1,"inode":0,"mtime_ns":0,"offset":0,"line":0}`
	e2 := `{"h":"codex","path":"/b","size":1,"inode":0,"mtime_ns":0,"offset":0,"line":0}`
	head := `{"version":4,"last_run":9,"entries":[`
	for _, tc := range []struct {
		name, text string
		problem    string
		err        string
	}{
		{"whole", head + "\n" + e1 + ",\n" + e2 + "\n]}\n", "", ""},
		{"empty", head + "\n]}\n", "", ""},
		{"cut short", head + "\n" + e1 + ",\n" + e2[:20], "corrupt manifest", ""},
		{"no end", head + "\n" + e1 + ",\n" + e2 + "\n", "corrupt manifest", ""},
		{"out of order", head + "\n" + e2 + ",\n" + e1 + "\n]}\n", "corrupt manifest", ""},
		{"twice", head + "\n" + e1 + ",\n" + e1 + "\n]}\n", "corrupt manifest", ""},
		{"not an entry", head + "\n" + `{"path":"/a"}` + "\n]}\n", "corrupt manifest", ""},
		{"after the end", head + "\n]}\nx\n", "corrupt manifest", ""},
		{"newer", `{"version":6,"last_run":9,"entries":[` + "\n]}\n", "", "newer than this permsim"},
		{"old form of version 4", `{"version":4,"sources":{}}`, "not known", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, ManifestName), []byte(tc.text), 0o644)
			m, prob, err := loadManifest(dir)
			defer m.close()
			if (err != nil) != (tc.err != "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
			if (prob != nil) != (tc.problem != "") || (prob != nil && !strings.Contains(prob.Msg, tc.problem)) {
				t.Fatalf("problem %v, want %q", prob, tc.problem)
			}
			if tc.name == "whole" {
				if _, ok := m.lookup("codex", "/b", true); !ok {
					t.Error("entry /b not found")
				}
			}
		})
	}
}

// TestDecodeEntryAsUnmarshal: the field-by-field reading of a manifest
// line gives what json.Unmarshal gives, for lines as appendEntry writes
// them and for other JSON objects (members reordered, spaces), and leaves
// the reader's state out when not asked for it.
func TestDecodeEntryAsUnmarshal(t *testing.T) {
	lines := [][]byte{
		appendEntry(nil, "claude-code", FileState{Path: "/a \"q\" <&>\n\u2028é", Size: 10, Inode: 1 << 63, MtimeNs: -5, Offset: 10, Line: 2, State: []byte(`{"v":1}`)}),
		appendEntry(nil, "codex", FileState{Path: "/r"}),
		appendEntry(nil, "codex", FileState{Path: "/h", Offset: 9, Head: 1<<64 - 1, State: []byte(`{"v":1}`)}),
		[]byte(`{"path":"/x","h":"gemini","size":3, "state":"eyJ2IjoxfQ==","line":1,"offset":2,"mtime_ns":4,"inode":5}`),
		[]byte(`{"h":"gemini","path":"/y","size":3}`),
	}
	for _, line := range lines {
		var want manifestEntry
		if err := json.Unmarshal(line, &want); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if len(want.St) > 0 {
			want.State = []byte(want.St) // version 5: the state as JSON
		}
		got, ok := decodeEntry(line, true)
		if !ok || !reflect.DeepEqual(got, want.FileState) {
			t.Errorf("%s: decoded %+v, want (json.Unmarshal) %+v", line, got, want.FileState)
		}
		got, _ = decodeEntry(line, false)
		want.State = nil
		if !reflect.DeepEqual(got, want.FileState) {
			t.Errorf("%s without state: %+v, want %+v", line, got, want.FileState)
		}
	}
	for _, line := range []string{`{"h":"x","path":"/a","size":"3"}`, `{"h":"x","path":"/a","size":1,"inode":0,"mtime_ns":0,"offset":0,"line":0,"state":"!!"}`, `{"h":`, `nope`} {
		if st, ok := decodeEntry([]byte(line), true); ok {
			t.Errorf("%s: decoded %+v, json.Unmarshal refuses it", line, st)
		}
	}
}

// TestManifestBlocksBounded: entries holding large reader states (a
// window of calls waiting for their result) close a block of the index
// early, so a lookup never reads 64 of them at once; each is still found.
func TestManifestBlocksBounded(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	s := newStateSorter(dir)
	want := map[string]FileState{}
	for i := range 50 {
		p := filepath.Join(files, fmt.Sprintf("r-%02d.jsonl", i))
		os.WriteFile(p, nil, 0o644)
		st := FileState{Path: p, Size: int64(i), State: bytes.Repeat([]byte{byte('a' + i%26)}, 30<<10)}
		s.add("codex", st)
		want[p] = st
	}
	if err := saveManifest(dir, 1, s, nil); err != nil {
		t.Fatal(err)
	}
	s.remove()
	m, prob, err := loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	defer m.close()
	for i := range m.index {
		end := m.end
		if i+1 < len(m.index) {
			end = m.index[i+1].off
		}
		if n := end - m.index[i].off; n > manifestBlockBytes+64<<10 {
			t.Errorf("block %d is %d bytes", i, n)
		}
	}
	for p, st := range want {
		if got, ok := m.lookup("codex", p, true); !ok || !reflect.DeepEqual(got, st) {
			t.Errorf("%s: not found as saved (found %v)", p, ok)
		}
	}
}

// TestManifestDelta: a save with little new writes only the delta beside
// the manifest (which a lookup asks first, and whose last run counts);
// once the delta would pass a deltaDivisor-th of the manifest, the next
// save merges all into a new manifest, leaves out the files gone, and
// removes the delta. A delta that completes another manifest (a crash
// between a whole rewrite and the delta's removal) is ignored.
func TestManifestDelta(t *testing.T) {
	defer func(n int64) { deltaDivisor = n }(deltaDivisor)
	deltaDivisor = 8
	dir, files := t.TempDir(), t.TempDir()
	file := func(i int) string {
		p := filepath.Join(files, fmt.Sprintf("s-%03d.jsonl", i))
		if _, err := os.Stat(p); err != nil {
			os.WriteFile(p, nil, 0o644)
		}
		return p
	}
	s := newStateSorter(dir)
	for i := range 200 {
		s.add("codex", FileState{Path: file(i), Size: 1, Offset: 1, State: []byte(`{"v":1}`)})
	}
	if err := saveManifest(dir, 10, s, nil); err != nil {
		t.Fatal(err)
	}
	s.remove()
	base, _ := os.ReadFile(filepath.Join(dir, ManifestName))

	// Run 11: file 0 grew, file 300 is new. Only the delta is written.
	m, prob, err := loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	s = newStateSorter(dir)
	s.add("codex", FileState{Path: file(0), Size: 5, Offset: 5})
	s.add("codex", FileState{Path: file(300), Size: 2, Offset: 2})
	if err := saveManifest(dir, 11, s, m); err != nil {
		t.Fatal(err)
	}
	s.remove()
	m.close()
	if now, _ := os.ReadFile(filepath.Join(dir, ManifestName)); string(now) != string(base) {
		t.Error("a save with two new states rewrote the manifest")
	}
	delta, err := os.ReadFile(filepath.Join(dir, ManifestDeltaName))
	if err != nil || !strings.HasPrefix(string(delta), `{"version":5,"last_run":11,"base":10,"entries":[`) {
		t.Fatalf("delta %q (%v)", delta, err)
	}
	m, prob, err = loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	if st, _ := m.lookup("codex", file(0), true); st.Size != 5 || m.lastRun != 11 {
		t.Errorf("file 0 %+v, last run %d: want the delta's size 5 and last run 11", st, m.lastRun)
	}
	if _, ok := m.lookup("codex", file(300), false); !ok {
		t.Error("the new file is not found")
	}
	if st, ok := m.lookup("codex", file(7), true); !ok || string(st.State) != `{"v":1}` {
		t.Errorf("file 7 (only in the manifest): %+v %v", st, ok)
	}

	// Run 12: many new states, past an 8th of the manifest: one whole
	// manifest, the delta merged in and removed, a file gone left out.
	os.Remove(file(5))
	s = newStateSorter(dir)
	for i := 400; i < 450; i++ {
		s.add("codex", FileState{Path: file(i), Size: 3, Offset: 3})
	}
	if err := saveManifest(dir, 12, s, m); err != nil {
		t.Fatal(err)
	}
	s.remove()
	m.close()
	if _, err := os.Stat(filepath.Join(dir, ManifestDeltaName)); err == nil {
		t.Error("the delta is still there after a whole rewrite")
	}
	doc := decodeV4(t, dir)
	if doc.LastRun != 12 || len(doc.Entries) != 200+1+50-1 {
		t.Errorf("whole rewrite: last run %d, %d entries; want 12 and %d", doc.LastRun, len(doc.Entries), 250)
	}
	m, prob, err = loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	if st, _ := m.lookup("codex", file(0), true); st.Size != 5 {
		t.Errorf("file 0 after the merge: %+v, want the delta's state", st)
	}
	m.close()

	// The old delta, put back (as a crash before its removal leaves it),
	// completes manifest 10, not 12: ignored.
	if err := os.WriteFile(filepath.Join(dir, ManifestDeltaName), delta, 0o644); err != nil {
		t.Fatal(err)
	}
	m, prob, err = loadManifest(dir)
	if err != nil || prob != nil {
		t.Fatal(err, prob)
	}
	defer m.close()
	if m.delta != nil || m.lastRun != 12 {
		t.Errorf("a stale delta was used (last run %d)", m.lastRun)
	}
}

// TestPendingCallJSON: a waiting call written without its row's empty
// columns and its file reads back as it was, given its file (InFile),
// whatever its strings hold, and a row written whole (by an earlier
// permsim) still reads.
func TestPendingCallJSON(t *testing.T) {
	exit := int64(3)
	rows := []Row{
		{},
		{Harness: "claude-code", Command: "echo \"<&>\"\n\u2028\xff", Seq: -4, IsSubagent: true, ExitCode: &exit,
			Ts: time.Date(2026, 3, 14, 9, 0, 4, 5, time.UTC), Paths: []string{"/a", ""}, SourceFile: "/p/s.jsonl",
			CopyRank: "0|2026|/p/s.jsonl", CallKey: "claude:a:b"},
		{SourceFile: "/p/s.jsonl", CopyRank: "rank not ending with the file"},
	}
	for _, r := range rows {
		for _, emitted := range []bool{false, true} {
			b, err := json.Marshal([]*PendingCall{{Row: r, Emitted: emitted}})
			if err != nil {
				t.Fatal(err)
			}
			var got []*PendingCall
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if strings.Contains(string(b), "SourceFile") {
				t.Errorf("%s: the file is written with every call", b)
			}
			got[0].InFile(r.SourceFile) // as NewPending does, with the state's file
			want := r
			want.Command = strings.ToValidUTF8(want.Command, "\ufffd")
			if len(got) != 1 || !reflect.DeepEqual(got[0].Row, want) || got[0].Emitted != emitted {
				t.Errorf("%s read back as %+v", b, got[0])
			}
			whole, _ := json.Marshal(struct {
				Row     Row  `json:"row"`
				Emitted bool `json:"emitted"`
			}{r, emitted})
			var old PendingCall
			if err := json.Unmarshal(whole, &old); err != nil || !reflect.DeepEqual(old.Row, want) {
				t.Errorf("a whole row %s read back as %+v (%v)", whole, old.Row, err)
			}
		}
	}
}
