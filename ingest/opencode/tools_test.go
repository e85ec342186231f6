package opencode

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/ingesttest"
)

// TestNormalizeTool checks the OpenCode column of transcript-formats.md
// §7.1: "bash | read | edit, multiedit, apply_patch, patch | write | glob
// (list → other) | grep | webfetch | websearch | any non-built-in name
// [mcp] | task, todowrite, … [other]".
func TestNormalizeTool(t *testing.T) {
	cases := []struct{ in, want string }{
		{"bash", "bash"}, {"read", "read"}, {"edit", "edit"}, {"multiedit", "edit"},
		{"apply_patch", "edit"}, {"patch", "edit"}, {"write", "write"}, {"glob", "glob"},
		{"list", "other"}, {"grep", "grep"}, {"webfetch", "webfetch"}, {"websearch", "websearch"},
		{"task", "other"}, {"todowrite", "other"}, {"todoread", "other"}, {"skill", "other"},
		{"github_get_issue", "mcp"}, {"context7_resolve-library-id", "mcp"},
	}
	for _, c := range cases {
		if got := NormalizeTool(c.in); got != c.want {
			t.Errorf("NormalizeTool(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestClassify checks §4.4 and §7.3: "Exit code: state.metadata.exit of
// bash; completed with non-zero exit = error", "Denied: status:"error" with
// error = "The user rejected permission to use this specific tool call."
// (older builds add " You may try again with different parameters.") …;
// blocked by a rule: "The user has specified a rule which prevents you
// from using this specific tool call…"", "unknown — no result found …,
// still running".
func TestClassify(t *testing.T) {
	cases := []struct {
		name, tool, state string
		result            string
		exit              string
	}{
		{"ran", "bash", `{"status":"completed","metadata":{"exit":0}}`, "ok", "0"},
		{"failed", "bash", `{"status":"completed","metadata":{"exit":2}}`, "error", "2"},
		{"read ok", "read", `{"status":"completed","metadata":{"preview":"x"}}`, "ok", "null"},
		{"user said no", "edit", `{"status":"error","error":"The user rejected permission to use this specific tool call."}`, "denied", "null"},
		{"older wording", "bash", `{"status":"error","error":"The user rejected permission to use this specific tool call. You may try again with different parameters."}`, "denied", "null"},
		{"rule", "bash", `{"status":"error","error":"The user has specified a rule which prevents you from using this specific tool call. Here are some of the relevant rules []"}`, "denied", "null"},
		{"tool error", "read", `{"status":"error","error":"File not found: /x"}`, "error", "null"},
		{"running", "bash", `{"status":"running","time":{"start":1}}`, "unknown", "null"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var p part
			if err := json.Unmarshal([]byte(`{"type":"tool","tool":"`+c.tool+`","state":`+c.state+`}`), &p); err != nil {
				t.Fatal(err)
			}
			res, exit := classify(&p, NormalizeTool(c.tool))
			if res != c.result || ingesttest.FmtPtr(exit) != c.exit {
				t.Errorf("got %s exit %s, want %s exit %s", res, ingesttest.FmtPtr(exit), c.result, c.exit)
			}
		})
	}
	// "pending (input still streaming; not a call yet)".
	var p part
	_ = json.Unmarshal([]byte(`{"type":"tool","tool":"bash","state":{"status":"pending"}}`), &p)
	if p.isCall() {
		t.Errorf("a pending part counted as a call")
	}
}

// TestPatchPaths: apply_patch "is edit (its paths come from the *** Add/
// Update/Delete File: lines, made absolute against the call's cwd)".
func TestPatchPaths(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: /abs/b.go\n@@\n*** Delete File: sub/c.md\n*** End Patch"
	got := strings.Join(patchPaths(patch, "/p"), ",")
	if want := "/p/a.txt,/abs/b.go,/p/sub/c.md"; got != want {
		t.Errorf("patchPaths: %s, want %s", got, want)
	}
}

// TestCutLongStrings: a huge write keeps input_json valid JSON but bounded.
func TestCutLongStrings(t *testing.T) {
	raw, _ := json.Marshal(map[string]any{"filePath": "/x", "content": strings.Repeat("é", ingest.MaxInputString)})
	out := string(ingest.ShortenJSONKeepHTML(raw))
	var v map[string]string
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON after cutting: %v", err)
	}
	if len(out) > ingest.MaxInputString+200 || !strings.Contains(v["content"], "[permsim: cut ") || v["filePath"] != "/x" {
		t.Errorf("cut: %d bytes, content ends %q", len(out), v["content"][len(v["content"])-40:])
	}
}

// TestDiscover: the data folder is "$XDG_DATA_HOME/opencode (default
// ~/.local/share/opencode)", "OPENCODE_DB overrides", databases may be
// "opencode-<channel>.db", and the variables only move the user's own
// home.
func TestDiscover(t *testing.T) {
	clearEnv(t)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	xdg := filepath.Join(root, "xdg")
	sqlite := "SQLite format 3\x00"
	write(t, filepath.Join(home, ".local/share/opencode/opencode.db"), sqlite)
	write(t, filepath.Join(xdg, "opencode/opencode.db"), sqlite)
	write(t, filepath.Join(xdg, "opencode/opencode.db-wal"), "")
	write(t, filepath.Join(xdg, "opencode/opencode.db-shm"), "")
	write(t, filepath.Join(xdg, "opencode/opencode-beta.db"), sqlite)
	write(t, filepath.Join(xdg, "opencode/custom.db"), sqlite)
	write(t, filepath.Join(xdg, "opencode/notes.txt"), "")
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", xdg)
	t.Setenv("OPENCODE_DB", "custom.db")

	list := func(h string) string {
		files, err := ingest.Discover(New(), h)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, f := range files {
			rel, _ := filepath.Rel(root, f.Path)
			grp, _ := filepath.Rel(root, f.Group)
			out = append(out, rel+"@"+grp)
		}
		return strings.Join(out, " ")
	}
	// In path order, as Source.Files lists groups.
	own := "xdg/opencode/custom.db@xdg/opencode/custom.db " +
		"xdg/opencode/opencode-beta.db@xdg/opencode/opencode-beta.db " +
		"xdg/opencode/opencode.db@xdg/opencode/opencode.db xdg/opencode/opencode.db-wal@xdg/opencode/opencode.db"
	if got := list(""); got != own {
		t.Errorf("own home:\n got %s\nwant %s", got, own)
	}
	other := filepath.Join(root, "other")
	ingesttest.CopyTree(t, home, other)
	if got, want := list(other), "other/.local/share/opencode/opencode.db@other/.local/share/opencode/opencode.db"; got != want {
		t.Errorf("another home: got %s, want %s", got, want)
	}
}
