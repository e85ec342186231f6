package codex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
)

// A config.toml that does not parse: Codex itself refuses to start with
// it (the loader's own wording, an error); the loader keeps the problem
// typed, with its file and line, and Problems is its text.
func TestProblemListTyped(t *testing.T) {
	home := t.TempDir()
	proj := filepath.Join(home, "proj")
	os.MkdirAll(filepath.Join(home, ".codex"), 0o755)
	os.MkdirAll(proj, 0o755)
	cfg := filepath.Join(home, ".codex", "config.toml")
	os.WriteFile(cfg, []byte("model = \"x\"\napproval_policy = \n"), 0o644)
	p, err := load(engine.Env{ProjectDir: proj, HomeDir: home, ManagedDir: filepath.Join(home, "etc"), Flags: map[string]string{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	list := engine.ProblemsOf(p)
	if len(list) != 1 {
		t.Fatalf("problems %+v, want one", list)
	}
	got := list[0]
	if got.File != cfg || got.Line != 2 || got.Severity != engine.SeverityError {
		t.Errorf("problem %+v, want %s line 2, an error", got, cfg)
	}
	if texts := p.Problems(); len(texts) != 1 || texts[0] != got.String() {
		t.Errorf("Problems() = %q, want the typed problem's text %q", texts, got.String())
	}
}
