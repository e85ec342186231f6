package generate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/permsim/permsim/verify"
)

// The Gemini CLI and Codex generators: deterministic in (n, seed), about n
// calls, every case readable back by verify.ReadCases, ids unique, and the
// draws cover the space the brief asks for.

func TestGemCodexDeterministic(t *testing.T) {
	for _, h := range []string{"gemini", "codex"} {
		a, err := Cases(h, 200, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Cases(h, 200, 7)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: two draws with seed 7 differ", h)
		}
		c, _ := Cases(h, 200, 8)
		if reflect.DeepEqual(a, c) {
			t.Errorf("%s: seeds 7 and 8 drew the same cases", h)
		}
	}
}

func TestGemCodexCasesRoundTrip(t *testing.T) {
	for _, h := range []string{"gemini", "codex"} {
		cases, err := Cases(h, 400, 11)
		if err != nil {
			t.Fatal(err)
		}
		calls := 0
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		for _, c := range cases {
			if c.Harness != h {
				t.Errorf("%s: case %s has harness %q", h, c.ID, c.Harness)
			}
			calls += len(c.Calls)
			if err := enc.Encode(c); err != nil {
				t.Fatal(err)
			}
		}
		if calls != 400 {
			t.Errorf("%s: drew %d calls, want 400", h, calls)
		}
		file := filepath.Join(t.TempDir(), h+".cases.jsonl")
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		back, problems, err := verify.ReadCases(file)
		if err != nil || len(problems) > 0 {
			t.Fatalf("%s: reading the drawn cases back: %v %v", h, err, problems)
		}
		if len(back) != len(cases) {
			t.Errorf("%s: %d cases read back of %d (duplicate ids?)", h, len(back), len(cases))
		}
	}
}

// TestGemCodexCoverage checks that a draw of the size recorded reaches the
// forms the brief lists.
func TestGemCodexCoverage(t *testing.T) {
	want := map[string][]string{
		"gemini": {"commandPrefix", "commandRegex", "argsPattern", "ask_user", "allowRedirection", "tools", "\"plan\"", "\"yolo\"",
			"\"auto_edit\"", "untrusted", "read_file", "write_file", "replace", "glob", "grep_search", "/../", " | ", "$(", "<<", "{ ", "(", "timeout "},
		"codex": {"prefix_rule", "\"forbidden\"", "\"prompt\"", "match=", "not_match=", "untrusted:", "on-request:", "never:",
			"granular", "read-only", "workspace-write", "danger-full-access", "apply_patch", "*** Add File: ../", "require_escalated", " | ", "<<"},
	}
	for h, forms := range want {
		cases, _ := Cases(h, 1500, 3)
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(cases)
		text := strings.ReplaceAll(buf.String(), `\"`, `"`)
		for _, f := range forms {
			if !strings.Contains(text, f) {
				t.Errorf("%s: 1,500 drawn calls never contain %q", h, f)
			}
		}
	}
}
