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
		m[name] = &colSetter{n: n, bit: 1 << n, off: f.Offset, kind: k}
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
func (d *decoder) fast(text []byte, row *ingest.Row) (hasSource, ok bool) {
	if text[0] != '{' || !json.Valid(text) {
		return false, false
	}
	// json.Valid vouched for the grammar: the walk below only finds the
	// member boundaries.
	i := jsonscan.SkipWS(text, 1)
	if i < len(text) && text[i] == '}' {
		return false, false // no harness: the decoder's problem
	}
	var seen uint64
	n := 0 // members so far
	base := unsafe.Pointer(row)
	for i < len(text) && text[i] == '"' {
		ke := jsonscan.SkipString(text, i)
		if ke < 0 {
			return false, false
		}
		key := text[i+1 : ke-1]
		i = jsonscan.SkipWS(text, ke)
		if i >= len(text) || text[i] != ':' {
			return false, false
		}
		vs := jsonscan.SkipWS(text, i+1)
		c := d.setterAt(n, key)
		n++
		var ve int
		flat := false // an input_json object or array with no space outside its strings
		if c != nil && c.kind == kInputJSON && vs < len(text) && (text[vs] == '{' || text[vs] == '[') {
			ve, flat = skipFlat(text, vs)
		} else {
			ve = skipValue(text, vs, 0)
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
			if flat {
				// Valid (json.Valid of the line) and compact already:
				// what Compact gives.
				*(*string)(unsafe.Add(base, c.off)) = string(text[vs:ve])
			} else if !d.setFast(unsafe.Add(base, c.off), c, text[vs:ve]) {
				return false, false
			}
			if string(key) == "source_file" {
				hasSource = true
			}
		}
		i = jsonscan.SkipWS(text, ve)
		if i >= len(text) {
			return false, false
		}
		if text[i] == '}' {
			return hasSource, jsonscan.SkipWS(text, i+1) == len(text)
		}
		if text[i] != ',' {
			return false, false
		}
		i = jsonscan.SkipWS(text, i+1)
	}
	return false, false
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

// setFast sets the field at p, of kind k, from the valid JSON value raw as
// set (or inputJSON) would; false where either would fail.
func (d *decoder) setFast(p unsafe.Pointer, c *colSetter, raw []byte) bool {
	if string(raw) == "null" {
		return true // the zero value, as set leaves it
	}
	switch c.kind {
	case kString:
		if len(raw) >= 2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == d.last[c.n] && plainBytes(raw[1:len(raw)-1]) {
			// The column's value on the line before (most columns repeat
			// from call to call: harness, directories, tool, mode,
			// result): the same string, no new one.
			*(*string)(p) = d.last[c.n]
			return true
		}
		s, ok := stringOf(raw)
		if !ok {
			return false
		}
		d.last[c.n] = s
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
		s, ok := stringOf(raw)
		if !ok {
			return false
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return false
		}
		*(*time.Time)(p) = t.UTC()
	case kStrings:
		v, ok := stringsOf(raw)
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

// stringOf decodes the JSON string raw as set does.
func stringOf(raw []byte) (string, bool) {
	if s, ok := plainString(raw); ok {
		return s, true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}

// stringsOf decodes a string or an array of strings as set does: an
// array of plain strings is read in place, anything else by go-json.
func stringsOf(raw []byte) ([]string, bool) {
	if raw[0] == '[' {
		var out []string
		plain := true
		end := jsonscan.Elems(raw, 0, func(vs int) int {
			ve := jsonscan.SkipValue(raw, vs)
			s, ok := plainString(raw[vs:max(ve, vs)])
			if ve < 0 || !ok {
				plain = false
				return -1
			}
			out = append(out, s)
			return ve
		})
		if plain && end == len(raw) && len(out) > 0 {
			return out, true
		}
	} else if s, ok := plainString(raw); ok {
		return []string{s}, true
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

// skipFlat returns the index just past the object or array that opens at
// b[i] of valid JSON, and whether it has no space outside its strings
// (Compact would give it as it is): one walk for both.
func skipFlat(b []byte, i int) (int, bool) {
	flat, depth := true, 0
	for i < len(b) {
		switch b[i] {
		case '"':
			if i = jsonscan.SkipString(b, i); i < 0 {
				return -1, false
			}
			continue
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1, flat
			}
		case ' ', '\t', '\n', '\r':
			flat = false
		}
		i++
	}
	return -1, false
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
