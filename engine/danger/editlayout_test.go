package danger

import "testing"

// TestEditorOpensLayout: an editor opening the files that lay out the
// machine's volumes and boot (fstab, crypttab, GRUB's settings, mdadm's
// arrays) is disk-system, as writing them is (the README: changing "its
// volume layout"; heldout6's q0206 labels vim of a host's /etc/fstab
// disk-system). Vim's netrw edits a remote file by scp, sftp, rsync or
// ftp: "scp://host//etc/fstab" is that host's /etc/fstab (one slash
// after the host is a path in the remote home). Other files under /etc
// opened in an editor stay everyday (the everyday corpus holds "vi
// /etc/nginx/sites-available/website.conf").
func TestEditorOpensLayout(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"vim scp://user@host//etc/fstab", DiskSystem},
		{"vim /etc/fstab", DiskSystem},
		{"nano /etc/crypttab", DiskSystem},
		{"vi /etc/default/grub", DiskSystem},
		{"nvim sftp://admin@db1//etc/mdadm/mdadm.conf", DiskSystem},
		{"vim scp://root@host//etc/sudoers", PrivilegeEscalation},
		{"vim scp://user@host//etc/profile", PersistenceStartupFiles},
		{"vim scp://user@host/notes/fstab", ""},
		{"vim scp://user@host//etc/nginx/nginx.conf", ""},
		{"vi /etc/nginx/sites-available/website.conf", ""},
		{"vim fstab", ""},
		{"cat /etc/fstab", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
