package ingesttest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// Conformer is one transcript reader as the conformance suite sees it.
type Conformer struct {
	// New makes a fresh Source reading home (a copy of Fixture); most
	// Sources find their files under the home Discover is given and need
	// not look at it.
	New func(home string) ingest.Source
	// Fixture is a home folder of the reader's own fixtures; the suite
	// reads a copy of it, so the copy's files may be changed.
	Fixture string
	// MinRows is the fewest calls the fixture holds.
	MinRows int
	// Imported is set for the JSONL import, whose rows name their harness
	// themselves (not Source.Harness) and may leave the raw tool empty
	// (docs/import-format.md).
	Imported bool
}

// Conform checks what every Source must do, whatever its format:
//   - rows: the fixture gives at least MinRows calls, each with its
//     harness, a normalized tool, the raw tool (imports may omit it), a call key and the file it
//     came from (one of those Discover listed);
//   - again: a second fresh read gives the same rows;
//   - unchanged: a read with the first read's states opens nothing (no
//     bytes, rows or problems), as Source.Read promises;
//   - run: ingest.Run over the fixture stores one row per call key the
//     reader gave;
//   - corrupt: every file replaced by garbage is reported (a Problem naming
//     the file, or an error), and cut short is read without a panic or a
//     hang;
//   - cancelled: Read with a cancelled context returns at once.
func Conform(t *testing.T, c Conformer) {
	t.Helper()
	home := func(t *testing.T) string {
		h := filepath.Join(t.TempDir(), "home")
		CopyTree(t, c.Fixture, h)
		return h
	}
	// discover copies the fixture and lists its files.
	discover := func(t *testing.T) (string, ingest.Source, []ingest.File) {
		h := home(t)
		src := c.New(h)
		files, err := ingest.Discover(src, h)
		if err != nil {
			t.Fatal(err)
		}
		return h, src, files
	}
	t.Run("rows", func(t *testing.T) {
		h, src, files := discover(t)
		listed := map[string]bool{}
		for _, f := range files {
			listed[f.Path] = true
		}
		sink, _ := ReadHome(t, src, h, nil)
		if len(sink.Rows) < c.MinRows {
			t.Fatalf("%d rows from the fixture, want at least %d", len(sink.Rows), c.MinRows)
		}
		for _, r := range sink.Rows {
			checkRow(t, src, c, r, listed)
		}
	})
	t.Run("order", func(t *testing.T) {
		h, src, files := discover(t)
		if err := InOrder(files); err != nil {
			t.Error(err)
		}
		for range src.Files(h) {
			break // a listing stopped early must not panic or go on
		}
	})
	t.Run("again", func(t *testing.T) {
		h := home(t)
		first, _ := ReadHome(t, c.New(h), h, nil)
		second, _ := ReadHome(t, c.New(h), h, nil)
		if !reflect.DeepEqual(first.Rows, second.Rows) {
			t.Errorf("two reads of the same files differ: %d and %d rows", len(first.Rows), len(second.Rows))
		}
	})
	t.Run("unchanged", func(t *testing.T) {
		h := home(t)
		_, states := ReadHome(t, c.New(h), h, nil)
		again, _ := ReadHome(t, c.New(h), h, states)
		if len(again.Rows) != 0 || len(again.Problems) != 0 || again.ByteCount != 0 {
			t.Errorf("unchanged files read again: %d rows, %d problems, %d bytes", len(again.Rows), len(again.Problems), again.ByteCount)
		}
	})
	t.Run("run", func(t *testing.T) {
		h := home(t)
		sink, _ := ReadHome(t, c.New(h), h, nil)
		want := KeepOriginals(sink.Rows)
		got, _ := RunIngest(t, c.New(h), h)
		if !reflect.DeepEqual(Keys(got), Keys(want)) {
			t.Errorf("ingest.Run stored calls %v, the reader gave %v", Keys(got), Keys(want))
		}
	})
	t.Run("corrupt", func(t *testing.T) {
		h, _, files := discover(t)
		for _, f := range files {
			if err := os.WriteFile(f.Path, []byte("\x00\xffnot a transcript {\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, f := range files {
			sink, err := readBounded(t, c.New(h), []ingest.File{f})
			if err != nil {
				continue
			}
			named := false
			for _, p := range sink.Problems {
				named = named || p.File == f.Path
			}
			if !named {
				t.Errorf("%s holds garbage: no problem names it (%v)", f.Path, sink.Problems)
			}
		}
	})
	t.Run("cut short", func(t *testing.T) {
		h, _, files := discover(t)
		for _, f := range files {
			if st, err := os.Stat(f.Path); err == nil && st.Mode().IsRegular() {
				if err := os.Truncate(f.Path, st.Size()/2); err != nil {
					t.Fatal(err)
				}
			}
		}
		readBounded(t, c.New(h), files)
	})
	t.Run("cancelled", func(t *testing.T) {
		h, _, files := discover(t)
		src := c.New(h)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, _ = src.Read(ctx, files, nil, &Discard{})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Read with a cancelled context still runs after 10 s")
		}
	})
}

// readBounded reads files with a fresh Source and fails the test when that
// takes over 10 seconds.
func readBounded(t *testing.T, src ingest.Source, files []ingest.File) (*Sink, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sink := &Sink{}
	_, err := src.Read(ctx, files, nil, sink)
	if ctx.Err() != nil {
		t.Fatalf("reading %d files took over 10 s", len(files))
	}
	return sink, err
}

// checkRow checks the fields every row must have.
func checkRow(t *testing.T, src ingest.Source, c Conformer, r ingest.Row, listed map[string]bool) {
	t.Helper()
	switch {
	case r.Harness == "":
		t.Errorf("%s: no harness", r.CallKey)
	case !c.Imported && r.Harness != src.Harness():
		t.Errorf("%s: harness %q, the Source is %q", r.CallKey, r.Harness, src.Harness())
	}
	if r.CallKey == "" {
		t.Errorf("a row without a call key: %+v", r)
	}
	if r.RawTool == "" && !c.Imported {
		t.Errorf("%s: no raw tool", r.CallKey)
	}
	known := false
	for _, tool := range toolcall.Tools {
		known = known || string(tool) == r.Tool
	}
	if !known {
		t.Errorf("%s: tool %q is not one of the normalized tools", r.CallKey, r.Tool)
	}
	if !listed[r.SourceFile] && !listedUnder(listed, r.SourceFile) {
		t.Errorf("%s: source file %q is not one Discover listed", r.CallKey, r.SourceFile)
	}
}

// listedUnder reports whether p names a record inside a listed file (a
// database row "file#…", or a file the listed one stands for).
func listedUnder(listed map[string]bool, p string) bool {
	for f := range listed {
		if strings.HasPrefix(p, f) || strings.HasPrefix(f, filepath.Dir(p)+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// InOrder checks files are in the order ingest.Source.Files promises (Run
// merges homes and streams the manifest by it): a group's files together,
// groups by increasing ingest.GroupKey (so a group cannot come back after
// another), no path twice.
func InOrder(files []ingest.File) error {
	seen := map[string]bool{}
	for i, f := range files {
		if seen[f.Path] {
			return fmt.Errorf("%s listed twice", f.Path)
		}
		seen[f.Path] = true
		if i == 0 {
			continue
		}
		prev, key := ingest.GroupKey(files[i-1]), ingest.GroupKey(f)
		if key < prev {
			return fmt.Errorf("group %q (%s) listed after group %q", key, f.Path, prev)
		}
	}
	return nil
}

// ListInOrder lists src's files under home as ingest.Run does
// (ingest.Discover), fails t when the listing fails, reports files out of
// InOrder's order, and returns them.
func ListInOrder(t testing.TB, src ingest.Source, home string) []ingest.File {
	t.Helper()
	files, err := ingest.Discover(src, home)
	if err != nil {
		t.Fatal(err)
	}
	if err := InOrder(files); err != nil {
		t.Errorf("%v\nlisted:\n%s", err, strings.Join(Paths(files), "\n"))
	}
	return files
}

// Paths returns the files' paths, in order.
func Paths(files []ingest.File) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}
