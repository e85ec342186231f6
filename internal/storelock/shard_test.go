package storelock

import (
	"context"
	"testing"
	"time"
)

// TestShardWriters: the shards of one replay hold the writer lock together;
// an exclusive writer (ingest) waits for all of them; one shard never runs
// twice at once.
func TestShardWriters(t *testing.T) {
	out := t.TempDir()
	ctx := context.Background()
	s0, err := ShardWriter(ctx, out, "shard-0-of-2", "permsim replay --shard 0/2", nil)
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	s1, err := ShardWriter(short, out, "shard-1-of-2", "permsim replay --shard 1/2", nil)
	cancel()
	if err != nil {
		t.Fatalf("a second shard waited for the first: %v", err)
	}
	short, cancel = context.WithTimeout(ctx, 400*time.Millisecond)
	if _, err := ShardWriter(short, out, "shard-0-of-2", "again", nil); err == nil {
		t.Error("shard 0/2 taken twice at once")
	}
	cancel()
	short, cancel = context.WithTimeout(ctx, 400*time.Millisecond)
	if _, err := Writer(short, out, "permsim ingest", nil); err == nil {
		t.Error("an exclusive writer went ahead while shards wrote")
	}
	cancel()
	s0()
	short, cancel = context.WithTimeout(ctx, 400*time.Millisecond)
	if _, err := Writer(short, out, "permsim ingest", nil); err == nil {
		t.Error("an exclusive writer went ahead while shard 1 still wrote")
	}
	cancel()
	s1()
	short, cancel = context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	w, err := Writer(short, out, "permsim ingest", nil)
	if err != nil {
		t.Fatalf("the exclusive writer did not get the lock after the shards: %v", err)
	}
	short2, cancel2 := context.WithTimeout(ctx, 400*time.Millisecond)
	defer cancel2()
	if _, err := ShardWriter(short2, out, "shard-0-of-2", "x", nil); err == nil {
		t.Error("a shard went ahead while an exclusive writer wrote")
	}
	w()
	if _, err := ShardWriter(ctx, out, "a/b", "x", nil); err == nil {
		t.Error("a shard name with a slash: want an error")
	}
}
