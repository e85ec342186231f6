// Package disksort sorts more key/value records than a bound of memory
// holds: records are added in any order, held up to a number of bytes,
// then written sorted to run files on disk and merged back in key order,
// the values of equal keys combined by the caller's function. It is an
// external merge sort, for the tables whose size grows with the input
// (issue 15: "memory must not grow with the number of calls"): ingest's
// manifest of file states, replay's counts of the report's commands.
//
// Run files are private to one Sorter: temp files in the folder it is
// given, removed by Remove. A run file is a sequence of records, each its
// key and value prefixed by their lengths as uvarints.
package disksort

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
)

// FanIn is how many run files of one level a Sorter merges into one of the
// next level: the open files and read buffers (16 KiB each) of a merge
// stay bounded whatever the number of records.
const FanIn = 16

// Combine returns the value of a key added twice: newer is the value
// added later, older the earlier (or what earlier values combined to). It
// may return either argument or build a new value; the arguments are valid
// only during the call.
type Combine func(key, newer, older []byte) []byte

// Newer keeps the later value of a key.
func Newer(_, newer, _ []byte) []byte { return newer }

// Sorter collects records and gives them back sorted by key (byte order),
// one record a key. Not safe for concurrent use.
type Sorter struct {
	dir, pattern string
	limit        int
	combine      Combine
	arena        []byte // the held records' keys and values
	held         []span
	runs         []run // oldest first
	err          error
}

// span is a held record: its key and value as offsets into the arena.
type span struct{ k0, k1, v1 int }

type run struct {
	path  string
	level int
}

// New returns a Sorter that holds about limit bytes of records before it
// writes them to a run file in dir (named like os.CreateTemp's pattern).
func New(dir, pattern string, limit int, combine Combine) *Sorter {
	return &Sorter{dir: dir, pattern: pattern, limit: limit, combine: combine}
}

// spanBytes is what a held record costs besides its bytes.
const spanBytes = 24

// Add records key with value (both copied). The first error of writing a
// run is returned by this and every later call.
func (s *Sorter) Add(key, value []byte) error {
	if s.err != nil {
		return s.err
	}
	k0 := len(s.arena)
	s.arena = append(s.arena, key...)
	s.arena = append(s.arena, value...)
	s.held = append(s.held, span{k0, k0 + len(key), len(s.arena)})
	if len(s.arena)+spanBytes*len(s.held) >= s.limit {
		s.err = s.Spill()
	}
	return s.err
}

// Len is the number of records held in memory (not yet in a run).
func (s *Sorter) Len() int { return len(s.held) }

// Runs is the number of run files written and not yet merged away.
func (s *Sorter) Runs() int { return len(s.runs) }

// Spill writes the held records to a run file now, then merges the runs
// of any level that has FanIn of them.
func (s *Sorter) Spill() error {
	if s.err != nil {
		return s.err
	}
	if len(s.held) == 0 {
		return nil
	}
	err := s.writeRun(0, []Stream{s.memStream()})
	s.arena, s.held = s.arena[:0], s.held[:0]
	for level := 0; err == nil; level++ {
		var at []int
		for i, r := range s.runs {
			if r.level == level {
				at = append(at, i)
			}
		}
		if len(at) < FanIn {
			break
		}
		// Every run of a lower level was merged before: the runs of this
		// level are the latest, and the merged one is the latest of all.
		var srcs []Stream
		srcs, err = s.open(at)
		if err == nil {
			err = s.writeRun(level+1, srcs)
		}
		closeStreams(srcs)
		if err != nil {
			break
		}
		merged := s.runs[len(s.runs)-1]
		kept := s.runs[:0]
		for i, r := range s.runs[:len(s.runs)-1] {
			if slices.Contains(at, i) {
				os.Remove(r.path)
				continue
			}
			kept = append(kept, r)
		}
		s.runs = append(kept, merged)
	}
	s.err = err
	return err
}

// Streams returns the records as sorted streams, the latest first: the
// held records, then each run. Merge them (with more streams of the
// caller's, each sorted, placed by how recent they are) to read every
// record once; Close each stream after.
func (s *Sorter) Streams() ([]Stream, error) {
	if s.err != nil {
		return nil, s.err
	}
	at := make([]int, len(s.runs))
	for i := range at {
		at[i] = i
	}
	runs, err := s.open(at)
	return append([]Stream{s.memStream()}, runs...), err
}

// Each calls fn with every key and its combined value, in key order (key
// and value are valid only during the call).
func (s *Sorter) Each(fn func(key, value []byte) error) error {
	srcs, err := s.Streams()
	defer closeStreams(srcs)
	if err != nil {
		return err
	}
	return Merge(srcs, s.combine, fn)
}

// Remove deletes the run files and drops the held records.
func (s *Sorter) Remove() {
	for _, r := range s.runs {
		os.Remove(r.path)
	}
	s.runs, s.arena, s.held = nil, nil, nil
}

// memStream sorts the held records and streams them, equal keys combined.
// Of equal keys the later added is later: records are added at rising
// arena offsets, so the offset settles ties (pdqsort with that tie-break
// took half the time of a stable sort, replay's 1M-call profile).
func (s *Sorter) memStream() Stream {
	slices.SortFunc(s.held, func(a, b span) int {
		if c := bytes.Compare(s.arena[a.k0:a.k1], s.arena[b.k0:b.k1]); c != 0 {
			return c
		}
		return a.k0 - b.k0
	})
	return &memStream{s: s}
}

type memStream struct {
	s   *Sorter
	i   int
	val []byte
}

func (m *memStream) Next() (key, value []byte, ok bool, err error) {
	held, arena := m.s.held, m.s.arena
	if m.i >= len(held) {
		return nil, nil, false, nil
	}
	h := held[m.i]
	key, value = arena[h.k0:h.k1], arena[h.k1:h.v1]
	m.i++
	for m.i < len(held) && bytes.Equal(arena[held[m.i].k0:held[m.i].k1], key) {
		n := held[m.i]
		value = m.s.combine(key, arena[n.k1:n.v1], value)
		// The combined value may be a fresh slice: keep it in a buffer of
		// the stream's own so the arena is never written.
		m.val = append(m.val[:0], value...)
		value = m.val
		m.i++
	}
	return key, value, true, nil
}

func (m *memStream) Close() error { return nil }

// writeRun merges srcs into a new run file of the level.
func (s *Sorter) writeRun(level int, srcs []Stream) error {
	f, err := os.CreateTemp(s.dir, s.pattern)
	if err != nil {
		return err
	}
	s.runs = append(s.runs, run{f.Name(), level})
	w := bufio.NewWriterSize(f, 64<<10)
	var n [binary.MaxVarintLen64]byte
	err = Merge(srcs, s.combine, func(key, value []byte) error {
		w.Write(binary.AppendUvarint(n[:0], uint64(len(key))))
		w.Write(key)
		w.Write(binary.AppendUvarint(n[:0], uint64(len(value))))
		_, err := w.Write(value)
		return err
	})
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// open opens the runs at the given indices as streams, the latest first.
func (s *Sorter) open(at []int) ([]Stream, error) {
	var srcs []Stream
	for _, i := range slices.Backward(at) {
		f, err := os.Open(s.runs[i].path)
		if err != nil {
			return srcs, err
		}
		srcs = append(srcs, &fileStream{f: f, r: bufio.NewReaderSize(f, 16<<10)})
	}
	return srcs, nil
}

func closeStreams(srcs []Stream) {
	for _, s := range srcs {
		s.Close()
	}
}

// fileStream reads a run file.
type fileStream struct {
	f        *os.File
	r        *bufio.Reader
	key, val []byte
}

// errShortRun is a run file that ends inside a record: a run is written
// whole before it is read, so only a disk that lost data gives it.
var errShortRun = errors.New("disksort: a run file ends inside a record")

func (fs *fileStream) Next() (key, value []byte, ok bool, err error) {
	kn, err := binary.ReadUvarint(fs.r)
	if err == io.EOF {
		return nil, nil, false, nil
	}
	if err == nil {
		fs.key, err = readN(fs.r, fs.key, kn)
	}
	var vn uint64
	if err == nil {
		vn, err = binary.ReadUvarint(fs.r)
	}
	if err == nil {
		fs.val, err = readN(fs.r, fs.val, vn)
	}
	if err != nil {
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			err = errShortRun
		}
		return nil, nil, false, fmt.Errorf("%s: %w", fs.f.Name(), err)
	}
	return fs.key, fs.val, true, nil
}

// readN reads n bytes into buf's memory (grown when short).
func readN(r io.Reader, buf []byte, n uint64) ([]byte, error) {
	if n > 1<<31 {
		return buf, errShortRun
	}
	buf = slices.Grow(buf[:0], int(n))[:n]
	_, err := io.ReadFull(r, buf)
	return buf, err
}

func (fs *fileStream) Close() error { return fs.f.Close() }

// Stream is one sorted sequence of records, each key once.
type Stream interface {
	// Next returns the next record (valid until the next call); ok is
	// false at the end.
	Next() (key, value []byte, ok bool, err error)
	// Close releases the stream's file, if any.
	Close() error
}

// Merge merges sorted streams, given the latest first, into one: emit is
// called once a key, in key order, with the values of every stream that
// holds the key combined (key and value are valid only during the call).
func Merge(srcs []Stream, combine Combine, emit func(key, value []byte) error) error {
	type head struct {
		key, val []byte
		ok       bool
	}
	heads := make([]head, len(srcs))
	advance := func(i int) error {
		k, v, ok, err := srcs[i].Next()
		heads[i] = head{k, v, ok}
		return err
	}
	for i := range srcs {
		if err := advance(i); err != nil {
			return err
		}
	}
	var keyBuf, valBuf []byte
	for {
		first := -1
		for i, h := range heads {
			if h.ok && (first < 0 || bytes.Compare(h.key, heads[first].key) < 0) {
				first = i
			}
		}
		if first < 0 {
			return nil
		}
		// The streams' buffers change as they move on: the key and the
		// value so far are copied.
		keyBuf = append(keyBuf[:0], heads[first].key...)
		valBuf = append(valBuf[:0], heads[first].val...)
		if err := advance(first); err != nil {
			return err
		}
		// Every stream at this key moves past it: srcs[first] is later than
		// the streams after it, and a stream that holds the key more than
		// once (a damaged file a caller streams) has its first the later.
		for i := first; i < len(heads); i++ {
			for heads[i].ok && bytes.Equal(heads[i].key, keyBuf) {
				valBuf = append(valBuf[:0], combine(keyBuf, valBuf, heads[i].val)...)
				if err := advance(i); err != nil {
					return err
				}
			}
		}
		if err := emit(keyBuf, valBuf); err != nil {
			return err
		}
	}
}
