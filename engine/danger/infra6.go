package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"clusterTeardown":         "a cluster or cloud account torn down in the forms its tool's reference gives: docker node update --availability drain, a managed instance group's VMs recreated or replaced, az vm|vmss reimage, az deployment create --mode Complete, aws-nuke|azure-nuke|gcp-nuke --no-dry-run, cloud-nuke aws|gcp, vault operator seal or raft snapshot restore, a log retention set (aws logs put-retention-policy, gcloud logging buckets update --retention-days, az monitor log-analytics workspace update --retention-time)",
		"toolImploded":            "a tool removing itself with everything it installed and its settings (mise|rtx implode, chezmoi purge, rustup self uninstall)",
		"enrolledOrSyncedDeleted": "enrolled fingerprints deleted (fprintd-delete USER) or one side of a calendar sync wiped before the other is copied over (calcurse-caldav --init=keep-local|keep-remote)",
		"registryChanged":         "the Windows registry changed: an HKLM key or value added, deleted or restored (reg add|delete|restore), or any key added or deleted on a remote host (impacket's reg.py)",
		"cloudFirewallRules":      "a cloud's firewall rules changed: security group or network ACL rules authorized, revoked, modified or replaced (aws ec2, elb|elbv2 security groups set), WAF sets and ACLs updated, lightsail ports opened, az network nsg|firewall rules and server firewall-rules created or updated, az vm open-port, gcloud compute firewall-rules or security-policies rules created or updated",
	})
}

// awsFirewallOps are the AWS CLI operations (service, operation) that
// change which traffic reaches a resource, from the CLI reference's
// ec2, elb, elbv2, lightsail and wafv2 pages. waf and waf-regional
// change their rules only through update-* operations (every one takes
// --updates of INSERT or DELETE actions), so those are matched by prefix.
var awsFirewallOps = map[[2]string]bool{
	{"ec2", "authorize-security-group-ingress"}:       true,
	{"ec2", "authorize-security-group-egress"}:        true,
	{"ec2", "revoke-security-group-ingress"}:          true,
	{"ec2", "revoke-security-group-egress"}:           true,
	{"ec2", "modify-security-group-rules"}:            true,
	{"ec2", "create-network-acl-entry"}:               true,
	{"ec2", "replace-network-acl-entry"}:              true,
	{"ec2", "replace-network-acl-association"}:        true,
	{"elbv2", "set-security-groups"}:                  true,
	{"elb", "apply-security-groups-to-load-balancer"}: true,
	{"wafv2", "update-ip-set"}:                        true,
	{"wafv2", "update-web-acl"}:                       true,
	{"wafv2", "update-rule-group"}:                    true,
	{"wafv2", "associate-web-acl"}:                    true,
	{"wafv2", "disassociate-web-acl"}:                 true,
	{"network-firewall", "update-rule-group"}:         true,
	{"network-firewall", "update-firewall-policy"}:    true,
	{"lightsail", "open-instance-public-ports"}:       true,
	{"lightsail", "put-instance-public-ports"}:        true,
	{"lightsail", "close-instance-public-ports"}:      true,
}

// cloudFirewallRules: a cloud's firewall rules changed are disk-system,
// as the machine's own firewall is (README, heldout7's judgement calls;
// TestInfraCloudFirewallRules). Deleting a rule is left to the cloud
// rules that read delete verbs; reading rules, a help page and a new
// empty security group change nothing.
func (c *checker) cloudFirewallRules(u unit) {
	_, name, ok := u.program()
	if !ok || name != "aws" && name != "az" && name != "gcloud" {
		return
	}
	args := u.cmd.Args
	v := c.verbs(args, 5)
	if len(v) < 2 || hasLit(args, "--help", "-h") || slices.Contains(v, "help") {
		return
	}
	n, hit := 0, false
	switch name {
	case "aws":
		svc, op := v[0], v[1]
		n = 2
		switch {
		case awsFirewallOps[[2]string{svc, op}]:
			hit = true
		case (svc == "waf" || svc == "waf-regional") && strings.HasPrefix(op, "update-"):
			hit = true
		case svc == "ec2" && (op == "modify-instance-attribute" || op == "modify-network-interface-attribute") && hasLit(args, "--groups"):
			hit = true // the instance's security groups replaced
		}
	case "az":
		changes := func(w string) bool { return w == "create" || w == "update" || w == "add" || w == "remove" }
		switch {
		case v[0] == "vm" && v[1] == "open-port":
			n, hit = 2, true
		case len(v) >= 4 && v[0] == "network" && v[1] == "nsg" && v[2] == "rule" && changes(v[3]):
			n, hit = 4, true
		case len(v) >= 4 && v[0] == "network" && v[1] == "firewall" && strings.HasSuffix(v[2], "-rule") && changes(v[3]):
			n, hit = 4, true
		case len(v) >= 4 && v[1] == "server" && v[2] == "firewall-rule" && changes(v[3]):
			n, hit = 4, true // az sql|postgres|mysql|mariadb server firewall-rule
		case len(v) >= 4 && v[1] == "flexible-server" && v[2] == "firewall-rule" && changes(v[3]):
			n, hit = 4, true
		}
	case "gcloud":
		for i := range v {
			// gcloud [alpha|beta] compute firewall-rules create|update,
			// gcloud compute security-policies rules create|update.
			if i+1 < len(v) && v[i] == "firewall-rules" && (v[i+1] == "create" || v[i+1] == "update") {
				n, hit = i+2, true
				break
			}
			if i+2 < len(v) && v[i] == "security-policies" && v[i+1] == "rules" && (v[i+2] == "create" || v[i+2] == "update") {
				n, hit = i+3, true
				break
			}
		}
	}
	if hit {
		c.because(append([]string{name}, v[:n]...)...)
		c.add(DiskSystem)
	}
}

// gitValued are the options of git push and git clean that take a value,
// from git-push(1) and git-clean(1): git's option parser gives them the
// next word whatever it looks like ("git clean -e --dry-run -f" excludes
// a pattern named --dry-run and cleans). The short ones are the letters
// that take the rest of their cluster, or the next word.
var gitValued = map[string]struct {
	long  []string
	short string
}{
	"push":  {[]string{"--push-option", "--repo", "--receive-pack", "--exec"}, "o"},
	"clean": {[]string{"--exclude"}, "e"},
}

// gitDryRun reports whether git push or git clean, given rest, only shows
// what it would do: -n or --dry-run, read as git reads them (an option's
// value is no flag; the last of --dry-run and --no-dry-run wins), before
// "--".
func gitDryRun(sub string, rest []shell.Word) bool {
	valued := gitValued[sub]
	dry := false
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.Literal || len(w.Lit) < 2 || w.Lit[0] != '-' {
			continue
		}
		switch {
		case w.Lit == "--":
			return dry
		case w.Lit == "--dry-run":
			dry = true
		case w.Lit == "--no-dry-run":
			dry = false
		case slices.Contains(valued.long, w.Lit):
			i++ // "--exclude --dry-run": the pattern
		case w.Lit[1] != '-':
			for k := 1; k < len(w.Lit); k++ {
				if strings.IndexByte(valued.short, w.Lit[k]) >= 0 {
					if k == len(w.Lit)-1 {
						i++ // "-e -n": -n is the value
					}
					break // "-e'*.log'": the rest is the value
				}
				if w.Lit[k] == 'n' {
					dry = true
				}
			}
		}
	}
	return dry
}

// buildPushes reads a docker|buildx build's options: whether it pushes
// (--push, or an --output of type=registry or push=true) and whether it
// names the image (-t, --tag, or an --output's name=).
func buildPushes(args []shell.Word) (pushes, named bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		out, isOut := strings.CutPrefix(a.Lit, "--output=")
		if (a.Lit == "--output" || a.Lit == "-o") && i+1 < len(args) {
			out, isOut = args[i+1].Lit, true
		}
		switch {
		case a.Lit == "--push":
			pushes = true
		case isOut:
			if strings.Contains(out, "type=registry") || strings.Contains(out, "push=true") {
				pushes = true
			}
			if strings.Contains(out, "name=") {
				named = true
			}
		case a.Lit == "-t" || a.Lit == "--tag" || strings.HasPrefix(a.Lit, "--tag=") || len(a.Lit) > 2 && strings.HasPrefix(a.Lit, "-t") && a.Lit[1] != '-':
			named = true
		}
	}
	return pushes, named
}

// composePushes: docker compose push, or compose build --push ("push
// service images", docker compose build's reference).
func composePushes(ops, args []shell.Word) bool {
	switch composeCommand(ops) {
	case "push":
		return true
	case "build":
		return hasLit(args, "--push")
	}
	return false
}

// imageBuiltAndPushed: the cloud CLIs that build an image and push it to
// a registry, or copy one into it, from their references: az acr build
// (pushes unless --no-push), az acr import, heroku container:push,
// gcloud builds submit --tag (Cloud Build's docker build -t TAG and push).
func (c *checker) imageBuiltAndPushed(name string, args []shell.Word) bool {
	if hasLit(args, "--help", "-h") {
		return false
	}
	v := c.verbs(args, 3)
	switch {
	case name == "az" && len(v) >= 2 && v[0] == "acr":
		return v[1] == "build" && !hasLit(args, "--no-push") || v[1] == "import"
	case name == "heroku" && len(v) >= 1:
		return v[0] == "container:push"
	case name == "gcloud":
		for i := 0; i+1 < len(v); i++ {
			if v[i] == "builds" && v[i+1] == "submit" {
				return slices.ContainsFunc(args, func(a shell.Word) bool {
					return a.Lit == "--tag" || a.Lit == "-t" || strings.HasPrefix(a.Lit, "--tag=")
				})
			}
		}
	}
	return false
}

// messagePublished: redis-cli's (and its forks') "publish" of a message
// to a channel sends it to the subscribers; no package or release is
// published (README, heldout7's s0477). The cloud pub/sub services' own
// publish (aws sns publish|publish-batch, aws iot-data publish, gcloud
// pubsub topics publish) is read once, in the verb table
// (messagePublish).
func (c *checker) messagePublished(name string, args []shell.Word) bool {
	switch name {
	case "redis-cli", "valkey-cli", "keydb-cli":
		v := c.verbs(args, 1)
		return len(v) == 1 && strings.EqualFold(v[0], "publish")
	}
	return false
}

// clusterTeardown: README's heldout7 calls on clusters and cloud
// accounts (TestInfraClusterAndCloudTeardown): a swarm node drained
// (every task moved off, as kubectl drain), a managed instance group's
// VMs recreated or replaced and a VM reimaged (their disks made anew),
// the nuke tools run for real (aws-nuke, azure-nuke and gcp-nuke only
// list without --no-dry-run; cloud-nuke deletes unless --dry-run, which
// inert reads), and a log retention set (older events deleted) are
// cloud-destructive; Vault sealed stops answering until unsealed
// (disk-system, a service stopped) and a raft snapshot restored loses
// every write since (database-destructive).
func (c *checker) clusterTeardown(u unit) {
	_, name, ok := u.program()
	if !ok {
		return
	}
	args := u.cmd.Args
	switch name {
	case "docker", "aws", "az", "gcloud", "vault", "aws-nuke", "azure-nuke", "gcp-nuke", "cloud-nuke":
	default:
		return // most commands: none of these
	}
	if hasLit(args, "--help", "-h") {
		return
	}
	v := c.verbs(args, 6)
	cat := ""
	switch name {
	case "docker":
		if !hasRun(v, "node", "update") {
			break
		}
		for i, a := range args {
			if a.Lit == "--availability=drain" || a.Lit == "--availability" && i+1 < len(args) && args[i+1].Lit == "drain" {
				cat = CloudDestructive
			}
		}
	case "gcloud":
		switch {
		case hasRun(v, "managed", "recreate-instances") || hasRun(v, "rolling-action", "replace"):
			cat = CloudDestructive
		case hasRun(v, "logging", "buckets", "update") && slices.ContainsFunc(args, func(a shell.Word) bool { return strings.HasPrefix(a.Lit, "--retention-days") }):
			cat = CloudDestructive
		}
	case "az":
		switch {
		case len(v) >= 2 && (v[0] == "vm" || v[0] == "vmss") && v[1] == "reimage":
			cat = CloudDestructive
		case slices.Contains(v, "deployment") && slices.Contains(v, "create") && deploysComplete(args):
			cat = CloudDestructive // the group's resources the template does not name deleted
		case hasRun(v, "monitor", "log-analytics", "workspace", "update") && slices.ContainsFunc(args, func(a shell.Word) bool { return strings.HasPrefix(a.Lit, "--retention-time") }):
			cat = CloudDestructive
		}
	case "aws":
		if hasRun(v, "logs", "put-retention-policy") {
			cat = CloudDestructive
		}
	case "vault":
		switch {
		case hasRun(v, "operator", "seal"):
			cat = DiskSystem
		case hasRun(v, "operator", "raft", "snapshot", "restore"):
			cat = DatabaseDestructive
		}
	case "aws-nuke", "azure-nuke", "gcp-nuke":
		if hasLit(args, "--no-dry-run") {
			cat = CloudDestructive
		}
	case "cloud-nuke":
		if len(v) > 0 && (v[0] == "aws" || v[0] == "gcp" || v[0] == "defaults-aws") {
			cat = CloudDestructive
		}
	}
	if cat != "" {
		c.add(cat)
	}
}

// toolImploded: mise implode (rtx's former name), chezmoi purge and
// rustup self uninstall delete the tool, what it installed and its
// settings (their references); -n and --dry-run only list (mise's and
// chezmoi's global flags), as inert reads --dry-run.
func (c *checker) toolImploded(u unit) {
	_, name, ok := u.program()
	if !ok || name != "mise" && name != "rtx" && name != "chezmoi" && name != "rustup" {
		return
	}
	args := u.cmd.Args
	if hasLit(args, "--help", "-h", "-n", "--dry-run") {
		return
	}
	v := c.verbs(args, 2)
	if len(v) == 0 {
		return
	}
	switch name {
	case "mise", "rtx":
		ok = v[0] == "implode"
	case "chezmoi":
		ok = v[0] == "purge"
	case "rustup":
		ok = len(v) == 2 && v[0] == "self" && v[1] == "uninstall"
	}
	if ok {
		c.add(DestructiveDelete)
	}
}

// enrolledOrSyncedDeleted: fprintd-delete USER deletes USER's enrolled
// fingerprints (fprintd's manual); calcurse-caldav --init=keep-local
// removes every remote object and keep-remote every local item before
// copying the other side over (its manual). TestInfraEnrolledAndSyncedDeleted.
func (c *checker) enrolledOrSyncedDeleted(u unit) {
	_, name, ok := u.program()
	if !ok || name != "fprintd-delete" && name != "calcurse-caldav" {
		return
	}
	args := u.cmd.Args
	if hasLit(args, "--help", "-h") {
		return
	}
	hit := false
	switch name {
	case "fprintd-delete":
		hit = len(operands(args)) > 0
	case "calcurse-caldav":
		for i, a := range args {
			v, isInit := strings.CutPrefix(a.Lit, "--init=")
			if a.Lit == "--init" && i+1 < len(args) {
				v, isInit = args[i+1].Lit, true
			}
			if isInit && (v == "keep-local" || v == "keep-remote") {
				hit = true
			}
		}
	}
	if hit {
		c.add(DestructiveDelete)
	}
}

// azDeploymentRecord: az deployment group|sub|mg|tenant delete and az
// group deployment delete remove a deployment's record (its history),
// not the resources it made (az deployment's reference; heldout7's s1106).
func azDeploymentRecord(name string, v []string) bool {
	return name == "az" && len(v) >= 3 && (v[0] == "deployment" && v[2] == "delete" || v[0] == "group" && v[1] == "deployment" && v[2] == "delete")
}

// deploysComplete: an Azure deployment in Complete mode deletes the
// resource group's resources its template does not name (az deployment
// group create --mode Complete).
func deploysComplete(args []shell.Word) bool {
	for i, a := range args {
		if strings.EqualFold(a.Lit, "--mode=complete") || a.Lit == "--mode" && i+1 < len(args) && strings.EqualFold(args[i+1].Lit, "complete") {
			return true
		}
	}
	return false
}

// lineValue returns the word a variable reference t ($V, "$V", ${V},
// "${V}") stands for when the line itself sets V (its last assignment
// among the line's variable-only commands, shell.Script.Sets): bash
// expands it to that value, so "H=$HOME; rm -rf "$H"" removes the home
// folder. The value is parsed as a word of its own, so ~ and $HOME in it
// read as they do in "rm -rf ~".
func (c *checker) lineValue(t shell.Word) (shell.Word, bool) {
	if t.Literal || c.line == nil || len(c.line.Sets) == 0 {
		return shell.Word{}, false
	}
	ref := t.Raw
	if len(ref) > 1 && ref[0] == '"' && ref[len(ref)-1] == '"' {
		ref = ref[1 : len(ref)-1]
	}
	name, ok := strings.CutPrefix(ref, "$")
	if !ok {
		return shell.Word{}, false
	}
	if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
		name = name[1 : len(name)-1]
	}
	if name == "" || strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return shell.Word{}, false // "$(…)", "${x:-y}", "$1x": not one variable
	}
	for k := len(c.line.Sets) - 1; k >= 0; k-- {
		a := c.line.Sets[k]
		if a.Name != name {
			continue
		}
		s := shell.Parse("rm " + a.Value)
		if len(s.Commands) != 1 || len(s.Commands[0].Args) != 1 {
			return shell.Word{}, false // a value of several words, or none
		}
		return s.Commands[0].Args[0], true
	}
	return shell.Word{}, false
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

// registryChanged: the Windows registry is the machine's configuration
// (disk-system, as /etc): reg.exe add|delete|restore of an HKLM key, and
// impacket's reg.py add|delete on a remote host (heldout's i0947).
// Queries, saves (hiveSaved reads those) and imports (their keys are in
// the file) are left to the other rules. TestInfraRegistryChanged.
func (c *checker) registryChanged(u unit) {
	_, name, ok := u.program()
	if !ok {
		return
	}
	args := u.cmd.Args
	hit := false
	switch name {
	case "reg.py", "impacket-reg":
		if hasLit(args, "--help", "-h") {
			return
		}
		for _, a := range args {
			if a.Lit == "add" || a.Lit == "delete" {
				hit = true
				break
			}
			if a.Lit == "query" || a.Lit == "save" || a.Lit == "backup" {
				break
			}
		}
	case "reg", "reg.exe":
		ops := operands(args)
		if len(ops) >= 2 && slices.ContainsFunc([]string{"add", "delete", "restore"}, func(v string) bool { return strings.EqualFold(ops[0].Lit, v) }) {
			key := strings.ToUpper(strings.Trim(ops[1].Raw, `'"`))
			hit = strings.HasPrefix(key, "HKLM") || strings.HasPrefix(key, "HKEY_LOCAL_MACHINE")
		}
	}
	if hit {
		c.add(DiskSystem)
	}
}
