package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// storeModes lists every file and folder under out whose permission bits
// are not the store's (0700 folders, 0600 files), with the mode found.
func storeModes(t *testing.T, out string) map[string]fs.FileMode {
	t.Helper()
	bad := map[string]fs.FileMode{}
	n := 0
	err := filepath.WalkDir(out, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		st, err := os.Lstat(path)
		if err != nil {
			return err
		}
		n++
		want := fs.FileMode(0o600)
		if st.IsDir() {
			want = 0o700
		}
		if st.Mode().Perm() != want {
			bad[path] = st.Mode().Perm()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 10 {
		t.Fatalf("only %d entries under %s", n, out)
	}
	return bad
}

// Issue 27, "secrets at rest": the store holds the commands, paths and
// inputs of every call, from transcripts the harnesses keep at 0600, yet
// its files came out at the umask's 0644 and its folders at 0755. Under
// umask 022, ingest, replay and nightly (with its cached report and state)
// write every file 0600 and every folder 0700; and a store an older
// permsim left readable by others is tightened by the next run that writes.
func TestStoreIsPrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	home, root := demoArgs(t)
	out := filepath.Join(t.TempDir(), "store")
	for _, args := range [][]string{
		{"ingest", "--home", home, "--out", out},
		{"replay", "--out", out, "--root", "/home=" + root},
		{"nightly", "--home", home, "--out", out, "--root", "/home=" + root},
		{"nightly", "--home", home, "--out", out, "--root", "/home=" + root},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	for _, name := range []string{"manifest.json", "report-summary.json", "replay-inputs.json", "nightly-report.cache"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("the runs wrote no %s: %v", name, err)
		}
	}
	for path, mode := range storeModes(t, out) {
		t.Errorf("%s: mode %v", path, mode)
	}

	// An older store: everything readable by all.
	if err := filepath.WalkDir(out, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if e.IsDir() {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	}); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", out)
	if code != 0 {
		t.Fatalf("ingest over the older store: exit %d\n%s", code, stderr)
	}
	for path, mode := range storeModes(t, out) {
		t.Errorf("after ingest over an older store: %s: mode %v", path, mode)
	}
}
