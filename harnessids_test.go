package permsim_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/permsim/permsim/registry"
)

// Issue 9: "grep for harness IDs outside the registry and the harness's
// own packages finds only docs and test data". This test is that grep, on
// the Go syntax tree: a string literal equal to a registered harness ID or
// alias may stand only in registry/, toolcall/, a harness's own packages
// (engine/<h>…, ingest/<h>…, verify/<h>drive) and a harness's own file in
// a shared package (verify/generate/<h>.go), or in a place listed in
// harnessIDExceptions with its reason.

// harnessIDExceptions are literals that look like harness IDs but name
// something else.
var harnessIDExceptions = map[string]string{
	// The agents' own programs as commands in a shell line ("claude
	// --dangerously-skip-permissions"), which danger marking reads: program
	// names, not harness IDs.
	"engine/danger/danger.go": "program names of agent CLIs",
	"engine/danger/agents.go": "program names of agent CLIs and their options that turn permission checks off",
	"engine/danger/dumps.go":  "program names of agent CLIs whose settings subcommands change them",
}

// harnessOwned reports whether file (slash-separated, module-relative)
// belongs to a harness or to the places that name every harness.
func harnessOwned(file string) bool {
	dir := filepath.ToSlash(filepath.Dir(file))
	for _, top := range []string{"registry", "toolcall"} {
		if dir == top || strings.HasPrefix(dir, top+"/") {
			return true
		}
	}
	parts := strings.Split(dir, "/")
	for _, h := range harnessFolders {
		if len(parts) >= 2 && (parts[0] == "engine" || parts[0] == "ingest") && parts[1] == h {
			return true
		}
		if len(parts) >= 2 && parts[0] == "verify" && parts[1] == h+"drive" {
			return true
		}
		if strings.TrimSuffix(filepath.Base(file), ".go") == h {
			return true
		}
	}
	return false
}

func TestHarnessIDsOnlyInTheirPlaces(t *testing.T) {
	names := map[string]bool{}
	for _, h := range registry.All() {
		names[h.ID] = true
		for _, a := range h.Aliases {
			names[a] = true
		}
	}
	if len(names) < 6 {
		t.Fatalf("registry lists %d names; want at least the six harnesses", len(names))
	}
	bad := harnessIDLiterals(t, ".", names)
	for _, b := range bad {
		t.Errorf("%s: harness ID %s outside the registry and the harness's own packages (use the toolcall constant or ask the registry)", b.pos, b.lit)
	}
}

// The check above catches a literal that breaks the rule: a copy of a
// shared package's file with a harness ID in it is reported.
func TestHarnessIDsCatchViolations(t *testing.T) {
	dir := t.TempDir()
	src := "package queries\n\nfunc f() string { return \"claude-code\" }\n"
	if err := writeFile(filepath.Join(dir, "queries", "x.go"), src); err != nil {
		t.Fatal(err)
	}
	if err := writeFile(filepath.Join(dir, "engine", "claude", "y.go"), strings.ReplaceAll(src, "queries", "claude")); err != nil {
		t.Fatal(err)
	}
	bad := harnessIDLiterals(t, dir, map[string]bool{"claude-code": true})
	if len(bad) != 1 || !strings.Contains(bad[0].pos, "queries/x.go:3") {
		t.Errorf("found %+v; want exactly the literal in queries/x.go line 3", bad)
	}
}

type idLiteral struct{ pos, lit string }

// harnessIDLiterals walks the non-test Go files under root (testdata left
// out) and returns the string literals equal to one of names outside the
// places harnessOwned and harnessIDExceptions allow.
func harnessIDLiterals(t *testing.T, root string, names map[string]bool) []idLiteral {
	t.Helper()
	var out []idLiteral
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if harnessOwned(rel) || harnessIDExceptions[rel] != "" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					p := fset.Position(lit.Pos())
					out = append(out, idLiteral{pos: rel + ":" + strconv.Itoa(p.Line), lit: lit.Value})
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
