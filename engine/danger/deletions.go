package danger

import (
	"github.com/permsim/permsim/engine/shell"
)

// Deletions of round 5 (issue 30): where what is lost is decided by an
// option of the deleting program (rsync's --delete, find's -empty).

func init() {
	addRuleTexts(map[string]string{
		"rsyncDelete": "rsync --delete (--del, --delete-before|during|delay|after|excluded) onto a local folder other than build output, a temporary folder or one the line made",
	})
}

// emptyFoldersOnly reports a find whose -empty is limited to folders
// ("-type d -empty"): find(1)'s -empty also takes empty regular files,
// which are content by being there (__init__.py, .gitkeep, a lock).
func emptyFoldersOnly(cmd *shell.Command) bool {
	if !hasLit(cmd.Args, "-empty") {
		return false
	}
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == "-type" && i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == "d" {
			return true
		}
	}
	return false
}
