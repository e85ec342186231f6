package remote_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/secrets"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/remote/file"
)

// inputs writes a replay-inputs.json naming files, as replay records them.
func inputs(t *testing.T, store string, files ...string) {
	t.Helper()
	type fi struct {
		Path   string `json:"path"`
		Size   int64  `json:"size"`
		SHA256 string `json:"sha256"`
	}
	var fs []fi
	for _, f := range files {
		fs = append(fs, fi{f, 1, strings.Repeat("1", 64)})
	}
	data, _ := json.Marshal(map[string]any{"version": 1, "policies": []any{map[string]any{"harness": "claude-code", "files": fs}}})
	if err := os.WriteFile(filepath.Join(store, "replay-inputs.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A push carries a snapshot of the settings files the store's last replay
// read, secrets masked (issue 18's rules); pull restores it under the
// cache; a settings change alone makes a new commit, whose snapshot then
// stands.
func TestSettingsSnapshot(t *testing.T) {
	ctx := context.Background()
	src, work := t.TempDir(), t.TempDir()
	store(t, src, "a", 1)
	settings := filepath.Join(work, "proj", ".claude", "settings.json")
	os.MkdirAll(filepath.Dir(settings), 0o755)
	const token = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R"
	os.WriteFile(settings, []byte(`{"permissions":{"allow":["Bash(gh auth login --with-token `+token+`)"]}}`), 0o644)
	inputs(t, src, settings, filepath.Join(work, "gone.json"))
	root := t.TempDir()
	bucket := file.Bucket{Root: root}
	sum, err := remote.Push(ctx, bucket, src, "h1")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Settings != 1 || len(sum.Problems) != 1 || !strings.Contains(sum.Problems[0], "gone.json") {
		t.Errorf("push: %+v; want one settings file and a problem naming the missing one", sum)
	}
	// No object in the bucket holds the token.
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), token) {
				t.Errorf("%s holds the token", p)
			}
		}
		return nil
	})
	cache := t.TempDir()
	if _, err := remote.Pull(ctx, bucket, cache); err != nil {
		t.Fatal(err)
	}
	restored := filepath.Join(remote.SnapshotDir(cache, "h1"), settings)
	got, err := os.ReadFile(restored)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"permissions":{"allow":["Bash(gh auth login --with-token ` + secrets.Mask + `)"]}}`; string(got) != want {
		t.Errorf("restored %s:\n%s\nwant\n%s", restored, got, want)
	}

	// Nothing new: no commit. The settings changed: a commit of settings
	// alone, and the pull restores the new content.
	if again, err := remote.Push(ctx, bucket, src, "h1"); err != nil || again.Commit != "" {
		t.Errorf("push with nothing new: %+v, %v", again, err)
	}
	os.WriteFile(settings, []byte(`{"permissions":{"deny":["Bash(rm:*)"]}}`), 0o644)
	if changed, err := remote.Push(ctx, bucket, src, "h1"); err != nil || changed.Commit == "" || changed.Uploaded != 0 {
		t.Errorf("push after a settings change: %+v, %v; want a commit of the settings alone", changed, err)
	}
	ps, err := remote.Pull(ctx, bucket, cache)
	if err != nil || len(ps.Problems) != 0 {
		t.Fatalf("pull: %+v, %v", ps, err)
	}
	if got, _ := os.ReadFile(restored); string(got) != `{"permissions":{"deny":["Bash(rm:*)"]}}` {
		t.Errorf("after the second pull %s holds %s", restored, got)
	}
}

// A settings path in a commit is outside input: one that is not absolute
// and clean is refused with the commit.
func TestSettingsPathChecked(t *testing.T) {
	sha := strings.Repeat("a", 64)
	for _, p := range []string{"relative/x", "/a/../../etc/passwd", "/", "/a//b"} {
		data := `{"version":1,"host":"h","parts":[],"settings":[{"path":"` + p + `","size":1,"sha256":"` + sha + `"}]}`
		if _, err := remote.ParseCommit([]byte(data)); err == nil {
			t.Errorf("settings path %q accepted", p)
		}
	}
}
