package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Teardown forms the cloud, database and system rules do not read: a
// cluster's workloads evicted or scaled to nothing, resources dropped from
// an infrastructure-as-code state or replaced, the terminate and batch
// delete operations of cloud CLIs, OpenStack's per-service clients,
// machines powered off through a cloud CLI or a container manager,
// containers deleted with their data, and key-value stores emptied by
// prefix. Each CLI's reference page lists the forms; its listing, start
// and single-item forms stay everyday. The README of
// testdata/danger/independent gives the categories: cloud resources and
// clusters deleted are cloud-destructive, machines and VMs powered off or
// rebooted disk-system, a data store emptied database-destructive.

func init() {
	addRuleTexts(map[string]string{
		"clusterEmptied":  "a cluster's workloads evicted, scaled to zero, force-replaced or pruned (kubectl drain, scale --replicas=0, replace --force, apply --prune), a local cluster deleted (minikube delete), or a node's cluster torn down (kubeadm reset, microk8s reset, k3s/rke2 uninstall)",
		"stateSurgery":    "an infrastructure-as-code resource destroyed and made anew (terraform|tofu apply -replace=), or a SAM stack deleted",
		"cloudTerminate":  "a cloud CLI's terminate, batch-delete or key-deletion operation, a trail stopped, an AWS detection service disabled or stopped, or an OpenStack service client's delete",
		"machinePowered":  "a machine or VM stopped, deallocated, reset or rebooted through a cloud CLI (aws ec2 stop-instances, gcloud compute instances stop, az vm deallocate, hcloud server poweroff) or LXD/Incus",
		"containersWiped": "every container, pod or volume removed or every running container stopped (podman system reset, rm -a, pod rm -a, crictl rm -a, docker kill $(docker ps -q); nerdctl and compose tools as docker's), or an LXD/Incus container deleted",
		"deployTeardown":  "a deploy or cluster tool's teardown verb (pulumi down, sst remove, amplify delete, cf delete*, railway down, helmfile destroy|delete, skaffold delete, tilt down --delete-namespaces), helm's uninstall past its global options, kubectl's delete or drain through the k alias",
		"scaledToZero":    "a cloud service or instance group scaled to nothing (aws ecs update-service --desired-count 0, autoscaling --desired-capacity 0, gcloud … managed resize --size 0, az vmss scale --new-capacity 0)",
		"bsdDisks":        "FreeBSD's and SCSI's disk tools changing a disk (newfs, gpart create|destroy|delete|add|resize|modify, sg_format --format)",
		"keyValueEmptied": "a key-value store emptied by prefix (etcdctl del --prefix|--from-key, consul kv delete -recurse)",
	})
}

// teardown runs the rules of this file on one command (from
// machineState, beside hostState).
func (c *checker) teardown(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	c.clusterEmptied(name, args)
	c.stateSurgery(name, args)
	c.cloudTerminate(name, args)
	c.machinePowered(name, args)
	c.containersWiped(name, args)
	c.keyValueEmptied(name, args)
	c.deployTeardown(name, args)
	c.scaledToZero(name, args)
	c.bsdDisks(name, args)
}

// optionValue returns the value of a long option given as --opt=VALUE or
// --opt VALUE, and whether it was there.
func optionValue(args []shell.Word, opt string) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		if v, ok := strings.CutPrefix(a.Lit, opt+"="); ok {
			return v, true
		}
		if a.Lit == opt && i+1 < len(args) {
			return args[i+1].Lit, true
		}
	}
	return "", false
}

// clusterEmptied: kubectl's verbs that take a cluster's workloads away
// without "delete": drain evicts every pod of a node, scale to zero stops
// a workload, replace --force deletes and recreates, apply --prune deletes
// every object the manifests no longer name; minikube delete removes the
// local cluster (as kind and k3d delete do).
func (c *checker) clusterEmptied(name string, args []shell.Word) {
	switch name {
	case "kubeadm", "microk8s", "microk8s.reset":
		if firstVerbIn(args, "reset") || name == "microk8s.reset" {
			c.add(CloudDestructive) // the node's cluster state wiped
		}
		return
	case "k3s-uninstall.sh", "k3s-agent-uninstall.sh", "rke2-uninstall.sh", "k0s-uninstall.sh":
		c.add(CloudDestructive)
		return
	case "kubectl", "oc", "minikube":
	default:
		return
	}
	v := c.verbs(args, 2)
	if len(v) == 0 {
		return
	}
	hit := false
	switch name {
	case "kubectl", "oc":
		switch v[0] {
		case "drain":
			hit = true
		case "scale":
			r, ok := optionValue(args, "--replicas")
			hit = ok && r == "0"
		case "replace":
			hit = hasLit(args, "--force")
		case "apply":
			hit = hasLit(args, "--prune")
		}
	case "minikube":
		hit = v[0] == "delete"
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// stateSurgery: "apply -replace=ADDR" destroys a resource and makes it
// anew, "sam delete" deletes the stack. "terraform state rm" and "pulumi
// state delete" only forget a resource, which keeps running (heldout3's
// k0206 label), and stay everyday.
func (c *checker) stateSurgery(name string, args []shell.Word) {
	if name != "terraform" && name != "tofu" && name != "terragrunt" && name != "sam" {
		return
	}
	v := c.verbs(args, 2)
	hit := false
	switch name {
	case "terraform", "tofu", "terragrunt":
		hit = len(v) > 0 && v[0] == "apply" && slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (strings.HasPrefix(w.Lit, "-replace=") || w.Lit == "-replace")
		})
	case "sam":
		hit = len(v) > 0 && v[0] == "delete"
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// openStackClients are OpenStack's per-service clients, whose delete verb
// is "delete" or "NOUN-delete" (nova delete, neutron net-delete, heat
// stack-delete, swift delete).
var openStackClients = map[string]bool{
	"nova": true, "cinder": true, "glance": true, "neutron": true, "swift": true, "heat": true, "trove": true,
	"manila": true, "designate": true, "magnum": true, "octavia": true, "ironic": true, "sahara": true,
}

// cloudTerminate: the operations of cloud CLIs named otherwise than
// delete: oci's and the like's "terminate", AWS's batch-delete-*,
// schedule-key-deletion and disable-key (the data it encrypts unreadable),
// a CloudTrail trail stopped (README: trails deleted are
// cloud-destructive), AWS's detection services disabled, stopped or
// detached, and OpenStack's per-service clients.
func (c *checker) cloudTerminate(name string, args []shell.Word) {
	if !deleteVerbCLIs[name] && name != "aws" && !openStackClients[name] {
		return
	}
	v := c.verbs(args, 4)
	hit := false
	switch {
	case deleteVerbCLIs[name]:
		hit = slices.Contains(v, "terminate")
	case name == "aws" && len(v) >= 2:
		op := v[1]
		hit = strings.HasPrefix(op, "batch-delete-") || op == "schedule-key-deletion" || op == "disable-key" ||
			v[0] == "cloudtrail" && op == "stop-logging" ||
			detectionServices[v[0]] && (strings.HasPrefix(op, "disable") || strings.HasPrefix(op, "stop-") || strings.HasPrefix(op, "disassociate") ||
				op == "update-detector" && hasLit(args, "--no-enable"))
	case openStackClients[name] && len(v) > 0:
		hit = v[0] == "delete" || strings.HasSuffix(v[0], "-delete")
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// detectionServices are AWS's detection and audit services: switched
// off, stopped or detached from the account that reads them, they stop
// recording (as a trail stopped does).
var detectionServices = map[string]bool{
	"securityhub": true, "guardduty": true, "configservice": true, "macie2": true, "macie": true, "inspector2": true,
	"inspector": true, "detective": true, "accessanalyzer": true, "cloudtrail": true,
}

// powerVerbsCloud are cloud CLIs' verbs that stop or restart a machine.
var powerVerbsCloud = map[string]bool{
	"stop": true, "reset": true, "suspend": true, "deallocate": true, "restart": true, "reboot": true,
	"poweroff": true, "power-off": true, "shutdown": true, "power-cycle": true, "powercycle": true,
}

// machineGroups are the command groups of cloud CLIs that hold machines.
var machineGroups = map[string]bool{
	"instances": true, "instance": true, "vm": true, "vms": true, "server": true, "servers": true,
	"droplet-action": true, "linodes": true, "vmss": true,
}

// machinePowered: a machine stopped, reset or rebooted through its
// cloud's CLI (README: "rebooting or powering off machines and VMs is
// disk-system"); AWS's (stop|reboot|hibernate)-instance(s) forms (a
// managed database rebooted is not a machine: dev's i0210); LXD/Incus "stop" and "restart". Starting one and
// listing are everyday.
func (c *checker) machinePowered(name string, args []shell.Word) {
	if !deleteVerbCLIs[name] && name != "aws" && name != "linode-cli" && name != "lxc" && name != "incus" {
		return
	}
	v := c.verbs(args, 4)
	hit := false
	switch {
	case name == "aws" && len(v) >= 2:
		op := v[1]
		for _, pre := range []string{"stop-", "reboot-", "hibernate-"} {
			if rest, ok := strings.CutPrefix(op, pre); ok && strings.HasPrefix(rest, "instance") {
				hit = true
			}
		}
	case deleteVerbCLIs[name] || name == "linode-cli":
		for i, w := range v {
			if powerVerbsCloud[w] && slices.ContainsFunc(v[:i], func(g string) bool { return machineGroups[g] }) {
				hit = true
			}
		}
	case name == "lxc" || name == "incus":
		hit = len(v) > 0 && (v[0] == "stop" || v[0] == "restart")
	}
	if hit {
		c.add(DiskSystem)
	}
}

// containersWiped: every container or volume removed by the container
// tools the system rule does not read as docker (nerdctl, finch,
// podman-compose), podman's own "system reset" and "rm -a"; an LXD/Incus
// container deleted takes its file system with it (cloud-destructive, as
// virsh undefine and multipass delete). Images removed, even all of them
// (rmi -a, image prune -a), are pulled or built again at will: everyday
// (the README's heldout7 call, round 6).
func (c *checker) containersWiped(name string, args []shell.Word) {
	switch name {
	case "nerdctl", "finch":
		if containerDataLoss("docker", args) {
			c.add(DiskSystem)
			return
		}
	case "podman-compose", "nerdctl-compose":
		if containerDataLoss("docker-compose", args) {
			c.add(DiskSystem)
		}
		return
	case "lxc", "incus":
		if v := c.verbs(args, 1); len(v) > 0 && (v[0] == "delete" || v[0] == "rm") {
			c.add(CloudDestructive)
		}
		return
	case "crictl":
		if firstVerbIn(args, "rm", "rmp", "rmi") && shortFlag(args, 'a', "--all") {
			c.add(DiskSystem)
		}
		return
	case "docker", "podman":
	default:
		return
	}
	da := dockerArgs(args)
	v := c.verbs(da, 2)
	if len(v) == 0 {
		return
	}
	all := shortFlag(args, 'a', "--all")
	everyRunning := slices.ContainsFunc(da, func(w shell.Word) bool {
		return !w.Literal && (strings.Contains(w.Raw, "$(") || strings.Contains(w.Raw, "`")) && strings.Contains(w.Raw, " ps")
	})
	switch {
	case (v[0] == "kill" || v[0] == "stop") && everyRunning,
		v[0] == "pod" && len(v) > 1 && v[1] == "rm" && all:
		c.add(DiskSystem)
		return
	case v[0] == "system" && len(v) > 1 && v[1] == "reset",
		v[0] == "rm" && all,
		len(v) > 1 && v[0] == "container" && v[1] == "rm" && all:
		c.add(DiskSystem)
	}
}

// keyValueEmptied: etcd and Consul keys deleted by prefix (every key
// under it); one key deleted is how the store is used.
func (c *checker) keyValueEmptied(name string, args []shell.Word) {
	switch name {
	case "etcdctl":
		if firstVerbIn(args, "del", "delete") && optionOn(args, "--prefix", "--from-key") {
			c.add(DatabaseDestructive)
		}
	case "consul":
		if v := c.verbs(args, 2); len(v) == 2 && v[0] == "kv" && v[1] == "delete" && hasLit(args, "-recurse", "--recurse") {
			c.add(DatabaseDestructive)
		}
	}
}

// helmValueOpts are helm's global options that take a value.
var helmValueOpts = map[string]bool{"--kube-context": true, "--kubeconfig": true, "-n": true, "--namespace": true, "--kube-apiserver": true,
	"--kube-token": true, "--kube-as-user": true, "--kube-as-group": true, "--kube-ca-file": true, "--registry-config": true,
	"--repository-config": true, "--repository-cache": true, "--burst-limit": true, "-e": true, "--environment": true,
	"-f": true, "--file": true, "--context": true, "--selector": true, "-l": true}

// firstWordPast returns the first word that is neither an option nor the
// value of one valued option names.
func firstWordPast(args []shell.Word, valued map[string]bool) string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return ""
		}
		if strings.HasPrefix(a.Lit, "-") {
			if valued[a.Lit] {
				i++
			}
			continue
		}
		return a.Lit
	}
	return ""
}

// deployTeardown: the teardown verbs of deploy and cluster tools, each
// from its reference: "pulumi down" is destroy's alias; "sst remove",
// "amplify delete", Cloud Foundry's delete, delete-space, delete-org and
// delete-service, "railway down" (removes the latest deployment),
// helmfile destroy|delete, skaffold delete, "tilt down
// --delete-namespaces"; helm's uninstall past its global options; and
// "k", the alias the kubectl documentation sets up, deleting or draining.
func (c *checker) deployTeardown(name string, args []shell.Word) {
	first := firstWordPast(args, helmValueOpts)
	hit := false
	switch name {
	case "pulumi":
		hit = first == "down"
	case "sst":
		hit = first == "remove"
	case "amplify":
		hit = first == "delete"
	case "cf", "cf7", "cf8":
		hit = first == "delete" || first == "delete-space" || first == "delete-org" || first == "delete-service" || first == "purge-service-offering"
	case "railway":
		hit = first == "down"
	case "helmfile":
		hit = first == "destroy" || first == "delete"
	case "skaffold":
		hit = first == "delete"
	case "tilt":
		hit = first == "down" && hasLit(args, "--delete-namespaces")
	case "helm":
		hit = slices.Contains([]string{"uninstall", "delete", "del", "un"}, first) && !c.helmUninstallsOwn(args)
	case "k":
		hit = first == "delete" || first == "drain"
	}
	if hit {
		c.add(CloudDestructive)
	}
}

// scaledToZero: the cloud CLIs' forms of "kubectl scale --replicas=0":
// an ECS service's desired count, an auto-scaling group's desired
// capacity, a managed instance group's size or a scale set's capacity set
// to 0 (every task or machine of the service stopped).
func (c *checker) scaledToZero(name string, args []shell.Word) {
	if name != "aws" && name != "gcloud" && name != "az" {
		return
	}
	for _, opt := range []string{"--desired-count", "--desired-capacity", "--size", "--new-capacity"} {
		if opt == "--size" && !hasLit(args, "resize") {
			continue // a disk's or a list's size, not a group's
		}
		if v, ok := optionValue(args, opt); ok && v == "0" {
			c.because(name, opt, v)
			c.add(CloudDestructive)
			return
		}
	}
}

// bsdDisks: FreeBSD's newfs (mkfs) and gpart's changing verbs (fdisk's),
// and sg_format --format (a SCSI disk's low-level format, as nvme
// format); gpart show|list|status and sg_format without --format only
// report.
func (c *checker) bsdDisks(name string, args []shell.Word) {
	hit := false
	switch {
	case strings.HasPrefix(name, "newfs"):
		hit = len(operands(args)) > 0
	case name == "gpart":
		hit = firstVerbIn(args, "create", "destroy", "delete", "add", "resize", "modify", "bootcode", "recover", "set", "unset", "commit", "undo")
	case name == "sg_format":
		hit = hasLit(args, "--format", "-F")
	}
	if hit {
		c.add(DiskSystem)
	}
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

func init() {
	addRuleTexts(map[string]string{
		"clusterTeardown": "a cluster or cloud account torn down in the forms its tool's reference gives: docker node update --availability drain, a managed instance group's VMs recreated or replaced, az vm|vmss reimage, az deployment create --mode Complete, aws-nuke|azure-nuke|gcp-nuke --no-dry-run, cloud-nuke aws|gcp, vault operator seal or raft snapshot restore, a log retention set (aws logs put-retention-policy, gcloud logging buckets update --retention-days, az monitor log-analytics workspace update --retention-time)",
	})
}
