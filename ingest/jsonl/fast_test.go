package jsonl

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// decodePair decodes the same lines with the decoder alone (ref) and with
// the fast path (got), each with its own sink, as one file.
type decodePair struct {
	ref, got         *decoder
	refSink, gotSink *ingesttest.Sink
}

func newDecodePair() *decodePair {
	p := &decodePair{refSink: &ingesttest.Sink{}, gotSink: &ingesttest.Sink{}}
	p.ref = &decoder{path: "/imp/calls.jsonl", sink: p.refSink, warned: map[string]bool{}, noFast: true}
	p.got = &decoder{path: "/imp/calls.jsonl", sink: p.gotSink, warned: map[string]bool{}, stable: true} // line is a clone, never written again
	return p
}

// line decodes text as line n on both paths and fails on any difference
// in the row, its taking, the problems or the keys reported so far.
func (p *decodePair) line(t *testing.T, text []byte, n int64) {
	t.Helper()
	refRow, refOK := p.ref.decode(bytes.Clone(text), n)
	gotRow, gotOK := p.got.decode(bytes.Clone(text), n)
	where := fmt.Sprintf("line %d %.300q", n, text)
	if refOK != gotOK {
		t.Fatalf("%s: decoder takes it %v, fast path %v", where, refOK, gotOK)
	}
	if refOK && !reflect.DeepEqual(refRow, gotRow) {
		t.Fatalf("%s: rows differ:\ndecoder %+v\nfast    %+v", where, refRow, gotRow)
	}
	if !reflect.DeepEqual(p.refSink.Problems, p.gotSink.Problems) {
		t.Fatalf("%s: problems differ:\ndecoder %v\nfast    %v", where, p.refSink.Problems, p.gotSink.Problems)
	}
	if !reflect.DeepEqual(p.ref.warned, p.got.warned) {
		t.Fatalf("%s: reported keys differ: %v / %v", where, p.ref.warned, p.got.warned)
	}
}

// fastCases are lines made to catch the fast path reading a line
// differently from the decoder. They run in order, as one file, so the
// keys reported once stay reported.
var fastCases = []string{
	`{"harness":"codey","command":"ls"}`,
	`{"harness":"codey","session_id":"s","project_dir":"/p","cwd":"/p","ts":"2026-05-02T09:00:01.5+02:00","call_id":"c1","tool":"write","raw_tool":"write_file","paths":["a.py","/abs/b.py",""],"input_json":{"file_path":"a.py","content":"x\ny"},"mode":"default","result":"ok"}`,
	`{"harness":"codey","paths":"one.py","cwd":"/w"}`,
	`{"harness":"codey","paths":[],"cwd":"/w"}`,
	`{"harness":"codey","paths":["a",null],"cwd":"/w"}`,
	`{"harness":"codey","paths":["a\u00e9","b"],"cwd":"/w"}`,
	`{"harness":"codey","paths":["a", "b" ],"cwd":"/w"}`,
	`{"harness":"codey","paths":[1]}`,
	`{"harness":"codey","paths":{"a":1}}`,
	`{"harness":"codey","paths":null}`,
	`{"harness":"codey","input_json":"{\"a\":1}"}`,
	`{"harness":"codey","input_json":"not json"}`,
	`{"harness":"codey","input_json":{ "a" : [1, 2] }}`,
	`{"harness":"codey","input_json":[1,{"b":"c d"}]}`,
	`{"harness":"codey","input_json":{"a":"\u2028 é \ud800","b":"<>&"}}`,
	"{\"harness\":\"codey\",\"input_json\":{\"a\":\"\xff\xfe\"}}",
	`{"harness":"codey","input_json":null}`,
	`{"harness":"codey","input_json":12}`,
	`{"harness":"codey","input_json":"12"}`,
	`{"harness":"codey","input_json":true}`,
	`{"harness":"codey","exit_code":3,"timeout_ms":1000,"seq":7,"source_offset":9}`,
	`{"harness":"codey","exit_code":3.5}`,
	`{"harness":"codey","exit_code":1e3}`,
	`{"harness":"codey","exit_code":null,"seq":null}`,
	`{"harness":"codey","exit_code":"3"}`,
	`{"harness":"codey","timeout_ms":-0}`,
	`{"harness":"codey","timeout_ms":99999999999999999999}`,
	`{"harness":"codey","escalated":true,"background":false,"is_subagent":true,"rewound":false}`,
	`{"harness":"codey","escalated":"true"}`,
	`{"harness":"codey","escalated":1}`,
	`{"harness":"codey","ts":"2026-05-02T09:00:00Z","result_ts":"2026-05-02T09:00:01.123456789Z"}`,
	`{"harness":"codey","ts":"2026-05-02 09:00:00"}`,
	`{"harness":"codey","ts":"2026-05-02T09:00:00\u005a"}`,
	`{"harness":"codey","ts":12}`,
	`{"harness":"codey","command":"echo \"hi\" \u00e9","cwd":"/w"}`,
	`{"harness":"codey","command":"é→"}`,
	`{"harness":"codey","command":5}`,
	`{"harness":"codey","command":["ls"]}`,
	`{"harness":"codey","tool":"nope"}`,
	`{"harness":"codey","result":"maybe"}`,
	`{"harness":"  "}`,
	`{"harness":null}`,
	`{"command":"ls"}`,
	`{}`,
	`{"harness":"codey","source_file":"/orig.jsonl","source_offset":4}`,
	`{"harness":"codey","source_file":null}`,
	`{"harness":"codey","call_key":"k","call_id":"c"}`,
	`{"harness":"codey","mode":"plan"}`,
	`{"harness":"codey","mode_source":"x"}`,
	`{"harness":"codey","ingest_run":5}`,
	`{"harness":"codey","ingest_run":6}`,
	`{"harness":"codey","bogus":1}`,
	`{"harness":"codey","bogus":2}`,
	`{"harness":"codey","other":1,"zzz":2,"aaa":3}`,
	`{"harness":"codey","Harness":"x"}`,
	`{"harness":"codey","command":"a","command":"b"}`,
	`{"harness":"codey","comm\u0061nd":"b"}`,
	`{"harness":"codey","command":"a","comm\u0061nd":"b"}`,
	"{\"harness\":\"codey\",\"\xff\":1}",
	` {"harness" : "codey" , "command" : "ls" } `,
	"\xef\xbb\xbf{\"harness\":\"codey\"}",
	`{"harness":"codey"} x`,
	`{"harness":"codey"}{"harness":"codey"}`,
	`{"harness":"codey",}`,
	`{"harness":"codey"`,
	`{"harness":"co`,
	`["harness"]`,
	`"x"`,
	`null`,
	`{"harness":"codey","command":"\q"}`,
	"{\"harness\":\"codey\",\"command\":\"a\tb\"}",
	`{"harness":"codey","input_json":{"a":"\q"}}`,
	"{\"harness\":\"codey\",\"input_json\":{\"a\":\"\tb\"}}",
	`{"harness":"codey","output":"x","home":"/h","copy_rank":"r","spawns_agent":"a","model":"m","url":"u","query":"q","pattern":"p","sandbox":"s","agent_id":"a","parent_session_id":"p","harness_version":"1"}`,
	// the same key order twice, then another (the key cache)
	`{"harness":"codey","call_id":"a","command":"x"}`,
	`{"harness":"codey","call_id":"b","command":"y"}`,
	`{"harness":"codey","command":"z","call_id":"c"}`,
	`{"harness":"codey","command":"z","call_idx":"c"}`,
	`{"harness":"codey","command":"z","call_i":"c"}`,
	`{"harness":"codey","command":"z","call_i\u0064":"c"}`,
	// the line's grammar, judged in the walk instead of by json.Valid first:
	// faults in members the fast path ignores (bogus is reported by now)
	"{\"harness\":\"codey\",\"bogus\":\"a\tb\"}",
	`{"harness":"codey","bogus":"\q"}`,
	`{"harness":"codey","bogus":"\u00zz"}`,
	`{"harness":"codey","bogus":01}`,
	`{"harness":"codey","bogus":[1,]}`,
	`{"harness":"codey","bogus":{"a":1,}}`,
	`{"harness":"codey","bogus":tru}`,
	`{"harness":"codey","bogus":"\u00e9\ud800"}`,
	"{\"harness\":\"codey\",\"bogus\":\"\xff\"}",
	`{"harness":"codey","bogus":[` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `]}`,
	`{"harness":"codey","input_json":{"a":` + strings.Repeat("[", 600) + strings.Repeat("]", 600) + `}}`,
	`{"harness":"codey","input_json":{"a":"b\u00"}}`,
	`{"harness":"codey","input_json":{"a":"b\u00e9"}}`,
	`{"harness":"codey","input_json":["a\"b"]}`,
	`{"harness":"codey","input_json":{"a":"b"},"input_json":{"a":"b"}}`,
	`{"harness":"codey","command":"x\u0041y","cwd":"/w"}`,
	`{"harness":"codey","paths":["a\u0041","b"],"cwd":"/w"}`,
	`{"harness":"codey","ts":"2026-05-02T09:00:00Z","cwd":"/w","paths":["x/y"]}`,
	// a line whose values are a small part of it (each value its own string)
	`{"harness":"codey","bogus":"` + strings.Repeat("x", 2000) + `","command":"ls","cwd":"/w","paths":["a"]}`,
	`{"harness":"codey","command":"ls"` + strings.Repeat(" ", 3000) + `}`,
}

// TestFastMatchesDecode: on every line of the import examples, the
// benchmark file's lines, the fuzz seeds and the traps above, the fast
// path gives the row, the problems and the reports the decoder gives.
func TestFastMatchesDecode(t *testing.T) {
	p := newDecodePair()
	for i, c := range fastCases {
		p.line(t, []byte(c), int64(i+1))
	}
	var inputs [][]byte
	for _, path := range ingesttest.InputFiles([]string{"../../testdata/ingest/jsonl", "testdata"}, "") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("go test fuzz v1")) {
			inputs = append(inputs, data)
			continue
		}
		for line := range strings.SplitSeq(string(data), "\n") {
			if inner, ok := strings.CutPrefix(line, "[]byte("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(inner, ")")); err == nil {
					inputs = append(inputs, []byte(s))
				}
			}
		}
	}
	var bench bytes.Buffer
	writeBench(&bench, 50)
	inputs = append(inputs, bench.Bytes())
	fast := 0
	for _, in := range inputs {
		p := newDecodePair()
		ingesttest.EachLine(in, func(n int64, text []byte) {
			p.line(t, text, n)
			var row ingest.Row
			if _, ok := p.got.fast(bytes.TrimSpace(text), &row); ok {
				fast++
			}
		})
	}
	if fast < 50 {
		t.Fatalf("the fast path took only %d lines of the test inputs", fast)
	}
}

// FuzzFastDecode: on any line, after the traps, the fast path gives what
// the decoder gives.
func FuzzFastDecode(f *testing.F) {
	for _, c := range fastCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		p := newDecodePair()
		for i, c := range fastCases[:3] {
			p.line(t, []byte(c), int64(i+1))
		}
		p.line(t, line, 4)
	})
}

// plainRef is plainBytes's definition, byte by byte.
func plainRef(b []byte) bool {
	for _, c := range b {
		if c < 0x20 || c >= 0x80 || c == '\\' || c == '"' {
			return false
		}
	}
	return true
}

var plainCases = []string{"", "abc", "abcdefgh", "abcdefghi", "abcdefg\"", "abcdefg\\", "abcdefg\x1f", "abcdefg\x7f", "abcdefg\x80",
	"\x00bcdefgh", " !#$%&'()*+,-./0123456789:;<=>?@[]^_`{|}~", "abcdefgh\xff", "abcdefghijklmno\"p"}

// FuzzPlainBytes: the word-at-a-time plainBytes says what the byte loop
// says.
func FuzzPlainBytes(f *testing.F) {
	for _, c := range plainCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if plainBytes(b) != plainRef(b) {
			t.Fatalf("plainBytes(%q) = %v", b, plainBytes(b))
		}
	})
}

func TestPlainBytes(t *testing.T) {
	for _, c := range plainCases {
		if plainBytes([]byte(c)) != plainRef([]byte(c)) {
			t.Errorf("plainBytes(%q) = %v", c, plainBytes([]byte(c)))
		}
	}
	for c := range 256 {
		for pos := range 9 {
			b := []byte("abcdefghi")
			b[pos] = byte(c)
			if plainBytes(b) != plainRef(b) {
				t.Errorf("plainBytes(%q) = %v", b, plainBytes(b))
			}
		}
	}
}

var joinCases = [][2]string{{"/w", "a.go"}, {"/w", "src/a.go"}, {"/", "a"}, {"/w/", "a"}, {"/w/../x", "a"}, {"/w", "./a"},
	{"/w", "a/../b"}, {"/w", "a//b"}, {"/w", "a/"}, {"/w", "."}, {"/w", ".."}, {"/w", "..a/b."}, {"/w//x", "a"}, {"/w/.", "a"}}

// FuzzJoin: join gives what filepath.Join gives, whatever the cwd before.
func FuzzJoin(f *testing.F) {
	for _, c := range joinCases {
		f.Add(c[0], c[1], "/w")
	}
	f.Fuzz(func(t *testing.T, cwd, p, before string) {
		if !filepath.IsAbs(cwd) || p == "" || filepath.IsAbs(p) {
			return // what complete joins
		}
		d := &decoder{}
		if filepath.IsAbs(before) {
			d.join(before, "x")
		}
		if got, want := d.join(cwd, p), filepath.Join(cwd, p); got != want {
			t.Fatalf("join(%q, %q) = %q, filepath.Join gives %q", cwd, p, got, want)
		}
	})
}

func TestJoin(t *testing.T) {
	d := &decoder{}
	for _, c := range joinCases {
		for range 2 { // the second time with the cwd known clean
			if got, want := d.join(c[0], c[1]), filepath.Join(c[0], c[1]); got != want {
				t.Errorf("join(%q, %q) = %q, filepath.Join gives %q", c[0], c[1], got, want)
			}
		}
	}
}

// TestOwnColumns: the columns the writer keeps past a row (its window of
// call keys) are named as they are in the row, so that they never alias a
// line.
func TestOwnColumns(t *testing.T) {
	for _, name := range []string{"call_key", "copy_rank"} {
		if c := colSetters[name]; c == nil || !c.own {
			t.Errorf("column %q: setter %+v, want one of its own strings", name, c)
		}
	}
}
