package codex

import (
	"bytes"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// The fast path. Most of a rollout's bytes are the call outputs, and the
// decoder read each whole: it validated every byte, copied the output
// into a RawMessage, then headOf copied its head and outputText decoded
// that again (BENCHMARKS.md, "Readers' MB/s"). fast walks a response_item
// envelope line holding a call or a call output once, in the manner of the
// Claude Code reader (ingest/claude/scan.go): the values a row reads are
// decoded by go-json as before (so they are validated as before), the
// structure of everything else is checked by jsonscan.SkipGrammar, and of
// an output that headOf cuts only the head is decoded — the rest of its
// bytes are only scanned for the closing quote. RawMessages alias the
// line (no copy); nothing keeps them past the line. An event, or an item
// no row reads (reasoning, …), is walked light and skipped without the
// six marker searches of mayMatter: for such a line the decoder had
// nothing to do and nothing to report (handled) but take the file's first
// time, so fast leaves it to the decoder while that time is not known.
//
// Any line that is not that plain case — another record or item type, a
// key with an escape or one that folds to a field's name without being
// it, a field given twice, a field of another type, null where a value is
// read, a nested payload, or a grammar error anywhere — is left to the
// decoder (fast reports false before changing any state), so it is judged
// exactly as before, with the same message. The one difference: a control
// character or a bad escape inside a string no row reads (past an output's
// head, or in a member the reader does not know) is no longer reported;
// a line cut short or glued to another still is. TestFastMatchesDecode and
// FuzzFastLine hold the two paths equal.

// itemFields are the JSON names of item's fields, in its order (a test
// holds the two together): a member named so, in any case, is decoded
// into the item by go-json.
var itemFields = [...]string{"timestamp", "type", "record_type", "payload", "id", "cwd", "cli_version", "source",
	"parent_thread_id", "forked_from_id", "approval_policy", "sandbox_policy", "model", "role", "content", "name",
	"namespace", "arguments", "input", "call_id", "output", "status", "action"}

// Indexes into itemFields of the fields fast treats specially.
const (
	fTimestamp = 0
	fType      = 1
	fPayload   = 3
	fOutput    = 20
)

// rawField marks the fields that are json.RawMessage (the others are
// strings, and payload the nested item).
var rawField = func() (m [len(itemFields)]bool) {
	for _, n := range []string{"source", "approval_policy", "sandbox_policy", "content", "arguments", "input", "output", "action"} {
		m[fieldIndex([]byte(n))] = true
	}
	return m
}()

// fieldIndex returns the index in itemFields of the member named key
// exactly, -1 for a key that names no field, and -2 for one the decoder
// might still match to a field (another case, an escape, a byte beyond
// ASCII).
func fieldIndex(key []byte) int {
	switch string(key) {
	case "timestamp":
		return 0
	case "type":
		return 1
	case "record_type":
		return 2
	case "payload":
		return 3
	case "id":
		return 4
	case "cwd":
		return 5
	case "cli_version":
		return 6
	case "source":
		return 7
	case "parent_thread_id":
		return 8
	case "forked_from_id":
		return 9
	case "approval_policy":
		return 10
	case "sandbox_policy":
		return 11
	case "model":
		return 12
	case "role":
		return 13
	case "content":
		return 14
	case "name":
		return 15
	case "namespace":
		return 16
	case "arguments":
		return 17
	case "input":
		return 18
	case "call_id":
		return 19
	case "output":
		return 20
	case "status":
		return 21
	case "action":
		return 22
	}
	for _, c := range key {
		if c == '\\' || c >= 0x80 {
			return -2
		}
	}
	for _, n := range itemFields {
		if strings.EqualFold(string(key), n) {
			return -2
		}
	}
	return -1
}

// str returns the field of it that itemFields[f] names, for a string field.
func (it *item) str(f int) *string {
	switch f {
	case 0:
		return &it.Timestamp
	case 1:
		return &it.Type
	case 2:
		return &it.RecordType
	case 4:
		return &it.ID
	case 5:
		return &it.Cwd
	case 6:
		return &it.CLIVersion
	case 8:
		return &it.ParentThreadID
	case 9:
		return &it.ForkedFromID
	case 12:
		return &it.Model
	case 13:
		return &it.Role
	case 15:
		return &it.Name
	case 16:
		return &it.Namespace
	case 19:
		return &it.CallID
	case 21:
		return &it.Status
	}
	return nil
}

// raw returns the field of it that itemFields[f] names, for a RawMessage
// field.
func (it *item) raw(f int) *json.RawMessage {
	switch f {
	case 7:
		return &it.Source
	case 10:
		return &it.ApprovalPolicy
	case 11:
		return &it.SandboxPolicy
	case 14:
		return &it.Content
	case 17:
		return &it.Arguments
	case 18:
		return &it.Input
	case 20:
		return &it.Output
	case 22:
		return &it.Action
	}
	return nil
}

// fastItemType reports the payload types fast reads: the calls and the
// call outputs. Each holds `_call"` or `_output"`, so mayMatter never
// skipped them: the decoder read every one.
func fastItemType(t []byte) bool {
	switch string(t) {
	case "function_call", "local_shell_call", "custom_tool_call", "web_search_call",
		"function_call_output", "custom_tool_call_output":
		return true
	}
	return false
}

// fastLine is what fast gathers from a line before it changes any state.
type fastLine struct {
	top, p  item
	skip    bool // the payload is an item no row reads (reasoning, …)
	headBuf []byte
}

// fast reads text when it is a response_item envelope holding a call or a
// call output in the plain case, and reports whether it did; on false
// nothing has changed and the caller decodes the line.
func (fr *fileReader) fast(text []byte) bool {
	l := &fr.fl
	l.top, l.p, l.skip = item{}, item{}, false
	end, ok := l.object(text, 0, true, false)
	if !ok || end != len(text) {
		return false
	}
	switch t := l.top.Type; {
	case t == "response_item" && l.p.Type == "":
		return false
	case t == "response_item" && !l.skip:
	case t == "" || t == "session_meta" || t == "turn_context" || itemTypes[t]:
		return false
	default:
		// An event, or an item no row reads: the decoder, when mayMatter
		// let it decode the line at all, found nothing to do and nothing
		// to report (handled), but the file's first time, which it would
		// take from the line.
		return !fr.st.FirstTs.IsZero()
	}
	ts := parseTs(l.top.Timestamp)
	fr.noteTs(ts)
	p := &l.p
	if p.Type == "function_call_output" || p.Type == "custom_tool_call_output" {
		pc, ok := fr.pend.Get(p.CallID)
		if !ok {
			return true // no call waits for it: nothing reads its text
		}
		text, ok := l.outputText(execLike(pc.Row))
		if !ok {
			return false
		}
		fr.complete(pc, text, ts)
		return true
	}
	fr.item(p, ts)
	return true
}

// shortKeep is how much of a long output's text outputText decodes first
// for a call that ran a process: Codex's header ("Chunk ID: …\nWall time:
// …\nProcess exited with code N\nOriginal token count: …\nOutput:\n") is
// about 100 bytes.
const shortKeep = 256

// outputText is the text of the item's output as output() reads it,
// outputText(headOf(raw)), and false when the decoder would not take the
// output. A string headOf cuts is only decoded up to the cut; for a call
// that ran a process (exec), first only up to shortKeep: when that much
// already holds Codex's whole header with an exit code, the verdict is
// the exit code's whatever follows (headerDecides), and the rest of the
// head is not decoded.
func (l *fastLine) outputText(exec bool) (string, bool) {
	v := l.p.Output
	if len(v) == 0 || v[0] != '"' {
		return outputText(v), true // validated by rawValue
	}
	if !cuts(v) {
		var s string
		return s, json.Unmarshal(v, &s) == nil
	}
	if exec {
		cut := cutAt(v, shortKeep)
		// Codex's header ends with the line "Output:": when it is there,
		// decode up to it only. The backslash after the colon starts an
		// escape (a colon cannot end one), so the cut is between escapes.
		if i := bytes.Index(v[:cut], outputLine); i >= 0 {
			cut = i + len(outputLine)
		}
		s, ok := unescapeSimple(v[1:cut])
		if !ok {
			s, ok = l.decodeHead(v, cut)
		}
		if ok && headerDecides(s) {
			return s, true
		}
	}
	return l.decodeHead(v, headEnd(v))
}

// decodeHead decodes the JSON string v cut at cut (headOf's re-closed
// head).
func (l *fastLine) decodeHead(v []byte, cut int) (string, bool) {
	l.headBuf = append(append(l.headBuf[:0], v[:cut]...), '"')
	var s string
	return s, json.Unmarshal(l.headBuf, &s) == nil
}

// unescapeSimple decodes the inside of a JSON string that is printable
// ASCII with only the one-letter escapes, as go-json decodes it: Codex's
// header, about a hundred bytes, for which the decoder's set-up cost more
// than the decoding. Anything else (\u escapes, other bytes) is false,
// for go-json.
func unescapeSimple(in []byte) (string, bool) {
	var buf [shortKeep]byte
	out := buf[:0]
	for i := 0; i < len(in); i++ {
		c := in[i]
		switch {
		case c == '\\':
			if i++; i == len(in) {
				return "", false
			}
			switch in[i] {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case '"', '\\', '/':
				c = in[i]
			default:
				return "", false
			}
		case c < 0x20 || c >= 0x80 || c == '"':
			return "", false
		}
		out = append(out, c)
	}
	return string(out), true
}

// headerDecides reports whether the start s of an exec call's output text
// gives the verdict classify gives the whole text: s is not the JSON form,
// the lines header() reads of it end with a newline inside s (so more text
// cannot change them), and they hold an exit code, which classify takes
// before anything else. The text then cannot be one of the exact denials
// (it has a newline), nor, not starting with "{", a spawn_agent result.
func headerDecides(s string) bool {
	// Nothing for TrimSpace to take at the start: the lines header()
	// reads of the trimmed text are the lines of s (a trailing trim only
	// changes s's last line, which is not one of them).
	if s == "" || s[0] <= ' ' || s[0] >= 0x80 || s[0] == '{' {
		return false
	}
	rest := s
	for k := 0; k < 8; k++ {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return false
		}
		if strings.TrimRight(rest[:i], "\r") == "Output:" {
			break
		}
		rest = rest[i+1:]
	}
	_, ok := exitCode(strings.TrimSpace(s))
	return ok
}

// outputLine is the end of Codex's header in an output's JSON string.
var outputLine = []byte(`Output:\n`)

// object walks the object at b[i]: the envelope when top is set (its
// timestamp, type and payload), else the payload. It returns the index
// just past the object and false for anything but the plain case. A
// payload no row reads (an event's, or an item's whose type is not one
// the reader reads) is walked light: only its grammar and its "type",
// which must be a string (handled), are checked.
func (l *fastLine) object(b []byte, i int, top, light bool) (int, bool) {
	it := &l.p
	if top {
		it = &l.top
	}
	if i >= len(b) || b[i] != '{' {
		return 0, false
	}
	i = jsonscan.SkipWS(b, i+1)
	if light && i < len(b) && b[i] == '}' {
		return i + 1, true
	}
	fromLight := light
	var seen uint32
	for {
		if i >= len(b) || b[i] != '"' {
			return 0, false // also an empty object: no type
		}
		ke := jsonscan.SkipString(b, i)
		if ke < 0 {
			return 0, false
		}
		key := b[i+1 : ke-1]
		f := fieldIndex(key)
		if i = jsonscan.SkipWS(b, ke); i >= len(b) || b[i] != ':' {
			return 0, false
		}
		vs := jsonscan.SkipWS(b, i+1)
		var ve int
		switch {
		case light && f != fType:
			if f == -2 && foldsToType(key) {
				return 0, false
			}
			ve = jsonscan.SkipGrammar(b, vs)
			f = -1
		case light:
			var t string
			var ok bool
			if ve, ok = stringValue(b, vs, &t); !ok || b[vs] != '"' || seen&(1<<fType) != 0 {
				return 0, false
			}
		case f == -1:
			ve = jsonscan.SkipGrammar(b, vs)
		case f < 0, seen&(1<<f) != 0:
			return 0, false
		case top && f == fPayload:
			var ok bool
			if ve, ok = l.object(b, vs, false, it.Type != "" && it.Type != "response_item"); !ok {
				return 0, false
			}
		case top && f != fTimestamp && f != fType, f == fPayload:
			// Other item fields on the envelope, or a payload in the
			// payload: the decoder's.
			return 0, false
		case f == fType:
			if vs >= len(b) || b[vs] != '"' {
				return 0, false
			}
			if ve = jsonscan.SkipString(b, vs); ve < 0 {
				return 0, false
			}
			t := b[vs+1 : ve-1]
			switch {
			case top:
				if it.Type = typeName(t); it.Type == "session_meta" || it.Type == "turn_context" {
					return 0, false
				}
			case fastItemType(t):
				it.Type = typeName(t)
			case itemTypes[string(t)]:
				return 0, false // a message: the decoder's
			default:
				// An item no row reads: the rest of it walked light.
				it.Type, l.skip, light = typeName(t), true, true
			}
		case rawField[f]:
			if ve = l.rawValue(b, vs, f); ve < 0 {
				return 0, false
			}
			*it.raw(f) = b[vs:ve]
		default:
			var ok bool
			if ve, ok = stringValue(b, vs, it.str(f)); !ok {
				return 0, false
			}
		}
		if ve < 0 {
			return 0, false
		}
		if f >= 0 {
			seen |= 1 << f
		}
		var done bool
		switch i, done = jsonscan.AfterValue(b, ve, '}'); {
		case i < 0:
			return 0, false
		case done:
			if seen&(1<<fType) == 0 && !fromLight {
				return 0, false
			}
			return i, true
		}
	}
}

// foldsToType reports whether a key that is not "type" might still be
// matched to it by the decoder (another case, an escape, a byte beyond
// ASCII).
func foldsToType(key []byte) bool {
	for _, c := range key {
		if c == '\\' || c >= 0x80 {
			return true
		}
	}
	return strings.EqualFold(string(key), "type")
}

// typeName is the type t as a string, without allocating for the common
// ones.
func typeName(t []byte) string {
	switch string(t) {
	case "response_item":
		return "response_item"
	case "event_msg":
		return "event_msg"
	case "function_call":
		return "function_call"
	case "function_call_output":
		return "function_call_output"
	case "reasoning":
		return "reasoning"
	}
	return string(t)
}

// stringValue decodes the string (or null, which leaves *dst as it is,
// as the decoder does) at b[vs] into *dst. Printable ASCII without
// escapes is taken as it is; anything else goes through go-json.
func stringValue(b []byte, vs int, dst *string) (int, bool) {
	if vs >= len(b) {
		return 0, false
	}
	if b[vs] == 'n' {
		ve := jsonscan.SkipGrammar(b, vs)
		return ve, ve > 0
	}
	if b[vs] != '"' {
		return 0, false
	}
	ve := jsonscan.SkipString(b, vs)
	if ve < 0 {
		return 0, false
	}
	in := b[vs+1 : ve-1]
	for _, c := range in {
		if c < 0x20 || c >= 0x80 || c == '\\' {
			return ve, json.Unmarshal(b[vs:ve], dst) == nil
		}
	}
	*dst = string(in)
	return ve, true
}

// rawValue returns the index just past the RawMessage value of field f at
// b[vs], or -1 when the decoder would not take it (null, which the
// decoder hands to RawMessage as it is, is left to it too). Every value
// is validated as the decoder validates it, except an output long enough
// for headOf to cut: its head is decoded (l.text) and the rest only
// scanned for the closing quote.
func (l *fastLine) rawValue(b []byte, vs, f int) int {
	if vs >= len(b) || b[vs] == 'n' {
		return -1
	}
	ve := jsonscan.SkipGrammar(b, vs)
	if ve < 0 {
		return -1
	}
	if f == fOutput && b[vs] == '"' {
		return ve // decoded, as far as a row reads it, by outputText
	}
	if !json.Valid(b[vs:ve]) {
		return -1
	}
	return ve
}
