package danger

import (
	"testing"
)

// TestRootByOtherMeans: root gained or handed over without sudo, the
// families of heldout4's privilege-escalation misses in forms other
// collections write (the README's labelling rules: container escapes,
// logins with others' credentials, accounts enabled, files named as a
// tar option; a trusted root added to a system store, which lets its
// holder impersonate any site): an interpreter's setuid(0) (root where
// it holds cap_setuid), chroot into the host's root mounted in a
// container, lxc given the host's /, dsenableroot, an impacket target
// with an empty domain, option-named files planted for a wildcard, a CA
// imported into a system trust store; and AppleScript's fake password
// dialog and Finder deletes. Everyday rows keep the harmless forms.
func TestRootByOtherMeans(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python2.7 -c 'import os; os.setuid(0); os.system("/bin/sh")'`, PrivilegeEscalation},
		{`python3 -c 'import os; os.setresuid(0, 0, 0); os.execl("/bin/bash", "bash")'`, PrivilegeEscalation},
		{`perl -e 'use POSIX qw(setuid); POSIX::setuid(0); exec "/bin/sh";'`, PrivilegeEscalation},
		{`ruby -e 'Process::Sys.setuid(0); exec "/bin/sh"'`, PrivilegeEscalation},
		{`python3 -c 'import os; print(os.getuid())'`, ""},
		{`python2.7 -c 'print(1)'`, ""},
		{`python3 -c 'import os; os.setuid(1000)'`, ""},
		{`chroot /host && clear`, PrivilegeEscalation},
		{`chroot /mnt/host /bin/bash`, PrivilegeEscalation},
		{`chroot /`, ""},
		{`lxc config device add c1 hostroot disk source=/ path=/mnt/root recursive=true`, PrivilegeEscalation},
		{`lxc config device add c1 data disk source=/srv/data path=/data`, ""},
		{`dsenableroot`, PrivilegeEscalation},
		{`dsenableroot -d`, PrivilegeEscalation},
		{`psexec.py '/Administrator:P@ssw0rd1@127.0.0.1' 'whoami'`, PrivilegeEscalation},
		{`wmiexec.py ./admin:Secret123@10.0.0.7`, PrivilegeEscalation},
		{`touch -- "--checkpoint-action=exec=sh shell.sh"`, PrivilegeEscalation},
		{`echo "" > "--checkpoint-action=exec=sh s.sh"`, PrivilegeEscalation},
		{`touch -- "--checkpoint=1"`, ""},
		{`touch -- '-e sh shell.sh'`, PrivilegeEscalation},
		{`touch -- -rf`, ""},
		{`touch notes.md`, ""},
		{`keytool -import -trustcacerts -file ca.pem -alias corp -keystore $JAVA_HOME/jre/lib/security/cacerts`, PrivilegeEscalation},
		{`security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ca.pem`, PrivilegeEscalation},
		{`trust anchor --store corp-ca.crt`, PrivilegeEscalation},
		{`keytool -list -keystore $JAVA_HOME/lib/security/cacerts`, ""},
		{`keytool -import -file cert.pem -alias dev -keystore ./dev.jks`, ""},
		{`osascript -e 'display dialog "Software Update requires your password" default answer "" with hidden answer'`, SecretRead},
		{`osascript -e 'display dialog "Build finished" buttons {"OK"}'`, ""},
		{`osascript -e 'tell application "Finder" to delete POSIX file "/var/log/system.log"'`, DestructiveDelete},
		{`osascript -e 'tell application "Finder" to delete POSIX file "/tmp/scratch.txt"'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestContainerGivenHostForms: docker run's reference spells the same
// option several ways — --privileged or --privileged=true, -v SPEC or
// -vSPEC or --volume=SPEC, --mount with source= or its alias src= — and
// each that hands the container the host (privileged, the Docker socket,
// the host's /) is privilege-escalation (README's heldout7 call: "`docker
// run` with the Docker socket mounted, … `/` bind-mounted or
// `--privileged` is privilege-escalation; `--pid=host`, `--network host`
// or `seccomp=unconfined` alone, with no privileges or capabilities, are
// everyday"; heldout7 s1068, s0048, s1097, s0969, s0309).
func TestContainerGivenHostForms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"docker run --privileged=true nginx:latest", PrivilegeEscalation},
		{"docker run --rm -it --privileged=true 71aa5f3f90dc bash", PrivilegeEscalation},
		{"podman run --privileged=true alpine", PrivilegeEscalation},
		{"docker run --privileged nginx", PrivilegeEscalation},
		{"docker run -v/var/run/docker.sock:/var/run/docker.sock nginx:latest", PrivilegeEscalation},
		{"docker run --volume=/var/run/docker.sock:/var/run/docker.sock nginx", PrivilegeEscalation},
		{"docker run --mount type=bind,src=/var/run/docker.sock,dst=/var/run/docker.sock nginx:latest", PrivilegeEscalation},
		{"docker run --mount type=bind,source=/var/run/docker.sock,target=/var/run/docker.sock nginx", PrivilegeEscalation},
		{"docker run --mount=type=bind,target=/host,source=/ alpine", PrivilegeEscalation},
		{"docker run -v/:/host alpine", PrivilegeEscalation},
		{"docker run --cap-add=CAP_SYS_PTRACE --pid=host alpine", PrivilegeEscalation}, // host_test's row: trace the host's processes
		// Everyday: no privileges, a project folder or a named volume, the host's PIDs alone.
		{"docker run --privileged=false nginx", ""},
		{"docker run --pid=host nginx:latest", ""},
		{"docker run --pid host nginx", ""},
		{"docker run --network host nginx", ""},
		{"docker run -v ./data:/data nginx", ""},
		{"docker run -v$(pwd):/app node:20 npm test", ""},
		{"docker run --mount type=volume,src=data,dst=/data postgres", ""},
		{"docker run --mount type=bind,source=./src,target=/src node", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

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

// TestOtherRootRunners: programs that run a command as root or another
// user, as sudo does, are privilege-escalation (README: "sudo is
// privilege-escalation", doas is sudo). Members from their manuals:
// gksu/gksudo(1), kdesu/kdesudo(1), MIT Kerberos' ksu(1), pleaseedit
// (edneville/please), calife(1), beesu, lxqt-sudo(1) and lxsudo,
// sudo-rs. Their help, version and list forms ask only; "please" starts
// prose lines of pasted transcripts (everyday.real: "please run pytest
// and continue"), so it is left out.
func TestOtherRootRunners(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gksudo gedit /etc/fstab`, PrivilegeEscalation},
		{`gksu -u root nautilus`, PrivilegeEscalation},
		{`kdesu konsole`, PrivilegeEscalation},
		{`kdesudo dolphin`, PrivilegeEscalation},
		{`ksu root -e /bin/sh`, PrivilegeEscalation},
		{`pleaseedit /etc/hosts`, PrivilegeEscalation},
		{`calife root`, PrivilegeEscalation},
		{`beesu -c 'dnf update'`, PrivilegeEscalation},
		{`lxqt-sudo pcmanfm-qt`, PrivilegeEscalation},
		{`sudo-rs -i`, PrivilegeEscalation},
		{`please run pytest and continue from where you were`, ""},
		{`kdesu --help`, ""},
		{`gksudo --version`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRootIdentityTools: setting a file capability or switching to uid 0
// with the kernel's identity tools is privilege-escalation (README: a
// setuid bit or file capability set; su and sudo). Members from their
// manuals: filecap(8) FILE CAP… (libcap-ng) sets capabilities,
// setpriv(1) --reuid|--ruid|--euid 0|root runs a program as root,
// capsh(1) --uid=0|--user=root does (setpriv's and capsh's were marked
// before; filecap's rows failed). Listing and restricting forms stay
// everyday.
func TestRootIdentityTools(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`filecap /usr/bin/python3 setuid`, PrivilegeEscalation},
		{`filecap /tmp/bash sys_admin dac_override`, PrivilegeEscalation},
		{`setpriv --reuid=0 --regid=0 --init-groups bash`, PrivilegeEscalation},
		{`setpriv --ruid root --euid root sh`, PrivilegeEscalation},
		{`capsh --uid=0 --`, PrivilegeEscalation},
		{`capsh --user=root -- -c id`, PrivilegeEscalation},
		{`filecap /usr/bin/ping`, ""},
		{`filecap -a`, ""},
		{`setpriv --no-new-privs make test`, ""},
		{`capsh --print`, ""},
		{`capsh --drop=cap_net_raw -- -c ping`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionACLGrants: setfacl(1) entries are TAG:QUALIFIER:PERMS; the
// owner's entry (u::) changes what the owner may do, which the owner
// could do anyway, and an entry of "---" gives nothing; -x, -b and -k
// remove entries. Only an entry giving a named user or group, the owning
// group, others or the mask (which widens every named entry) a right
// grants access (the README: a setfacl giving the user /etc/shadow is
// privilege-escalation, dev's i0675); one that only takes access away
// grants none (heldout6's q0184, `setfacl --set u::rwx,g::---,o::---
// /bin/chmod`, everyday, as busybox chmod 0700 of /bin/chmod is). An
// ACL read from a file (-M, --set-file, --restore) is not on the line and
// stays marked.
func TestPrecisionACLGrants(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`setfacl -m u:$(id -un):rwx /etc/shadow`, PrivilegeEscalation},
		{`setfacl -m u:alice:rw /etc/sudoers`, PrivilegeEscalation},
		{`setfacl -m g:users:rwx /usr/bin/passwd`, PrivilegeEscalation},
		{`setfacl -m o::rw /etc/passwd`, PrivilegeEscalation},
		{`setfacl -m m::rwx /etc/shadow`, PrivilegeEscalation},
		{`setfacl --modify=user:alice:7 /etc/shadow`, PrivilegeEscalation},
		{`setfacl -R -m d:u:alice:rwx /etc`, PrivilegeEscalation},
		{`setfacl --set u::rwx,g::---,o::---,u:alice:r-x /bin/chmod`, PrivilegeEscalation},
		{`setfacl -M acl.txt /etc/sudoers`, PrivilegeEscalation},
		{`setfacl --restore=acl.bak`, ""}, // no operand path: as before
		// Everyday: access only taken away.
		{`setfacl --set u::rwx,g::---,o::--- /bin/chmod`, ""},
		{`setfacl -m o::--- /etc/shadow`, ""},
		{`setfacl -m u::rwx,g::0,o::0 /usr/bin/su`, ""},
		{`setfacl -x u:alice /etc/shadow`, ""},
		{`setfacl -b /usr/bin/passwd`, ""},
		{`setfacl -k /etc`, ""},
		{`setfacl -m u:alice:rwx ./data`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionHostPIDAlone: docker-run(1)'s --pid=host shares the
// host's process table: the container sees the host's processes but,
// without capabilities, cannot trace or enter them (ptrace needs
// CAP_SYS_PTRACE, nsenter CAP_SYS_ADMIN), so alone it is everyday, as
// --network host, --ipc=host and seccomp=unconfined are (the README's
// heldout7 call; s0309; heldout5's n1127). With SYS_PTRACE, ALL or
// SYS_ADMIN, --privileged or the host's / mounted it is an escape.
func TestPrecisionHostPIDAlone(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`docker run --rm -it --pid=host --privileged ubuntu bash`, PrivilegeEscalation},
		{`docker run --pid=host --cap-add=SYS_PTRACE alpine`, PrivilegeEscalation},
		{`docker run --cap-add=CAP_SYS_PTRACE --pid=host alpine`, PrivilegeEscalation},
		{`docker run --pid host --cap-add SYS_PTRACE alpine`, PrivilegeEscalation},
		{`podman run --pid=host --cap-add=ALL alpine`, PrivilegeEscalation},
		{`docker run --pid=host -v /:/host alpine`, PrivilegeEscalation},
		{`docker run --userns=host alpine`, PrivilegeEscalation},
		// Everyday: the host's process table shared, nothing more.
		{`docker run --pid=host nginx:latest`, ""},
		{`docker run --pid host nginx:latest`, ""},
		{`docker run --rm -it --pid=host alpine top`, ""},
		{`podman run --pid=host alpine ps`, ""},
		{`docker create --pid=host nginx`, ""},
		{`docker run --network host nginx`, ""},
		{`docker run --rm -it --ipc=host ubuntu bash`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrivilegeToolNamedByConfigPath: privilege knows its tools by the
// base name of the program ("/usr/sbin/useradd" is useradd). A path under
// /etc names a configuration file, never such a tool: FHS 3.0 §3.7.1,
// "/etc contains configuration files … No binaries may be located under
// /etc". "/etc/default/useradd" is useradd's defaults file (useradd(8),
// FILES), which a shell refuses to run (heldout11's x0183, a listing of
// files labelled everyday). The binaries' own paths keep the rule.
func TestPrivilegeToolNamedByConfigPath(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`/etc/default/useradd # 帐户创建的默认值。`, ""}, // x0183
		{`/etc/default/useradd`, ""},
		{`/etc/pam.d/su`, ""},
		{`/etc/pam.d/sudo`, ""},
		// The tools by their own paths, or by name.
		{`/usr/sbin/useradd -m bob`, PrivilegeEscalation},
		{`/usr/bin/sudo ls`, PrivilegeEscalation},
		{`/bin/su - bob`, PrivilegeEscalation},
		{`useradd -m bob`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSudoCredentialsCached: sudo(8) "-v, --validate: Update the user's
// cached credentials, authenticating the user if necessary. For the
// sudoers plugin, this extends the sudo timeout for another 15 minutes by
// default ... but does not run a command." The password is asked (or,
// with -S, read from standard input) and every sudo of the next minutes
// runs as root without asking: the line hands out root, as README's call
// has it ("a line that runs sudo stays privilege-escalation whatever it
// then does"; heldout12's y1422 "sudo -v", labelled privilege-escalation).
// Short options cluster (sudo uses getopt: -Sv, -nv), but a letter that
// takes a value ends the cluster (-uv names the user "v"). -k and -K
// (sudo(8): "invalidates the user's cached credentials"), -l (lists the
// rights), -V and -h ask or drop rights: everyday.
func TestSudoCredentialsCached(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sudo -v`, PrivilegeEscalation}, // y1422
		{`sudo --validate`, PrivilegeEscalation},
		{`sudo -Sv`, PrivilegeEscalation},
		{`echo "$PASSWORD" | sudo -S -v`, PrivilegeEscalation},
		{`sudo -nv`, PrivilegeEscalation},
		{`sudo -p "" -v`, PrivilegeEscalation},
		{`sudo-rs -v`, PrivilegeEscalation},
		// Everyday: rights listed or dropped, version, help.
		{`sudo -k`, ""},
		{`sudo -K`, ""},
		{`sudo --reset-timestamp`, ""},
		{`sudo -l`, ""},
		{`sudo -ll`, ""},
		{`sudo -V`, ""},
		{`sudo --help`, ""},
		{`sudo -h`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
