package claudemd

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Every expectation here comes from a sentence of the Codey seed's
// "CLAUDE.md" paragraphs (/work/shared/seeds/000_50419629af16fdd6.txt),
// quoted where it is tested.

// tree lays files out under a temp folder: "dir/" makes a folder, "a -> b"
// a symlink, anything else a file with the given text.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(name, "/"):
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
		case strings.HasPrefix(text, "-> "):
			if err := os.Symlink(filepath.Join(root, strings.TrimPrefix(text, "-> ")), p); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

// rel lists the loaded files relative to root.
func rel(root string, m *Memory) []string {
	var out []string
	for _, f := range m.Files {
		r, _ := filepath.Rel(root, f.Path)
		out = append(out, r)
	}
	return out
}

// "The files Claude Code loads into every conversation are loaded into this
// one's system prompt, at startup, in Claude Code's order: ~/.claude/CLAUDE.md,
// then — from the top of the project down to the working root — each
// directory's CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md."
// "Later files are more specific and the prompt says they win."
func TestSeedLoadOrder(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.claude/CLAUDE.md":              "user",
		"home/repo/.git/":                     "",
		"home/repo/CLAUDE.md":                 "top",
		"home/repo/.claude/CLAUDE.md":         "top claude",
		"home/repo/CLAUDE.local.md":           "top local",
		"home/repo/svc/CLAUDE.md":             "svc",
		"home/repo/svc/api/CLAUDE.local.md":   "api local",
		"home/repo/svc/api/.claude/CLAUDE.md": "api claude",
		"home/repo/svc/api/deeper/CLAUDE.md":  "below the root: not loaded",
		"home/CLAUDE.md":                      "above the top: not loaded",
	})
	m := Load(filepath.Join(root, "home/repo/svc/api"), filepath.Join(root, "home"))
	want := []string{
		"home/.claude/CLAUDE.md",
		"home/repo/CLAUDE.md", "home/repo/.claude/CLAUDE.md", "home/repo/CLAUDE.local.md",
		"home/repo/svc/CLAUDE.md",
		"home/repo/svc/api/.claude/CLAUDE.md", "home/repo/svc/api/CLAUDE.local.md",
	}
	if got := rel(root, m); !reflect.DeepEqual(got, want) {
		t.Errorf("load order:\n got %v\nwant %v", got, want)
	}
}

// "The top is the nearest directory with a .git in it, or your home
// directory if there is none on the way; a root that is in neither is a
// project of one directory, because walking up to / would read whatever
// happened to be lying in /tmp."
func TestSeedTop(t *testing.T) {
	root := tree(t, map[string]string{
		"home/notes/sub/": "", "home/CLAUDE.md": "home", "home/notes/CLAUDE.md": "notes",
		"tmp/CLAUDE.md": "lying in /tmp", "tmp/work/CLAUDE.md": "work",
	})
	home := filepath.Join(root, "home")
	if top, _ := Top(filepath.Join(home, "notes/sub"), home); top != home {
		t.Errorf("no .git under home: top %s, want the home folder", top)
	}
	work := filepath.Join(root, "tmp/work")
	if top, _ := Top(work, home); top != work {
		t.Errorf("root in neither: top %s, want the root itself", top)
	}
	if got := rel(root, Load(work, home)); !reflect.DeepEqual(got, []string{"tmp/work/CLAUDE.md"}) {
		t.Errorf("a project of one folder loaded %v", got)
	}
	if got := rel(root, Load(filepath.Join(home, "notes/sub"), home)); !reflect.DeepEqual(got, []string{"home/CLAUDE.md", "home/notes/CLAUDE.md"}) {
		t.Errorf("home as top loaded %v", got)
	}
}

// "@path/to/file imports are followed, relative to the file they appear in
// and up to five deep, skipping anything in a code block."
func TestSeedImports(t *testing.T) {
	root := tree(t, map[string]string{
		"p/.git/":          "",
		"p/CLAUDE.md":      "See @docs/a.md for more.\n```\n@docs/fenced.md\n```\nand `@docs/span.md` too\n    @docs/indented.md\nmail me at x@docs/b.md\n",
		"p/docs/a.md":      "@b.md",
		"p/docs/b.md":      "@c/c.md",
		"p/docs/c/c.md":    "@../d.md",
		"p/docs/d.md":      "@e.md",
		"p/docs/e.md":      "@f.md",
		"p/docs/f.md":      "six deep: not loaded",
		"p/docs/fenced.md": "", "p/docs/span.md": "", "p/docs/indented.md": "",
	})
	m := Load(filepath.Join(root, "p"), filepath.Join(root, "home"))
	want := []string{"p/CLAUDE.md", "p/docs/a.md", "p/docs/b.md", "p/docs/c/c.md", "p/docs/d.md", "p/docs/e.md"}
	if got := rel(root, m); !reflect.DeepEqual(got, want) {
		t.Errorf("imports:\n got %v\nwant %v", got, want)
	}
	if m.Files[5].Depth != 5 || len(m.Problem) != 1 || !strings.Contains(m.Problem[0], "@f.md") {
		t.Errorf("depth %d, problems %v; want five deep and f.md reported", m.Files[5].Depth, m.Problem)
	}
	if f := m.Files[1]; f.From != filepath.Join(root, "p/CLAUDE.md") || f.Line != 1 || f.As != "@docs/a.md" {
		t.Errorf("import record %+v", f)
	}
}

// "A project's files may import only from the project, and that is checked
// where symlinks lead: a repository's CLAUDE.md that could import
// @~/.aws/credentials would be a repository reading your credentials into a
// conversation that is then sent to the model."
func TestSeedProjectImportsOnlyFromProject(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.aws/credentials": "[default]\naws_secret_access_key = x\n",
		"home/p/.git/":          "",
		"home/p/CLAUDE.md":      "@~/.aws/credentials\n@docs/cfg.md\n@../../etc-like.md\n",
		"home/p/docs/cfg.md":    "-> home/.aws/credentials",
		"etc-like.md":           "outside",
	})
	home := filepath.Join(root, "home")
	m := Load(filepath.Join(home, "p"), home)
	var outside []string
	for _, f := range m.Files {
		if f.Outside {
			outside = append(outside, f.As)
			if f.Content != "" {
				t.Errorf("%s: the content of a refused import was read", f.As)
			}
		}
	}
	want := []string{"@~/.aws/credentials", "@docs/cfg.md", "@../../etc-like.md"}
	if !reflect.DeepEqual(outside, want) {
		t.Errorf("refused imports %v, want %v (the link docs/cfg.md leads out of the project)", outside, want)
	}
}

// "Your own ~/.claude/CLAUDE.md and CLAUDE.local.md may import from your
// home directory."
func TestSeedUserImportsFromHome(t *testing.T) {
	root := tree(t, map[string]string{
		"home/notes/style.md":    "tabs",
		"home/notes/team.md":     "team",
		"home/.claude/CLAUDE.md": "@~/notes/style.md",
		"home/p/.git/":           "",
		"home/p/CLAUDE.local.md": "@~/notes/team.md\n@/etc/hostname",
		"home/p/CLAUDE.md":       "@~/notes/team.md",
	})
	home := filepath.Join(root, "home")
	m := Load(filepath.Join(home, "p"), home)
	got := map[string]bool{}
	for _, f := range m.Files {
		if f.As != "" {
			got[f.From[len(root)+1:]+" "+f.As] = f.Outside
		}
	}
	want := map[string]bool{
		"home/.claude/CLAUDE.md @~/notes/style.md": false,
		"home/p/CLAUDE.local.md @~/notes/team.md":  false,
		"home/p/CLAUDE.local.md @/etc/hostname":    true,
		// The project's CLAUDE.md, loaded before CLAUDE.local.md, may not.
		"home/p/CLAUDE.md @~/notes/team.md": true,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("imports %v\nwant %v", got, want)
	}
	// On its own, the project file importing from home is refused.
	root2 := tree(t, map[string]string{"home/notes/team.md": "team", "home/p/.git/": "", "home/p/CLAUDE.md": "@~/notes/team.md"})
	m2 := Load(filepath.Join(root2, "home/p"), filepath.Join(root2, "home"))
	if len(m2.Files) != 2 || !m2.Files[1].Outside {
		t.Errorf("project CLAUDE.md importing from home: %+v, want refused", m2.Files)
	}
}

// "The whole thing is read once per session, so the cached prompt prefix
// stays the same from request to request; restart to pick up an edit."
func TestSeedReadOnce(t *testing.T) {
	root := tree(t, map[string]string{"p/.git/": "", "p/CLAUDE.md": "first"})
	m := Load(filepath.Join(root, "p"), filepath.Join(root, "home"))
	if err := os.WriteFile(filepath.Join(root, "p/CLAUDE.md"), []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	if m.Files[0].Content != "first" {
		t.Errorf("loaded content changed under the session: %q", m.Files[0].Content)
	}
	if again := Load(filepath.Join(root, "p"), filepath.Join(root, "home")); again.Files[0].Content != "edited" {
		t.Errorf("a restart did not pick up the edit: %q", again.Files[0].Content)
	}
}

// "AGENTS.md is not loaded this way, but the agent is still told to read
// one if the repository has it, as before, and a CLAUDE.md that says
// @AGENTS.md brings it in."
func TestSeedAgentsMD(t *testing.T) {
	root := tree(t, map[string]string{"p/.git/": "", "p/AGENTS.md": "agents", "p/README.md": "x"})
	m := Load(filepath.Join(root, "p"), filepath.Join(root, "home"))
	if len(m.Files) != 0 || m.AgentsMD != filepath.Join(root, "p/AGENTS.md") {
		t.Errorf("AGENTS.md alone: files %v, told to read %q", rel(root, m), m.AgentsMD)
	}
	if err := os.WriteFile(filepath.Join(root, "p/CLAUDE.md"), []byte("Read @AGENTS.md first."), 0o644); err != nil {
		t.Fatal(err)
	}
	m = Load(filepath.Join(root, "p"), filepath.Join(root, "home"))
	if got := rel(root, m); !reflect.DeepEqual(got, []string{"p/CLAUDE.md", "p/AGENTS.md"}) || m.Files[1].Content != "agents" {
		t.Errorf("@AGENTS.md: loaded %v", got)
	}
}

// A loop of imports ends: each file is loaded once.
func TestImportLoop(t *testing.T) {
	root := tree(t, map[string]string{"p/.git/": "", "p/CLAUDE.md": "@a.md", "p/a.md": "@CLAUDE.md @a.md"})
	if got := rel(root, Load(filepath.Join(root, "p"), filepath.Join(root, "home"))); !reflect.DeepEqual(got, []string{"p/CLAUDE.md", "p/a.md"}) {
		t.Errorf("loop: %v", got)
	}
}

func FuzzImports(f *testing.F) {
	for _, s := range []string{"@a.md", "```\n@x\n```\n@y", "`@z` @w", "a@b.c @~/.aws/credentials", "``` \n````\n", "``a` @q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, imp := range Imports(s) {
			if imp.Path == "" || strings.ContainsAny(imp.Path, " \t\n") || imp.Line < 1 {
				t.Fatalf("bad import %+v from %q", imp, s)
			}
		}
	})
}
