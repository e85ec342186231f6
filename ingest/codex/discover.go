package codex

import (
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/ingest"
)

// Files lists the rollouts under one home: every rollout-*.jsonl and
// rollout-*.jsonl.zst under <root>/sessions/ (any depth: YYYY/MM/DD) and
// <root>/archived_sessions/, in path order. When both a plain rollout and
// its .zst form exist the plain one is listed alone, as Codex itself
// prefers it. Each file is its own group: a rollout carries its own mode
// in its turn_contexts, and copies in other rollouts are told apart by
// CopyRank.
//
// The root is $CODEX_HOME when home is the user's own home (or empty) and
// the variable is set, else <home>/.codex. A missing root is not an error;
// a folder that exists but cannot be listed is, and the listing goes on.
// Links named like rollouts are listed too, so that one whose target is
// gone is reported by Read rather than silently missed. The walk holds
// one folder's entries per level (ingest.WalkSorted), never the list. A
// sessions folder linked to the root, above the home or into another
// user's home is refused (ingest.Confined) with an error naming it.
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	return func(yield func(ingest.File, error) bool) {
		root := ingest.Root(home, "CODEX_HOME", ".codex")
		// "archived_sessions" sorts before "sessions": path order.
		for _, sub := range []string{"archived_sessions", "sessions"} {
			dir := filepath.Join(root, sub)
			if _, err := os.Stat(dir); err != nil {
				continue
			}
			ok := ingest.WalkSorted(home, dir, func(p string, d fs.DirEntry, err error) bool {
				if err != nil {
					return yield(ingest.File{}, err)
				}
				if !isRollout(d.Name()) {
					return true
				}
				if strings.HasSuffix(p, ".zst") {
					if _, err := os.Lstat(strings.TrimSuffix(p, ".zst")); err == nil {
						return true
					}
				}
				return yield(ingest.File{Path: p}, nil)
			})
			if !ok {
				return
			}
		}
	}
}

func isRollout(name string) bool {
	return strings.HasPrefix(name, "rollout-") && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".jsonl.zst"))
}
