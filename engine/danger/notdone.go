package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Writes that name a log or a system folder without doing what the
// category says (issue 30, round 3: false alarms of the independent
// parts, by mechanism).

// keepsRecords reports a write of fileUses that empties no existing log
// or history: mkdir and touch make a name (touch never truncates), a
// copy into a folder (the target written with a trailing slash) adds a
// file beside the others, and a path inside a folder the line itself made
// with mkdir held nothing before the line ("mkdir -p /var/spool/mail/copy;
// cp -R … /var/spool/mail/copy/").
func (c *checker) keepsRecords(f shell.FileUse, dir string) bool {
	switch {
	case f.Via == "mkdir" || f.Via == "touch":
		return true
	case f.Via != "redirect" && strings.HasSuffix(f.Path, "/"):
		return true
	}
	return c.madeByLine(shell.Word{Lit: f.Path, Raw: f.Path, Literal: true}, dir)
}

// systemTopLevels are the root's folders that belong to the system
// (the FHS's, and macOS's), whose owner decides who may change what the
// system runs or stores.
var systemTopLevels = map[string]bool{
	"/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true, "/lib": true, "/lib32": true,
	"/lib64": true, "/libx32": true, "/media": true, "/mnt": true, "/opt": true, "/proc": true, "/root": true,
	"/run": true, "/sbin": true, "/srv": true, "/sys": true, "/tmp": true, "/usr": true, "/var": true,
	"/snap": true, "/System": true, "/Library": true, "/Applications": true, "/Users": true, "/private": true,
	"/Volumes": true, "/cores": true, "/nix": true,
}

// systemTopLevel reports a top-level folder of the system; one a site
// made for its own data ("/ftphome", "/data", "/app") given to a user
// gives away no system file.
func systemTopLevel(abs string) bool {
	return path.Dir(abs) == "/" && systemTopLevels[abs]
}
