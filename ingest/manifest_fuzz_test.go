package ingest

import (
	"fmt"
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
	f.Add([]byte(`{"version":5,"last_run":9,"entries":[` + "\n" +
		`{"h":"codex","path":"/a","size":1,"inode":2,"mtime_ns":3,"offset":1,"line":1,"head":77,"st":{"v":1,"x":"}"}}` + "\n]}\n"))
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
		err = writeManifest(filepath.Join(dir, "again.json"), fmt.Sprintf(manifestHeader, manifestVersion, m.lastRun), newStateSorter(dir), []*manifestFile{m.delta, m}, false)
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

// FuzzLoadManifestDelta: the delta beside a manifest is outside input
// too: any bytes load (or are reported) without a panic or a hang, and a
// delta that loads can be looked up through the manifest.
func FuzzLoadManifestDelta(f *testing.F) {
	f.Add([]byte(`{"version":5,"last_run":10,"base":9,"entries":[` + "\n" +
		`{"h":"codex","path":"/a","size":5,"inode":2,"mtime_ns":3,"offset":5,"line":2,"st":{"v":1}}` + "\n]}\n"))
	f.Add([]byte(`{"version":5,"last_run":10,"base":8,"entries":[` + "\n]}\n"))
	f.Add([]byte(`{"version":6,"last_run":10,"base":9,"entries":[` + "\n]}\n"))
	f.Add([]byte(`{"version":5,"base":9,"entries":[`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		base := `{"version":5,"last_run":9,"entries":[` + "\n" +
			`{"h":"codex","path":"/a","size":1,"inode":2,"mtime_ns":3,"offset":1,"line":1,"st":{"v":1}}` + "\n]}\n"
		if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(base), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, ManifestDeltaName), data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, _, err := loadManifest(dir)
		if err != nil {
			return
		}
		defer m.close()
		if _, ok := m.lookup("codex", "/a", true); !ok {
			t.Error("the manifest's entry is lost behind a delta")
		}
		if m.delta != nil {
			for _, k := range m.delta.index {
				m.lookup(string(k.key.h), string(k.key.path), true)
			}
		}
	})
}
