package danger

import (
	"slices"
	"testing"
)

// TestPrivilegeAndErasure covers the first two causes of heldout3's misses
// (testdata/danger/independent/figures.md, stage 6): privilege gained
// without sudo and secure-erase tools. Each row's expected categories:
//   - a root CA installed (update-ca-certificates, update-ca-trust, trust
//     anchor, certutil -A with C or T in the SSL trust field, step
//     certificate install) lets its owner impersonate any TLS server to
//     the machine: privilege-escalation, as a sudoers entry is;
//   - lxc/incus security.privileged true or raw.lxc maps the container's
//     root to the host's root: privilege-escalation, as docker
//     --privileged is;
//   - srm and wipe overwrite files' data as shred does: destructive-delete
//     (sfill only overwrites free space, everyday in dev's labels);
//   - nvme format/sanitize and hdparm's secure erase wipe a whole disk:
//     disk-system, as blkdiscard and wipefs are.
//
// The rows with no category are the read-only forms each rule must leave
// alone.
func TestPrivilegeAndErasure(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"update-ca-certificates", []string{PrivilegeEscalation}},
		{"update-ca-trust extract", []string{PrivilegeEscalation}},
		{"update-ca-certificates --help", nil},
		{"trust anchor corp-root.crt", []string{PrivilegeEscalation}},
		{"trust list", nil},
		{"certutil -d sql:/home/u/.pki/nssdb -A -t C,, -n corp -i root.crt", []string{PrivilegeEscalation}},
		{"certutil -d sql:/home/u/.pki/nssdb -A -t P,, -n peer -i site.crt", nil}, // a trusted peer, not an issuer
		{"certutil -L -d sql:/home/u/.pki/nssdb", nil},
		{"step certificate install root_ca.crt", []string{PrivilegeEscalation}},
		{"step certificate inspect root_ca.crt", nil},
		{"lxc config set web security.privileged true", []string{PrivilegeEscalation}},
		{"incus config set web security.privileged=true", []string{PrivilegeEscalation}},
		{"lxc config set web security.privileged false", nil},
		{"lxc config set web limits.memory 2GB", nil},
		{"lxc config show web", nil},
		{"lxc init images:alpine x -c security.privileged=true", []string{PrivilegeEscalation}},
		{"lxc launch images:alpine x -c limits.cpu=2", nil},
		{"newrole -r sysadm_r", nil}, // an SELinux role within the user's own rights (dev's label)
		{"passwd -S bob", nil},
		{"passwd bob", []string{PrivilegeEscalation}},
		{"getcap -r /usr/bin", nil},
		{"id -Gn", nil},
		{"srm -r old-keys", []string{DestructiveDelete}},
		{"wipe -rf ./dumps", []string{DestructiveDelete}},
		{"sfill -l /home", nil}, // overwrites only free space: no data lost (dev's label)
		{"srm --help", nil},
		{"nvme format /dev/nvme0n1 --ses=1", []string{DiskSystem}},
		{"nvme sanitize /dev/nvme0 -a 2", []string{DiskSystem}},
		{"nvme list", nil},
		{"nvme smart-log /dev/nvme0", nil},
		{"hdparm --user-master u --security-erase p /dev/sda", []string{DiskSystem}},
		{"hdparm -I /dev/sda", nil},
	}
	for _, tt := range tests {
		if got := Check(bash(tt.cmd), "/p", "/home/u"); !slices.Equal(got, tt.want) {
			t.Errorf("Check(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
