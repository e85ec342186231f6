package gemini

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The loaders keep their problems typed: file, line, severity and message
// as written, not text read back. Three problems of known place, each one
// the seed or Gemini CLI's source calls fatal ("refuses to start": an
// error): a trust level that is not one of the three (trustedFolders.json
// line 3), a policy rule with an empty toolName (the [[rule]] header on
// line 4 of the policy file), and an --approval-mode that is not a mode
// (a flag: no file).
func TestProblemListTyped(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	gdir := filepath.Join(home, ".gemini")
	os.MkdirAll(filepath.Join(gdir, "policies"), 0o755)
	os.MkdirAll(proj, 0o755)
	trust := filepath.Join(gdir, "trustedFolders.json")
	os.WriteFile(trust, []byte("{\n  \""+proj+"\": \"TRUST_FOLDER\",\n  \"/elsewhere\": \"MAYBE\"\n}\n"), 0o644)
	pol := filepath.Join(gdir, "policies", "mine.toml")
	os.WriteFile(pol, []byte("# mine\n\n\n[[rule]]\ntoolName = \"\"\ndecision = \"allow\"\npriority = 100\n"), 0o644)
	env := engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(home, "etc"),
		Flags: map[string]string{FlagMode: "sideways"}}
	p, err := New().Load(env)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.(engine.ProblemLister); !ok {
		t.Fatal("the Gemini CLI policy does not keep its problems typed (engine.ProblemLister)")
	}
	p.Decide(engine.Call{Tool: engine.ToolBash, Command: "ls"}, "")
	want := map[string]engine.Problem{
		trust: {File: trust, Line: 3, Severity: engine.SeverityError},
		pol:   {File: pol, Line: 4, Severity: engine.SeverityError},
		"":    {Severity: engine.SeverityError},
	}
	list := engine.ProblemsOf(p)
	seen := map[string]bool{}
	for i, got := range list {
		w, ok := want[got.File]
		if !ok || got.Line != w.Line || got.Severity != w.Severity || got.Msg == "" {
			t.Errorf("problem %+v, want %+v", got, w)
		}
		seen[got.File] = true
		if texts := p.Problems(); texts[i] != got.String() {
			t.Errorf("Problems()[%d] = %q, want the typed problem's text %q", i, texts[i], got.String())
		}
	}
	if len(seen) != len(want) {
		t.Errorf("problems %+v, want one from each of %v", list, want)
	}
}
