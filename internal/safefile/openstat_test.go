package safefile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOpenStatRefusesSpecialFiles: OpenStat keeps Open's promise ("only
// regular files are opened", issue 14) whether the caller's stat says the
// file is special, or says it is regular and a FIFO, socket, device or
// folder was swapped in since; a regular file is opened and its own stat
// returned.
func TestOpenStatRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	specials := specialFiles(t, dir, ".json")
	reg := filepath.Join(dir, "r.json")
	if err := os.WriteFile(reg, []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	regStat, err := os.Stat(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range specials {
		own, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		for name, pre := range map[string]os.FileInfo{"own stat": own, "no stat": nil, "a regular file's stat": regStat} {
			done := make(chan error, 1)
			go func() {
				f, _, err := OpenStat(c.path, pre)
				if f != nil {
					f.Close()
				}
				done <- err
			}()
			select {
			case err := <-done:
				if c.kind == "a socket" && pre == regStat {
					// Swapped in after the caller's stat: the open itself
					// fails (ENXIO), as it does for Open in that race.
					if err == nil || !strings.Contains(err.Error(), c.path) {
						t.Errorf("%s, %s: error %v, want one naming the file", c.path, name, err)
					}
					continue
				}
				if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), c.kind) || !strings.Contains(err.Error(), c.path) {
					t.Errorf("%s, %s: error %v, want one naming the file and %s", c.path, name, err, c.kind)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("%s, %s: OpenStat still blocked after 5 s", c.path, name)
			}
		}
	}
	f, st, err := OpenStat(reg, regStat)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil || string(b) != `{"a":1}` || st.Size() != int64(len(b)) || !st.Mode().IsRegular() {
		t.Errorf("regular file: %q, %v, stat %v", b, err, st)
	}
	if _, _, err := OpenStat(filepath.Join(dir, "missing.json"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}
