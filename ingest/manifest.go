package ingest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/permsim/permsim/internal/safefile"
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
	f, err := safefile.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return m, nil, nil
	}
	if err != nil {
		return m, &Problem{File: path, Msg: "cannot read the manifest, every transcript is read again: " + err.Error()}, nil
	}
	got, err := readManifest(bufio.NewReaderSize(f, 64<<10))
	f.Close()
	if err != nil {
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

// readManifest decodes a manifest one file entry at a time: json.Unmarshal
// of the whole file held the file and its decoded maps at once, a peak
// that grew with the number of transcripts (issue 15). Members other than
// version, last_run and sources are skipped, as Unmarshal skipped them.
func readManifest(r io.Reader) (manifest, error) {
	var m manifest
	d := json.NewDecoder(r)
	_, err := readObject(d, func(key string) error {
		switch key {
		case "version":
			return d.Decode(&m.Version)
		case "last_run":
			return d.Decode(&m.LastRun)
		case "sources":
			m.Sources = map[string]map[string]FileState{}
			null, err := readObject(d, func(h string) error {
				files := map[string]FileState{}
				null, err := readObject(d, func(path string) error {
					var st FileState
					if err := d.Decode(&st); err != nil {
						return err
					}
					files[path] = st
					return nil
				})
				if !null {
					m.Sources[h] = files
				} else {
					m.Sources[h] = nil
				}
				return err
			})
			if null {
				m.Sources = nil
			}
			return err
		}
		var skip json.RawMessage
		return d.Decode(&skip)
	})
	if err != nil {
		return m, err
	}
	if _, err := d.Token(); err != io.EOF {
		return m, errors.New("data after the manifest's object")
	}
	return m, nil
}

// readObject reads a JSON object (or null, reported by null) from d,
// calling member for each key with d at the member's value, which member
// must consume.
func readObject(d *json.Decoder, member func(key string) error) (null bool, err error) {
	tok, err := d.Token()
	if err != nil {
		return false, err
	}
	if tok == nil {
		return true, nil
	}
	if tok != json.Delim('{') {
		return false, fmt.Errorf("want an object, got %v", tok)
	}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return false, err
		}
		key, ok := tok.(string)
		if !ok {
			return false, fmt.Errorf("want a member name, got %v", tok)
		}
		if err := member(key); err != nil {
			return false, err
		}
	}
	_, err = d.Token() // the closing brace: More said there is no member
	return false, err
}

// saveManifest writes the manifest to a temp file, syncs it and renames it
// over the old one, so a crash leaves either the old or the new manifest.
func saveManifest(outDir string, m manifest) error {
	m.Version = manifestVersion
	path := filepath.Join(outDir, ManifestName)
	tmp := filepath.Join(outDir, "."+ManifestName+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 64<<10)
	err = writeManifest(w, m)
	if err == nil {
		err = w.Flush()
	}
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

// writeManifest writes m as json.MarshalIndent(m, "", " ") would, followed
// by a newline, one file entry at a time: the manifest of a home of many
// transcripts marshalled whole (and indented: a second copy) was the peak
// of ingest's memory, growing with the number of files (issue 15,
// TestMemoryInFiles: 26 MB at 20,000 files).
func writeManifest(w *bufio.Writer, m manifest) error {
	fmt.Fprintf(w, "{\n \"version\": %d,\n \"last_run\": %d,\n \"sources\": ", m.Version, m.LastRun)
	err := writeObject(w, m.Sources, " ", func(files map[string]FileState) error {
		return writeObject(w, files, "  ", func(st FileState) error { return writeJSON(w, st, "   ") })
	})
	if err != nil {
		return err
	}
	_, err = w.WriteString("\n}\n")
	return err
}

// writeObject writes a map as json.MarshalIndent with the prefix and a
// one-space indent writes it: null for a nil map, {} for an empty one, else
// its members sorted by key, each value written by value.
func writeObject[V any](w *bufio.Writer, m map[string]V, prefix string, value func(V) error) error {
	switch {
	case m == nil:
		_, err := w.WriteString("null")
		return err
	case len(m) == 0:
		_, err := w.WriteString("{}")
		return err
	}
	w.WriteString("{")
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n" + prefix + " ")
		if err := writeJSON(w, k, ""); err != nil {
			return err
		}
		w.WriteString(": ")
		if err := value(m[k]); err != nil {
			return err
		}
	}
	_, err := w.WriteString("\n" + prefix + "}")
	return err
}

// writeJSON writes v as json.MarshalIndent with the prefix and a one-space
// indent, as it stands inside the manifest.
func writeJSON(w *bufio.Writer, v any, prefix string) error {
	b, err := json.MarshalIndent(v, prefix, " ")
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
