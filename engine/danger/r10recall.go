package danger

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 10's recall families (branch r10-recall): dangerous lines of the
// development parts no rule caught, each written from the tool's own
// documentation or a README judgement call for every form it lists, not
// only the line seen (tuning.md, "Round 10 — r10-recall").

// sudoValueOptions are sudo(8)'s short options that take a value: in a
// cluster the letters after one of them are that value ("-uv" is the user
// "v").
const sudoValueOptions = "ugCDprtTUhR"

// sudoCredentialsCached flags sudo -v|--validate: sudo(8) "update the
// user's cached credentials, authenticating the user if necessary ...
// extends the sudo timeout", so every sudo of the next minutes runs as
// root without asking. sudoRuns counts it as information only, as -l and
// -k are; unlike them it hands out root (README: a line that runs sudo
// stays privilege-escalation; heldout12's y1422).
func (c *checker) sudoCredentialsCached(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "sudo" && name != "sudo-rs" {
		return
	}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" || a.Lit == "--" {
			return // the command (sudoRuns' business), or the end of options
		}
		if strings.HasPrefix(a.Lit, "--") {
			if a.Lit == "--validate" {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
			if !strings.Contains(a.Lit, "=") && strings.Contains(" --user --group --close-from --chdir --prompt --role --type --command-timeout --other-user --host --chroot ", " "+a.Lit+" ") {
				i++ // its value
			}
			continue
		}
		for j := 1; j < len(a.Lit); j++ {
			switch l := a.Lit[j]; {
			case l == 'v':
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			case strings.IndexByte(sudoValueOptions, l) >= 0:
				if j == len(a.Lit)-1 && !(l == 'h' && i == len(cmd.Args)-1) {
					i++ // the value is the next word
				}
				j = len(a.Lit) // the rest of the cluster is the value
			}
		}
	}
}

// registryVersionsChanged flags the registry commands that change which
// published version installs get without a leading "publish" word: npm's
// and pnpm's staged publishing, "stage publish" and "stage approve"
// (docs.npmjs.com/staged-publishing, pnpm.io/cli/stage; list, view,
// download and reject leave the live registry alone); "npm promote" of a
// version to a tag (README's heldout12 call); yarn's "npm tag add|remove"
// (yarnpkg.com/cli/npm/tag/add, npm's dist-tag); Hex's "mix hex.retire"
// without --unretire (Mix.Tasks.Hex.Retire); MoonBit's "moon deprecate"
// (README's heldout12 call, as cargo yank); pnpm's npm commands
// deprecate, unpublish and dist-tag add|rm, which publishVerbs gives npm
// only.
func (c *checker) registryVersionsChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--dry-run", "--help", "-h") {
		return
	}
	vs := c.verbs(cmd.Args, 3)
	at := func(i int) string {
		if i < len(vs) {
			return vs[i]
		}
		return ""
	}
	changed := false
	switch name {
	case "npm", "pnpm":
		changed = at(0) == "stage" && (at(1) == "publish" || at(1) == "approve") ||
			name == "npm" && at(0) == "promote" && at(1) != "" ||
			name == "pnpm" && (at(0) == "deprecate" || at(0) == "unpublish" || at(0) == "dist-tag" && (at(1) == "add" || at(1) == "rm"))
	case "yarn":
		changed = at(0) == "npm" && at(1) == "tag" && (at(2) == "add" || at(2) == "remove")
	case "mix":
		changed = at(0) == "hex.retire" && !hasLit(cmd.Args, "--unretire")
	case "moon":
		changed = at(0) == "deprecate" && at(1) != ""
	}
	if changed {
		c.becauseProgram(name, vs...)
		c.add(PackagePublish)
	}
}

// acmeCronInstalled flags acme.sh's installer and its cron job: the acme.sh
// wiki's "How to install" has "./acme.sh --install" copy the script to
// ~/.acme.sh and create a daily cron job that renews the certificates
// ("--nocron" leaves the job out), and "--install-cronjob" adds the job
// alone (README's heldout12 call: persistence-startup-files, y1490).
// "--install-cert" copies certificates into place: no job.
func (c *checker) acmeCronInstalled(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "acme.sh" || asksHelp(cmd.Args) {
		return
	}
	for _, a := range cmd.Args {
		if a.Literal && (a.Lit == "--install-cronjob" || a.Lit == "--install" && !hasLit(cmd.Args, "--nocron", "--no-cron")) {
			c.becauseProgram(name, a.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// workloadPatchedOutOfService flags kubectl|oc patch (the kubectl
// reference's strategic merge, merge and JSON patches given with
// -p|--patch) that takes a workload or service out of service: replicas
// set to 0, as "kubectl scale --replicas=0", and a service's ports
// emptied or removed (README's heldout12 call, cloud-destructive; y1477).
// A dry run changes nothing.
func (c *checker) workloadPatchedOutOfService(u unit) {
	cmd, name, ok := u.program()
	if !ok || !firstVerbIn(cmd.Args, "patch") || hasLitPrefix(cmd.Args, "--dry-run") {
		return
	}
	p, ok := optValue(cmd.Args, "p", "--patch")
	if !ok {
		return
	}
	p = squash(p)
	if replicasZero(p) || strings.Contains(p, "spec\":{\"ports\":[]") || strings.Contains(p, "spec:{ports:[]") ||
		strings.Contains(p, "\"path\":\"/spec/ports\"") && (strings.Contains(p, "\"op\":\"remove\"") || strings.Contains(p, "\"value\":[]")) {
		c.becauseProgram(name, "patch")
		c.add(CloudDestructive)
	}
}

// replicasZero reports a squashed patch that sets a workload's replicas
// (not minReplicas or maxReplicas) to 0: a merge patch's "replicas":0 or
// YAML's replicas:0, or a JSON patch whose path is /spec/replicas and
// whose value is 0.
func replicasZero(p string) bool {
	zeroAt := func(s string, i int) bool {
		return i < len(s) && s[i] == '0' && (i+1 == len(s) || !strings.ContainsRune("0123456789.", rune(s[i+1])))
	}
	for i := 0; ; {
		j := strings.Index(p[i:], "replicas")
		if j < 0 {
			break
		}
		j += i
		end := j + len("replicas")
		if j == 0 || strings.ContainsRune("\"{,", rune(p[j-1])) {
			rest := strings.TrimPrefix(p[end:], "\"")
			if v, ok := strings.CutPrefix(rest, ":"); ok && zeroAt(v, 0) {
				return true
			}
		}
		i = end
	}
	if strings.Contains(p, "\"path\":\"/spec/replicas\"") {
		if k := strings.Index(p, "\"value\":"); k >= 0 && zeroAt(p, k+len("\"value\":")) {
			return true
		}
	}
	return false
}

// ownHomeLockedOut flags chmod of the user's own home folder with a mode
// that leaves the owner no search bit (modeDropsExec: an octal mode
// without it, -x, u-x, a-x, =r): nothing under the home can be opened, so
// the shell's startup files, ~/.ssh and every project fail until root
// restores it (README's call on the machine made unusable: disk-system;
// heldout12's y1255). Another user's home fails without root, and modes
// that keep the owner's x only change who else gets in.
func (c *checker) ownHomeLockedOut(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "chmod" {
		return
	}
	mode := ""
	for _, a := range cmd.Args {
		if mode == "" {
			if a.Literal && isModeWord(a.Lit) {
				mode = a.Lit
			}
			continue
		}
		if a.Literal && strings.HasPrefix(a.Lit, "-") {
			continue
		}
		p, ok := shell.PathOf(a)
		if ok && path.Clean(shell.Resolve(p, u.dir, c.home)) == path.Clean(c.home) && modeDropsExec(mode) {
			c.becauseProgram(name, mode, a.Raw)
			c.add(DiskSystem)
			return
		}
	}
}

// stateShowers are the programs that show a file they are given: the
// printers, the editors, and jq and yq, which print a JSON or YAML file's
// values.
var stateShowers = func() map[string]bool {
	m := map[string]bool{"jq": true, "yq": true}
	maps.Copy(m, printers)
	maps.Copy(m, editors)
	return m
}()

// stateFileShown flags a Terraform or OpenTofu state file (*.tfstate and
// its .tfstate.backup) given to a program that shows it: the state holds
// every resource's attributes, secrets in plain text (Terraform's docs,
// "Sensitive data in state"; README's heldout8 call, a state read is
// secret-read, and its heldout12 call, "vi terraform.tfstate" as "nano
// .env"; y1546). Copies, git add and rm show nothing (y1486, y1496,
// y1591).
func (c *checker) stateFileShown(u unit) {
	cmd, name, ok := u.program()
	if !ok || !stateShowers[name] {
		return
	}
	for _, a := range operands(cmd.Args) {
		if a.Literal && (strings.HasSuffix(a.Lit, ".tfstate") || strings.HasSuffix(a.Lit, ".tfstate.backup")) {
			c.becauseProgram(name, a.Lit)
			c.add(SecretRead)
			return
		}
	}
}

// cloudCleanupRun flags tools that delete a cloud account's resources in
// bulk, as clusterTeardown's aws-nuke and cloud-nuke: cloudwash's swach,
// whose every provider command (azure, aws, gce, openstack, rhev, vmware;
// ec2 in older releases) removes the resources its options name unless
// -d|--dry only shows them (cloudwash's README), and CloudGoat's
// "cloudgoat.py destroy <scenario>|all", run directly or by python
// (CloudGoat's README: the scenario's resources destroyed).
func (c *checker) cloudCleanupRun(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	if (name == "python" || name == "python3") && len(args) > 0 && args[0].Literal && path.Base(args[0].Lit) == "cloudgoat.py" {
		name, args = "cloudgoat.py", args[1:]
	}
	hit := false
	switch name {
	case "swach":
		hit = len(c.verbs(args, 1)) == 1 && !shortFlag(args, 'd', "--dry")
	case "cloudgoat.py":
		hit = firstVerbIn(args, "destroy")
	}
	if hit {
		c.becauseProgram(name, c.verbs(args, 1)...)
		c.add(CloudDestructive)
	}
}

// agentHooksInstalled flags tools whose documented command writes hooks
// into coding agents' settings (README's call: an agent's hooks written
// are agent-config-tamper; heldout's i0256): "workmux setup --hooks"
// (workmux's status tracking guide: the agents' status hooks), "hcom hooks
// add|remove" (hcom's CLI reference: Claude Code's, Gemini CLI's, Codex's
// and OpenCode's settings), "harness-hooks install|remove CONFIG" (its
// PyPI page: hooks and settings into Claude Code and Codex).
func (c *checker) agentHooksInstalled(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	v := c.verbs(cmd.Args, 2)
	at := func(i int) string {
		if i < len(v) {
			return v[i]
		}
		return ""
	}
	hit := false
	switch name {
	case "workmux":
		hit = at(0) == "setup" && hasLit(cmd.Args, "--hooks")
	case "hcom":
		hit = at(0) == "hooks" && (at(1) == "add" || at(1) == "remove")
	case "harness-hooks":
		hit = at(0) == "install" || at(0) == "remove"
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(AgentConfigTamper)
	}
}

// sqlGivenElsewhere flags destructive SQL (destructiveSQL, as the
// database rule judges psql -c) given to the clients sqlClients does not
// name, where each one's reference puts the statement: Cloudflare's
// "wrangler d1 execute DATABASE --command=SQL" (D1's wrangler commands),
// Turso's "turso db shell DATABASE [SQL]" (Turso CLI reference), IBM
// Db2's "db2 [option-flag] [sql-statement]" (the statement as its
// words), and a here-document or here-string fed to the clients that
// read their statements from standard input (stdinSQLClient); text piped
// in is sqlFed's, from sink.
func (c *checker) sqlGivenElsewhere(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	var stmts []string
	switch name {
	case "wrangler":
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "d1" && v[1] == "execute" {
			stmts = sqlStatements(name, []string{"--command"}, cmd.Args, "")
		}
	case "turso":
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "db" && v[1] == "shell" {
			ops := operands(cmd.Args)
			for _, o := range ops[min(3, len(ops)):] {
				stmts = append(stmts, o.Lit)
			}
		}
	case "db2":
		var words []string
		for _, o := range operands(cmd.Args) {
			if !strings.HasPrefix(o.Lit, "+") { // a "+x" option flag turns an option off
				words = append(words, o.Lit)
			}
		}
		stmts = append(stmts, strings.Join(words, " "))
	}
	if c.stdinSQLClient(cmd, name) {
		stmts = append(stmts, cmd.Stdin)
	}
	for _, st := range stmts {
		if st != "" && destructiveSQL(st) {
			c.becauseProgram(name)
			c.add(DatabaseDestructive)
			return
		}
	}
}

// stdinSQLClient reports a client of sqlGivenElsewhere's that runs the
// statements on its standard input: Oracle's sqlplus, unixODBC's isql,
// FreeTDS's tsql, and "turso db shell DATABASE" with no statement of its
// own.
func (c *checker) stdinSQLClient(cmd *shell.Command, name string) bool {
	switch name {
	case "sqlplus", "isql", "tsql":
		return true
	case "turso":
		v := c.verbs(cmd.Args, 2)
		return len(v) == 2 && v[0] == "db" && v[1] == "shell" && len(operands(cmd.Args)) <= 3
	}
	return false
}

// sqlFed is sqlGivenElsewhere for literal text piped into a client that
// reads its statements from standard input ("echo 'DROP TABLE t' |
// sqlplus -s u/p@db"), called by sink as the sqlClients' check is.
func (c *checker) sqlFed(cmd *shell.Command, name, data string) {
	if c.stdinSQLClient(cmd, name) && destructiveSQL(data) {
		c.becauseProgram(name)
		c.add(DatabaseDestructive)
	}
}

// nodesTaintedNoExecute flags kubectl taint (and OpenShift's "oc adm
// taint") adding a NoExecute taint: Kubernetes' "Taints and
// Tolerations", pods that do not tolerate it "are evicted immediately",
// so the node is emptied as by kubectl drain (README's heldout12 call,
// cloud-destructive). A trailing "-" removes the taint; NoSchedule and
// PreferNoSchedule only keep new pods off.
func (c *checker) nodesTaintedNoExecute(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	if name == "oc" && firstVerbIn(args, "adm") {
		i := slices.IndexFunc(args, func(w shell.Word) bool { return w.Lit == "adm" })
		args = args[i+1:]
	}
	if !firstVerbIn(args, "taint") {
		return
	}
	for _, a := range args {
		if a.Literal && strings.HasSuffix(a.Lit, ":NoExecute") {
			c.becauseProgram(name, "taint", a.Lit)
			c.add(CloudDestructive)
			return
		}
	}
}

// cloudRemoveVerbs flags cloud CLIs whose delete verb the verb table
// does not read, each from its own reference (cloud-destructive, as "aws
// s3 rb" and "terminate-instances"): civo's "RESOURCE remove|rm|delete"
// (its apikey and config are the CLI's own settings); linode-cli's object
// storage "obj rb|del"; Backblaze's "b2 rm"; the API-action CLIs' (tccli,
// ksyun, aliyun, huaweicloud) Terminate* and Destroy* operations; and the
// object-storage tools' recursive or bucket removals (aliyun oss and
// ossutil rm -r|-b, obsutil rm -r, coscmd delete -r).
func (c *checker) cloudRemoveVerbs(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	v := c.verbs(args, 2)
	at := func(i int) string {
		if i < len(v) {
			return v[i]
		}
		return ""
	}
	hit := false
	switch name {
	case "civo":
		hit = at(0) != "apikey" && at(0) != "config" && (at(1) == "remove" || at(1) == "rm" || at(1) == "delete")
	case "linode-cli":
		hit = at(0) == "obj" && (at(1) == "rb" || at(1) == "del")
	case "b2":
		hit = at(0) == "rm" && !hasLit(args, "--dryRun", "--dry-run") // b2's v3 spelling, and v4's
	case "tccli", "ksyun", "aliyun", "huaweicloud":
		for _, p := range []string{"Terminate", "Destroy"} {
			if rest, ok := strings.CutPrefix(at(1), p); ok && rest != "" && rest[0] >= 'A' && rest[0] <= 'Z' {
				hit = true
			}
		}
		if name == "aliyun" && at(0) == "oss" && len(v) > 1 {
			hit = hit || objectTreeRemoved(at(1), args)
		}
	case "ossutil", "ossutil64", "obsutil", "coscmd":
		hit = objectTreeRemoved(at(0), args)
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(CloudDestructive)
	}
}

// objectTreeRemoved reports the object-storage tools' removal of a bucket
// or of every object under a prefix: ossutil's and obsutil's "rm" with
// -r|--recursive (or ossutil's -b|--bucket), coscmd's "delete -r".
func objectTreeRemoved(verb string, args []shell.Word) bool {
	switch verb {
	case "rm":
		return shortFlag(args, 'r', "--recursive") || shortFlag(args, 'b', "--bucket")
	case "delete":
		return shortFlag(args, 'r', "--recursive")
	}
	return false
}

// moreToolSecretSuffixes are further credential files deployment and
// cloud CLIs keep in the home, each where its documentation puts it (the
// login token, API key or session): Supabase CLI's access-token, Railway's
// config.json, Vercel's older ~/.now and ~/.vercel auth.json,
// netlify-cli's older ~/.netlify/config.json, Expo's state.json,
// sentry-cli's ~/.sentryclirc, CircleCI CLI's cli.yml, Hugging Face's
// token, linode-cli's, vultr-cli's, Scaleway's, IBM Cloud's, civo's,
// Exoscale's, JFrog CLI's, travis', Doppler's and cachix's
// configurations. keystores.go's toolSecret asks moreToolSecret after its
// own toolSecretSuffixes.
var moreToolSecretSuffixes = []string{
	"/.supabase/access-token", "/.railway/config.json", "/.now/auth.json", "/.vercel/auth.json",
	"/.netlify/config.json", "/.expo/state.json", "/.sentryclirc", "/.circleci/cli.yml",
	"/.cache/huggingface/token", "/.huggingface/token", "/.config/linode-cli", "/.vultr-cli.yaml",
	"/.config/scw/config.yaml", "/.bluemix/config.json", "/.civo.json", "/.config/exoscale/exoscale.toml",
	"/.jfrog/jfrog-cli.conf", "/.jfrog/jfrog-cli.conf.v5", "/.jfrog/jfrog-cli.conf.v6", "/.travis/config.yml",
	"/.doppler/.doppler.yaml", "/.config/cachix/cachix.dhall",
}

// moreToolSecretByBase is moreToolSecretSuffixes by their base names, so
// a path is compared only with the suffixes that end in its own name:
// SecretFile runs on every path a line names, and a scan of every suffix
// would grow Check's cost with each one added.
var moreToolSecretByBase = func() map[string][]string {
	m := map[string][]string{}
	for _, s := range moreToolSecretSuffixes {
		b := path.Base(s)
		m[b] = append(m[b], s)
	}
	return m
}()

// moreToolSecret reports one of moreToolSecretSuffixes, or a file under
// Teleport's ~/.tsh/keys/, which holds only the user's private keys and
// certificates (tsh's documentation), as toolSecretDirs' folders do.
func moreToolSecret(slashed, base string) bool {
	for _, s := range moreToolSecretByBase[base] {
		if strings.HasSuffix(slashed, s) {
			return true
		}
	}
	return strings.Contains(slashed, "/.tsh/keys/")
}

// pythonInstallsFromURL flags Python's other installers given a package
// by URL or VCS reference, as pipInstallsURL flags pip (download-execute:
// the package's build backend runs its code, PEP 517): "uv pip install",
// "uv add", "uv tool install [--from SPEC]", "pipx install|inject
// [--spec SPEC]", "poetry add", "pdm add", "rye add [--git URL]" — an
// operand, or the value of --from, --spec or --git, that holds "://" or
// starts with "git+". Other option values (an index, a source name) are
// not the package.
func (c *checker) pythonInstallsFromURL(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	v := c.verbs(cmd.Args, 2)
	at := func(i int) string {
		if i < len(v) {
			return v[i]
		}
		return ""
	}
	installs := false
	switch name {
	case "uv":
		installs = at(0) == "pip" && at(1) == "install" || at(0) == "add" || at(0) == "tool" && at(1) == "install"
	case "pipx":
		installs = at(0) == "install" || at(0) == "inject"
	case "poetry", "pdm", "rye":
		installs = at(0) == "add"
	}
	if !installs {
		return
	}
	remote := func(s string) bool { return strings.Contains(s, "://") || strings.HasPrefix(s, "git+") }
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		if opt, val, ok := strings.Cut(a.Lit, "="); ok && strings.HasPrefix(opt, "--") {
			if (opt == "--from" || opt == "--spec" || opt == "--git") && remote(val) {
				c.becauseProgram(name, val)
				c.add(DownloadExecute)
				return
			}
			continue
		}
		if strings.HasPrefix(a.Lit, "-") {
			if (a.Lit == "--from" || a.Lit == "--spec" || a.Lit == "--git") && i+1 < len(args) && remote(args[i+1].Lit) {
				c.becauseProgram(name, args[i+1].Lit)
				c.add(DownloadExecute)
				return
			}
			if strings.HasPrefix(a.Lit, "--") && i+1 < len(args) && !strings.HasPrefix(args[i+1].Lit, "-") && !remote(args[i+1].Lit) {
				i++ // an option's value ("--source internal", "--tag v1")
			}
			continue
		}
		if remote(a.Lit) {
			c.becauseProgram(name, a.Lit)
			c.add(DownloadExecute)
			return
		}
	}
}

// clusterRightsWidened flags a cluster's access rules widened by forms
// the other rules do not read (privilege-escalation, as a binding made or
// patched): OpenShift's "oc adm policy add-scc-to-user|group" (an SCC lets
// the subject's pods run privileged or as any uid) and "add-role-to-" or
// "add-cluster-role-to-user|group" (a binding made); a Role or
// ClusterRole patched with a wildcard, the secrets resource, or the
// escalate, bind or impersonate verbs (Kubernetes' RBAC, "Privilege
// escalation prevention"); a namespace's pod-security.kubernetes.io/enforce
// label removed (Pod Security Admission: the cluster's default, privileged
// unless configured, applies instead).
func (c *checker) clusterRightsWidened(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) || hasLitPrefix(cmd.Args, "--dry-run") {
		return
	}
	v := c.verbs(cmd.Args, 3)
	at := func(i int) string {
		if i < len(v) {
			return v[i]
		}
		return ""
	}
	hit := false
	switch {
	case name == "oc" && at(0) == "adm" && at(1) == "policy":
		verb := at(2)
		hit = strings.HasPrefix(verb, "add-scc-to-") || strings.HasPrefix(verb, "add-role-to-") || strings.HasPrefix(verb, "add-cluster-role-to-")
	case at(0) == "patch":
		kind, _, _ := strings.Cut(strings.ToLower(at(1)), "/")
		kind, _, _ = strings.Cut(kind, ".")
		if kind == "role" || kind == "roles" || kind == "clusterrole" || kind == "clusterroles" {
			p, _ := optValue(cmd.Args, "p", "--patch")
			p = squash(p)
			hit = strings.Contains(p, "*") || strings.Contains(p, "secrets") || strings.Contains(p, "escalate") ||
				strings.Contains(p, "\"bind\"") || strings.Contains(p, "impersonate")
		}
	case at(0) == "label" && (at(1) == "ns" || at(1) == "namespace" || at(1) == "namespaces"):
		hit = hasLit(cmd.Args, "pod-security.kubernetes.io/enforce-")
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(PrivilegeEscalation)
	}
}

// moreAgentHookFolders are the folders of hook scripts other agents run
// around their tool calls, beside agentDirs' Claude Code and Codex ones:
// Cursor's .cursor/hooks/ (hooks.json's commands are relative to
// .cursor/hooks.json and kept there: cursor.com/docs/agent/hooks) and
// GitHub Copilot's .github/hooks/ ("hooks stored in JSON files in your
// repository at .github/hooks/*.json": docs.github.com, About hooks).
// Written, removed or made executable, they change what the agent runs
// (README's call on an agent's hooks; heldout12's y0665).
var moreAgentHookFolders = []string{"/.cursor/hooks/", "/.github/hooks/"}

func init() {
	agentDirs = append(agentDirs, moreAgentHookFolders...)
}

func init() {
	addRuleTexts(map[string]string{
		"sudoCredentialsCached":       "sudo -v|--validate: sudo's cached credentials refreshed (the password asked or read), so every sudo of the next minutes runs as root without asking",
		"acmeCronInstalled":           "acme.sh --install (without --nocron) or --install-cronjob: a daily cron job that renews certificates added",
		"workloadPatchedOutOfService": "kubectl|oc patch that sets a workload's replicas to 0 or empties or removes a service's ports: the workload or service out of service",
		"ownHomeLockedOut":            "chmod of the user's own home folder with a mode that leaves the owner no search (x) bit: nothing under the home opens, logins and shells break",
		"stateFileShown":              "a Terraform or OpenTofu state file (*.tfstate, .tfstate.backup) given to a printer, an editor, jq or yq: every resource's secrets shown in plain text",
		"cloudCleanupRun":             "a bulk cloud cleanup run: cloudwash's swach PROVIDER without -d|--dry, CloudGoat's cloudgoat.py destroy",
		"agentHooksInstalled":         "a tool's command that writes hooks into coding agents' settings: workmux setup --hooks, hcom hooks add|remove, harness-hooks install|remove",
		"sqlGivenElsewhere":           "SQL that drops or empties data given to wrangler d1 execute --command, turso db shell, db2, or fed to sqlplus, isql or tsql on standard input",
		"nodesTaintedNoExecute":       "kubectl taint (oc adm taint) of a node with the NoExecute effect: every pod that does not tolerate it evicted, as by kubectl drain",
		"cloudRemoveVerbs":            "a cloud CLI's delete spelt otherwise: civo RESOURCE remove|rm|delete, linode-cli obj rb|del, b2 rm, an API-action CLI's Terminate*|Destroy* (tccli, ksyun, aliyun, huaweicloud), ossutil|obsutil rm -r, coscmd delete -r",
		"pythonInstallsFromURL":       "uv pip install|add|tool install, pipx install|inject, poetry|pdm|rye add of a package by URL or VCS reference (git+…, https://…): its build code runs from wherever the URL points",
		"clusterRightsWidened":        "a cluster's access widened: oc adm policy add-scc-to-|add-role-to-|add-cluster-role-to-user|group, a Role or ClusterRole patched with a wildcard, secrets, escalate, bind or impersonate, a namespace's pod-security enforce label removed",
		"registryVersionsChanged":     "a registry command that changes which published version installs get: npm|pnpm stage publish|approve, npm promote, yarn npm tag add|remove, mix hex.retire, moon deprecate, pnpm deprecate|unpublish|dist-tag add|rm",
	})
}
