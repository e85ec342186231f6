package codex

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/ingest"
)

// Discover lists the rollouts under one home: every rollout-*.jsonl and
// rollout-*.jsonl.zst under <root>/sessions/ (any depth: YYYY/MM/DD) and
// <root>/archived_sessions/. When both a plain rollout and its .zst form
// exist the plain one is listed alone, as Codex itself prefers it. Each
// file is its own group: a rollout carries its own mode in its
// turn_contexts, and copies in other rollouts are told apart by CopyRank.
//
// The root is $CODEX_HOME when home is the user's own home (or empty) and
// the variable is set, else <home>/.codex. A missing root is not an error;
// a folder that exists but cannot be listed is, after everything else is
// listed. Links named like rollouts are listed too, so that one whose
// target is gone is reported by Read rather than silently missed.
func (s *Source) Discover(home string) ([]ingest.File, error) {
	root := ingest.Root(home, "CODEX_HOME", ".codex")
	var files []ingest.File
	var errs []error
	for _, sub := range []string{"sessions", "archived_sessions"} {
		dir := filepath.Join(root, sub)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, err)
				if d != nil && d.IsDir() && p != dir {
					return filepath.SkipDir
				}
				return nil
			}
			if d.IsDir() || !isRollout(d.Name()) {
				return nil
			}
			if strings.HasSuffix(p, ".zst") {
				if _, err := os.Lstat(strings.TrimSuffix(p, ".zst")); err == nil {
					return nil
				}
			}
			files = append(files, ingest.File{Path: p})
			return nil
		})
		if err != nil {
			errs = append(errs, err)
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, errors.Join(errs...)
}

func isRollout(name string) bool {
	return strings.HasPrefix(name, "rollout-") && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".jsonl.zst"))
}
