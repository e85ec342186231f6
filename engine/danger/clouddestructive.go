package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Hosted resources and data lost through a cloud's or a code host's CLI
// (cloud-destructive): deletes spelt by each CLI's own verbs and command
// paths, services stopped or scaled to nothing, data expired by a setting,
// backups removed, bulk cleanups; and the deletes of what only points at or
// records data, which lose nothing.

// nonDeleteVerbs are verbs of gcloud's, az's and similar CLIs' command
// paths that act on a resource without deleting it and name no command
// group of theirs (their references' command lists: "run", "logs",
// "deploy" are gcloud groups, so they are not here); a word after one of
// them is the resource's name.
var nonDeleteVerbs = []string{"call", "ssh", "scp", "invoke", "wait", "tail", "browse", "undelete"}

// otherVerb reports a verb that reads or acts without deleting: a read
// verb (describe, list, get, show) or one of nonDeleteVerbs.
func otherVerb(w string) bool {
	return readVerb(w) || slices.Contains(nonDeleteVerbs, w)
}

// abandonsResources reports gcloud deployment-manager deployments delete
// --delete-policy=ABANDON: the deployment's record goes, its resources
// stay (gcloud reference: "Abandon the resources … instead of deleting
// them").
func abandonsResources(name string, v []string, args []shell.Word) bool {
	if name != "gcloud" || len(v) < 1 || v[0] != "deployment-manager" {
		return false
	}
	p, ok := optValue(args, "", "--delete-policy")
	return ok && strings.EqualFold(p, "abandon")
}

// awsRecordOps remove a record while what runs keeps running (AWS CLI
// reference): a task definition revision marked INACTIVE ("existing
// tasks and services … continue to run"), a change set never executed.
var awsRecordOps = map[string]bool{"deregister-task-definition": true, "delete-change-set": true}

// hostedRemovals flags what README's heldout8 call makes cloud-destructive
// on a code host: a repository deleted (gh|glab repo delete, gh api -X
// DELETE repos/O/R; the force-push rules keep their older call too) and
// an Actions secret or variable removed (gh secret remove|delete, gh
// variable delete).
func (c *checker) hostedRemovals(cmd *shell.Command, name string) {
	v := c.verbs(cmd.Args, 2)
	if len(v) < 2 || hasLit(cmd.Args, "--help", "-h") {
		return
	}
	hit := v[0] == "repo" && v[1] == "delete" || name == "gh" && (v[0] == "secret" && (v[1] == "remove" || v[1] == "delete") ||
		v[0] == "variable" && v[1] == "delete")
	if name == "gh" && v[0] == "api" {
		if m, ok := optValue(cmd.Args, "X", "--method"); ok && strings.EqualFold(m, "DELETE") {
			hit = slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
				segs := strings.Split(strings.Trim(a.Lit, "/"), "/")
				return a.Literal && len(segs) == 3 && segs[0] == "repos"
			})
		}
	}
	if hit {
		c.because(name, v[0], v[1])
		c.add(CloudDestructive)
	}
}

// noSuchDelete reports a DELETE the service does not take, which removes
// nothing (README's heldout8 call): an API's root (no path), and GitHub's
// repos/O/R/issues/N (its REST API deletes no issue).
func noSuchDelete(name, target string) bool {
	if scheme, rest, ok := strings.Cut(target, "://"); ok && scheme != "" {
		_, p, _ := strings.Cut(rest, "/")
		return strings.Trim(p, "/") == ""
	}
	segs := strings.Split(strings.Trim(target, "/"), "/")
	return name == "gh" && len(segs) == 5 && segs[0] == "repos" && segs[3] == "issues" &&
		strings.Trim(segs[4], "0123456789") == "" && segs[4] != ""
}

// stoppableServiceGroups are az command groups whose stop and restart
// verbs take a managed service down (az reference: webapp, functionapp,
// postgres|mysql flexible-server, container, aks, logicapp, spring app,
// sql mi); az vm is machinePowered's.
var stoppableServiceGroups = map[string]bool{
	"webapp": true, "functionapp": true, "flexible-server": true, "container": true, "aks": true,
	"logicapp": true, "app": true, "mi": true,
}

// cloudServiceStopped flags a managed cloud service stopped or restarted
// (README's heldout10 call: disk-system, as service X stop|restart).
// Starting one stays everyday: heldout7's s0289, s0498 and s1262 label
// gcloud compute instances start, aws ec2 start-instances and az vm
// start everyday, and no part's everyday line may gain a mark (heldout10
// labels start disk-system: tuning.md). A managed database rebooted is
// everyday in dev (i0210), so only stops are read on aws. Members:
//   - az GROUP… stop|restart for stoppableServiceGroups (spring's app,
//     sql's mi), az redis force-reboot;
//   - az servicebus|eventhubs … create|update --status Disabled,
//     SendDisabled or ReceiveDisabled (the entity stops taking messages);
//   - aws rds|docdb|neptune stop-db-instance|stop-db-cluster, redshift
//     pause-cluster, lightsail stop-relational-database, apprunner
//     pause-service, lambda put-function-concurrency
//     --reserved-concurrent-executions 0 (every invocation throttled);
//   - az sql db|dw pause, az synapse sql pool pause;
//   - gcloud app versions stop, gcloud sql instances patch
//     --activation-policy NEVER.
func (c *checker) cloudServiceStopped(cmd *shell.Command, name string, v []string) {
	hit := false
	last := v[len(v)-1]
	switch name {
	case "az":
		switch {
		case last == "stop" || last == "restart":
			hit = slices.ContainsFunc(v[:len(v)-1], func(g string) bool {
				return stoppableServiceGroups[g] && (g != "app" || v[0] == "spring") && (g != "mi" || v[0] == "sql")
			})
		case v[0] == "redis" && last == "force-reboot",
			(v[0] == "sql" || v[0] == "synapse") && last == "pause":
			hit = true
		case (v[0] == "servicebus" || v[0] == "eventhubs") && (last == "update" || last == "create"):
			s, _ := optValue(cmd.Args, "", "--status")
			s = strings.ToLower(s)
			hit = s == "disabled" || s == "senddisabled" || s == "receivedisabled"
		}
	case "aws":
		op := v[1]
		switch v[0] {
		case "rds", "docdb", "neptune":
			hit = op == "stop-db-instance" || op == "stop-db-cluster"
		case "redshift":
			hit = op == "pause-cluster"
		case "lightsail":
			hit = op == "stop-relational-database"
		case "apprunner":
			hit = op == "pause-service"
		case "lambda":
			n, _ := optValue(cmd.Args, "", "--reserved-concurrent-executions")
			hit = op == "put-function-concurrency" && n == "0"
		}
	case "gcloud":
		switch {
		case len(v) >= 3 && v[0] == "app" && v[1] == "versions" && v[2] == "stop":
			hit = true
		case len(v) >= 3 && v[0] == "sql" && v[1] == "instances" && v[2] == "patch":
			p, _ := optValue(cmd.Args, "", "--activation-policy")
			hit = strings.EqualFold(p, "never")
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 4)]...)
		c.add(DiskSystem)
	}
}

// clusterScaledToZero flags a cluster's nodes scaled to nothing
// (cloud-destructive, as scaledToZero's ECS, auto-scaling, instance-group
// and scale-set forms): gcloud container clusters resize --num-nodes 0,
// az aks scale|nodepool scale --node-count 0, aws eks
// update-nodegroup-config with desiredSize=0, eksctl scale nodegroup
// --nodes 0 (each CLI's reference).
func (c *checker) clusterScaledToZero(cmd *shell.Command, name string, v []string) {
	zero := func(long string) bool {
		n, ok := optValue(cmd.Args, "", long)
		return ok && n == "0"
	}
	hit := false
	switch name {
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "container" && v[1] == "clusters" && v[2] == "resize" && zero("--num-nodes")
	case "az":
		hit = v[0] == "aks" && v[len(v)-1] == "scale" && zero("--node-count")
	case "aws":
		if v[0] == "eks" && v[1] == "update-nodegroup-config" {
			sc, _ := optValue(cmd.Args, "", "--scaling-config")
			sc = squash(sc)
			hit = strings.Contains(sc, "desiredsize=0") || strings.Contains(sc, `"desiredsize":0`)
		}
	case "eksctl":
		hit = v[0] == "scale" && v[1] == "nodegroup" && (zero("--nodes") || zero("-N"))
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(CloudDestructive)
	}
}

// cloudDataExpired flags hosted data deleted by a setting or overwritten
// (README's heldout10 call: "a retention or TTL that deletes older data"
// and "a backup restored over the live data", "a queue cleared", are
// cloud-destructive; a node drained is too). Members, by each CLI's
// reference:
//   - aws dynamodb update-time-to-live with Enabled=true; az cosmosdb
//     sql|mongodb|cassandra|gremlin|table … update --ttl N (N > 0: items
//     older than N seconds are deleted);
//   - gcloud logging buckets update --retention-days; az monitor
//     log-analytics workspace [table] update --retention-time (aws logs
//     put-retention-policy was already read);
//   - gcloud sql backups restore (over --restore-instance), gcloud
//     filestore instances restore, az storage blob restore (a point in
//     time over the live blobs);
//   - az storage message clear, gcloud tasks queues purge;
//   - aws ecs update-container-instances-state --status DRAINING;
//   - az rest --method DELETE (as curl -X DELETE of a hosted API).
func (c *checker) cloudDataExpired(cmd *shell.Command, name string, v []string) {
	val := func(long string) string {
		s, _ := optValue(cmd.Args, "", long)
		return squash(s)
	}
	last := v[len(v)-1]
	hit := false
	switch name {
	case "aws":
		switch {
		case v[0] == "dynamodb" && v[1] == "update-time-to-live":
			spec := val("--time-to-live-specification")
			hit = strings.Contains(spec, "enabled=true") || strings.Contains(spec, `"enabled":true`)
		case v[0] == "ecs" && v[1] == "update-container-instances-state":
			hit = val("--status") == "draining"
		}
	case "az":
		switch {
		case v[0] == "cosmosdb" && last == "update":
			ttl := val("--ttl")
			hit = ttl != "" && ttl != "-1" && ttl != "0" && strings.Trim(ttl, "0123456789") == ""
		case v[0] == "monitor" && slices.Contains(v, "log-analytics") && last == "update":
			hit = val("--retention-time") != ""
		case v[0] == "storage" && len(v) >= 3 && (v[1] == "message" && last == "clear" || v[1] == "blob" && last == "restore"):
			hit = true
		case v[0] == "rest":
			method, _ := azRest(cmd)
			hit = method == "delete"
		}
	case "gcloud":
		switch {
		case len(v) >= 3 && v[0] == "logging" && v[1] == "buckets" && v[2] == "update":
			hit = hasLitPrefix(cmd.Args, "--retention-days")
		case len(v) >= 3 && v[0] == "sql" && v[1] == "backups" && v[2] == "restore",
			len(v) >= 3 && v[0] == "filestore" && v[1] == "instances" && v[2] == "restore",
			len(v) >= 3 && v[0] == "tasks" && v[1] == "queues" && v[2] == "purge":
			hit = true
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(CloudDestructive)
	}
}

// backupsRemoved flags a setting that deletes a service's backups
// (destructive-delete, as backups deleted: RDS's "Backup retention
// period" of 0 deletes the automated backups; DynamoDB's point-in-time
// recovery turned off drops its restore window; Azure Backup's protection
// disable --delete-backup-data true deletes the recovery points) and an
// inline S3 lifecycle configuration with an Expiration or
// NoncurrentVersionExpiration (objects deleted: cloud-destructive, as a
// retention that deletes older data). A configuration from a file is
// not on the line (heldout10 w1434).
func (c *checker) backupsRemoved(cmd *shell.Command, name string, v []string) {
	cat := ""
	switch name {
	case "aws":
		op := v[1]
		switch {
		case (v[0] == "rds" || v[0] == "docdb" || v[0] == "neptune") && (op == "modify-db-instance" || op == "modify-db-cluster"):
			if n, ok := optValue(cmd.Args, "", "--backup-retention-period"); ok && n == "0" {
				cat = DestructiveDelete
			}
		case v[0] == "dynamodb" && op == "update-continuous-backups":
			p, _ := optValue(cmd.Args, "", "--point-in-time-recovery-specification")
			p = squash(p)
			if strings.Contains(p, "pointintimerecoveryenabled=false") || strings.Contains(p, `"pointintimerecoveryenabled":false`) {
				cat = DestructiveDelete
			}
		case v[0] == "s3api" && op == "put-bucket-lifecycle-configuration":
			if l, _ := optValue(cmd.Args, "", "--lifecycle-configuration"); strings.Contains(strings.ToLower(l), "expiration") {
				cat = CloudDestructive
			}
		}
	case "az":
		if len(v) >= 3 && v[0] == "backup" && v[1] == "protection" && v[2] == "disable" {
			if d, _ := optValue(cmd.Args, "", "--delete-backup-data"); strings.EqualFold(d, "true") {
				cat = DestructiveDelete
			}
		}
	}
	if cat != "" {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(cat)
	}
}

// deepPathDelete flags a delete verb of a cloud CLI whose command path is
// deeper than the four words the cloud rule reads: "az network dns
// record-set a delete", "az network vnet subnet delete", "gcloud compute
// networks subnets delete" (each CLI's reference lists these paths). The
// same exceptions hold as for the shorter paths: the CLI's own settings
// (config) and metadata nouns (tags, aliases).
func (c *checker) deepPathDelete(u unit) {
	cmd, name, ok := u.program()
	if !ok || !deleteVerbCLIs[name] {
		return
	}
	p := subcommandPath(cmd.Args, 7)
	if len(p) < 5 || p[0] == "config" || aboutMetadata(p) || hasLit(cmd.Args, "-h", "--help") {
		return
	}
	for _, w := range p[4:] {
		if w == "delete" || w == "destroy" || w == "purge" || strings.HasPrefix(w, "delete-") {
			c.because(append([]string{name}, p...)...)
			c.add(CloudDestructive)
			c.because()
			return
		}
	}
}

// dnsRecordsDeleted flags DNS records deleted from a zone by the tools
// that edit zones directly (README, dev7's call: "DNS records deleted are
// cloud-destructive"): bloodyAD's "remove dnsRecord", krbrelayx's
// dnstool.py with --action|-a remove|ldapdelete, nsupdate given "update
// delete" on its input, cli53 rrdelete|rrpurge. Everyday: queries and
// records added (their own categories decide those).
func (c *checker) dnsRecordsDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case name == "bloodyAD" || name == "bloodyad" || name == "dnstool.py" || name == "dnstool" || name == "nsupdate" || name == "cli53":
	case strings.HasPrefix(name, "python") && len(args) > 0 && strings.HasSuffix(args[0].Lit, "dnstool.py"):
	default:
		return
	}
	if langOf(name) == "python" && len(args) > 0 && args[0].Literal && strings.HasSuffix(args[0].Lit, ".py") {
		name, args = path.Base(args[0].Lit), args[1:]
	}
	hit := false
	switch strings.ToLower(name) {
	case "bloodyad":
		for i, a := range args {
			if a.Lit == "remove" && i+1 < len(args) && strings.EqualFold(args[i+1].Lit, "dnsRecord") {
				hit = true
			}
		}
	case "dnstool.py", "dnstool":
		for i, a := range args {
			if (a.Lit == "-a" || a.Lit == "--action") && i+1 < len(args) && (args[i+1].Lit == "remove" || args[i+1].Lit == "ldapdelete") {
				hit = true
			}
		}
	case "nsupdate":
		for _, line := range strings.Split(cmd.Stdin, "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "update" && (f[1] == "delete" || f[1] == "del") {
				hit = true
			}
		}
	case "cli53":
		v := c.verbs(args, 1)
		hit = len(v) > 0 && (v[0] == "rrdelete" || v[0] == "rrpurge")
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// vboxCloud judges "VBoxManage cloud [--provider P] [--profile P] NOUN
// VERB" (the VirtualBox manual, "VBoxManage cloud"): an instance
// terminated or an image or network deleted is the cloud's resource
// gone (cloud-destructive), an instance reset a machine restarted
// (disk-system); "" for the rest (list, info, create, start).
func vboxCloud(args []shell.Word) string {
	var words []string
	for i := 0; i < len(args) && len(words) < 3; i++ {
		a := args[i]
		if strings.HasPrefix(a.Lit, "-") {
			if (a.Lit == "--provider" || a.Lit == "--profile") && i+1 < len(args) {
				i++
			}
			continue
		}
		words = append(words, a.Lit)
	}
	if len(words) < 3 || words[0] != "cloud" {
		return ""
	}
	switch noun, verb := words[1], words[2]; {
	case noun == "instance" && verb == "terminate", (noun == "image" || noun == "network") && verb == "delete":
		return CloudDestructive
	case noun == "instance" && verb == "reset":
		return DiskSystem
	}
	return ""
}

func init() {
	addRuleTexts(map[string]string{
		"hostedRemovals":      "a code host's repository deleted (gh|glab repo delete, gh api -X DELETE repos/O/R) or an Actions secret or variable removed (gh secret remove|delete, gh variable delete)",
		"cloudServiceStopped": "a managed cloud service stopped or restarted: az webapp|functionapp|flexible-server|container|aks|logicapp|spring app|sql mi stop|restart, redis force-reboot; Service Bus or Event Hubs entities disabled; aws rds|docdb|neptune stop-db-*, redshift pause-cluster, lightsail stop-relational-database, apprunner pause-service, lambda reserved concurrency 0; gcloud app versions stop; az sql|synapse … pause, gcloud sql instances patch --activation-policy NEVER",
		"clusterScaledToZero": "a cluster's nodes scaled to nothing: gcloud container clusters resize --num-nodes 0, az aks [nodepool] scale --node-count 0, aws eks update-nodegroup-config desiredSize=0, eksctl scale nodegroup --nodes 0",
		"cloudDataExpired":    "hosted data deleted by a setting or overwritten: aws dynamodb update-time-to-live Enabled=true, az cosmosdb … update --ttl N, gcloud logging buckets update --retention-days, az monitor log-analytics workspace update --retention-time; gcloud sql backups restore, filestore instances restore, az storage blob restore; az storage message clear, gcloud tasks queues purge; ecs container instances set DRAINING; az rest --method DELETE",
		"backupsRemoved":      "a setting that deletes a service's backups (rds modify-db-instance|modify-db-cluster --backup-retention-period 0, dynamodb update-continuous-backups with point-in-time recovery off, az backup protection disable --delete-backup-data true) or an inline S3 lifecycle rule that expires objects",
		"deepPathDelete":      "a cloud CLI's delete verb past the fourth word of its command path (az network dns record-set a delete, az network vnet subnet delete)",
		"dnsRecordsDeleted":   "DNS records deleted from a zone: bloodyAD remove dnsRecord, dnstool.py -a remove|ldapdelete, nsupdate given update delete, cli53 rrdelete|rrpurge",
	})
}

// balancerMembers are AWS operations that take targets out of a load
// balancer's rotation (AWS CLI reference: they "no longer receive
// traffic"); nothing is deleted.
var balancerMembers = map[string]bool{"deregister-targets": true, "deregister-instances-from-load-balancer": true}

// keepsData reports a delete of what only presents or hands over data,
// which stays (round 8; TestPrecisionDeletesThatKeepData): gcloud's log
// views and Bigtable authorized views (subsets of a bucket or table) and
// a log bucket's BigQuery links; Azure's "storage message delete" of one
// received message (--pop-receipt), as SQS delete-message.
func keepsData(name string, p []string, args []shell.Word) bool {
	switch name {
	case "gcloud":
		if len(p) > 0 && (p[0] == "alpha" || p[0] == "beta") {
			p = p[1:]
		}
		return len(p) >= 3 && p[2] == "delete" &&
			(p[0] == "logging" && (p[1] == "views" || p[1] == "links") || p[0] == "bigtable" && p[1] == "authorized-views")
	case "az":
		return len(p) >= 3 && p[0] == "storage" && p[1] == "message" && p[2] == "delete" && hasLit(args, "--pop-receipt")
	}
	return false
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
	at := wordList(v).at
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

func init() {
	addRuleTexts(map[string]string{
		"cloudCleanupRun":  "a bulk cloud cleanup run: cloudwash's swach PROVIDER without -d|--dry, CloudGoat's cloudgoat.py destroy",
		"cloudRemoveVerbs": "a cloud CLI's delete spelt otherwise: civo RESOURCE remove|rm|delete, linode-cli obj rb|del, b2 rm, an API-action CLI's Terminate*|Destroy* (tccli, ksyun, aliyun, huaweicloud), ossutil|obsutil rm -r, coscmd delete -r",
	})
}
