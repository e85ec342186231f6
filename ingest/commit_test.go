package ingest_test

import (
	"context"
	"io/fs"
	"syscall"
	"testing"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
)

// storedRows counts the rows of every calls part as stored, copies
// included (readers dedupe them; the store must not hold them).
func storedRows(t *testing.T, out string) int64 {
	t.Helper()
	parts, err := dataset.Parts(out, ingest.CallsTable)
	if err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, p := range parts {
		k, err := dataset.NumRows(p)
		if err != nil {
			t.Fatal(err)
		}
		n += k
	}
	return n
}

// TestPartsAndManifestCommitTogether: issue 27, "disk full while the
// manifest is saved leaves duplicate rows". A run whose manifest save
// fails (ENOSPC) or that dies just before the manifest's rename leaves no
// parts behind once the next run is done: the store holds each row once,
// as after one clean run, and no call is lost.
func TestPartsAndManifestCommitTogether(t *testing.T) {
	clean := t.TempDir()
	run(t, home(t, "basic"), clean, newFake())
	want := storedRows(t, clean)
	wantCalls := len(readCalls(t, clean))
	if want == 0 {
		t.Fatal("the clean run stored no rows")
	}

	for _, c := range []struct {
		name string
		fail func() error
	}{
		{"disk full", func() error { return &fs.PathError{Op: "write", Path: "manifest.json", Err: syscall.ENOSPC} }},
		{"crash", func() error { panic("crash before the manifest's rename") }},
	} {
		t.Run(c.name, func(t *testing.T) {
			h, out := home(t, "basic"), t.TempDir()
			restore := ingest.SetBeforeManifestRename(c.fail)
			func() {
				defer func() { recover() }()
				_, err := ingest.Run(context.Background(), ingest.Options{Homes: []string{h}, OutDir: out, Workers: 2}, []ingest.Source{newFake()})
				if err == nil {
					t.Error("Run succeeded although its manifest was not saved")
				}
			}()
			restore()
			run(t, h, out, newFake())
			if got := storedRows(t, out); got != want {
				t.Errorf("stored rows after the failed run and the next: %d, one clean run stores %d", got, want)
			}
			if got := len(readCalls(t, out)); got != wantCalls {
				t.Errorf("calls: %d, want %d", got, wantCalls)
			}
			// And a third run finds nothing new: the second one's manifest holds.
			run(t, h, out, newFake())
			if got := storedRows(t, out); got != want {
				t.Errorf("stored rows after a third run: %d, want %d", got, want)
			}
		})
	}
}
