package permsim_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Issue 27: "one safe-open for every file any command reads". Every file
// or folder permsim did not write itself — settings, rules, policies,
// hooks files, CLAUDE.md and its imports, .mcp.json, transcripts, a
// --cases file — is opened through internal/safefile (regular files or
// folders only, opened without waiting, size caps), never with os.Open,
// os.ReadFile or os.ReadDir, which wait forever on a FIFO and read
// /dev/zero without end. TestSafeOpenOnly finds every such call in the
// non-test code; the few that read what permsim itself wrote (its store,
// its lock), the kernel's /proc, or a test helper's fixtures are listed in
// safeOpenAllowed, each with its reason.

// safeOpenAllowed lists, by "file function" (the function holding the
// call; methods by their name), the calls that need not go through
// safefile, and why.
var safeOpenAllowed = map[string]string{
	// The store: files and folders permsim wrote under --out and reads back.
	"ingest/manifest.go migrateManifest":         "the version-4 copy of the manifest this run wrote beside it (the manifest itself is read through safefile)",
	"replay/inputs.go readInputs":                "replay-inputs.json, the store's record replay wrote",
	"internal/reportsum/reportsum.go Load":       "report-summary.json, the store's file replay wrote",
	"cmd/permsim/nightly_new.go compareNightly":  "nightly's state file in the store",
	"cmd/permsim/reportcache.go cachedReport":    "nightly's cached report in the store",
	"internal/storelock/storelock.go acquire":    "the store's lock files, created by permsim",
	"remote/settings.go snapshotFiles":           "replay-inputs.json, the store's record replay wrote",
	"remote/settings.go restoreSnapshot":         "a settings snapshot pull restored into its own cache earlier",
	"remote/sync.go hashFile":                    "a calls part of the store being pushed, which ingest wrote",
	"remote/sync.go putFile":                     "a calls part of the store being pushed, which ingest wrote",
	"internal/storelock/storelock.go commitLock": "the store's lock file, created by permsim",
	"internal/storelock/storelock.go holder":     "the store's lock file, created by permsim",
	"internal/disksort/disksort.go open":         "sorted run files this run wrote",
	"ingest/run.go syncDir":                      "the store's own folder, opened to sync it after a rename",
	"ingest/run.go undoUncommitted":              "the store's commit journal, which ingest wrote",
	"dataset/writer.go repairSwap":               "lists the store's own table folder",
	"dataset/writer.go removeLeftovers":          "lists the store's own folders",
	"dataset/writer.go RemoveLeftovers":          "lists the store's own folder",
	// Files permsim wrote itself outside the store.
	"check/check.go read":    "a revision's agent files check just wrote from git's blobs into its own temporary folder (links are not read: mode 120000 is skipped)",
	"suggest/stream.go each": "the marks file suggest wrote, created exclusive in its own temporary folder (made 0700 by os.MkdirTemp)",
	// The kernel and the sandbox's own plumbing.
	"engine/hooks/reap_linux.go killMarked": "/proc, the kernel's own files",
	"verify/sandbox.go etcWith":             "/etc of the machine, listed to bind each entry into the sandbox",
	"verify/driver.go serve":                "the job file the driver's outer half wrote in the sandbox's control folder",
	"verify/driver.go runOne":               "the answer file the driver's inner half wrote in the sandbox's control folder",
	"verify/codexdrive/inner.go Layout":     "the config.toml verify.WriteCase just wrote into the case's throwaway home",
	"verify/claudedrive/inner.go clearDir":  "the sandbox's throwaway folder, which the driver made",
	// Helpers only tests import: fixtures of the repository.
	"internal/corpustest/corpustest.go":   "test helper: the repository's corpus files",
	"internal/corpustest/agreement.go":    "test helper: the repository's registry/agreement.json",
	"internal/sarifschema/sarifschema.go": "test helper: the repository's SARIF schema file",
	"internal/ingesttest/ingesttest.go":   "test helper: the repository's fixtures and files the test wrote",
	// The benchmark: files it generated itself, and /proc.
	"cmd/permsim-bench/main.go": "benchmark: its own generated corpus and /proc/loadavg",
}

// unsafeCalls are the calls that open a file or folder without safefile's
// checks. os.OpenFile counts unless it only writes.
var unsafeCalls = map[string]bool{
	"os.Open": true, "os.ReadFile": true, "os.ReadDir": true, "os.OpenFile": true,
	"ioutil.ReadFile": true, "ioutil.ReadDir": true, "os.DirFS": true,
}

// unsafeOpens lists "file function" for every call of unsafeCalls in the Go
// files under root (test files, testdata and internal/safefile left out),
// with its position.
func unsafeOpens(t *testing.T, root string) map[string][]string {
	t.Helper()
	found := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || rel == "internal/safefile") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if !ok || !unsafeCalls[pkg.Name+"."+sel.Sel.Name] {
					return true
				}
				name := pkg.Name + "." + sel.Sel.Name
				if name == "os.OpenFile" && len(call.Args) > 1 && writeOnly(call.Args[1]) {
					return true
				}
				key := rel + " " + fn.Name.Name
				found[key] = append(found[key], fset.Position(call.Pos()).String()+": "+name)
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// writeOnly says whether an os.OpenFile flag expression names O_WRONLY.
func writeOnly(flag ast.Expr) bool {
	w := false
	ast.Inspect(flag, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "O_WRONLY" {
			w = true
		}
		return true
	})
	return w
}

func TestSafeOpenOnly(t *testing.T) {
	found := unsafeOpens(t, ".")
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	used := map[string]bool{}
	for _, k := range keys {
		file := strings.Fields(k)[0]
		if _, ok := safeOpenAllowed[k]; ok {
			used[k] = true
			continue
		}
		if _, ok := safeOpenAllowed[file]; ok {
			used[file] = true
			continue
		}
		for _, at := range found[k] {
			t.Errorf("%s (in %s): opens a file or folder without internal/safefile; use safefile.Open/ReadFile/ReadConfig/ReadDir, or list it in safeOpenAllowed with why it is safe", at, k)
		}
	}
	for k := range safeOpenAllowed {
		if !used[k] {
			t.Errorf("safeOpenAllowed lists %q, which opens nothing any more: drop it", k)
		}
	}
}

// TestSafeOpenOnlyCatches: the check finds an os.ReadFile, an os.Open, an
// os.ReadDir and a reading os.OpenFile, and lets a write-only OpenFile by.
func TestSafeOpenOnlyCatches(t *testing.T) {
	dir := t.TempDir()
	src := `package x

import "os"

func a() { os.ReadFile("x"); os.Open("y") }
func b() { os.ReadDir("z"); os.OpenFile("w", os.O_RDWR, 0) }
func c() { os.OpenFile("v", os.O_WRONLY|os.O_CREATE, 0o644) }
`
	if err := writeFile(filepath.Join(dir, "x.go"), src); err != nil {
		t.Fatal(err)
	}
	found := unsafeOpens(t, dir)
	if len(found["x.go a"]) != 2 || len(found["x.go b"]) != 2 || len(found["x.go c"]) != 0 {
		t.Errorf("found %v, want two calls in a, two in b, none in c", found)
	}
}
