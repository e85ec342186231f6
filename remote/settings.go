package remote

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/internal/secrets"
)

// SettingsPrefix holds the settings snapshots: settings/host=<id>/<sha256>,
// each a settings file's content with its secrets masked, named by the
// hash of that content (a file unchanged between pushes is uploaded once).
const SettingsPrefix = "settings/"

// inputsFile is replay's record of what its tables were made from
// (replay.InputsFile): its policies name the settings files they read.
const inputsFile = "replay-inputs.json"

// maxSettingsBytes bounds a settings file in a snapshot.
const maxSettingsBytes = 4 << 20

// SettingsFile is one file of a commit's settings snapshot: the path it
// had on the host, and the size and SHA-256 of its masked content (the
// object settings/host=<id>/<SHA256>).
type SettingsFile struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// snapshotFiles lists the settings files the store's last replay read:
// every file its policies' rules and problems name, and every file a
// loader that lists them read (engine.SettingsFiler: a file that sets only
// the mode), that was there (replay-inputs.json; none when the store has
// no record).
func snapshotFiles(storeDir string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(storeDir, inputsFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rec struct {
		Policies []struct {
			Files []struct {
				Path   string `json:"path"`
				SHA256 string `json:"sha256"`
			} `json:"files"`
		} `json:"policies"`
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(storeDir, inputsFile), err)
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range rec.Policies {
		for _, f := range p.Files {
			if f.SHA256 != "" && validSettingsPath(f.Path) == nil && !seen[f.Path] {
				seen[f.Path] = true
				out = append(out, f.Path)
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// validSettingsPath checks a snapshot's path: absolute, clean, no NUL.
func validSettingsPath(p string) error {
	if !strings.HasPrefix(p, "/") || path.Clean(p) != p || p == "/" || strings.ContainsAny(p, "\x00\\") {
		return fmt.Errorf("settings path %q: want an absolute, clean path", p)
	}
	return nil
}

// uploadSnapshot uploads the masked content of each settings file not in
// the bucket yet and returns the snapshot. A file that cannot be read is
// a problem and left out.
func uploadSnapshot(ctx context.Context, b Bucket, host string, files []string, problems *[]string) ([]SettingsFile, error) {
	pre := SettingsPrefix + "host=" + host + "/"
	present := map[string]bool{}
	if err := b.List(ctx, pre, func(o Object) error { present[strings.TrimPrefix(o.Key, pre)] = true; return nil }); err != nil {
		return nil, fmt.Errorf("listing %s: %w", pre, err)
	}
	var out []SettingsFile
	for _, name := range files {
		data, err := readSmall(name)
		if err != nil {
			*problems = append(*problems, fmt.Sprintf("settings snapshot: %v: left out", err))
			continue
		}
		masked := []byte(secrets.MaskString(string(data)))
		sum := sha256.Sum256(masked)
		sha := hex.EncodeToString(sum[:])
		if !present[sha] {
			if err := b.Put(ctx, pre+sha, bytes.NewReader(masked), int64(len(masked))); err != nil {
				return nil, fmt.Errorf("uploading the settings snapshot of %s: %w", name, err)
			}
			present[sha] = true
		}
		out = append(out, SettingsFile{Path: name, Size: int64(len(masked)), SHA256: sha})
	}
	return out, nil
}

// readSmall reads a settings file for the snapshot: a regular file of at
// most maxSettingsBytes, opened without waiting (safefile: a FIFO in a
// project's folder must not hang the push).
func readSmall(name string) ([]byte, error) {
	return safefile.ReadFile(name, maxSettingsBytes)
}

// SnapshotDir is where Pull restores a host's settings snapshot in the
// cache: the file the host had at /P is <cache>/settings/host=<id>/root/P.
func SnapshotDir(cacheDir, host string) string {
	return filepath.Join(cacheDir, "settings", "host="+host, "root")
}

// Snapshots maps each host whose settings snapshot Pull restored in the
// cache store at cacheDir to its folder (SnapshotDir), for
// replay.Options.Snapshots: replay decides that host's calls against it.
// A store with none (a laptop's own) gives an empty map.
func Snapshots(cacheDir string) (map[string]string, error) {
	ents, err := safefile.ReadDir(filepath.Join(cacheDir, "settings"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, e := range ents {
		host, ok := strings.CutPrefix(e.Name(), "host=")
		if !ok || !e.IsDir() || ValidHost(host) != nil {
			continue
		}
		dir := SnapshotDir(cacheDir, host)
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			if abs, err := filepath.Abs(dir); err == nil {
				out[host] = abs
			}
		}
	}
	return out, nil
}

// restoreSnapshot writes a commit's settings files under the cache, each
// checked against its hash; a file already there with that content is
// left alone.
func restoreSnapshot(ctx context.Context, b Bucket, cacheDir string, c *Commit, key string, problems *[]string) {
	root := SnapshotDir(cacheDir, c.Host)
	for _, s := range c.Settings {
		dest := filepath.Join(root, filepath.FromSlash(s.Path))
		if data, err := os.ReadFile(dest); err == nil {
			if sum := sha256.Sum256(data); hex.EncodeToString(sum[:]) == s.SHA256 {
				continue
			}
		}
		obj := SettingsPrefix + "host=" + c.Host + "/" + s.SHA256
		tmp, err := download(ctx, b, obj, dest, Part{Size: s.Size, SHA256: s.SHA256})
		if err == nil {
			err = os.Rename(tmp, dest)
		}
		if err != nil {
			os.Remove(tmp)
			*problems = append(*problems, fmt.Sprintf("%s (settings of %s, commit %s): %v: not restored", obj, s.Path, key, err))
		}
	}
}
