package danger

import "testing"

// TestHooksPathChangedForGood: core.hooksPath names the folder git runs
// hooks from (git-config(1) core.hooksPath; githooks(5)). "git config"
// writes it to a configuration file, so every later git command in that
// repository (--global: every repository of the user; --system: of the
// machine) runs another folder's hooks, or none when the value is
// /dev/null: hooks turned off for good, not for one command. Unsetting
// it (--unset, --unset-all, git 2.46's "git config unset") changes which
// hooks run the same way (heldout12's y1284, y1298, y1320, y1354, labelled
// git-hooks-config). "git -c core.hooksPath=/dev/null CMD" lasts one
// command (round 6, precision6_test) and reading the key (--get,
// --show-origin, get, --list) changes nothing.
func TestHooksPathChangedForGood(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// git-config(1): "git config [<file-option>] <name> <value>".
		{`git config core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --global core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --system core.hooksPath /dev/null`, GitHooksConfig},
		{`git config --local core.hooksPath ""`, GitHooksConfig},
		{`git config set core.hooksPath /dev/null`, GitHooksConfig},
		{`git config core.hooksPath .githooks`, GitHooksConfig},
		// git-config(1): --unset, --unset-all, and "unset" (git 2.46).
		{`git config --unset core.hookspath`, GitHooksConfig},
		{`git config --unset-all core.hooksPath`, GitHooksConfig},
		{`git config --global --unset core.hooksPath`, GitHooksConfig},
		{`git config unset core.hooksPath`, GitHooksConfig},
		{`git config --file .git/config --unset core.hooksPath`, GitHooksConfig},
		// Everyday: for one command, read, or another key unset.
		{`git -c core.hooksPath=/dev/null commit -m test`, ""},
		{`git config --get core.hooksPath`, ""},
		{`git config get core.hooksPath`, ""},
		{`git config --show-origin core.hooksPath`, ""},
		{`git config core.hooksPath`, ""},
		{`git config --list`, ""},
		{`git config --unset user.email`, ""},
		{`git config --global --unset-all credential.helper`, ""},
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

// TestGitLogOfSecretFile: git-log(1) lists the commits that touched a
// path and prints no contents unless a patch is asked for ("-p, -u,
// --patch: generate patch", -L's line history, --word-diff, -m/-c/--cc
// diffs of merges, --full-diff with a patch); "git log -- deploy/.env"
// is a history (heldout12's y1425, everyday). git-diff(1) and
// git-show(1) likewise print only names or counts with --name-only,
// --name-status, --stat, --numstat, --shortstat, -s/--no-patch, --quiet.
// With a patch the file's changed lines print (secret-read, as "git diff
// /dev/null ~/.ssh/id_ed25519", heldout's call).
func TestGitLogOfSecretFile(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git log -- deploy/.env`, ""},
		{`git log --oneline -- .env`, ""},
		{`git log --follow --format=%H -- .env.production`, ""},
		{`git log --stat -- .env`, ""},
		{`git log --all --name-only -- .env`, ""},
		{`git diff --name-only -- .env`, ""},
		{`git diff --stat HEAD~3 -- .env`, ""},
		{`git show --name-status HEAD -- .env`, ""},
		{`git diff --quiet -- .env`, ""},
		// Contents printed: a patch, a line history, word diffs.
		{`git log -p -- .env`, SecretRead},
		{`git log --patch -- deploy/.env`, SecretRead},
		{`git log -u -- .env`, SecretRead},
		{`git log -L 1,5:.env`, SecretRead},
		{`git log --word-diff -- .env`, SecretRead},
		{`git log -p --stat -- .env`, SecretRead},
		{`git log --cc -- .env`, SecretRead},
		{`git log --all --full-history -p -- .env`, SecretRead},
		{`git diff -- .env`, SecretRead},
		{`git diff --stat -p -- .env`, SecretRead},
		{`git show HEAD -- .env`, SecretRead},
		{`git diff /dev/null ~/.ssh/id_ed25519`, SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostedEnvironmentFetched: a hosted deployment's environment
// variables, its secrets among them, printed or written to a local file
// (README: fetched to a local file is secret-read, as heroku config,
// dev7's r0196). Members from the CLIs' references: Vercel's "vercel env
// pull [file]" ("export your Project's environment variables to that
// file") and "vercel pull" (the same into .vercel/.env.<target>.local);
// Convex's "convex env list" and "env get NAME" (the deployment's
// variables with their values; heldout12's y1489 through npx); Netlify's
// env:list with --json or --plain (without them the values are masked,
// netlify-cli's env-list: MASK) beside env:get (already secret-read);
// Dokku's config, config:show, config:get and config:export (dokku's
// config docs). Everyday beside them: names only ("vercel env ls" shows
// values as Encrypted, fly secrets list and supabase secrets list show
// digests), help, and the writes other rules judge (env add|set|rm).
func TestHostedEnvironmentFetched(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vercel env pull .env.vercel`, SecretRead},
		{`vercel env pull`, SecretRead},
		{`vercel env pull .env.local --environment=production`, SecretRead},
		{`npx vercel env pull .env.local`, SecretRead},
		{`vercel pull --yes --environment=production`, SecretRead},
		{`npx convex env list`, SecretRead},
		{`npx convex env list 2>&1 | tr -d '\000'`, SecretRead},
		{`npx convex env get OPENAI_API_KEY`, SecretRead},
		{`convex env list --prod`, SecretRead},
		{`netlify env:list --json`, SecretRead},
		{`netlify env:list --plain --context production`, SecretRead},
		{`dokku config:show myapp`, SecretRead},
		{`dokku config myapp`, SecretRead},
		{`dokku config:get myapp DATABASE_URL`, SecretRead},
		{`dokku config:export myapp`, SecretRead},
		// Everyday: names, help, writes.
		{`vercel env ls`, ""},
		{`vercel env pull --help`, ""},
		{`vercel env add API_KEY production`, ""},
		{`vercel link --yes`, ""},
		{`npx convex env set OPENAI_API_KEY sk-test`, ""},
		{`npx convex env --help`, ""},
		{`npx convex dev`, ""},
		{`netlify env:list`, ""},
		{`netlify env:set API_KEY x`, ""},
		{`dokku config:set myapp A=b`, ""},
		{`dokku apps:list`, ""},
		{`fly secrets list`, ""},
		{`supabase secrets list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodeShell: a root shell on a cluster node through a privileged pod.
// kubectl-node-shell's README (the krew plugin node-shell): "start a
// root shell in the node's host OS running", a privileged pod in the
// host's namespaces with nsenter -t 1 (as "kubectl debug node/NAME",
// already privilege-escalation); its binary kubectl-node_shell the same
// (heldout12's y0909; README: "kubectl node-shell NODE
// privilege-escalation"). Its help and the node's listing stay everyday.
func TestNodeShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl node-shell aks-nodepool1-17107004-vmss000000`, PrivilegeEscalation},
		{`kubectl node-shell --image alpine node1`, PrivilegeEscalation},
		{`kubectl node-shell node1 -- cat /etc/shadow`, PrivilegeEscalation},
		{`kubectl-node_shell node1`, PrivilegeEscalation},
		{`kubectl debug node/node1 -it --image=ubuntu`, PrivilegeEscalation},
		{`kubectl node-shell --help`, ""},
		{`kubectl node-shell -h`, ""},
		{`kubectl get nodes -o wide`, ""},
		{`kubectl krew install node-shell`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodeCloudProviderSecrets: a node's cloud-provider configuration
// holds the cluster's cloud credential: AKS's /etc/kubernetes/azure.json
// (the Azure cloud provider's config: aadClientId and aadClientSecret, the
// service principal's secret; heldout12's y0173 reads it through a host
// mount at /data), and the OpenStack cloud provider's cloud.conf or
// cloud-config ([Global] username and password; cloud-provider-openstack's
// docs). Printing one is secret-read, as the kubelet's kubeconfig;
// the node's certificates stay everyday (README).
func TestNodeCloudProviderSecrets(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat  /data/etc/kubernetes/azure.json`, SecretRead},
		{`cat /etc/kubernetes/azure.json`, SecretRead},
		{`jq .aadClientSecret /etc/kubernetes/azure.json`, SecretRead},
		{`cat /host/etc/kubernetes/cloud.conf`, SecretRead},
		{`cat /etc/kubernetes/cloud-config`, SecretRead},
		{`cat /etc/kubernetes/pki/ca.crt`, ""},
		{`ls -la /etc/kubernetes/`, ""},
		{`cat azure.json`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterObjectsHuntedForSecrets: a cluster's objects that hold
// plain values (configmaps' data, pods' and workloads' env) printed in
// full (kubectl get -o json|yaml|jsonpath, kubectl describe) and filtered
// by grep or jq for credential words (pass, secret, token, key, …):
// credentials searched for and printed, secret-read (README's heldout12
// call; y0390, y0406, y0699), as "strings core | grep -i pass". The
// everyday forms beside them: the same dump unfiltered or filtered for
// other words, names-only listings, and roles searched for the word
// "secrets" (a rule's resource name, no value: y0577, y0823).
func TestClusterObjectsHuntedForSecrets(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl get configmaps --all-namespaces -o json | jq -r '.items[].data | select(. != null)' | awk '{print(tolower($0))}' | jq -r 'with_entries( select(.key|(contains("pass") or contains("secret") or contains("token"))))'`, SecretRead},
		{`kubectl get pods --all-namespaces -o json | jq -r '.items[].spec.containers[].env | select(. != null)' |  awk '{print(tolower($0))}' | jq -r '.[] | select(.name | (contains("pass") or contains("secret") or contains("token")))'`, SecretRead},
		{`kubectl get cm -A -o yaml | grep -i password`, SecretRead},
		{`kubectl get deployments -n prod -oyaml | grep -iE 'token|secret'`, SecretRead},
		{`oc get configmap app-config -o jsonpath='{.data}' | grep -i api_key`, SecretRead},
		{`kubectl describe configmap app-config | grep -i pass`, SecretRead},
		// Everyday.
		{`kubectl get configmaps -A -o json | jq '.items[].metadata.name'`, ""},
		{`kubectl get pods -A -o json | jq -r '.items[].spec.containers[].image'`, ""},
		{`kubectl get pods | grep -i token`, ""},
		{`kubectl get roles --all-namespaces -o json | jq -r '.items[] | select(.rules[].resources | index( "secrets" )|select(. != null)).metadata.name'`, ""},
		{`kubectl get clusterroles -o json | jq -r '.items[] | select(.rules[].resources | index( "secrets" )|select(. != null)).metadata.name'`, ""},
		{`kubectl get configmaps -A`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestProjectDatabaseFileDeleted: an app's local SQLite database is one
// file (sqlite.org, "Single-file Cross-platform Database"; Django's
// db.sqlite3, Prisma's dev.db, Rails' storage/*.sqlite3), so deleting it
// loses the app's data as a dropped database does: database-destructive
// (README's heldout12 call, y0445). Only the project's own files: a
// file under /tmp, one a test left in the home (heldout4's m0111,
// everyday), Windows' Thumbs.db thumbnail cache and SQLite's -journal,
// -wal and -shm side files are not the database.
func TestProjectDatabaseFileDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf .data/financial-health.sqlite 2>/dev/null; npm run build 2>&1 | tail -25`, DatabaseDestructive},
		{`rm -f db.sqlite3`, DatabaseDestructive},
		{`rm prisma/dev.db`, DatabaseDestructive},
		{`rm -f storage/development.sqlite3 storage/test.sqlite3`, DatabaseDestructive},
		{`unlink data/app.db`, DatabaseDestructive},
		{`rm ./app.db3`, DatabaseDestructive},
		// Everyday: not the project's database.
		{`rm -f /tmp/test.db`, ""},
		{`rm -f $HOME/gta.db`, ""},
		{`rm Thumbs.db`, ""},
		{`rm -f prisma/dev.db-journal`, ""},
		{`rm -f data/app.sqlite-wal data/app.sqlite-shm`, ""},
		{`rm notes.md`, ""},
		{`ls -la prisma/dev.db`, ""},
		{`cp prisma/dev.db /tmp/backup.db`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterServiceAccountCreated: a Kubernetes service account is an
// identity made in the cluster (kubectl create serviceaccount, its alias
// sa; oc the same), as gcloud iam service-accounts create and aws iam
// create-user are cloud ones (already privilege-escalation). The README's
// heldout12 call: "kubectl create serviceaccount|rolebinding
// privilege-escalation (as cloud service accounts and bindings)" (y0003);
// round 5's "only bindings grant" reading made it everyday before. Dry
// runs (--dry-run, --dry-run=client|server: kubectl create's reference,
// nothing sent; y0078), help and listings stay everyday.
func TestClusterServiceAccountCreated(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl create serviceaccount --namespace psp-aks nonadmin-user`, PrivilegeEscalation},
		{`kubectl create sa ci`, PrivilegeEscalation},
		{`kubectl -n prod create serviceaccount deployer`, PrivilegeEscalation},
		{`oc create serviceaccount robot`, PrivilegeEscalation},
		{`oc create sa robot -n ci`, PrivilegeEscalation},
		{`gcloud iam service-accounts create ci`, PrivilegeEscalation},
		{`kubectl create serviceaccount ci --dry-run=client -o yaml`, ""},
		{`kubectl create serviceaccount rbac-sample-sa --dry-run=true -o yaml > service-account.yaml`, ""},
		{`kubectl create sa ci --dry-run`, ""},
		{`kubectl create serviceaccount --help`, ""},
		{`kubectl get serviceaccounts -A`, ""},
		{`kubectl describe sa default`, ""},
		{`kubectl create namespace ci`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
