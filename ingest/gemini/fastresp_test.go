package gemini

import (
	"reflect"
	"testing"

	json "github.com/goccy/go-json"
)

// checkResponses holds fastFunctionResponses to the decoder on content,
// which the reader only ever gives it valid.
func checkResponses(t *testing.T, content []byte) bool {
	t.Helper()
	if !json.Valid(content) {
		return false
	}
	got, ok := fastFunctionResponses(content)
	if !ok {
		return false
	}
	if want := decodeFunctionResponses(content); !reflect.DeepEqual(got, want) {
		t.Fatalf("content %s:\nfast %+v\ndecoded %+v", content, got, want)
	}
	return true
}

// responseCases are contents a byte walker could misread: the decoder
// folds key case, keeps the last of a repeated key, reads null as no
// pointer, fails the whole array on one part of another type.
var responseCases = []string{
	`[{"functionResponse":{"id":"c1","name":"n","response":{"output":"ok"}}}]`,
	`[{"text":"x"},{"functionResponse":{"id":"c1","name":"n","response":{"output":"ok"}}},{"functionResponse":{"id":"c2","response":"s"}}]`,
	`[{"functionResponse":null}]`,
	`[{"functionResponse":{"id":"","name":"n","response":{}}}]`,
	`[{"functionResponse":{"name":"n"}}]`,
	`[{"functionresponse":{"id":"c1"}}]`,
	`[{"FunctionResponse":{"id":"c1"}}]`,
	`[{"functionResponse":{"ID":"c1"}}]`,
	`[{"functionResponse":{"id":"c1","id":"c2"}}]`,
	`[{"functionResponse":{"id":"c1"},"functionResponse":{"id":"c2"}}]`,
	`[{"functionResponse":{"id":"c1","response":null}}]`,
	`[{"functionResponse":{"id":5}}]`,
	`[{"functionResponse":{"id":"c1","name":null}}]`,
	`[{"functionResponse":"c1"}]`,
	`[{"functionResponse":{"id":"c1"}},5]`,
	`[null,{"functionResponse":{"id":"c1"}}]`,
	`[{"functionResponse":{"id":"c\u0031","name":"a\/b","response":{"output":"\ud83d\ude00"}}}]`,
	`[{"functionResponse":{"id":"c\ud800"}}]`,
	`[{"functionResponse":{"id":"c1\u0000"}}]`,
	`[{"functionRespons\u0065":{"id":"c1"}}]`,
	`[ { "functionResponse" : { "id" : "c1" , "response" : [ 1 , 2 ] } } ]`,
	`[]`, `""`, `null`, `{"functionResponse":{"id":"c1"}}`, `"[{}]"`,
}

// TestFastResponsesMatchDecode: every content of the test chats' lines,
// the fuzz seeds, the bench chat and responseCases.
func TestFastResponsesMatchDecode(t *testing.T) {
	taken := 0
	for _, c := range responseCases {
		if checkResponses(t, []byte(c)) {
			taken++
		}
	}
	for _, f := range testChats(t) {
		eachLine(t, f, func(_ int64, text []byte) {
			var l line
			if json.Unmarshal(text, &l) == nil && len(l.Content) > 0 && checkResponses(t, l.Content) {
				taken++
			}
		})
	}
	if taken < 10 {
		t.Fatalf("the fast path took only %d contents", taken)
	}
}

// FuzzFastResponses: on any valid content, fastFunctionResponses reads
// what the decoder reads or leaves it to the decoder.
func FuzzFastResponses(f *testing.F) {
	for _, c := range responseCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, content []byte) {
		checkResponses(t, content)
	})
}
