package permsim_test

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// The import rules of docs/architecture.md, checked on the real import
// graph (`go list -json ./...`). Each rule is a function of the graph so
// TestImportRulesCatchViolations can break each one on purpose.

const module = "github.com/permsim/permsim"

// harnessFolders are the folder names a harness's own packages use under
// ingest/, engine/ and verify/ (drivers are <name>drive).
var harnessFolders = []string{"claude", "codex", "gemini", "opencode", "cursor", "codey"}

// sharesClaudeLoader lists the harnesses that read Claude Code's own files
// through engine/claude's loader (DESIGN.md: Codey and Cursor).
var sharesClaudeLoader = map[string]bool{"codey": true, "cursor": true}

// graph maps a package (module-relative: "engine/claude", "." for the
// root) to its direct imports and to every package it depends on.
type graph struct {
	imports map[string][]string // direct, full import paths
	deps    map[string][]string // transitive, full import paths
}

func rel(p string) string {
	if p == module {
		return "."
	}
	return strings.TrimPrefix(p, module+"/")
}

func inProject(p string) bool { return p == module || strings.HasPrefix(p, module+"/") }

func under(pkg, folder string) bool { return pkg == folder || strings.HasPrefix(pkg, folder+"/") }

// harnessOf returns the harness a package belongs to ("claude" for
// ingest/claude, engine/claude, verify/claudedrive), or "".
func harnessOf(pkg string) string {
	parts := strings.Split(pkg, "/")
	if len(parts) < 2 {
		return ""
	}
	switch parts[0] {
	case "ingest", "engine":
	case "verify":
		parts[1] = strings.TrimSuffix(parts[1], "drive")
	default:
		return ""
	}
	for _, h := range harnessFolders {
		if parts[1] == h {
			return h
		}
	}
	return ""
}

// rule is one import rule: it returns what breaks it.
type rule struct {
	name  string
	check func(g graph) []string
}

var rules = []rule{
	{"toolcall imports nothing of the project", func(g graph) []string {
		return directImports(g, func(p string) bool { return under(p, "toolcall") }, func(string, string) bool { return true })
	}},
	{"engine imports nothing of ingest, replay, queries, registry, verify or cmd", func(g graph) []string {
		return directImports(g, func(p string) bool { return under(p, "engine") }, func(_, imp string) bool {
			for _, f := range []string{"ingest", "replay", "queries", "registry", "verify", "cmd"} {
				if under(imp, f) {
					return true
				}
			}
			return false
		})
	}},
	{"ingest imports no part of engine (it needs no rules)", func(g graph) []string {
		return directImports(g, func(p string) bool { return under(p, "ingest") }, func(_, imp string) bool { return under(imp, "engine") })
	}},
	{"replay imports no transcript reader, no registry and no verify driver", func(g graph) []string {
		return directImports(g, func(p string) bool { return under(p, "replay") }, func(_, imp string) bool {
			return harnessOf(imp) != "" && !under(imp, "engine") || under(imp, "registry") || under(imp, "verify")
		})
	}},
	{"no harness package imports another harness's", func(g graph) []string {
		return directImports(g, func(p string) bool { return harnessOf(p) != "" }, func(pkg, imp string) bool {
			from, to := harnessOf(pkg), harnessOf(imp)
			if to == "" || from == to {
				return false
			}
			// Codey and Cursor read Claude Code's files through its loader.
			return !(sharesClaudeLoader[from] && under(pkg, "engine") && imp == "engine/claude")
		})
	}},
	{"only the registry, cmd and tests put every harness together", func(g graph) []string {
		return directImports(g, func(p string) bool { return !under(p, "cmd") && !under(p, "registry") }, func(_, imp string) bool {
			return under(imp, "registry")
		})
	}},
	{"only queries and cmd link DuckDB", func(g graph) []string {
		var bad []string
		for pkg, deps := range g.deps {
			if under(pkg, "queries") || under(pkg, "cmd") {
				continue
			}
			for _, d := range deps {
				if strings.Contains(d, "github.com/duckdb/") || strings.Contains(d, "marcboeker/go-duckdb") {
					bad = append(bad, pkg+" -> "+d)
					break
				}
			}
		}
		return bad
	}},
	{"only dataset imports arrow-go", func(g graph) []string {
		// dataset sets arrow-go's default allocator to its own free list
		// (dataset/readalloc.go): a sound choice only while nothing else
		// in permsim allocates through arrow-go.
		var bad []string
		for pkg, imps := range g.imports {
			if under(pkg, "dataset") {
				continue
			}
			for _, imp := range imps {
				if strings.HasPrefix(imp, "github.com/apache/arrow-go/") {
					bad = append(bad, pkg+" -> "+imp)
				}
			}
		}
		sort.Strings(bad)
		return bad
	}},
	{"only remote/s3 imports aws-sdk-go-v2", func(g graph) []string {
		// One subpackage per object-storage backend (docs/architecture.md,
		// remote): the SDK, and its weight, stay behind remote.Bucket.
		var bad []string
		for pkg, imps := range g.imports {
			if pkg == "remote/s3" {
				continue
			}
			for _, imp := range imps {
				if strings.HasPrefix(imp, "github.com/aws/") {
					bad = append(bad, pkg+" -> "+imp)
				}
			}
		}
		sort.Strings(bad)
		return bad
	}},
	{"the shared verify package imports no harness package", func(g graph) []string {
		// Every driver is a verify/<h>drive beside the others; what they
		// share stays free of any one harness.
		return directImports(g, func(p string) bool { return p == "verify" }, func(_, imp string) bool { return harnessOf(imp) != "" })
	}},
}

// directImports lists "pkg -> import" for every project import of a
// package that from selects and that forbidden rejects.
func directImports(g graph, from func(string) bool, forbidden func(pkg, imp string) bool) []string {
	var bad []string
	for pkg, imps := range g.imports {
		if !from(pkg) {
			continue
		}
		for _, imp := range imps {
			if inProject(imp) && forbidden(pkg, rel(imp)) {
				bad = append(bad, pkg+" -> "+rel(imp))
			}
		}
	}
	sort.Strings(bad)
	return bad
}

// loadGraph reads the import graph of the project's non-test code.
func loadGraph(t *testing.T) graph {
	t.Helper()
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", "./...").Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	g := graph{imports: map[string][]string{}, deps: map[string][]string{}}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p struct {
			ImportPath    string
			Imports, Deps []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		g.imports[rel(p.ImportPath)] = p.Imports
		g.deps[rel(p.ImportPath)] = p.Deps
	}
	if len(g.imports) < 10 {
		t.Fatalf("go list found only %d packages", len(g.imports))
	}
	return g
}

func TestImportRules(t *testing.T) {
	g := loadGraph(t)
	for _, r := range rules {
		if bad := r.check(g); len(bad) > 0 {
			t.Errorf("rule %q broken by:\n  %s", r.name, strings.Join(bad, "\n  "))
		}
	}
}

// TestImportRulesCatchViolations breaks each rule on purpose, in a copy of
// the real graph, and checks that the rule notices.
func TestImportRulesCatchViolations(t *testing.T) {
	real := loadGraph(t)
	breaks := map[string][2]string{ // rule -> a package and an import that breaks it
		"toolcall imports nothing of the project":                                    {"toolcall", "engine"},
		"engine imports nothing of ingest, replay, queries, registry, verify or cmd": {"engine/shell", "ingest"},
		"ingest imports no part of engine (it needs no rules)":                       {"ingest/claude", "engine/claude"},
		"replay imports no transcript reader, no registry and no verify driver":      {"replay", "ingest/codex"},
		"no harness package imports another harness's":                               {"engine/gemini", "engine/codex"},
		"only the registry, cmd and tests put every harness together":                {"replay", "registry"},
		"only queries and cmd link DuckDB":                                           {"engine", "github.com/duckdb/duckdb-go/v2"},
		"the shared verify package imports no harness package":                       {"verify", "engine/claude"},
		"only dataset imports arrow-go":                                              {"replay", "github.com/apache/arrow-go/v18/parquet"},
		"only remote/s3 imports aws-sdk-go-v2":                                       {"remote", "github.com/aws/aws-sdk-go-v2/service/s3"},
	}
	for _, r := range rules {
		b, ok := breaks[r.name]
		if !ok {
			t.Errorf("rule %q has no deliberate break in this test", r.name)
			continue
		}
		g := graph{imports: map[string][]string{}, deps: map[string][]string{}}
		for k, v := range real.imports {
			g.imports[k] = v
			g.deps[k] = real.deps[k]
		}
		imp := b[1]
		if !strings.Contains(imp, ".") {
			imp = module + "/" + imp
		}
		g.imports[b[0]] = append(append([]string(nil), g.imports[b[0]]...), imp)
		g.deps[b[0]] = append(append([]string(nil), g.deps[b[0]]...), imp)
		if bad := r.check(g); len(bad) == 0 {
			t.Errorf("rule %q did not notice %s importing %s", r.name, b[0], b[1])
		} else if !strings.Contains(fmt.Sprint(bad), b[0]) {
			t.Errorf("rule %q blamed %v, not %s", r.name, bad, b[0])
		}
	}
	// The Codey/Cursor exception holds only for engine/claude.
	g := graph{imports: map[string][]string{"engine/codey": {module + "/engine/claude"}, "engine/cursor": {module + "/ingest/claude"}}}
	if bad := rules[4].check(g); len(bad) != 1 || !strings.Contains(bad[0], "engine/cursor") {
		t.Errorf("harness rule: %v, want only engine/cursor -> ingest/claude", bad)
	}
}
