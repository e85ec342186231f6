package gemini

import (
	"bytes"
	"encoding/binary"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// The fast path below reads the one record shape that makes up nearly all
// of a .jsonl chat — a message line with its tool calls — by walking the
// bytes instead of decoding them into a line (go-json with a RawMessage
// copy of every result, for every time the CLI re-appends the message),
// and reads a call's result text in one pass instead of three nested
// decodes. Profiled with BenchmarkRead: those decodes and their garbage
// were most of the reader's time.
//
// It takes only the plain case and gives up (ok false) on anything else:
// a line that is not valid JSON, a key with an escape or a byte outside
// printable ASCII, a key that matches a field only case-insensitively (the
// decoder folds case), a key given twice, a field of an unexpected type or
// null. The caller then decodes the line with go-json exactly as before,
// so every line that is not plain is judged as it always was;
// TestFastMatchesDecode and FuzzFastRecord hold the two paths equal.

// messageKeys are the keys of a message line the fast path reads; the
// other keys of line (metadata, $set, $rewindTo) send the line to the
// decoder.
var messageKeys = []string{"id", "timestamp", "type", "model", "toolCalls", "content"}

// lineKeys are every field name of line: a key that folds to one of them
// without being one of messageKeys is left to the decoder.
var lineKeys = append([]string{"$rewindTo", "$set", "sessionId", "projectHash", "startTime", "kind", "directories", "messages"}, messageKeys...)

var callKeys = []string{"id", "name", "args", "result", "status", "timestamp", "agentId", "resultDisplay"}

// keyIndex returns the index of key in names, -1 when key is none of
// them, and ok false when key folds to one of them without being it or
// is not printable ASCII without escapes.
func keyIndex(key []byte, names, folded []string) (int, bool) {
	for _, c := range key {
		if c < 0x20 || c > 0x7e || c == '\\' {
			return -1, false
		}
	}
	for i, n := range names {
		if string(key) == n {
			return i, true
		}
	}
	for _, n := range folded {
		if bytes.EqualFold(key, []byte(n)) {
			return -1, false
		}
	}
	return -1, true
}

// plainString returns the value of the JSON string v: the bytes between
// the quotes when there is no escape and they are valid UTF-8, else what
// the decoder makes of it (its unescaping measured faster than a byte
// loop of ours, on escape-dense and sparse tool output alike). ok is false
// when v is not a string.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' {
		return "", false
	}
	if in := v[1 : len(v)-1]; bytes.IndexByte(in, '\\') < 0 && utf8.Valid(in) {
		return string(in), true
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return "", false
	}
	return s, true
}

// rawValue is a RawMessage field's value: any value but null, which the
// fast path leaves to the decoder.
func rawValue(v []byte) ([]byte, bool) {
	return v, string(v) != "null"
}

// value returns the end of the value at b[vs] and the value itself.
func value(b []byte, vs int) (int, []byte) {
	ve := jsonscan.SkipValue(b, vs)
	if ve < 0 {
		return -1, nil
	}
	return ve, b[vs:ve]
}

// fastMessage reads a message line (text trimmed, an object) into m; ok
// is false when the line is not the plain case (see above). m's raw
// fields alias text.
func fastMessage(text []byte, m *message) bool { return (*chat)(nil).fastMessage(text, m) }

// fastMessage is fastMessage reading a line of chat c (nil: none). The
// CLI re-appends a message each time one of its calls finishes, so a
// line mostly repeats the message's copy before: a call whose bytes are
// those of the call at the same place in that copy (call.raw, kept when
// the copy was read here) is that call's record again, and is neither
// validated nor walked a second time.
//
// Validity is checked piece by piece instead of json.Valid over the whole
// line first: jsonscan.Members and Elems check the structure between the
// values strictly (quotes, colons, commas, brackets, JSON whitespace; no
// trailing comma), keyIndex admits only printable ASCII keys without
// escapes, and every value is json.Valid on its own or is bytes read
// valid before. Each byte of the line is so checked once, by one of them,
// and the line is valid JSON exactly when every check passes.
func (c *chat) fastMessage(text []byte, m *message) bool {
	var seen [6]bool
	strs := [...]*string{&m.ID, &m.Timestamp, &m.Type, &m.Model} // messageKeys 0-3
	end := jsonscan.Members(text, 0, func(key []byte, vs int) int {
		k, ok := keyIndex(key, messageKeys, lineKeys)
		if !ok || (k >= 0 && seen[k]) {
			return -1
		}
		if k == 4 {
			seen[k] = true
			// The copy before (upsert's old), when the id came first.
			var prior []*call
			if c != nil && m.ID != "" {
				if e := c.live[m.ID]; e != nil {
					prior = e.calls
				}
			}
			if c != nil {
				m.ToolCalls = c.callBuf[:0]
				defer func() { c.callBuf = m.ToolCalls[:0] }()
			}
			n := 0 // calls with an id so far: upsert's index into prior
			// toolCalls: walked in place, each call read as it comes.
			return jsonscan.Elems(text, vs, func(es int) int {
				var tc toolCall
				var ee int
				if n < len(prior) && prior[n].rec.raw != nil && bytes.HasPrefix(text[es:], prior[n].rec.raw) {
					// An object ends where its bytes say: these are
					// prior[n]'s, whole.
					tc, ee = prior[n].rec, es+len(prior[n].rec.raw)
				} else if ee = fastCall(text, es, &tc); ee < 0 || !json.Valid(text[es:ee]) {
					// Walked first, then validated: the walk reads nothing
					// past the end it returns, so when those bytes are
					// valid it read a valid object, as it did after
					// json.Valid of the whole line.
					return -1
				}
				if tc.ID != "" {
					n++
				}
				m.ToolCalls = append(m.ToolCalls, tc)
				return ee
			})
		}
		ve, val := value(text, vs)
		if ve < 0 || !json.Valid(val) {
			return -1
		}
		if k < 0 {
			return ve
		}
		seen[k] = true
		if k == 5 {
			if m.Content, ok = rawValue(val); !ok {
				return -1
			}
			return ve
		}
		str, ok := plainString(val)
		if !ok {
			return -1
		}
		*strs[k] = str
		return ve
	})
	return end == len(text) && m.ID != ""
}

// fastCall reads the ToolCallRecord object at b[i] into tc and returns
// the index just past it, -1 when it is not the plain case.
func fastCall(b []byte, i int, tc *toolCall) int {
	var seen [8]bool
	// callKeys' string members; 2, 3 and 7 are raw values.
	strs := [...]*string{0: &tc.ID, 1: &tc.Name, 4: &tc.Status, 5: &tc.Timestamp, 6: &tc.AgentID}
	end := jsonscan.Members(b, i, func(key []byte, vs int) int {
		k, ok := keyIndex(key, callKeys, callKeys)
		if !ok || (k >= 0 && seen[k]) {
			return -1
		}
		ve, val := value(b, vs)
		if k < 0 || ve < 0 {
			return ve
		}
		seen[k] = true
		switch k {
		case 2:
			tc.Args, ok = rawValue(val)
		case 3:
			tc.Result, ok = rawValue(val)
		case 7:
			tc.ResultDisplay, ok = rawValue(val)
		default:
			var str string
			str, ok = plainString(val)
			*strs[k] = str
		}
		if !ok {
			return -1
		}
		return ve
	})
	tc.valid = end >= 0
	if tc.valid {
		tc.raw = b[i:end]
	}
	return end
}

// Names looked up in a result.
var (
	functionResponseKey = []string{"functionResponse"}
	responseKey         = []string{"response"}
	outputErrorKeys     = []string{"output", "error"}
)

// fastResultText is resultText for a call read by the fast path (its raw
// fields valid JSON) in the plain case: result is
// [{"functionResponse": {"response": {"output"|"error": string}}}, …].
// ok is false for anything else, and resultText then decodes as before.
func fastResultText(tc *toolCall) (text string, isErr bool, ok bool) {
	raw, isErr, ok := fastResultRaw(tc)
	if !ok {
		return "", false, false
	}
	text, ok = plainString(raw)
	return text, isErr, ok
}

// fastResultRaw is fastResultText without the decoding: the raw JSON
// value of the output or error. The output, kilobytes, is skipped once:
// a null is told by its first byte (the record is valid JSON), and the
// first response is walked where it lies, not skipped and walked again.
func fastResultRaw(tc *toolCall) (raw []byte, isErr bool, ok bool) {
	b := tc.Result
	var out, errv []byte
	found, haveResp := false, false
	// Every element is read, not only up to the first functionResponse:
	// the decoder rejects the whole result when any element has the wrong
	// shape, and that case is the decoder's.
	end := jsonscan.Elems(b, 0, func(es int) int {
		seen := false
		return jsonscan.Members(b, es, func(key []byte, vs int) int {
			k, ok := keyIndex(key, functionResponseKey, functionResponseKey)
			if !ok || (k == 0 && seen) {
				return -1
			}
			if k < 0 {
				return jsonscan.SkipValue(b, vs)
			}
			seen = true
			if vs < len(b) && b[vs] == 'n' { // null
				return jsonscan.SkipValue(b, vs)
			}
			first := !found
			found = true
			rseen := false
			return jsonscan.Members(b, vs, func(key []byte, vs int) int {
				k, ok := keyIndex(key, responseKey, responseKey)
				if !ok || (k == 0 && rseen) {
					return -1
				}
				if k != 0 || !first {
					ve, _ := value(b, vs)
					return ve
				}
				rseen, haveResp = true, true
				// The response the text is read from: its output or error.
				return jsonscan.Members(b, vs, func(key []byte, vs int) int {
					k, ok := keyIndex(key, outputErrorKeys, outputErrorKeys)
					if !ok {
						return -1
					}
					ve, val := value(b, vs)
					switch {
					case k == 0 && out == nil:
						out = val
					case k == 1 && errv == nil:
						errv = val
					case k >= 0:
						return -1 // given twice
					}
					return ve
				})
			})
		})
	})
	if end != len(b) || !found || !haveResp {
		return nil, false, false
	}
	if errv != nil && string(errv) != "null" {
		return errv, true, true
	}
	if out == nil {
		return nil, false, false
	}
	return out, false, true
}

// Markers the decoded text of a result is searched for: the last "Exit
// Code: " line of a shell result (shellExit) and the wrapper of output
// kept for replay (sessionOutput).
var (
	exitMarker      = []byte("Exit Code: ")
	untrustedMarker = []byte("<untrusted_context")
	unicodeEscape   = []byte(`\u`)
)

// textUnneeded says the decoded text of a successful call's output (raw,
// a JSON string) can be left undecoded: the rows need it only for what
// classify and sessionOutput look for in it — refusal phrases (read only
// for errors and cancelled calls), "Exit Code: " and "<untrusted_context"
// — and without a \u escape neither marker can be in the text unless its
// bytes are in raw (a one-character escape gives none of their
// characters). Decoding a 3 KB output was ~15% of BenchmarkRead.
func textUnneeded(status string, raw []byte) bool {
	return (status == "success" || status == "") && len(raw) > 1 && raw[0] == '"' &&
		!bytes.Contains(raw, exitMarker) && !bytes.Contains(raw, untrustedMarker) && !hasUEscape(raw)
}

// hasUEscape is bytes.Contains(b, unicodeEscape), sixteen pairs of bytes
// at a time: in tool output a backslash (\n, \t, \") comes every few
// bytes, and bytes.Index, stopping at each to look at the next byte, ran
// at ~0.5-0.9 GB/s there (~10% of BenchmarkRead); this at ~3 GB/s.
func hasUEscape(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for len(b) >= 17 {
		// A zero byte of v is a backslash in x followed by a u in y, and
		// (v-ones)&^v&highs is non-zero exactly when v has a zero byte.
		x := binary.LittleEndian.Uint64(b)
		y := binary.LittleEndian.Uint64(b[1:])
		x2 := binary.LittleEndian.Uint64(b[8:])
		y2 := binary.LittleEndian.Uint64(b[9:17])
		v := (x ^ ones*'\\') | (y ^ ones*'u')
		v2 := (x2 ^ ones*'\\') | (y2 ^ ones*'u')
		if ((v-ones)&^v|(v2-ones)&^v2)&highs != 0 {
			return true
		}
		b = b[16:]
	}
	return bytes.Contains(b, unicodeEscape)
}
