package claude

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The loaders keep their problems typed: file, line, severity and message
// as written, not text read back. Two problems of known place: a settings
// file whose defaultMode is not a string (Claude Code ignores the whole
// file, recorded with real Claude Code 2.1.328 in testdata/claude/generated:
// "invalid defaultMode drops the file" — an error, at the key's line 4),
// and an unknown --permission-mode (a flag: no file; the rest applies).
func TestProblemListTyped(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	os.MkdirAll(proj, 0o755)
	user := filepath.Join(home, ".claude", "settings.json")
	os.WriteFile(user, []byte("{\n  \"permissions\": {\n    \"allow\": [\"Bash(ls:*)\"],\n    \"defaultMode\": 3\n  }\n}\n"), 0o644)
	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(home, "etc"),
		Flags: map[string]string{FlagMode: "sideways"}}
	p, err := New().Load(env)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(engine.ProblemLister); !ok {
		t.Fatal("the Claude Code policy does not keep its problems typed (engine.ProblemLister)")
	}
	p.Decide(engine.Call{Tool: engine.ToolBash, Command: "ls"}, "")
	want := map[string]engine.Problem{
		user: {File: user, Line: 4, Severity: engine.SeverityError},
		"":   {Severity: engine.SeverityWarning},
	}
	list := engine.ProblemsOf(p)
	if len(list) != 2 {
		t.Fatalf("problems %+v, want 2", list)
	}
	texts := p.Problems()
	for i, got := range list {
		w, ok := want[got.File]
		if !ok || got.Line != w.Line || got.Severity != w.Severity || got.Msg == "" {
			t.Errorf("problem %+v, want %+v", got, w)
		}
		if texts[i] != got.String() {
			t.Errorf("Problems()[%d] = %q, want the typed problem's text %q", i, texts[i], got.String())
		}
	}
}
