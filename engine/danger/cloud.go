package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// deleteVerbCLIs are cloud CLIs shaped "CLI GROUP [SUBGROUP…] VERB NAME":
// a delete or destroy verb among the first words removes a resource.
var deleteVerbCLIs = map[string]bool{
	"gcloud": true, "az": true, "doctl": true, "hcloud": true, "linode-cli": true, "openstack": true,
	"ibmcloud": true, "oci": true, "scw": true, "exo": true, "civo": true, "vultr-cli": true, "upctl": true,
	"eksctl": true, "glab": true, "netlify": true, "flyctl": true, "fly": true, "firebase": true,
}

// globalValueOpts are global options of cloud CLIs that take a value, so
// the value is not taken for a verb.
var globalValueOpts = []string{
	"--profile", "--region", "--output", "-o", "--endpoint-url", "--project", "--zone", "--subscription",
	"--resource-group", "-g", "-n", "--name", "--namespace", "--context", "--kubeconfig", "--cluster",
	"--user", "-s", "--server", "--configuration", "--account", "--format", "--app", "-a", "--config",
	// Options named for a kind take the kind as their value, in any
	// program ("systemd-inhibit --what shutdown sleep 5": shutdown is what
	// is blocked, not a verb).
	"--what", "--mode", "--type", "--action", "--kind", "--level", "--signal", "--when", "--policy", "--trigger",
	"--state", "--event", "--on",
}

// metaNouns are what a resource carries about itself: removing a tag, a
// lock, a label, an alias or a membership loses no data (the labels:
// "az lock delete", "delete-environment-membership" are everyday).
var metaNouns = map[string]bool{
	"tag": true, "tags": true, "lock": true, "locks": true, "label": true, "labels": true, "annotation": true,
	"annotations": true, "alias": true, "aliases": true, "membership": true, "memberships": true,
	"tagging": true, // S3's tag sets: s3api delete-bucket-tagging|delete-object-tagging (round 7)
	// What only selects or points at data, and one received message: a
	// log view, a linked dataset, a Bigtable authorized view, az storage
	// message delete (README's heldout10 labels; round 8).
	"view": true, "views": true, "link": true, "links": true, "message": true,
}

// aboutMetadata reports a subcommand path whose object is metadata: a
// meta noun as a verb ("az lock delete") or as the last part of a
// compound operation ("delete-tags", "delete-environment-membership").
func aboutMetadata(vs []string) bool {
	for _, v := range vs {
		parts := wordParts(v)
		if len(parts) > 0 && metaNouns[parts[len(parts)-1]] {
			return true
		}
		if n := len(parts); n > 1 && parts[n-2] == "change" && (parts[n-1] == "set" || parts[n-1] == "sets") {
			return true // a CloudFormation change set: a proposal, no resource (round 7)
		}
	}
	return false
}

// verbs returns the first n words that are neither options nor option
// values.
func verbs(args []shell.Word, n int) []string { return leadingWords(args, n, false) }

// leadingWords returns the first n literal words that are neither options
// nor the values of global options (globalValueOpts), stopping at the
// first word that is not literal and, with stopAtOption, at the first
// option after a word was taken.
func leadingWords(args []shell.Word, n int, stopAtOption bool) []string {
	// Gathered on the stack and copied once: growing the result one word
	// at a time cost up to three allocations a call.
	var buf [cachedWords]string
	out := buf[:0]
	for i := 0; i < len(args) && len(out) < n; i++ {
		a := args[i]
		if !a.Literal {
			break
		}
		if strings.HasPrefix(a.Lit, "-") {
			if stopAtOption && len(out) > 0 {
				break
			}
			if !strings.Contains(a.Lit, "=") && slices.Contains(globalValueOpts, a.Lit) {
				i++
			}
			continue
		}
		out = append(out, a.Lit)
	}
	if len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

// cachedWords is how many leading words (*checker).leadingWords keeps;
// the rules ask for at most four.
const cachedWords = 8

// wordsCache is the leading words of the argument list the rules last
// asked about (see (*checker).leadingWords).
type wordsCache struct {
	args  []shell.Word // the list: the same backing array and length
	words []string     // leadingWords(args, cachedWords, …)
}

// verbs is verbs, read from the checker's cache.
func (c *checker) verbs(args []shell.Word, n int) []string { return c.leadingWords(args, n, false) }

// subcommandPath is subcommandPath, read from the checker's cache.
func (c *checker) subcommandPath(args []shell.Word, n int) []string {
	return c.leadingWords(args, n, true)
}

// leadingWords is leadingWords, derived once per argument list: some
// fifty rules ask for the verbs of the command being checked, and
// deriving them anew each time was a third of Check's allocations (issue
// 30's rounds). The words of the first n are those of the first
// cachedWords cut to n, as leadingWords only stops early, never skips
// back. A list is known by its backing array and length: a parsed
// script's words are never changed (engine/shell shares its scripts), and
// the cache holds the array, so no other list can take its place. The
// result shares the cache's array, capped so an append copies; callers
// must not change its words.
func (c *checker) leadingWords(args []shell.Word, n int, stopAtOption bool) []string {
	if len(args) == 0 || n <= 0 {
		return nil
	}
	e := &c.leading[0]
	if stopAtOption {
		e = &c.leading[1]
	}
	if len(e.args) != len(args) || &e.args[0] != &args[0] {
		e.args, e.words = args, leadingWords(args, cachedWords, stopAtOption)
	}
	switch {
	case n <= len(e.words):
		return e.words[:n:n]
	case len(e.words) < cachedWords:
		return e.words[:len(e.words):len(e.words)] // all there are; nil when none
	}
	return leadingWords(args, n, stopAtOption)
}

// plainWords is plainWords(args) (no option taking a value), derived once
// per argument list like leadingWords: the network rules ask for it of
// every command. The result shares the cache's array, capped; callers
// must not change its words.
func (c *checker) plainWords(args []shell.Word) []string {
	if len(args) == 0 {
		return nil
	}
	e := &c.plain
	if len(e.args) != len(args) || &e.args[0] != &args[0] {
		e.args, e.words = args, plainWords(args)
	}
	return e.words[:len(e.words):len(e.words)]
}

// cloud flags deleting cloud resources (instances, buckets, clusters,
// databases, secrets, whole projects), emptying storage, tearing down
// infrastructure as code, and copying secrets into a bucket.
func (c *checker) cloud(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	if cutShort(name, args) {
		return
	}
	v := c.verbs(args, 4)
	has := func(ws ...string) bool {
		for _, w := range v {
			if slices.Contains(ws, w) {
				return true
			}
		}
		return false
	}
	switch {
	case deleteVerbCLIs[name] && !(len(v) > 0 && v[0] == "config") && !aboutMetadata(c.subcommandPath(args, 4)) && !azDeploymentRecord(name, v) &&
		!abandonsResources(name, v, args) && !keepsData(name, c.subcommandPath(args, 4), args):
		// "glab alias delete co", "gcloud config unset", "az tag delete
		// --name t": the CLI's own shortcuts and settings, a tag name; no
		// resource.
		for _, w := range v {
			if otherVerb(w) {
				break // "describe delete-me": what follows the verb is a name
			}
			if w == "delete" || w == "destroy" || w == "purge" || strings.HasPrefix(w, "delete-") || strings.HasSuffix(w, "-delete") ||
				strings.HasSuffix(w, ":delete") || strings.HasSuffix(w, ":destroy") || w == "rm" && name != "firebase" {
				c.add(CloudDestructive)
				return
			}
		}
	}
	switch name {
	case "aws":
		c.aws(u, v)
	case "gsutil":
		if has("rm", "rb") || has("rsync") && shortFlag(args, 'd') {
			c.add(CloudDestructive)
		}
	case "kubectl", "oc":
		if len(v) > 0 && v[0] == "delete" && !c.kubectlDeletesNothing(args) && !c.kubectlDeletesOwn(u) {
			c.add(CloudDestructive)
		}
	case "helm":
		if len(v) > 0 && slices.Contains([]string{"uninstall", "delete", "del", "un"}, v[0]) && !c.helmUninstallsOwn(args) {
			c.add(CloudDestructive)
		}
	case "terraform", "tofu", "terragrunt":
		switch {
		case len(v) > 0 && v[0] == "destroy":
			c.add(CloudDestructive)
		case len(v) > 0 && v[0] == "apply" && hasLit(args, "-destroy", "--destroy"):
			c.add(CloudDestructive)
		case len(v) > 1 && v[0] == "workspace" && v[1] == "delete" && hasLit(args, "-force", "--force"):
			// Without -force terraform refuses a workspace that tracks
			// resources (README's heldout8 call).
			c.add(CloudDestructive)
		}
	case "pulumi":
		if len(v) > 0 && v[0] == "destroy" || len(v) > 1 && v[0] == "stack" && v[1] == "rm" {
			c.add(CloudDestructive)
		}
	case "cdk", "cdktf":
		if len(v) > 0 && v[0] == "destroy" {
			c.add(CloudDestructive)
		}
	case "serverless", "sls":
		if len(v) > 0 && v[0] == "remove" {
			c.add(CloudDestructive)
		}
	case "heroku":
		if len(v) > 0 && (v[0] == "apps:destroy" || v[0] == "destroy" || v[0] == "addons:destroy") {
			c.add(CloudDestructive)
		}
	case "vercel", "now": // now: Vercel's CLI before it was renamed
		if len(v) > 0 && (v[0] == "remove" || v[0] == "rm") {
			c.add(CloudDestructive)
		}
	case "vault":
		switch {
		case len(v) > 1 && v[0] == "secrets" && v[1] == "disable":
			c.add(CloudDestructive)
		case len(v) > 1 && v[0] == "kv" && (v[1] == "destroy" || v[1] == "delete" || v[1] == "metadata" && len(v) > 2 && v[2] == "delete"):
			c.add(CloudDestructive)
		case len(v) > 0 && v[0] == "delete":
			c.add(CloudDestructive)
		}
	case "rclone":
		if len(v) > 0 && slices.Contains([]string{"purge", "delete", "deletefile", "rmdirs", "cleanup"}, v[0]) {
			c.add(CloudDestructive)
		}
	case "s3cmd":
		if len(v) > 0 && slices.Contains([]string{"del", "rm", "rb"}, v[0]) || len(v) > 0 && v[0] == "sync" && hasLit(args, "--delete-removed") {
			c.add(CloudDestructive)
		}
	}
}

// aws decides the AWS CLI: "aws s3 rm|rb", "aws s3 sync --delete", and any
// operation named delete-*, terminate-*, deregister-*, purge-* or
// destroy-*; "aws s3 cp|mv|sync" of a secret into a bucket sends it away.
func (c *checker) aws(u unit, v []string) {
	if len(v) < 2 {
		return
	}
	service, op := v[0], v[1]
	if service == "s3" {
		switch {
		case op == "rm" || op == "rb":
			c.add(CloudDestructive)
		case op == "sync" && hasLit(u.cmd.Args, "--delete") && syncIntoBucket(u.cmd.Args):
			// --delete deletes at the destination: a sync down into a
			// local folder deletes nothing in the cloud.
			c.add(CloudDestructive)
		}
		if op == "cp" || op == "mv" || op == "sync" {
			ops := operands(u.cmd.Args)
			if len(ops) >= 4 && strings.HasPrefix(ops[len(ops)-1].Lit, "s3://") {
				if p, ok := shell.PathOf(ops[2]); ok {
					abs := shell.Resolve(p, u.dir, c.home)
					if SecretFile(abs) || secretFolder(abs, c.home) {
						c.add(NetworkExfiltration, SecretRead)
					}
				}
			}
		}
		return
	}
	if op == "delete-message" || op == "delete-message-batch" {
		return // a consumer removing the messages it received: how a queue is used
	}
	if aboutMetadata([]string{op}) {
		return // "delete-tags": metadata, no resource
	}
	if balancerMembers[op] || awsRecordOps[op] {
		return // the targets keep running and are registered again at will; records (clouddestructive.go)
	}
	for _, pre := range []string{"delete-", "terminate-", "deregister-", "purge-", "destroy-"} {
		if strings.HasPrefix(op, pre) {
			c.add(CloudDestructive)
			return
		}
	}
}

// cutShort reports a gcloud command that ends at its verb: gcloud's
// create, delete and grant verbs take the resource as a positional
// argument and refuse to run without it, so "gcloud iam service-accounts
// delete" (the rest cut off by a comment, as "#{email}" after a space is)
// changes nothing. An aws command ending in the word help prints its
// manual page (the AWS CLI's "Getting help").
func cutShort(name string, args []shell.Word) bool {
	if name == "aws" && len(args) > 0 && args[len(args)-1].Literal && args[len(args)-1].Lit == "help" {
		return true // "aws SERVICE COMMAND help": the manual page
	}
	if name == "aws" && awsSkeleton(args) {
		return true // a JSON skeleton printed, no API request (printonly.go)
	}
	if name != "gcloud" || len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	if !last.Literal {
		return false
	}
	switch last.Lit {
	case "create", "delete", "remove", "destroy", "update", "add-iam-policy-binding", "remove-iam-policy-binding", "set-iam-policy", "disable", "enable", "undelete":
		return true
	}
	return false
}

// cloudAttack: Stratus Red Team runs attack techniques against the
// cloud account the shell's credentials reach. A technique's id names its
// tactic (aws.defense-evasion.cloudtrail-stop): defense evasion and impact
// stop trails and delete logs or data, credential access reads secrets,
// exfiltration shares data out, persistence and privilege escalation make
// users, keys and grants; discovery only lists. "cleanup" and "revert"
// destroy what it made; list, show and status only describe.
func (c *checker) cloudAttack(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "stratus" {
		return
	}
	if firstVerbIn(cmd.Args, "cleanup", "revert") {
		c.add(CloudDestructive)
		return
	}
	if !firstVerbIn(cmd.Args, "detonate") {
		return
	}
	for _, a := range operands(cmd.Args)[1:] {
		parts := strings.Split(a.Lit, ".")
		if !a.Literal || len(parts) < 3 {
			continue
		}
		c.because(name, "detonate", a.Lit)
		switch parts[1] {
		case "defense-evasion", "impact":
			c.add(CloudDestructive)
		case "credential-access":
			c.add(SecretRead)
		case "exfiltration":
			c.add(NetworkExfiltration)
		case "persistence", "privilege-escalation":
			c.add(PrivilegeEscalation)
		}
	}
}

// cloudFamilies runs the cloud families of round 7 (cloudsecrets.go,
// cloudaccess.go, clouddestructive.go, database.go), each of which names
// the cloud CLI it reads first.
func (c *checker) cloudFamilies(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	// The words these rules matched are theirs: a later rule that names
	// none (curl's upload) must not show them.
	defer c.because()
	c.databaseAccessChanged(cmd, name)
	c.cloudRunsElsewhere(u)
	c.infraStatePrinted(cmd, name)
	c.redisDumpPlaced(cmd, name)
	if name == "curl" || name == "az" {
		c.cloudAPIAccessCall(cmd, name)
	}
	switch name {
	case "kubeadm", "microk8s", "openssl":
		c.clusterCredentialsMinted(cmd, name) // cluster.go
	case "curl", "wget", "http", "https", "xh", "kubeletctl":
		c.kubeletAPIExec(cmd, name) // cluster.go
		if name != "kubeletctl" {
			c.clusterAPIOverHTTP(cmd, name)
		}
	}
	switch name {
	case "gh", "glab":
		c.hostedAccessChanged(cmd, name)
		c.hostedRemovals(cmd, name)
		return

	case "firebase":
		if v := c.verbs(cmd.Args, 1); len(v) == 1 && v[0] == "hosting:disable" && !hasLit(cmd.Args, "--help", "-h") {
			// The site stops being served (README's heldout8 call:
			// disk-system, as VMs stopped).
			c.because(name, v[0])
			c.add(DiskSystem)
			return
		}
	case "gws":
		// gws auth export --unmasked prints the credentials (README's
		// heldout8 call).
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "auth" && v[1] == "export" && hasLit(cmd.Args, "--unmasked") {
			c.because(name, "auth", "export", "--unmasked")
			c.add(SecretRead)
		}
		return
	}
	if name == "cdk" {
		c.cdkTrust(cmd)
		return
	}
	switch name {
	case "aws", "gcloud", "az", "vault", "bao", "gsutil", "kubectl", "oc", "docker", "podman", "doctl", "firebase", "chamber", "aws-vault", "eksctl":
	case "helm":
		if !hasLit(cmd.Args, "-h", "--help", "help") {
			c.clusterRules(cmd, name, nil) // only its --kubeconfig is read
		}
		return
	default:
		return
	}
	// Help, a dry run and aws's request skeleton call nothing; gcloud
	// kms's --version names a key version (describesOnly would read it as
	// the CLI's version).
	if hasLit(cmd.Args, "-h", "--help", "help", "--dry-run", "--generate-cli-skeleton") || cutShort(name, cmd.Args) {
		return
	}
	v := c.subcommandPath(cmd.Args, 6)
	if name == "gcloud" && len(v) > 0 && (v[0] == "alpha" || v[0] == "beta") {
		v = v[1:] // a release track before the command group (gcloud reference)
	}
	c.runtimeEnvironmentPrinted(cmd, name, v)
	c.cloudDecryption(cmd, name, v)
	c.cloudIdentityAssumed(cmd, name, v)
	c.resourceAccessPolicy(cmd, name, v)
	c.credentialsIssued(cmd, name, v)
	c.cliCredentialsPrinted(cmd, name, v)
	c.serviceKeysPrinted(cmd, name, v)
	c.accessWidened(cmd, name, v)
	c.auditLoggingOff(cmd, name, v)
	c.userDataReplaced(cmd, name, v)
	c.databaseOpened(cmd, name, v)
	c.cloudSQL(cmd, name, v)
	c.cloudLiteralRules(cmd, name, v)
	c.cloudSettingRules(cmd, name, v)
	c.clusterRules(cmd, name, v)
}

// syncIntoBucket reports an "aws s3 sync SRC DEST" whose destination,
// the operand after the source, is a bucket (or not known: not literal,
// or missing). Operands after it are option values ("--exclude '*.tmp'").
func syncIntoBucket(args []shell.Word) bool {
	ops := operands(args)
	i := slices.IndexFunc(ops, func(w shell.Word) bool { return w.Lit == "sync" })
	if i < 0 || i+2 >= len(ops) {
		return true
	}
	dest := ops[i+2]
	return !dest.Literal || strings.HasPrefix(dest.Lit, "s3://")
}

// cloudLiteralRules runs round 8's cloud families (tuning.md, "Round 8 —
// cloud") for a cloud CLI line (name one of cloudFamilies' programs, v its
// subcommand path past gcloud's release track; kubectl's and oc's may hold
// one word, the rest at least two). Each names a mechanism README's
// heldout10 calls label, its members enumerated from the AWS CLI, gcloud
// and az references rather than from the sample's lines. Every one reads a
// line whose words are all literal: README's heldout10 call is that a cloud
// CLI given a variable an earlier line set gets an empty value and fails
// (everyday).
func (c *checker) cloudLiteralRules(cmd *shell.Command, name string, v []string) {
	if len(v) == 0 || !allLiteral(cmd.Args) {
		return
	}
	if name == "kubectl" || name == "oc" {
		c.cloudDataExposed(cmd, name, v) // cp's path stops at its first option
		c.kubeHostAccessPatched(cmd, v)
		if len(v) >= 2 {
			c.identityRouteAdded(cmd, name, v)
		}
		return
	}
	if len(v) < 2 {
		return
	}
	c.securityMonitoringOff(cmd, name, v)
	c.cloudServiceStopped(cmd, name, v)
	c.cloudDataExposed(cmd, name, v)
	c.clusterScaledToZero(cmd, name, v)
	c.identityRouteAdded(cmd, name, v)
	c.backupsRemoved(cmd, name, v)
	if name == "aws" {
		c.ssmFetchedContent(cmd, v)
		c.directoryAccountMade(v)
		c.roleRunnerMade(cmd, v)
	}
}

// allLiteral reports an argument list with no expansion in it.
func allLiteral(args []shell.Word) bool {
	for _, a := range args {
		if !a.Literal {
			return false
		}
	}
	return true
}

// becauseProgram records the words a rule matched, the program's name
// first (because(name, words...)). The slice is made only when
// explaining: the rules call this as they fire, and Check never reads it.
func (c *checker) becauseProgram(name string, words ...string) {
	if c.explaining {
		c.because(append([]string{name}, words...)...)
	}
}

// hasLitPrefix reports an argument that starts with one of prefixes
// ("--start-time=…" and "--start-time …" alike).
func hasLitPrefix(args []shell.Word, prefixes ...string) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(a.Lit, p) })
	})
}

// squash lower-cases s and drops its spaces, so JSON and shorthand
// values compare alike ("Enable": false and Enable=false).
func squash(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// cloudSettingRules runs round 8's second batch of families (see
// cloudLiteralRules's note on expansions).
func (c *checker) cloudSettingRules(cmd *shell.Command, name string, v []string) {
	if len(v) == 0 || !allLiteral(cmd.Args) {
		return
	}
	switch name {
	case "kubectl", "oc", "docker", "podman":
		c.podEnvironmentRead(cmd, v)
		return
	}
	if name == "az" && v[0] == "rest" { // az rest's path is its one word
		c.cloudDataExpired(cmd, name, v)
		c.cloudKeysChanged(cmd, name, v)
		c.azureKeysListed(cmd)
		return
	}
	if len(v) < 2 {
		return
	}
	c.cloudDataExpired(cmd, name, v)
	c.cloudAccessOpened(cmd, name, v)
	c.cloudKeysChanged(cmd, name, v)
}

// azRest returns az rest's method (lower-cased; GET when none is given,
// as az rest defaults to) and its URL (--uri or --url), lower-cased.
func azRest(cmd *shell.Command) (method, url string) {
	method, ok := optValue(cmd.Args, "m", "--method")
	if !ok {
		method = "get"
	}
	url, ok = optValue(cmd.Args, "u", "--uri")
	if !ok {
		url, _ = optValue(cmd.Args, "", "--url")
	}
	return strings.ToLower(method), strings.ToLower(url)
}
