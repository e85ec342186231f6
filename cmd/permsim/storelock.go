package main

import (
	"context"
	"fmt"
	"io"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/storelock"
	"github.com/permsim/permsim/replay"
)

// lockStore takes the writer lock of the store at out for command (ingest,
// replay, nightly), waiting — with a line on stderr saying for whom —
// while another writer holds it, and then removes what killed runs left
// behind, and makes an older store private. Two writers on one store would otherwise interleave their
// manifests and tables.
func lockStore(ctx context.Context, out, command string, stderr io.Writer) (func(), error) {
	release, err := storelock.Writer(ctx, out, "permsim "+command, func(holder string) {
		fmt.Fprintf(stderr, "permsim %s: %s is writing to %s; waiting for it to finish (Ctrl-C stops)\n", command, holder, out)
	})
	if err != nil {
		return nil, err
	}
	dataset.RemoveLeftovers(out)
	// A store an older permsim made readable by others is made private
	// once, by the first run that writes to it (issue 27).
	if tightened, err := storelock.MakePrivate(out); err != nil {
		fmt.Fprintf(stderr, "permsim %s: %s: could not make the store private to you: %v\n", command, out, err)
	} else if tightened {
		fmt.Fprintf(stderr, "permsim %s: %s: the store was readable by others; made it private to you (folders 0700, files 0600), as it holds commands, paths and inputs in clear\n", command, out)
	}
	return release, nil
}

// lockShard takes the writer lock of one shard of a sharded replay
// (storelock.ShardWriter): shared with the other shards, exclusive
// against every other writer. It removes no leftovers: they may be the
// files another shard is writing now.
func lockShard(ctx context.Context, out string, shard replay.Shard, stderr io.Writer) (func(), error) {
	name := fmt.Sprintf("shard-%d-of-%d", shard.K, shard.N)
	return storelock.ShardWriter(ctx, out, name, "permsim replay --shard "+shard.String(), func(holder string) {
		fmt.Fprintf(stderr, "permsim replay --shard %s: %s is writing to %s; waiting for it to finish (Ctrl-C stops)\n", shard, holder, out)
	})
}
