package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"

	"github.com/permsim/permsim/internal/storelock"
)

// DefaultRowGroupRows is DuckDB's own row-group size: row groups of this
// many rows let DuckDB scan a file with one thread per row group.
const DefaultRowGroupRows = 122_880

// Defaults for the Options fields left zero.
const (
	DefaultBufferBytes  = 256 << 20
	DefaultMaxOpenFiles = 32
)

// maxFileRowGroups is the most row groups one file takes: with the
// BufferBytes bound row groups may be small, and an open file holds the
// metadata of every row group it was given until it is finished, which
// would grow with the rows written (issue 15, measured with replay's
// TestMemoryFlatInCalls at 1M calls).
const maxFileRowGroups = 32

// maxOpenRowGroups bounds the row groups all open files hold the metadata
// of, together: past it the open file with the most is finished. Each row
// group's metadata (a column chunk with its statistics per column, ~30 KB
// for the calls table) stays until its file's footer, and maxFileRowGroups
// alone let MaxOpenFiles files of the days a generated import interleaves
// hold 32 each: ~20 MiB of ingest's live heap at 1M calls, which it had not
// reached at 100k (TestMemoryFlatInCalls, PERMSIM_SCALE_1M=1).
const maxOpenRowGroups = 128

// dataPageBytes and writeBatchRows size the data pages: arrow-go's
// defaults are 1 MiB pages checked every 1,024 values, which for a column of
// tool inputs (600 bytes a value at real call density) means pages of 1-2
// MiB. Every column chunk has a column writer of its own whose page buffers
// (the values, their copy with the levels, the compressed page) start empty
// and grow to the page's size: with 52 row groups of 2k rows on 1 GB of
// transcripts that was ~130 MB of fresh zeroed allocation, and under
// ingest's 64 MiB soft limit each large allocation made the runtime return
// pages to the OS and fault them back in (a quarter of ingest's CPU time was
// system time). Pages of 256 KiB, checked every 256 values, keep those
// buffers small enough to be reused; the files grow by ~1.5% (zstd has less
// history per page). Measured in BENCHMARKS.md ("ingest write path at
// real call density").
const (
	dataPageBytes  = 256 << 10
	writeBatchRows = 256
)

// maxSpareBytes bounds the emptied row buffers a Writer keeps for reuse.
const maxSpareBytes = 8 << 20

// staleAfter is how old a leftover temp file or staging folder must be
// before a new Writer removes it: old enough that no live writer owns it.
const staleAfter = 24 * time.Hour

// Options says how a Writer lays a table out.
type Options struct {
	// Partitions are the Hive folder levels, outermost first.
	Partitions []Partition
	// RunID names the files: part-<RunID>-<n>.parquet. Empty: the current
	// time in unix nanoseconds. Two writers of one table must use different
	// run ids.
	RunID string
	// Replace writes the whole table into a sibling staging folder and
	// swaps it in for <dir>/<table> at Commit; otherwise files are added
	// to the table beside the ones already there.
	Replace bool
	// Supersedes, when set (and Replace is not), names the table's files
	// this run's files stand in for: Commit removes every file of the
	// table (by its base name, part-<run id>-<n>.parquet; hidden temp
	// files never) for which it returns true, other than those it has just
	// written, in the same hold of the commit lock as its renames, so no
	// reader sees both the old files and the new. A sharded replay's
	// writers use it to replace their own shard's files and leave the
	// other shards' alone. It is called also when the run wrote no file.
	Supersedes func(name string) bool
	// RowGroupRows is the row count of a full row group
	// (DefaultRowGroupRows when 0).
	RowGroupRows int
	// BufferBytes bounds the estimated size of rows held in memory across
	// all partitions; past it the largest partition is flushed early as a
	// smaller row group (DefaultBufferBytes when 0).
	BufferBytes int64
	// FileRows is the row count after which a partition's file is finished
	// and the next rows start a new file (10 row groups when 0).
	FileRows int64
	// MaxOpenFiles bounds the files open at once; past it the least
	// recently written one is finished (DefaultMaxOpenFiles when 0).
	MaxOpenFiles int
}

// Writer writes rows of T (a struct whose fields carry `col:"name"` tags)
// as a Hive-partitioned Parquet table:
// <dir>/<table>/<k1>=<v1>/…/part-<run id>-<n>.parquet.
//
// Column mapping: string → optional BYTE_ARRAY (String), "" written as null
// (every string column is optional); bool → required BOOLEAN; int64 →
// required INT64; *int64 → optional INT64, nil as null; time.Time →
// optional INT64 TIMESTAMP(MICROS, adjusted to UTC), the zero time as null
// (sub-microsecond precision is dropped); []string → optional 3-level LIST of
// optional String elements, nil or empty written as a null list. Plain
// partition columns are not stored in the files.
//
// Every file is written as .<name>.tmp in its own folder and renamed to
// <name> only by Commit, after it is whole and synced; until then (or after
// Abort, or a crash) no file a reader takes for data exists. A Writer is not
// safe for concurrent use.
type Writer[T any] struct {
	dir, table string
	root       string // folder files go into: the table, or the staging folder
	opts       Options
	codec      *codec
	stored     []field
	parts      []partSpec
	sch        *schema.GroupNode
	props      *parquet.WriterProperties

	byKey      map[string]*partState[T]
	spares     [][]T // flushed partitions' emptied buffers, for the next partitions that start one
	spareCap   int   // their capacity in rows, together at most maxSpareBytes
	scratch    T
	enc        colEncoder // value and level buffers of flush, reused row group after row group
	lastKey    string     // partitionPath's last folder, of the partition values lastVals
	lastVals   []partValue
	keyVals    []partValue
	buffered   int64
	nOpen      int
	openGroups int // row groups the open files hold, in all (maxOpenRowGroups)
	clock      int64
	done       []pending
	files      []string
	rows       int64
	finished   bool
	err        error // sticky: after a failed write only Abort is useful
}

// partValue is one partition value of a row as partitionPath compares it:
// a string column's value, or a date partition's UTC day (its midnight in
// unix seconds; math.MinInt64 for the zero time).
type partValue struct {
	s   string
	day int64
}

type partSpec struct {
	Partition
	f field
}

// partState is one partition's buffered rows and its open file, if any.
type partState[T any] struct {
	rel      string // folder below root, "k=v/k=v"
	buf      []T
	bufBytes int64
	cur      *openFile
	nextN    int
	lastUse  int64
}

type openFile struct {
	f     *os.File
	pw    *file.Writer
	tmp   string
	final string
	rows  int64
	// groups counts the row groups written: the Parquet writer keeps each
	// one's metadata (and column statistics) until the footer, so a file of
	// many small row groups is finished at maxFileRowGroups.
	groups int
}

type pending struct{ tmp, final string }

// syncCloser makes the Parquet writer's final Close sync the data to disk
// before the file is closed, so a renamed file is whole even after a crash.
// Its writes go through a buffer: arrow-go writes each page's header and
// body, and each column chunk's metadata, as separate small writes (2,660
// write calls for the 5.2 MB calls table of 1 GB of transcripts).
type syncCloser struct {
	f *os.File
	b *bufio.Writer
}

// writeBuffer is syncCloser's buffer: at most MaxOpenFiles of them (32 by
// default, 2 MiB) exist at once.
const writeBuffer = 64 << 10

func newSyncCloser(f *os.File) syncCloser {
	return syncCloser{f: f, b: bufio.NewWriterSize(f, writeBuffer)}
}

func (s syncCloser) Write(p []byte) (int, error) { return s.b.Write(p) }
func (s syncCloser) Close() error {
	err := s.b.Flush()
	if err == nil {
		err = s.f.Sync()
	}
	if err != nil {
		s.f.Close()
		return err
	}
	return s.f.Close()
}

// Create starts writing table under dir. It checks T's fields and the
// partitions, repairs a swap an earlier replace left half done, and removes
// temp files and staging folders older than a day.
func Create[T any](dir, table string, opts Options) (*Writer[T], error) {
	c, err := codecFor(reflect.TypeFor[T]())
	if err != nil {
		return nil, err
	}
	if table == "" || strings.ContainsAny(table, `/\`) || hidden(table) {
		return nil, fmt.Errorf("dataset: bad table name %q", table)
	}
	if opts.RunID == "" {
		opts.RunID = strconv.FormatInt(time.Now().UnixNano(), 10)
	}
	if strings.ContainsAny(opts.RunID, `/\`) {
		return nil, fmt.Errorf("dataset: bad run id %q", opts.RunID)
	}
	if opts.RowGroupRows <= 0 {
		opts.RowGroupRows = DefaultRowGroupRows
	}
	if opts.BufferBytes <= 0 {
		opts.BufferBytes = DefaultBufferBytes
	}
	if opts.FileRows <= 0 {
		opts.FileRows = 10 * int64(opts.RowGroupRows)
	}
	if opts.MaxOpenFiles <= 0 {
		opts.MaxOpenFiles = DefaultMaxOpenFiles
	}
	w := &Writer[T]{dir: dir, table: table, opts: opts, codec: c, byKey: map[string]*partState[T]{}}
	inPath := map[string]bool{}
	for _, p := range opts.Partitions {
		i, ok := c.byName[p.from()]
		if !ok {
			return nil, fmt.Errorf("dataset: partition %q: %v has no column %q", p.Name, c.typ, p.from())
		}
		f := c.fields[i]
		switch {
		case p.Date && f.kind != kTime:
			return nil, fmt.Errorf("dataset: date partition %q: column %q is not a time.Time", p.Name, f.name)
		case !p.Date && f.kind != kString:
			return nil, fmt.Errorf("dataset: partition %q: column %q is not a string", p.Name, f.name)
		case !p.Date && p.from() != p.Name:
			return nil, fmt.Errorf("dataset: partition %q: a string partition must have its column's name (%q), or the reader could not restore it", p.Name, f.name)
		case p.Date:
			if _, clash := c.byName[p.Name]; clash {
				return nil, fmt.Errorf("dataset: date partition %q has the name of a column of %v", p.Name, c.typ)
			}
			if p.Name == "" || strings.ContainsAny(p.Name, `=/\`) {
				return nil, fmt.Errorf("dataset: bad partition name %q", p.Name)
			}
		default:
			inPath[f.name] = true
		}
		w.parts = append(w.parts, partSpec{Partition: p, f: f})
	}
	for _, f := range c.fields {
		if !inPath[f.name] {
			w.stored = append(w.stored, f)
		}
	}
	if len(w.stored) == 0 {
		return nil, fmt.Errorf("dataset: %v: every column is a partition column", c.typ)
	}
	if w.sch, err = fileSchema(w.stored); err != nil {
		return nil, err
	}
	props := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		// zstd level 1: the tables are small next to the transcripts they
		// come from, and a higher level made the write the slowest part of
		// ingest (measured with cmd/permsim-bench).
		parquet.WithCompressionLevel(1),
		parquet.WithDictionaryDefault(true),
		parquet.WithStats(true),
		// The column writers' encoders, dictionaries and statistics take
		// their buffers from a free list instead of arrow's allocator,
		// which makes fresh, zeroed ones for every column chunk (see
		// readAlloc).
		parquet.WithAllocator(writeAlloc),
		parquet.WithDataPageSize(dataPageBytes),
		parquet.WithBatchSize(writeBatchRows),
	}
	for _, f := range w.stored {
		if f.unique {
			// A dictionary of values that never repeat only costs time.
			props = append(props, parquet.WithDictionaryFor(f.name, false))
		}
	}
	w.props = parquet.NewWriterProperties(props...)
	if err := storelock.MkdirAll(dir); err != nil {
		return nil, fmt.Errorf("dataset: %w", err)
	}
	if err := repairSwap(dir, table); err != nil {
		return nil, err
	}
	removeStale(dir, table)
	w.root = filepath.Join(dir, table)
	if opts.Replace {
		w.root = filepath.Join(dir, "."+table+".new-"+opts.RunID)
		if err := os.RemoveAll(w.root); err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
		if err := storelock.MkdirAll(w.root); err != nil {
			return nil, fmt.Errorf("dataset: %w", err)
		}
	}
	return w, nil
}

// Write adds one row. Rows are buffered per partition and written a row
// group at a time; the first error is returned again by every later call.
func (w *Writer[T]) Write(row T) error {
	if w.err != nil {
		return w.err
	}
	if w.finished {
		return errors.New("dataset: Write after Commit or Abort")
	}
	// The row is looked at through a Writer-owned copy, its fields at their
	// offsets: reflect.ValueOf(row) would allocate a copy of every row on the
	// heap, and reflection per field was a tenth of the write.
	w.scratch = row
	v := unsafe.Pointer(&w.scratch)
	key := w.partitionPath(v)
	p := w.byKey[key]
	if p == nil {
		p = &partState[T]{rel: key}
		w.byKey[key] = p
	}
	n := w.codec.estimate(v)
	if p.buf == nil && len(w.spares) > 0 {
		// Growing every partition's buffer from nothing after each flush was
		// a tenth of ingest's CPU time (allocating and copying rows of 400
		// bytes); a few spares, bounded in bytes, keep memory bounded
		// whatever the partitions. Rows of a few days' partitions take turns
		// (a flush by the buffer bound empties the largest), so one spare
		// was not enough.
		last := len(w.spares) - 1
		p.buf = w.spares[last]
		w.spares[last] = nil
		w.spares = w.spares[:last]
		w.spareCap -= cap(p.buf)
	}
	p.buf = append(p.buf, row)
	p.bufBytes += n
	w.buffered += n
	w.rows++
	switch {
	case len(p.buf) >= w.opts.RowGroupRows:
		w.err = w.flush(p)
	case w.buffered > w.opts.BufferBytes:
		w.err = w.flush(w.largest())
	}
	return w.err
}

// Rows is the number of rows given to Write so far.
func (w *Writer[T]) Rows() int64 { return w.rows }

// Files lists the data files Commit made visible, in the order written.
func (w *Writer[T]) Files() []string { return slices.Clone(w.files) }

// partitionPath is the folder of the row at v, "k=v/k=v". Rows come in runs
// of one partition (a file's calls, a day), so the last row's folder is
// kept and given again when the row's partition values are the same:
// building and escaping the path of every row was a twentieth of ingest.
func (w *Writer[T]) partitionPath(v unsafe.Pointer) string {
	same := w.lastKey != ""
	w.keyVals = w.keyVals[:0]
	for i, p := range w.parts {
		var kv partValue
		if p.Date {
			t := (*time.Time)(unsafe.Add(v, p.f.off))
			if t.IsZero() {
				kv.day = math.MinInt64
			} else {
				kv.day = t.Unix()
				kv.day -= ((kv.day % 86400) + 86400) % 86400 // the UTC midnight at or before t
			}
		} else {
			kv.s = *(*string)(unsafe.Add(v, p.f.off))
		}
		if same && (i >= len(w.lastVals) || w.lastVals[i] != kv) {
			same = false
		}
		w.keyVals = append(w.keyVals, kv)
	}
	if same {
		return w.lastKey
	}
	w.lastVals, w.keyVals = w.keyVals, w.lastVals
	w.lastKey = w.buildPath(v)
	return w.lastKey
}

// buildPath builds the folder of the row at v.
func (w *Writer[T]) buildPath(v unsafe.Pointer) string {
	var b strings.Builder
	for i, p := range w.parts {
		if i > 0 {
			b.WriteByte('/')
		}
		var val string
		if p.Date {
			val = dateValue(*(*time.Time)(unsafe.Add(v, p.f.off)))
		} else {
			val = *(*string)(unsafe.Add(v, p.f.off))
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(escapeValue(val))
	}
	return b.String()
}

func (w *Writer[T]) largest() *partState[T] {
	var best *partState[T]
	for _, p := range w.byKey {
		if best == nil || p.bufBytes > best.bufBytes || (p.bufBytes == best.bufBytes && p.rel < best.rel) {
			best = p
		}
	}
	return best
}

// flush writes a partition's buffered rows as row groups of its file.
func (w *Writer[T]) flush(p *partState[T]) error {
	whole := p.buf[:0]
	for len(p.buf) > 0 {
		if p.cur == nil {
			if err := w.open(p); err != nil {
				return err
			}
		}
		n := min(len(p.buf), w.opts.RowGroupRows, int(w.opts.FileRows-p.cur.rows))
		if err := writeRowGroup(p.cur.pw, w.stored, unsafe.Pointer(unsafe.SliceData(p.buf)), n, unsafe.Sizeof(w.scratch), &w.enc); err != nil {
			return fmt.Errorf("dataset: writing %s: %w", p.cur.tmp, err)
		}
		clear(p.buf[:n])
		p.buf = p.buf[n:]
		p.cur.rows += int64(n)
		p.cur.groups++
		w.openGroups++
		w.clock++
		p.lastUse = w.clock
		if p.cur.rows >= w.opts.FileRows || p.cur.groups >= maxFileRowGroups {
			if err := w.finish(p); err != nil {
				return err
			}
		}
		if w.openGroups > maxOpenRowGroups {
			if err := w.finish(w.mostGroups()); err != nil {
				return err
			}
		}
	}
	p.buf = nil
	if c := cap(whole); c > 0 && int64(w.spareCap+c)*int64(unsafe.Sizeof(w.scratch)) <= maxSpareBytes {
		w.spares = append(w.spares, whole) // cleared row group by row group above
		w.spareCap += c
	}
	w.buffered -= p.bufBytes
	p.bufBytes = 0
	return nil
}

func (w *Writer[T]) open(p *partState[T]) error {
	if w.nOpen >= w.opts.MaxOpenFiles {
		var lru *partState[T]
		for _, q := range w.byKey {
			if q.cur != nil && (lru == nil || q.lastUse < lru.lastUse) {
				lru = q
			}
		}
		if err := w.finish(lru); err != nil {
			return err
		}
	}
	folder := filepath.Join(w.root, filepath.FromSlash(p.rel))
	if err := storelock.MkdirAll(folder); err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	name := fmt.Sprintf("part-%s-%d.parquet", w.opts.RunID, p.nextN)
	p.nextN++
	of := &openFile{tmp: filepath.Join(folder, "."+name+".tmp"), final: filepath.Join(folder, name)}
	f, err := os.OpenFile(of.tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, storelock.FileMode)
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	of.f = f
	of.pw, err = file.NewParquetWriterWithError(newSyncCloser(f), w.sch, file.WithWriterProps(w.props))
	if err != nil {
		f.Close()
		os.Remove(of.tmp)
		return fmt.Errorf("dataset: starting %s: %w", of.tmp, err)
	}
	p.cur = of
	w.nOpen++
	return nil
}

// mostGroups returns the partition whose open file holds the most row
// groups (of equal ones, the least recently written).
func (w *Writer[T]) mostGroups() *partState[T] {
	var best *partState[T]
	for _, p := range w.byKey {
		if p.cur != nil && (best == nil || p.cur.groups > best.cur.groups || (p.cur.groups == best.cur.groups && p.lastUse < best.lastUse)) {
			best = p
		}
	}
	return best
}

// finish writes the footer of a partition's open file and syncs it; the
// file keeps its temp name until Commit.
func (w *Writer[T]) finish(p *partState[T]) error {
	of := p.cur
	p.cur = nil
	w.nOpen--
	w.openGroups -= of.groups
	w.done = append(w.done, pending{tmp: of.tmp, final: of.final})
	if err := of.pw.Close(); err != nil {
		return fmt.Errorf("dataset: finishing %s: %w", of.tmp, err)
	}
	return nil
}

// Commit writes what is buffered, finishes every file and renames each to
// its final name; in Replace mode it then swaps the staging folder in for
// the table. On error the files not yet renamed are removed.
func (w *Writer[T]) Commit() error {
	if w.finished {
		return errors.New("dataset: Commit after Commit or Abort")
	}
	if w.err != nil {
		w.Abort()
		return w.err
	}
	keys := make([]string, 0, len(w.byKey))
	for k := range w.byKey {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		p := w.byKey[k]
		if err := w.flush(p); err != nil {
			w.err = err
			w.Abort()
			return err
		}
		if p.cur != nil {
			if err := w.finish(p); err != nil {
				w.err = err
				w.Abort()
				return err
			}
		}
	}
	// Readers of the store hold the commit lock shared while they read: the
	// renames below wait for them, and they for the renames.
	release, err := storelock.Commit(w.dir)
	if err != nil {
		w.err = fmt.Errorf("dataset: %w", err)
		w.Abort()
		return w.err
	}
	defer release()
	for i, d := range w.done {
		if _, err := os.Lstat(d.final); err == nil {
			w.err = fmt.Errorf("dataset: %s already exists (run id %q used twice?)", d.final, w.opts.RunID)
		} else if err := os.Rename(d.tmp, d.final); err != nil {
			w.err = fmt.Errorf("dataset: %w", err)
		}
		if w.err != nil {
			w.done = w.done[i:]
			w.Abort()
			return w.err
		}
		w.files = append(w.files, d.final)
	}
	w.done = nil
	if w.opts.Supersedes != nil && !w.opts.Replace {
		if err := w.removeSuperseded(); err != nil {
			w.err = err
			w.finished = true
			return err
		}
	}
	if w.opts.Replace {
		final, err := swapIn(w.dir, w.table, w.root, w.opts.RunID)
		if err != nil {
			w.err = err
			w.Abort()
			return err
		}
		for i, f := range w.files {
			rel, _ := filepath.Rel(w.root, f)
			w.files[i] = filepath.Join(final, rel)
		}
	}
	w.finished = true
	return nil
}

// removeSuperseded removes the table's files that Options.Supersedes
// names, except those this Writer committed (the caller holds the commit
// lock). The files stay committed if it fails: the error says which file
// could not be removed.
func (w *Writer[T]) removeSuperseded() error {
	own := make(map[string]bool, len(w.files))
	for _, f := range w.files {
		own[f] = true
	}
	var stale []string
	err := WalkFiles(w.root, func(path string, _ []string) error {
		if !own[path] && w.opts.Supersedes(filepath.Base(path)) {
			stale = append(stale, path)
		}
		return nil
	}, func(string, error) error { return nil })
	if err != nil {
		return fmt.Errorf("dataset: listing %s: %w", w.root, err)
	}
	for _, p := range stale {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("dataset: removing the superseded %s: %w", p, err)
		}
	}
	return nil
}

// Abort drops everything not yet committed: open and finished temp files,
// and in Replace mode the staging folder. It is safe to call after Commit
// (then it does nothing) and more than once.
func (w *Writer[T]) Abort() error {
	if w.finished {
		return nil
	}
	w.finished = true
	var errs []error
	for _, p := range w.byKey {
		if p.cur != nil {
			// Closing the file without the footer: it is about to be removed.
			p.cur.f.Close()
			w.done = append(w.done, pending{tmp: p.cur.tmp})
			p.cur = nil
		}
		p.buf = nil
	}
	for _, d := range w.done {
		if err := os.Remove(d.tmp); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	w.done = nil
	if w.opts.Replace {
		if err := os.RemoveAll(w.root); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// swapIn replaces <dir>/<table> by the staging folder with two renames.
// Between them the table is briefly missing; repairSwap puts the old one
// back if a crash lands there.
func swapIn(dir, table, staging, runID string) (string, error) {
	final := filepath.Join(dir, table)
	old := filepath.Join(dir, "."+table+".old-"+runID)
	hadOld := false
	if _, err := os.Lstat(final); err == nil {
		if err := os.Rename(final, old); err != nil {
			return "", fmt.Errorf("dataset: replacing %s: %w", final, err)
		}
		hadOld = true
	}
	if err := os.Rename(staging, final); err != nil {
		if hadOld {
			os.Rename(old, final)
		}
		return "", fmt.Errorf("dataset: replacing %s: %w", final, err)
	}
	if hadOld {
		if err := os.RemoveAll(old); err != nil {
			return final, fmt.Errorf("dataset: removing the replaced %s: %w", old, err)
		}
	}
	return final, nil
}

// repairSwap finishes what a replace interrupted between its two renames:
// with the table missing and an old copy beside it, the newest old copy is
// renamed back; old copies beside a present table are removed.
func repairSwap(dir, table string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	prefix := "." + table + ".old-"
	var olds []string
	var newest string
	var newestT time.Time
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		olds = append(olds, p)
		if fi, err := e.Info(); err == nil && (newest == "" || fi.ModTime().After(newestT)) {
			newest, newestT = p, fi.ModTime()
		}
	}
	if len(olds) == 0 {
		return nil
	}
	root := filepath.Join(dir, table)
	if !tableExists(root) {
		if err := os.Rename(newest, root); err != nil {
			return fmt.Errorf("dataset: restoring %s from %s: %w", root, newest, err)
		}
	}
	for _, p := range olds {
		os.RemoveAll(p) // the restored one is gone from this name already
	}
	return nil
}

// RemoveLeftovers deletes, whatever their age, the temp files and staging
// folders crashed writers left in every table of outDir and the .<name>.tmp
// files beside the tables, and finishes an interrupted replace. Only a process that holds the store's writer lock
// (package storelock) may call it: then no other writer is running, and
// every leftover is a crashed run's.
func RemoveLeftovers(outDir string) {
	entries, _ := os.ReadDir(outDir)
	tables := map[string]bool{}
	for _, e := range entries {
		n := e.Name()
		if !e.IsDir() {
			// The store's own small files (replay's record, nightly's
			// state and report) are written as .<name>.tmp and renamed.
			if strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".tmp") {
				os.Remove(filepath.Join(outDir, n))
			}
			continue
		}
		// .<table>.new-<run> and .<table>.old-<run> belong to <table>,
		// which a first run killed early has not created yet.
		if t, ok := strings.CutPrefix(n, "."); ok {
			if i := strings.LastIndex(t, ".new-"); i > 0 {
				n = t[:i]
			} else if i := strings.LastIndex(t, ".old-"); i > 0 {
				n = t[:i]
			}
		}
		tables[n] = true
	}
	for n := range tables {
		repairSwap(outDir, n)
		removeLeftovers(outDir, n, time.Now().Add(time.Minute))
	}
}

// removeStale deletes what crashed writers left: temp files inside the
// table and staging folders beside it, once older than staleAfter. Errors
// are ignored: the leftovers are invisible to readers anyway.
func removeStale(dir, table string) {
	removeLeftovers(dir, table, time.Now().Add(-staleAfter))
}

// removeLeftovers removes the leftovers of table older than cutoff.
func removeLeftovers(dir, table string, cutoff time.Time) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "."+table+".new-") {
			if fi, err := e.Info(); err == nil && fi.ModTime().Before(cutoff) {
				os.RemoveAll(filepath.Join(dir, e.Name()))
			}
		}
	}
	filepath.WalkDir(filepath.Join(dir, table), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if n := d.Name(); strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".tmp") {
			if fi, err := d.Info(); err == nil && fi.ModTime().Before(cutoff) {
				os.Remove(path)
			}
		}
		return nil
	})
}
