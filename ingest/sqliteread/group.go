package sqliteread

import (
	"context"
	"database/sql"
	"os"
	"strings"

	"github.com/permsim/permsim/ingest"
)

// GroupFiles is the discovery group of the database at db: the database
// and, when there is one, its -wal file, both with db as their Group. A
// write may only have reached the WAL; listing the -wal file makes the
// group look changed to the next run all the same.
func GroupFiles(db string) []ingest.File {
	files := []ingest.File{{Path: db, Group: db}}
	if _, err := os.Stat(db + "-wal"); err == nil {
		files = append(files, ingest.File{Path: db + "-wal", Group: db})
	}
	return files
}

// Incremental is how a Source reads one of its databases again from what
// the last run kept: the reader's own state S travels in the database's
// FileState.State (the -wal file keeps only its size and time: a change
// there is a change of the database).
type Incremental[S any] struct {
	// What names the database in the problem reported when it cannot be
	// read ("chat database").
	What string
	// Decode reads the state a previous run stored; nil when there is
	// none usable (another version, bad JSON).
	Decode func([]byte) *S
	// Encode writes a state for the next run; an empty file (SQLite
	// creates the file empty, the harness has written nothing yet) gets a
	// zero S.
	Encode func(*S) []byte
	// Read reads the database at path, opened with Open, inside one
	// read-only transaction tx (a consistent snapshot while the harness
	// writes), from old on (all of it when old is nil), sending rows and
	// problems to sink, and returns the new state.
	Read func(ctx context.Context, tx *sql.Tx, path string, old *S, sink ingest.Sink) (*S, error)
}

// ReadGroup reads one group GroupFiles made, for Source.Read. A database
// whose files (the -wal's included) are unchanged since prev keeps its
// state without being opened; one with another inode (replaced) is read
// whole again. A database that cannot be stat'ed or read is reported and
// given no state, so the next run tries it whole again. ReadGroup returns
// an error only when ctx is cancelled.
func ReadGroup[S any](ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink, inc Incremental[S]) (map[string]ingest.FileState, error) {
	out := map[string]ingest.FileState{}
	var dbPath, walPath string
	for _, f := range files {
		if strings.HasSuffix(f.Path, "-wal") {
			walPath = f.Path
		} else {
			dbPath = f.Path
		}
	}
	if dbPath == "" {
		return out, nil
	}
	// Stat before reading: a write that lands after this makes the next
	// run see the file changed, never the other way round.
	fi, err := os.Stat(dbPath)
	if err != nil {
		sink.Problem(ingest.Problem{File: dbPath, Msg: "cannot read: " + err.Error()})
		return out, nil
	}
	var walFi os.FileInfo
	if walPath != "" {
		walFi, _ = os.Stat(walPath)
	}
	p, had := prev[dbPath]
	old := inc.Decode(p.State)
	if had && old != nil && ingest.Unchanged(fi, p) {
		pw, hadWal := prev[walPath]
		if walFi == nil || (hadWal && ingest.Unchanged(walFi, pw)) {
			out[dbPath] = p
			if walFi != nil {
				out[walPath] = pw
			}
			return out, nil
		}
	}
	if !had || old == nil || p.Inode != ingest.FileInode(fi) {
		old = nil
	}
	if fi.Size() == 0 {
		out[dbPath] = ingest.WholeFileState(dbPath, fi, inc.Encode(new(S)))
		return out, nil
	}
	st, err := readSnapshot(ctx, dbPath, old, sink, inc.Read)
	if err != nil {
		if ctx.Err() != nil {
			return out, ctx.Err()
		}
		sink.Problem(ingest.Problem{File: dbPath, Msg: "cannot read the " + inc.What + ": " + err.Error()})
		return out, nil
	}
	out[dbPath] = ingest.WholeFileState(dbPath, fi, inc.Encode(st))
	if walFi != nil {
		out[walPath] = ingest.WholeFileState(walPath, walFi, nil)
	}
	return out, nil
}

// readSnapshot opens the database at path and runs read in one read-only
// transaction.
func readSnapshot[S any](ctx context.Context, path string, old *S, sink ingest.Sink, read func(context.Context, *sql.Tx, string, *S, ingest.Sink) (*S, error)) (*S, error) {
	db, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	return read(ctx, tx, path, old, sink)
}
