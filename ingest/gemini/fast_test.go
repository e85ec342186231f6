package gemini

import (
	"bytes"
	"os"
	"reflect"
	"strconv"
	"testing"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/internal/ingesttest"
)

// checkFast holds the fast path to the decoder on one line: when
// fastMessage takes the line, go-json must decode it into a line that is
// that message and nothing else (no $set, $rewindTo or metadata), with the
// same fields; and for each call fastResultText takes, decodeResultText
// (the decoder's reading, as before the fast path) must give the same
// text. The decoder is the reference: the fast path exists only to be
// quicker at what it already did.
func checkFast(t *testing.T, text []byte) {
	t.Helper()
	text = bytes.TrimSpace(text)
	if len(text) == 0 || text[0] != '{' || text[len(text)-1] != '}' {
		return
	}
	var fast message
	if !fastMessage(text, &fast) {
		return
	}
	var l line
	if err := json.Unmarshal(text, &l); err != nil {
		t.Fatalf("fast path took a line the decoder rejects (%v): %q", err, text)
	}
	if l.RewindTo != nil || l.Set != nil || !reflect.DeepEqual(l.meta, meta{}) {
		t.Fatalf("fast path took a line that is not a message only: %q", text)
	}
	want := l.message
	if fast.ID != want.ID || fast.Timestamp != want.Timestamp || fast.Type != want.Type || fast.Model != want.Model ||
		!bytes.Equal(fast.Content, want.Content) || len(fast.ToolCalls) != len(want.ToolCalls) {
		t.Fatalf("message differs:\nfast %+v\ndecoded %+v\nline %q", fast, want, text)
	}
	for i := range fast.ToolCalls {
		f, w := fast.ToolCalls[i], want.ToolCalls[i]
		if !f.valid {
			t.Fatalf("call %d of a line the fast path took is not marked valid: %q", i, text)
		}
		if !f.valid || !bytes.Contains(text, f.raw) || !json.Valid(f.raw) {
			t.Fatalf("call %d's raw %q is not a valid object of the line", i, f.raw)
		}
		f.valid, f.raw = false, nil
		if !reflect.DeepEqual(f, w) {
			t.Fatalf("call %d differs:\nfast %+v\ndecoded %+v", i, f, w)
		}
		f.valid = true
		if raw, isErr, ok := fastResultRaw(&f); ok && !isErr && textUnneeded(f.Status, raw) {
			ws, _ := decodeResultText(&w)
			gr, ge := classify(f.Status, ws, false, "bash")
			wr, we := classify(f.Status, "", false, "bash")
			if gr != wr || fmtPtr(ge) != fmtPtr(we) || sessionOutput(ws) != "" {
				t.Fatalf("call %d's text %q is left undecoded but reaches the row", i, ws)
			}
		}
		if s, isErr, ok := fastResultText(&f); ok {
			ws, wErr := decodeResultText(&w)
			if s != ws || isErr != wErr {
				t.Fatalf("result text of call %d differs: fast %q %v, decoded %q %v\nresult %s", i, s, isErr, ws, wErr, w.Result)
			}
		}
	}
}

// fastCases are lines the fast path must either leave to the decoder or
// read exactly as it does: each is a trap for a byte walker (the decoder
// folds key case, keeps the last of a repeated key, turns null into a
// zero value, unescapes \u pairs, replaces invalid UTF-8).
var fastCases = []string{
	`{"id":"m1","type":"gemini","model":"g","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"ls"},"result":[{"functionResponse":{"id":"c1","name":"run_shell_command","response":{"output":"a\nb\t\"c\" \\ \/"}}}],"status":"success","timestamp":"2026-01-01T00:00:00Z"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"error":"User denied execution"}}}],"status":"error"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"error":null,"output":"x"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"error":{"message":"boom"}}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"é \u00e9 \ud83d\ude00 \ud800"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":null},{"functionResponse":{"response":{"output":"second"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"first"}}},{"functionResponse":{"response":{"output":"second"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"x"}}},5]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"x"}}},{"functionResponse":7}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{}}],"resultDisplay":"shown"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[],"resultDisplay":"shown"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":null,"resultDisplay":"shown"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"a","output":"b"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"Output":"a"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"FunctionResponse":{"response":{"output":"a"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"Response":{"output":"a"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"a"},"response":{"output":"b"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":5}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":"text"}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"bad \xff byte"}}}]}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"bad \xff byte \n"}}}]}]}`,
	`{"ID":"m1","toolCalls":[]}`,
	`{"id":"m1","Id":"m2"}`,
	`{"id":"m1","id":"m2"}`,
	`{"id":"m1","toolCalls":[{"id":"c1","ID":"c2"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","id":"c2"}]}`,
	`{"id":"m1","toolcalls":[{"id":"c1"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1"}],"toolCalls":[{"id":"c2"}]}`,
	`{"id":"m1","toolCalls":null}`,
	`{"id":"m1","toolCalls":[null]}`,
	`{"id":"m1","toolCalls":[5]}`,
	`{"id":"m1","toolCalls":{"id":"c1"}}`,
	`{"id":5}`,
	`{"id":null,"type":"user"}`,
	`{"id":""}`,
	`{"id":"m1","model":null}`,
	`{"id":"m1","content":null}`,
	`{"id":"m1","toolCalls":[{"id":"c1","args":null}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","name":7}]}`,
	`{"id":"m1","toolCalls":[{"id":"c\u0031","name":"a\/b"}]}`,
	`{"i\u0064":"m1"}`,
	`{"id":"m1","$rewindTo":"m0"}`,
	`{"id":"m1","$set":{"sessionId":"s"}}`,
	`{"id":"m1","sessionId":"s"}`,
	`{"id":"m1","SessionID":"s"}`,
	`{"id":"m1","kind":"subagent"}`,
	`{"id":"m1","messages":[]}`,
	`{"id":"m1","extra":{"nested":[1,2,{"a":"}"}],"t":true,"f":false,"n":null,"x":-1.5e3}}`,
	`{"id":"m1","tokens":{"input":1},"thoughts":[{"subject":"s","description":"d"}]}`,
	`{"id":"m1","toolCalls":[{"id":"c1","agentId":"a1","resultDisplay":{"fileDiff":"x"}}]}`,
	`{"id":"m1" , "type" : "user" , "content" : [ {"functionResponse" : {"id":"c1","name":"n","response":{"output":"o"}}} ] }`,
	`{"id":"m\xffx"}`,
	`{"id":"m1","toolCalls":[{"id":"c1"}]`,
	`{"id":"m1","toolCalls":[{"id":"c1"}]}}`,
	`{"id":"m1",}`,
	`{"id":"m1" "type":"x"}`,
	`{"id":"m1","t":"tab	inside"}`,
	`{"id":"m1","t":"\x"}`,
	`{"id":"m1","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"x\\"}}}]}]}`,
}

func TestFastMatchesDecode(t *testing.T) {
	for _, c := range fastCases {
		checkFast(t, []byte(c))
	}
	// Every line of the chats in testdata, the fuzz seeds and the bench
	// chat.
	taken, texts := 0, 0
	for _, f := range testChats(t) {
		eachLine(t, f, func(_ int64, text []byte) {
			var m message
			if fastMessage(bytes.TrimSpace(text), &m) {
				taken++
				for i := range m.ToolCalls {
					if _, _, ok := fastResultText(&m.ToolCalls[i]); ok {
						texts++
					}
				}
			}
			checkFast(t, text)
		})
	}
	if taken == 0 || texts == 0 {
		t.Fatalf("the fast path took %d lines and %d result texts of the test chats", taken, texts)
	}
}

// FuzzFastRecord: on any line, the fast path reads what the decoder reads
// or leaves the line to it.
func FuzzFastRecord(f *testing.F) {
	for _, c := range fastCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		checkFast(t, line)
	})
}

// TestTextUnneeded: where resultText leaves a successful output's text
// undecoded, the row made from the decoded text (classify as a shell call,
// the kept session output) is the row made from "". The decoded text is
// the reference.
func TestTextUnneeded(t *testing.T) {
	lines := append([]string{}, fastCases...)
	for _, out := range []string{`Exit Code: 2`, `ok\nExit Code: 1`, `<untrusted_context>x</untrusted_context>`,
		`\u003cuntrusted_context`, `Exit\u0020Code: 3`, `plain`, `a\n\"Exit Code\": 0`, `Exit Code: 0`} {
		lines = append(lines, `{"id":"m","toolCalls":[{"id":"c","name":"run_shell_command","status":"success","result":[{"functionResponse":{"response":{"output":"`+out+`"}}}]}]}`)
	}
	skipped := 0
	for _, l := range lines {
		var m message
		if !fastMessage([]byte(l), &m) {
			continue
		}
		for i := range m.ToolCalls {
			tc := &m.ToolCalls[i]
			raw, isErr, ok := fastResultRaw(tc)
			if !ok || isErr || !textUnneeded(tc.Status, raw) {
				continue
			}
			skipped++
			text, _ := decodeResultText(tc)
			gr, ge := classify(tc.Status, text, false, "bash")
			wr, we := classify(tc.Status, "", false, "bash")
			if gr != wr || fmtPtr(ge) != fmtPtr(we) || sessionOutput(text) != "" {
				t.Errorf("output %q: decoded gives %s %s %q, undecoded %s %s", text, gr, fmtPtr(ge), sessionOutput(text), wr, fmtPtr(we))
			}
		}
	}
	if skipped < 3 {
		t.Fatalf("only %d outputs left undecoded", skipped)
	}
}

func fmtPtr(p *int64) string {
	if p == nil {
		return "nil"
	}
	return strconv.FormatInt(*p, 10)
}

// testChats lists the chats the fast-path tests read every line of: the
// chats in testdata, the fuzz seeds and a bench chat.
func testChats(t *testing.T) []string {
	t.Helper()
	files := ingesttest.InputFiles([]string{"../../testdata/ingest/gemini", "testdata"}, ".jsonl", "fuzz")
	p, _ := benchChat(t, t.TempDir(), 3)
	return append(files, p)
}

// eachLine calls fn with each line of file f and its number.
func eachLine(t *testing.T, f string, fn func(n int64, text []byte)) {
	t.Helper()
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	ingesttest.EachLine(data, fn)
}
