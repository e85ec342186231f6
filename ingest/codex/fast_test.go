package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	gojson "github.com/goccy/go-json"
	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/internal/ingesttest"
)

// TestItemFields: fast.go's table of item's JSON names is item's own, in
// order, and rawField marks exactly its RawMessage fields.
func TestItemFields(t *testing.T) {
	typ := reflect.TypeFor[item]()
	if typ.NumField() != len(itemFields) {
		t.Fatalf("item has %d fields, itemFields %d", typ.NumField(), len(itemFields))
	}
	rawType := reflect.TypeFor[json.RawMessage]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if itemFields[i] != name {
			t.Errorf("field %d: itemFields has %q, item %q", i, itemFields[i], name)
		}
		if got := fieldIndex([]byte(name)); got != i {
			t.Errorf("fieldIndex(%q) = %d, want %d", name, got, i)
		}
		isRaw := f.Type.Name() == "RawMessage" || f.Type == rawType
		if rawField[i] != isRaw {
			t.Errorf("rawField[%d] (%s) = %v, want %v", i, name, rawField[i], isRaw)
		}
		var it item
		if !isRaw && f.Type.Kind() == reflect.String && it.str(i) == nil || isRaw && it.raw(i) == nil {
			t.Errorf("field %s has no accessor", name)
		}
	}
}

// fastPair reads the same lines with the decoder alone (ref) and with the
// fast path (got).
type fastPair struct {
	ref, got         *fileReader
	refSink, gotSink *ingesttest.Sink
}

func newFastPair(path string) *fastPair {
	p := &fastPair{refSink: &ingesttest.Sink{}, gotSink: &ingesttest.Sink{}}
	p.ref = newFileReader(path, &fileState{}, p.refSink)
	p.ref.noFast = true
	p.got = newFileReader(path, &fileState{}, p.gotSink)
	return p
}

// line hands text to both readers as line n and reports false when they
// part in the one way allowed (see fast.go): the decoder rejected the
// line, the fast path read it, and the line's only fault is inside a
// string (with every string emptied it is valid JSON). Any other
// difference fails the test.
func (p *fastPair) line(t *testing.T, text []byte, n int64) bool {
	t.Helper()
	p.ref.line, p.got.line = n, n
	refErr := p.ref.process(bytes.Clone(text))
	gotErr := p.got.process(bytes.Clone(text))
	if refErr != nil && gotErr == nil && !json.Valid(text) && json.Valid(blankStrings(text)) {
		return false
	}
	if fmt.Sprint(refErr) != fmt.Sprint(gotErr) {
		t.Fatalf("line %d %.300q: decoder says %v, fast path %v", n, text, refErr, gotErr)
	}
	p.same(t, fmt.Sprintf("line %d %.300q", n, text))
	return true
}

// same compares what both readers sent and hold (the calls still waiting
// are compared when finish sends them).
func (p *fastPair) same(t *testing.T, where string) {
	t.Helper()
	if !reflect.DeepEqual(p.refSink.Rows, p.gotSink.Rows) {
		t.Fatalf("%s: rows differ:\ndecoder %+v\nfast    %+v", where, p.refSink.Rows, p.gotSink.Rows)
	}
	if !reflect.DeepEqual(p.refSink.Problems, p.gotSink.Problems) {
		t.Fatalf("%s: problems differ: %v / %v", where, p.refSink.Problems, p.gotSink.Problems)
	}
	if a, b := string(p.ref.st.encode()), string(p.got.st.encode()); a != b {
		t.Fatalf("%s: states differ:\n%s\n%s", where, a, b)
	}
}

// blankStrings empties every string of text (keys too), stepping over
// escapes without judging them.
func blankStrings(text []byte) []byte {
	var out []byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		out = append(out, c)
		if c != '"' {
			continue
		}
		for i++; i < len(text) && text[i] != '"'; i++ {
			if text[i] == '\\' {
				i++
			}
		}
		if i < len(text) {
			out = append(out, '"')
		}
	}
	return out
}

// prelude is a session with calls of every kind waiting for their
// outputs, so that the lines under test have calls to join.
func prelude() []string {
	ts := "2026-05-01T10:00:00.000Z"
	fc := func(id, name string, args map[string]any) string {
		a, _ := json.Marshal(args)
		return envelope(ts, "response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
	}
	return []string{
		sessionMeta(ts, "s-fast", "/w/proj"),
		turnContext(ts, "on-request", "workspace-write"),
		execCall(ts, "call_1", "make test"),
		fc("call_2", "shell", map[string]any{"command": []string{"bash", "-lc", "ls"}, "workdir": "sub"}),
		fc("call_3", "read_file", map[string]any{"file_path": "a.go"}),
		fc("call_4", "write_stdin", map[string]any{"session_id": 7, "chars": ""}),
		fc("call_5", "mcp__srv__tool", map[string]any{"q": 1}),
		fc("call_6", "spawn_agent", map[string]any{"message": "go"}),
		envelope(ts, "response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": "call_7",
			"input": "*** Begin Patch\n*** Add File: x.go\n+package x\n*** End Patch\n"}),
		envelope(ts, "response_item", map[string]any{"type": "local_shell_call", "call_id": "call_8",
			"action": map[string]any{"type": "exec", "command": []string{"bash", "-lc", "echo hi"}, "timeout_ms": 1000}}),
		execCall(ts, "call_9", "sleep 100"),
		fc("call_10", "exec_command", map[string]any{"cmd": "rm -rf /", "sandbox_permissions": "require_escalated"}),
	}
}

// checkLine reads the prelude and then line through both paths.
func checkLine(t *testing.T, line []byte) {
	t.Helper()
	p := newFastPair("/w/rollout-fast.jsonl")
	n := int64(0)
	for _, l := range prelude() {
		n++
		p.line(t, []byte(strings.TrimSuffix(l, "\n")), n)
	}
	if !p.line(t, line, n+1) {
		return
	}
	p.ref.finish()
	p.got.finish()
	p.same(t, fmt.Sprintf("after %.300q", line))
}

// long is command output of n bytes with escapes (newlines, tabs,
// quotes, non-ASCII) all along it.
func long(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "line %d\t\"é→\" \\ x\n", i)
	}
	return b.String()
}

func out(id string, output any) string {
	return strings.TrimSuffix(envelope("2026-05-01T10:00:01.000Z", "response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output}), "\n")
}

// fastCases are lines made to catch the fast path reading a line
// differently from the decoder.
var fastCases = func() []string {
	hdr := "Chunk ID: a\nWall time: 0.1 seconds\nProcess exited with code 3\nOriginal token count: 9\nOutput:\n"
	c := []string{
		// outputs of every call kind, short and long
		out("call_1", hdr+"ok\n"),
		out("call_1", hdr+long(5000)),
		out("call_1", "Exit code: 0\nWall time: 1s\nOutput:\n"+long(4000)),
		out("call_1", "exec command rejected by user"),
		out("call_1", long(300)+"Process exited with code 1\n"+long(3000)), // no header in the first 256
		out("call_1", "Chunk ID: a\n"+strings.Repeat("x", 300)+"\nProcess exited with code 2\nOutput:\n"+long(3000)),
		out("call_1", "Process exited with code 4\nrejected by user\nOutput:\n"+long(3000)),
		out("call_1", "Process exited with code 0"+strings.Repeat(" ", 250)+"\nOutput:\n"+long(3000)), // the line reaches the cut
		out("call_1", "a\nb\nc\nd\ne\nf\ng\nh\nProcess exited with code 5\nOutput:\n"+long(3000)),     // past header's 8 lines
		out("call_1", " \nProcess exited with code 1\nOutput:\n"+long(3000)),                          // leading space
		out("call_1", "\n\n\n\n\n\n\n\n\nProcess exited with code 2\nOutput:\n"+long(3000)),           // leading blank lines
		out("call_1", "XOutput:\nProcess exited with code 3\nOutput:\r\n"+long(3000)),                 // an Output: line that is not one
		out("call_1", "Process exited with code 3\nOutput: \nmore\n"+long(3000)),                      // Output: with a space
		// blank lines before the header, and the exit code's digits across the first cut
		out("call_1", strings.Repeat(strings.Repeat(" ", 25)+"\n", 8)+"Process exited with code 123456789012345678\nOutput:\n"+long(3000)),
		// the exit code's digits straddle the first cut (raw byte 256)
		out("call_1", "Chunk ID: a\n"+strings.Repeat("w", 213)+"\nProcess exited with code 1234567\nOutput:\n"+long(3000)),
		out("call_1", "Process running with session ID 7\nOutput:\n"+long(3000)),
		out("call_1", "  {\"output\":\"x\",\"metadata\":{\"exit_code\":6}}"+long(3000)),
		out("call_1", "{\"output\":\""+strings.Repeat("y", 3000)+"\",\"metadata\":{\"exit_code\":6}}"),
		out("call_1", "patch rejected: outside the workspace\n"+long(3000)),
		out("call_1", "exec_command failed: CreateProcess { message: \"Rejected(\\\"no\\\")\" }"),
		out("call_1", []map[string]string{{"type": "input_text", "text": "Process exited with code 0\nOutput:\n"}}),
		out("call_1", map[string]any{"content": "Exit code: 9\nOutput:\n"}),
		out("call_1", 42),
		out("call_1", true),
		out("call_1", strings.Repeat("é", 2000)),
		out("call_1", strings.Repeat("\u2028", 900)+"Process exited with code 0\nOutput:\n"),
		out("call_2", hdr+long(3000)),
		out("call_3", long(3000)),
		out("call_3", "rejected by user"+long(3000)),
		out("call_4", "Process exited with code 0\nOutput:\n"+long(3000)),
		out("call_5", long(3000)+"rejected due to unacceptable risk"),
		out("call_6", `{"agent_id":"child-1","nickname":"n"}`),
		out("call_6", `{"thread_id":"child-2"}`+long(3000)),
		out("call_7", "Success. Updated the following files:\nA x.go\n"),
		out("call_8", hdr+long(3000)),
		out("call_9", "Process running with session ID 7\nOutput:\n"),
		out("call_10", "approval policy is never; reject command"),
		out("call_missing", hdr),
		strings.Replace(out("call_1", hdr), "function_call_output", "custom_tool_call_output", 1),
		// calls
		execCall("2026-05-01T10:00:02.000Z", "call_n1", "git push"),
		execCall("2026-05-01T10:00:02.000Z", "call_1", "again"), // a call_id seen before
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"ls\"}"}}`, // no call_id
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"function_call","name":"read_file","namespace":"mcp__fs__","arguments":{"file_path":"x"},"call_id":"c-ns"}}`,
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"web_search_call","status":"completed","action":{"type":"search","query":"go json"}}}`,
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"web_search_call","status":"failed","action":{"type":"search","queries":["a","b"]},"id":"ws_1"}}`,
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch\n*** Update File: \u00e9.go\n*** End Patch","call_id":"c-p","status":"completed"}}`,
		`{"timestamp":"2026-05-01T10:00:02.000Z","type":"response_item","payload":{"type":"local_shell_call","call_id":"c-l","status":"completed","action":{"type":"exec","command":["apply_patch","*** Begin Patch\n*** Add File: y\n*** End Patch"],"working_directory":"/tmp"}}}`,
		`{"timestamp":"not a time","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":\"ls\"}","call_id":"c-ts"}}`,
		`{"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-nots"}}`,
		`{"payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-order"},"type":"response_item","timestamp":"2026-05-01T10:00:02Z"}`,
		` {"timestamp" : "2026-05-01T10:00:02Z" , "type" : "response_item" , "payload" : { "type" : "function_call" , "call_id" : "c-ws" , "name" : "shell" , "arguments" : "{}" } } `,
		// keys the decoder matches another way
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","Call_ID":"c-case"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call\u005fid":"c-esc"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-dup","call_id":"c-dup2"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","TYPE":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-T"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","type":"event_msg","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-tt"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-ſ","ſtatus":"x"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function\u005fcall","name":"shell","arguments":"{}","call_id":"c-te"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-x","extra":{"deep":[1,2,{"a":null}]}}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-pp","payload":{"type":"x"}}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","id":"top","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-topid"}}`,
		// other types and nulls
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":5,"arguments":"{}","call_id":"c-n5"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":null,"arguments":"{}","call_id":"c-null"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":null,"call_id":"c-argnull"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":["c"]}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":null}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":"x"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":null}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_1","output":"Exit code: 1\nOutput:\n","output":"x"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":5,"payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-t5"}}`,
		`{"timestamp":2,"type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-ts2"}}`,
		// numbers and literals the grammar decides
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-01","x":01}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-1e","x":1e}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-m","x":-}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-f","x":-1.5E+3}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-t","x":tru}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-a","x":[1,]}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-o","x":{"a":1,}}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-g"}}{"a":1}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-g2"}} x}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"","call_id":"c-badargs"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":\"ls\u0000\"}","call_id":"c-nul"}}`,
		// faults inside strings
		"{\"timestamp\":\"2026-05-01T10:00:02Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"sh\tell\",\"arguments\":\"{}\",\"call_id\":\"c-tab\"}}",
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"sh\qell","arguments":"{}","call_id":"c-badesc"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"a\":\"\q\"}","call_id":"c-badesc2"}}`,
		"{\"timestamp\":\"2026-05-01T10:00:02Z\",\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"sh\xffell\",\"arguments\":\"{}\",\"call_id\":\"c-utf\"}}",
		out("call_1", hdr+"\x01") + "",
		strings.Replace(out("call_1", hdr+long(3000)), `seconds\n`, "seconds\x01", 1),
		strings.Replace(out("call_1", hdr+long(3000)), `x\n`, `x\q`, 1),            // early in the head
		strings.Replace(out("call_1", hdr+long(3000)), `line 110`, "line\t110", 1), // past the head
		strings.Replace(out("call_1", hdr+long(3000)), `line 20`, "line\t20", 1),   // past what an exec call's output needs
		strings.Replace(out("call_3", long(3000)), `line 20`, "line\t20", 1),       // inside a head that is read
		strings.Replace(out("call_1", hdr), `Output`, `\uZZZZ`, 1),
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-u","note":"\ud800"}}`,
		// cut short
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-cut"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-cut`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"function_call" "name":"shell"}}`,
		strings.Replace(out("call_1", hdr+long(3000)), `line 100`, `line" 100`, 1),
		`{}`, `{"a":1}`, `{"type":"response_item"}`,
		// events and items no row reads, walked light
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":5,"x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":null,"x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"a\qb","x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"a","type":"b","x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"Type":"x","a":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"x","TYPE":5,"a":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"typ\u0065":"x","a":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"call_id":5,"output":[1],"a":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":"function_call"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":null,"x":"function_call"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","x":"function_call"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"x","a":"function_call",}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"x","a":"function_call\q"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"compacted","payload":{"message":"","replacement_history":[{"type":"function_call","call_id":"x"}]}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"function_call","payload":{"type":"x"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"","payload":{"type":"x","a":"function_call"}}`,
		`{"payload":{"type":"token_count","a":"function_call"},"type":"event_msg","timestamp":"2026-05-01T10:00:02Z"}`,
		`{"payload":{"type":"function_call","name":"shell","arguments":"{}","call_id":"c-ev"},"type":"event_msg","timestamp":"2026-05-01T10:00:02Z"}`,
		`{"payload":{"type":"message","role":"user","content":"function_call"},"type":"event_msg","timestamp":"2026-05-01T10:00:02Z"}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"summary":[],"type":"reasoning","call_id":5,"x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"reasoning","Type":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"reasoning","payload":5,"x":"function_call"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"call_id":5,"type":"reasoning"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"message","role":"assistant","content":"function_call"}}`,
		// lines the fast path leaves (other kinds)
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"exec_command_end","call_id":"call_1","aggregated_output":"x"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"reasoning","summary":[],"encrypted_content":"gAAA"}}`,
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context><cwd>/x</cwd></environment_context>"}]}}`,
		strings.TrimSuffix(turnContext("2026-05-01T10:00:02Z", "never", "danger-full-access"), "\n"),
		`{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"]}","call_id":"bare-1"}`,
		`{"type":"function_call_output","call_id":"call_1","output":"Exit code: 0\nOutput:\n"}`,
		`{"record_type":"state"}`,
	}
	return c
}()

// fileCases are whole rollouts for the traps that need the file's start.
var fileCases = []string{
	// No time before the event: the decoder takes the file's first time
	// from the event, when mayMatter lets it decode it.
	"{\"record_type\":\"state\"}\n" +
		`{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"x","a":"function_call"}}` + "\n" +
		`{"type":"function_call","name":"shell","arguments":"{\"command\":[\"ls\"]}","call_id":"bare-1"}` + "\n",
	"{\"record_type\":\"state\"}\n" +
		`{"timestamp":"2026-05-01T10:00:02Z","type":"response_item","payload":{"type":"reasoning","a":"function_call"}}` + "\n" +
		`{"type":"web_search_call","status":"completed","action":{"query":"q"}}` + "\n",
}

// TestFastMatchesDecode: on every line of the test rollouts, the bench
// rollout, the fuzz seeds and the traps above, the fast path sends the
// rows and problems the decoder sends and leaves the same state, or the
// line's only fault is inside a string (see fast.go).
func TestFastMatchesDecode(t *testing.T) {
	for _, c := range fastCases {
		checkLine(t, []byte(c))
	}
	files := ingesttest.InputFiles([]string{"../../testdata/ingest/codex", "testdata"}, ".jsonl", "fuzz")
	bench, _ := benchRollout(t, t.TempDir(), 30)
	files = append(files, bench)
	for i, c := range fileCases {
		p := filepath.Join(t.TempDir(), fmt.Sprintf("case%d.jsonl", i))
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	fastLines := 0
	for _, f := range files {
		for _, content := range fileContents(t, f) {
			p := newFastPair(f)
			sc := bufio.NewScanner(bytes.NewReader(content))
			sc.Buffer(nil, 1<<26)
			n, parted := int64(0), false
			for sc.Scan() {
				n++
				if !p.line(t, sc.Bytes(), n) {
					parted = true
					break
				}
			}
			if !parted {
				p.ref.finish()
				p.got.finish()
				p.same(t, f+" at its end")
			}
			fastLines += countFast(content)
		}
	}
	if fastLines < 100 {
		t.Fatalf("the fast path read only %d lines of the test rollouts", fastLines)
	}
}

// countFast counts the lines of content the fast path reads.
func countFast(content []byte) int {
	n := 0
	fr := newFileReader("x", &fileState{}, &ingesttest.Discard{})
	for line := range bytes.SplitSeq(content, []byte("\n")) {
		if l := bytes.TrimSpace(line); len(l) > 0 && fr.fast(l) {
			n++
		}
	}
	return n
}

// fileContents returns the rollouts a test file holds: its bytes
// (decompressed for .zst), or the inputs of a fuzz seed file.
func fileContents(t *testing.T, path string) [][]byte {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".zst") {
		d, err := zstd.NewReader(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer d.Close()
		if data, err = io.ReadAll(d); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.HasPrefix(data, []byte("go test fuzz v1")) {
		return [][]byte{data}
	}
	var out [][]byte
	for line := range strings.SplitSeq(string(data), "\n") {
		if inner, ok := strings.CutPrefix(line, "[]byte("); ok {
			if s, err := strconv.Unquote(strings.TrimSuffix(inner, ")")); err == nil {
				out = append(out, []byte(s))
			}
		}
	}
	return out
}

// FuzzFastLine: on any line after a session with waiting calls, the fast
// path reads what the decoder reads, or leaves the line to it, or the
// line's only fault is inside a string.
func FuzzFastLine(f *testing.F) {
	for _, c := range fastCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if bytes.ContainsAny(line, "\n") {
			return // one line
		}
		checkLine(t, line)
	})
}

// checkArgs: readArgs reads what a decode into a map reads.
func checkArgs(t *testing.T, raw []byte) {
	t.Helper()
	got, gotOK := readArgs(raw)
	var m map[string]gojson.RawMessage
	wantOK := gojson.Unmarshal(raw, &m) == nil
	if gotOK != wantOK {
		t.Fatalf("%q: readArgs ok %v, the map decode %v", raw, gotOK, wantOK)
	}
	for _, k := range argKeys {
		if g, w := got.get(k), m[k]; !bytes.Equal(g, w) || (g == nil) != (w == nil) {
			t.Fatalf("%q: %s = %q, the map has %q", raw, k, g, w)
		}
	}
}

var argCases = []string{
	`{"cmd":"ls","workdir":"/w"}`, ` { "cmd" : "ls" , "timeout_ms" : 1e3 } `, `null`, `[]`, `"x"`, `1`, ``, `{`,
	`{"cmd":"a","cmd":"b"}`, `{"c\u006dd":"x"}`, `{"cmd":"x","c\u006dd":"y"}`, `{"CMD":"x"}`, `{"command":["bash","-lc","ls"]}`,
	`{"with_escalated_permissions":true,"sandbox_permissions":"require_escalated"}`, `{"path":{"a":[1,2]},"pattern":null}`,
	"{\"cmd\":\"a\xffb\"}", `{"cmd":"\ud800"}`,
}

func TestReadArgs(t *testing.T) {
	for _, c := range argCases {
		checkArgs(t, []byte(c))
	}
}

// FuzzReadArgs: on any arguments, readArgs reads what the map decode
// reads.
func FuzzReadArgs(f *testing.F) {
	for _, c := range argCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkArgs(t, raw) })
}

// FuzzUnescapeSimple: where unescapeSimple decodes a string's inside, it
// gives what go-json gives.
func FuzzUnescapeSimple(f *testing.F) {
	for _, c := range []string{`Process exited with code 0\nOutput:\n`, `a\"b\\c\/d\te\rf\bg\fh`, `\u0041`, `\q`, `\`, "é", "a\tb", `"`} {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		got, ok := unescapeSimple(in)
		if !ok {
			return
		}
		var want string
		if err := gojson.Unmarshal(append(append([]byte{'"'}, in...), '"'), &want); err != nil {
			t.Fatalf("%q: unescapeSimple took it, go-json says %v", in, err)
		}
		if got != want {
			t.Fatalf("%q: unescapeSimple %q, go-json %q", in, got, want)
		}
	})
}
