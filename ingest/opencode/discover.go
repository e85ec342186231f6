package opencode

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/sqliteread"
)

// jsonGroupPrefix starts File.Group for the JSON records of one session;
// a database's group is the database's own path.
const jsonGroupPrefix = "opencode-json:"

// Discover lists OpenCode's stores under one home folder:
//
//   - every database <data>/opencode.db and <data>/opencode-<channel>.db,
//     each a group of its own together with its -wal file when there is
//     one (a write that only reached the WAL must make the group look
//     changed);
//   - the JSON records under <data>/storage/, one group per session: the
//     session file, its message files and the part files of those messages
//     (parts whose message belongs to no known session form one more group).
//
// <data> is <home>/.local/share/opencode. Where home is the user's own
// home (or empty), $XDG_DATA_HOME/opencode replaces it when set, and
// $OPENCODE_DB (absolute, or relative to <data>) names one more database.
// A missing folder is not an error; one that exists but cannot be listed
// is, after everything else is listed.
func (s *Source) Discover(home string) ([]ingest.File, error) {
	var files []ingest.File
	var errs []error
	seen := map[string]bool{}
	addDB := func(p string) {
		p = ingest.Abs(p)
		fi, err := os.Stat(p)
		if err != nil || !fi.Mode().IsRegular() || seen[p] {
			return
		}
		seen[p] = true
		files = append(files, sqliteread.GroupFiles(p)...)
	}
	data, extraDB := dataDir(home)
	data = ingest.Abs(data)
	entries, err := os.ReadDir(data)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		errs = append(errs, err)
	}
	for _, e := range entries {
		if isDatabaseName(e.Name()) {
			addDB(filepath.Join(data, e.Name()))
		}
	}
	if extraDB != "" {
		addDB(extraDB)
	}
	js, err := discoverJSON(filepath.Join(data, "storage"))
	files = append(files, js...)
	if err != nil {
		errs = append(errs, err)
	}
	return files, errors.Join(errs...)
}

// dataDir returns OpenCode's data folder for home and, for the user's own
// home, the database $OPENCODE_DB names.
func dataDir(home string) (dir, db string) {
	home, own := ingest.OwnHome(home)
	dir = filepath.Join(home, ".local", "share", "opencode")
	if !own {
		return dir, ""
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		dir = filepath.Join(x, "opencode")
	}
	if d := os.Getenv("OPENCODE_DB"); d != "" && d != ":memory:" {
		if !filepath.IsAbs(d) {
			d = filepath.Join(dir, d)
		}
		db = d
	}
	return dir, db
}

// isDatabaseName matches opencode.db and opencode-<channel>.db.
func isDatabaseName(name string) bool {
	return name == "opencode.db" || (strings.HasPrefix(name, "opencode-") && strings.HasSuffix(name, ".db"))
}

// discoverJSON lists the JSON records under storage: session/<project>/
// <session>.json, message/<session>/<message>.json and part/<message>/
// <part>.json, grouped by session.
func discoverJSON(storage string) ([]ingest.File, error) {
	if _, err := os.Stat(storage); err != nil {
		return nil, nil
	}
	var errs []error
	list := func(dir string) []string {
		es, err := os.ReadDir(dir)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
			return nil
		}
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	jsonFiles := func(dir string) []string {
		var out []string
		for _, n := range list(dir) {
			if strings.HasSuffix(n, ".json") {
				out = append(out, n)
			}
		}
		return out
	}

	type sess struct {
		file  string
		msgs  []string
		parts []string
	}
	sessions := map[string]*sess{}
	get := func(id string) *sess {
		s := sessions[id]
		if s == nil {
			s = &sess{}
			sessions[id] = s
		}
		return s
	}
	for _, proj := range list(filepath.Join(storage, "session")) {
		dir := filepath.Join(storage, "session", proj)
		for _, n := range jsonFiles(dir) {
			get(strings.TrimSuffix(n, ".json")).file = filepath.Join(dir, n)
		}
	}
	msgSession := map[string]string{}
	for _, sid := range list(filepath.Join(storage, "message")) {
		dir := filepath.Join(storage, "message", sid)
		for _, n := range jsonFiles(dir) {
			get(sid).msgs = append(get(sid).msgs, filepath.Join(dir, n))
			msgSession[strings.TrimSuffix(n, ".json")] = sid
		}
	}
	for _, mid := range list(filepath.Join(storage, "part")) {
		dir := filepath.Join(storage, "part", mid)
		sid := msgSession[mid] // "" collects the parts of unknown messages
		for _, n := range jsonFiles(dir) {
			get(sid).parts = append(get(sid).parts, filepath.Join(dir, n))
		}
	}

	ids := make([]string, 0, len(sessions))
	for id := range sessions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var files []ingest.File
	for _, id := range ids {
		s := sessions[id]
		group := jsonGroupPrefix + storage + "\x00" + id
		if s.file != "" {
			files = append(files, ingest.File{Path: s.file, Group: group})
		}
		sort.Strings(s.msgs)
		sort.Strings(s.parts)
		for _, p := range s.msgs {
			files = append(files, ingest.File{Path: p, Group: group})
		}
		for _, p := range s.parts {
			files = append(files, ingest.File{Path: p, Group: group})
		}
	}
	return files, errors.Join(errs...)
}
