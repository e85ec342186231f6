// Package storelock serialises the processes that share one output folder
// (a "store"). Writers — ingest, replay, nightly — hold the writer lock for
// their whole run, so a second writer waits instead of doubling rows or
// interleaving manifests. The commit lock is short: a writer holds it
// exclusively while it renames files into the tables, a reader holds it
// shared for as long as it reads, so a report never lists a table's files
// and then finds them replaced.
//
// The locks are flock(2) locks on dot-files in the store (readers of the
// tables never read dot-files); the kernel drops them when a process dies,
// even by kill -9, so no stale lock survives a crash.
//
// The package also holds the store's one rule for file modes (DirMode,
// FileMode, MakePrivate): every folder and file of a store is its owner's
// alone.
package storelock

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// WriterFile and CommitFile are the lock files under the store.
const (
	WriterFile = ".permsim-writer.lock"
	CommitFile = ".permsim-commit.lock"
)

// pollEvery is how often a waiting writer tries the lock again.
const pollEvery = 200 * time.Millisecond

// Writer takes the store's writer lock, waiting while another process
// holds it: waiting (if not nil) is told once who holds it, as "pid N:
// permsim ingest" (from the lock file). It fails when ctx ends first. The
// returned release drops the lock.
func Writer(ctx context.Context, outDir, what string, waiting func(holder string)) (release func(), err error) {
	if err := MkdirAll(outDir); err != nil {
		return nil, err
	}
	return acquire(ctx, outDir, filepath.Join(outDir, WriterFile), true, what, waiting)
}

// ShardWriter is the writer lock of one shard of a sharded replay (name,
// e.g. "shard-1-of-4"): the store's writer lock taken shared — the shards
// of one replay write at once, while ingest, nightly and an unsharded
// replay, which take it exclusively, wait for all of them and they for
// those — and the shard's own lock file, .permsim-writer-<name>.lock,
// exclusively, so one shard never runs twice at once. Shards never remove
// other runs' leftovers (dataset.RemoveLeftovers): they may be another
// shard's files in the making.
func ShardWriter(ctx context.Context, outDir, name, what string, waiting func(holder string)) (release func(), err error) {
	if name == "" || strings.ContainsAny(name, `/\`) {
		return nil, fmt.Errorf("storelock: bad shard name %q", name)
	}
	if err := MkdirAll(outDir); err != nil {
		return nil, err
	}
	shared, err := acquire(ctx, outDir, filepath.Join(outDir, WriterFile), false, what, waiting)
	if err != nil {
		return nil, err
	}
	own, err := acquire(ctx, outDir, filepath.Join(outDir, ".permsim-writer-"+name+".lock"), true, what, waiting)
	if err != nil {
		shared()
		return nil, err
	}
	return func() { own(); shared() }, nil
}

// acquire takes the flock of path, polling until it is free or ctx ends.
// An exclusive holder writes who it is into the file (a shared holder
// cannot: the others hold it too).
func acquire(ctx context.Context, outDir, path string, exclusive bool, what string, waiting func(holder string)) (func(), error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, FileMode)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot open the store's writer lock: %w", path, err)
	}
	told := false
	for {
		ok, err := tryLock(f, exclusive)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if ok {
			break
		}
		if !told && waiting != nil {
			waiting(holder(path))
			told = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("%s: gave up waiting for the store's other writer: %w", outDir, ctx.Err())
		case <-time.After(pollEvery):
		}
	}
	if !exclusive {
		return func() {
			unlock(f)
			f.Close()
		}, nil
	}
	// Say who holds it, for the message of the next one to wait.
	f.Truncate(0)
	f.WriteAt([]byte("pid "+strconv.Itoa(os.Getpid())+": "+what+"\n"), 0)
	return func() {
		f.Truncate(0)
		unlock(f)
		f.Close()
	}, nil
}

// holder reads who holds the writer lock, for the waiting message.
func holder(path string) string {
	b, err := os.ReadFile(path)
	if s := strings.TrimSpace(string(b)); err == nil && s != "" {
		return s
	}
	return "another permsim process"
}

// Commit takes the commit lock exclusively (blocking while readers read).
func Commit(outDir string) (release func(), err error) { return commitLock(outDir, true) }

// Reader takes the commit lock shared (blocking while a writer renames).
// A store folder that does not exist yet needs no lock: release is a no-op.
func Reader(outDir string) (release func(), err error) { return commitLock(outDir, false) }

func commitLock(outDir string, exclusive bool) (func(), error) {
	path := filepath.Join(outDir, CommitFile)
	flag := os.O_RDWR | os.O_CREATE
	if !exclusive {
		if st, err := os.Stat(outDir); err != nil || !st.IsDir() {
			return func() {}, nil
		}
	}
	f, err := os.OpenFile(path, flag, FileMode)
	if err != nil && !exclusive {
		// A store this process cannot write (another user's, a read-only
		// mount of a synced cache): a lock file that is there is still
		// locked through a read-only descriptor, for a writer that can
		// write it; where there is none and none can be made, no writer
		// renames anything either.
		if ro, rerr := os.Open(path); rerr == nil {
			f, err = ro, nil
		} else if os.IsPermission(err) || errors.Is(err, syscall.EROFS) {
			return func() {}, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: cannot open the store's commit lock: %w", path, err)
	}
	if err := lock(f, exclusive); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return func() {
		unlock(f)
		f.Close()
	}, nil
}
