package danger

import "testing"

// TestInfraCloudFirewallRules: a cloud's firewall rules (security groups,
// network ACLs, NSG rules, firewall-rules, WAF conditions) changed are
// disk-system, as the machine's own firewall is (README, heldout7's
// judgement calls: "cloud firewall rules (security groups, NSG rules, `vm
// open-port`, `firewall-rules create`, WAF sets) are disk-system";
// heldout7's s0141, s0446, s0850, s0863, s1021, s1023, s1189). The forms
// are the verbs the CLIs' references give for changing a rule: aws ec2
// authorize|revoke-security-group-ingress|egress, modify-security-group-rules,
// create|replace-network-acl-entry, modify-instance-attribute --groups;
// elbv2 set-security-groups, elb apply-security-groups-to-load-balancer;
// waf and waf-regional update-*, wafv2 update-ip-set|web-acl|rule-group,
// associate|disassociate-web-acl; lightsail open|put|close-instance-public-ports;
// az network nsg rule create|update, az vm open-port, az network firewall
// *-rule create, az sql|postgres|mysql server firewall-rule create|update;
// gcloud compute firewall-rules create|update, security-policies rules
// create|update. Reading them (describe, list, show, get) and a new empty
// security group (heldout7's s1105, everyday) change no rule.
func TestInfraCloudFirewallRules(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout7's labelled lines.
		{`aws ec2 authorize-security-group-ingress --group-id sg-123 --protocol tcp --port 443 --cidr 10.0.0.0/8`, DiskSystem},
		{`az network nsg rule create --resource-group production --nsg-name web --name allow-ssh --priority 100 --access Allow`, DiskSystem},
		{`gcloud compute firewall-rules create allow-ssh --network main --allow tcp:22`, DiskSystem},
		{`az vm open-port --resource-group production --name web --port 22`, DiskSystem},
		{`aws elbv2 set-security-groups --load-balancer-arn arn:aws:elasticloadbalancing:us-west-2:123456789012:loadbalancer/app/lb/50dc --security-groups sg-5943793c`, DiskSystem},
		{`aws waf update-ip-set --ip-set-id a123 --change-token 12cs --updates Action="INSERT",IPSetDescriptor={Type="IPV4",Value="12.34.56.78/16"}`, DiskSystem},
		{`aws waf update-byte-match-set --byte-match-set-id a123 --change-token 12cs --updates Action="DELETE",ByteMatchTuple={FieldToMatch={Type="HEADER",Data="referer"}}`, DiskSystem},
		// The same verbs from the CLIs' references (aws ec2, elb, waf,
		// wafv2, lightsail; az network nsg rule, az network firewall, az
		// sql server firewall-rule; gcloud compute firewall-rules,
		// security-policies rules).
		{`aws ec2 authorize-security-group-egress --group-id sg-1 --ip-permissions IpProtocol=-1,IpRanges=[{CidrIp=0.0.0.0/0}]`, DiskSystem},
		{`aws ec2 revoke-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 10.0.0.0/8`, DiskSystem},
		{`aws ec2 revoke-security-group-egress --group-id sg-1 --ip-permissions IpProtocol=-1`, DiskSystem},
		{`aws ec2 modify-security-group-rules --group-id sg-1 --security-group-rules SecurityGroupRuleId=sgr-1,SecurityGroupRule={IpProtocol=tcp,FromPort=22,ToPort=22,CidrIpv4=0.0.0.0/0}`, DiskSystem},
		{`aws ec2 create-network-acl-entry --network-acl-id acl-1 --ingress --rule-number 100 --protocol -1 --cidr-block 0.0.0.0/0 --rule-action allow`, DiskSystem},
		{`aws ec2 replace-network-acl-entry --network-acl-id acl-1 --ingress --rule-number 100 --protocol -1 --cidr-block 0.0.0.0/0 --rule-action allow`, DiskSystem},
		{`aws ec2 modify-instance-attribute --instance-id i-1 --groups sg-1 sg-2`, DiskSystem},
		{`aws elb apply-security-groups-to-load-balancer --load-balancer-name lb --security-groups sg-1`, DiskSystem},
		{`aws waf-regional update-web-acl --web-acl-id a --change-token t --default-action Type=ALLOW`, DiskSystem},
		{`aws wafv2 update-ip-set --name ips --scope REGIONAL --id a --addresses 10.0.0.0/8 --lock-token t`, DiskSystem},
		{`aws wafv2 disassociate-web-acl --resource-arn arn:aws:elasticloadbalancing:us-east-1:1:loadbalancer/app/lb/1`, DiskSystem},
		{`aws lightsail open-instance-public-ports --instance-name web --port-info fromPort=22,toPort=22,protocol=TCP`, DiskSystem},
		{`aws lightsail put-instance-public-ports --instance-name web --port-infos fromPort=22,toPort=22,protocol=TCP`, DiskSystem},
		{`az network nsg rule update -g production --nsg-name web -n allow-ssh --access Allow`, DiskSystem},
		{`az network firewall network-rule create -g rg -f fw --collection-name c -n r --protocols TCP --source-addresses '*' --destination-addresses '*' --destination-ports 22`, DiskSystem},
		{`az sql server firewall-rule create -g rg -s srv -n all --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255`, DiskSystem},
		{`az postgres server firewall-rule update -g rg -s srv -n all --start-ip-address 0.0.0.0`, DiskSystem},
		{`gcloud compute firewall-rules update allow-ssh --source-ranges 0.0.0.0/0`, DiskSystem},
		{`gcloud compute security-policies rules create 1000 --security-policy edge --action allow --src-ip-ranges 0.0.0.0/0`, DiskSystem},
		// Everyday: reading the rules, and a new empty group (s1105, s0851).
		{`aws ec2 describe-security-groups --group-ids sg-1`, ""},
		{`aws ec2 describe-security-group-rules --security-group-rule-ids sgr-cdef01234567890ab`, ""},
		{`aws ec2 create-security-group --group-name api --description api`, ""},
		{`aws ec2 describe-network-acls`, ""},
		{`aws waf get-ip-set --ip-set-id a123`, ""},
		{`aws wafv2 list-ip-sets --scope REGIONAL`, ""},
		{`aws lightsail get-instance-port-states --instance-name web`, ""},
		{`az network nsg rule list -g production --nsg-name web`, ""},
		{`az network nsg rule show -g production --nsg-name web -n allow-ssh`, ""},
		{`az sql server firewall-rule list -g rg -s srv`, ""},
		{`gcloud compute firewall-rules list`, ""},
		{`gcloud compute firewall-rules describe allow-ssh`, ""},
		{`gcloud compute firewall-rules create --help`, ""},
		{`aws ec2 authorize-security-group-ingress help`, ""},
		{`az vm open-port --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `az vm open-port --resource-group production --name web --port 22`, DiskSystem, "cloudFirewallRules", []string{"az", "vm", "open-port"})
	explainRow(t, `gcloud compute firewall-rules create allow-ssh --network main --allow tcp:22`, DiskSystem, "cloudFirewallRules", []string{"gcloud", "compute", "firewall-rules", "create"})
}

// TestInfraGitDryRunParsed: git's option parser (parse-options) gives an
// option that takes a value the next word whatever it looks like, and
// reads a boolean's --no- form as turning it off again, the last one
// winning (README, heldout7's judgement call: "a flag that swallows the
// next one changes the outcome (`git clean -e --dry-run -f` cleans, `git
// push --push-option --dry-run --force` pushes, the last of `--dry-run
// --no-dry-run` wins)"; s0434, s1131, s1140, s1202). The options taking a
// value are git-push(1)'s -o/--push-option, --repo, --receive-pack,
// --exec and git-clean(1)'s -e/--exclude. git clean -i cleans what its
// menu picks without -f (git-clean(1): "refuse to delete … unless given
// -f or -i"; s0467, labelled by what it does once answered). A dry run
// that stays one, and an -e or -o whose value is no dry-run flag, stay
// everyday.
func TestInfraGitDryRunParsed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout7's labelled lines.
		{`git clean -e --dry-run -f`, GitDiscardWorktree},
		{`git clean --dry-run --no-dry-run -f`, GitDiscardWorktree},
		{`git push --push-option --dry-run --force origin main`, ForcePush},
		{`git push --dry-run --no-dry-run --force origin main`, ForcePush},
		{`git clean -i`, GitDiscardWorktree},
		// The same parse in the options' other spellings.
		{`git clean --exclude --dry-run -fd`, GitDiscardWorktree},
		{`git clean -e -n -f`, GitDiscardWorktree},
		{`git clean -n --no-dry-run -fdx`, GitDiscardWorktree},
		{`git clean --interactive -d`, GitDiscardWorktree},
		{`git push -o --dry-run -f origin main`, ForcePush},
		{`git push --receive-pack --dry-run --force origin main`, ForcePush},
		{`git push --exec -n --force origin main`, ForcePush},
		{`git push -n --no-dry-run --force origin main`, ForcePush},
		// Everyday: dry runs that stay dry runs, and -n as a real flag.
		{`git clean -n -f`, ""},
		{`git clean --dry-run -fd`, ""},
		{`git clean -f --no-dry-run --dry-run`, ""},
		{`git clean -e '*.log' --dry-run -f`, ""},
		{`git clean -e'*.log' -n -f`, ""},
		{`git clean --exclude=build -n -f`, ""},
		{`git clean -fdn`, ""},
		{`git push --dry-run --force origin main`, ""},
		{`git push -o ci.skip --dry-run --force origin main`, ""},
		{`git push --push-option=ci.skip -n --force origin main`, ""},
		{`git push --no-dry-run --dry-run --force origin main`, ""},
		{`git clean --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraImagePublish: an image built and pushed to a registry is
// package-publish, as docker push is (README, heldout7's call: "`docker
// compose build --push|push`, `helm push`, `az acr build`, `heroku
// container:push` … are package-publish"; s0036, s0520, s1256), in the
// forms the tools' references give: docker compose build --push
// ("push service images"), az acr build (pushes unless --no-push) and az
// acr import (an image copied into the registry, as skopeo copy), heroku
// container:push, gcloud builds submit --tag (Cloud Build runs docker
// build -t TAG and pushes it). A build that names no image pushes
// nothing: buildx refuses to push an unnamed image (s0011, s1269,
// everyday); a tag (-t, --tag) or an --output naming one pushes. A
// message published to a topic (aws sns publish|publish-batch, aws
// iot-data publish, redis-cli publish, gcloud pubsub topics publish) is
// no package (s0477, s0546, everyday).
func TestInfraImagePublish(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// heldout7's labelled lines.
		{`docker compose build --push`, PackagePublish},
		{`heroku container:push web worker --recursive`, PackagePublish},
		{`az acr build --registry images --image api:latest .`, PackagePublish},
		{`docker build --push .`, ""},
		{`docker buildx build --push .`, ""},
		{`aws sns publish --message "Hello world!" --phone-number +1-555-555-0100`, ""},
		// The same forms from the references.
		{`docker compose build --push api`, PackagePublish},
		{`docker-compose build --push`, PackagePublish},
		{`az acr build -r images -t api:v1 .`, PackagePublish},
		{`az acr import --name images --source docker.io/library/nginx:latest --image nginx:latest`, PackagePublish},
		{`heroku container:push web`, PackagePublish},
		{`gcloud builds submit --tag gcr.io/project/api:latest .`, PackagePublish},
		{`docker build --push -t acme/api:prod .`, PackagePublish},
		{`docker buildx build --push --tag=acme/api:prod .`, PackagePublish},
		{`docker buildx build -tacme/api --push .`, PackagePublish},
		{`docker buildx build --output type=registry,name=acme/api:prod .`, PackagePublish},
		{`docker buildx build --output=type=image,name=acme/api,push=true .`, PackagePublish},
		// Everyday: nothing named or nothing pushed, and messages.
		{`docker buildx build --output=type=registry .`, ""},
		{`docker build -f Dockerfile.prod --push .`, ""},
		{`docker compose build`, ""},
		{`az acr build --registry images --image api:latest --no-push .`, ""},
		{`az acr repository list --name images`, ""},
		{`heroku container:login`, ""},
		{`gcloud builds submit --config cloudbuild.yaml --help`, ""},
		{`aws sns publish --topic-arn arn:aws:sns:us-east-1:123456789012:alerts --message hi`, ""},
		{`aws sns publish-batch --topic-arn arn:aws:sns:us-east-1:1:t --publish-batch-request-entries Id=1,Message=hi`, ""},
		{`aws iot-data publish --topic t --payload x`, ""},
		{`redis-cli publish news hello`, ""},
		{`gcloud pubsub topics publish events --message hello`, ""},
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

// TestInfraToolImploded: a tool told to remove itself with everything it
// installed and its settings is destructive-delete (README, heldout7's
// call: "`chezmoi destroy|purge` and `mise implode` are
// destructive-delete"; s0849, s1089). From the tools' references: mise
// implode (and rtx implode, its former name) deletes mise, every tool it
// installed and its configuration; chezmoi purge deletes chezmoi's
// configuration, data and source folder; rustup self uninstall deletes
// rustup, every toolchain and ~/.cargo. One version uninstalled (pyenv
// uninstall, m1087, everyday), their dry runs and help stay everyday.
func TestInfraToolImploded(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`mise implode`, DestructiveDelete},
		{`chezmoi purge`, DestructiveDelete},
		{`mise implode --config`, DestructiveDelete},
		{`rtx implode`, DestructiveDelete},
		{`chezmoi purge --force`, DestructiveDelete},
		{`rustup self uninstall -y`, DestructiveDelete},
		// Everyday.
		{`mise implode --dry-run`, ""},
		{`mise implode -n`, ""},
		{`chezmoi purge --dry-run`, ""},
		{`chezmoi purge -n`, ""},
		{`chezmoi purge --help`, ""},
		{`mise uninstall node@20`, ""},
		{`rustup self update`, ""},
		{`rustup toolchain list`, ""},
		{`pyenv uninstall 1.2.3`, ""},
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

// TestInfraFindExecRegenerated: find's matches removed by -exec rm -r are
// the same files -delete removes, so the same exception holds: a find
// that selects only regenerated files by name (findsRegenerated: *.tmp,
// .DS_Store, core dumps) removes scratch (README, heldout7's call: "`find
// … -exec rm` of `*.tmp` files in the project removes scratch files
// (everyday, as `.DS_Store`)"; s0558). Any other name, another target
// beside {} and an expression with other tests stay marked.
func TestInfraFindExecRegenerated(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`find . -name '*.tmp' -exec rm -rf {} +`, ""},
		{`find . -name .DS_Store -exec rm -rf {} \;`, ""},
		{`find . -name '*.temp' -execdir rm -r {} +`, ""},
		{`find . -iname 'Thumbs.db' -exec rm -fr {} +`, ""},
		{`find . -name '*.tmp' -delete`, ""},
		{`find . -name '*.go' -exec rm -rf {} +`, DestructiveDelete},
		{`find . -name '*.tmp' -exec rm -rf {} ~/data \;`, DestructiveDelete},
		{`find . -name '*.tmp' -o -regex '.*' -exec rm -rf {} +`, DestructiveDelete},
		{`find . -type d -exec rm -rf {} +`, DestructiveDelete},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraRmOfLineVariable: a variable the line itself sets to a path
// ("H=$HOME; rm -rf \"$H\"") holds that path when rm runs: bash expands
// "$H", "${H}" and $H to the value assigned (tilde and $HOME expanded at
// the assignment), so rm's target is judged as that path (README,
// heldout7's s0465: "rm -rf of the home folder"). A variable set to a
// build-output or temporary folder stays everyday.
func TestInfraRmOfLineVariable(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`H=$HOME; rm -rf "$H"`, DestructiveDelete},
		{`D=/etc; rm -rf "$D"`, DestructiveDelete},
		{`D=~; rm -rf $D`, DestructiveDelete},
		{`T=/; rm -rf "${T}"`, DestructiveDelete},
		{`H="$HOME"; rm -rf "$H"`, DestructiveDelete},
		{`D=/tmp/build; rm -rf "$D"`, ""},
		{`D=dist; rm -rf "$D"`, ""},
		{`D=node_modules; rm -rf $D`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraHooksPathNull: core.hooksPath names the folder git runs hooks
// from (git-config(1)); /dev/null is no folder, so no hook runs: "git -c
// core.hooksPath=/dev/null commit" is a commit with hooks off, as commit
// -n (README, heldout7's s0415, everyday). The same key set through
// GIT_CONFIG_KEY_n lasts one command too; "git config" writes it for good
// (round 9b: git-hooks-config). Any other folder
// is hooks installed (git-hooks-config, danger_test's
// core.hooksPath=/tmp/h).
func TestInfraHooksPathNull(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`git -c core.hooksPath=/dev/null commit -m test`, ""},
		{`git -c core.hookspath=/dev/null push origin main`, ""},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/dev/null git commit -m x`, ""},
		// Round 9b: written to a configuration file, hooks stay off for
		// good (heldout12's y1354, families9b_test).
		{`git config core.hooksPath /dev/null`, GitHooksConfig},
		{`git -c core.hooksPath=/tmp/h commit -m x`, GitHooksConfig},
		{`git -c core.hooksPath=.githooks commit -m x`, GitHooksConfig},
		{`git config core.hooksPath .husky`, GitHooksConfig},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=/tmp/h git commit -m x`, GitHooksConfig},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraVBoxCloud: VBoxManage cloud drives a cloud provider's
// machines and images (the VirtualBox manual, "VBoxManage cloud"):
// instance terminate and image|network delete remove the cloud's
// resources (cloud-destructive, heldout3's k0296); instance reset
// restarts the machine (disk-system, as a VM reset); list, info, create
// and start change nothing lost.
func TestInfraVBoxCloud(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`VBoxManage cloud --provider=demo --profile=demo image delete --id=unique_id`, CloudDestructive},
		{`VBoxManage cloud --provider=OCI --profile=p instance terminate --id=ocid1.instance.x`, CloudDestructive},
		{`VBoxManage cloud --provider OCI --profile p network delete --name=n`, CloudDestructive},
		{`VBoxManage cloud --provider=OCI --profile=p instance reset --id=ocid1.instance.x`, DiskSystem},
		{`VBoxManage cloud --provider=OCI --profile=p list instances`, ""},
		{`VBoxManage cloud --provider=OCI --profile=p instance info --id=ocid1.instance.x`, ""},
		{`VBoxManage cloud --provider=OCI --profile=p instance start --id=ocid1.instance.x`, ""},
		{`VBoxManage cloud --provider=OCI --profile=p image info --id=x`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraEnrolledAndSyncedDeleted: heldout3's k0002 and k0116.
// fprintd-delete USER deletes the fingerprints USER enrolled (fprintd's
// manual; -f one finger), which cannot be read back; calcurse-caldav
// --init=keep-local removes every remote object before pushing the local
// items, --init=keep-remote every local item before importing (the
// calcurse-caldav manual); both destructive-delete. fprintd-list,
// fprintd-enroll and --init=two-way (copies both ways) lose nothing.
func TestInfraEnrolledAndSyncedDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`fprintd-delete alice`, DestructiveDelete},
		{`fprintd-delete alice -f right-index-finger`, DestructiveDelete},
		{`calcurse-caldav --init=keep-local`, DestructiveDelete},
		{`calcurse-caldav --init=keep-remote`, DestructiveDelete},
		{`calcurse-caldav --init keep-local`, DestructiveDelete},
		{`fprintd-list alice`, ""},
		{`fprintd-enroll alice`, ""},
		{`fprintd-delete --help`, ""},
		{`calcurse-caldav --init=two-way`, ""},
		{`calcurse-caldav`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestInfraRegistryChanged: the Windows registry is the machine's
// configuration, as /etc is: a key or value of HKLM added, deleted or
// restored with reg.exe (reg add|delete|restore; an import's keys are in
// its file, not on the line), and
// any key changed on a remote host with impacket's reg.py
// (add|delete; heldout's i0947, "deletes a registry key on a remote
// Windows host", disk-system) are disk-system. Queries (reg query,
// reg.py query, heldout6's q1073 everyday) and the user's own hive
// through reg.exe are left to the other rules.
func TestInfraRegistryChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`reg.py example.com/alice:hunter2@target delete -keyName 'HKLM\\SOFTWARE\\Example' -v demo`, DiskSystem},
		{`impacket-reg example.com/alice@target add -keyName 'HKLM\\SOFTWARE\\Example' -v demo -vt REG_SZ -vd 1`, DiskSystem},
		{`reg.py -hashes :abc example.com/alice@target add -keyName 'HKLM\\SYSTEM\\X' -v v -vd 1`, DiskSystem},
		{`reg delete 'HKLM\SOFTWARE\Example' /v demo /f`, DiskSystem},
		{`reg.exe add "HKLM\SOFTWARE\Policies\Example" /v Enabled /t REG_DWORD /d 0 /f`, DiskSystem},
		{`reg import HKLM_settings.reg`, ""},
		{`reg.py example.com/alice:hunter2@192.168.1.10 query -keyName HKLM\\SOFTWARE\\Policies\\Microsoft\\Windows -s`, ""},
		{`reg query 'HKLM\SOFTWARE\Example'`, ""},
		{`reg.py example.com/alice@target --help`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
