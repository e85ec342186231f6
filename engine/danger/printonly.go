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
