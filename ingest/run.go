package ingest

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/storelock"
	"github.com/permsim/permsim/internal/textsafe"
)

// CallsTable is the folder of the calls table under the output folder.
const CallsTable = "calls"

// CallsPartitions is the calls table's Hive layout:
// calls/harness=<harness>/date=<UTC day of ts, or "unknown">/.
var CallsPartitions = []dataset.Partition{dataset.Column("harness"), dataset.DateOf("date", "ts")}

// MaxProblems is how many Problems a Summary keeps; ProblemCount counts
// them all.
const MaxProblems = 1000

// progressEvery is the shortest time between two progress lines.
const progressEvery = 500 * time.Millisecond

// Options configures Run.
type Options struct {
	// Homes are the home folders to discover transcripts under; empty means
	// the user's own home.
	Homes []string
	// OutDir holds the calls table and the manifest.
	OutDir string
	// Harnesses limits the run to these Source names; empty means all.
	Harnesses []string
	// Since drops calls recorded before it; calls without a time are kept.
	// Zero means everything. The manifest still advances past the dropped
	// calls: a later run with an earlier Since does not bring them back
	// (delete the manifest for that).
	Since time.Time
	// Progress receives a progress line at most every 500 ms (nil: none);
	// on a terminal each line overwrites the last with "\r".
	Progress io.Writer
	// Workers is how many groups of files are read at once (0: GOMAXPROCS).
	Workers int
	// Redact masks the credentials internal/secrets finds in each call's
	// command, paths, pattern, url, query, input_json and output before
	// they are written, in the calls table and in the calls a transcript's
	// state (in the manifest) keeps waiting for their result (redact.go).
	Redact bool
}

// Summary is what a Run did.
type Summary struct {
	// Files is the number of transcript files read (new or changed).
	Files int
	// FilesSkippedUnchanged is the number of files found unchanged since
	// the last run and not read.
	FilesSkippedUnchanged int
	// BytesRead is the transcript bytes the Sources reported reading.
	BytesRead int64
	// Calls is the number of rows written, per harness.
	Calls map[string]int
	// Problems are the first MaxProblems lines or files that were skipped.
	Problems []Problem
	// ProblemCount counts every problem, kept or not.
	ProblemCount int
}

// String is the short end-of-run summary: files read and skipped, calls
// per harness, and the count of skipped lines with the first 5 reasons.
func (s Summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ingest: %s files read (%s), %s unchanged and skipped\n",
		textsafe.Thousands(int64(s.Files)), megabytes(s.BytesRead), textsafe.Thousands(int64(s.FilesSkippedUnchanged)))
	if len(s.Calls) == 0 {
		b.WriteString("calls: none new\n")
	} else {
		hs := slices.Sorted(maps.Keys(s.Calls))
		b.WriteString("calls:")
		for i, h := range hs {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, " %s %s", h, textsafe.Thousands(int64(s.Calls[h])))
		}
		b.WriteByte('\n')
	}
	if s.ProblemCount > 0 {
		fmt.Fprintf(&b, "skipped: %s unreadable lines or files", textsafe.Thousands(int64(s.ProblemCount)))
		n := min(5, len(s.Problems))
		if n > 0 {
			fmt.Fprintf(&b, ", the first %d:", n)
		}
		b.WriteByte('\n')
		for _, p := range s.Problems[:n] {
			b.WriteString("  " + p.String() + "\n")
		}
	}
	return b.String()
}

// group is the files of one Source that must be read together.
type group struct {
	src   Source
	home  string // the first home that listed it
	files []File
	prev  map[string]FileState // the manifest's entries of its files (nil: none)
}

// groupResult is what reading one group gave. Its files' states go
// straight into the run's stateSorter, not into the result: a map (or a
// list) per group kept until the end of the run, most groups being one
// file, made ingest's memory grow by hundreds of bytes a file
// (TestMemoryInFiles).
type groupResult struct {
	problems []Problem
	nProb    int
	failed   bool
}

// Run ingests every Source over every home: it discovers transcript files,
// reads (in parallel, Workers groups at a time) those that are new or
// changed since the manifest's record, writes (while reading) for each
// CallKey the rows that lower the best CopyRank seen so far in the run (see
// callWriter; rows without a CallKey are all kept), drops rows older than
// Since, stamps every row with one run
// id (IngestRun, unix nanoseconds, larger than any earlier run's), writes
// them to <OutDir>/calls/harness=…/date=…/part-<run id>-<n>.parquet, and
// only then saves the manifest, so a crash before the save makes the next
// run read the same input again rather than lose it. The parts and the
// manifest commit together: a run whose manifest is not saved leaves a
// commit journal, and the next run removes that run's parts before it
// reads (commitJournal), so nothing is stored twice.
//
// Dedupe across runs is the reader's job, not Run's: a row whose CallKey an
// earlier run already wrote (even with a lower CopyRank) is written again.
// Every reader of the table — ReadCalls, and the DuckDB view `calls` — picks
// per call_key the row with the lowest copy_rank, then the highest
// ingest_run.
//
// Lines a Source cannot read, files it cannot open and homes that cannot be
// searched are Problems: counted, the first MaxProblems kept, and the run
// goes on. A group whose Read fails is reported as a Problem and its rows
// and state dropped, so the next run reads it again. Run returns an error
// only for what stops the whole run: a bad option, a cancelled ctx, a
// failed write of the calls table or of the manifest.
func Run(ctx context.Context, opts Options, sources []Source) (Summary, error) {
	sum := Summary{Calls: map[string]int{}}
	if opts.OutDir == "" {
		return sum, errors.New("ingest: no output folder")
	}
	srcs, err := chooseSources(sources, opts.Harnesses)
	if err != nil {
		return sum, err
	}
	homes := opts.Homes
	if len(homes) == 0 {
		h, err := os.UserHomeDir()
		if err != nil {
			return sum, fmt.Errorf("ingest: no home folder given and none found: %w", err)
		}
		homes = []string{h}
	}
	if err := storelock.MkdirAll(opts.OutDir); err != nil {
		return sum, fmt.Errorf("ingest: %w", err)
	}
	removeStaleRuns(opts.OutDir)
	m, prob, err := loadManifest(opts.OutDir)
	if err != nil {
		return sum, err
	}
	defer m.close()
	if prob != nil {
		addProblems(&sum, []Problem{*prob}, 1)
	}
	runID := time.Now().UnixNano()
	if runID <= m.lastRun {
		runID = m.lastRun + 1
	}
	news := newStateSorter(opts.OutDir)
	defer news.remove()

	if err := undoUncommitted(opts.OutDir, m.lastRun); err != nil {
		return sum, fmt.Errorf("ingest: %w", err)
	}

	cw := newCallWriter(opts.OutDir, strconv.FormatInt(runID, 10), opts.Since, runID)
	cw.redact = opts.Redact
	err = readAll(ctx, srcs, homes, m, opts, cw, news, &sum)
	if err == nil {
		// From here until the manifest naming this run is saved, the
		// journal says the run's parts are not committed yet.
		if jerr := writeJournal(opts.OutDir, runID); jerr != nil {
			err = fmt.Errorf("ingest: %w", jerr)
		}
	}
	werr := cw.finish(err == nil)
	if err != nil {
		return sum, err
	}
	if werr != nil {
		return sum, errors.Join(fmt.Errorf("ingest: writing the calls table: %w", werr), cw.undo(opts.OutDir))
	}
	for h, n := range cw.perHarness() {
		sum.Calls[h] = n
	}
	if err := saveManifest(opts.OutDir, runID, news, m); err != nil {
		return sum, errors.Join(fmt.Errorf("ingest: %w", err), cw.undo(opts.OutDir))
	}
	// The manifest is in place (its rename made durable before the
	// journal goes): the run is committed. A journal left by a failed
	// remove names a run the manifest now covers, which the next run
	// takes for committed.
	if err := syncDir(opts.OutDir); err == nil {
		os.Remove(filepath.Join(opts.OutDir, commitJournal))
	}
	return sum, nil
}

// commitJournal is the file beside the manifest that names the run whose
// calls parts are being made visible. A run's parts and its manifest
// cannot be renamed into place as one step, so the run writes (and syncs)
// the journal before its parts' renames and removes it only once its
// manifest is saved. A run that finds a journal naming a run later than
// its manifest's last run knows that run's parts were committed without
// their manifest (a full disk at the save, a crash between): the
// transcripts they came from will be read again, so those parts are
// removed first — else every call of them would be stored twice.
const commitJournal = ".ingest-commit"

// writeJournal records runID in the commit journal, synced with its folder.
func writeJournal(outDir string, runID int64) error {
	path := filepath.Join(outDir, commitJournal)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, storelock.FileMode)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	_, err = f.WriteString(strconv.FormatInt(runID, 10) + "\n")
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = syncDir(outDir)
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// syncDir makes the renames and removals done in dir durable.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// undoUncommitted removes the calls parts of the run the commit journal
// names when the manifest (whose last run is lastRun) does not cover it,
// then the journal. A journal that cannot be read as a run id was cut
// short while written, before any part was renamed: it is just removed.
func undoUncommitted(outDir string, lastRun int64) error {
	path := filepath.Join(outDir, commitJournal)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	if run, perr := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); perr == nil && run > lastRun {
		var parts []string
		prefix := "part-" + strconv.FormatInt(run, 10) + "-"
		werr := filepath.WalkDir(filepath.Join(outDir, CallsTable), func(p string, d os.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, os.ErrNotExist) && p == filepath.Join(outDir, CallsTable) {
					return filepath.SkipAll
				}
				return err
			}
			if !d.IsDir() && strings.HasPrefix(d.Name(), prefix) && strings.HasSuffix(d.Name(), ".parquet") {
				parts = append(parts, p)
			}
			return nil
		})
		if werr != nil {
			return fmt.Errorf("finding the parts of run %d, whose manifest was never saved: %w", run, werr)
		}
		if err := removeParts(outDir, parts); err != nil {
			return fmt.Errorf("removing the parts of run %d, whose manifest was never saved: %w", run, err)
		}
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("removing %s: %w", path, err)
	}
	return nil
}

// removeParts removes calls parts, holding the store's commit lock so no
// reader is in the middle of them, and syncs their folders.
func removeParts(outDir string, parts []string) error {
	if len(parts) == 0 {
		return nil
	}
	release, err := storelock.Commit(outDir)
	if err != nil {
		return err
	}
	defer release()
	var errs []error
	dirs := map[string]bool{}
	for _, p := range parts {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
		dirs[filepath.Dir(p)] = true
	}
	for d := range dirs {
		syncDir(d)
	}
	return errors.Join(errs...)
}

// removeStaleRuns removes the sorted runs and copies a run that died left
// beside the manifest.
func removeStaleRuns(outDir string) {
	runs, _ := filepath.Glob(filepath.Join(outDir, ".manifest-run-*.tmp"))
	for _, r := range append(runs, filepath.Join(outDir, ".manifest-v4.tmp")) {
		os.Remove(r)
	}
}

// addProblems appends problems to the summary up to MaxProblems and counts
// n (n ≥ len(probs): a group keeps only its first problems too).
func addProblems(s *Summary, probs []Problem, n int) {
	if len(probs) == 0 && n == 0 {
		return
	}
	s.ProblemCount += n
	room := MaxProblems - len(s.Problems)
	s.Problems = append(s.Problems, probs[:min(room, len(probs))]...)
}

// chooseSources keeps the Sources named in harnesses (all when empty).
func chooseSources(sources []Source, harnesses []string) ([]Source, error) {
	if len(harnesses) == 0 {
		return sources, nil
	}
	var out []Source
	var known []string
	for _, s := range sources {
		known = append(known, s.Harness())
		if slices.Contains(harnesses, s.Harness()) {
			out = append(out, s)
		}
	}
	for _, h := range harnesses {
		if !slices.Contains(known, h) {
			return nil, fmt.Errorf("ingest: unknown harness %q (known: %s)", h, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// sameFile reports whether path still looks as the manifest recorded it.
// An inode or time the Source did not record (0) is not compared.
func sameFile(path string, st FileState) bool {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() != st.Size {
		return false
	}
	if ino := inodeOf(fi); st.Inode != 0 && ino != 0 && ino != st.Inode {
		return false
	}
	return st.MtimeNs == 0 || st.MtimeNs == fi.ModTime().UnixNano()
}

// inodeOf returns the file's inode number where the system has one (the
// Ino field of the platform's stat structure), else 0. Reflection keeps this
// one file free of per-platform build tags.
func inodeOf(fi os.FileInfo) uint64 {
	v := reflect.ValueOf(fi.Sys())
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		if f := v.FieldByName("Ino"); f.IsValid() && f.CanUint() {
			return f.Uint()
		}
	}
	return 0
}

// groupSink collects what one group's Read reports and hands its rows on
// to the calls writer. A small group's rows are held until it has been
// read whole, so a failed group writes nothing and the next run reads it
// again. A group past sinkHold rows (a long session, an import of millions
// of calls) streams them on, sinkBatch at a time, so memory stays flat in
// the number of calls; should it fail after that, the rows it already gave
// stay written, and the next run's copies of them (same call_key) are
// deduplicated by every reader of the table.
type groupSink struct {
	home     string // written into every row: replay takes that home's user settings
	mu       sync.Mutex
	res      *groupResult
	bytes    *atomic.Int64
	calls    *atomic.Int64
	out      *callWriter
	held     [][]Row // full batches not yet handed on
	cur      []Row   // the batch being filled (capacity sinkBatch)
	streamed int     // rows already handed to the writer
	redact   bool    // Options.Redact
	// repairedLines are the lines LineLoop found bytes that are not UTF-8
	// in (TextMarker): the rows read from them are marked text_repaired.
	repairedLines map[repairedLine]struct{}
}

type repairedLine struct {
	path string
	line int64
}

// maxRepairedLines bounds the lines remembered per group: past it (a
// transcript in another encoding) a row is marked when its file had such
// lines at all.
const maxRepairedLines = 1 << 14

// RepairedLine remembers that path's line held bytes that are not UTF-8.
func (s *groupSink) RepairedLine(path string, line int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.repairedLines == nil {
		s.repairedLines = map[repairedLine]struct{}{}
	}
	if len(s.repairedLines) >= maxRepairedLines {
		line = 0
	}
	s.repairedLines[repairedLine{path, line}] = struct{}{}
}

func (s *groupSink) markedLocked(path string, line int64) bool {
	_, ok := s.repairedLines[repairedLine{path, line}]
	if !ok {
		_, ok = s.repairedLines[repairedLine{path, 0}]
	}
	return ok
}

// callsRowGroup is the calls table's row-group size: small enough that
// row groups are encoded while the readers still read (the writer encodes a
// row group only when it is full), large enough for DuckDB to scan well.
const callsRowGroup = 8192

// callsBuffer bounds the calls rows the Parquet writer holds across its
// partitions (harness and day) before it writes the largest as a row group:
// with sinkHold and the writer's queue it keeps ingest within the issue's
// 64 MiB whatever the number of calls.
const callsBuffer = 6 << 20

// sinkBatch is how many rows a reader hands the writer at once.
const sinkBatch = 512

// sinkHold is how many rows a group holds before it starts streaming them.
const sinkHold = 2048

func (s *groupSink) Row(r Row) {
	r.Home = s.home
	if file := r.SourceFile; repairText(&r) {
		s.Problem(Problem{File: file, Line: r.SourceOffset, Msg: "the call's text holds bytes that are not UTF-8: stored as U+FFFD, the row marked text_repaired"})
	}
	if s.redact {
		redactRow(&r)
	}
	s.mu.Lock()
	if s.repairedLines != nil && s.markedLocked(r.SourceFile, r.SourceOffset) {
		r.TextRepaired = true
	}
	if s.cur == nil {
		s.cur = s.out.batch()
	}
	s.cur = append(s.cur, r)
	if len(s.cur) == sinkBatch {
		s.held = append(s.held, s.cur)
		s.cur = nil
		if s.streamed > 0 || len(s.held)*sinkBatch >= sinkHold {
			s.sendLocked()
		}
	}
	s.mu.Unlock()
	s.calls.Add(1)
}

// flush hands the writer the group's remaining rows.
func (s *groupSink) flush() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.cur) > 0 {
		s.held = append(s.held, s.cur)
	}
	s.cur = nil
	s.sendLocked()
}

// sendLocked hands the writer every full batch held; the writer owns what
// it was sent (and gives the emptied arrays back for reuse).
func (s *groupSink) sendLocked() {
	for i, b := range s.held {
		s.out.send(b)
		s.streamed += len(b)
		s.held[i] = nil
	}
	s.held = s.held[:0]
}

// dropLocked forgets the rows not yet handed on and returns their count.
func (s *groupSink) dropLocked() int {
	n := len(s.cur)
	for _, b := range s.held {
		n += len(b)
	}
	s.held, s.cur = nil, nil
	return n
}

func (s *groupSink) Problem(p Problem) {
	s.mu.Lock()
	s.res.nProb++
	if len(s.res.problems) < MaxProblems {
		s.res.problems = append(s.res.problems, p)
	}
	s.mu.Unlock()
}

func (s *groupSink) Bytes(n int64) { s.bytes.Add(n) }

// readWindow bounds how many groups may be read or finished while an
// earlier group is still being read: their results wait to be added to
// the summary in group order (the order of problems stays the same
// whatever the timing), and memory must not hold one per file.
const readWindow = 256

// readAll streams every Source's groups over every home (the homes'
// listings merged, mergeGroups), looks each file up in the manifest, and
// hands the groups with a new or changed file to the workers, Workers at
// a time; the new states go to news. Discovery problems come first in the
// summary (per Source, per home, one for all of a home's listing errors),
// then each group's, in group order.
func readAll(ctx context.Context, srcs []Source, homes []string, m *manifestFile, opts Options, out *callWriter, news *stateSorter, sum *Summary) error {
	var bytesRead, calls, filesDone, filesTotal atomic.Int64
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, workers)
	stopProgress := startProgress(opts.Progress, &filesTotal, &filesDone, &bytesRead, &calls)

	type job struct {
		seq int
		g   group
	}
	type finished struct {
		seq int
		res groupResult
	}
	jobs := make(chan job)
	results := make(chan finished, workers)
	window := make(chan struct{}, readWindow)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				var res groupResult
				readGroup(ctx, j.g, &res, &bytesRead, &calls, out, news)
				filesDone.Add(int64(len(j.g.files)))
				results <- finished{j.seq, res}
			}
		}()
	}
	var readProbs []Problem
	readN := 0
	collected := make(chan struct{})
	go func() {
		defer close(collected)
		pending := map[int]groupResult{}
		next := 0
		for f := range results {
			pending[f.seq] = f.res
			for {
				r, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				readN += r.nProb
				readProbs = append(readProbs, r.problems[:min(MaxProblems-len(readProbs), len(r.problems))]...)
				<-window
			}
		}
	}()

	var discProbs []Problem
	discN := 0
	seq := 0
produce:
	for _, src := range srcs {
		h := src.Harness()
		seqs := make([]iter.Seq2[File, error], len(homes))
		for i, home := range homes {
			seqs[i] = src.Files(home)
		}
		errs := make([][]error, len(homes))
		stopped := false
		for fg := range mergeGroups(seqs, func(i int, err error) { errs[i] = append(errs[i], err) }) {
			g := group{src: src, home: homes[fg.from], files: fg.files}
			unchanged, known := 0, 0
			for _, f := range g.files {
				if st, ok := m.lookup(h, f.Path, false); ok {
					known++
					if sameFile(f.Path, st) {
						unchanged++
					}
				}
			}
			sum.FilesSkippedUnchanged += unchanged
			if unchanged == len(g.files) {
				continue
			}
			if known > 0 {
				// Only groups the manifest knows get a map; the readers'
				// states are decoded only for the groups read.
				g.prev = map[string]FileState{}
				for _, f := range g.files {
					if st, ok := m.lookup(h, f.Path, true); ok {
						g.prev[f.Path] = st
					}
				}
			}
			sum.Files += len(g.files) - unchanged
			filesTotal.Add(int64(len(g.files) - unchanged))
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				stopped = true
				break
			}
			if stopped {
				break
			}
			select {
			case jobs <- job{seq, g}:
				seq++
			case <-ctx.Done():
				stopped = true
			}
			if stopped {
				break
			}
		}
		for i, es := range errs {
			if len(es) > 0 {
				discN++
				if len(discProbs) < MaxProblems {
					discProbs = append(discProbs, Problem{File: homes[i], Msg: h + ": cannot list transcripts: " + errors.Join(es...).Error()})
				}
			}
		}
		if stopped {
			break produce
		}
	}
	close(jobs)
	wg.Wait()
	close(results)
	<-collected
	stopProgress()
	sum.BytesRead = bytesRead.Load()
	addProblems(sum, discProbs, discN)
	addProblems(sum, readProbs, readN)
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	return nil
}

func readGroup(ctx context.Context, g group, res *groupResult, bytesRead, calls *atomic.Int64, out *callWriter, news *stateSorter) {
	sink := &groupSink{home: g.home, res: res, bytes: bytesRead, calls: calls, out: out, redact: out.redact}
	fail := func(msg string) {
		res.failed = true
		sink.mu.Lock()
		calls.Add(-int64(sink.dropLocked()))
		if sink.streamed > 0 {
			msg += fmt.Sprintf(" (after %d calls were written; the next run writes them again and readers keep one copy of each)", sink.streamed)
		}
		sink.mu.Unlock()
		res.nProb++
		res.problems = append(res.problems, Problem{File: g.files[0].Path, Msg: g.src.Harness() + ": " + msg + "; the file is read again next run"})
	}
	defer func() {
		// A Source is another engineer's parser of untrusted input; its
		// panic costs one group, not the run.
		if r := recover(); r != nil {
			fail(fmt.Sprint("reader panicked: ", r))
		}
	}()
	states, err := g.src.Read(ctx, g.files, g.prev, sink)
	if err != nil {
		if ctx.Err() != nil {
			res.failed = true
			return
		}
		fail("read failed: " + err.Error())
		return
	}
	sink.flush()
	for _, st := range states {
		news.add(g.src.Harness(), st)
	}
}

// callWriter writes rows to the calls table while the readers are still
// reading, so the Parquet encoding overlaps the parsing (measured with
// cmd/permsim-bench, the write was as long as the read). It remembers, for
// the last dedupeWindow call keys it saw, the lowest CopyRank written: a
// row whose CallKey was written with a lower or equal CopyRank within that
// window is dropped; a row with a lower one is written too, and the readers
// of the table (the `calls` view, ReadCalls) keep the lowest copy_rank.
// Readers should make CopyRank unique per copy (the Claude reader ends it
// with the file path): between two rows of one run with the same call_key
// and copy_rank either may be kept.
//
// The window is what keeps ingest's memory flat in the number of calls: a
// copy seen further apart is simply written again (readers keep one), and
// counts twice in the summary.
type callWriter struct {
	in     chan []Row
	free   chan []Row // emptied batches, for the readers to fill again
	done   chan struct{}
	since  time.Time
	run    int64
	redact bool // Options.Redact, for the readers' sinks

	// owned by the writing goroutine until done is closed
	w     *dataset.Writer[Row]
	err   error
	best  map[string]string // CallKey → lowest CopyRank written, within the window
	calls map[string]int    // rows written, per harness, less the copies seen in the window
}

// dedupeWindow is how many call keys the writer remembers (about 100 bytes
// each); it is emptied when full.
const dedupeWindow = 1 << 15

func newCallWriter(outDir, runID string, since time.Time, run int64) *callWriter {
	// A short queue: each batch is sinkBatch rows, and a full queue makes the
	// readers wait for the writer instead of piling rows up in memory.
	cw := &callWriter{in: make(chan []Row, 4), free: make(chan []Row, 8), done: make(chan struct{}), since: since, run: run,
		best: map[string]string{}, calls: map[string]int{}}
	go cw.loop(outDir, runID)
	return cw
}

func (cw *callWriter) send(rows []Row) { cw.in <- rows }

// batch returns an empty batch of capacity sinkBatch: one the writer is
// done with when there is one. Reusing them keeps the rows (about 400
// bytes each) from being allocated and collected anew for every call.
func (cw *callWriter) batch() []Row {
	select {
	case b := <-cw.free:
		return b
	default:
		return make([]Row, 0, sinkBatch)
	}
}

// recycle clears a batch the writer has copied out and offers it back.
func (cw *callWriter) recycle(b []Row) {
	if cap(b) != sinkBatch {
		return
	}
	clear(b)
	select {
	case cw.free <- b[:0]:
	default:
	}
}

func (cw *callWriter) loop(outDir, runID string) {
	defer close(cw.done)
	for batch := range cw.in {
		if cw.err != nil {
			continue // drain, so readers never block on a failed writer
		}
		for i := range batch {
			row := &batch[i]
			if !cw.since.IsZero() && !row.Ts.IsZero() && row.Ts.Before(cw.since) {
				continue
			}
			if row.CallKey == "" {
				cw.calls[row.Harness]++
			} else {
				best, ok := cw.best[row.CallKey]
				if ok && best <= row.CopyRank {
					continue
				}
				if !ok {
					if len(cw.best) >= dedupeWindow {
						clear(cw.best)
					}
					cw.calls[row.Harness]++
				}
				cw.best[row.CallKey] = row.CopyRank
			}
			row.IngestRun = cw.run
			if cw.w == nil {
				if cw.w, cw.err = dataset.Create[Row](outDir, CallsTable, dataset.Options{Partitions: CallsPartitions, RunID: runID,
					RowGroupRows: callsRowGroup, BufferBytes: callsBuffer}); cw.err != nil {
					break
				}
			}
			if cw.err = cw.w.Write(*row); cw.err != nil {
				break
			}
		}
		cw.recycle(batch)
	}
}

// finish waits for the writer and commits the files when commit is true and
// nothing failed; otherwise it removes them.
func (cw *callWriter) finish(commit bool) error {
	close(cw.in)
	<-cw.done
	if cw.w == nil {
		return cw.err
	}
	if cw.err != nil || !commit {
		cw.w.Abort()
		return cw.err
	}
	return cw.w.Commit()
}

// undo removes the parts Commit made visible (the manifest naming them
// could not be saved), then the commit journal; should a remove fail, the
// journal stays and the next run removes them.
func (cw *callWriter) undo(outDir string) error {
	if cw.w != nil {
		if err := removeParts(outDir, cw.w.Files()); err != nil {
			return fmt.Errorf("ingest: removing this run's calls parts (the next run removes them): %w", err)
		}
	}
	os.Remove(filepath.Join(outDir, commitJournal))
	return nil
}

// perHarness counts the calls written, per harness (a copy counted once
// when its original was seen within the dedupe window).
func (cw *callWriter) perHarness() map[string]int { return cw.calls }

// startProgress prints "ingest: 12/40 files, 812 MB, 3,120 calls" to w at
// most every progressEvery until the returned stop is called. On a terminal
// the line is rewritten in place with "\r"; elsewhere each is its own line.
func startProgress(w io.Writer, total, files, bytes, calls *atomic.Int64) (stop func()) {
	if w == nil {
		return func() {}
	}
	tty := isTerminal(w)
	done := make(chan struct{})
	finished := make(chan struct{})
	last := 0
	show := func() {
		line := fmt.Sprintf("ingest: %s/%s files, %s, %s calls", textsafe.Thousands(files.Load()), textsafe.Thousands(total.Load()), megabytes(bytes.Load()), textsafe.Thousands(calls.Load()))
		if tty {
			pad := strings.Repeat(" ", max(0, last-len(line)))
			fmt.Fprint(w, "\r"+line+pad)
			last = len(line)
		} else {
			fmt.Fprintln(w, line)
		}
	}
	go func() {
		defer close(finished)
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				show()
			case <-done:
				if tty && last > 0 {
					show() // leave the final count on screen, not a stale one
					fmt.Fprintln(w)
				}
				return
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// megabytes formats a byte count in decimal megabytes, with one decimal
// below 10 MB so small runs do not all read "0 MB".
func megabytes(n int64) string {
	mb := float64(n) / 1e6
	if mb < 10 {
		return strconv.FormatFloat(mb, 'f', 1, 64) + " MB"
	}
	return textsafe.Thousands(int64(mb+0.5)) + " MB"
}

// dedupeKeys is how many call keys ReadCalls holds at once (about 100
// bytes each). A table with more rows is deduplicated in several passes over
// its three deciding columns, each pass taking the keys of one hash bucket,
// so memory stays flat in the number of calls.
var dedupeKeys = 1 << 15

// ReadCalls streams the calls table under outDir into fn, one row per
// call_key: the row with the lowest copy_rank, and among those the one of
// the highest ingest_run (on a full tie, the first in file order). Rows
// without a call_key are all given. It reads the table in two stages —
// first only the three deciding columns, marking each file's winning rows
// in a bitmap, then whole rows — so memory holds one bit per row and at
// most dedupeKeys keys, never the rows.
//
// Files that cannot be read are skipped and their errors (each naming the
// file) returned joined at the end; an error from fn stops the read and is
// returned as is.
func ReadCalls(outDir string, fn func(Row) error) error {
	return ReadCallsColumns(outDir, nil, fn)
}

// ReadCallsColumns is ReadCalls decoding only the named columns of each
// row (all when columns is nil); the other fields are left zero. Replay
// reads the dozen it decides on.
func ReadCallsColumns(outDir string, columns []string, fn func(Row) error) error {
	parts, err := dataset.Parts(outDir, CallsTable)
	if err != nil {
		return err
	}
	s := &CallsScan{parts: parts, bad: map[string]error{}}
	if s.win, err = winners(parts, s.bad); err != nil {
		return err
	}
	return s.eachPart(func(p dataset.Part, keep func(row int) bool, give func(error) error) error {
		return dataset.ReadPartSelect(p, columns, keep, func(r Row) error { return give(fn(r)) })
	})
}

// keyHash identifies a call_key by two independent 64-bit hashes: 16 bytes
// whatever the key's length, and no two keys of a table share both (the
// chance is about n²/2¹²⁹).
type keyHash struct{ a, b uint64 }

// winner is the best row seen so far for one call_key.
type winner struct {
	part, row int32
	run       int64
	rank      string
}

var seedA, seedB = maphash.MakeSeed(), maphash.MakeSeed()

// hashKey is a call_key's two 64-bit hashes, which stand for the key in
// the dedupe maps and filter.
func hashKey(key []byte) keyHash {
	return keyHash{maphash.Bytes(seedA, key), maphash.Bytes(seedB, key)}
}

// loses reports whether a row of copy_rank rank written by ingest run run
// loses to the best row w seen so far of its key: readers keep the lowest
// copy_rank, then the latest run, then the first in file order.
func (w winner) loses(rank []byte, run int64) bool {
	return !(string(rank) < w.rank || (string(rank) == w.rank && run > w.run))
}

// markWinners sets, in win, the bit of each best row of a readable part.
func markWinners(win [][]uint64, best map[keyHash]winner, parts []dataset.Part, bad map[string]error) {
	for _, w := range best {
		if bad[parts[w.part].Path] == nil {
			win[w.part][w.row>>6] |= 1 << (w.row & 63)
		}
	}
}

// rowBitmaps makes, per part, an empty bitmap of its rows, and counts the
// rows of all parts; parts whose footer cannot be read are recorded in
// bad and get none.
func rowBitmaps(parts []dataset.Part, bad map[string]error) ([][]uint64, int64) {
	win := make([][]uint64, len(parts))
	var total int64
	for pi, p := range parts {
		n, err := dataset.NumRows(p)
		if err != nil {
			bad[p.Path] = err
			continue
		}
		win[pi] = make([]uint64, (n+63)/64)
		total += n
	}
	return win, total
}

// scanKeys calls row for every row of every part not in bad, in file
// order, with its call_key (null: it has none), copy_rank and ingest_run;
// the slices are valid only during the call. A part whose scan fails is
// recorded in bad. winners and fastWinners both read the parts so.
func scanKeys(parts []dataset.Part, bad map[string]error, row func(pi, r int, null bool, key, rank []byte, run int64)) {
	for pi, p := range parts {
		if bad[p.Path] != nil {
			continue
		}
		first := 0
		err := dataset.ScanColumns(p, []string{"call_key", "copy_rank"}, []string{"ingest_run"}, func(n int, strs []dataset.Strings, ints [][]int64) error {
			keys, rks, runs := &strs[0], &strs[1], ints[0]
			for i := range n {
				row(pi, first+i, keys.Null[i], keys.Bytes(i), rks.Bytes(i), runs[i])
			}
			first += n
			return nil
		})
		if err != nil {
			bad[p.Path] = err
		}
	}
}

// winners returns, per part, a bitmap of the rows ReadCalls gives: per
// call_key the lowest copy_rank, then the highest ingest_run, then the
// first in file order; and every row without a call_key. Parts that
// cannot be read are recorded in bad and left out.
func winners(parts []dataset.Part, bad map[string]error) ([][]uint64, error) {
	win, total := rowBitmaps(parts, bad)
	buckets := max(1, int((total+int64(dedupeKeys)-1)/int64(dedupeKeys)))
	best := map[keyHash]winner{}
	ranks := map[string]string{} // interned ranks: the Claude reader's end with the file path
	for b := range buckets {
		scanKeys(parts, bad, func(pi, r int, null bool, key, rank []byte, run int64) {
			if null {
				if b == 0 {
					win[pi][r>>6] |= 1 << (r & 63)
				}
				return
			}
			h := hashKey(key)
			if h.a%uint64(buckets) != uint64(b) {
				return
			}
			if cur, ok := best[h]; ok && cur.loses(rank, run) {
				return
			}
			rs, ok := ranks[string(rank)]
			if !ok {
				if len(ranks) >= 4096 {
					clear(ranks)
				}
				rs = string(rank)
				ranks[rs] = rs
			}
			best[h] = winner{part: int32(pi), row: int32(r), run: run, rank: rs}
		})
		markWinners(win, best, parts, bad)
		clear(best)
	}
	return win, nil
}
