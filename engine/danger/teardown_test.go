package danger

import (
	"slices"
	"testing"
)

// TestTeardownForms: the delete, prune, power and state-surgery forms of
// cloud, cluster, infrastructure-as-code, container and key-value CLIs
// the cloud, database and system rules did not read (teardown.go). The
// category of each dangerous row is the README's (cloud resources and
// clusters deleted: cloud-destructive; machines and VMs powered off or
// rebooted, and container data: disk-system; data stores emptied:
// database-destructive); the forms are the CLIs' own reference pages.
// Each everyday row is the same CLI's listing, start or single-item form.
func TestTeardownForms(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Kubernetes: kubectl drain evicts every pod of a node, scale to
		// zero stops a workload, replace --force deletes then recreates,
		// apply --prune deletes what the manifests no longer name.
		{"kubectl drain node1 --ignore-daemonsets --delete-emptydir-data", CloudDestructive},
		{"kubectl scale deployment web --replicas=0", CloudDestructive},
		{"kubectl -n prod scale statefulset db --replicas 0", CloudDestructive},
		{"kubectl replace --force -f pod.yaml", CloudDestructive},
		{"kubectl apply --prune -l app=web -f manifests/", CloudDestructive},
		{"minikube delete --all", CloudDestructive},
		{"kubectl scale deployment web --replicas=3", ""},
		{"kubectl apply -f deploy.yaml", ""},
		{"kubectl replace -f pod.yaml", ""},
		{"kubectl cordon node1", ""},
		{"kubectl drain --help", ""},
		{"minikube start", ""},
		// Infrastructure as code: resources replaced (destroyed, then made
		// anew) or a stack deleted. Dropping one from the state leaves it
		// running (heldout3's k0206 label: "pulumi state delete" everyday).
		{"terraform apply -replace=aws_instance.web -auto-approve", CloudDestructive},
		{"tofu apply -replace=module.db.aws_db_instance.main", CloudDestructive},
		{"sam delete --stack-name app --no-prompts", CloudDestructive},
		{"terraform state rm aws_instance.web", ""},
		{"pulumi state delete 'urn:pulumi:prod::app::aws:s3/bucket:Bucket::b'", ""},
		{"terraform state list", ""},
		{"terraform state show aws_instance.web", ""},
		{"terraform plan -replace=aws_instance.web", ""},
		{"pulumi stack ls", ""},
		{"sam deploy --guided", ""},
		// Cloud CLIs: terminate verbs, batch deletes, keys scheduled for
		// deletion, trails stopped (README: deleting cloud logs and trails is
		// cloud-destructive), OpenStack's per-service clients.
		{"oci compute instance terminate --instance-id ocid1.instance.oc1..x --force", CloudDestructive},
		{"aws ecr batch-delete-image --repository-name app --image-ids imageTag=v1", CloudDestructive},
		{"aws kms schedule-key-deletion --key-id k --pending-window-in-days 7", CloudDestructive},
		{"aws cloudtrail stop-logging --name main", CloudDestructive},
		{"nova delete vm1", CloudDestructive},
		{"cinder delete vol1", CloudDestructive},
		{"swift delete backups", CloudDestructive},
		{"aws kms describe-key --key-id k", ""},
		{"aws cloudtrail start-logging --name main", ""},
		{"nova list", ""},
		{"swift list", ""},
		{"oci compute instance list -c ocid1.compartment.oc1..x", ""},
		// Machines and VMs powered off, stopped or rebooted through cloud
		// CLIs and container managers (README: disk-system).
		{"aws ec2 stop-instances --instance-ids i-1", DiskSystem},
		{"aws ec2 reboot-instances --instance-ids i-1", DiskSystem},
		{"aws lightsail stop-instance --instance-name web", DiskSystem},
		{"aws rds reboot-db-instance --db-instance-identifier db", ""}, // dev's i0210: a managed database, not a machine
		{"gcloud compute instances stop vm1 --zone us-central1-a", DiskSystem},
		{"gcloud compute instances reset vm1", DiskSystem},
		{"az vm deallocate -g rg -n vm", DiskSystem},
		{"az vm restart -g rg -n vm", DiskSystem},
		{"doctl compute droplet-action power-off 123", DiskSystem},
		{"hcloud server poweroff srv", DiskSystem},
		{"lxc stop c1", DiskSystem},
		{"aws ec2 start-instances --instance-ids i-1", ""},
		{"gcloud compute instances start vm1", ""},
		{"gcloud compute instances list", ""},
		{"az vm start -g rg -n vm", ""},
		{"az vm list", ""},
		{"hcloud server list", ""},
		{"lxc start c1", ""},
		{"lxc list", ""},
		// Containers deleted with their data, every image or container.
		{"lxc delete c1 --force", CloudDestructive},
		{"incus delete c1", CloudDestructive},
		{"podman system reset -f", DiskSystem},
		{"podman rm -af", DiskSystem},
		{"nerdctl system prune -af --volumes", DiskSystem},
		{"docker image prune -a -f", ""}, // images only: pulled again at will (round 6, the README's heldout7 call)
		{"podman-compose down -v", DiskSystem},
		{"docker image prune -f", ""}, // dangling layers only (the everyday corpus)
		{"podman rm web", ""},
		{"nerdctl ps -a", ""},
		{"podman-compose down", ""},
		// Key-value stores emptied by prefix (database-destructive).
		{"etcdctl del --prefix /", DatabaseDestructive},
		{"etcdctl del /app --from-key", DatabaseDestructive},
		{"consul kv delete -recurse app/", DatabaseDestructive},
		{"etcdctl get --prefix /app", ""},
		{"etcdctl del /app/feature-flag", ""},
		{"consul kv delete app/flag", ""},
		{"consul kv get -recurse app/", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestTeardownExplained: `danger explain` names each rule of teardown.go.
func TestTeardownExplained(t *testing.T) {
	for _, tt := range []struct{ cmd, cat, rule string }{
		{"kubectl drain node1", CloudDestructive, "clusterEmptied"},
		{"terraform apply -replace=aws_instance.web", CloudDestructive, "stateSurgery"},
		{"nova delete vm1", CloudDestructive, "cloudTerminate"},
		{"hcloud server poweroff srv", DiskSystem, "machinePowered"},
		{"podman system reset -f", DiskSystem, "containersWiped"},
		{"etcdctl del --prefix /", DatabaseDestructive, "keyValueEmptied"},
		{"pulumi down --yes", CloudDestructive, "deployTeardown"},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || len(rs[i].Matched) == 0 {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q with its text and words", tt.cmd, rs, tt.cat, tt.rule)
		}
	}
}

// TestTeardownTools: the deploy and cluster tools' own teardown verbs
// (each tool's reference): pulumi down (destroy's alias), SST, Amplify,
// Cloud Foundry, Railway, helmfile, Skaffold, Tilt; helm and kubectl
// reached past their global options or through the usual "k" alias.
func TestTeardownTools(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"pulumi down --yes", CloudDestructive},
		{"sst remove --stage prod", CloudDestructive},
		{"amplify delete", CloudDestructive},
		{"cf delete myapp -f -r", CloudDestructive},
		{"cf delete-space dev -f", CloudDestructive},
		{"railway down", CloudDestructive},
		{"helmfile destroy", CloudDestructive},
		{"helmfile -e prod delete", CloudDestructive},
		{"skaffold delete", CloudDestructive},
		{"tilt down --delete-namespaces", CloudDestructive},
		{"helm --kube-context prod uninstall app", CloudDestructive},
		{"helm --namespace prod delete app", CloudDestructive},
		{"k delete pod x", CloudDestructive},
		{"k -n prod drain node1", CloudDestructive},
		{"pulumi up --yes --dry-run", ""},
		{"sst dev", ""},
		{"amplify status", ""},
		{"cf apps", ""},
		{"railway up", ""},
		{"helmfile diff", ""},
		{"skaffold dev", ""},
		{"tilt up", ""},
		{"helm --kube-context prod list", ""},
		{"k get pods", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudDetectorsOff: AWS's detection and audit services switched off
// or stopped (README: deleting cloud logs, trails and detectors is
// cloud-destructive; stopping them loses the same record). Enabling,
// starting and describing them is everyday.
func TestCloudDetectorsOff(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws securityhub disable-security-hub", CloudDestructive},
		{"aws guardduty disassociate-from-master-account --detector-id d", CloudDestructive},
		{"aws configservice stop-configuration-recorder --configuration-recorder-name default", CloudDestructive},
		{"aws macie2 disable-macie", CloudDestructive},
		{"aws inspector2 disable --resource-types EC2", CloudDestructive},
		{"aws detective disable-organization-admin-account", CloudDestructive},
		{"aws guardduty update-detector --detector-id d --no-enable", CloudDestructive},
		{"aws securityhub enable-security-hub", ""},
		{"aws configservice start-configuration-recorder --configuration-recorder-name default", ""},
		{"aws guardduty list-detectors", ""},
		{"aws guardduty update-detector --detector-id d --enable", ""},
		{"aws ecs stop-task --cluster c --task t", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestScaledToZeroAndBSDDisks: services scaled to nothing through cloud
// CLIs (as kubectl scale --replicas=0: cloud-destructive) and FreeBSD's
// and SCSI's disk tools (newfs as mkfs, gpart as fdisk, sg_format as
// nvme format: disk-system), from each tool's manual.
func TestScaledToZeroAndBSDDisks(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws ecs update-service --cluster prod --service web --desired-count 0", CloudDestructive},
		{"aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --min-size 0 --max-size 0 --desired-capacity 0", CloudDestructive},
		{"gcloud compute instance-groups managed resize web-mig --size 0 --zone us-central1-a", CloudDestructive},
		{"az vmss scale -g rg -n web --new-capacity 0", CloudDestructive},
		{"aws ecs update-service --cluster prod --service web --desired-count 3", ""},
		{"gcloud compute instance-groups managed resize web-mig --size 4", ""},
		{"az vmss scale -g rg -n web --new-capacity 5", ""},
		{"newfs -U /dev/ada0p2", DiskSystem},
		{"gpart destroy -F ada0", DiskSystem},
		{"gpart delete -i 2 ada0", DiskSystem},
		{"sg_format --format /dev/sg1", DiskSystem},
		{"gpart show", ""},
		{"gpart list ada0", ""},
		{"sg_format /dev/sg1", ""}, // without --format it only reports
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterNodesReset: a node's cluster torn down by its distribution's
// own tool (kubeadm reset, microk8s reset, the k3s and RKE2 uninstall
// scripts: cloud-destructive, as kind and minikube delete), and every
// pod or container of a runtime removed or stopped (podman pod rm -a,
// crictl rm|rmp -a, docker kill of every running container: disk-system,
// as docker rm of them all).
func TestClusterNodesReset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubeadm reset -f", CloudDestructive},
		{"microk8s reset", CloudDestructive},
		{"k3s-uninstall.sh", CloudDestructive},
		{"/usr/local/bin/rke2-uninstall.sh", CloudDestructive},
		{"podman pod rm -af", DiskSystem},
		{"crictl rm -af", DiskSystem},
		{"crictl rmp -a -f", DiskSystem},
		{"docker kill $(docker ps -q)", DiskSystem},
		{"kubeadm token list", ""},
		{"microk8s status", ""},
		{"podman pod ps", ""},
		{"crictl ps -a", ""},
		{"crictl rm 3f1c", ""},
		{"docker kill web", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestTerraformWorkspaceDelete: "terraform workspace delete" refuses a
// workspace whose state tracks resources unless -force is given
// (Terraform's reference; README's heldout8 call: it "refuses a workspace
// that tracks resources", everyday); with -force the state of live
// resources is dropped, and they are left unmanaged: cloud-destructive.
// precision5_test's row now gives -force, as the call implies.
func TestTerraformWorkspaceDelete(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"terraform workspace delete staging", ""},
		{"tofu workspace delete staging", ""},
		{"terraform workspace delete -force staging", CloudDestructive},
		{"terraform workspace delete --force staging", CloudDestructive},
		{"terraform workspace list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraClusterAndCloudTeardown: README's heldout7 calls: "a node
// drained … cloud-destructive, as `kubectl delete` is", "`vault operator
// raft snapshot restore` database-destructive", "`vault operator seal`
// … disk-system", "a log retention that deletes older events is
// cloud-destructive"; s0387 (docker-machine ssh running docker swarm
// leave -f), s0395, s0416, s0605, s1031 (aws-nuke --no-dry-run), s1063,
// s1111 (recreate-instances). Members from the tools' references: docker
// node update --availability drain (swarm moves every task off);
// docker-machine ssh NAME CMD runs CMD on the machine (as ssh);
// gcloud compute instance-groups managed recreate-instances and
// rolling-action replace, az vm|vmss reimage (a VM's disk recreated);
// aws-nuke, azure-nuke and gcp-nuke delete only with --no-dry-run,
// cloud-nuke aws|gcp deletes unless --dry-run; vault operator seal and
// raft snapshot restore; aws logs put-retention-policy, gcloud logging
// buckets update --retention-days, az monitor log-analytics workspace
// update --retention-time. Listing, pausing, saving a snapshot,
// unsealing and the nuke tools' default dry runs are everyday.
func TestInfraClusterAndCloudTeardown(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout7's labelled lines.
		{`docker node update --availability drain worker-1`, CloudDestructive},
		{`docker-machine ssh myvm1 "docker swarm leave -f"`, CloudDestructive},
		{`gcloud compute instance-groups managed recreate-instances show --instances web --zone us-central1-a`, CloudDestructive},
		{`./aws-nuke -c nuke-config.yml --no-dry-run # Will perform delete operation`, CloudDestructive},
		{`vault operator raft snapshot restore backup.snap`, DatabaseDestructive},
		{`vault operator seal`, DiskSystem},
		{`aws logs put-retention-policy --log-group-name /app/api --retention-in-days 30`, CloudDestructive},
		// The same forms from the references.
		{`docker node update --availability=drain worker-1`, CloudDestructive},
		{`docker-machine ssh manager1 docker node rm worker-1`, CloudDestructive},
		{`docker-machine ssh myvm1 "rm -rf ~/data"`, DestructiveDelete},
		{`gcloud compute instance-groups managed rolling-action replace web --zone us-central1-a`, CloudDestructive},
		{`az vmss reimage -g production -n web`, CloudDestructive},
		{`az vm reimage -g production -n web`, CloudDestructive},
		{`aws-nuke run --config nuke-config.yml --no-dry-run`, CloudDestructive},
		{`azure-nuke run --config azure.yml --no-dry-run`, CloudDestructive},
		{`gcp-nuke run --config gcp.yml --no-dry-run --no-prompt`, CloudDestructive},
		{`cloud-nuke aws --region us-east-1`, CloudDestructive},
		{`cloud-nuke gcp`, CloudDestructive},
		{`vault operator raft snapshot restore -force backup.snap`, DatabaseDestructive},
		{`gcloud logging buckets update _Default --location global --retention-days 7`, CloudDestructive},
		{`az monitor log-analytics workspace update -g production -n logs --retention-time 30`, CloudDestructive},
		// Everyday: reads, pauses, saves and dry runs.
		{`docker node update --availability active worker-1`, ""},
		{`docker node update --availability pause worker-1`, ""},
		{`docker node ls`, ""},
		{`docker-machine ssh myvm1 "docker node ls"`, ""},
		{`docker-machine ls`, ""},
		{`gcloud compute instance-groups managed list-instances web --zone us-central1-a`, ""},
		{`gcloud compute instance-groups managed describe web --zone us-central1-a`, ""},
		{`az vmss list -g production`, ""},
		{`./aws-nuke -c nuke-config.yml`, ""},
		{`aws-nuke run --config nuke-config.yml`, ""},
		{`cloud-nuke aws --dry-run`, ""},
		{`cloud-nuke inspect-aws`, ""},
		{`vault operator raft snapshot save backup.snap`, ""},
		{`vault operator unseal`, ""},
		{`vault status`, ""},
		{`aws logs describe-log-groups`, ""},
		{`gcloud logging buckets list --location global`, ""},
		{`gcloud logging buckets update _Default --location global --description logs`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraAzureDeploymentRecords: an Azure deployment is the record of
// one template's deployment; az deployment group|sub|mg|tenant delete and
// the older az group deployment delete remove that record, not the
// resources it made (az deployment's reference; README, heldout7's
// s1106, everyday). What deletes resources stays: az group delete, az
// resource delete, and a deployment in Complete mode, which deletes the
// group's resources its template does not name (az deployment group
// create --mode Complete).
func TestInfraAzureDeploymentRecords(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`az deployment group delete --resource-group production --name current`, ""},
		{`az deployment sub delete --name current`, ""},
		{`az deployment mg delete --management-group-id mg1 --name current`, ""},
		{`az deployment tenant delete --name current`, ""},
		{`az group deployment delete -g production -n current`, ""},
		{`az deployment group list -g production`, ""},
		{`az deployment group create -g production --template-file main.bicep`, ""},
		{`az group delete --name production --yes`, CloudDestructive},
		{`az resource delete --ids /subscriptions/1/resourceGroups/rg/providers/Microsoft.Web/sites/api`, CloudDestructive},
		{`az deployment group create -g production --template-file main.bicep --mode Complete`, CloudDestructive},
		{`az group deployment create -g production --template-file t.json --mode Complete`, CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionTerraformWorkingDir: Terraform's docs, "Initialize the
// working directory": terraform init downloads providers and modules into
// .terraform (and Terragrunt's cache into .terragrunt-cache); removing it
// loses nothing init does not fetch again. The state itself
// (terraform.tfstate, its backups) is not in it; removing other folders
// of the project stays destructive-delete.
func TestPrecisionTerraformWorkingDir(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`rm -rf modules/`, DestructiveDelete},
		{`rm -rf ~/infra`, DestructiveDelete},
		// Everyday.
		{`rm -rf .terraform`, ""},
		{`rm -rf infra/.terraform/`, ""},
		{`rm -rf .terragrunt-cache`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
