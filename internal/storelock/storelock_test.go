package storelock

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestSecondWriterWaits: issue 14, "Writers take a lock on --out and a
// second writer waits or exits with a clear message". The second waits,
// is told who holds the lock, and gets it once the first lets go.
func TestSecondWriterWaits(t *testing.T) {
	out := t.TempDir()
	rel1, err := Writer(context.Background(), out, "permsim ingest", nil)
	if err != nil {
		t.Fatal(err)
	}
	told := make(chan string, 1)
	got := make(chan error, 1)
	go func() {
		rel2, err := Writer(context.Background(), out, "permsim replay", func(h string) { told <- h })
		if err == nil {
			rel2()
		}
		got <- err
	}()
	select {
	case h := <-told:
		if !strings.Contains(h, "permsim ingest") {
			t.Errorf("holder %q, want the first writer named", h)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second writer was not told it waits")
	}
	select {
	case err := <-got:
		t.Fatalf("the second writer got the lock while the first held it (err %v)", err)
	case <-time.After(300 * time.Millisecond):
	}
	rel1()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the second writer did not get the lock after the first let go")
	}

	// A waiting writer gives up when its context ends.
	rel1, _ = Writer(context.Background(), out, "permsim ingest", nil)
	defer rel1()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := Writer(ctx, out, "permsim replay", nil); err == nil || !strings.Contains(err.Error(), "gave up waiting") {
		t.Errorf("err %v, want a message saying it gave up waiting", err)
	}
}

// TestReadersAndCommit: a commit waits for readers, readers for a commit.
func TestReadersAndCommit(t *testing.T) {
	out := t.TempDir()
	r1, err := Reader(out)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Reader(out) // readers share
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		rel, err := Commit(out)
		if err == nil {
			rel()
		}
		close(done)
	}()
	select {
	case <-done:
		t.Fatal("a commit went ahead while readers read")
	case <-time.After(300 * time.Millisecond):
	}
	r1()
	r2()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the commit did not go ahead after the readers finished")
	}
}
