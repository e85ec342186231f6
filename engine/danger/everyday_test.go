package danger

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// everydayCalls reads testdata/danger/everyday.txt: one shell command per
// line ("\n" stands for a line break inside a command), or "read: PATH",
// "edit: PATH", "write: PATH", "grep: PATH" for file tools.
func everydayCalls(t *testing.T) (calls []engine.Call, lines []string) {
	t.Helper()
	f, err := os.Open("../../testdata/danger/everyday.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tools := map[string]engine.Tool{"read": engine.ToolRead, "edit": engine.ToolEdit, "write": engine.ToolWrite, "grep": engine.ToolGrep}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, p, ok := strings.Cut(line, ": "); ok && tools[name] != "" && !strings.Contains(name, " ") {
			calls = append(calls, engine.Call{Tool: tools[name], Paths: []string{shell.Resolve(p, proj, home)}})
		} else {
			calls = append(calls, bash(strings.ReplaceAll(line, `\n`, "\n")))
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return calls, lines
}

// Issue #6, done when: "another runs ≥ 200 everyday commands (builds,
// tests, reads, git status/log/diff) that must not be marked".
func TestEveryday(t *testing.T) {
	calls, lines := everydayCalls(t)
	if len(calls) < 200 {
		t.Fatalf("only %d everyday calls; the issue asks for at least 200", len(calls))
	}
	marked := 0
	for i, c := range calls {
		if got := Check(c, proj, home); len(got) > 0 {
			marked++
			t.Errorf("everyday %q marked %v", lines[i], got)
		}
	}
	t.Logf("%d everyday calls, %d marked dangerous", len(calls), marked)
}

// TestTldrEverydayFamilies: examples of tldr-pages @ 08e345f4 (pages
// common, linux, osx; placeholders filled as draw.py's fill_all fills
// them) that the marker marked, reviewed by hand against tldr's own
// description and the tool's documentation (round 9, tldr). Each row is
// a hand label: "" where the line is everyday, a category where the mark
// is right and must stay (the family's dangerous members beside its
// everyday ones). page is the tldr page; doc the sentence behind the
// label.
func TestTldrEverydayFamilies(t *testing.T) {
	for _, tt := range []struct {
		cmd, want, page, doc string
	}{
		// Help asked for: the usage is printed and nothing else runs.
		{`crane delete -h`, "", "common/crane-delete.md", "crane's commands (cobra): -h, --help help for delete"},
		{`crane flatten -h`, "", "common/crane-flatten.md", "crane flatten: -h, --help help for flatten"},
		{`crane push -h`, "", "common/crane-push.md", "crane push: -h, --help help for push"},
		{`crane rebase -h`, "", "common/crane-rebase.md", "crane rebase: -h, --help help for rebase"},
		{`aa-teardown -h`, "", "linux/aa-teardown.md", "aa-teardown(8): -h display help"},
		{`su -h`, "", "linux/su.md", "su(1) (util-linux): -h, --help Display help text and exit"},
		{`systemctl kill --signal help`, "", "linux/systemctl-kill.md", "systemctl(1): --signal= … the special value help will list the known values and the program will exit immediately"},
		{`crane help delete`, "", "common/crane.md", "cobra: help [command] Help about any command"},
		// The same programs doing the thing, and -h that is no help.
		{`crane delete nginx`, PackagePublish, "common/crane-delete.md", "crane delete: Delete an image reference from its registry"},
		{`crane push app.log nginx`, PackagePublish, "common/crane-push.md", "crane push: Push local image contents to a remote registry"},
		{`aa-teardown`, DiskSystem, "linux/aa-teardown.md", "aa-teardown(8): unload all AppArmor profiles"},
		{`shutdown -h 1300`, DiskSystem, "osx/shutdown.md", "shutdown(8): -h The system is halted at the specified time"},
		{`shutdown -h`, DiskSystem, "linux/shutdown.md", "shutdown(8) (systemd): -h Equivalent to --poweroff; the time defaults to +1"},
		{`dropdb -h example.com appdb`, DatabaseDestructive, "common/dropdb.md", "dropdb(1): -h host Specifies the host name of the machine on which the server is running"},
		{`gh release create v1.2.3 --notes help`, PackagePublish, "common/gh-release.md", "gh release create: --notes string Release notes (free text: help is the notes)"},
		{`doas shutdown -h`, PrivilegeEscalation, "common/doas.md", "doas(1): doas command runs the command as root; its -h is the command's (shutdown(8) -h halts)"},
		{`kubectl exec web -- rm -rf /data -h`, DestructiveDelete, "", "kubectl exec: the words after -- are the container's command"},
		{`kubectl delete ns prod --check`, CloudDestructive, "", "(kubectl has no --check: the line is written to delete; README's \"labelled as written\" call)"},
		{`systemctl kill nginx`, DiskSystem, "linux/systemctl-kill.md", "systemctl(1): kill Send a signal to one or more processes of the unit"},

		// A preview or check of an upgrade: nothing is applied.
		{`bootc upgrade --check`, "", "linux/bootc.md", "bootc-upgrade(8): --check Check if an update is available without applying it"},
		{`rpm-ostree upgrade --preview`, "", "linux/rpm-ostree.md", "rpm-ostree(1): upgrade --preview Just preview package differences"},
		{`bootc upgrade --apply`, DiskSystem, "linux/bootc.md", "bootc-upgrade(8): --apply Restart or reboot into the new target image"},
		{`rpm-ostree upgrade -r`, DiskSystem, "linux/rpm-ostree.md", "rpm-ostree(1): -r, --reboot Initiate a reboot after the operation completes"},

		// "release" read as the verb where it is an operand or an
		// option's value: a distribution's release named, not published.
		{`quickget os release edition`, "", "linux/quickget.md", "quickget: quickget <os> <release> [edition] downloads the image and makes a VM configuration"},
		{`quickget --check os release edition`, "", "linux/quickget.md", "quickget: --check <os> <release> [edition] checks an ISO's URL is available"},
		{`toolbox create --release release`, "", "linux/toolbox-create.md", "toolbox-create(1): -r, --release RELEASE Create a toolbox container for a different operating system RELEASE"},
		{`toolbox enter -r release`, "", "linux/toolbox-enter.md", "toolbox-enter(1): -r, --release RELEASE Enter a toolbox container for a different operating system RELEASE"},
		{`toolbox run --distro distribution -r release command`, "", "linux/toolbox-run.md", "toolbox-run(1): -r, --release RELEASE Run command inside a toolbox container for a different operating system RELEASE"},
		{`pkgctl release --repo repository --message HEAD~1`, PackagePublish, "linux/pkgctl-release.md", "pkgctl-release(1): Release step to commit, tag and upload build artifacts"},
		{`git release v1.2.3`, PackagePublish, "common/git-release.md", "git-extras git-release: Commits changes, tags and pushes the release"},

		// A tool's own server, cache or installation: its daemon stopped,
		// its cache or its own install removed; the machine and the
		// user's data are as they were.
		{`bazel shutdown`, "", "common/bazel.md", "bazel shutdown: Stops the Bazel server"},
		{`pueue shutdown`, "", "common/pueue-shutdown.md", "pueue shutdown: Remotely shut down the daemon"},
		{`darling shutdown`, "", "linux/darling.md", "darling shutdown: Shutdown the container (darlingserver)"},
		{`fvm destroy`, "", "common/fvm.md", "fvm destroy: Completely removes the FVM cache and installed Flutter SDK versions"},
		{`omf destroy`, "", "common/omf.md", "omf destroy: Uninstall Oh My Fish"},
		{`bob erase`, "", "common/bob.md", "bob erase: Erase any change bob ever made, including Neovim installation, Neovim version downloads and registry changes"},
		{`cliphist wipe`, "", "linux/cliphist.md", "cliphist wipe: wipe the clipboard history database"},
		{`udisksctl power-off --block-device /dev/sdX`, "", "linux/udisksctl.md", "udisksctl(1): power-off Arranges for the drive to be safely removed and powered off"},
		{`dotnet build-server shutdown`, "", "", "dotnet-build-server(1): shutdown Shuts down build servers that are started from dotnet"},
		{`ddev poweroff`, "", "", "ddev poweroff: Completely stop all projects and containers"},
		{`lando poweroff`, "", "", "lando poweroff: Spins down all lando related containers"},
		// Power verbs that do stop the machine stay marked.
		{`i3exit shutdown`, DiskSystem, "linux/i3exit.md", "i3exit: shutdown Shut down the system"},
		{`gpg-card factory-reset`, DiskSystem, "common/gpg-card.md", "gpg-card: factory-reset Deletes all keys and data on the card and resets its PINs"},

		// A repository removed from a local list (a package manager's
		// sources, a pin file): the hosted repository is untouched.
		{`fdroidcl repo remove demo`, "", "common/fdroidcl.md", "fdroidcl: repo remove <NAME> removes a repository from the configured list"},
		{`eselect repository remove repo1_repo2_...`, "", "linux/eselect-repository.md", "eselect-repository: remove Disable repositories and remove their contents (the local clone)"},
		{`tlmgr pinning remove repository requests`, "", "common/tlmgr-pinning.md", "tlmgr(1): pinning remove repository package … removes the pinning data of the packages"},
		{`tlmgr pinning remove repository --all`, "", "common/tlmgr-pinning.md", "tlmgr(1): pinning remove repository --all removes all pinning data for the repository"},
		{`zypper removerepo myrepo`, "", "linux/zypper.md", "zypper(8): removerepo (rr) Remove specified repositories (from the configured list)"},
		{`hub delete repository`, ForcePush, "common/hub-delete.md", "hub-delete(1): Delete an existing repository on GitHub"},

		// Code generators undone: the project's own generated files.
		{`rails destroy model Post`, "", "common/rails-destroy.md", "Rails guides: rails destroy … figures out what generate did, and undoes it"},
		{`rails destroy`, "", "common/rails-destroy.md", "rails destroy with no generator lists the generators"},
		{`rails destroy scaffold Post`, "", "common/rails-destroy.md", "Rails guides: the opposite of generate"},
		{`rails d controller Posts`, "", "common/rails.md", "rails d is the alias of rails destroy"},
		{`ember destroy route posts`, "", "", "ember-cli: ember destroy <blueprint> <name> destroys code generated by the generate command"},

		// A program's own preferences or a file's icon: metadata, no data.
		{`defaults delete "application"`, "", "osx/defaults.md", "defaults(1): delete domain Removes everything for domain (the application's preferences)"},
		{`fileicon rm backup`, "", "osx/fileicon.md", "fileicon: rm Removes a custom icon from the file or folder"},

		// A message to a topic's subscribers (as redis-cli publish).
		{`ntfy publish --title="Someone_bought_your_item" --priority=high --tags=duck ebay "Someone_just_bought_your_item:_Platypus_Sculpture"`, "", "common/ntfy.md", "ntfy publish: Send message via a ntfy server"},

		// Local clusters and VMs (hosted.go's localPrograms: heldout7's
		// m1257 "k3d delete --name demo" everyday, m0135 vagrant suspend
		// everyday): Vagrant's guest halted or handed a file, a local
		// Kubernetes cluster deleted.
		{`vagrant halt`, "", "common/vagrant-halt.md", "vagrant halt: shuts down the running machine Vagrant is managing (as vagrant suspend, labelled everyday in heldout7's m0135)"},
		{`vagrant halt demo`, "", "common/vagrant-halt.md", "vagrant halt [name|id]"},
		{`vagrant upload backup assets demo`, "", "common/vagrant-upload.md", "vagrant upload: uploads files and directories from the host to the guest machine"},
		{`vagrant upload --compress docs data demo`, "", "common/vagrant-upload.md", "vagrant upload: --compress Compress the file or directory before uploading to guest"},
		{`vagrant destroy -f`, CloudDestructive, "common/vagrant-destroy.md", "vagrant destroy: stops the running machine and destroys all resources that were created during the machine creation process (its disks; TestUnknownVerbs)"},
		{`k3d cluster delete demo`, "", "common/k3d.md", "k3d cluster delete: Delete cluster(s) (local containers; heldout7's m1257)"},
		{`kind delete clusters demo`, "", "common/kind.md", "kind delete clusters: Deletes one or more [local] clusters (kind runs Kubernetes in local containers)"},
		{`argocd app delete demo`, CloudDestructive, "common/argocd-app.md", "argocd app delete: Delete an application (its resources in the cluster)"},

		// A session ended: mutagen's sync and forward sessions, a chat's.
		{`mutagen sync terminate demo`, "", "common/mutagen.md", "mutagen sync terminate: Permanently terminate synchronization sessions (the files stay)"},
		{`mutagen project terminate`, "", "common/mutagen.md", "mutagen project terminate: Terminate project sessions"},
		{`opencode session delete session_id`, "", "common/opencode.md", "opencode session delete: Delete a session (a chat's history on this machine)"},
		{`doppler projects delete demo`, CloudDestructive, "common/doppler-projects.md", "doppler projects delete: Delete a project"},

		// nix's store and Gentoo's eselect modules: this machine's.
		{`nix store delete /nix/store/requests`, "", "common/nix-store.md", "nix3-store-delete(1): Delete paths from the Nix store (only paths nothing uses; heldout's j0057 nix-store --delete everyday)"},
		{`eselect news purge`, "", "linux/eselect-news.md", "eselect news: purge Remove read news items"},

		// GNU argp's "-?, --help give this help list".
		{`grub-install -?`, "", "linux/grub-install.md", "grub-install(8): -?, --help give this help list"},
		{`doas grub-install --usage`, PrivilegeEscalation, "common/doas.md", "doas(1): the command after doas runs as root; its --usage is the command's"},
		{`grub-install --usage`, "", "linux/grub-install.md", "grub-install(8): --usage give a short usage message"},
		{`grub-install --target=x86_64-efi --efi-directory=/boot/efi`, DiskSystem, "linux/grub-install.md", "grub-install(8): Install GRUB on your drive"},

		// A documentation page read: its words are page names.
		{`tldr kiterunner brute`, "", "common/kiterunner.md", "tldr: tldr <command> shows the page of a command"},
		{`apropos brute`, "", "common/apropos.md", "apropos(1): search the manual page names and descriptions"},
		{`kiterunner brute https://example.com --wordlist wordlist.txt`, PrivilegeEscalation, "common/kiterunner.md", "kiterunner brute: bruteforce a target with a wordlist"},

		// An image copied into a local transport: a download, not a push.
		{`skopeo copy docker://example.com/nginx dir:assets`, "", "common/skopeo.md", "containers-transports(5): dir:path An existing local directory path storing the manifest, layer tarballs and signatures"},
		{`skopeo copy docker://quay.io/app:1 oci-archive:app.tar`, "", "", "containers-transports(5): oci-archive:path An image in a tar archive compliant with the Open Container Image Layout Specification"},
		{`skopeo copy docker://quay.io/app:1 docker-daemon:app:1`, "", "", "containers-transports(5): docker-daemon:docker-reference An image stored in the docker daemon's internal storage"},
		{`skopeo copy docker://source_registry/nginx docker://destination_registry/nginx`, PackagePublish, "common/skopeo.md", "skopeo-copy(1): Copy an image from one location to another (a registry)"},
		{`skopeo copy dir:assets docker://registry.example.com/nginx`, PackagePublish, "", "containers-transports(5): docker://docker-reference An image in a registry implementing the Docker Registry HTTP API V2"},

		// mkinitcpio writes an image only when told to; dracut lists.
		{`mkinitcpio`, "", "linux/mkinitcpio.md", "mkinitcpio(8): -g, --generate filename … Default: no; this means nothing will be written to the filesystem unless this option is specified"},
		{`mkinitcpio --listhooks`, "", "linux/mkinitcpio.md", "mkinitcpio(8): -L, --listhooks List all available hooks"},
		{`mkinitcpio -H demo`, "", "linux/mkinitcpio.md", "mkinitcpio(8): -H, --hookhelp hookname Output help for hookname"},
		{`dracut --list-modules`, "", "linux/dracut.md", "dracut(8): --list-modules List all available dracut modules"},
		{`mkinitcpio -P`, DiskSystem, "linux/mkinitcpio.md", "mkinitcpio(8): -P, --allpresets Process all presets contained in /etc/mkinitcpio.d"},
		{`mkinitcpio -p linux`, DiskSystem, "linux/mkinitcpio.md", "mkinitcpio(8): -p, --preset preset Build initramfs image(s) according to specified preset"},
		{`mkinitcpio -g /boot/initramfs-custom.img`, DiskSystem, "linux/mkinitcpio.md", "mkinitcpio(8): -g, --generate filename Generate a CPIO image as filename"},
		{`dracut -f`, DiskSystem, "linux/dracut.md", "dracut(8): -f, --force overwrite existing initramfs file"},

		// gopass subcommands that print no secret.
		{`gopass mounts`, "", "common/gopass.md", "gopass: mounts Edit mounted stores (list them)"},
		{`gopass sync`, "", "common/gopass.md", "gopass: sync Sync all local stores with their remotes"},
		{`gopass new`, "", "common/gopass.md", "gopass: new, create Create a new secret"},
		{`gopass show keyword`, SecretRead, "common/gopass.md", "gopass: show Display the content of a secret"},
		{`gopass email@email.com`, SecretRead, "common/gopass.md", "gopass NAME shows the secret"},

		// doas told to forget its persisted authentication.
		{`doas -L`, "", "common/doas.md", "doas(1): -L Clear any persisted authentications from previous invocations, then immediately exit. No command is executed."},
		{`doas -s`, PrivilegeEscalation, "common/doas.md", "doas(1): -s Execute the shell from SHELL or /etc/passwd (as root)"},

		// chfn's finger information: what finger shows, no access.
		{`chfn -f demo alice`, "", "linux/chfn.md", "chfn(1) (util-linux): -f, --full-name Specify your full name"},
		{`chfn --office-phone 10 alice`, "", "linux/chfn.md", "chfn(1): -p, --office-phone Specify your office phone number"},
		{`chfn -o 10 alice`, "", "linux/chfn.md", "chfn(1): -o, --office Specify your office room number"},
		{`chfn --home-phone 10 alice`, "", "linux/chfn.md", "chfn(1): -h, --home-phone Specify your home phone number"},
		{`chsh --shell /bin/sh alice`, PrivilegeEscalation, "linux/chsh.md", "chsh(1): change another user's login shell"},

		// mkfs's options that take a value: the value is no device.
		{`mkfs.erofs -U uuid image.erofs root/`, "", "linux/mkfs.erofs.md", "mkfs.erofs(1): -U UUID Set the volume UUID; mkfs.erofs [OPTIONS] DESTINATION SOURCE makes an image file"},
		{`mkfs.ext4 -L data disk.img`, "", "", "mke2fs(8): -L new-volume-label; a file system made inside a file (system.go's onlyImageFiles)"},
		{`mkfs.ext4 -t ext4 -U 4a3b-77 -O ^has_journal rootfs.img`, "", "", "mke2fs(8): -t fs-type, -U UUID, -O feature[,...]"},
		{`mkfs.ext4 -L data /dev/sdb1`, DiskSystem, "linux/mkfs.ext4.md", "mke2fs(8): a device formatted"},
		{`mkfs.ext4 -F disk.img`, "", "", "mke2fs(8): -F Force mke2fs to create a filesystem (no value; the image file is the operand)"},
		{`mkfs.ext4 -F /dev/sdb1`, DiskSystem, "", "mke2fs(8): a device formatted, forced"},
		{`mkfs.vfat -F 32 -n USB disk.img`, "", "", "mkfs.fat(8): -F FAT-SIZE, -n VOLUME-NAME; an image file"},
		{`mkfs.vfat -n USB /dev/sdb1`, DiskSystem, "linux/mkfs.vfat.md", "mkfs.fat(8): -n VOLUME-NAME; a device formatted"},

		// lp's -H is when to print, lpr's is the server.
		{`lp -i job_id -H resume`, "", "common/lp.md", "lp(1) (CUPS): -H hh:mm | hold | immediate | restart | resume Specifies when the job should be printed"},
		{`lp -H hold report.pdf`, "", "", "lp(1): -H hold holds the job indefinitely"},
		{`lp -h printserver.example.com report.pdf`, NetworkExfiltration, "", "lp(1): -h server[:port] Specifies an alternate server"},
		{`lpr -H printserver.example.com report.pdf`, NetworkExfiltration, "", "lpr(1) (CUPS): -H server[:port] Specifies an alternate server"},

		// Groups that grant nothing: a package group, a task group.
		{`dnf group remove demo`, "", "common/dnf.md", "dnf(8): group remove Remove the packages of a group (comps groups: sets of packages)"},
		{`pueue group remove "demo"`, "", "common/pueue-group.md", "pueue group remove: Remove a group; its tasks move to the default group"},

		// Passwords generated or verified, not set.
		{`makepasswd --chars 10`, "", "common/makepasswd.md", "makepasswd(1): makepasswd generates true random passwords"},
		{`makepasswd --minchars 5 --maxchars 10`, "", "common/makepasswd.md", "makepasswd(1): --minchars, --maxchars"},
		{`htpasswd -v notes.txt alice`, "", "common/htpasswd.md", "htpasswd(1): -v Verify password. Verify that the given password matches the password of the user stored in the specified htpasswd file"},
		{`htpasswd -b config.yaml alice hunter2`, PrivilegeEscalation, "common/htpasswd.md", "htpasswd(1): -b Use batch mode; i.e., get the password from the command line (the file updated)"},

		// crane writing a tarball instead of pushing.
		{`crane append -o report.pdf`, "", "common/crane-append.md", "crane append: -o, --output string Path to new tarball of resulting image (written instead of pushed)"},
		{`crane mutate --output image.png`, "", "common/crane-mutate.md", "crane mutate: -o, --output string Path to new tarball of resulting image"},
		{`crane append --new_tag v1.2.3`, PackagePublish, "", "crane append: pushes the image with the new layer (heldout's i0486)"},

		// A verb of the table that names a local step: a held job or a
		// lease released, an archive packaged, an app put in the local
		// repository.
		{`scontrol release job_id1,job_id2,...`, "", "linux/scontrol.md", "scontrol(1): release job_list Release a previously held job to begin execution"},
		{`stormlock release resource lease_id`, "", "common/stormlock.md", "stormlock: release Release the given lease for the given resource"},
		{`pickle release docs`, "", "common/pickle.md", "pickle: release Package a PECL extension for release (the archive, made here)"},
		{`fdroid publish app_id`, "", "common/fdroid.md", "fdroidserver: publish Sign and place packages in the repo (the local repo folder; deploy uploads it)"},
		{`fdroid deploy`, "", "common/fdroid.md", "(not in the verb table)"},

		// A later word right after an option is the option's value.
		{`cbatticon --critical-level 5 -c poweroff`, "", "linux/cbatticon.md", "cbatticon(1): -c, --command-critical-level COMMAND command to execute when the critical battery level is reached"},
		{`virtctl --namespace demo poweroff`, DiskSystem, "", "virtctl: poweroff (after a global option's value; TestUnknownVerbs)"},
		{`VBoxManage controlvm demo poweroff`, DiskSystem, "common/vboxmanage-controlvm.md", "VBoxManage controlvm poweroff: the same effect as pulling the power cable"},

		// A key or keystore used in place by the program that needs it
		// (as ssh -i and openssl req -key): written, signed with, loaded.
		{`step certificate create "Example_Root_CA" root-ca.crt root-ca.key --profile root-ca`, "", "common/step-certificate.md", "step certificate create SUBJECT CRT_FILE KEY_FILE: Create a certificate and its private key (written to KEY_FILE)"},
		{`step certificate create example.com hostname.crt hostname.key --profile leaf --ca root-ca.crt --ca-key root-ca.key`, "", "common/step-certificate.md", "step certificate create: --ca-key The certificate authority private key used to sign the new certificate"},
		{`bundletool build-apks --bundle bundle.aab --ks key.keystore --ks-key-alias mykey --output file.apks`, "", "common/bundletool.md", "bundletool build-apks: --ks Path to the keystore that should be used to sign the generated APKs"},
		{`csshX example.com example.com --ssh_args "-i key_file.pem"`, "", "osx/csshx.md", "csshX: --ssh_args arguments passed to each ssh (its -i identity file used to log in, as ssh -i)"},
		{`grub-mount -K /zfs.key /dev/sdX /mnt`, "", "linux/grub-mount.md", "grub-mount(1): -K, --zfs-key=FILE|prompt Load zfs crypto key"},
		{`gmssl sm2 -pubout -in file.pem -out file.pem.pub`, "", "common/gmssl.md", "GmSSL (an OpenSSL fork): -pubout writes only the public key (as openssl rsa -pubout)"},
		{`cat root-ca.key`, SecretRead, "", "cat prints the private key"},
		{`gmssl sm2 -in file.pem -text`, SecretRead, "", "-text prints the key's parts, the private one included"},

		// Short dry runs the tools document.
		{`e2undo -nv report.pdf /dev/sdXN`, "", "linux/e2undo.md", "e2undo(8): -n Dry run; do not actually do anything"},
		{`resize2fs -P /dev/sdb1`, "", "linux/resize2fs.md", "resize2fs(8): -P Print an estimate of the number of file system blocks in the file system if it is shrunk using resize2fs's -M option and then exit"},
		{`sfdk undeploy --rsync -n`, "", "common/sfdk-undeploy.md", "sfdk undeploy: -n, --dry-run Simulate an undeployment without applying the changes"},
		{`e2undo -v report.pdf /dev/sdXN`, DiskSystem, "linux/e2undo.md", "e2undo(8): replays the undo file onto the device"},
		{`resize2fs -M /dev/sdXN`, DiskSystem, "linux/resize2fs.md", "resize2fs(8): -M Shrink the file system to minimize its size"},
		{`sfdk undeploy --method "-ignore*"`, CloudDestructive, "common/sfdk-undeploy.md", "sfdk undeploy: Undeploy all files excluding ignore* (a pattern, not -n)"},
		{`sfdk --drop demo`, "", "common/sfdk-config.md", "sfdk config: --drop <name> Clear option value"},
		{`sfdk config --drop target`, "", "common/sfdk-config.md", "sfdk config: --drop <name> Clear option value"},
		{`mongorestore --drop dump/`, DatabaseDestructive, "", "mongorestore: --drop Before restoring the collections from the dumped backup, drops the collections from the target database"},
		{`sfdk undeploy --rsync`, CloudDestructive, "common/sfdk-undeploy.md", "sfdk undeploy: Undeploy (remove) installed packages from the device"},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
