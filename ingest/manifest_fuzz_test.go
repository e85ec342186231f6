package ingest

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadManifest: a manifest is outside input (a store on disk, maybe
// cut short or edited by hand): loading any bytes must not panic or hang,
// and a manifest that loads can be looked up and saved again, the saved
// one loading without a problem.
func FuzzLoadManifest(f *testing.F) {
	for _, name := range []string{"v2.json", "v3.json"} {
		if b, err := os.ReadFile(filepath.Join("..", "testdata", "ingest", "manifest", name)); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"version":4,"last_run":9,"entries":[` + "\n" +
		`{"h":"codex","path":"/a","size":1,"inode":2,"mtime_ns":3,"offset":1,"line":1,"state":"eyJ2IjoxfQ=="},` + "\n" +
		`{"h":"codex","path":"/b\u00e9\"","size":1,"inode":0,"mtime_ns":0,"offset":0,"line":0}` + "\n]}\n"))
	f.Add([]byte(`{"version":3,"sources":{"claude-code":{"/a":{"path":"/a","size":3}}}}`))
	f.Add([]byte(`{"version":4,"last_run":1,"entries":[` + "\n]}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, ManifestName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, prob, err := loadManifest(dir)
		if err != nil || prob != nil {
			m.close()
			return
		}
		for _, k := range m.index {
			m.lookup(string(k.key.h), string(k.key.path), true)
		}
		m.lookup("codex", "/a", true)
		err = writeManifest(filepath.Join(dir, "again.json"), m.lastRun, newStateSorter(dir), m, false)
		m.close()
		if err != nil {
			t.Fatalf("a manifest that loads cannot be written again: %v", err)
		}
		os.Rename(filepath.Join(dir, "again.json"), filepath.Join(dir, ManifestName))
		m2, prob, err := loadManifest(dir)
		if err != nil || prob != nil {
			t.Fatalf("the manifest written again does not load: %v %v", err, prob)
		}
		m2.close()
	})
}
