package ingest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestWriteManifestAsMarshalIndent: the manifest is written an entry at a
// time, and must be byte for byte what json.MarshalIndent(m, "", " ") gave
// before (stores written by earlier permsims are read by the same loader,
// and a user diffing two manifests sees no change of form).
func TestWriteManifestAsMarshalIndent(t *testing.T) {
	for name, m := range map[string]manifest{
		"nil sources":   {Version: 3, LastRun: 1},
		"empty sources": {Version: 3, LastRun: 2, Sources: map[string]map[string]FileState{}},
		"empty and nil harness": {Version: 3, LastRun: 3, Sources: map[string]map[string]FileState{
			"codex": {}, "gemini": nil}},
		"files": {Version: 3, LastRun: 1796158546610389964, Sources: map[string]map[string]FileState{
			"claude-code": {
				"/home/u/.claude/projects/-p/b.jsonl":           {Path: "/home/u/.claude/projects/-p/b.jsonl", Size: 10, Inode: 7, MtimeNs: 99, Offset: 10, Line: 2, State: []byte(`{"v":1}`)},
				"/home/u/.claude/projects/-p/a <&> \"q\".jsonl": {Path: "/home/u/.claude/projects/-p/a <&> \"q\".jsonl", Size: 1},
			},
			"codex": {"/r": {Path: "/r"}},
		}},
	} {
		want, err := json.MarshalIndent(m, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, '\n')
		var buf bytes.Buffer
		w := bufio.NewWriter(&buf)
		if err := writeManifest(w, m); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s: writeManifest wrote\n%s\nwant (json.MarshalIndent)\n%s", name, buf.Bytes(), want)
		}
	}
}

// TestReadManifestAsUnmarshal: the manifest is read an entry at a time and
// must give what json.Unmarshal gave, and refuse what it refused.
func TestReadManifestAsUnmarshal(t *testing.T) {
	for _, text := range []string{
		`{"version":3,"last_run":5,"sources":{"claude-code":{"/a":{"path":"/a","size":3,"state":"eyJ2IjoxfQ=="}},"codex":{},"gemini":null}}`,
		`{"version":2,"sources":null,"extra":{"x":[1,2,{"y":null}]},"last_run":7}`,
		` { "last_run" : 1 } `,
		`null`,
	} {
		var want manifest
		if err := json.Unmarshal([]byte(text), &want); err != nil {
			t.Fatal(err)
		}
		got, err := readManifest(strings.NewReader(text))
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %+v, want (json.Unmarshal) %+v", text, got, want)
		}
	}
	for _, text := range []string{`{not json`, `{"version":"3"}`, `[]`, `{"sources":{"codex":[1]}}`, `{"version":3} {}`, `{"version":3`, ``} {
		var m manifest
		if json.Unmarshal([]byte(text), &m) == nil {
			t.Fatalf("%q: json.Unmarshal takes it; the test wants refused input", text)
		}
		if _, err := readManifest(strings.NewReader(text)); err == nil {
			t.Errorf("%q: read without an error, json.Unmarshal refuses it", text)
		}
	}
}
