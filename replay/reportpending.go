package replay

import (
	"cmp"
	"encoding/binary"
	"strings"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/disksort"
)

// pendingCalls are the calls whose item is coalesce(url, query, pattern,
// fallback) (their command and paths are empty), by call_key: Run does not
// read those columns, so the item is settled at the end by one more pass
// over the calls table (settlePending). Held in a map up to
// pendingHeldBytes, then in sorted runs on disk (internal/disksort), so a
// store of many web calls does not grow replay's memory.
type pendingCalls struct {
	dir    string
	held   map[string]pendingWhat
	bytes  int
	sort   *disksort.Sorter // nil until the held calls first pass their bound
	failed bool
}

// pendingWhat is a pending call's group and fallback item.
type pendingWhat struct {
	group    int32
	fallback string
}

// pendingHeldBytes bounds what one pendingCalls holds in memory (the
// strings, and about heldEntryBytes more a call).
const pendingHeldBytes = 1 << 20

func newPendingCalls(dir string) *pendingCalls {
	return &pendingCalls{dir: dir, held: map[string]pendingWhat{}}
}

// add records the call with key (its strings are copied).
func (p *pendingCalls) add(key string, group int32, fallback string) {
	if p.failed {
		return
	}
	p.held[strings.Clone(key)] = pendingWhat{group, strings.Clone(fallback)}
	p.bytes += len(key) + len(fallback) + heldEntryBytes
	if p.bytes < pendingHeldBytes {
		return
	}
	if p.sort == nil {
		p.sort = disksort.New(p.dir, itemRunPattern, 2*pendingHeldBytes, disksort.Newer)
	}
	p.failed = p.moveHeld(p.sort, 0) != nil || p.sort.Spill() != nil
}

// moveHeld hands the held calls to s, tagged as set j's (pendingValue).
func (p *pendingCalls) moveHeld(s *disksort.Sorter, j int) error {
	var v []byte
	for k, w := range p.held {
		if err := s.Add([]byte(k), appendPending(v[:0], j, w.group, w.fallback)); err != nil {
			return err
		}
	}
	clear(p.held)
	p.bytes = 0
	return nil
}

// remove deletes the run files (nil-safe).
func (p *pendingCalls) remove() {
	if p != nil && p.sort != nil {
		p.sort.Remove()
	}
}

// The values of settlePending's join, by call_key: a pending call ('P':
// its set, group and fallback), a call's url, query or pattern ('F': the
// text), or the two joined ('J': the set, group and the text found).
const (
	tagPending = 'P'
	tagFound   = 'F'
	tagJoined  = 'J'
)

func appendPending(b []byte, set int, group int32, what string) []byte {
	b = append(b, tagPending, byte(set))
	b = binary.AppendUvarint(b, uint64(uint32(group)))
	return append(b, what...)
}

// decodePending reads a 'P' or 'J' value.
func decodePending(v []byte) (set int, group int32, what []byte) {
	g, n := binary.Uvarint(v[2:])
	return int(v[1]), int32(uint32(g)), v[2+n:]
}

// joinPending combines two values of one call_key: a pending call and the
// text found for it become the joined call; otherwise the newer is kept.
func joinPending(_, newer, older []byte) []byte {
	p, f := newer, older
	if p[0] == tagFound {
		p, f = older, newer
	}
	if p[0] != tagPending || f[0] != tagFound {
		return newer
	}
	set, group, _ := decodePending(p)
	b := appendPending(nil, set, group, string(f[1:]))
	b[0] = tagJoined
	return b
}

// urlSpecs are the columns finish reads for the pending commands.
var urlSpecs = []dataset.ColumnSpec{
	{Name: "call_key", Kind: dataset.KindString},
	{Name: "url", Kind: dataset.KindString},
	{Name: "query", Kind: dataset.KindString},
	{Name: "pattern", Kind: dataset.KindString},
}

// settlePending reads the url, query and pattern of the calls (one more
// pass over the calls table, only when some call waits for them) and
// counts each pending call of set j in items[j]: the first of the three
// its row holds, else its fallback. While every set is held in memory a
// row is looked up in the maps; once one has spilled, the pending calls
// and the rows holding a text are sorted together by call_key on disk and
// joined (disksort), in memory bounded whatever their number.
func settlePending(dir string, scan *ingest.CallsScan, pend []*pendingCalls, items []*itemCounts) bool {
	n, spilled := 0, false
	for _, p := range pend {
		if p.failed {
			return false
		}
		n += len(p.held)
		spilled = spilled || p.sort != nil
	}
	if n == 0 && !spilled {
		return true
	}
	var joint *disksort.Sorter
	if spilled {
		joint = disksort.New(dir, itemRunPattern, 4<<20, joinPending)
		defer joint.Remove()
		for j, p := range pend {
			if p.moveHeld(joint, j) != nil {
				return false
			}
			if p.sort == nil {
				continue
			}
			// Values spilled were tagged set 0: retag them as set j.
			err := p.sort.Each(func(k, v []byte) error {
				_, group, what := decodePending(v)
				return joint.Add(k, appendPending(nil, j, group, string(what)))
			})
			if err != nil {
				return false
			}
		}
	}
	var found []byte
	err := scan.Read(urlSpecs, func(keep func(int) bool, first, rows int, cols []dataset.ColumnValues) error {
		keys, urls, queries, patterns := cols[0].Strings, cols[1].Strings, cols[2].Strings, cols[3].Strings
		for i := range rows {
			what := cmp.Or(urls[i], queries[i], patterns[i])
			if what == "" || keys[i] == "" || !keep(first+i) {
				continue
			}
			if joint != nil {
				found = append(append(found[:0], tagFound), what...)
				if err := joint.Add([]byte(keys[i]), found); err != nil {
					return err
				}
				continue
			}
			for j, p := range pend {
				if w, ok := p.held[keys[i]]; ok {
					items[j].add(w.group, what, 1)
					delete(p.held, keys[i])
				}
			}
		}
		return nil
	})
	if err != nil {
		return false
	}
	if joint == nil {
		// The calls whose row holds none of the three: their fallback.
		for j, p := range pend {
			for _, w := range p.held {
				items[j].add(w.group, w.fallback, 1)
			}
			clear(p.held)
		}
		return true
	}
	err = joint.Each(func(_, v []byte) error {
		if v[0] != tagFound {
			set, group, what := decodePending(v)
			items[set].add(group, string(what), 1)
		}
		return nil
	})
	return err == nil
}
