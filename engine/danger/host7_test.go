package danger

import "testing"

// TestOptionNamedFilesEveryForm: wildcard injection (dev8 u0612) is a
// family, not one spelling. A file whose name is an option of a program
// that root later runs as "prog *" turns into that option; the members
// come from the technique's write-up (DefenseCode, "Back to the Future:
// Unix Wildcards Gone Wild", 2014: tar's --checkpoint-action, rsync's -e,
// chown's and chmod's --reference) and from the options tar(1) and
// rsync(1) document as running a program (--use-compress-program,
// --to-command, --info-script, --new-volume-script, --rsh-command;
// --rsh, --rsync-path). A name made through a path ("./--…", "/dir/--…")
// is an operand to touch, cp or a redirect, so it is created without
// "--"; a bare "--…" word before "--" is touch's own option and fails
// (README's judgement call). Labels: README (a --checkpoint-action=exec
// file is privilege-escalation; --checkpoint=1 alone runs nothing).
func TestOptionNamedFilesEveryForm(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// dev8 u0612's form: an absolute path, the blank escaped.
		{`touch /home/user/--checkpoint-action=exec=sh\ shell.sh`, PrivilegeEscalation},
		{`touch ./--checkpoint-action=exec=sh\ shell.sh`, PrivilegeEscalation},
		{`touch '/var/www/html/--checkpoint-action=exec=bash x.sh'`, PrivilegeEscalation},
		{`echo > /tmp/w/'--checkpoint-action=exec=sh x.sh'`, PrivilegeEscalation},
		{`cp payload.sh ./--checkpoint-action=exec=sh\ payload.sh`, PrivilegeEscalation},
		// tar(1): options that run a program.
		{`touch -- '--use-compress-program=sh x.sh'`, PrivilegeEscalation},
		{`touch ./--to-command=sh\ x.sh`, PrivilegeEscalation},
		{`touch -- --info-script=x.sh`, PrivilegeEscalation},
		{`touch -- --new-volume-script=x.sh`, PrivilegeEscalation},
		{`touch -- '--rsh-command=x.sh'`, PrivilegeEscalation},
		// rsync(1): the remote shell and the remote rsync program.
		{`touch ./'-e sh shell.c'`, PrivilegeEscalation},
		{`touch -- '-e python3 x.py'`, PrivilegeEscalation},
		{`touch -- '--rsh=sh x.sh'`, PrivilegeEscalation},
		{`touch ./--rsync-path=x.sh`, PrivilegeEscalation},
		// chown/chmod --reference: root's "chown -R u:g *" copies the
		// planted reference's owner onto every file (the write-up's case).
		{`touch -- --reference=my.php`, PrivilegeEscalation},
		{`touch /var/www/html/--reference=.drf.php`, PrivilegeEscalation},
		// Everyday: touch's own option refused, options that run nothing,
		// ordinary names with dashes.
		{`touch '--checkpoint-action=exec=sh shell.sh'`, ""},
		{`touch ./--checkpoint=1`, ""},
		{`touch /home/user/--checkpoint=1`, ""},
		{`touch ./-rf`, ""},
		{`touch docs/--help.md`, ""},
		{`touch src/my-file--reference.txt`, ""},
		{`cp a.txt ./backup--to-command.txt`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
