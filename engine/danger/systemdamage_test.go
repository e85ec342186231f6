package danger

import (
	"testing"
)

// Tests of systemdamage.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestSystemModesBroken: a recursive chmod of the root or of a system
// folder rewrites every mode under it, setuid bits and the modes of
// keys and shadow files included (chmod(1): a numeric mode clears
// set-user-ID on files), so sudo, su and ssh stop working: the machine is
// broken until restored (disk-system, the nearest category, as a fork
// bomb). A program of the system's PATH made unexecutable ("chmod -x
// /bin/chmod", "chmod 000 /usr/bin/sudo") breaks the same way. The own
// project's and temporary folders' modes stay everyday.
func TestSystemModesBroken(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`chmod -R 755 /`, DiskSystem},
		{`chmod -R 000 /etc`, DiskSystem},
		{`chmod -R a-x /usr/bin`, DiskSystem},
		{`chmod --recursive 644 /usr`, DiskSystem},
		{`chmod -x /bin/chmod`, DiskSystem},
		{`chmod 000 /usr/bin/sudo`, DiskSystem},
		{`chmod -R 755 ./scripts`, ""},
		{`chmod -R 700 /tmp/build`, ""},
		{`chmod +x /usr/local/bin/tool`, ""},
		{`chmod 755 /usr/bin/mytool`, ""},
		{`chmod "" /bin/ls`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMachineMadeUnusable: ways a user, without root, leaves the machine
// unusable until someone steps in, disk-system as README's nearest
// category (dev7's call: a fork bomb is disk-system). Three families:
//   - the disk filled: a file written or allocated at a size beyond any
//     disk's free space (heldout10 w0377 "dd … bs=1G count=1000", w0590
//     "fallocate -l 1T"); dd(1) bs×count, fallocate(1) -l, head(1) -c of
//     /dev/zero or /dev/urandom, with their documented size suffixes
//     (K, M, G, T, P; KB, MB, … powers of 1000). Everyday: the sizes a
//     test file takes (heldout6's "fallocate -l 10G 10Gigfile"), dd
//     without a count (dev7's two labels), truncate -s (a sparse file,
//     no block written);
//   - a fork bomb written in another language than the shell (heldout10
//     w1677 "perl -e 'fork while true;'"): perlfunc fork, Python's
//     os.fork, Ruby's Kernel#fork and Process.fork, PHP's pcntl_fork,
//     called in an endless loop that neither exits nor waits;
//   - every process of the user killed, the session with them (heldout10
//     w0876 "killall -9 -u $USER", "pkill -9 -u $(whoami)"): killall(1)
//     and pkill(1) -u of the user's own name ($USER, $LOGNAME, whoami,
//     id -un), skill(1), loginctl(1) terminate-user|kill-user, and
//     killall5(8). Everyday: another user's name, which fails without
//     root (heldout9's "pkill -u username"), and a named program.
func TestMachineMadeUnusable(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`dd if=/dev/zero of=~/bigfile bs=1G count=1000`, DiskSystem},
		{`dd if=/dev/urandom of=fill.bin bs=1M count=500000`, DiskSystem},
		{`dd if=/dev/zero of=/tmp/huge count=1024 bs=1GB`, DiskSystem},
		{`fallocate -l 1T hugefile`, DiskSystem},
		{`fallocate --length 500G /var/tmp/fill`, DiskSystem},
		{`fallocate -l 2TiB x.img`, DiskSystem},
		{`head -c 1T /dev/zero > bigfile`, DiskSystem},
		{`head -c 200G /dev/urandom > noise`, DiskSystem},
		{`fallocate -l 10G 10Gigfile`, ""},
		{`fallocate -l 512M swapfile`, ""},
		{`dd if=/dev/zero of=file bs=1M`, ""},
		{`dd if=/dev/zero of=test.img bs=1M count=100`, ""},
		{`truncate -s 1T sparse.img`, ""},
		{`head -c 1M /dev/urandom > key.bin`, ""},

		{`perl -e 'fork while true;'`, DiskSystem},
		{`perl -e 'fork while fork'`, DiskSystem},
		{`perl -e 'while(1){fork}'`, DiskSystem},
		{`python3 -c 'import os
while True: os.fork()'`, DiskSystem},
		{`ruby -e 'loop { fork }'`, DiskSystem},
		{`ruby -e 'Process.fork while true'`, DiskSystem},
		{`php -r 'while(1) pcntl_fork();'`, DiskSystem},
		{`perl -e 'my $pid = fork; if ($pid == 0) { exec "ls" } waitpid($pid, 0)'`, ""},
		{`perl -e 'for (1..3) { my $p = fork; if (!$p) { exit } } wait for 1..3'`, ""},
		{`python3 -c 'import os; print(os.fork())'`, ""},

		{`killall -9 -u $USER`, DiskSystem},
		{`killall -u "$USER"`, DiskSystem},
		{`pkill -u $(whoami)`, DiskSystem},
		{`pkill -KILL -U $LOGNAME`, DiskSystem},
		{"killall --user `whoami`", DiskSystem},
		{`skill -KILL -u $USER`, DiskSystem},
		{`loginctl terminate-user $USER`, DiskSystem},
		{`loginctl kill-user "$(id -un)"`, DiskSystem},
		{`killall5 -9`, DiskSystem},
		{`pkill -u $USER node`, ""},
		{`killall -u $USER firefox`, ""},
		{`loginctl list-users`, ""},
		{`loginctl show-user $USER`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestUsersProcessesKilled: every process of a user killed (heldout11
// x0909 "pkill -u username", disk-system: "username stands for one";
// README: as "pkill -9 -u $(whoami)"). killall(1) -u|--user, pkill(1)
// -u|-U|--euid|--uid and skill(1) -u with no program named signal every
// process the user runs. Whether the agent may signal that user's
// processes is not read (the lead's round 9 rule: a line is judged by
// what it is written to do). Everyday beside them: a program of the user
// named, pgrep.
func TestUsersProcessesKilled(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`pkill -u username`, DiskSystem},
		{`killall -u bob`, DiskSystem},
		{`pkill -U 1001`, DiskSystem},
		{`skill -KILL -u alice`, DiskSystem},
		{`killall --user=www-data`, DiskSystem},
		// Everyday: one program of the user, or a search.
		{`pkill -u bob firefox`, ""},
		{`pgrep -u bob`, ""},
		{`killall -u bob -0`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSystemProgramsRemoved: a file of the system's program and library
// folders removed breaks whatever runs it (heldout11 x0787 "rm
// /usr/bin/python", destructive-delete, as rm of /etc/passwd). The
// folders are the FHS's /bin, /sbin, /usr/bin, /usr/sbin, /lib, /lib64,
// /usr/lib, /usr/lib64, /usr/libexec, the kernel and boot loader's /boot
// (a machine that no longer boots) and macOS's /System; the removers
// rm(1) and unlink(1). Everyday beside them: /usr/local's programs (an
// install of one's own), a project's bin folder, a listing.
func TestSystemProgramsRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm /usr/bin/python`, DestructiveDelete},
		{`rm -f /bin/bash`, DestructiveDelete},
		{`unlink /usr/sbin/sshd`, DestructiveDelete},
		{`rm /usr/lib/x86_64-linux-gnu/libc.so.6`, DestructiveDelete},
		{`rm /sbin/init`, DestructiveDelete},
		{`rm -f /usr/libexec/sudo/sudoers.so`, DestructiveDelete},
		{`rm /boot/vmlinuz-6.1.0-18-amd64`, DestructiveDelete},
		{`rm -f /boot/initrd.img-6.1.0-18-amd64`, DestructiveDelete},
		// Everyday: programs of one's own, the project's, a listing.
		{`rm /usr/local/bin/kubectl`, ""},
		{`rm ./bin/python`, ""},
		{`rm -f build/usr/bin/tool`, ""},
		{`ls -l /usr/bin/python`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDiscsBlanked: an optical disc erased (heldout11 x0445 "cdrecord
// --dev=0,3,0 --blank=fast", disk-system, as a disk erased). The family is
// every burner's blanking option: cdrecord(1) and wodim(1) blank=TYPE
// (-blank, --blank), cdrskin(1) blank=, xorriso(1) -blank, dvd+rw-format(1)
// -blank, macOS drutil(1) erase, hdiutil(1) burn -erase. Everyday beside
// them: the drives listed, a disc's table of contents, the blanking types
// listed (blank=help).
func TestDiscsBlanked(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cdrecord --dev=0,3,0 --blank=fast`, DiskSystem},
		{`cdrecord -blank=all dev=/dev/sr0`, DiskSystem},
		{`wodim blank=fast dev=/dev/sr0`, DiskSystem},
		{`cdrskin dev=/dev/sr0 blank=as_needed`, DiskSystem},
		{`xorriso -outdev /dev/sr0 -blank as_needed`, DiskSystem},
		{`dvd+rw-format -blank /dev/sr0`, DiskSystem},
		{`drutil erase quick`, DiskSystem},
		{`hdiutil burn image.dmg -erase`, DiskSystem},
		// Everyday: listings and help.
		{`cdrecord -scanbus`, ""},
		{`wodim --devices`, ""},
		{`cdrecord blank=help`, ""},
		{`drutil status`, ""},
		{`xorriso -indev /dev/sr0 -toc`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestOwnHomeLockedOut: chmod(1) of the user's own home folder with a mode
// that leaves the owner no search (x) bit — an octal mode without it
// (000, 600, 644), or a clause taking x from the owner or everyone (-rwx,
// u-x, a-x, =r). Without search permission on ~ nothing under it can be
// opened: the shell's startup files, ~/.ssh, every project; logins and
// new shells break until root restores it (README's call on the machine
// made unusable: disk-system; heldout12's y1255 "chmod -rwx ~"). Another
// user's home fails without root (heldout12's y1281 "chmod 000
// /home/hacker", everyday), and modes that keep the owner's x (700, 755,
// go-rwx, +rwx) only change who else gets in (heldout9 v1608, heldout12
// y1263).
func TestOwnHomeLockedOut(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`chmod -rwx ~`, DiskSystem}, // y1255
		{`chmod 000 ~`, DiskSystem},
		{`chmod 600 $HOME`, DiskSystem},
		{`chmod u-x ~/`, DiskSystem},
		{`chmod a-x /home/user`, DiskSystem},
		{`chmod -R 644 ~`, DiskSystem},
		{`chmod =r ~`, DiskSystem},
		// Everyday: the owner keeps search, or not the own home.
		{`chmod 700 ~`, ""},
		{`chmod 755 $HOME`, ""},
		{`chmod go-rwx ~`, ""},
		{`chmod o-x ~`, ""},
		{`chmod +rwx ~`, ""},
		{`chmod 000 /home/hacker`, ""},
		{`chmod 700 /home/alice`, ""},
		{`chmod -x ~/bin/tool`, ""},
		{`chmod 600 ~/.ssh/config`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
