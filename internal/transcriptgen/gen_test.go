package transcriptgen

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The generator promises valid JSONL of about the asked size in which tool
// calls are a small share of the bytes; this checks all three.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	st, err := Write(Options{Dir: dir, TotalBytes: 3 << 20, FileBytes: 1 << 20, Projects: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if st.Files != 3 || st.Bytes < 3<<20 || st.Bytes > 4<<20 {
		t.Errorf("files %d bytes %d; want 3 files of about 3 MiB", st.Files, st.Bytes)
	}
	var calls int
	var callBytes, total int64
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var v map[string]any
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				t.Fatalf("%s: invalid JSON line: %v", p, err)
			}
			total += int64(len(sc.Bytes()) + 1)
			if strings.Contains(sc.Text(), `"type":"tool_use"`) {
				calls++
				callBytes += int64(len(sc.Bytes()) + 1)
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls != st.ToolCalls || calls == 0 {
		t.Errorf("found %d tool_use lines, Stats says %d", calls, st.ToolCalls)
	}
	if total != st.Bytes {
		t.Errorf("files hold %d bytes, Stats says %d", total, st.Bytes)
	}
	if share := float64(callBytes) / float64(total); share > 0.15 {
		t.Errorf("tool-call lines are %.0f%% of the bytes; real transcripts have few", share*100)
	}
}
