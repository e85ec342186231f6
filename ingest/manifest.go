package ingest

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/permsim/permsim/internal/disksort"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/internal/storelock"
	"github.com/permsim/permsim/toolcall"
)

// ManifestName is the file under the output folder that remembers, between
// runs, how far each transcript file was read.
const ManifestName = "manifest.json"

// manifestVersion is bumped when the manifest's meaning or form changes; a
// run refuses a manifest of a newer version rather than overwrite it.
// Version 2: Claude Code and Codex call keys hold the record or session
// lineage, not the tool-use id alone (issue 14). Version 3: OpenCode call
// keys hold the call's tool and input as well (issue 14). Version 4: the
// entries are one JSON array sorted by harness and path, one entry a line,
// so a run looks them up and rewrites them streaming instead of holding
// them (issue 15: memory flat in the number of files); versions 2 and 3
// (one object of objects) are read and rewritten as 4. Version 5: a
// reader's state is written as the JSON it is ("st") rather than base64
// ("state", still read), and a run with little new writes its states to
// manifest-delta.json beside the manifest instead of rewriting it whole
// (issue 27: 181 MB for 100,000 small sessions, rewritten every run); an
// older permsim that ignored the delta would read some files again, so it
// is refused as newer. Version 4 is read as it is.
const manifestVersion = 5

// ManifestDeltaName is the file beside the manifest that holds the states
// of the runs since the manifest was last written whole: the same form
// with a "base" member naming the last_run of the manifest it completes
// (a delta written over another manifest is stale and ignored). A lookup
// asks the delta first; a save merges the run's states into the delta
// while it stays under a deltaDivisor-th of the manifest, else merges
// everything into a new manifest (dropping the files gone since) and the
// delta is removed.
const ManifestDeltaName = "manifest-delta.json"

// deltaHeader starts a delta: version, last run, and the manifest's last
// run it completes.
const deltaHeader = `{"version":%d,"last_run":%d,"base":%d,"entries":[`

// deltaDivisor bounds the delta: a save writes the run's states into the
// delta while the merged delta stays under this share of the manifest
// (a save then costs a 32nd of the manifest at most; the manifest is
// rewritten whole once in as many runs as it takes to fill it). Zero or
// less: no delta, every save rewrites the manifest.
var deltaDivisor int64 = 32

// The manifest (version 4) is one JSON document, so that an older permsim
// reads its version and refuses it as newer:
//
//	{"version":4,"last_run":1796158546610389964,"entries":[
//	{"h":"claude-code","path":"/home/u/.claude/projects/-p/a.jsonl","size":10,"inode":7,"mtime_ns":99,"offset":10,"line":2,"head":4243,"state":"eyJ2IjoxfQ=="},
//	{"h":"codex","path":"/r","size":0,"inode":0,"mtime_ns":0,"offset":0,"line":0}
//	]}
//
// Entries are sorted by harness, then path (byte order), each unique: a
// run reads the first line, then finds an entry by a sparse index of
// every manifestIndexEvery-th entry and a read of the lines between two
// of them; the next manifest is written by merging the old entries with
// the run's new states, sorted in runs on disk (stateSorter), in one
// pass.
const manifestHeader = `{"version":%d,"last_run":%d,"entries":[`

// manifestIndexEvery is the spacing of the in-memory index over the
// manifest's entries: its memory is a 64th of the paths', a lookup reads
// at most 64 lines.
const manifestIndexEvery = 64

// manifestBlockBytes also closes a block of the index: an entry holds a
// reader's state, up to its window of calls waiting for their result (256
// rows for Codex and Cursor, hundreds of KB), and a lookup must not read
// 64 of those at once.
const manifestBlockBytes = 64 << 10

// entryKey orders the manifest's entries: by harness, then path.
type entryKey struct{ h, path []byte }

func (a entryKey) compare(b entryKey) int {
	if c := bytes.Compare(a.h, b.h); c != 0 {
		return c
	}
	return bytes.Compare(a.path, b.path)
}

// manifestEntry is one line of the manifest decoded.
type manifestEntry struct {
	H string `json:"h"`
	FileState
	// St is the reader's state as JSON (version 5), where State is its
	// base64 form (version 4, and a state that is not a JSON object).
	St json.RawMessage `json:"st,omitempty"`
}

// appendEntry appends the manifest line of harness h's file state st.
func appendEntry(b []byte, h string, st FileState) []byte {
	b = append(b, `{"h":`...)
	b = appendJSONString(b, h)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, st.Path)
	b = append(b, `,"size":`...)
	b = strconv.AppendInt(b, st.Size, 10)
	b = append(b, `,"inode":`...)
	b = strconv.AppendUint(b, st.Inode, 10)
	b = append(b, `,"mtime_ns":`...)
	b = strconv.AppendInt(b, st.MtimeNs, 10)
	b = append(b, `,"offset":`...)
	b = strconv.AppendInt(b, st.Offset, 10)
	b = append(b, `,"line":`...)
	b = strconv.AppendInt(b, st.Line, 10)
	if st.Head != 0 {
		b = append(b, `,"head":`...)
		b = strconv.AppendUint(b, st.Head, 10)
	}
	if len(st.State) > 0 {
		if rawState(st.State) {
			b = append(b, `,"st":`...)
			b = append(b, st.State...)
		} else {
			b = append(b, `,"state":"`...)
			b = base64.StdEncoding.AppendEncode(b, st.State)
			b = append(b, '"')
		}
	}
	return append(b, '}')
}

// rawState reports whether a reader's state can stand in a manifest line
// as it is: one JSON object on one line (the readers' states are, as
// json.Marshal writes them). Base64 made every state a third longer.
func rawState(s []byte) bool {
	return len(s) > 1 && s[0] == '{' && s[len(s)-1] == '}' && bytes.IndexByte(s, '\n') < 0 && json.Valid(s)
}

// appendJSONString appends s as encoding/json writes it (the form the
// manifest always had: invalid UTF-8 becomes U+FFFD as before).
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// keyOf reads the harness and path that start a manifest line (as
// appendEntry writes them); ok is false for any other line.
func keyOf(line []byte) (k entryKey, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"h":`))
	if !ok {
		return k, false
	}
	k.h, rest, ok = jsonStringAt(rest)
	if !ok {
		return k, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"path":`)); !ok {
		return k, false
	}
	k.path, _, ok = jsonStringAt(rest)
	return k, ok
}

// jsonStringAt reads the JSON string at the start of b: its value (b's
// own bytes when it holds no escape) and what follows it.
func jsonStringAt(b []byte) (s, rest []byte, ok bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, false
	}
	esc := false
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			esc = true
			i++
		case '"':
			if !esc {
				return b[1:i], b[i+1:], true
			}
			var v string
			if json.Unmarshal(b[:i+1], &v) != nil {
				return nil, nil, false
			}
			return []byte(v), b[i+1:], true
		}
	}
	return nil, nil, false
}

// decodeEntry decodes a manifest line, the reader's state only when
// withState. Lines as appendEntry writes them are read field by field
// (json.Unmarshal was most of a run with nothing new: 1.5 s of 2.7 at
// 100,000 files); any other JSON object goes through json.Unmarshal.
func decodeEntry(line []byte, withState bool) (FileState, bool) {
	if st, ok := fastEntry(line, withState); ok {
		return st, true
	}
	var e manifestEntry
	if json.Unmarshal(line, &e) != nil {
		return FileState{}, false
	}
	if len(e.St) > 0 {
		e.State = []byte(e.St)
	}
	if !withState {
		e.State = nil
	}
	return e.FileState, true
}

// fastEntry reads a line of appendEntry's exact form; ok is false for any
// other.
func fastEntry(line []byte, withState bool) (st FileState, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"h":`))
	if !ok {
		return st, false
	}
	if _, rest, ok = jsonStringAt(rest); !ok {
		return st, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"path":`)); !ok {
		return st, false
	}
	var path []byte
	if path, rest, ok = jsonStringAt(rest); !ok {
		return st, false
	}
	st.Path = string(path)
	num := func(name string) (int64, bool) {
		r, ok := bytes.CutPrefix(rest, []byte(`,"`+name+`":`))
		if !ok {
			return 0, false
		}
		i := 0
		for i < len(r) && (r[i] == '-' || r[i] >= '0' && r[i] <= '9') {
			i++
		}
		n, err := strconv.ParseInt(string(r[:i]), 10, 64)
		rest = r[i:]
		return n, err == nil
	}
	var ino int64
	var ok1, ok2, ok3, ok4, ok5 bool
	st.Size, ok1 = num("size")
	ino, ok2 = num("inode")
	st.MtimeNs, ok3 = num("mtime_ns")
	st.Offset, ok4 = num("offset")
	st.Line, ok5 = num("line")
	if !(ok1 && ok2 && ok3 && ok4 && ok5) {
		return FileState{}, false
	}
	st.Inode = uint64(ino)
	if r, has := bytes.CutPrefix(rest, []byte(`,"head":`)); has {
		i := 0
		for i < len(r) && r[i] >= '0' && r[i] <= '9' {
			i++
		}
		h, err := strconv.ParseUint(string(r[:i]), 10, 64)
		if err != nil {
			return FileState{}, false
		}
		st.Head, rest = h, r[i:]
	}
	if r, has := bytes.CutPrefix(rest, []byte(`,"st":`)); has {
		// The state is the rest of the line but its closing brace.
		if len(r) < 3 || r[len(r)-1] != '}' {
			return FileState{}, false
		}
		if withState {
			st.State = bytes.Clone(r[:len(r)-1])
		}
		return st, true
	}
	if r, has := bytes.CutPrefix(rest, []byte(`,"state":"`)); has {
		b64, after, found := bytes.Cut(r, []byte(`"`))
		if !found {
			return FileState{}, false
		}
		if withState {
			dec, err := base64.StdEncoding.AppendDecode(nil, b64)
			if err != nil {
				return FileState{}, false
			}
			st.State = dec
		}
		rest = after
	}
	return st, string(rest) == "}"
}

// lineReader reads a file line by line; a line is valid until the next.
type lineReader struct {
	r   *bufio.Reader
	buf []byte
	off int64 // offset of the next line
}

// next returns the next line without its newline, and its offset; io.EOF
// at the end (a last line without a newline is still returned).
func (l *lineReader) next() ([]byte, int64, error) {
	start := l.off
	line, err := l.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		l.buf = append(l.buf[:0], line...)
		for err == bufio.ErrBufferFull {
			line, err = l.r.ReadSlice('\n')
			l.buf = append(l.buf, line...)
		}
		line = l.buf
	}
	l.off += int64(len(line))
	if err != nil && !(err == io.EOF && len(line) > 0) {
		return nil, start, err
	}
	return bytes.TrimSuffix(line, []byte("\n")), start, nil
}

// entryLine strips the separator after an entry line.
func entryLine(line []byte) []byte { return bytes.TrimSuffix(line, []byte(",")) }

// isEnd reports whether line closes the entries.
func isEnd(line []byte) bool { return string(line) == "]}" }

// parseHeader reads a version-4 manifest's first line; ok is false when
// the line is not one (an older manifest, or not a manifest).
func parseHeader(line []byte) (version int, lastRun int64, ok bool) {
	rest, ok := bytes.CutPrefix(line, []byte(`{"version":`))
	if !ok {
		return 0, 0, false
	}
	v, rest, ok := bytes.Cut(rest, []byte(`,"last_run":`))
	if !ok {
		return 0, 0, false
	}
	lr, ok := bytes.CutSuffix(rest, []byte(`,"entries":[`))
	if !ok {
		return 0, 0, false
	}
	version, err1 := strconv.Atoi(string(v))
	lastRun, err2 := strconv.ParseInt(string(lr), 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return version, lastRun, true
}

// parseDeltaHeader reads a delta's first line: its version, last run and
// the last run of the manifest it completes.
func parseDeltaHeader(line []byte) (version int, lastRun, base int64, ok bool) {
	var h struct {
		Version *int   `json:"version"`
		LastRun *int64 `json:"last_run"`
		Base    *int64 `json:"base"`
	}
	rest, ok := bytes.CutSuffix(line, []byte(`"entries":[`))
	if !ok || !bytes.HasSuffix(rest, []byte(",")) {
		return 0, 0, 0, false
	}
	rest = append(bytes.TrimSuffix(rest, []byte(",")), '}')
	if json.Unmarshal(rest, &h) != nil || h.Version == nil || h.LastRun == nil || h.Base == nil {
		return 0, 0, 0, false
	}
	return *h.Version, *h.LastRun, *h.Base, true
}

// indexEntry is one entry of the sparse index: its key and the offset of
// its line.
type indexEntry struct {
	key entryKey
	off int64
}

// cachedBlock is the lines between two index entries, as last read.
type cachedBlock struct {
	i    int
	data []byte
}

// manifestFile is the manifest of the last run, opened for lookups and to
// be merged into the next; an empty one has no file.
type manifestFile struct {
	f       *os.File
	lastRun int64 // the last run it or its delta records
	ownRun  int64 // the last run the manifest itself records (what a delta names as its base)
	version int
	delta   *manifestFile // the delta beside it, when it completes this manifest
	start   int64         // offset of the first entry
	index   []indexEntry
	end     int64  // offset of the "]}" line
	temp    string // a migrated copy, removed by close
	cache   [4]cachedBlock
	victim  int
}

// loadManifest opens <outDir>/manifest.json. A missing manifest is an
// empty one. An unreadable or corrupt one is reported as a Problem and
// replaced by an empty one: every transcript is read again, and the copies
// this writes are harmless (the reader of the calls table keeps one row
// per call_key). A manifest of versions 2 and 3 is rewritten, streaming,
// into a version-4 copy beside it (removed by close; manifest.json itself
// is replaced only by a successful run's save). The version rules: a
// newer version is refused (an error: the store is not this permsim's to
// overwrite), and so is a store whose call keys are of an older form.
func loadManifest(outDir string) (*manifestFile, *Problem, error) {
	empty := &manifestFile{}
	path := filepath.Join(outDir, ManifestName)
	f, err := safefile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return empty, nil, nil
	}
	if err != nil {
		return empty, &Problem{File: path, Msg: "cannot read the manifest, every transcript is read again: " + err.Error()}, nil
	}
	corrupt := func(err error) (*manifestFile, *Problem, error) {
		f.Close()
		return empty, &Problem{File: path, Msg: "corrupt manifest, every transcript is read again: " + err.Error()}, nil
	}
	br := bufio.NewReaderSize(f, 64<<10)
	// The header is a short first line: peek at it rather than read a
	// line, which in an old manifest written on one line is all of it.
	head, err := br.Peek(256)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return corrupt(err)
	}
	first, _, _ := bytes.Cut(head, []byte("\n"))
	version, lastRun, ok := parseHeader(first)
	if !ok {
		m, prob, err := migrateManifest(outDir, path, br)
		f.Close()
		return m, prob, err
	}
	lr := &lineReader{r: br}
	lr.next() // the header, peeked at already
	if version > manifestVersion {
		f.Close()
		return empty, nil, newerManifest(path, version)
	}
	if version != manifestVersion && version != 4 {
		f.Close()
		return empty, &Problem{File: path, Msg: fmt.Sprintf("manifest version %d is not known, every transcript is read again", version)}, nil
	}
	m := &manifestFile{f: f, lastRun: lastRun, ownRun: lastRun, version: version}
	if err := m.scan(lr); err != nil {
		return corrupt(err)
	}
	d, prob, err := loadDelta(outDir, lastRun)
	if err != nil {
		m.close()
		return empty, nil, err
	}
	if d != nil {
		m.delta = d
		m.lastRun = max(m.lastRun, d.lastRun)
	}
	return m, prob, nil
}

// loadDelta opens the delta beside a manifest whose last run is base: nil
// when there is none, or when it completes another manifest (a crash
// after a manifest was rewritten whole, before the old delta was
// removed). A delta that cannot be read is a Problem: the files whose
// states only it held are read again (their calls written again, which
// readers keep once).
func loadDelta(outDir string, base int64) (*manifestFile, *Problem, error) {
	path := filepath.Join(outDir, ManifestDeltaName)
	f, err := safefile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, &Problem{File: path, Msg: "cannot read the manifest's delta, the files it covers are read again: " + err.Error()}, nil
	}
	br := bufio.NewReaderSize(f, 64<<10)
	lr := &lineReader{r: br}
	first, _, err := lr.next()
	if err != nil {
		f.Close()
		return nil, &Problem{File: path, Msg: "corrupt manifest delta, the files it covers are read again: " + err.Error()}, nil
	}
	version, lastRun, of, ok := parseDeltaHeader(first)
	if !ok {
		f.Close()
		return nil, &Problem{File: path, Msg: "corrupt manifest delta, the files it covers are read again: not a delta header"}, nil
	}
	if version > manifestVersion {
		f.Close()
		return nil, nil, newerManifest(path, version)
	}
	if of != base || version != manifestVersion {
		f.Close()
		return nil, nil, nil
	}
	d := &manifestFile{f: f, lastRun: lastRun, ownRun: lastRun, version: version}
	if err := d.scan(lr); err != nil {
		f.Close()
		return nil, &Problem{File: path, Msg: "corrupt manifest delta, the files it covers are read again: " + err.Error()}, nil
	}
	return d, nil, nil
}

func newerManifest(path string, version int) error {
	return fmt.Errorf("%s: manifest version %d is newer than this permsim understands (%d); use a newer permsim or another --out", path, version, manifestVersion)
}

// scan reads the entries after the header, checks their order and the
// closing line, and builds the sparse index.
func (m *manifestFile) scan(lr *lineReader) error {
	var prev entryKey
	var prevBuf []byte
	last := 0 // the entry of the last index entry
	for n := 0; ; n++ {
		line, off, err := lr.next()
		if err == io.EOF {
			return errors.New("the manifest is cut short")
		}
		if err != nil {
			return err
		}
		if isEnd(line) {
			m.end = off
			if _, _, err := lr.next(); err != io.EOF {
				return errors.New("data after the manifest's entries")
			}
			return nil
		}
		k, ok := keyOf(line)
		if !ok {
			return fmt.Errorf("entry %d: not a manifest entry", n+1)
		}
		if n > 0 && prev.compare(k) >= 0 {
			return fmt.Errorf("entry %d: out of order", n+1)
		}
		prevBuf = append(append(prevBuf[:0], k.h...), k.path...)
		prev = entryKey{prevBuf[:len(k.h)], prevBuf[len(k.h):]}
		if n == 0 {
			m.start = off
		}
		if n == 0 || n-last >= manifestIndexEvery || off-m.index[len(m.index)-1].off >= manifestBlockBytes {
			m.index = append(m.index, indexEntry{key: entryKey{bytes.Clone(k.h), bytes.Clone(k.path)}, off: off})
			last = n
		}
	}
}

// lookup returns the state the manifest holds for harness h's file path,
// with the reader's own state (FileState.State) when withState: deciding
// that a file is unchanged needs only its size, inode and time. An entry
// that cannot be decoded is no entry: the file is read again.
func (m *manifestFile) lookup(h, path string, withState bool) (FileState, bool) {
	if m.delta != nil {
		if st, ok := m.delta.lookup(h, path, withState); ok {
			return st, true
		}
	}
	if m.f == nil || len(m.index) == 0 {
		return FileState{}, false
	}
	want := entryKey{[]byte(h), []byte(path)}
	i := sort.Search(len(m.index), func(i int) bool { return m.index[i].key.compare(want) > 0 }) - 1
	if i < 0 {
		return FileState{}, false
	}
	data, err := m.block(i)
	if err != nil {
		return FileState{}, false
	}
	for len(data) > 0 {
		line, rest, _ := bytes.Cut(data, []byte("\n"))
		data = rest
		line = entryLine(line)
		k, ok := keyOf(line)
		if !ok {
			continue
		}
		switch c := k.compare(want); {
		case c == 0:
			return decodeEntry(line, withState)
		case c > 0:
			return FileState{}, false
		}
	}
	return FileState{}, false
}

// block returns the lines from index entry i to the next, from the cache
// or read anew.
func (m *manifestFile) block(i int) ([]byte, error) {
	for _, c := range m.cache {
		if c.data != nil && c.i == i {
			return c.data, nil
		}
	}
	end := m.end
	if i+1 < len(m.index) {
		end = m.index[i+1].off
	}
	c := &m.cache[m.victim]
	m.victim = (m.victim + 1) % len(m.cache)
	n := int(end - m.index[i].off)
	if cap(c.data) < n {
		c.data = make([]byte, n)
	}
	c.data, c.i = c.data[:n], i
	if _, err := m.f.ReadAt(c.data, m.index[i].off); err != nil {
		c.data = nil
		return nil, err
	}
	return c.data, nil
}

// entries streams the manifest's entry lines in order, from its start.
func (m *manifestFile) entries() *entrySource {
	if m.f == nil || len(m.index) == 0 {
		return &entrySource{}
	}
	sr := io.NewSectionReader(m.f, m.index[0].off, m.end-m.index[0].off)
	return &entrySource{lr: &lineReader{r: bufio.NewReaderSize(sr, 64<<10)}}
}

// size is the bytes of the manifest's entries (0 for none).
func (m *manifestFile) size() int64 {
	if m == nil || m.f == nil || len(m.index) == 0 {
		return 0
	}
	return m.end - m.start
}

// close closes the manifest (and its delta) and removes its migrated copy.
func (m *manifestFile) close() {
	if m.delta != nil {
		m.delta.close()
	}
	if m.f != nil {
		m.f.Close()
	}
	if m.temp != "" {
		os.Remove(m.temp)
	}
}

// migrateManifest reads a manifest of versions 1–3 (one JSON object:
// version, last_run, and sources mapping each harness to its files by
// path) one entry at a time, applies the version rules, and writes its
// entries as a version-4 copy beside it, which it opens. The copy is
// sorted through a stateSorter, so even a manifest whose members are out
// of order is read with bounded memory.
func migrateManifest(outDir, path string, r io.Reader) (*manifestFile, *Problem, error) {
	empty := &manifestFile{}
	sorter := newStateSorter(outDir)
	defer sorter.remove()
	opencode := 0
	head, err := scanOldManifest(r, func(h, p string, st FileState) error {
		if h == toolcall.OpenCode {
			opencode++
		}
		st.Path = p
		sorter.add(h, st)
		return sorter.err
	})
	if err != nil {
		return empty, &Problem{File: path, Msg: "corrupt manifest, every transcript is read again: " + err.Error()}, nil
	}
	if head.Version > manifestVersion {
		return empty, nil, newerManifest(path, head.Version)
	}
	if head.Version == 1 || (head.Version == 2 && opencode > 0) {
		// Its calls rows carry the old keys, which the new ones would not
		// dedupe against: reading on would count every call twice.
		return empty, nil, fmt.Errorf("%s: this store was written by an older permsim whose call keys mixed up calls of different sessions; ingest into a new --out (or delete %s) to read every transcript again", path, outDir)
	}
	if head.Version < 1 || head.Version >= 4 {
		// 4 and later are never written in the old form.
		return empty, &Problem{File: path, Msg: fmt.Sprintf("manifest version %d is not known, every transcript is read again", head.Version)}, nil
	}
	tmp := filepath.Join(outDir, ".manifest-v4.tmp")
	if err := writeManifest(tmp, fmt.Sprintf(manifestHeader, manifestVersion, head.LastRun), sorter, nil, false); err != nil {
		os.Remove(tmp)
		return empty, nil, fmt.Errorf("%s: rewriting it as version %d: %w", path, manifestVersion, err)
	}
	f, err := os.Open(tmp)
	if err != nil {
		os.Remove(tmp)
		return empty, nil, err
	}
	lr := &lineReader{r: bufio.NewReaderSize(f, 64<<10)}
	lr.next() // the header
	m := &manifestFile{f: f, lastRun: head.LastRun, ownRun: head.LastRun, version: manifestVersion, temp: tmp}
	if err := m.scan(lr); err != nil {
		m.close()
		return empty, nil, fmt.Errorf("%s: rewriting it as version %d: %w", path, manifestVersion, err)
	}
	return m, nil, nil
}

// oldHead is what an old manifest says besides its entries.
type oldHead struct {
	Version int
	LastRun int64
}

// scanOldManifest decodes a manifest of versions 1–3 one file entry at a
// time, handing each to entry with its harness and path (the member
// names). Members other than version, last_run and sources are skipped,
// and null stands for an empty object, as json.Unmarshal took them.
func scanOldManifest(r io.Reader, entry func(h, path string, st FileState) error) (oldHead, error) {
	var m oldHead
	d := json.NewDecoder(r)
	_, err := readObject(d, func(key string) error {
		switch key {
		case "version":
			return d.Decode(&m.Version)
		case "last_run":
			return d.Decode(&m.LastRun)
		case "sources":
			_, err := readObject(d, func(h string) error {
				_, err := readObject(d, func(path string) error {
					var st FileState
					if err := d.Decode(&st); err != nil {
						return err
					}
					return entry(h, path, st)
				})
				return err
			})
			return err
		}
		var skip json.RawMessage
		return d.Decode(&skip)
	})
	if err != nil {
		return m, err
	}
	if _, err := d.Token(); err != io.EOF {
		return m, errors.New("data after the manifest's object")
	}
	return m, nil
}

// readObject reads a JSON object (or null, reported by null) from d,
// calling member for each key with d at the member's value, which member
// must consume.
func readObject(d *json.Decoder, member func(key string) error) (null bool, err error) {
	tok, err := d.Token()
	if err != nil {
		return false, err
	}
	if tok == nil {
		return true, nil
	}
	if tok != json.Delim('{') {
		return false, fmt.Errorf("want an object, got %v", tok)
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return false, err
		}
		key, ok := tok.(string)
		if !ok {
			return false, fmt.Errorf("want a member name, got %v", tok)
		}
		if err := member(key); err != nil {
			return false, err
		}
	}
	_, err = d.Token() // the closing brace: More said there is no member
	return false, err
}

// sorterBytes is how many bytes of entries a stateSorter holds before it
// writes them, sorted, to a run file.
var sorterBytes = 1 << 20

// stateSorter collects a run's new file states in any order (the groups
// finish as the workers go) and gives them back sorted by harness and
// path, holding at most sorterBytes of them: the rest wait in sorted run
// files beside the manifest (internal/disksort, an external merge sort),
// merged at the end with the old manifest. Of two states of one file the
// later added wins. Safe for concurrent add.
type stateSorter struct {
	mu    sync.Mutex
	runs  *disksort.Sorter
	key   []byte
	line  []byte
	err   error
	bytes int64 // of the entry lines added (a state added twice counts twice)
}

func newStateSorter(dir string) *stateSorter {
	return &stateSorter{runs: disksort.New(dir, ".manifest-run-*.tmp", sorterBytes, disksort.Newer)}
}

// sortKey is an entry's key for the sorter: the harness, a NUL, the path
// (byte order of the two equals entryKey's order: neither holds a NUL).
func sortKey(b []byte, k entryKey) []byte {
	b = append(b[:0], k.h...)
	b = append(b, 0)
	return append(b, k.path...)
}

// add records harness h's file state st.
func (s *stateSorter) add(h string, st FileState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.line = appendEntry(s.line[:0], h, st)
	s.bytes += int64(len(s.line)) + 2
	k, _ := keyOf(s.line)
	s.key = sortKey(s.key, k)
	if err := s.runs.Add(s.key, s.line); err != nil && s.err == nil {
		s.err = err
	}
}

// remove deletes the run files.
func (s *stateSorter) remove() { s.runs.Remove() }

// entrySource streams a manifest's entry lines (a disksort.Stream keyed as
// the sorter's keys).
type entrySource struct {
	lr  *lineReader
	key []byte
}

// Next returns the next entry's key and line; lines that are not entries
// are dropped.
func (e *entrySource) Next() (key, line []byte, ok bool, err error) {
	if e.lr == nil {
		return nil, nil, false, nil
	}
	for {
		line, _, err := e.lr.next()
		if err == io.EOF {
			return nil, nil, false, nil
		}
		if err != nil {
			return nil, nil, false, err
		}
		line = entryLine(line)
		k, ok := keyOf(line)
		if !ok {
			continue // not an entry: dropped
		}
		e.key = sortKey(e.key, k)
		return e.key, line, true, nil
	}
}

// Close does nothing: the manifest's file is the manifestFile's.
func (e *entrySource) Close() error { return nil }

// saveManifest writes the next manifest: old's entries merged with the
// run's new states (new wins). While old is a version-5 manifest and the
// states of the runs since it was written whole (its delta and this
// run's) stay under a deltaDivisor-th of it, only they are written, as
// the delta; else the manifest is rewritten whole with the delta merged
// in, each file that no longer exists left out so the manifest does not
// grow forever (should one come back it is read from the start), and the
// delta removed. Either file is written as a temp file, synced and
// renamed over the old one, so a crash leaves the old state of the two
// or the new one, never part of one: a delta names the manifest it
// completes, so a crash after a whole rewrite leaves a stale delta that
// is ignored.
func saveManifest(outDir string, lastRun int64, news *stateSorter, old *manifestFile) error {
	path := filepath.Join(outDir, ManifestName)
	if old != nil && old.f != nil && old.temp == "" && old.version == manifestVersion && deltaDivisor > 0 &&
		(old.delta.size()+news.bytes)*deltaDivisor <= old.size() {
		path = filepath.Join(outDir, ManifestDeltaName)
		tmp := filepath.Join(outDir, "."+ManifestDeltaName+".tmp")
		header := fmt.Sprintf(deltaHeader, manifestVersion, lastRun, old.ownRun)
		if err := writeManifest(tmp, header, news, []*manifestFile{old.delta}, false); err != nil {
			return fmt.Errorf("saving %s: %w", path, err)
		}
		return commitManifestFile(tmp, path)
	}
	tmp := filepath.Join(outDir, "."+ManifestName+".tmp")
	var olds []*manifestFile
	if old != nil {
		olds = []*manifestFile{old.delta, old}
	}
	if err := writeManifest(tmp, fmt.Sprintf(manifestHeader, manifestVersion, lastRun), news, olds, true); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	if err := commitManifestFile(tmp, path); err != nil {
		return err
	}
	// The delta completes the old manifest: stale now, whether or not
	// this remove is done.
	os.Remove(filepath.Join(outDir, ManifestDeltaName))
	return nil
}

// commitManifestFile renames the written temp file tmp to path.
func commitManifestFile(tmp, path string) error {
	if err := beforeManifestRename(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}

// writeManifest writes to tmp (synced) a manifest (or delta) starting
// with header, of the new states merged with olds' entries (the latest
// first; nil ones are skipped); prune leaves out the files that no longer
// exist. tmp is removed on failure.
func writeManifest(tmp, header string, news *stateSorter, olds []*manifestFile, prune bool) (err error) {
	if news.err != nil {
		return news.err
	}
	srcs, err := news.runs.Streams()
	defer func() {
		for _, s := range srcs {
			s.Close()
		}
	}()
	if err != nil {
		return err
	}
	for _, old := range olds {
		if old != nil {
			srcs = append(srcs, old.entries())
		}
	}
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, storelock.FileMode)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 64<<10)
	w.WriteString(header)
	sep := "\n"
	err = disksort.Merge(srcs, disksort.Newer, func(key, line []byte) error {
		if prune {
			// The key is the harness, a NUL, the path.
			if _, err := os.Stat(string(key[bytes.IndexByte(key, 0)+1:])); errors.Is(err, fs.ErrNotExist) {
				return nil
			}
		}
		w.WriteString(sep)
		sep = ",\n"
		_, err := w.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	w.WriteString("\n]}\n")
	if err = w.Flush(); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// beforeManifestRename is called by saveManifest once the new manifest is
// written and synced, before its rename: tests inject a failure there.
var beforeManifestRename = func() error { return nil }
