package claude

import (
	"bytes"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonscan"
	"github.com/permsim/permsim/internal/safefile"
)

// Files lists the transcript files under one home: every
// projects/<slug>/*.jsonl session file, its <session>/subagents/…/agent-*.jsonl
// files, and the older <slug>/agent-*.jsonl subagent files, grouped with
// the session they belong to (File.Group is the session file's path, the
// session file first in its group). Groups come in path order of their
// session files; one project folder's list is held at a time, and the
// roots' listings are merged (ingest.MergeFiles).
//
// Where home is the user's own home (or empty), $CLAUDE_CONFIG_DIR (a
// comma-separated list) replaces the default roots; otherwise the roots
// are <home>/.claude and <home>/.config/claude (and, for the user's home,
// $XDG_CONFIG_HOME/claude). tool-results/ and other side folders are not
// transcripts and are not listed. A missing root is not an error; a root
// that exists but cannot be listed is, after everything else is listed.
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	var roots []iter.Seq2[ingest.File, error]
	seen := map[string]bool{}
	for _, root := range configRoots(home) {
		proj := filepath.Join(ingest.Abs(root), "projects")
		real, err := filepath.EvalSymlinks(proj)
		if err != nil || seen[real] {
			continue
		}
		seen[real] = true
		roots = append(roots, rootFiles(home, proj))
	}
	return ingest.MergeFiles(roots...)
}

// rootFiles lists the transcripts of one projects folder in group order:
// project folders by name read as name+"/" (the order of the paths under
// them), each folder's files sorted as Files says.
func rootFiles(home, proj string) iter.Seq2[ingest.File, error] {
	return ingest.Folders(home, proj, true, func(dir string) ([]ingest.File, []error) {
		files, err := discoverProject(dir)
		sortGroups(files)
		if err != nil {
			return files, []error{err}
		}
		return files, nil
	})
}

// sortGroups orders one project folder's files: by group, the session
// file first in its group, then by path.
func sortGroups(files []ingest.File) {
	sort.Slice(files, func(i, j int) bool {
		a, b := files[i], files[j]
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		if am, bm := a.Path == a.Group, b.Path == b.Group; am != bm {
			return am
		}
		return a.Path < b.Path
	})
}

// configRoots returns the Claude Code config folders to scan for home.
func configRoots(home string) []string {
	home, own := ingest.OwnHome(home)
	if own {
		if env := os.Getenv("CLAUDE_CONFIG_DIR"); strings.TrimSpace(env) != "" {
			uh, _ := os.UserHomeDir()
			var roots []string
			for _, d := range strings.Split(env, ",") {
				if d = strings.TrimSpace(d); d != "" {
					if rest, ok := strings.CutPrefix(d, "~/"); ok && uh != "" {
						d = filepath.Join(uh, rest)
					}
					roots = append(roots, d)
				}
			}
			return roots
		}
	}
	roots := []string{filepath.Join(home, ".claude"), filepath.Join(home, ".config", "claude")}
	if own {
		if x := os.Getenv("XDG_CONFIG_HOME"); x != "" {
			roots = append(roots, filepath.Join(x, "claude"))
		}
	}
	return roots
}

// discoverProject lists the transcripts of one projects/<slug> folder.
func discoverProject(dir string) ([]ingest.File, error) {
	entries, err := safefile.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []ingest.File
	for _, e := range entries {
		name := e.Name()
		p := filepath.Join(dir, name)
		if e.IsDir() {
			// <session>/subagents/ holds subagent transcripts (also under
			// workflows/<run>/); tool-results/, remote-agents/ … do not.
			group := p + ".jsonl"
			_ = filepath.WalkDir(filepath.Join(p, "subagents"), func(q string, d fs.DirEntry, err error) error {
				if err != nil {
					return nil
				}
				if !d.IsDir() && strings.HasPrefix(d.Name(), "agent-") && strings.HasSuffix(d.Name(), ".jsonl") {
					files = append(files, ingest.File{Path: q, Group: group})
				}
				return nil
			})
			continue
		}
		// A FIFO, socket or device under a transcript's name is listed:
		// Read refuses to open it and reports it (only regular files are
		// opened), rather than the file vanishing without a word.
		if !strings.HasSuffix(name, ".jsonl") || e.IsDir() {
			continue
		}
		group := p
		if strings.HasPrefix(name, "agent-") {
			// 2.0.28–2.1.1: the subagent file sits next to its session and
			// its records carry the parent's sessionId.
			if sid := firstSessionID(p); sid != "" {
				group = filepath.Join(dir, sid+".jsonl")
			}
		}
		files = append(files, ingest.File{Path: p, Group: group})
	}
	return files, nil
}

// firstSessionID returns the first "sessionId" string in the head of the
// file, "" when there is none in the first 64 KiB.
func firstSessionID(path string) string {
	f, err := safefile.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	// The head read is at most 64 KiB, and no more than the file holds.
	head := int64(64 << 10)
	if fi, err := f.Stat(); err == nil && fi.Size() < head {
		head = max(fi.Size(), 0)
	}
	buf := make([]byte, head)
	n, _ := io.ReadFull(f, buf)
	buf = buf[:n]
	key := []byte(`"sessionId"`)
	for i := 0; ; {
		k := bytes.Index(buf[i:], key)
		if k < 0 {
			return ""
		}
		j := jsonscan.SkipWS(buf, i+k+len(key))
		i += k + len(key)
		if j >= len(buf) || buf[j] != ':' {
			continue
		}
		j = jsonscan.SkipWS(buf, j+1)
		if j >= len(buf) || buf[j] != '"' {
			continue
		}
		e := jsonscan.SkipString(buf, j)
		if e < 0 {
			return ""
		}
		if sid := str(buf[j:e]); sid != "" && !strings.ContainsAny(sid, `/\`) {
			return sid
		}
	}
}
