package ingest

import (
	"errors"

	"github.com/permsim/permsim/dataset"
)

// CallsScan is the calls table under one output folder with its dedupe
// done: which row of each call_key ReadCalls gives (the winners) is marked
// once, and Read then hands over the winning rows by columns as often as
// asked (replay reads the table twice when Gemini CLI session history is
// needed, with one dedupe pass).
type CallsScan struct {
	parts []dataset.Part
	win   [][]uint64
	bad   map[string]error
}

// ScanCalls lists the calls table under outDir and marks its winning rows
// (see ReadCalls). It reads the call_key column once; only when some
// call_key may occur twice does it read the keys again with copy_rank and
// ingest_run, and then it settles only the keys that may repeat. Memory is
// a fixed-size filter, one bit per row and the keys that repeat, not the
// keys of the table.
func ScanCalls(outDir string) (*CallsScan, error) {
	parts, err := dataset.Parts(outDir, CallsTable)
	if err != nil {
		return nil, err
	}
	s := &CallsScan{parts: parts, bad: map[string]error{}}
	s.win, err = fastWinners(parts, s.bad)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Read hands fn the calls table one row group at a time, as the values of
// the named columns (dataset.ReadColumns: no reflection, no allocation per
// value), with keep telling the rows ReadCalls would give from the copies
// it would not; first is the index in its file of the row group's first
// row, for keep. Row groups are given in ReadCalls' order.
//
// Files that cannot be read are skipped and their errors returned joined at
// the end; an error from fn stops the read and is returned as is.
func (s *CallsScan) Read(specs []dataset.ColumnSpec, fn func(keep func(row int) bool, first, rows int, cols []dataset.ColumnValues) error) error {
	return s.ReadFiles(specs, func(_ string, keep func(row int) bool, first, rows int, cols []dataset.ColumnValues) error {
		return fn(keep, first, rows, cols)
	})
}

// ReadFiles is Read that also names the file each row group is from
// (replay takes a pulled part's host from its name).
func (s *CallsScan) ReadFiles(specs []dataset.ColumnSpec, fn func(file string, keep func(row int) bool, first, rows int, cols []dataset.ColumnValues) error) error {
	return s.eachPart(func(p dataset.Part, keep func(row int) bool, give func(error) error) error {
		return dataset.ReadColumns(p, specs, keep, func(first, rows int, cols []dataset.ColumnValues) error {
			return give(fn(p.Path, keep, first, rows, cols))
		})
	})
}

// eachPart runs read on each data file not already found bad, in order,
// with keep marking the file's winning rows. read passes each error of its
// caller's callback through give: such an error stops the walk and is
// returned as is, while any other error read returns marks the file bad and
// the walk goes on. The bad files' errors come back joined at the end.
// ReadCalls and Read share it, so both skip and report files alike.
func (s *CallsScan) eachPart(read func(p dataset.Part, keep func(row int) bool, give func(error) error) error) error {
	for pi, p := range s.parts {
		if s.bad[p.Path] != nil {
			continue
		}
		bits := s.win[pi]
		keep := func(row int) bool {
			return row>>6 < len(bits) && bits[row>>6]&(1<<(row&63)) != 0
		}
		var fnErr error
		err := read(p, keep, func(err error) error {
			if err != nil {
				fnErr = err
			}
			return err
		})
		if fnErr != nil {
			return fnErr
		}
		if err != nil {
			s.bad[p.Path] = err
		}
	}
	var errs []error
	for _, p := range s.parts {
		if err := s.bad[p.Path]; err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Parts is the data files of the table, in the order Read gives them.
func (s *CallsScan) Parts() []dataset.Part { return s.parts }

// ReadCallColumns is ScanCalls then Read.
func ReadCallColumns(outDir string, specs []dataset.ColumnSpec, fn func(keep func(row int) bool, first, rows int, cols []dataset.ColumnValues) error) error {
	s, err := ScanCalls(outDir)
	if err != nil {
		return err
	}
	return s.Read(specs, fn)
}

// Bounds of fastWinners' filter.
const (
	filterMinBits = 1 << 20
	filterMaxBits = 1 << 27 // 16 MiB, from 8M rows
)

// maxSuspects is the most keys fastWinners settles itself; past it (a
// table of many copies) it leaves the work to winners, whose passes are
// bounded by dedupeKeys.
var maxSuspects = 1 << 17

// fastWinners marks the same rows as winners, in one pass over the
// call_key column when no key repeats: a Bloom filter of the keys' hashes
// (16 bits a row, at most 16 MiB) finds the keys that may have been seen
// before — the repeats and a few false alarms — and only rows of those
// keys are settled by copy_rank and ingest_run, in a second pass. Every
// other row with a key is the only row of its key and wins. winners, by
// contrast, reads the three columns of the whole table once per 32k keys.
func fastWinners(parts []dataset.Part, bad map[string]error) ([][]uint64, error) {
	win, total := rowBitmaps(parts, bad)
	m := uint64(filterMinBits)
	for m < uint64(total)*16 && m < filterMaxBits {
		m <<= 1
	}
	filter := make([]uint64, m/64)
	suspects := map[uint64]struct{}{} // keyHash.a of keys that may repeat
	// Four probes from the two hashes (Kirsch and Mitzenmacher).
	probe := func(h keyHash, i uint64) (int, uint64) {
		bit := (h.a + i*h.b) & (m - 1)
		return int(bit >> 6), 1 << (bit & 63)
	}
	tooMany := false
	for pi, p := range parts {
		if bad[p.Path] != nil || tooMany {
			continue
		}
		row := 0
		err := dataset.ScanColumns(p, []string{"call_key"}, nil, func(n int, strs []dataset.Strings, _ [][]int64) error {
			keys := &strs[0]
			for i := range n {
				r := row + i
				if keys.Null[i] {
					win[pi][r>>6] |= 1 << (r & 63)
					continue
				}
				h := hashKey(keys.Bytes(i))
				seen := true
				for j := range uint64(4) {
					w, b := probe(h, j)
					if filter[w]&b == 0 {
						seen = false
						filter[w] |= b
					}
				}
				if seen {
					suspects[h.a] = struct{}{}
					if len(suspects) > maxSuspects {
						tooMany = true
						return errStopScan
					}
				}
				win[pi][r>>6] |= 1 << (r & 63)
			}
			row += n
			return nil
		})
		if err != nil && err != errStopScan {
			bad[p.Path] = err
		}
	}
	if tooMany {
		// Start again from nothing: winners marks every file itself.
		for pi := range parts {
			delete(bad, parts[pi].Path)
		}
		return winners(parts, bad)
	}
	if len(suspects) == 0 {
		return win, nil
	}
	// The rows of keys that may repeat were marked above as if they won;
	// settle them: unmark each, and mark the best of its key.
	best := map[keyHash]winner{}
	scanKeys(parts, bad, func(pi, r int, null bool, key, rank []byte, run int64) {
		if null {
			return
		}
		h := hashKey(key)
		if _, ok := suspects[h.a]; !ok {
			return
		}
		win[pi][r>>6] &^= 1 << (r & 63)
		if cur, ok := best[h]; ok && cur.loses(rank, run) {
			return
		}
		best[h] = winner{part: int32(pi), row: int32(r), run: run, rank: string(rank)}
	})
	markWinners(win, best, parts, bad)
	return win, nil
}

var errStopScan = errors.New("stop")
