package links

import (
	"os"
	"path/filepath"
	"testing"
)

// The Cache's promise is filepath.EvalSymlinks' answer (and os.Lstat's for
// IsLink), so every expected value here is the standard library's on the
// same tree: folders and files reached directly, through a link to a
// folder, a link to a file, a chain of links, a relative link, a dangling
// link, a loop, a file used as a folder, and missing paths.
func TestSameAsStandardLibrary(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mk := func(p string) {
		if err := os.MkdirAll(filepath.Join(root, p), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := func(p string) {
		if err := os.WriteFile(filepath.Join(root, p), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, p string) {
		if err := os.Symlink(target, filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	mk("proj/src")
	mk("other/deep")
	file("proj/src/a.go")
	file("proj/.env")
	file("other/deep/secret")
	link(filepath.Join(root, "other"), "proj/out")        // absolute link to a folder
	link("../other/deep/secret", "proj/key")              // relative link to a file
	link("key", "proj/key2")                              // a chain
	link(filepath.Join(root, "nowhere"), "proj/dangling") // dangling
	link("loop2", "proj/loop1")                           // a loop
	link("loop1", "proj/loop2")
	link("src", "proj/srclink") // relative link to a folder

	paths := []string{
		"/", root, root + "/proj", root + "/proj/src/a.go", root + "/proj/.env",
		root + "/proj/out", root + "/proj/out/deep/secret", root + "/proj/out/deep/new-file",
		root + "/proj/out/missing/x", root + "/proj/key", root + "/proj/key2",
		root + "/proj/dangling", root + "/proj/dangling/x", root + "/proj/loop1", root + "/proj/loop1/x",
		root + "/proj/srclink/a.go", root + "/proj/srclink", root + "/proj/src/a.go/x",
		root + "/proj/missing", root + "/proj/missing/deeper/x", root + "/missing",
		"relative/path", root + "/proj/../proj/src", root + "/proj/src/",
	}
	c := New()
	for round := range 2 { // the second round answers from the cache
		for _, p := range paths {
			want, wantErr := filepath.EvalSymlinks(p)
			got, err := c.EvalSymlinks(p)
			if (err == nil) != (wantErr == nil) || got != want {
				t.Errorf("round %d: EvalSymlinks(%q) = %q, %v; filepath.EvalSymlinks gives %q, %v", round, p, got, err, want, wantErr)
			}
			st, lerr := os.Lstat(p)
			wantLink := lerr == nil && st.Mode()&os.ModeSymlink != 0
			if got := c.IsLink(p); got != wantLink {
				t.Errorf("round %d: IsLink(%q) = %v, os.Lstat says %v", round, p, got, wantLink)
			}
		}
	}
	var none *Cache
	for _, p := range paths {
		want, wantErr := filepath.EvalSymlinks(p)
		if got, err := none.EvalSymlinks(p); got != want || (err == nil) != (wantErr == nil) {
			t.Errorf("nil Cache: EvalSymlinks(%q) = %q, %v; want %q, %v", p, got, err, want, wantErr)
		}
	}
}
