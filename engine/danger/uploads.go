package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Local data sent to another host (network-exfiltration): inline programs
// that read a file and send it, backups to a remote repository, the session's
// captures piped out, FTP and other stdin-driven transfer clients, and the
// request-body options of curl and wget.

// azUploadOpts are the options az storage blob upload and upload-batch
// require to name where the files go (az's reference marks them
// "[Required]"): the container, or the batch's destination.
var azUploadOpts = map[string][]string{
	"upload":       {"-c", "--container-name", "--container"},
	"upload-batch": {"-d", "--destination"},
}

// azUploadUnaddressed reports az storage blob upload|upload-batch without
// the option naming its container: az rejects the missing argument and
// uploads nothing.
func azUploadUnaddressed(name string, vs []string, args []shell.Word) bool {
	if name != "az" || len(vs) < 3 || vs[0] != "storage" || vs[1] != "blob" {
		return false
	}
	opts, ok := azUploadOpts[vs[2]]
	if !ok {
		return false
	}
	return !slices.ContainsFunc(args, func(w shell.Word) bool {
		o, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && slices.Contains(opts, o)
	})
}
