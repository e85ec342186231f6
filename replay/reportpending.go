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
	items  *itemCounts // where the calls' items are counted
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

func newPendingCalls(dir string, items *itemCounts) *pendingCalls {
	return &pendingCalls{dir: dir, items: items, held: map[string]pendingWhat{}}
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
	p.failed = p.moveHeld() != nil || p.sort.Spill() != nil
}

// moveHeld hands the held calls to the sorter.
func (p *pendingCalls) moveHeld() error {
	var v []byte
	for k, w := range p.held {
		if err := p.sort.Add([]byte(k), appendPending(v[:0], w.group, w.fallback)); err != nil {
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
// its group and fallback), a call's url, query or pattern ('F': the text),
// or the two joined ('J': the group and the text found).
const (
	tagPending = 'P'
	tagFound   = 'F'
	tagJoined  = 'J'
)

func appendPending(b []byte, group int32, what string) []byte {
	b = append(b, tagPending)
	b = binary.AppendUvarint(b, uint64(uint32(group)))
	return append(b, what...)
}

// decodePending reads a 'P' or 'J' value.
func decodePending(v []byte) (group int32, what []byte) {
	g, n := binary.Uvarint(v[1:])
	return int32(uint32(g)), v[1+n:]
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
	group, _ := decodePending(p)
	b := appendPending(nil, group, string(f[1:]))
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
// counts each pending call's item in its itemCounts: the first of the
// three its row holds, else its fallback. The calls held in memory are
// looked up as the rows go by. When a set has spilled, the rows holding a
// text are also sorted by call_key on disk, and merged with each spilled
// set's runs (its calls still held moved there first): each call meets the
// text of its row, if any, in memory bounded whatever their number.
func settlePending(dir string, scan *ingest.CallsScan, pend []*pendingCalls) bool {
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
	var found *disksort.Sorter
	if spilled {
		found = disksort.New(dir, itemRunPattern, 4<<20, disksort.Newer)
		defer found.Remove()
	}
	var text []byte
	err := scan.Read(urlSpecs, func(keep func(int) bool, first, rows int, cols []dataset.ColumnValues) error {
		keys, urls, queries, patterns := cols[0].Strings, cols[1].Strings, cols[2].Strings, cols[3].Strings
		for i := range rows {
			what := cmp.Or(urls[i], queries[i], patterns[i])
			if what == "" || keys[i] == "" || !keep(first+i) {
				continue
			}
			for _, p := range pend {
				if w, ok := p.held[keys[i]]; ok {
					p.items.add(w.group, what, 1)
					delete(p.held, keys[i])
				}
			}
			if found != nil {
				text = append(append(text[:0], tagFound), what...)
				if err := found.Add([]byte(keys[i]), text); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return false
	}
	for _, p := range pend {
		if p.sort == nil {
			// Whatever is still held has no text: its fallback.
			for _, w := range p.held {
				p.items.add(w.group, w.fallback, 1)
			}
			clear(p.held)
		} else if p.moveHeld() != nil || !p.join(found) {
			return false
		}
	}
	return true
}

// join merges the spilled calls with the texts found by call_key and
// counts each call's item.
func (p *pendingCalls) join(found *disksort.Sorter) bool {
	srcs, err := found.Streams()
	if err == nil {
		var mine []disksort.Stream
		mine, err = p.sort.Streams()
		srcs = append(srcs, mine...)
	}
	defer func() {
		for _, s := range srcs {
			s.Close()
		}
	}()
	if err != nil {
		return false
	}
	err = disksort.Merge(srcs, joinPending, func(_, v []byte) error {
		if v[0] != tagFound {
			group, what := decodePending(v)
			p.items.add(group, string(what), 1)
		}
		return nil
	})
	return err == nil
}
