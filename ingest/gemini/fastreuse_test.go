package gemini

import (
	"bytes"
	"reflect"
	"testing"
)

// checkReuse holds the reuse of a re-appended call (chat.fastMessage with
// the copies c read before) to reading the line afresh (fastMessage with
// no chat, itself held to the decoder by checkFast): the same answer, the
// same message and calls. Then the line is read into c as the reader
// does, so that the next line sees it.
func checkReuse(t *testing.T, c *chat, text []byte, n int64) {
	t.Helper()
	text = bytes.TrimSpace(text)
	if len(text) > 0 && text[0] == '{' && text[len(text)-1] == '}' {
		var got, want message
		okGot, okWant := c.fastMessage(text, &got), fastMessage(text, &want)
		if okGot != okWant {
			t.Fatalf("with the copies before: %v, afresh: %v, line %q", okGot, okWant, text)
		}
		if okGot {
			calls := func(m *message) []toolCall {
				out := make([]toolCall, len(m.ToolCalls))
				for i, tc := range m.ToolCalls {
					if !bytes.Equal(tc.raw, m.ToolCalls[i].raw) {
						t.Fatalf("raw of call %d differs", i)
					}
					tc.raw = nil
					out[i] = tc
				}
				return out
			}
			gc, wc := calls(&got), calls(&want)
			for i := range got.ToolCalls {
				if !bytes.Equal(got.ToolCalls[i].raw, want.ToolCalls[i].raw) {
					t.Fatalf("call %d: raw %q, afresh %q", i, got.ToolCalls[i].raw, want.ToolCalls[i].raw)
				}
			}
			got.ToolCalls, want.ToolCalls = nil, nil
			if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gc, wc) {
				t.Fatalf("line %q:\nwith the copies before %+v %+v\nafresh %+v %+v", text, got, gc, want, wc)
			}
		}
	}
	_ = c.record(text, n)
}

// TestReuseMatchesFresh: every line of the test chats, the fuzz seeds and
// the bench chat, read in order into one chat per file, and the pairs of
// hand-made lines below (a copy, then what follows it).
func TestReuseMatchesFresh(t *testing.T) {
	reused := 0
	for _, f := range testChats(t) {
		c := newChat()
		eachLine(t, f, func(n int64, text []byte) {
			reused += countReused(c, text)
			checkReuse(t, c, text, n)
		})
	}
	if reused == 0 {
		t.Fatal("no call was reused")
	}
	for _, pair := range reuseCases {
		c := newChat()
		checkReuse(t, c, []byte(pair[0]), 1)
		checkReuse(t, c, []byte(pair[1]), 2)
	}
}

// countReused counts the calls of text that chat.fastMessage takes from
// the copy before (their raw is that copy's own, not a slice of text).
func countReused(c *chat, text []byte) int {
	text = bytes.TrimSpace(text)
	var m message
	if len(text) == 0 || !c.fastMessage(text, &m) {
		return 0
	}
	n := 0
	for _, tc := range m.ToolCalls {
		if len(tc.raw) > 0 && !within(text, tc.raw) {
			n++
		}
	}
	return n
}

// within says s is a slice of b's array.
func within(b, s []byte) bool {
	for i := range b {
		if &b[i] == &s[0] {
			return true
		}
	}
	return false
}

// reuseCases are a message's copy and a following line that repeats some
// of its bytes: the same call then changed, a call's bytes followed by
// more, a call moved, the model changed, the id after the calls, broken
// lines after a good copy.
var reuseCases = [][2]string{
	{`{"id":"m","model":"a","toolCalls":[{"id":"c1","name":"n","status":"success"}]}`,
		`{"id":"m","model":"a","toolCalls":[{"id":"c1","name":"n","status":"success"},{"id":"c2"}]}`},
	{`{"id":"m","model":"a","toolCalls":[{"id":"c1","name":"n","status":"success"}]}`,
		`{"id":"m","model":"b","toolCalls":[{"id":"c1","name":"n","status":"success"}]}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"}x]}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"},]}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"}]`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"}]}}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"id":"m","toolCalls":[{"id":"c1"}],"id":"m"}`},
	{`{"id":"m","toolCalls":[{"id":"c1"}]}`, `{"toolCalls":[{"id":"c1"}],"id":"m"}`},
	{`{"id":"m","toolCalls":[{"id":"c1"},{"id":"c2"}]}`, `{"id":"m","toolCalls":[{"id":"c2"},{"id":"c1"}]}`},
	{`{"id":"m","toolCalls":[{"id":""},{"id":"c2"}]}`, `{"id":"m","toolCalls":[{"id":""},{"id":"c2"},{"id":"c3"}]}`},
	{`{"id":"m","toolCalls":[{"id":"c1","args":{"a":1}}]}`, `{"id":"m","toolCalls":[{"id":"c1","args":{"a":1}}],"content":"\x01"}`},
	{`{"id":"m","toolCalls":[{"id":"c1","args":{"a":1}}]}`, `{"id":"m","toolCalls":[{"id":"c1","args":{"a":1}} ,{"id":"c1","args":{"a":1}}]}`},
	{`{"id":"m","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"x"}}}]}]}`,
		`{"id":"m","toolCalls":[{"id":"c1","result":[{"functionResponse":{"response":{"output":"x"}}}]}],"type":"gemini"}`},
	{`{"id":"m","toolCalls":[{"id":"c1","Name":"n"}]}`, `{"id":"m","toolCalls":[{"id":"c1","Name":"n"}]}`},
	{`{"$set":{"messages":[{"id":"m","toolCalls":[{"id":"c1"}]}]}}`, `{"id":"m","toolCalls":[{"id":"c1"}]}`},
}

// FuzzFastReuse: whatever a chat held before, a line is read with the
// copies before as it is afresh.
func FuzzFastReuse(f *testing.F) {
	for _, pair := range reuseCases {
		f.Add([]byte(pair[0]), []byte(pair[1]))
	}
	for _, c := range fastCases {
		f.Add([]byte(c), []byte(c))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		c := newChat()
		checkReuse(t, c, a, 1)
		checkReuse(t, c, b, 2)
		checkReuse(t, c, b, 3)
	})
}

// TestHasUEscape: hasUEscape is bytes.Contains(b, `\u`) at every length
// and place of the pair across the eight-byte steps, and beside bytes one
// bit away from a backslash or a u.
func TestHasUEscape(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for at := -1; at < n-1; at++ {
			for _, fill := range []byte{'a', '\\', 'u', '\\' ^ 1, 'u' ^ 0x80, 0xdc, 0xf5, 0} {
				b := bytes.Repeat([]byte{fill}, n)
				if at >= 0 {
					b[at], b[at+1] = '\\', 'u'
				}
				if got, want := hasUEscape(b), bytes.Contains(b, unicodeEscape); got != want {
					t.Fatalf("%q: %v, want %v", b, got, want)
				}
			}
		}
	}
}

// FuzzHasUEscape: hasUEscape is bytes.Contains(b, `\u`) on any bytes.
func FuzzHasUEscape(f *testing.F) {
	f.Add([]byte(`"a\nb\\u\"\u0041"`))
	f.Add([]byte(`01234567\u`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := hasUEscape(b), bytes.Contains(b, unicodeEscape); got != want {
			t.Fatalf("%q: %v, want %v", b, got, want)
		}
	})
}
