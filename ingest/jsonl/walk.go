package jsonl

import (
	"encoding/binary"
	"slices"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// member is one key and raw value of a line's object.
type member struct {
	key string
	raw []byte
}

// members splits a line into its object's members, sorted by key, without
// decoding them into a map: the map (and an allocation per key and value)
// was half of the reader's time (profiled with BenchmarkRead). ok is false
// whenever the line is anything but a plain case — not valid JSON, a key
// with an escape, a key given twice — and the caller then decodes it with
// go-json into a map as before, so every such line is judged exactly as it
// always was. (A key must be printable ASCII without escapes: decoders
// unescape keys and replace invalid UTF-8 in them.) The members alias text. ms is reused.
func members(text []byte, ms []member, o *order) ([]member, bool) {
	ms = ms[:0]
	if len(text) == 0 || text[0] != '{' || !json.Valid(text) {
		return ms, false
	}
	// json.Valid vouched for the grammar: the walk below only finds the
	// member boundaries.
	i := jsonscan.SkipWS(text, 1)
	if i < len(text) && text[i] == '}' {
		return ms, jsonscan.SkipWS(text, i+1) == len(text)
	}
	for i < len(text) && text[i] == '"' {
		ke := jsonscan.SkipString(text, i)
		if ke < 0 {
			return ms, false
		}
		key := text[i+1 : ke-1]
		if !plainBytes(key) {
			return ms, false // escapes, or bytes a decoder would replace
		}
		i = jsonscan.SkipWS(text, ke)
		if i >= len(text) || text[i] != ':' {
			return ms, false
		}
		vs := jsonscan.SkipWS(text, i+1)
		ve := skipValue(text, vs, 0)
		if ve < 0 {
			return ms, false
		}
		ms = append(ms, member{key: keyString(key), raw: text[vs:ve]})
		var done bool
		switch i, done = jsonscan.AfterValue(text, ve, '}'); {
		case i < 0:
			return ms, false
		case done:
			if jsonscan.SkipWS(text, i) != len(text) {
				return ms, false
			}
			o.sort(ms)
			for j := 1; j < len(ms); j++ {
				if ms[j].key == ms[j-1].key {
					return ms, false // a map keeps the last: leave that to the map
				}
			}
			return ms, true
		}
	}
	return ms, false
}

// colName maps each column name to itself: looking a key up in it gives
// the name without allocating a string for it (nearly every key of every
// line is one).
var colName = func() map[string]string {
	m := map[string]string{}
	for name := range columns {
		m[name] = name
	}
	return m
}()

func keyString(key []byte) string {
	if name, ok := colName[string(key)]; ok {
		return name
	}
	return string(key)
}

// order remembers the last key order seen and the permutation that sorts
// it: lines written by one program list their keys in one order, so most
// lines are sorted by applying it instead of sorting (sorting every line
// was a fifth of the reader's time).
type order struct {
	keys []string
	perm []int
	tmp  []member
}

// sort sorts ms by key.
func (o *order) sort(ms []member) {
	same := len(ms) == len(o.keys)
	for i := 0; same && i < len(ms); i++ {
		same = ms[i].key == o.keys[i]
	}
	if !same {
		o.keys = o.keys[:0]
		for _, m := range ms {
			o.keys = append(o.keys, m.key)
		}
		o.perm = o.perm[:0]
		for i := range ms {
			o.perm = append(o.perm, i)
		}
		slices.SortStableFunc(o.perm, func(a, b int) int { return strings.Compare(ms[a].key, ms[b].key) })
	}
	o.tmp = append(o.tmp[:0], ms...)
	for i, p := range o.perm {
		ms[i] = o.tmp[p]
	}
}

// skipValue returns the index just past the (valid) value starting at
// b[i], or -1.
func skipValue(b []byte, i, depth int) int {
	if i >= len(b) || depth > 10000 {
		return -1
	}
	switch b[i] {
	case '"':
		return jsonscan.SkipString(b, i)
	case '{', '[':
		close := byte('}')
		if b[i] == '[' {
			close = ']'
		}
		i = jsonscan.SkipWS(b, i+1)
		for i < len(b) {
			switch b[i] {
			case close:
				return i + 1
			case ',', ':':
				i = jsonscan.SkipWS(b, i+1)
				continue
			}
			if i = skipValue(b, i, depth+1); i < 0 {
				return -1
			}
			i = jsonscan.SkipWS(b, i)
		}
		return -1
	default:
		j := i
		for j < len(b) && !strings.ContainsRune(" \t\r\n,]}:", rune(b[j])) {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}

// plainString returns the text of the raw JSON string v when it is
// printable ASCII without escapes — the common case, which needs no
// decoder; ok is false otherwise.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", false
	}
	in := v[1 : len(v)-1]
	if !plainBytes(in) {
		return "", false
	}
	return string(in), true
}

// plainBytes reports whether b is printable ASCII with no quote or
// backslash: text a JSON string holds as is.
func plainBytes(b []byte) bool {
	// Eight bytes at a time: a word with no byte below 0x20, none with
	// the top bit, no quote and no backslash is plain (the "has less" and
	// "has zero" tests of bit twiddling are exact as a yes or no).
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 8 {
		x := binary.LittleEndian.Uint64(b)
		q, bs := x^(ones*'"'), x^(ones*'\\')
		if (x-ones*0x20)&^x&highs|x&highs|(q-ones)&^q&highs|(bs-ones)&^bs&highs != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c < 0x20 || c >= 0x80 || c == '\\' || c == '"' {
			return false
		}
	}
	return true
}
