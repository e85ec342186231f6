package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"editorOpensLayout": "an editor opening the files that lay out the machine's volumes and boot (fstab, crypttab, GRUB's settings, mdadm's arrays), or a host's root or startup files through Vim's netrw (scp://host//etc/…)",
	})
}

// layoutFiles lay out the machine's volumes and boot: the mount table,
// encrypted volumes, GRUB's settings, software RAID arrays.
var layoutFiles = []string{
	"/etc/fstab", "/etc/crypttab", "/etc/default/grub", "/etc/mdadm.conf", "/etc/mdadm/mdadm.conf",
	"/boot/grub/grub.cfg", "/boot/grub2/grub.cfg", "/etc/vfstab",
}

// netrwPath returns the absolute path on the remote host that Vim's
// netrw edits for scp://, sftp://, rsync:// and ftp:// URLs: after
// "PROTO://[USER@]HOST[:PORT]/", a second slash starts an absolute path
// (one slash names a path in the remote home, which says nothing of the
// host's own files).
func netrwPath(s string) (string, bool) {
	for _, proto := range []string{"scp://", "sftp://", "rsync://", "ftp://"} {
		rest, ok := strings.CutPrefix(s, proto)
		if !ok {
			continue
		}
		_, p, ok := strings.Cut(rest, "/")
		if !ok || !strings.HasPrefix(p, "/") {
			return "", false
		}
		return path.Clean(p), true
	}
	return "", false
}

// editorOpensLayout: an editor opening a layout file (disk-system), and
// through netrw a remote host's file that decides who may become root
// or that its shells and services start (as editorOpens judges local
// ones).
func (c *checker) editorOpensLayout(u unit) {
	cmd, name, ok := u.program()
	if !ok || !editors[name] {
		return
	}
	for _, o := range operands(cmd.Args) {
		if !o.Literal || strings.HasPrefix(o.Lit, "+") {
			continue
		}
		abs, remote := netrwPath(o.Lit)
		if !remote {
			p, ok := shell.PathOf(o)
			if !ok {
				continue
			}
			abs = shell.Resolve(p, u.dir, c.home)
		}
		for _, f := range layoutFiles {
			if abs == f {
				c.because(name, o.Lit)
				c.add(DiskSystem)
			}
		}
		if !remote {
			continue // editorOpens judges local root and startup files
		}
		switch {
		case GrantsRoot(abs):
			c.because(name, o.Lit)
			c.add(PrivilegeEscalation)
		case runsLaterKind(abs) == kindStartup:
			c.because(name, o.Lit)
			c.add(PersistenceStartupFiles)
		}
	}
}
