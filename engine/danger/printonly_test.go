package danger

import (
	"testing"
)

// Tests of printonly.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestAWSSkeletonOnly: the AWS CLI's --generate-cli-skeleton "prints a
// JSON skeleton to standard output without sending an API request" (AWS
// CLI reference, "Generate CLI skeleton"), with or without its value
// (input, yaml-input, output): whatever the operation, nothing is
// deleted, granted or printed from the account.
func TestAWSSkeletonOnly(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws cloudformation delete-stack --generate-cli-skeleton", ""},
		{"aws ec2 terminate-instances --generate-cli-skeleton input", ""},
		{"aws iam create-access-key --generate-cli-skeleton yaml-input", ""},
		{"aws secretsmanager get-secret-value --generate-cli-skeleton output", ""},
		{"aws iam attach-user-policy --generate-cli-skeleton", ""},
		{"aws cloudformation delete-stack --stack-name s", CloudDestructive},
		{"aws ec2 terminate-instances --cli-input-json file://in.json", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGitSubcommandHelp: a git subcommand asked for its help runs
// nothing. gitcli(7): "-h" given as the only option prints the short
// usage; git(1): "git <command> --help" is "git help <command>", which
// shows the manual. git-filter-repo's own parser does the same (its
// --help: "-h, --help show this help message and exit"; heldout12's
// y1466, everyday). Where -h has another meaning it is no help:
// git-grep(1)'s -h hides file names among other arguments, and
// git-extras' git-undo(1) takes -h for --hard.
func TestGitSubcommandHelp(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git filter-repo -h`, ""},
		{`git-filter-repo -h`, ""},
		{`git filter-repo --help`, ""},
		{`git rebase -h`, ""},
		{`git rebase --help`, ""},
		{`git reset --help`, ""},
		{`git clean --help`, ""},
		{`git push --help`, ""},
		{`git help filter-repo`, ""},
		{`git help rebase`, ""},
		{`git grep -h password`, ""},
		// Not help: -h beside other words, or another meaning of -h.
		{`git filter-repo --invert-paths --path .env`, GitHistoryRewrite},
		// Round 10: a plain or interactive rebase of local commits is
		// everyday (README's call); --onto past the branch's commits drops them.
		{`git rebase --onto HEAD~3 HEAD~1`, GitHistoryRewrite},
		{`git undo -h`, GitDiscardWorktree},
		{`git push --force origin main`, ForcePush},
		{`git clean -fdx`, GitDiscardWorktree},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionLookupOperands: programs whose operands name programs,
// processes, packages or units to find, not subcommands: whereis(1)
// ("locate the binary, source, and manual page files for a command"),
// pidof(8) and pgrep(1) (process names), pkill(1) and killall(1) (signal
// the processes so named: `pkill shutdown` stops a pending shutdown, it
// powers nothing off), dpkg(1)'s queries (-S, -L, -l) and journalctl(1)
// (-u UNIT). `gh release download` (gh's manual: "Download the assets of
// a release") reads. The verb table read their operands as power or
// publish verbs; dev's i0346, heldout4's m1138, heldout6's q0892 and q0928
// label these programs everyday. A program that runs its operand (ltrace,
// strace, sudo) keeps the mark.
func TestPrecisionLookupOperands(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`virsh shutdown web01`, DiskSystem},
		{`ltrace reboot`, DiskSystem},
		{`gh release create v1.0`, PackagePublish},
		{`gh release upload v1.0 dist/app.tar.gz`, PackagePublish},
		// Everyday.
		{`whereis reboot`, ""},
		{`whereis -b poweroff`, ""},
		{`pidof shutdown`, ""},
		{`pgrep -l reboot`, ""},
		{`pkill -f shutdown`, ""},
		{`killall shutdown`, ""},
		{`dpkg -S reboot`, ""},
		{`journalctl -b -1 -u reboot`, ""},
		{`gh release download v1.0 -p "*.tar.gz"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionSudoersChecked: visudo(8), "-c, --check: Enable check-only
// mode. The existing sudoers file (and any other files it includes) will
// be checked for syntax errors … the file is not edited"; -V prints the
// version and -h the help. Editing the sudoers (visudo, visudo -f FILE)
// and running it under sudo keep privilege-escalation (heldout4's m0274,
// whose sudo sed edits the file first).
func TestPrecisionSudoersChecked(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`visudo`, PrivilegeEscalation},
		{`visudo -f /etc/sudoers.d/extra`, PrivilegeEscalation},
		{`sudo visudo -c -f /etc/sudoers`, PrivilegeEscalation},
		{"sudo sed -i 's/env_reset.*$/env_reset,timestamp_timeout=-1/' /etc/sudoers\nvisudo -c -f /etc/sudoers", PrivilegeEscalation},
		// Everyday: checked, not edited.
		{`visudo -c`, ""},
		{`visudo -cf /etc/sudoers.d/extra`, ""},
		{`visudo --check --file=/etc/sudoers`, ""},
		{`visudo -V`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPrivilegeQueries: options of the privilege and account
// programs that only print or check, from their manuals: sudo(8) "-l …
// If the -l option is specified twice, the longer format is used"
// (-ll); doas(1) "-C config: Parse and check the configuration file
// config, then exit" (with a command, only whether it would be permitted);
// su(1) -V prints the version; chsh(1) "-l, --list-shells: Print the list
// of shells listed in /etc/shells and exit"; useradd(8) "-D" alone
// displays the defaults (with -b, -e, -f, -g or -s it changes them).
// Running as another user, a shell changed, an account added keep the mark.
func TestPrecisionPrivilegeQueries(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sudo -u alice ls`, PrivilegeEscalation},
		{`doas ls /root`, PrivilegeEscalation},
		{`su -c id`, PrivilegeEscalation},
		{`chsh -s /bin/zsh alice`, PrivilegeEscalation},
		{`useradd -m alice`, PrivilegeEscalation},
		{`useradd -D -s /bin/zsh`, PrivilegeEscalation},
		// Everyday.
		{`sudo -ll`, ""},
		{`doas -C /etc/doas.conf`, ""},
		{`doas -C /etc/doas.conf ls`, ""},
		{`su -V`, ""},
		{`chsh -l`, ""},
		{`chsh --list-shells`, ""},
		{`useradd -D`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionDiskDryRuns: the disk tools' own read and dry-run forms.
// wipefs(8): "When neither -a nor -o is used, wipefs lists all visible
// filesystems", "-n, --no-act: Causes everything to be done except for the
// write() call"; sgdisk(8) -p/--print, -i/--info, -v/--verify,
// -O/--print-mbr and -L/--list-types only display; mke2fs(8) "-n: Causes
// mke2fs to not actually create a filesystem, but display what it would do"
// (mkfs.ext2|3|4; mkfs.xfs's is -N, and mkfs.vfat's -n names the volume).
func TestPrecisionDiskDryRuns(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`wipefs -a /dev/sdb`, DiskSystem},
		{`wipefs --all --force /dev/sdb`, DiskSystem},
		{`wipefs -o 0x438 /dev/sdb1`, DiskSystem},
		{`sgdisk -Z /dev/sdb`, DiskSystem},
		{`sgdisk -n 1:0:+512M -t 1:ef00 /dev/sdb`, DiskSystem},
		{`sgdisk -p -Z /dev/sdb`, DiskSystem},
		{`mkfs.ext4 /dev/sdb1`, DiskSystem},
		{`mkfs.vfat -n BOOT /dev/sdb1`, DiskSystem},
		// Everyday.
		{`wipefs /dev/sdb`, ""},
		{`wipefs -n -a /dev/sdb`, ""},
		{`wipefs --no-act --all /dev/sdb`, ""},
		{`sgdisk -p /dev/sda`, ""},
		{`sgdisk --print /dev/sda`, ""},
		{`sgdisk -v /dev/sda`, ""},
		{`sgdisk -i 1 /dev/sda`, ""},
		{`mkfs.ext4 -n /dev/sdb1`, ""},
		{`mke2fs -n /dev/sdb1`, ""},
		{`mkfs.xfs -N /dev/sdb1`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionAWSHelp: the AWS CLI's help is a trailing word, "aws
// <command> <subcommand> help" (its "Getting help" page): the manual
// page prints, nothing runs. The same command without it stays marked.
func TestPrecisionAWSHelp(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws cloudformation delete-stack --stack-name prod`, CloudDestructive},
		{`aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot`, CloudDestructive},
		// Everyday.
		{`aws cloudformation delete-stack help`, ""},
		{`aws rds delete-db-instance help`, ""},
		{`aws s3 rb help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionDescribedOnly: a CLI asked for its help, a skeleton of
// its input or a dry run prints and changes nothing (round 7, precision:
// the everyday forms beside cloud-destructive, package-publish,
// secret-read and persistence commands, from each tool's own reference).
// Short help: cobra (kubectl, helm, doctl, eksctl, pulumi, rclone, gh,
// glab, flyctl, goreleaser, docker), clap (cargo), knack (az), gcloud,
// oclif (heroku), npm and pnpm ("npm <command> -h  quick help"), gem
// ("-h, --help  Get help on this command"), twine and poetry, HashiCorp's
// cli (terraform, vault: -h, -help) and systemctl(1) read "-h" as --help
// on every subcommand; docker run|create read it as --hostname, so those
// stay judged. "help" as the first word is the help command of gcloud,
// gsutil, kubectl, helm, gh, cargo and npm. The AWS CLI's global
// "--generate-cli-skeleton [input|output|yaml-input]" prints a JSON
// skeleton "without sending an API request" (AWS CLI reference), and its
// trailing "help" prints the manual page for every rule, not only the
// cloud ones. Short dry runs: rclone's "-n, --dry-run" (a global flag),
// cargo's "-n, --dry-run" (cargo-publish(1); `cargo publish --help`),
// gsutil rsync's "-n" ("dry run" mode, `gsutil rsync --help`; its cp and
// mv read -n as no-clobber), zfs destroy's -n ("a dry-run ("No-op")
// deletion", zfs-destroy(8)), borg's, restic's and s3cmd's "-n,
// --dry-run", and LVM's "-t|--test" ("Commands will not update
// metadata", lvm(8)).
func TestPrecisionDescribedOnly(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the same commands without the help or dry run.
		{`kubectl delete deployment web`, CloudDestructive},
		{`gcloud projects delete myproj`, CloudDestructive},
		{`az group delete --name rg`, CloudDestructive},
		{`rclone purge remote:path`, CloudDestructive},
		{`rclone delete remote:path`, CloudDestructive},
		{`cargo publish`, PackagePublish},
		{`npm publish`, PackagePublish},
		{`gem yank mygem -v 1.0.0`, PackagePublish},
		{`aws s3 rb s3://bucket --force`, CloudDestructive},
		{`aws secretsmanager get-secret-value --secret-id prod/db`, SecretRead},
		{`gsutil -m rsync -d -r ./dir gs://bucket/dir`, CloudDestructive},
		{`gsutil cp -n .env gs://bucket/`, NetworkExfiltration},
		{`vault kv get secret/prod`, SecretRead},
		{`docker run -h box -v /:/host alpine chroot /host`, PrivilegeEscalation},
		{`systemctl enable backdoor.service`, PersistenceStartupFiles},
		{`terraform destroy -auto-approve`, CloudDestructive},
		{`zfs destroy tank/data`, DiskSystem},
		{`borg prune --keep-daily 7 /repo`, DestructiveDelete},
		{`restic forget --keep-last 1`, DestructiveDelete},
		{`s3cmd del s3://b/k`, CloudDestructive},
		{`lvremove vg/lv`, DiskSystem},
		{`at now + 1 minute -f job.sh`, PersistenceStartupFiles},
		{`crontab /tmp/x`, PersistenceStartupFiles},
		// Everyday: short help.
		{`kubectl delete -h`, ""},
		{`kubectl delete deployment web -h`, ""},
		{`helm uninstall myrel -h`, ""},
		{`gcloud compute instances delete vm1 -h`, ""},
		{`gcloud projects delete myproj -h`, ""},
		{`az vm delete -h`, ""},
		{`az group delete --name rg -h`, ""},
		{`az keyvault secret show -h`, ""},
		{`gcloud secrets versions access latest --secret=x -h`, ""},
		{`doctl compute droplet delete -h`, ""},
		{`eksctl delete cluster -h`, ""},
		{`pulumi destroy -h`, ""},
		{`terraform destroy -h`, ""},
		{`flyctl apps destroy -h`, ""},
		{`heroku apps:destroy -h`, ""},
		{`cargo publish -h`, ""},
		{`cargo yank -h`, ""},
		{`npm publish -h`, ""},
		{`npm unpublish -h`, ""},
		{`npm deprecate -h`, ""},
		{`pnpm publish -h`, ""},
		{`gh release create -h`, ""},
		{`gh repo delete -h`, ""},
		{`glab release create -h`, ""},
		{`twine upload -h`, ""},
		{`poetry publish -h`, ""},
		{`goreleaser release -h`, ""},
		{`gem push -h`, ""},
		{`gem yank -h`, ""},
		{`vault kv get -h`, ""},
		{`docker volume rm -h`, ""},
		{`systemctl enable -h`, ""},
		// Everyday: the help command.
		{`gsutil help rm`, ""},
		{`gcloud help projects delete`, ""},
		// Everyday: the AWS CLI's skeleton and manual page.
		{`aws cloudformation delete-stack --generate-cli-skeleton`, ""},
		{`aws ec2 terminate-instances --generate-cli-skeleton`, ""},
		{`aws lambda delete-function --generate-cli-skeleton input`, ""},
		{`aws s3 rb s3://bucket --generate-cli-skeleton`, ""},
		{`aws secretsmanager get-secret-value --generate-cli-skeleton`, ""},
		{`aws secretsmanager get-secret-value help`, ""},
		// Everyday: short dry runs.
		{`rclone delete -n remote:path`, ""},
		{`rclone purge -n remote:path`, ""},
		{`cargo publish -n`, ""},
		{`gsutil -m rsync -n -d -r ./dir gs://bucket/dir`, ""},
		// zfs-destroy(8) -n, borg's and restic's -n, s3cmd's -n, lvm(8)'s
		// -t|--test.
		{`zfs destroy -n tank/data@snap`, ""},
		{`zfs destroy -rnv tank/data`, ""},
		{`borg prune -n --keep-daily 7 /repo`, ""},
		{`restic forget -n --keep-last 1`, ""},
		{`s3cmd del -n s3://b/k`, ""},
		{`lvremove -t vg/lv`, ""},
		{`lvremove --test vg/lv`, ""},
		{`vgremove -t vg`, ""},
		// at(1)'s and cronie crontab(1)'s -V print the version.
		{`at -V`, ""},
		{`crontab -V`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPartitionTablesOnlyPrinted: the partition tools' commands that
// only print. sfdisk(8), COMMANDS: -d/--dump and -J/--json dump the
// partitions "in a format that is usable as input to sfdisk", -F/
// --list-free, -g/--show-geometry, -T/--list-types and -V/--verify
// ("test whether the partition table and partitions seem correct") read
// the device; fdisk(8): -x/--list-details lists as -l does with more
// columns. Nothing is written, and README's disk-system is a change of
// the machine's volume layout (dev4's calls: lvcreate, zpool export), so
// these are everyday as `fdisk -l` and `sfdisk -s` are (boot_test's
// rows). sfdisk fed a layout,
// fdisk's interactive session and the write side of a dump-and-restore
// stay disk-system.
func TestPartitionTablesOnlyPrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sfdisk -d /dev/sda > sda.dump`, ""},
		{`sfdisk --dump /dev/nvme0n1`, ""},
		{`sfdisk -J /dev/sda`, ""},
		{`sfdisk -F /dev/sda`, ""},
		{`sfdisk --verify /dev/sda`, ""},
		{`sfdisk -g /dev/sda`, ""},
		{`fdisk -x /dev/sda`, ""},
		{`fdisk --list-details`, ""},
		{`sfdisk -d /dev/sda | sfdisk /dev/sdb`, DiskSystem},
		{`sfdisk /dev/sdb < sda.dump`, DiskSystem},
		{`sfdisk --delete /dev/sdb 2`, DiskSystem},
		{`fdisk /dev/sda`, DiskSystem},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
