package cursor

import (
	"encoding/hex"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"

	"github.com/permsim/permsim/ingest"
)

// TestNormalizeTool checks the Cursor column of transcript-formats.md
// §7.1: "bash: Shell | read: Read | edit: Edit / StrReplace (unconfirmed)
// | write: Write | glob: Glob (LS → other) | grep: Grep | webfetch:
// (WebFetch) | websearch: (WebSearch) | other: Task, TodoWrite, …".
func TestNormalizeTool(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Shell", "bash"}, {"Read", "read"}, {"Edit", "edit"}, {"StrReplace", "edit"}, {"Write", "write"},
		{"Glob", "glob"}, {"LS", "other"}, {"Grep", "grep"}, {"WebFetch", "webfetch"}, {"WebSearch", "websearch"},
		{"Task", "other"}, {"TodoWrite", "other"},
	}
	for _, c := range cases {
		if got := NormalizeTool(c.in); got != c.want {
			t.Errorf("NormalizeTool(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestClassify: "Shell results read Exit code: N\n\nCommand output:\n…"
// (§5); a non-zero exit is an error (§7.3 "error — tool error, or shell
// exit ≠ 0").
func TestClassify(t *testing.T) {
	cases := []struct {
		tool, result string
		isError      bool
		want, exit   string
	}{
		{"bash", `"Exit code: 0\n\nCommand output:\n\nok"`, false, "ok", "0"},
		{"bash", `"Exit code: 2\n\nCommand output:\n\nFAIL"`, false, "error", "2"},
		{"read", `"DEMO=1\n"`, false, "ok", "null"},
		{"read", `"no such file"`, true, "error", "null"},
	}
	for _, c := range cases {
		got, exit := classify(c.tool, resultText([]byte(c.result)), c.isError)
		if got != c.want || ingesttest.FmtPtr(exit) != c.exit {
			t.Errorf("classify(%s, %s): %s %s, want %s %s", c.tool, c.result, got, ingesttest.FmtPtr(exit), c.want, c.exit)
		}
	}
}

// TestDecodeBlob: "some messages are wrapped in a protobuf record (field 1
// text, 2 uuid, 4 the JSON, 8 blob references); tree blobs list references
// (sha256) to the current message blobs".
func TestDecodeBlob(t *testing.T) {
	msg := `{"role":"assistant","content":[{"type":"tool-call","toolCallId":"x","toolName":"Grep","args":{"pattern":"p"}}]}`
	wrapped := []byte{0x0a, 0x03, 0x0a, 0x01, 'h', 0x12, 0x02, 'u', '1', 0x22, byte(len(msg))}
	wrapped = append(wrapped, msg...)
	ref := strings.Repeat("ab", 32)
	raw, _ := hex.DecodeString(ref)
	tree := append([]byte{0x42, 0x20}, raw...)

	cases := []struct {
		name  string
		data  []byte
		known bool
		calls int
		refs  int
	}{
		{"JSON message", []byte(msg), true, 1, 0},
		{"protobuf-wrapped message", wrapped, true, 1, 0},
		{"tree", tree, true, 0, 1},
		{"JSON of another shape", []byte(`{"a":1}`), false, 0, 0},
		{"field number 0", []byte{0x07, 0x00, 'x'}, false, 0, 0},
		{"length past the end", []byte{0x22, 0x7f, '{'}, false, 0, 0},
		{"empty", nil, false, 0, 0},
	}
	for _, c := range cases {
		b := decodeBlob(1, "id", c.data)
		if b.known != c.known || len(b.calls) != c.calls || len(b.refs) != c.refs {
			t.Errorf("%s: known %v calls %d refs %d, want %v %d %d", c.name, b.known, len(b.calls), len(b.refs), c.known, c.calls, c.refs)
		}
		if c.calls == 1 && (b.calls[0].id != "x" || b.calls[0].name != "Grep") {
			t.Errorf("%s: call %+v", c.name, b.calls[0])
		}
		if c.refs == 1 && b.refs[0] != ref {
			t.Errorf("%s: ref %s", c.name, b.refs[0])
		}
	}
}

// TestProjectFor: "Cursor — the chats/<md5> folder: md5 of the project
// path, recovered by trying the projects/<slug> names with each - read as
// / or -", else by hashing "the ancestors of absolute paths found in the
// tool arguments".
func TestProjectFor(t *testing.T) {
	if got := slugCandidates("home-dev-demo-app"); len(got) != 8 || !slices.Contains(got, "/home/dev/demo-app") || !slices.Contains(got, "/home-dev-demo-app") {
		t.Errorf("candidates: %v", got)
	}
	projects := filepath.Join(synthHome, ".cursor/projects")
	cases := []struct {
		hash string
		seen []string
		want string
	}{
		{"61d88df0c8f6b65b888854d114a52601", nil, "/home/dev/demo-app"},
		{"197ba2cd9355488a16c4470e9a92d524", nil, "/home/dev/legacy-svc"},
		{md5Hex("/srv/my_app.v2"), []string{"/srv/my_app.v2/src/main.go"}, "/srv/my_app.v2"},
		{md5Hex("/nowhere"), []string{"/else/x"}, ""},
	}
	for _, c := range cases {
		if got := projectFor(projects, c.hash, c.seen); got != c.want {
			t.Errorf("projectFor(%s): %q, want %q", c.hash, got, c.want)
		}
	}
}

// TestDiscover lists each chat database as its own group, with its -wal.
func TestDiscover(t *testing.T) {
	home := t.TempDir()
	a := filepath.Join(home, ".cursor/chats/h1/c1/store.db")
	write(t, a, "x")
	write(t, a+"-wal", "")
	write(t, filepath.Join(home, ".cursor/chats/h1/c2/other.db"), "x")
	files, err := ingest.Discover(New(), home)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range files {
		got = append(got, f.Path+"@"+f.Group)
	}
	want := []string{a + "@" + a, a + "-wal@" + a}
	if !slices.Equal(got, want) {
		t.Errorf("Discover: %v, want %v", got, want)
	}
	if files, err := ingest.Discover(New(), filepath.Join(home, "none")); err != nil || len(files) != 0 {
		t.Errorf("a home without .cursor: %v %v", files, err)
	}
}
