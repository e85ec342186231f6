package opencode

import (
	"errors"
	"io/fs"
	"iter"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/sqliteread"
	"github.com/permsim/permsim/internal/safefile"
)

// jsonGroupPrefix starts File.Group for the JSON records of one session;
// a database's group is the database's own path.
const jsonGroupPrefix = "opencode-json:"

// Files lists OpenCode's stores under one home folder:
//
//   - every database <data>/opencode.db and <data>/opencode-<channel>.db,
//     each a group of its own together with its -wal file when there is
//     one (a write that only reached the WAL must make the group look
//     changed), in path order;
//   - then the JSON records under <data>/storage/, one group per session
//     in the order of the session ids: the session file, its message files
//     and the part files of those messages (parts whose message belongs to
//     no known session form one more group, first).
//
// <data> is <home>/.local/share/opencode. Where home is the user's own
// home (or empty), $XDG_DATA_HOME/opencode replaces it when set, and
// $OPENCODE_DB (absolute, or relative to <data>) names one more database.
// A missing folder is not an error; one that exists but cannot be listed
// is, after everything else is listed.
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	return func(yield func(ingest.File, error) bool) {
		var errs []error
		var dbs []string
		addDB := func(p string) {
			p = ingest.Abs(p)
			fi, err := os.Stat(p)
			if err != nil || !fi.Mode().IsRegular() || slices.Contains(dbs, p) {
				return
			}
			dbs = append(dbs, p)
		}
		data, extraDB := dataDir(home)
		data = ingest.Abs(data)
		// The data folder, or its storage folder, linked to the root, above
		// the home or into another user's home is not searched.
		for _, d := range []string{data, filepath.Join(data, "storage")} {
			if err := ingest.Confined(home, d); err != nil {
				yield(ingest.File{}, err)
				return
			}
		}
		entries, err := safefile.ReadDir(data)
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
		// A database's group key is its absolute path, which sorts before
		// the JSON groups' "opencode-json:…".
		slices.Sort(dbs)
		for _, db := range dbs {
			for _, f := range sqliteread.GroupFiles(db) {
				if !yield(f, nil) {
					return
				}
			}
		}
		if !jsonFiles(filepath.Join(data, "storage"), func(f ingest.File) bool { return yield(f, nil) }, &errs) {
			return
		}
		for _, err := range errs {
			if !yield(ingest.File{}, err) {
				return
			}
		}
	}
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

// jsonFiles lists the JSON records under storage: session/<project>/
// <session>.json, message/<session>/<message>.json and part/<message>/
// <part>.json, grouped by session, a group's files in the order of their
// paths kind by kind (session, messages, parts), groups by session id; it
// returns false when yield did. Memory holds the session and message ids
// (a part's session is its message's) and one group's files, not the
// part files of the store, which are most of its files. Folders that
// cannot be listed are added to errs.
func jsonFiles(storage string, yield func(ingest.File) bool, errs *[]error) bool {
	if _, err := os.Stat(storage); err != nil {
		return true
	}
	list := func(dir string) []string {
		es, err := safefile.ReadDir(dir)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				*errs = append(*errs, err)
			}
			return nil
		}
		names := make([]string, 0, len(es))
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	jsonNames := func(dir string) []string {
		var out []string
		for _, n := range list(dir) {
			if strings.HasSuffix(n, ".json") {
				out = append(out, n)
			}
		}
		return out
	}

	// A session file found in two project folders: the later folder's, as
	// the listing once kept it.
	sessionFile := map[string]string{}
	for _, proj := range list(filepath.Join(storage, "session")) {
		dir := filepath.Join(storage, "session", proj)
		for _, n := range jsonNames(dir) {
			sessionFile[strings.TrimSuffix(n, ".json")] = filepath.Join(dir, n)
		}
	}
	// owner maps a message id to its session (the later session folder's
	// when two hold it): its parts go to that session's group.
	msgSessions := list(filepath.Join(storage, "message"))
	owner := map[string]string{}
	hasMsgs := map[string]bool{}
	for _, sid := range msgSessions {
		for _, n := range jsonNames(filepath.Join(storage, "message", sid)) {
			owner[strings.TrimSuffix(n, ".json")] = sid
			hasMsgs[sid] = true
		}
	}
	partDirs := list(filepath.Join(storage, "part"))
	// Part folders in the order of their paths ("a-b/x" before "a/x").
	slices.SortFunc(partDirs, func(a, b string) int { return strings.Compare(a+"/", b+"/") })
	parts := func(mid string) []string {
		dir := filepath.Join(storage, "part", mid)
		names := jsonNames(dir)
		for i, n := range names {
			names[i] = filepath.Join(dir, n)
		}
		return names
	}

	ids := slices.Collect(maps.Keys(sessionFile))
	for sid := range hasMsgs {
		if _, ok := sessionFile[sid]; !ok {
			ids = append(ids, sid)
		}
	}
	// The parts of unknown messages: the group of session id "".
	var orphans []string
	for _, mid := range partDirs {
		if _, ok := owner[mid]; !ok {
			orphans = append(orphans, parts(mid)...)
		}
	}
	if len(orphans) > 0 {
		ids = append(ids, "")
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		group := jsonGroupPrefix + storage + "\x00" + id
		var files []string
		if id == "" {
			files = orphans
		} else {
			if f := sessionFile[id]; f != "" {
				files = append(files, f)
			}
			dir := filepath.Join(storage, "message", id)
			var mids []string
			for _, n := range jsonNames(dir) {
				files = append(files, filepath.Join(dir, n))
				if mid := strings.TrimSuffix(n, ".json"); owner[mid] == id {
					mids = append(mids, mid)
				}
			}
			slices.SortFunc(mids, func(a, b string) int { return strings.Compare(a+"/", b+"/") })
			mids = slices.Compact(mids)
			for _, mid := range mids {
				files = append(files, parts(mid)...)
			}
		}
		for _, p := range files {
			if !yield(ingest.File{Path: p, Group: group}) {
				return false
			}
		}
	}
	return true
}
