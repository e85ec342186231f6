package ingest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/permsim/permsim/toolcall"
)

// ManifestName is the file under the output folder that remembers, between
// runs, how far each transcript file was read.
const ManifestName = "manifest.json"

// manifestVersion is bumped when the manifest's meaning changes; a run
// refuses a manifest of a newer version rather than overwrite it.
// Version 2: Claude Code and Codex call keys hold the record or session
// lineage, not the tool-use id alone (issue 14). Version 3: OpenCode call
// keys hold the call's tool and input as well (issue 14).
const manifestVersion = 3

// manifest is the incremental state of ingest, saved as JSON.
type manifest struct {
	Version int `json:"version"`
	// LastRun is the run id (unix nanoseconds) of the last run that saved
	// the manifest; a new run takes a larger id even if the clock went back,
	// so "the later ingest_run wins" stays true.
	LastRun int64 `json:"last_run"`
	// Sources maps a harness name to the state of each file it read, by path.
	Sources map[string]map[string]FileState `json:"sources"`
}

// loadManifest reads <outDir>/manifest.json. A missing manifest is an empty
// one. An unreadable or corrupt one is reported as a Problem and replaced by
// an empty one: every transcript is read again, and the copies this writes
// are harmless (the reader of the calls table keeps one row per call_key).
func loadManifest(outDir string) (manifest, *Problem, error) {
	m := manifest{Version: manifestVersion, Sources: map[string]map[string]FileState{}}
	path := filepath.Join(outDir, ManifestName)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil, nil
	}
	if err != nil {
		return m, &Problem{File: path, Msg: "cannot read the manifest, every transcript is read again: " + err.Error()}, nil
	}
	var got manifest
	if err := json.Unmarshal(data, &got); err != nil {
		return m, &Problem{File: path, Msg: "corrupt manifest, every transcript is read again: " + err.Error()}, nil
	}
	if got.Version > manifestVersion {
		return m, nil, fmt.Errorf("%s: manifest version %d is newer than this permsim understands (%d); use a newer permsim or another --out", path, got.Version, manifestVersion)
	}
	if got.Version == 1 || (got.Version == 2 && len(got.Sources[toolcall.OpenCode]) > 0) {
		// Its calls rows carry the old keys, which the new ones would not
		// dedupe against: reading on would count every call twice.
		return m, nil, fmt.Errorf("%s: this store was written by an older permsim whose call keys mixed up calls of different sessions; ingest into a new --out (or delete %s) to read every transcript again", path, outDir)
	}
	if got.Version < 1 {
		return m, &Problem{File: path, Msg: fmt.Sprintf("manifest version %d is not known, every transcript is read again", got.Version)}, nil
	}
	if got.Sources == nil {
		got.Sources = map[string]map[string]FileState{}
	}
	got.Version = manifestVersion
	return got, nil, nil
}

// saveManifest writes the manifest to a temp file, syncs it and renames it
// over the old one, so a crash leaves either the old or the new manifest.
func saveManifest(outDir string, m manifest) error {
	m.Version = manifestVersion
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	path := filepath.Join(outDir, ManifestName)
	tmp := filepath.Join(outDir, "."+ManifestName+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(append(data, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
