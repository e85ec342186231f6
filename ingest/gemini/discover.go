package gemini

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
)

// Files lists the chat files under one home: every
// tmp/<project id>/chats/session-*.json and session-*.jsonl, and the
// subagent chats under chats/<parent session id>/. All the files of one
// tmp/<project id> folder form one group (File.Group is that folder), so
// that a legacy sha256-named folder's project root, recovered from the
// paths in its calls, serves every chat in it. Folders come in name order
// (their paths' order: they share tmp/), a folder's files in path order;
// one folder's list is held at a time.
//
// The root is $GEMINI_CLI_HOME/.gemini when home is the user's own home
// (or empty) and the variable is set, else <home>/.gemini. logs.json and
// other side files are not transcripts and are not listed. A missing root
// is not an error; a folder that exists but cannot be listed is, and the
// listing goes on. Links named like chats are listed too, so that one
// whose target is gone is reported by Read.
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	// $GEMINI_CLI_HOME stands for the home, not for .gemini.
	root := filepath.Join(ingest.Root(home, "GEMINI_CLI_HOME", ""), ".gemini")
	// A folder is its chats' group key: folders in name order.
	return ingest.Folders(home, filepath.Join(root, "tmp"), false, folderChats)
}

// folderChats lists the chats of one tmp/<project id> folder in path
// order, with the errors of its folders that cannot be listed.
func folderChats(folder string) ([]ingest.File, []error) {
	chats := filepath.Join(folder, "chats")
	ents, err := safefile.ReadDir(chats)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return nil, []error{err}
		}
		return nil, nil
	}
	var files []ingest.File
	var errs []error
	for _, c := range ents {
		p := filepath.Join(chats, c.Name())
		if c.IsDir() {
			subs, err := safefile.ReadDir(p)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			for _, sc := range subs {
				if !sc.IsDir() && isChat(sc.Name()) {
					files = append(files, ingest.File{Path: filepath.Join(p, sc.Name()), Group: folder})
				}
			}
			continue
		}
		if strings.HasPrefix(c.Name(), "session-") && isChat(c.Name()) {
			files = append(files, ingest.File{Path: p, Group: folder})
		}
	}
	slices.SortFunc(files, func(a, b ingest.File) int { return strings.Compare(a.Path, b.Path) })
	return files, errs
}

func isChat(name string) bool {
	return strings.HasSuffix(name, ".json") || strings.HasSuffix(name, ".jsonl")
}

// folderOf returns the tmp/<project id> folder a chat file lives in, and
// for a subagent chat (chats/<parent>/<agent>.jsonl) the parent session id.
func folderOf(path string) (folder, parent string) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "chats" {
		return filepath.Dir(dir), ""
	}
	if filepath.Base(filepath.Dir(dir)) == "chats" {
		return filepath.Dir(filepath.Dir(dir)), filepath.Base(dir)
	}
	return dir, ""
}

// project is what is known of one tmp/<project id> folder's project root.
type project struct {
	folder string
	id     string // the folder name: a slug (v0.29+) or sha256 hex of the root
	root   string // the project root, once known
	// candidates are absolute paths seen in the calls of the folder's
	// chats, for hashing when the folder records no root.
	candidates []string
}

// newProject looks up the project root of a tmp/<id> folder the way the
// Gemini CLI records it: tmp/<id>/.project_root, the projects.json
// registry ({"projects": {"<root>": "<id>"}}), history/<id>/.project_root.
// A legacy sha256 folder (or a slug folder whose record is gone) has none;
// its root is found later by hashing (see resolve).
func newProject(folder string) *project {
	p := &project{folder: folder, id: filepath.Base(folder)}
	global := filepath.Dir(filepath.Dir(folder))
	if r := readRoot(filepath.Join(folder, ".project_root")); r != "" {
		p.root = r
		return p
	}
	if b, err := safefile.ReadFile(filepath.Join(global, "projects.json"), safefile.SettingsCap); err == nil {
		var reg struct {
			Projects map[string]string `json:"projects"`
		}
		if json.Unmarshal(b, &reg) == nil {
			var roots []string
			for root, id := range reg.Projects {
				if id == p.id {
					roots = append(roots, root)
				}
			}
			if len(roots) == 1 {
				p.root = roots[0]
				return p
			}
		}
	}
	if r := readRoot(filepath.Join(global, "history", p.id, ".project_root")); r != "" {
		p.root = r
	}
	return p
}

func readRoot(path string) string {
	b, err := safefile.ReadFile(path, safefile.SettingsCap)
	if err != nil || len(b) > 4096 {
		return ""
	}
	r := strings.TrimSpace(string(b))
	if !filepath.IsAbs(r) {
		return ""
	}
	return r
}

// isHash reports whether s is a sha256 in hex, as legacy folder names and
// the chats' projectHash are.
func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// resolve finds the project root whose sha256 is one of hashes by hashing
// each candidate path and its ancestors (transcript-formats.md §3.1: "hash
// the ancestors of absolute paths seen in its tool arguments"). The
// deepest match wins, though two folders rarely share a hash.
func resolve(hashes []string, candidates []string) string {
	want := map[string]bool{}
	for _, h := range hashes {
		if isHash(h) {
			want[strings.ToLower(h)] = true
		}
	}
	if len(want) == 0 {
		return ""
	}
	tried := map[string]bool{}
	for _, c := range candidates {
		for p := filepath.Clean(c); filepath.IsAbs(p); p = filepath.Dir(p) {
			if tried[p] {
				break
			}
			tried[p] = true
			sum := sha256.Sum256([]byte(p))
			if want[hex.EncodeToString(sum[:])] {
				return p
			}
			if p == filepath.Dir(p) {
				break
			}
		}
	}
	return ""
}
