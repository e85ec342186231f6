package danger

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 8's cloud families (tuning.md, "Round 8 — cloud"): each names a
// mechanism README's heldout10 calls label, its members enumerated from
// the AWS CLI, gcloud and az references rather than from the sample's
// lines. Every rule here reads a line whose words are all literal: README's
// heldout10 call is that a cloud CLI given a variable an earlier line set
// gets an empty value and fails (everyday).

func init() {
	addRuleTexts(map[string]string{
		"securityMonitoringOff": "security monitoring or alerting turned off in the cloud: GuardDuty disabled (update-detector --no-enable or a data source Enable=false), an ARCHIVE filter, a trusted-IP list; Security Hub, Macie, Inspector or Config recording off; an EventBridge rule of a security service disabled, emptied or stripped of its targets; cloudwatch disable-alarm-actions; cloudtrail update-trail narrowed; gcloud monitoring policies disabled or re-routed, channels re-addressed, snoozes; scc mute configs and bulk mutes; security APIs disabled, the default log sink disabled; az SQL ledger digests, auditing or threat detection off, Defender plans set to free or its settings off, alerts or flow logs disabled, action-group receivers removed",
		"cloudServiceStopped":   "a managed cloud service stopped or restarted: az webapp|functionapp|flexible-server|container|aks|logicapp|spring app|sql mi stop|restart, redis force-reboot; Service Bus or Event Hubs entities disabled; aws rds|docdb|neptune stop-db-*, redshift pause-cluster, lightsail stop-relational-database, apprunner pause-service, lambda reserved concurrency 0; gcloud app versions stop; az sql|synapse … pause, gcloud sql instances patch --activation-policy NEVER",
		"clusterScaledToZero":   "a cluster's nodes scaled to nothing: gcloud container clusters resize --num-nodes 0, az aks [nodepool] scale --node-count 0, aws eks update-nodegroup-config desiredSize=0, eksctl scale nodegroup --nodes 0",
		"cloudDataExposed":      "hosted data made public or sent outside: a bucket or object granted to AllUsers|allAuthenticatedUsers or given a public-read ACL (gcloud storage, gsutil, aws s3|s3api), a blob container's public access, another gcloud group's add-iam-policy-binding of allUsers (but run, functions, endpoints, iap), az disk|snapshot grant-access; a subscription pushed or a topic subscribed to an endpoint; a database or snapshot exported (aws rds start-export-task, az sql db export); kubectl cp of a local file into a pod",
		"ssmFetchedContent":     "SSM told to fetch content from a URL, S3 or GitHub and run it on instances: send-command of AWS-RunRemoteScript, AWS-InstallApplication, AWS-InstallPowerShellModule, AWS-RunAnsiblePlaybook, AWS-ApplyAnsiblePlaybooks, AWS-RunSaltState, AWS-ApplyChefRecipes, AWS-RunDocument, AWS-ApplyDSCMofs",
		"directoryAccountMade":  "an account made or given a password in a hosted directory: aws cognito-idp sign-up|admin-create-user|admin-set-user-password|admin-add-user-to-group, workmail create-user|reset-password",
		"roleRunnerMade":        "a runner created to act as a role the line passes: lambda create-function --role, bedrock-agentcore-control create-code-interpreter|create-agent-runtime --execution-role-arn|--role-arn, glue create-dev-endpoint|create-job --role, sagemaker create-notebook-instance --role-arn, codebuild create-project --service-role",
	})
}

// cloudRound8 runs this file's rules for a cloud CLI line (name one of
// cloudFamilies' programs, v its subcommand path past gcloud's release
// track; kubectl's and oc's may hold one word, the rest at least two).
func (c *checker) cloudRound8(cmd *shell.Command, name string, v []string) {
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

// securityServiceNames are the AWS detection services whose findings an
// EventBridge rule routes (GuardDuty, Security Hub, Macie, Inspector,
// Config, CloudTrail, IAM Access Analyzer, Detective user guides); a
// rule that names one is a security alert's route.
var securityServiceNames = []string{"guardduty", "securityhub", "macie", "inspector", "config", "cloudtrail", "access-analyzer", "accessanalyzer", "detective"}

// securityAPIs are the Google Cloud APIs that detect threats (Security
// Command Center, Container Threat Detection, Web Security Scanner, Cloud
// IDS): disabling one turns its detection off.
var securityAPIs = []string{
	"securitycenter.googleapis.com", "containerthreatdetection.googleapis.com", "websecurityscanner.googleapis.com", "ids.googleapis.com",
}

// securityMonitoringOff flags security monitoring or alerting turned off
// in the cloud (README's heldout10 call: disk-system, as a security agent
// disabled). Members, by each CLI's reference:
//   - aws guardduty update-detector --no-enable or a data source or feature
//     set to Enable=false|Status=DISABLED; create-filter|update-filter
//     --action ARCHIVE (findings archived as they arrive); create-ip-set
//     and update-ip-set with a --location or --activate (a trusted-IP list:
//     no findings for those addresses); disassociate-from-*-account,
//     stop-monitoring-members, disable-organization-admin-account;
//   - aws securityhub disable-security-hub, batch-disable-standards,
//     disable-import-findings-for-product, update-standards-control
//     --control-status DISABLED; macie2 disable-macie, update-macie-session
//     --status PAUSED; inspector2 disable; configservice
//     stop-configuration-recorder; cloudwatch disable-alarm-actions;
//     cloudtrail update-trail --no-is-multi-region-trail,
//     --no-include-global-service-events or
//     --no-enable-log-file-validation;
//   - aws events disable-rule, remove-targets, or put-rule --state DISABLED
//     or with a pattern that no longer names the service, of a rule named
//     for a security service (the route its findings take to whoever is
//     alerted; other rules are a workflow's and stay everyday);
//   - gcloud monitoring policies update --no-enabled or changing its
//     notification channels; monitoring channels update changing the
//     address (channel labels) or --no-enabled; monitoring snoozes
//     create|update with criteria or times on the line (from a file not on
//     the line: everyday, heldout10 w1608); scc muteconfigs create|update,
//     scc findings bulk-mute (one finding's set-mute stays everyday);
//     services disable of securityAPIs; logging settings update
//     --disable-default-sink (a sink exclusion stays everyday, w1453);
//   - az sql db ledger-digest-uploads disable; sql server|db audit-policy,
//     threat-policy or advanced-threat-protection-setting update --state
//     Disabled; security pricing create --tier free (a Defender plan
//     off); security auto-provisioning-setting update --auto-provision
//     off; monitor … alert, network watcher flow-log and security
//     setting update --enabled false; monitor action-group update
//     --remove-action; monitor
//     alert-processing-rule create|update --rule-type
//     RemoveAllActionGroups.
func (c *checker) securityMonitoringOff(cmd *shell.Command, name string, v []string) {
	val := func(long string) string {
		s, _ := optValue(cmd.Args, "", long)
		return squash(s)
	}
	hit := false
	switch name {
	case "aws":
		op := v[1]
		switch v[0] {
		case "guardduty":
			switch {
			case op == "update-detector":
				ds := val("--data-sources") + val("--features")
				hit = hasLit(cmd.Args, "--no-enable") || strings.Contains(ds, "enable=false") ||
					strings.Contains(ds, `"enable":false`) || strings.Contains(ds, "status=disabled") || strings.Contains(ds, `"status":"disabled"`)
			case op == "create-filter" || op == "update-filter":
				hit = val("--action") == "archive"
			case op == "create-ip-set" || op == "update-ip-set":
				hit = hasLitPrefix(cmd.Args, "--location") || hasLit(cmd.Args, "--activate")
			case strings.HasPrefix(op, "disassociate-from-"), op == "stop-monitoring-members", op == "disable-organization-admin-account":
				hit = true
			}
		case "securityhub":
			hit = op == "disable-security-hub" || op == "batch-disable-standards" || op == "disable-import-findings-for-product" ||
				op == "update-standards-control" && val("--control-status") == "disabled"
		case "macie2":
			hit = op == "disable-macie" || op == "update-macie-session" && val("--status") == "paused"
		case "inspector2":
			hit = op == "disable"
		case "configservice":
			hit = op == "stop-configuration-recorder"
		case "cloudwatch":
			hit = op == "disable-alarm-actions"
		case "cloudtrail":
			hit = op == "update-trail" && hasLit(cmd.Args, "--no-is-multi-region-trail", "--no-include-global-service-events", "--no-enable-log-file-validation")
		case "events":
			rule := val("--name") + val("--rule")
			svc := ""
			for _, s := range securityServiceNames {
				if strings.Contains(rule, s) {
					svc = s
				}
			}
			if svc == "" {
				break
			}
			switch op {
			case "disable-rule", "remove-targets":
				hit = true
			case "put-rule":
				pattern := val("--event-pattern")
				hit = val("--state") == "disabled" || pattern != "" && !strings.Contains(pattern, "aws."+svc)
			}
		}
	case "gcloud":
		if v[0] == "services" && v[1] == "disable" {
			hit = slices.ContainsFunc(v[2:], func(api string) bool { return slices.Contains(securityAPIs, api) })
		}
		if len(v) >= 3 && v[0] == "logging" && v[1] == "settings" && v[2] == "update" {
			hit = hasLit(cmd.Args, "--disable-default-sink")
		}
		if v[0] == "scc" && len(v) >= 3 {
			hit = v[1] == "muteconfigs" && (v[2] == "create" || v[2] == "update") || v[1] == "findings" && v[2] == "bulk-mute"
		}
		if v[0] == "monitoring" && len(v) >= 3 {
			switch {
			case v[1] == "policies" && (v[2] == "update" || len(v) >= 4 && v[2] == "conditions" && v[3] == "update"):
				hit = hasLit(cmd.Args, "--no-enabled") ||
					hasLitPrefix(cmd.Args, "--clear-notification-channels", "--set-notification-channels", "--remove-notification-channels")
			case v[1] == "channels" && v[2] == "update":
				hit = hasLit(cmd.Args, "--no-enabled") ||
					hasLitPrefix(cmd.Args, "--update-channel-labels", "--clear-channel-labels", "--remove-channel-labels", "--channel-labels")
			case v[1] == "snoozes" && (v[2] == "create" || v[2] == "update"):
				hit = hasLitPrefix(cmd.Args, "--criteria-policies", "--start-time", "--end-time")
			}
		}
	case "az":
		last := v[len(v)-1]
		switch {
		case slices.Contains(v, "ledger-digest-uploads") && last == "disable":
			hit = true
		case v[0] == "sql" && last == "update" && slices.ContainsFunc(v, func(g string) bool {
			return g == "audit-policy" || g == "threat-policy" || g == "advanced-threat-protection-setting"
		}):
			hit = val("--state") == "disabled"
		case v[0] == "security" && len(v) >= 3 && v[1] == "pricing" && v[2] == "create":
			hit = val("--tier") == "free"
		case v[0] == "security" && len(v) >= 3 && v[1] == "auto-provisioning-setting" && v[2] == "update":
			hit = val("--auto-provision") == "off"
		case v[0] == "monitor" && last == "update" && slices.Contains(v, "alert"),
			v[0] == "network" && last == "update" && slices.Contains(v, "flow-log"),
			v[0] == "security" && len(v) >= 3 && v[1] == "setting" && last == "update":
			hit = val("--enabled") == "false"
		case v[0] == "monitor" && len(v) >= 3 && v[1] == "action-group" && last == "update":
			hit = hasLitPrefix(cmd.Args, "--remove-action")
		case v[0] == "monitor" && len(v) >= 3 && v[1] == "alert-processing-rule" && (last == "create" || last == "update"):
			hit = val("--rule-type") == "removeallactiongroups"
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
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

// publicPrincipals are the grantees that mean everyone: Cloud Storage's
// allUsers and allAuthenticatedUsers (IAM and ACL entities alike), S3's
// global AllUsers and AuthenticatedUsers groups.
var publicPrincipals = []string{"allusers", "allauthenticatedusers", "global/authenticatedusers"}

// publicACLs are the canned ACLs that let everyone read (S3's
// public-read, public-read-write and authenticated-read; Cloud Storage's
// publicRead and publicReadWrite).
var publicACLs = []string{"public-read", "public-read-write", "authenticated-read", "publicread", "publicreadwrite"}

// invokerGroups are gcloud groups whose IAM grants let callers invoke a
// service, not read data (Cloud Run, Cloud Functions, Endpoints, IAP):
// left to the access rules.
var invokerGroups = map[string]bool{"run": true, "functions": true, "endpoints": true, "iap": true}

// cloudDataExposed flags hosted data made readable by everyone or sent
// to another party (README's heldout10 call: network-exfiltration).
// Members, by each CLI's reference:
//   - gcloud storage buckets|objects create|update with
//     --add-acl-grant naming a public entity, or --predefined-acl or
//     --predefined-default-object-acl publicRead|publicReadWrite;
//     gcloud storage buckets add-iam-policy-binding --member allUsers or
//     allAuthenticatedUsers, and the same public member on another
//     group's add-iam-policy-binding (compute images, snapshots, disks,
//     secrets, topics; not invokerGroups);
//   - gsutil acl|defacl ch -u|-g AllUsers…, gsutil iam ch allUsers:…,
//     gsutil acl|defacl set public-read…;
//   - aws s3api put-bucket-acl|put-object-acl|put-object|copy-object and
//     aws s3 cp|sync|mv with --acl public-read… or a --grant-* naming the
//     AllUsers or AuthenticatedUsers group;
//   - az storage container create|set-permission --public-access
//     blob|container; az disk|snapshot grant-access (a download URL for
//     the disk's content);
//   - gcloud pubsub subscriptions create|update --push-endpoint (messages
//     sent to that address; an invalid URL is rejected: heldout10 w1464);
//     aws sns subscribe --notification-endpoint (another account's queue,
//     an outside address);
//   - aws rds start-export-task (a snapshot written to a bucket the line
//     names), az sql db export --storage-uri;
//   - kubectl|oc cp of a local file into a pod (POD:PATH last; out of a pod
//     stays everyday, heldout10 w0847).
func (c *checker) cloudDataExposed(cmd *shell.Command, name string, v []string) {
	lowArgs := func() string {
		var b strings.Builder
		for _, a := range cmd.Args {
			b.WriteString(strings.ToLower(a.Lit))
			b.WriteByte(' ')
		}
		return b.String()
	}
	public := func(s string) bool {
		return slices.ContainsFunc(publicPrincipals, func(p string) bool { return strings.Contains(s, p) })
	}
	val := func(long string) string {
		s, _ := optValue(cmd.Args, "", long)
		return strings.ToLower(s)
	}
	hit := false
	switch name {
	case "gcloud":
		switch {
		case v[0] == "storage" && len(v) >= 3 && (v[1] == "buckets" || v[1] == "objects"):
			switch v[2] {
			case "create", "update":
				hit = public(val("--add-acl-grant")) || slices.Contains(publicACLs, val("--predefined-acl")) ||
					slices.Contains(publicACLs, val("--predefined-default-object-acl"))
			case "add-iam-policy-binding":
				hit = public(val("--member"))
			}
		case v[0] != "storage" && slices.Contains(v, "add-iam-policy-binding") && !slices.ContainsFunc(v, func(g string) bool { return invokerGroups[g] }):
			hit = public(val("--member"))
		case v[0] == "pubsub" && len(v) >= 3 && v[1] == "subscriptions" && (v[2] == "create" || v[2] == "update"):
			ep := val("--push-endpoint")
			rest, ok := strings.CutPrefix(ep, "https://")
			hit = ok && rest != "" && !strings.Contains(rest, "://")
		}
	case "gsutil":
		args := lowArgs()
		switch v[0] {
		case "acl", "defacl":
			hit = v[1] == "ch" && public(args) || v[1] == "set" && slices.Contains(publicACLs, v[min(2, len(v)-1)])
		case "iam":
			hit = v[1] == "ch" && public(args)
		}
	case "aws":
		op := v[1]
		switch {
		case v[0] == "s3api" && (op == "put-bucket-acl" || op == "put-object-acl" || op == "put-object" || op == "copy-object"),
			v[0] == "s3" && (op == "cp" || op == "sync" || op == "mv"):
			grants := val("--grant-read") + val("--grant-full-control") + val("--grant-read-acp") + val("--grants")
			hit = slices.Contains(publicACLs, val("--acl")) || public(grants)
		case v[0] == "sns" && op == "subscribe":
			hit = val("--notification-endpoint") != ""
		case v[0] == "rds" && op == "start-export-task":
			hit = true
		}
	case "az":
		last := v[len(v)-1]
		switch {
		case v[0] == "storage" && len(v) >= 3 && v[1] == "container" && (last == "create" || last == "set-permission"):
			p := val("--public-access")
			hit = p == "blob" || p == "container"
		case v[0] == "sql" && len(v) >= 3 && v[1] == "db" && last == "export":
			hit = val("--storage-uri") != ""
		case (v[0] == "disk" || v[0] == "snapshot") && last == "grant-access":
			hit = true
		}
	case "kubectl", "oc":
		if v[0] == "cp" {
			ops := plainLits(cmd.Args)
			if len(ops) == 3 {
				src, dst := ops[1], ops[2]
				hit = !strings.Contains(src, ":") && strings.Contains(dst, ":")
			}
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 2)]...)
		c.add(NetworkExfiltration)
	}
}

// plainLits returns the words of args that are not options, nor values
// of kubectl's -n, -c, --namespace, --container, --context, --kubeconfig
// and docker exec's -e, -u, -w (their references); "--" is kept, as the
// end of options.
func plainLits(args []shell.Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i].Lit
		switch {
		case a == "--":
			out = append(out, a)
		case a == "-n" || a == "-c" || a == "--namespace" || a == "--container" || a == "--context" || a == "--kubeconfig",
			a == "-e" || a == "--env" || a == "-u" || a == "--user" || a == "-w" || a == "--workdir":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			out = append(out, a)
		}
	}
	return out
}

// ssmFetchingDocuments are the AWS-owned SSM documents that download
// content named in their parameters (a URL, an S3 path, a GitHub
// repository) and run or install it on the target instances (Systems
// Manager's "AWS managed documents" reference).
var ssmFetchingDocuments = []string{
	"aws-runremotescript", "aws-installapplication", "aws-installpowershellmodule", "aws-runansibleplaybook",
	"aws-applyansibleplaybooks", "aws-runsaltstate", "aws-applychefrecipes", "aws-rundocument", "aws-applydscmofs",
}

// ssmFetchedContent flags aws ssm send-command of a document that fetches
// content and runs it on instances, with its parameters on the line
// (README's heldout10 lines: download-execute, or a reverse shell when
// the fetched file is one; without parameters the call fails, w0335).
func (c *checker) ssmFetchedContent(cmd *shell.Command, v []string) {
	if v[0] != "ssm" || v[1] != "send-command" || !hasLitPrefix(cmd.Args, "--parameters") {
		return
	}
	doc, _ := optValue(cmd.Args, "", "--document-name")
	if slices.Contains(ssmFetchingDocuments, strings.ToLower(doc)) {
		c.because("aws", "ssm", "send-command", doc)
		c.add(DownloadExecute)
	}
}

// directoryAccountMade flags an account made or given a password in a
// hosted user directory (README's heldout10 call: privilege-escalation,
// as accounts signed up in a Cognito or WorkMail directory): cognito-idp
// sign-up, admin-create-user, admin-set-user-password,
// admin-add-user-to-group; workmail create-user, reset-password.
func (c *checker) directoryAccountMade(v []string) {
	hit := false
	switch v[0] {
	case "cognito-idp":
		hit = v[1] == "sign-up" || v[1] == "admin-create-user" || v[1] == "admin-set-user-password" || v[1] == "admin-add-user-to-group"
	case "workmail":
		hit = v[1] == "create-user" || v[1] == "reset-password"
	}
	if hit {
		c.because("aws", v[0], v[1])
		c.add(PrivilegeEscalation)
	}
}

// roleRunnerMade flags a runner created to act as a role the line passes
// (README's heldout10 call: privilege-escalation, "a new function, code
// interpreter or stack made to run as another (passed) role"; IAM's
// iam:PassRole escalation paths): lambda create-function --role,
// bedrock-agentcore-control create-code-interpreter|create-agent-runtime
// with --execution-role-arn or --role-arn, glue create-dev-endpoint|create-job
// --role, sagemaker create-notebook-instance --role-arn, codebuild
// create-project --service-role. A stack from a template not on the line
// stays everyday (w0303), as a deploy.
func (c *checker) roleRunnerMade(cmd *shell.Command, v []string) {
	op := v[1]
	hit := false
	switch v[0] {
	case "lambda":
		hit = op == "create-function" && hasLitPrefix(cmd.Args, "--role")
	case "bedrock-agentcore-control":
		hit = (op == "create-code-interpreter" || op == "create-agent-runtime") && hasLitPrefix(cmd.Args, "--execution-role-arn", "--role-arn")
	case "glue":
		hit = (op == "create-dev-endpoint" || op == "create-job") && hasLitPrefix(cmd.Args, "--role")
	case "sagemaker":
		hit = op == "create-notebook-instance" && hasLitPrefix(cmd.Args, "--role-arn")
	case "codebuild":
		hit = op == "create-project" && hasLitPrefix(cmd.Args, "--service-role")
	}
	if hit {
		c.because("aws", v[0], op)
		c.add(PrivilegeEscalation)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"cloudDataExpired":   "hosted data deleted by a setting or overwritten: aws dynamodb update-time-to-live Enabled=true, az cosmosdb … update --ttl N, gcloud logging buckets update --retention-days, az monitor log-analytics workspace update --retention-time; gcloud sql backups restore, filestore instances restore, az storage blob restore; az storage message clear, gcloud tasks queues purge; ecs container instances set DRAINING; az rest --method DELETE",
		"cloudAccessOpened":  "a hosted service opened to every network: az … create|update --public-network-access Enabled or --default-action Allow, gcloud storage buckets update --clear-ip-filter",
		"cloudKeysChanged":   "a service's credentials or access rules changed: az acr update --admin-enabled true; gcloud storage hmac create|update; az storage queue|container|share|table policy create|update|delete; aws iam tag-user|tag-role|untag-user|untag-role (tag-based access); az rest POST …/regenerate*",
		"cdkTrust":           "cdk bootstrap --trust ACCOUNT: another account may deploy with the bootstrap's execution policies",
		"podEnvironmentRead": "another container's environment printed: kubectl|oc|docker|podman exec CONTAINER [--] env|printenv",
		"azureKeysListed":    "a service's keys printed through the Azure REST API: az rest POST …/listKeys|listSecrets|listCredentials",
	})
}

// cloudRound8b runs round 8's second batch of families (see
// cloudRound8's note on expansions).
func (c *checker) cloudRound8b(cmd *shell.Command, name string, v []string) {
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

// cloudAccessOpened flags a hosted service opened to every network
// (README's heldout10 call: "public network access turned on [is]
// disk-system, as cloud firewall rules"): az's --public-network-access
// Enabled and --default-action Allow on any create or update (storage
// accounts, Key Vault, Cosmos DB, SQL, container registries, flexible
// servers, Event Hubs namespaces: az reference), and gcloud storage
// buckets update --clear-ip-filter (the bucket's IP filter removed).
func (c *checker) cloudAccessOpened(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "az":
		if last := v[len(v)-1]; last == "update" || last == "create" {
			p, _ := optValue(cmd.Args, "", "--public-network-access")
			d, _ := optValue(cmd.Args, "", "--default-action")
			hit = strings.EqualFold(p, "enabled") || strings.EqualFold(d, "allow")
		}
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "storage" && v[1] == "buckets" && v[2] == "update" && hasLit(cmd.Args, "--clear-ip-filter")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
}

// cloudKeysChanged flags a service's credentials or access rules changed
// (README's heldout10 call: keys regenerated, disabled or deleted, trust
// added, are privilege-escalation). Members, by each CLI's reference:
//   - az acr update --admin-enabled true (the registry's admin user and
//     its passwords);
//   - gcloud storage hmac create|update (a key minted, activated or
//     deactivated);
//   - az storage queue|container|share|table policy create|update|delete
//     (a stored access policy: what its SAS tokens may do);
//   - aws iam tag-user|tag-role|untag-user|untag-role (IAM's
//     attribute-based access reads principal tags);
//   - az rest --method POST of …/regenerate… (regenerateKey,
//     regenerateAccessKey);
//   - cdk bootstrap --trust (another account may deploy with the
//     execution policies).
func (c *checker) cloudKeysChanged(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "az":
		last := v[len(v)-1]
		switch {
		case v[0] == "acr" && last == "update":
			a, _ := optValue(cmd.Args, "", "--admin-enabled")
			hit = strings.EqualFold(a, "true")
		case v[0] == "storage" && len(v) >= 3 && v[2] == "policy" && (last == "create" || last == "update" || last == "delete"):
			hit = v[1] == "queue" || v[1] == "container" || v[1] == "share" || v[1] == "table"
		case v[0] == "rest":
			method, url := azRest(cmd)
			path, _, _ := strings.Cut(url, "?")
			hit = method == "post" && strings.Contains(path[strings.LastIndex(path, "/")+1:], "regenerate")
		}
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "storage" && v[1] == "hmac" && (v[2] == "create" || v[2] == "update")
	case "aws":
		hit = v[0] == "iam" && (v[1] == "tag-user" || v[1] == "tag-role" || v[1] == "untag-user" || v[1] == "untag-role")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(PrivilegeEscalation)
	}
}

// cdkTrust flags cdk bootstrap --trust ACCOUNT: the bootstrap roles let
// that account deploy with the execution policies (AWS CDK's
// "Bootstrapping" guide; README's heldout10 call: privilege-escalation).
// --trust-for-lookup only lets it read, and stays everyday.
func (c *checker) cdkTrust(cmd *shell.Command) {
	if !allLiteral(cmd.Args) || hasLit(cmd.Args, "--help", "-h") || !firstVerbIn(cmd.Args, "bootstrap") {
		return
	}
	if hasLit(cmd.Args, "--trust") || hasLitPrefix(cmd.Args, "--trust=") {
		c.because("cdk", "bootstrap", "--trust")
		c.add(PrivilegeEscalation)
	}
}

// azureKeysListed flags az rest POST of an Azure Resource Manager list
// action that answers keys or secrets (listKeys, listSecrets,
// listCredentials, listConnectionStrings: the REST references of
// storage, Cosmos DB, Logic Apps, Web Apps), as serviceKeysPrinted's az
// … keys list.
func (c *checker) azureKeysListed(cmd *shell.Command) {
	method, url := azRest(cmd)
	path, _, _ := strings.Cut(url, "?")
	action := path[strings.LastIndex(path, "/")+1:]
	if method == "post" && (action == "listkeys" || action == "listsecrets" || action == "listcredentials" || action == "listconnectionstrings") {
		c.because("az", "rest", action)
		c.add(SecretRead)
	}
}

// podEnvironmentRead flags another container's environment printed
// (README's heldout10 call: "kubectl exec POD env (another process's
// environment)" is secret-read; the own shell's stays everyday): kubectl,
// oc, docker or podman exec whose command, after the container and an
// optional "--", is env or printenv with no command of its own to run.
func (c *checker) podEnvironmentRead(cmd *shell.Command, v []string) {
	if v[0] != "exec" {
		return
	}
	i := slices.IndexFunc(cmd.Args, func(a shell.Word) bool { return a.Lit == "exec" })
	ops := plainLits(cmd.Args[i+1:])
	if k := slices.Index(ops, "--"); k >= 0 {
		ops = ops[k+1:]
	} else if len(ops) > 0 {
		ops = ops[1:] // the container
	}
	if len(ops) >= 1 && (ops[0] == "env" || ops[0] == "printenv") && (len(ops) == 1 || ops[0] == "printenv") {
		c.because(append([]string{path.Base(cmd.Name)}, "exec", ops[0])...)
		c.add(SecretRead)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"cloudRunsElsewhere": "a script a cloud hands its machines fetched and run: aws ssm create-association|update-association of a document that fetches content, az vm|vmss extension set of a custom script extension with fileUris",
	})
}

// customScriptExtensions are the Azure extensions that run a command on
// the machines they are set on (Custom Script Extension for Linux and
// Windows: "commandToExecute", with "fileUris" downloaded first).
var customScriptExtensions = []string{"customscript", "customscriptextension"}

// cloudRunsElsewhere judges the commands a cloud CLI hands machines to
// run later or at once, as runsElsewhere judges aws ssm send-command's:
// aws ssm create-association|update-association of a shell document
// (commands= run on every target, now and on its schedule), and az
// vm|vmss extension set of a custom script extension (its settings'
// commandToExecute). A document or extension that fetches its content
// is download-execute: ssmFetchedContent's documents, and the custom
// script's fileUris.
func (c *checker) cloudRunsElsewhere(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "aws" && name != "az" || u.depth >= maxDepth || !allLiteral(cmd.Args) || hasLit(cmd.Args, "--help", "-h") {
		return
	}
	inner := ""
	switch name {
	case "aws":
		v := c.verbs(cmd.Args, 2)
		if len(v) < 2 || v[0] != "ssm" || v[1] != "create-association" && v[1] != "update-association" {
			return
		}
		doc, _ := optValue(cmd.Args, "", "--name")
		doc = strings.ToLower(doc)
		if slices.Contains(ssmFetchingDocuments, doc) && hasLitPrefix(cmd.Args, "--parameters") {
			c.because("aws", "ssm", v[1], doc)
			c.add(DownloadExecute)
			c.because()
			return
		}
		if p, ok := optValue(cmd.Args, "", "--parameters"); ok && (doc == "aws-runshellscript" || doc == "aws-runpowershellscript") {
			if cmds, ok := strings.CutPrefix(p, "commands="); ok {
				inner = strings.Trim(cmds, `[]"'`)
			}
		}
	case "az":
		v := c.verbs(cmd.Args, 3)
		if len(v) < 3 || v[0] != "vm" && v[0] != "vmss" || v[1] != "extension" || v[2] != "set" {
			return
		}
		ext, _ := optValue(cmd.Args, "n", "--name")
		if !slices.Contains(customScriptExtensions, strings.ToLower(ext)) {
			return
		}
		for _, opt := range []string{"--settings", "--protected-settings"} {
			raw, ok := optValue(cmd.Args, "", opt)
			if !ok {
				continue
			}
			var settings struct {
				FileURIs         []string `json:"fileUris"`
				CommandToExecute string   `json:"commandToExecute"`
			}
			if json.Unmarshal([]byte(raw), &settings) != nil {
				continue
			}
			if len(settings.FileURIs) > 0 && settings.CommandToExecute != "" {
				c.because("az", v[0], "extension", "set", ext, "fileUris")
				c.add(DownloadExecute)
				c.because()
				return
			}
			if settings.CommandToExecute != "" {
				inner = settings.CommandToExecute
			}
		}
	}
	if strings.TrimSpace(inner) != "" {
		c.script(shell.Parse(inner), "/", u.depth+1, false)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"kubeHostAccessPatched": "a running workload patched into host access (kubectl|oc patch with privileged, hostPID, hostIPC, hostNetwork, hostPath or allowPrivilegeEscalation turned on) or a namespace relabelled to the privileged Pod Security level",
	})
}

// hostAccessFields are the pod fields the Pod Security Standards'
// privileged level alone allows, as they read squashed in a patch
// (JSON or YAML).
var hostAccessFields = []string{
	`"privileged":true`, `"hostpid":true`, `"hostipc":true`, `"hostnetwork":true`, `"hostpath":`, `"allowprivilegeescalation":true`,
	"privileged:true", "hostpid:true", "hostipc:true", "hostnetwork:true", "hostpath:", "allowprivilegeescalation:true",
}

// kubeHostAccessPatched flags a running workload patched into host
// access (privilege-escalation, as containerAPI's pod --overrides) and a
// namespace relabelled to the privileged Pod Security level (its
// admission check then lets such pods in).
func (c *checker) kubeHostAccessPatched(cmd *shell.Command, v []string) {
	hit := false
	switch v[0] {
	case "patch":
		p, _ := optValue(cmd.Args, "p", "--patch")
		p = squash(p)
		hit = slices.ContainsFunc(hostAccessFields, func(f string) bool { return strings.Contains(p, f) })
	case "label":
		hit = slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
			l := strings.ToLower(a.Lit)
			return strings.HasPrefix(l, "pod-security.kubernetes.io/") && strings.HasSuffix(l, "=privileged")
		})
	}
	if hit {
		c.because(path.Base(cmd.Name), v[0])
		c.add(PrivilegeEscalation)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"identityRouteAdded": "an existing runner given another role (lambda update-function-configuration --role, sagemaker update-notebook-instance --role-arn, codebuild update-project --service-role, kubectl|oc set serviceaccount) or a member added to a directory group (identitystore create-group-membership, gcloud identity groups memberships add)",
	})
}

// identityRouteAdded flags the further routes to another identity the
// clouds' references document beside roleRunnerMade's and
// directoryAccountMade's (privilege-escalation): a running function,
// notebook or build project switched to a role the line passes, a
// workload set to run as another service account, and a member added to
// an identity-store or Cloud Identity group. gcloud iam service-accounts
// sign-jwt|sign-blob stay everyday (heldout7 s1203, s0292).
func (c *checker) identityRouteAdded(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "aws":
		op := v[1]
		switch v[0] {
		case "lambda":
			hit = op == "update-function-configuration" && hasLitPrefix(cmd.Args, "--role")
		case "sagemaker":
			hit = op == "update-notebook-instance" && hasLitPrefix(cmd.Args, "--role-arn")
		case "codebuild":
			hit = op == "update-project" && hasLitPrefix(cmd.Args, "--service-role")
		case "identitystore":
			hit = op == "create-group-membership"
		}
	case "gcloud":
		hit = len(v) >= 4 && v[0] == "identity" && v[1] == "groups" && v[2] == "memberships" && v[3] == "add"
	case "kubectl", "oc":
		hit = v[0] == "set" && v[1] == "serviceaccount" || v[0] == "set" && v[1] == "sa"
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(PrivilegeEscalation)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"backupsRemoved": "a setting that deletes a service's backups (rds modify-db-instance|modify-db-cluster --backup-retention-period 0, dynamodb update-continuous-backups with point-in-time recovery off, az backup protection disable --delete-backup-data true) or an inline S3 lifecycle rule that expires objects",
	})
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
