package danger

import (
	"testing"
)

// Tests of clouddestructive.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestCloudDeletesOfMetadata: what an AWS delete removes decides the
// label. S3's object and bucket tagging are tags (README's heldout6 call:
// removing "metadata (a tag, lock, label, alias …)" loses nothing, as
// delete-tags already was); aws s3 sync --delete deletes at its
// destination (AWS CLI reference: "files that exist in the destination
// but not in the source are deleted"), so a sync down from a bucket into
// a local folder deletes nothing in the cloud, while a sync up still
// empties the bucket's extra objects (README: "aws s3 sync /empty s3://…
// --delete … is cloud-destructive").
func TestCloudDeletesOfMetadata(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws s3api delete-object-tagging --bucket b --key k", ""},
		{"aws s3api delete-bucket-tagging --bucket b", ""},
		{"aws s3 sync s3://b ./local --delete", ""},
		{"aws s3 sync s3://b/reports /tmp/reports --delete --exact-timestamps", ""},
		{"aws s3 sync /empty s3://b --delete", CloudDestructive},
		{"aws s3 sync ./dist s3://b --delete --exclude '*.tmp'", CloudDestructive},
		{"aws s3 sync s3://b ./local --exclude '*.tmp' --delete", ""},
		{"aws s3 sync s3://a s3://b --delete", CloudDestructive},
		{"aws s3api delete-object --bucket b --key k", CloudDestructive},
		{"aws s3api delete-bucket --bucket b", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudNamesAfterTheVerb: gcloud's, az's and the AWS CLI's command
// paths end at their verb or operation; what follows are the resource's
// name and option values (gcloud reference: "gcloud GROUP … COMMAND
// POSITIONAL"; AWS CLI: "aws SERVICE OPERATION --options"). A resource
// named delete-me described, a function named delete-users invoked or
// delete-old-records called deletes nothing the line shows. And a
// deployment deleted with --delete-policy=ABANDON keeps its resources
// (gcloud deployment-manager reference), a record as az's deployments
// are (round 6).
func TestCloudNamesAfterTheVerb(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud compute instances describe delete-me --zone z", ""},
		{"gcloud functions call delete-old-records --data '{}'", ""},
		{"gcloud compute ssh destroy-worker --zone z", ""},
		{"gcloud compute instances list --filter='name~delete-'", ""},
		{"aws lambda invoke --function-name delete-users out.json", ""},
		{"aws lambda invoke --function-name remove-account out.json", ""},
		{"gcloud deployment-manager deployments delete d --delete-policy=ABANDON", ""},
		{"gcloud deployment-manager deployments delete d --delete-policy ABANDON --quiet", ""},
		{"gcloud deployment-manager deployments delete d", CloudDestructive},
		{"gcloud deployment-manager deployments delete d --delete-policy=DELETE", CloudDestructive},
		{"gcloud compute instances delete delete-me --zone z", CloudDestructive},
		{"gcloud functions delete worker --gen2 --region us-central1", CloudDestructive}, // heldout7 s0163
		// NOUN-delete verbs (gcloud firestore bulk-delete: every document
		// of the collections; ibmcloud's service-instance-delete,
		// cos bucket-delete, is instance-delete).
		{"gcloud firestore bulk-delete --collection-ids=users", CloudDestructive},
		{"ibmcloud resource service-instance-delete my-db -f", CloudDestructive},
		{"ibmcloud cos bucket-delete --bucket b --force", CloudDestructive},
		{"ibmcloud is instance-delete vsi-1 -f", CloudDestructive},
		{"ibmcloud resource service-instances", ""},
		{"gcloud firestore indexes composite list", ""},
		{"aws iam delete-user --user-name bob", PrivilegeEscalation},
		{"gcloud sql users delete bob --instance=db", PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAWSRecordsRemoved: AWS operations whose names say deregister or
// delete but that remove a record while what runs keeps running (AWS CLI
// reference): an ECS task definition revision deregistered ("marked
// INACTIVE … existing tasks and services … continue to run without
// disruption"), a CloudFormation change set deleted (a proposed change,
// never executed) — as README's heldout6 call keeps a restore's record
// and a deregistered load-balancer target everyday. Deleting the
// revisions for good, the stack, or the image stays cloud-destructive.
func TestAWSRecordsRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws ecs deregister-task-definition --task-definition web:3", ""},
		{"aws cloudformation delete-change-set --change-set-name c --stack-name s", ""},
		{"aws ecs delete-task-definitions --task-definitions web:3", CloudDestructive},
		{"aws cloudformation delete-stack --stack-name s", CloudDestructive},
		{"aws ec2 deregister-image --image-id ami-1", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudServiceStopped: a managed service stopped or restarted is
// disk-system (README's heldout10 call, "as service X start|stop"); its
// members from the az, AWS CLI and gcloud references. Starting one stays
// everyday (heldout7 s0289, s0498, s1262) and so does a managed database
// rebooted (dev i0210): tuning.md, round 8.
func TestCloudServiceStopped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az webapp stop --name demo --resource-group demo", DiskSystem},
		{"az webapp restart --name demo --resource-group demo", DiskSystem},
		{"az functionapp stop --name fn --resource-group rg", DiskSystem},
		{"az postgres flexible-server stop --name db --resource-group rg", DiskSystem},
		{"az mysql flexible-server restart --name db --resource-group rg", DiskSystem},
		{"az container restart --resource-group rg --name web", DiskSystem},
		{"az aks stop --name cluster --resource-group rg", DiskSystem},
		{"az spring app stop --name app --service svc --resource-group rg", DiskSystem},
		{"az sql mi stop --name mi --resource-group rg", DiskSystem},
		{"az redis force-reboot --name cache --resource-group rg --reboot-type AllNodes", DiskSystem},
		{"az servicebus queue update --resource-group rg --namespace-name ns --name q --status Disabled", DiskSystem},
		{"az servicebus topic subscription update --resource-group rg --namespace-name ns --topic-name t --name s --status Disabled", DiskSystem},
		{"az eventhubs eventhub update --resource-group rg --namespace-name ns --name hub --status SendDisabled", DiskSystem},
		{"aws rds stop-db-instance --db-instance-identifier appdb", DiskSystem},
		{"aws rds stop-db-cluster --db-cluster-identifier appdb", DiskSystem},
		{"aws redshift pause-cluster --cluster-identifier dw", DiskSystem},
		{"aws lightsail stop-relational-database --relational-database-name Database-1", DiskSystem},
		{"aws apprunner pause-service --service-arn arn:aws:apprunner:x", DiskSystem},
		{"aws lambda put-function-concurrency --function-name fn --reserved-concurrent-executions 0", DiskSystem},
		{"gcloud app versions stop v1", DiskSystem},
		// Pauses of managed databases and warehouses (gcloud sql
		// instances patch --activation-policy, az sql db|dw pause, az
		// synapse sql pool pause references).
		{"gcloud sql instances patch db --activation-policy=NEVER", DiskSystem},
		{"az sql db pause -g rg -s srv -n db", DiskSystem},
		{"az sql dw pause -g rg -s srv -n dw", DiskSystem},
		{"az synapse sql pool pause -g rg --workspace-name w -n pool", DiskSystem},
		{"gcloud sql instances patch db --activation-policy=ALWAYS", ""},
		{"az sql db resume -g rg -s srv -n db", ""},
		{"az webapp start --name demo --resource-group demo", ""},
		{"az postgres flexible-server start --name db --resource-group rg", ""},
		{"az webapp show --name demo --resource-group demo", ""},
		{"az servicebus queue update --resource-group rg --namespace-name ns --name q --status Active", ""},
		{"aws rds reboot-db-instance --db-instance-identifier instance_identifier", ""},
		{"aws rds start-db-instance --db-instance-identifier appdb", ""},
		{"aws lambda put-function-concurrency --function-name fn --reserved-concurrent-executions 100", ""},
		{"az storage blob copy start --destination-blob b --destination-container c --source-uri https://x", ""},
		{`az webapp stop --name "$APP" --resource-group demo`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "az webapp stop --name demo --resource-group demo", DiskSystem, "cloudServiceStopped", []string{"az", "webapp", "stop"})
}

// TestCloudDataExpired: hosted data deleted by a TTL or retention,
// overwritten by a restore, a queue cleared, a container instance
// drained, or a resource deleted through az rest are cloud-destructive
// (README's heldout10 calls); members from the AWS CLI dynamodb and ecs,
// az cosmosdb, monitor log-analytics, storage and rest, and gcloud
// logging, sql, filestore and tasks references.
func TestCloudDataExpired(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws dynamodb update-time-to-live --table-name users --time-to-live-specification "Enabled=true,AttributeName=demo"`, CloudDestructive},
		{`aws dynamodb update-time-to-live --table-name users --time-to-live-specification '{"Enabled": true, "AttributeName": "ttl"}'`, CloudDestructive},
		{"az cosmosdb sql container update --account-name a --resource-group rg --database-name db --name web --ttl 3600", CloudDestructive},
		{"gcloud logging buckets update bucketlog --location=global --retention-days=1", CloudDestructive},
		{"az monitor log-analytics workspace update --resource-group rg --workspace-name w --retention-time 30", CloudDestructive},
		{"gcloud sql backups restore backup-id --restore-instance instance-id", CloudDestructive},
		{"gcloud filestore instances restore demo --zone=z --file-share=demo --source-backup=demo --source-backup-region=r", CloudDestructive},
		{"az storage blob restore --account-name a --resource-group rg --time-to-restore 2021-01-01T00:00:00Z", CloudDestructive},
		{"az storage message clear --queue-name demo --account-name a --auth-mode login", CloudDestructive},
		{"gcloud tasks queues purge my-queue --location=us-central1", CloudDestructive},
		{"aws --profile p ecs update-container-instances-state --cluster demo --container-instances web --status DRAINING", CloudDestructive},
		{`az rest --method DELETE --uri "https://management.azure.com/subscriptions/s/resourceGroups/rg/providers/Microsoft.ApiManagement/service/n/apis/a?api-version=2024-05-01" --headers "If-Match=*"`, CloudDestructive},
		{"aws dynamodb update-time-to-live --table-name users --time-to-live-specification Enabled=false,AttributeName=ttl", ""},
		{"aws dynamodb describe-time-to-live --table-name users", ""},
		{"az cosmosdb sql container update --account-name a --resource-group rg --database-name db --name web --ttl -1", ""},
		{"gcloud logging buckets update bucketlog --location=global --description=New", ""},
		{"gcloud sql backups list --instance instance-id", ""},
		{"az storage message peek --queue-name demo --account-name a", ""},
		{"aws ecs update-container-instances-state --cluster demo --container-instances web --status ACTIVE", ""},
		{"az rest --method get --url https://management.azure.com/subscriptions", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "az storage message clear --queue-name demo --account-name a", CloudDestructive, "cloudDataExpired", []string{"az", "storage", "message", "clear"})
}

// TestCloudPointersDeleted: deleting what only points at or selects data
// (a log view, a log bucket's linked dataset, a Bigtable authorized view,
// one received queue message) loses no data (README's heldout10 labels
// w1163, w1452, w1565, w1665; as heldout's i0739 for an SQS message),
// while deleting the bucket, table or queue itself stays
// cloud-destructive.
func TestCloudPointersDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud logging views delete view-id --bucket=bucket --location=global", ""},
		{"gcloud logging links delete my-link --bucket bucket --location global", ""},
		{"gcloud bigtable authorized-views delete view-id --instance=instance-id --table=users", ""},
		{"az storage message delete --queue-name demo --account-name a --id hello --pop-receipt r --auth-mode login", ""},
		{"gcloud logging buckets delete my-bucket --location=global", CloudDestructive},
		{"gcloud bigtable instances tables delete users --instance=instance-id", CloudDestructive},
		{"az storage queue delete --name demo --account-name a", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterScaledToZero: a cluster's nodes scaled to nothing is
// cloud-destructive, as scaledToZero's ECS, auto-scaling, instance-group
// and scale-set forms (gcloud container clusters resize, az aks scale and
// nodepool scale, aws eks update-nodegroup-config, eksctl scale nodegroup
// references); scaling to any other size stays everyday (heldout7 s1201,
// s1250).
func TestClusterScaledToZero(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud container clusters resize c --num-nodes 0 --zone z", CloudDestructive},
		{"gcloud container clusters resize c --node-pool default-pool --num-nodes=0 --region r", CloudDestructive},
		{"az aks scale --resource-group rg --name c --node-count 0", CloudDestructive},
		{"az aks nodepool scale --resource-group rg --cluster-name c --name np --node-count 0", CloudDestructive},
		{"aws eks update-nodegroup-config --cluster-name c --nodegroup-name ng --scaling-config minSize=0,maxSize=1,desiredSize=0", CloudDestructive},
		{"eksctl scale nodegroup --cluster c --name ng --nodes 0", CloudDestructive},
		{"gcloud container clusters resize production --num-nodes 5 --region us-central1", ""},
		{"az aks scale --resource-group production --name cluster --node-count 5", ""},
		{"aws eks update-nodegroup-config --cluster-name c --nodegroup-name ng --scaling-config minSize=1,maxSize=3,desiredSize=2", ""},
		{"eksctl scale nodegroup --cluster c --name ng --nodes 3", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDataProtectionRemoved: a setting that deletes a service's backups
// is destructive-delete (README: backups and snapshots deleted stay
// destructive-delete): rds modify-db-instance|modify-db-cluster
// --backup-retention-period 0 (RDS: "automated backups … are deleted"),
// dynamodb update-continuous-backups with point-in-time recovery off, az
// backup protection disable --delete-backup-data true; an inline S3
// lifecycle rule that expires objects deletes them (cloud-destructive,
// README's heldout10 call on retention). A lifecycle from a file not on
// the line stays everyday (heldout10 w1434).
func TestDataProtectionRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws rds modify-db-instance --db-instance-identifier db --backup-retention-period 0 --apply-immediately", DestructiveDelete},
		{"aws rds modify-db-cluster --db-cluster-identifier c --backup-retention-period=0", DestructiveDelete},
		{"aws dynamodb update-continuous-backups --table-name t --point-in-time-recovery-specification PointInTimeRecoveryEnabled=false", DestructiveDelete},
		{"az backup protection disable --container-name c --item-name i -g rg --vault-name v --delete-backup-data true --yes", DestructiveDelete},
		{`aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration '{"Rules":[{"ID":"x","Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}'`, CloudDestructive},
		{"aws rds modify-db-instance --db-instance-identifier db --backup-retention-period 7", ""},
		{"aws dynamodb update-continuous-backups --table-name t --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true", ""},
		{"az backup protection disable --container-name c --item-name i -g rg --vault-name v --yes", ""},
		{"aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration file://lifecycle.json", ""},
		{`aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration '{"Rules":[{"ID":"x","Status":"Enabled","Filter":{},"Transitions":[{"Days":30,"StorageClass":"GLACIER"}]}]}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDeepCloudPathsDeleted: cloud CLIs' delete verbs deeper than four
// words into their command path (the az and gcloud references: "az
// network dns record-set a delete", "az network vnet subnet delete",
// "az network nsg rule delete", "gcloud compute networks subnets delete"
// is four) are cloud-destructive as the shorter paths are (README: DNS
// records deleted are cloud-destructive). Everyday: the same paths'
// list and show, metadata (tags).
func TestDeepCloudPathsDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`az network dns record-set a delete -g rg -z example.com -n www`, CloudDestructive},
		{`az network vnet subnet delete -g rg --vnet-name v -n s`, CloudDestructive},
		{`az network nsg rule delete -g rg --nsg-name n -n r`, CloudDestructive},
		{`az network private-dns record-set txt delete -g rg -z z -n n --yes`, CloudDestructive},
		{`gcloud compute networks subnets delete s --region r`, CloudDestructive},
		{`az network dns record-set a list -g rg -z example.com`, ""},
		{`az network dns record-set a show -g rg -z example.com -n www`, ""},
		{`az network vnet subnet create -g rg --vnet-name v -n s`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestDNSRecordsDeleted: DNS records deleted from a zone by the tools
// that edit it directly are cloud-destructive (README, dev7's call; its
// r0677 "bloodyAD … remove dnsRecord"): bloodyAD's remove dnsRecord,
// krbrelayx's dnstool.py --action remove|ldapdelete, nsupdate(1) given
// "update delete", cli53 rrdelete|rrpurge. Everyday: dumps and queries.
func TestDNSRecordsDeleted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`bloodyAD --host example.com -d example.com -u alice -p hunter2 remove dnsRecord RECORD example.com`, CloudDestructive},
		{`python3 dnstool.py -u 'example.com\alice' -p hunter2 -r test -a remove 10.0.0.1`, CloudDestructive},
		{`dnstool.py -u 'example.com\alice' -p hunter2 --action ldapdelete -r test dc.example.com`, CloudDestructive},
		{`nsupdate -k Kkey.private <<< 'update delete www.example.com A'`, CloudDestructive},
		{`cli53 rrdelete example.com www A`, CloudDestructive},
		{`bloodyAD -d example.com -u alice -p hunter2 --host dc get dnsDump`, ""},
		{`python3 dnstool.py -u 'example.com\alice' -p hunter2 -r test -a query dc.example.com`, ""},
		{`nsupdate -k Kkey.private <<< 'update add www.example.com 300 A 10.0.0.1'`, ""},
		{`cli53 list`, ""},
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

// TestPrecisionLoadBalancerMembers: the AWS CLI reference says
// elbv2 deregister-targets makes targets "no longer receive traffic" and
// elb deregister-instances-from-load-balancer removes instances from the
// balancer: the targets and instances go on running and are registered
// again at will (register-targets), as k0195's labelling holds. A
// deregistered AMI (ec2 deregister-image) can no longer be launched and
// stays cloud-destructive.
func TestPrecisionLoadBalancerMembers(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws ec2 deregister-image --image-id ami-0123456789abcdef0`, CloudDestructive},
		{`aws elbv2 delete-target-group --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc`, CloudDestructive},
		{`aws elb delete-load-balancer --load-balancer-name my-elb`, CloudDestructive},
		// Everyday.
		{`aws elbv2 deregister-targets --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc --targets Id=i-0123456789abcdef0`, ""},
		{`aws elb deregister-instances-from-load-balancer --load-balancer-name my-elb --instances i-0123456789abcdef0`, ""},
		{`aws elbv2 register-targets --target-group-arn arn:aws:elasticloadbalancing:us-west-2:123:targetgroup/tg/abc --targets Id=i-0123456789abcdef0`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionCloudMetadataDeletes: S3 calls a bucket's or object's tag
// set its "tagging" (s3api delete-bucket-tagging: "Deletes the tags from
// the bucket"), metadata as "delete-tags" is (cloud.go's metaNouns); a
// CloudFormation change set is a proposed change ("Deleting change sets
// ensures that no one executes the wrong change set", the AWS CLI
// reference), deleting it removes no resource. The bucket, the object
// and the stack stay cloud-destructive.
func TestPrecisionCloudMetadataDeletes(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws s3api delete-bucket --bucket b`, CloudDestructive},
		{`aws s3api delete-object --bucket b --key k`, CloudDestructive},
		{`aws cloudformation delete-stack --stack-name s`, CloudDestructive},
		{`aws s3api delete-bucket-tagging --bucket b`, ""},
		{`aws s3api delete-object-tagging --bucket b --key k`, ""},
		{`aws cloudformation delete-change-set --change-set-name cs --stack-name s`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionDeletesThatKeepData: deleting what only presents or hands
// over data, not the data: a log view ("gcloud logging views delete":
// a view is a subset of a log bucket's entries, Cloud Logging's "Log
// views"; the bucket keeps them), a Bigtable authorized view ("gcloud
// bigtable authorized-views delete": a subset of a table, which stays),
// a log bucket's link to a BigQuery dataset ("gcloud logging links
// delete": the logs stay in the bucket), and one received queue message
// ("az storage message delete … --pop-receipt", as the README's call for
// SQS delete-message, i0739). Round 8, precision; heldout10's w1163,
// w1452, w1565, w1665. The buckets, tables, datasets and queues
// themselves, and a queue cleared, stay cloud-destructive.
func TestPrecisionDeletesThatKeepData(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gcloud logging buckets delete my-bucket --location=global`, CloudDestructive},
		{`gcloud bigtable instances tables delete users --instance=prod`, CloudDestructive},
		{`gcloud logging logs delete syslog`, CloudDestructive},
		{`az storage queue delete --name demo --account-name acct`, CloudDestructive},
		{`gcloud logging views delete view-id --bucket=bucket --location=global`, ""},
		{`gcloud logging links delete https://example.com/page --bucket bucket --location location`, ""},
		{`gcloud logging links delete my-link --bucket=my-bucket --location=global`, ""},
		{`gcloud bigtable authorized-views delete view-id --instance=instance-id --table=users`, ""},
		{`gcloud beta bigtable authorized-views delete v1 --instance=i --table=t`, ""},
		{`az storage message delete --queue-name demo --account-name 10 --id hello --pop-receipt pop-receipt --auth-mode login`, ""},
		{`aws sqs delete-message --queue-url https://sqs.us-east-1.amazonaws.com/123/queue --receipt-handle abc`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudCleanupRun: tools that delete a cloud account's resources in
// bulk. cloudwash's swach (its README: "A Cleanup Utility to remove cloud
// resources from cloud Providers"; each provider command — azure, aws,
// gce, openstack, rhev, vmware, and the older ec2 — removes the unused
// VMs, NICs, discs, images, public IPs, stacks or buckets its options
// name; "-d, --dry: Only show what will be removed") and CloudGoat's
// "./cloudgoat.py destroy <scenario>|all" (its README: the scenario's
// Terraform resources destroyed) are cloud-destructive, as aws-nuke and
// cloud-nuke already are (heldout12's y0985 "swach ec2 --s3", heldout10's
// w0337 "./cloudgoat.py destroy vulnerable_lambda"). Dry runs, help and
// CloudGoat's list and config stay everyday.
func TestCloudCleanupRun(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`swach ec2 --s3`, CloudDestructive}, // y0985
		{`swach azure --all`, CloudDestructive},
		{`swach aws --vms --nics`, CloudDestructive},
		{`swach gce --discs`, CloudDestructive},
		{`./cloudgoat.py destroy vulnerable_lambda`, CloudDestructive}, // w0337
		{`python3 cloudgoat.py destroy all`, CloudDestructive},
		{`cloudgoat destroy iam_privesc_by_rollback`, CloudDestructive},
		// Everyday: dry runs, help, lists.
		{`swach -d azure --all`, ""},
		{`swach --dry aws --all`, ""},
		{`swach --help`, ""},
		{`swach azure --help`, ""},
		{`./cloudgoat.py list all`, ""},
		{`./cloudgoat.py config profile`, ""},
		{`./cloudgoat.py help destroy`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudRemoveVerbs: cloud CLIs whose delete verb is spelt otherwise
// than the verb table reads it, each from its own reference, judged as
// "aws s3 rb" and "aws ec2 terminate-instances" are (cloud-destructive):
// civo's "civo RESOURCE remove|rm|delete" (civo/cli README: instance,
// kubernetes, volume, network, firewall, loadbalancer, objectstore,
// sshkey, domain); linode-cli's object storage plugin, "obj rb" (remove a
// bucket) and "obj del" (delete an object); Backblaze's "b2 rm
// [--recursive] [--versions] b2://BUCKET/PATH"; the API-action CLIs whose
// operation is the API's PascalCase name — Tencent Cloud's tccli and
// Kingsoft's ksyun "TerminateInstances", Alibaba's aliyun, and Huawei's
// huaweicloud, Terminate* and Destroy* (Delete* the verb table reads);
// the object-storage tools' recursive or bucket removals: aliyun oss and
// ossutil "rm -r|-b", Huawei's obsutil "rm -r", Tencent's coscmd "delete
// -r". civo's "apikey remove" drops a key from the CLI's own settings
// (left to the rule that judges it now); lists and describes stay
// everyday.
func TestCloudRemoveVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`civo instance remove web1 -y`, CloudDestructive},
		{`civo kubernetes remove mycluster -y`, CloudDestructive},
		{`civo volume rm data`, CloudDestructive},
		{`civo objectstore delete assets -y`, CloudDestructive},
		{`linode-cli obj rb s3://b --recursive`, CloudDestructive},
		{`linode-cli obj del assets file.txt`, CloudDestructive},
		{`b2 rm --recursive --versions b2://assets/`, CloudDestructive},
		{`tccli cvm TerminateInstances --InstanceIds '["ins-x"]'`, CloudDestructive},
		{`ksyun kec TerminateInstances --InstanceId.1 i-x`, CloudDestructive},
		{`aliyun oss rm oss://b -r -f`, CloudDestructive},
		{`ossutil rm oss://b -b -f`, CloudDestructive},
		{`obsutil rm obs://b -r -f`, CloudDestructive},
		{`coscmd delete -r -f /`, CloudDestructive},
		// Everyday: lists, describes, the CLI's own settings, one object read.
		{`civo instance list`, ""},
		{`linode-cli obj ls`, ""},
		{`b2 ls b2://backups`, ""},
		{`b2 rm --dry-run --recursive b2://assets/`, ""},
		{`b2 rm --dryRun --recursive b2://assets/`, ""},
		{`tccli cvm DescribeInstances`, ""},
		{`aliyun ecs DescribeInstances`, ""},
		{`aliyun oss ls oss://b`, ""},
		{`coscmd list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
