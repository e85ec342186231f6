package jsonl

import (
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unsafe"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonscan"
)

// The fast path. Every line of an import is a call, so nothing can be
// skipped; the profile was allocation per line, the reflection in set
// (boxing each time and pointer into an interface), sorting the members
// and two map lookups per key (BENCHMARKS.md, "Readers' MB/s"). fast sets
// each column through a pointer to its field, found once from the `col`
// tags (colSetters), in the order the line lists its members, with no
// problem to report. The moment a line would give a problem — a key that
// is unknown or set by permsim and not yet reported, a key given twice or
// spelled with an escape, a value of the wrong type — fast gives up and
// the line goes the way it always went (members, sorted, set), so every
// message and its order are those of before. TestFastMatchesDecode and
// FuzzFastDecode hold the two paths equal.

// colKind is how a column's value is read.
type colKind uint8

const (
	kString colKind = iota
	kBool
	kInt
	kIntPtr
	kTime
	kStrings
	kInputJSON
)

// colSetter is one column fast sets: the offset of its field in a Row.
type colSetter struct {
	n    int    // the column's number among the setters
	bit  uint64 // the column's bit in a line's set of seen keys
	off  uintptr
	kind colKind
	// own: the column's value gets a string of its own, never a piece of
	// the line: the writer keeps call_key and copy_rank past the row (its
	// window of call keys seen), which must not keep whole lines alive.
	own bool
}

// colSetters maps each importable column name to its setter. ingest_run
// is not one (permsim sets it), and a column of a type set cannot import
// is left out, so the decoder reports it as before.
var colSetters = func() map[string]*colSetter {
	m := map[string]*colSetter{}
	t := reflect.TypeFor[ingest.Row]()
	n := 0
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("col"), ",")
		if name == "" || name == "ingest_run" {
			continue
		}
		var k colKind
		switch {
		case name == "input_json":
			k = kInputJSON
		case f.Type == timeType:
			k = kTime
		case f.Type == intPtrType:
			k = kIntPtr
		case f.Type == stringsType:
			k = kStrings
		case f.Type.Kind() == reflect.String:
			k = kString
		case f.Type.Kind() == reflect.Bool:
			k = kBool
		case f.Type.Kind() == reflect.Int64:
			k = kInt
		default:
			continue
		}
		if n == 64 {
			panic("jsonl: more than 64 columns for a uint64 set")
		}
		m[name] = &colSetter{n: n, bit: 1 << n, off: f.Offset, kind: k, own: name == "call_key" || name == "copy_rank"}
		n++
	}
	return m
}()

// fastDecode is fast unless the tests turned it off.
func (d *decoder) fastDecode(text []byte, row *ingest.Row) (hasSource, ok bool) {
	if d.noFast {
		return false, false
	}
	return d.fast(text, row)
}

// fast decodes a line (trimmed, not empty) in the plain case into row;
// false means the line must go the decoder's way (row is then garbage).
//
// It takes a line in two passes. The first walks the members and checks
// the line's grammar as it goes, strings included (jsonscan.SkipValid,
// SkipValidString: json.Valid's judgement, which the decoder passes first,
// in the one pass that also finds the members; json.Valid of the line was
// a fifth of the reader's time). The second sets the columns. When the
// columns' values are most of the line, the line is made one string and
// every plain string column is a piece of it: one allocation per line
// instead of one per value (allocation was a third of the reader's time).
// A row then keeps its line alive, which is about the size of its own
// values; a line whose values are a small part of it (long members that
// are ignored) gives each value its own string as before.
func (d *decoder) fast(text []byte, row *ingest.Row) (hasSource, ok bool) {
	if text[0] != '{' {
		return false, false
	}
	i := jsonscan.SkipWS(text, 1)
	if i < len(text) && text[i] == '}' {
		return false, false // no harness: the decoder's problem
	}
	var seen uint64
	n := 0 // members so far
	used := 0
	fms := d.fms[:0]
	for i < len(text) && text[i] == '"' {
		var c *colSetter
		var ke int
		if n < len(d.keys) && keyAtHere(text, i+1, d.keys[n].key) {
			// The key of the line before at this place: a valid string.
			c, ke = d.keys[n].c, i+2+len(d.keys[n].key)
		} else {
			if ke = jsonscan.SkipValidString(text, i); ke < 0 {
				return false, false
			}
			c = d.setterAt(n, text[i+1:ke-1])
		}
		key := text[i+1 : ke-1]
		n++
		i = jsonscan.SkipWS(text, ke)
		if i >= len(text) || text[i] != ':' {
			return false, false
		}
		vs := jsonscan.SkipWS(text, i+1)
		var ve int
		var flat, plain bool
		if vs < len(text) && text[vs] == '"' {
			// Most values: checked and found plain in one pass.
			ve, plain = jsonscan.SkipValidStringPlain(text, vs)
		} else {
			ve, flat = jsonscan.SkipValid(text, vs, 1)
		}
		if ve < 0 {
			return false, false
		}
		switch {
		case c == nil:
			// Ignored once reported; the report itself is the decoder's.
			if !plainBytes(key) || !d.warned[string(key)] {
				return false, false
			}
		case seen&c.bit != 0:
			return false, false
		default:
			seen |= c.bit
			fms = append(fms, fastMember{c: c, vs: vs, ve: ve, flat: flat, plain: plain})
			used += ve - vs
			if c == sourceFile {
				hasSource = true
			}
		}
		var done bool
		switch i, done = jsonscan.AfterValue(text, ve, '}'); {
		case i < 0:
			return false, false
		case done:
			if jsonscan.SkipWS(text, i) != len(text) {
				return false, false
			}
			d.fms = fms
			return hasSource, d.setAll(text, row, fms, used)
		}
	}
	return false, false
}

// fastMember is a member of a line fast read: its column and value.
type fastMember struct {
	c      *colSetter
	vs, ve int
	flat   bool // an object or array with no space between its tokens
	plain  bool // a string of plain bytes (plainBytes) only
}

// sourceFile is the setter of source_file, whose presence complete needs.
var sourceFile = colSetters["source_file"]

// keyAtHere reports whether text holds key then a closing quote at j.
func keyAtHere(text []byte, j int, key string) bool {
	return len(text)-j > len(key) && text[j+len(key)] == '"' && string(text[j:j+len(key)]) == key
}

// setAll sets row's columns from the members of a valid line; false where
// set (or inputJSON) would fail.
func (d *decoder) setAll(text []byte, row *ingest.Row, fms []fastMember, used int) bool {
	d.lineOn = used*4 >= len(text)*3
	switch {
	case d.lineOn && d.stable:
		// chunkLines never writes the line again: the row's strings are
		// pieces of the buffer it was read into.
		d.line = unsafe.String(unsafe.SliceData(text), len(text))
	case d.lineOn:
		d.line = string(text)
	}
	base := unsafe.Pointer(row)
	for _, m := range fms {
		p := unsafe.Add(base, m.c.off)
		if m.flat && m.c.kind == kInputJSON && (text[m.vs] == '{' || text[m.vs] == '[') {
			// Valid and compact already: what Compact gives.
			*(*string)(p) = d.str(text, m.vs, m.ve)
		} else if !d.setFast(p, m.c, text, m.vs, m.ve, m.plain) {
			return false
		}
	}
	return true
}

// str returns text[s:e] as a string: a piece of the line's string when
// there is one.
func (d *decoder) str(text []byte, s, e int) string {
	if d.lineOn {
		return d.line[s:e]
	}
	return string(text[s:e])
}

// plainStr returns the text of the JSON string text[vs:ve] when it holds
// plain bytes only (plainString).
func (d *decoder) plainStr(text []byte, vs, ve int) (string, bool) {
	if ve-vs < 2 || text[vs] != '"' || text[ve-1] != '"' || !plainBytes(text[vs+1:ve-1]) {
		return "", false
	}
	return d.str(text, vs+1, ve-1), true
}

// keyAt is the key a line had at a position, and its setter.
type keyAt struct {
	key string
	c   *colSetter
}

// setterAt returns the setter of key, the line's n-th member. Lines
// written by one program list their keys in one order: the key found at
// n on the line before is compared first, and the map (a fifth of the
// reader's time once the rest was fast) is asked only when it differs.
func (d *decoder) setterAt(n int, key []byte) *colSetter {
	if n < len(d.keys) && d.keys[n].key == string(key) {
		return d.keys[n].c
	}
	c := colSetters[string(key)]
	if n < len(d.keys) {
		d.keys[n] = keyAt{string(key), c}
	} else if n == len(d.keys) && n < 64 {
		d.keys = append(d.keys, keyAt{string(key), c})
	}
	return c
}

// setFast sets the field at p, of kind k, from the valid JSON value
// text[vs:ve] (a string of plain bytes when plain) as set (or inputJSON)
// would; false where either would fail.
func (d *decoder) setFast(p unsafe.Pointer, c *colSetter, text []byte, vs, ve int, plain bool) bool {
	raw := text[vs:ve]
	if string(raw) == "null" {
		return true // the zero value, as set leaves it
	}
	switch c.kind {
	case kString:
		if plain {
			in := raw[1 : len(raw)-1]
			switch {
			case d.lineOn && !c.own:
				*(*string)(p) = d.line[vs+1 : ve-1]
			case string(in) == d.last[c.n]:
				// The column's value on the line before (most columns
				// repeat from call to call: harness, directories, tool,
				// mode, result): the same string, no new one.
				*(*string)(p) = d.last[c.n]
			default:
				d.last[c.n] = string(in)
				*(*string)(p) = d.last[c.n]
			}
			return true
		}
		var s string
		if json.Unmarshal(raw, &s) != nil {
			return false
		}
		*(*string)(p) = s
	case kBool:
		switch string(raw) {
		case "true":
			*(*bool)(p) = true
		case "false":
			*(*bool)(p) = false
		default:
			return false
		}
	case kInt:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil {
			return false
		}
		*(*int64)(p) = n
	case kIntPtr:
		n, err := strconv.ParseInt(string(raw), 10, 64)
		if err != nil {
			return false
		}
		*(**int64)(p) = &n
	case kTime:
		var s string
		if plain {
			s = d.str(text, vs+1, ve-1)
		} else if json.Unmarshal(raw, &s) != nil {
			return false
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return false
		}
		*(*time.Time)(p) = t.UTC()
	case kStrings:
		v, ok := d.stringsOf(text, vs, ve, plain)
		if !ok {
			return false
		}
		*(*[]string)(p) = v
	case kInputJSON:
		s, err := inputJSON(raw)
		if err != nil {
			return false
		}
		*(*string)(p) = s
	}
	return true
}

// stringsOf decodes a string or an array of strings, text[vs:ve], as set
// does: an array of plain strings is read in place, anything else by
// go-json.
func (d *decoder) stringsOf(text []byte, vs, ve int, plain bool) ([]string, bool) {
	raw := text[vs:ve]
	if raw[0] == '[' {
		var out []string
		allPlain := true
		end := jsonscan.Elems(raw, 0, func(es int) int {
			ee := jsonscan.SkipValue(raw, es)
			if ee < 0 {
				allPlain = false
				return -1
			}
			s, ok := d.plainStr(text, vs+es, vs+ee)
			if !ok {
				allPlain = false
				return -1
			}
			out = append(out, s)
			return ee
		})
		if allPlain && end == len(raw) && len(out) > 0 {
			return out, true
		}
	} else if plain {
		return []string{d.str(text, vs+1, ve-1)}, true
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return []string{one}, true
	}
	var many []string
	if json.Unmarshal(raw, &many) != nil {
		return nil, false
	}
	return many, true
}

// join is filepath.Join(cwd, p) for an absolute cwd and a relative p. A
// clean cwd and a p with nothing for Clean to do (no empty, "." or ".."
// element, no trailing slash) join by concatenation (Join's Clean was
// a tenth of the reader's time on relative paths).
func (d *decoder) join(cwd, p string) string {
	if cwd != d.clean {
		if filepath.Clean(cwd) != cwd {
			return filepath.Join(cwd, p)
		}
		d.clean = cwd
	}
	if !cleanRel(p) {
		return filepath.Join(cwd, p)
	}
	if cwd == "/" {
		return "/" + p
	}
	return cwd + "/" + p
}

// cleanRel reports whether the relative path p is made of elements that
// are neither empty, "." nor "..".
func cleanRel(p string) bool {
	if p == "" || p[0] == '/' || os.PathSeparator != '/' {
		return false
	}
	for elem := range strings.SplitSeq(p, "/") {
		if elem == "" || elem == "." || elem == ".." {
			return false
		}
	}
	return true
}
