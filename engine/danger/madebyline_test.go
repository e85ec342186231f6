package danger

import (
	"testing"
)

// Tests of madebyline.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestKubectlDeletesWhatTheLineMade: README's call that a delete of
// what the line itself made is everyday (as `mkdir x && … rm -rf x`).
// `kubectl run NAME` creates the pod NAME and `kubectl create KIND NAME`
// the named object (kubectl run --help, kubectl create --help); both fail
// with AlreadyExists when it exists, so deleting it again on the same
// line, in the same namespace, leaves the cluster as it was. An object
// the line did not make, another namespace, or a selector stay marked.
func TestKubectlDeletesWhatTheLineMade(t *testing.T) {
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

// TestRemovesFolderTheLineCloned: README's call that a delete of what
// the line itself made is everyday (`mkdir x … rm -rf x`, a pod the line
// just made). git clone makes a new folder: the one named, else the
// source's "humanish" part (git-clone(1), <directory>; cloning into an
// existing folder is allowed only when it is empty), and a scaffolder
// makes the project folder named right after its package (npm-init(1),
// create-next-app's and create-vite's usage). Removing that folder later
// on the line loses nothing that was there. Another folder, the current
// folder, a folder a global option moves (git -C) and a scaffold into
// "." stay marked.
func TestRemovesFolderTheLineCloned(t *testing.T) {
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

// TestDropsWhatTheLineCreated: README's call that a delete of what the
// line itself made is everyday, for the two other creators that refuse an
// existing name: createdb(1) fails when the database exists, and `helm
// install NAME CHART` refuses a release name still in use. Dropping or
// uninstalling that same name later on the line (same server, same
// namespace) loses nothing. Another name, server or namespace, a name the
// line does not show, and a drop before the create stay marked.
func TestDropsWhatTheLineCreated(t *testing.T) {
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

// TestMadeByLineAfterRelativeCd: what an earlier command of the line made
// is found where that command ran, a relative cd included. bash(1): "cd
// dir" changes the current folder for the commands after it, so "cd sub
// && mkdir keep" makes sub/keep, the folder "rm -rf keep" then removes
// (README's call: a delete of what the line itself made loses nothing).
// The same folders named from the project stay everyday too (the rows
// TestRemovesFolderTheLineCloned and madeByLine's mkdir rows keep).
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
