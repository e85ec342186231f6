package safefile

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOpenRefusesSpecialFiles: "a FIFO, socket or device file where a
// transcript is expected … only regular files are opened" (issue 14) —
// and the open of a FIFO without a writer returns at once.
func TestOpenRefusesSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, c := range specialFiles(t, dir, ".jsonl") {
		done := make(chan error, 1)
		go func() { _, err := ReadFile(c.path, 1<<20); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), c.kind) || !strings.Contains(err.Error(), c.path) {
				t.Errorf("%s: error %v, want one naming the file and %s", c.path, err, c.kind)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: ReadFile still blocked after 5 s", c.path)
		}
	}
	reg := filepath.Join(dir, "r.json")
	os.WriteFile(reg, []byte("{}"), 0o644)
	if b, err := ReadFile(reg, 10); err != nil || string(b) != "{}" {
		t.Errorf("regular file: %q, %v", b, err)
	}
}

// special is a path that is not a regular file, and the kind the error
// names it by.
type special struct{ path, kind string }

// specialFiles makes a FIFO and a listening Unix socket in dir, their names
// ending in ext, and lists them with a character device and dir itself:
// each kind of file the package must refuse. The test is skipped where
// FIFOs cannot be made; the socket closes when the test ends.
func specialFiles(t *testing.T, dir, ext string) []special {
	t.Helper()
	fifo := filepath.Join(dir, "x"+ext)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	sock := filepath.Join(dir, "s"+ext)
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return []special{{fifo, "a FIFO"}, {sock, "a socket"}, {"/dev/null", "a character device"}, {dir, "a folder"}}
}

func TestReadFileCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "settings.json")
	os.WriteFile(p, make([]byte, 3<<20), 0o644)
	_, err := ReadFile(p, 1<<20)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "3.0 MB") || !strings.Contains(err.Error(), p) {
		t.Errorf("err %v, want too large naming the file and its size", err)
	}
}

func TestCheckDepth(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1)
	cases := []struct {
		name string
		syn  Syntax
		in   string
		bad  bool
	}{
		{"json deep", JSON, "{\n\"a\":" + deep, true},
		{"json brackets in strings", JSON, `{"a":"` + deep + `"}`, false},
		{"json escaped quote", JSON, `{"a":"\"` + deep + `"}`, false},
		{"jsonc comment", JSON, "// " + deep + "\n{}", false},
		{"jsonc block comment", JSON, "/* " + deep + " */{}", false},
		{"toml deep inline", TOML, "a = " + deep, true},
		{"toml deep inline table", TOML, "a = " + strings.Repeat("{b=", MaxDepth+1), true},
		{"toml literal string", TOML, "a = '" + deep + "'", false},
		{"toml multi-line", TOML, "a = \"\"\"\n" + deep + "\n\"\"\"", false},
		{"toml comment", TOML, "# " + deep + "\na = 1", false},
		{"toml tables", TOML, strings.Repeat("[[rule]]\nx = [1, [2]]\n", 2000), false},
	}
	for _, c := range cases {
		err := CheckDepth([]byte(c.in), c.syn)
		if (err != nil) != c.bad || (err != nil && !errors.Is(err, ErrTooDeep)) {
			t.Errorf("%s: %v, want too deep %v", c.name, err, c.bad)
		}
	}
	if err := CheckDepth([]byte("{\n\n"+deep), JSON); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("line: %v", err)
	}
}
