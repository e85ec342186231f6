package ingest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestManifestOldKeys: a store whose calls rows carry call keys of an
// older form cannot be read on (the new keys would not dedupe against its
// rows: every re-sent call would count twice), so loading its manifest
// fails with a message saying what to do; a version-2 store without
// OpenCode rows has no such keys and is read on.
func TestManifestOldKeys(t *testing.T) {
	for _, tc := range []struct {
		name, manifest string
		wantErr        bool
	}{
		{"v1", `{"version":1,"sources":{"claude":{"/a":{}}}}`, true},
		{"v2 with OpenCode", `{"version":2,"sources":{"opencode":{"/h/.local/share/opencode/opencode.db":{}}}}`, true},
		{"v2 without OpenCode", `{"version":2,"sources":{"claude":{"/a":{}}}}`, false},
		{"current", `{"version":3,"sources":{"opencode":{"/db":{}}}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, ManifestName), []byte(tc.manifest), 0o644); err != nil {
				t.Fatal(err)
			}
			_, prob, err := loadManifest(dir)
			if prob != nil {
				t.Errorf("problem: %v", prob)
			}
			if tc.wantErr != (err != nil) {
				t.Fatalf("err = %v, want error: %v", err, tc.wantErr)
			}
			if err != nil && !strings.Contains(err.Error(), "new --out") {
				t.Errorf("message does not say what to do: %v", err)
			}
		})
	}
}
