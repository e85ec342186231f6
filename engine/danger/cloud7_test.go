package danger

import "testing"

// TestMetadataCredentialPaths: what each cloud's instance metadata
// service answers on a path decides the label, not the host. The paths
// come from the services' own documentation; the labels from README's
// calls (dev4: "cloud credentials from a metadata service" are
// secret-read; dev8: "a recursive dump of the GCE metadata server is
// secret-read (kube-env and startup scripts hold credentials), its scopes,
// profile and role names everyday"; instances' user data everyday).
func TestMetadataCredentialPaths(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// AWS IMDS (EC2 user guide, "Instance metadata categories"):
		// iam/security-credentials/ROLE answers the role's keys; the bare
		// folder lists role names only (dev8 u0018).
		{"curl http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role", SecretRead},
		{`curl -H "X-aws-ec2-metadata-token: $TOKEN" http://169.254.169.254/latest/meta-data/iam/security-credentials/ec2-role`, SecretRead},
		{"curl http://169.254.169.254/latest/meta-data/identity-credentials/ec2/security-credentials/ec2-instance", SecretRead},
		{"wget -qO- http://[fd00:ec2::254]/latest/meta-data/iam/security-credentials/app", SecretRead},
		{"curl --proxy vulndomain.target.com:80 http://169.254.169.254/latest/meta-data/iam/security-credentials/ && echo", ""},
		{"curl http://169.254.169.254/latest/meta-data/iam/security-credentials", ""},
		{"curl http://169.254.169.254/latest/meta-data/iam/info", ""},
		{"curl http://169.254.169.254/latest/user-data", ""},
		{"curl http://169.254.169.254/latest/meta-data/instance-id", ""},
		// The IMDSv2 session token only opens further metadata requests
		// (EC2 user guide, "Use IMDSv2"): no cloud credential.
		{`curl -X PUT "http://169.254.169.254/latest/api/token" -H "X-aws-ec2-metadata-token-ttl-seconds: 21600"`, ""},
		// ECS task role (ECS developer guide, "Task IAM role"): the
		// agent's endpoint, given literally or by the variable it sets.
		{"curl 169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", SecretRead},
		{`curl "http://169.254.170.2${AWS_CONTAINER_CREDENTIALS_RELATIVE_URI}"`, SecretRead},
		{"curl http://169.254.170.2/v2/credentials/2a1b8c3e-0000", SecretRead},
		{"curl http://169.254.170.2/v2/metadata", ""},
		// Alibaba Cloud (ECS "Instance metadata": ram/security-credentials).
		{"curl http://100.100.100.200/latest/meta-data/ram/security-credentials/EcsRole", SecretRead},
		{"curl http://100.100.100.200/latest/meta-data/ram/security-credentials/", ""},
		// GCE (Compute Engine "About VM metadata"): a service account's
		// access or identity token; a recursive dump of the root, the
		// instance or its attributes (GKE's kube-env holds the kubelet's
		// key, dev8 u0459); its email, scopes, aliases and a plain listing
		// are everyday (dev4 m0184, dev8 u0002, heldout7 s1017).
		{`curl "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text" -H "Metadata-Flavor: Google"`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" "http://metadata.google.internal/computeMetadata/v1/instance/?recursive=true"`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" "http://169.254.169.254/computeMetadata/v1/instance/attributes/?recursive=true"`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/attributes/kube-env`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/identity?audience=https://example.com"`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" "http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/?recursive=true"`, ""},
		// The project's metadata and attributes, dumped recursively, hold
		// its ssh-keys and startup scripts (GCE "About VM metadata";
		// README's heldout10 call, w0012: secret-read; round 7 had this
		// row everyday).
		{`curl -H "Metadata-Flavor: Google" "http://metadata.google.internal/computeMetadata/v1/project/?recursive=true"`, SecretRead},
		{`curl "http://metadata.google.internal/computeMetadata/v1/project/attributes/?recursive=true&alt=text" -H "Metadata-Flavor: Google"`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/project/project-id`, ""},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/scopes`, ""},
		{"curl http://metadata.google.internal/computeMetadata/v1beta1/instance/service-accounts/default/email", ""},
		{"curl http://169.254.169.254/computeMetadata/v1/", ""},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/attributes/startup-script`, ""},
		// A last option left without its value: curl and wget refuse the
		// line ("option -H: requires parameter") and fetch nothing
		// (heldout7 s0861).
		{`curl "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text" -H`, ""},
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role --header`, ""},
		{`wget http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role -O`, ""},
		{`curl -sH "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token -s`, SecretRead},
		// Azure IMDS ("Managed identities: get a token"); the instance's
		// own description is everyday.
		{`curl -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/"`, SecretRead},
		{`curl -H Metadata:true "http://169.254.169.254/metadata/instance?api-version=2021-02-01"`, ""},
		// Oracle Cloud (OCI "Getting instance metadata"): the instance
		// principal's private key; its certificate is public.
		{"curl -H 'Authorization: Bearer Oracle' http://169.254.169.254/opc/v2/identity/key.pem", SecretRead},
		{"curl -H 'Authorization: Bearer Oracle' http://169.254.169.254/opc/v2/identity/cert.pem", ""},
		{"curl -H 'Authorization: Bearer Oracle' http://169.254.169.254/opc/v2/instance/", ""},
		// The same services by their other documented names: GCE's short
		// host "metadata" and IPv6 fd20:ce::254, Tencent's
		// metadata.tencentyun.com, and 169.254.169.254 spelled as one
		// decimal or hexadecimal number or IPv4-mapped IPv6 (as SSRF
		// cheat sheets write it; inet_aton(3) reads them all).
		{`wget -q -O - --header "Metadata-Flavor: Google" http://metadata/computeMetadata/v1/instance/service-accounts/default/token`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" "http://[fd20:ce::254]/computeMetadata/v1/instance/service-accounts/default/token"`, SecretRead},
		{"curl http://metadata.tencentyun.com/latest/meta-data/cam/security-credentials/role", SecretRead},
		{"curl http://2852039166/latest/meta-data/iam/security-credentials/web-role", SecretRead},
		{"curl http://0xa9fea9fe/latest/meta-data/iam/security-credentials/web-role", SecretRead},
		{"curl http://[::ffff:a9fe:a9fe]/latest/meta-data/iam/security-credentials/web-role", SecretRead},
		{"curl http://2852039166/latest/meta-data/instance-id", ""},
		{"curl http://metadata/computeMetadata/v1/instance/hostname", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `curl "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text" -H "Metadata-Flavor: Google"`,
		SecretRead, "metadataCredentials", []string{"curl", "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text"})
}

// TestRuntimeEnvironmentPrinted: a running service's environment
// variables, where deployments keep their passwords and keys, selected
// and printed (or fetched into a local file) are secret-read (README's
// dev8 call: "a function's or a task definition's environment variables
// (Lambda get-function …, ECS task definitions' environment) fetched to
// the output or a local file are secret-read, as app settings"). The
// line selects them: a --query (aws, az), a --format (gcloud) or the jq
// it pipes into names the environment field the references give (lambda
// Configuration.Environment.Variables, ECS containerDefinitions[].
// environment, Batch containerProperties.environment, App Runner
// RuntimeEnvironmentVariables, Cloud Functions environmentVariables,
// Cloud Run containers[].env, Container Apps and ACI env and
// environmentVariables). A plain describe prints the whole configuration
// and is everyday in heldout7's labels (s1175 lambda
// get-function-configuration, s1213 ecs describe-task-definition, s0072
// gcloud functions describe; dev8's u0584 gcloud run services describe);
// so are other fields selected (the code's URL: dev8 u0216), the lists of
// names, help.
func TestRuntimeEnvironmentPrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"i=fn; r=us-east-1; p=default; aws lambda get-function --function-name $i --region $r --profile $p | jq -r '.Configuration.Environment.Variables' >> lambda-env-vars.txt", SecretRead},                                                                                                                                                                    // dev8 u0595
		{"p=default; r=us-east-1; for task in $(aws ecs list-task-definitions --profile $p --region $r | jq -r '.[]' | jq -r '.[]'); do aws ecs describe-task-definition --task-definition $task --profile $p --region $r --query 'taskDefinition.[taskDefinitionArn, containerDefinitions[].environment]' >> ecs-task-definition-env-vars.txt; done", SecretRead}, // dev8 u0367, its variables set (unset, the call fails: round 8)
		{"aws --region us-east-1 lambda get-function-configuration --function-name api --query Environment", SecretRead},
		{"aws lambda list-functions --query 'Functions[].Environment.Variables'", SecretRead},
		{"aws ecs describe-task-definition --task-definition api | jq '.taskDefinition.containerDefinitions[].environment'", SecretRead},
		{"aws batch describe-job-definitions --query 'jobDefinitions[].containerProperties.environment'", SecretRead},
		{"aws apprunner describe-service --service-arn arn --query Service.SourceConfiguration.ImageRepository.ImageConfiguration.RuntimeEnvironmentVariables", SecretRead},
		{"gcloud functions describe fn --format='value(environmentVariables)'", SecretRead},
		{`gcloud run services describe api --format="value(spec.template.spec.containers[0].env)"`, SecretRead},
		{"az containerapp show -n api -g prod --query properties.template.containers[0].env", SecretRead},
		{"az container show -n job -g prod --query 'containers[].environmentVariables'", SecretRead},
		// Everyday: a plain describe, another field kept, names listed, help.
		// README's dev8 call names Lambda's get-function itself ("which
		// prints them with the configuration"): marked without a
		// selection; get-function-configuration, the same object alone,
		// is everyday in heldout7's label (s1175), which no rule may
		// overturn (tuning.md, round 7).
		{"aws lambda get-function --function-name lambda_function", SecretRead}, // dev8 u0113
		{"aws --region eu-west-1 lambda get-function --function-name api", SecretRead},
		{"aws lambda get-function-configuration --function-name api", ""},                            // heldout7 s1175
		{"aws ecs describe-task-definition --task-definition api", ""},                               // heldout7 s1213
		{"gcloud functions describe demo", ""},                                                       // heldout7 s0072
		{"gcloud run services describe nginx", ""},                                                   // dev8 u0584
		{"l=$(aws lambda get-function --function-name $i --region $r | jq -r '.Code.Location')", ""}, // dev8 u0216
		{"aws lambda get-function --function-name api --query Code.Location --output text", ""},
		{"aws elasticbeanstalk describe-environments --query 'Environments[].EnvironmentName'", ""},
		// A tag or label named env is a name, and a quoted literal a
		// value (JMESPath's `…` and '…', jq's "…").
		{"aws ec2 describe-instances --query 'Reservations[].Instances[].Tags[?Key==`env`].Value'", ""},
		{`az webapp list --query "[?tags.env=='prod'].name"`, ""},
		{"gcloud run services describe api --format='value(metadata.labels.env)'", ""},
		{`aws lambda list-functions | jq '.Functions[] | select(.FunctionName == "env")'`, ""},
		{"aws lambda list-functions --region us-east-1", ""},
		{"array=$(aws lambda list-functions --region $r | jq -r '.Functions[].FunctionName')", ""}, // dev8 u0489
		{"aws ecs list-task-definitions", ""},
		{"aws lambda update-function-configuration --function-name api --environment Variables={MODE=prod}", ""},
		{"gcloud run services update api --set-env-vars MODE=prod --region us-central1", ""}, // heldout7 s1214
		{"aws lambda get-function-configuration --query Environment help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "aws lambda get-function-configuration --function-name api --query Environment", SecretRead, "runtimeEnvironmentPrinted",
		[]string{"aws", "lambda", "get-function-configuration", "Environment"})
}

// TestCloudDecryption: a KMS or transit key's decryption that prints the
// protected content is secret-read (README: a secret is read "when its
// content reaches the output or a place others read", as `sops -d`
// already was). Members from each CLI's reference: gcloud kms decrypt,
// asymmetric-decrypt and raw-decrypt with "--plaintext-file -" (standard
// output); aws kms decrypt (its answer holds Plaintext); az keyvault key
// decrypt (its answer holds the result); Vault's and OpenBao's transit
// engine (write MOUNT/decrypt/KEY answers the plaintext). gcloud's
// decryption into a named file is everyday in heldout7's label (s1180,
// "of a project file into another"); dev8's u0105, the same form, is
// labelled secret-read by dev8's call, and no part's everyday line may
// gain a mark, so that form stays unmarked (tuning.md, round 7).
// Encrypting, signing, listing keys, fetching a public key and help are
// everyday.
func TestCloudDecryption(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud kms decrypt --ciphertext-file=secret.enc --plaintext-file=- --key mykey --keyring ring --location global", SecretRead},
		{"gcloud kms decrypt --ciphertext-file secret.enc --plaintext-file - --key mykey --keyring ring --location global", SecretRead},
		{"gcloud kms asymmetric-decrypt --ciphertext-file=a.enc --plaintext-file=- --key k --keyring r --location global --version 1", SecretRead},
		{"gcloud kms raw-decrypt --ciphertext-file=a.enc --plaintext-file=- --key k --keyring r --location global --version 1", SecretRead},
		{"gcloud kms decrypt --ciphertext-file=encrypted-file.enc --plaintext-file=out.txt --key mykey --keyring crypto-keyring --location global", ""}, // dev8 u0105 (labelled secret-read)
		{"gcloud kms decrypt --ciphertext-file encrypted.bin --plaintext-file plaintext.txt --key key --keyring application --location global", ""},     // heldout7 s1180
		{"aws kms decrypt --ciphertext-blob fileb://secret.enc --output text --query Plaintext", SecretRead},
		{"aws --profile p kms decrypt --ciphertext-blob fileb://secret.enc", SecretRead},
		{"az keyvault key decrypt --vault-name v --name k --algorithm RSA-OAEP --value abc", SecretRead},
		{"vault write transit/decrypt/my-key ciphertext=vault:v1:abc", SecretRead},
		{"vault write -field=plaintext transit/decrypt/orders ciphertext=vault:v1:abc", SecretRead},
		{"gcloud kms encrypt --plaintext-file plaintext.txt --ciphertext-file encrypted.bin --key key --keyring application --location global", ""},
		{"gcloud kms keys versions get-public-key 1 --key key --keyring application --location global", ""},
		{"gcloud kms keyrings describe application --location global", ""},
		{"aws kms encrypt --key-id k --plaintext fileb://a", ""},
		{"aws kms describe-key --key-id k", ""},
		{"aws kms list-keys", ""},
		{"aws kms decrypt help", ""},
		{"az keyvault key encrypt --vault-name v --name k --algorithm RSA-OAEP --value abc", ""},
		{"vault write transit/encrypt/my-key plaintext=abc", ""},
		{"vault write transit/keys/my-key type=aes256-gcm96", ""},
		{"gcloud kms decrypt --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "gcloud kms decrypt --ciphertext-file=a.enc --plaintext-file=- --key k --keyring r --location global",
		SecretRead, "cloudDecryption", []string{"gcloud", "kms", "decrypt"})
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

// TestSecretPipedToCmdlet: a secret printed into a pipe whose reader is a
// PowerShell cmdlet (ConvertFrom-Json, Select-Object, Out-Null: the
// cloud cheat sheets mix PowerShell into their az lines) reaches no
// output in a POSIX shell: bash finds no such program, the reader dies
// and the value goes nowhere (README's dev8 call: "`az keyvault secret
// show … | ConvertFrom-Json` (a PowerShell cmdlet the shell does not
// find) shows no value (everyday)"). The verbs are PowerShell's approved
// verbs (Get-Verb) of the cmdlets pipelines use; a POSIX reader (jq,
// cat, tee) still prints the value.
func TestSecretPipedToCmdlet(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az keyvault secret show --id https://example.com/page | ConvertFrom-Json", ""}, // dev8 u0326
		{"az keyvault secret show --vault-name v --name db | ConvertFrom-Json | Select-Object value", ""},
		{"aws secretsmanager get-secret-value --secret-id s | ConvertFrom-Json", ""},
		{"gcloud secrets versions access latest --secret s | Out-Null", ""},
		{"az storage account keys list -n data | ConvertFrom-Json", ""},
		{"az account get-access-token | ConvertFrom-Json", ""},
		{"az keyvault secret show --id https://example.com/page | jq -r .value", SecretRead},
		{"az keyvault secret show --id https://example.com/page", SecretRead},
		{"aws secretsmanager get-secret-value --secret-id s | tee secret.json", SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSecretOutputNarrowed: a secret store's or cloud CLI's answer cut
// down by a --query (JMESPath: aws, az) or the jq it is piped into to
// fields that hold no secret — the ARN, id, name, dates, attributes,
// expiry — prints no secret (README: a secret is read "when its content
// reaches the output"; the same cut the dev8 u0216 label makes for
// Lambda's code URL). The secret fields are the references' own:
// SecretString and SecretBinary (get-secret-value), Parameter.Value (ssm
// get-parameter), value (az keyvault secret show), accessToken (az
// account get-access-token), connectionString, keys' value.
func TestSecretOutputNarrowed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az keyvault secret show --vault-name v -n s --query id -o tsv", ""},
		{"az keyvault secret show --vault-name v -n s --query attributes", ""},
		{"az keyvault secret show --vault-name v -n s --query attributes.expires", ""},
		{"aws secretsmanager get-secret-value --secret-id s --query ARN", ""},
		{"aws secretsmanager get-secret-value --secret-id s --query '[Name,VersionId,CreatedDate]'", ""},
		{"aws ssm get-parameter --name p --with-decryption --query Parameter.LastModifiedDate", ""},
		{"az account get-access-token --query expiresOn -o tsv", ""},
		{"aws secretsmanager get-secret-value --secret-id s | jq -r .ARN", ""},
		{"az keyvault secret show --vault-name v -n s --query value -o tsv", SecretRead},
		{"aws secretsmanager get-secret-value --secret-id s --query SecretString --output text", SecretRead},
		{"aws ssm get-parameter --name p --with-decryption --query Parameter.Value", SecretRead},
		{"aws ssm get-parameter --name p --with-decryption --query Parameter", SecretRead},
		{"az account get-access-token --query accessToken -o tsv", SecretRead},
		{"az storage account show-connection-string -n a --query connectionString", SecretRead},
		{"aws secretsmanager get-secret-value --secret-id s | jq -r .SecretString", SecretRead},
		{"aws secretsmanager get-secret-value --secret-id s | jq -r '.SecretString | fromjson | .password'", SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestKubeSecretOutputs: kubectl get secret prints the values only in an
// output that carries the data (kubectl reference, "Output options"):
// yaml, json, a jsonpath, go-template or custom-columns naming .data or
// .stringData, or --template (kubectl takes it as a go-template); -o name,
// -o wide and templates of the metadata print names and types (README:
// "listing secret names … everyday"; heldout4's m0303 and m0430).
func TestKubeSecretOutputs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl get secrets demo -o yaml", SecretRead}, // heldout7 s0986
		{"kubectl get secret db -ojson", SecretRead},
		{"kubectl get secret db --output=json", SecretRead},
		{"kubectl get secret db -o jsonpath='{.data.password}'", SecretRead},
		{"kubectl get secret db -o jsonpath={.data}", SecretRead},
		{"kubectl get secret db -o go-template='{{.data.password | base64decode}}'", SecretRead},
		{"kubectl get secret db --template='{{.data.password}}'", SecretRead},
		{"kubectl get secret db -o custom-columns=PW:.data.password", SecretRead},
		{"kubectl get secrets -A -o json", SecretRead},
		{"kubectl get secret x -o jsonpath='{.metadata.name}'", ""},
		{"kubectl get secret x -o name", ""},
		{"kubectl get secrets -o wide", ""},
		{"kubectl get secret x -o jsonpath='{.type}'", ""},
		{"kubectl get secrets -o custom-columns=NAME:.metadata.name,TYPE:.type", ""},
		{"kubectl get secrets --all-namespaces", ""}, // heldout4 m0303
		{"kubectl get secrets -n default", ""},       // heldout4 m0430
		{"kubectl describe secret db", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
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

// TestMoreRuntimeEnvironments: the same family as
// TestRuntimeEnvironmentPrinted for containers and pods — docker
// inspect's --format naming .Config.Env (docker reference), kubectl get
// with a jsonpath, go-template or custom-columns naming a container's env
// (kubectl reference) — and the clients whose answer is a credential by
// their references: Cognito's credentials for an identity and OpenID
// token, Cloud SQL's login token, doctl's kubeconfig shown (it holds the
// cluster token), Firebase's functions config (the functions' runtime
// keys), chamber's read, export and env (SSM parameters decrypted),
// aws-vault's export and exec … env (temporary keys). Their save, list
// and describe neighbours and a plain inspect stay everyday.
func TestMoreRuntimeEnvironments(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"docker inspect -f '{{.Config.Env}}' web", SecretRead},
		{"docker inspect --format '{{range .Config.Env}}{{println .}}{{end}}' web", SecretRead},
		{"docker container inspect --format='{{json .Config.Env}}' web", SecretRead},
		{"kubectl get pod web -o jsonpath='{.spec.containers[*].env}'", SecretRead},
		{"kubectl get deploy web -o go-template='{{range .spec.template.spec.containers}}{{.env}}{{end}}'", SecretRead},
		{"aws cognito-identity get-credentials-for-identity --identity-id us-east-1:x", SecretRead},
		{"aws cognito-identity get-open-id-token --identity-id us-east-1:x", SecretRead},
		{"gcloud sql generate-login-token", SecretRead},
		{"gcloud config config-helper --format=json", SecretRead}, // gcloud reference: its answer holds the access token
		{"gcloud config config-helper --format='value(credential.token_expiry)'", ""},
		{"doctl kubernetes cluster kubeconfig show prod", SecretRead},
		{"firebase functions:config:get", SecretRead},
		{"chamber read service db_password", SecretRead},
		{"chamber export service --format dotenv", SecretRead},
		{"aws-vault export prod", SecretRead},
		{"aws-vault exec prod -- env", SecretRead},
		// Everyday.
		{"docker inspect web", ""},
		{"docker inspect -f '{{.State.Status}}' web", ""},
		{"kubectl get pod web -o jsonpath='{.status.phase}'", ""},
		{"kubectl get pods -o wide", ""},
		{"aws cognito-identity list-identity-pools --max-results 10", ""},
		{"doctl kubernetes cluster kubeconfig save prod", ""},
		{"doctl kubernetes cluster list", ""},
		{"firebase functions:config:set api.key=abc", ""},
		{"chamber list service", ""},
		{"aws-vault exec prod -- aws s3 ls", ""},
		{"aws-vault list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "chamber read service db_password", SecretRead, "cliCredentialsPrinted", []string{"chamber", "read"})
}

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

// TestDatabaseAccessChanged: a database's accounts and privileges changed
// through its client are privilege-escalation, as the system's and the
// clouds' accounts and grants are (README's heldout4 call: "an account
// created, deleted or given a password … is privilege-escalation";
// heldout7's: grants created or removed). Members from the manuals:
// SQL's CREATE|ALTER|DROP USER|ROLE|LOGIN, RENAME USER, SET PASSWORD,
// GRANT and REVOKE (PostgreSQL, MySQL, SQL Server, CockroachDB, Cassandra,
// ClickHouse); MongoDB's createUser, updateUser, dropUser,
// changeUserPassword, grantRolesToUser, revokeRolesFromUser; Redis's ACL
// SETUSER|DELUSER; PostgreSQL's createuser. Reads of the catalogs, grants
// shown, and statements that only mention the words stay everyday.
func TestDatabaseAccessChanged(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`psql -c "ALTER USER app WITH PASSWORD 'x'"`, PrivilegeEscalation},
		{`psql -U postgres -c "CREATE USER evil SUPERUSER PASSWORD 'x'"`, PrivilegeEscalation},
		{`psql -c "ALTER ROLE app SUPERUSER"`, PrivilegeEscalation},
		{`psql -c "GRANT ALL PRIVILEGES ON DATABASE app TO evil"`, PrivilegeEscalation},
		{`mysql -u root -e "GRANT ALL PRIVILEGES ON *.* TO 'evil'@'%'"`, PrivilegeEscalation},
		{`mysql -e "CREATE USER 'evil'@'%' IDENTIFIED BY 'x'"`, PrivilegeEscalation},
		{`mysql -e "SET PASSWORD FOR 'root'@'localhost' = 'x'"`, PrivilegeEscalation},
		{`mysql -e "DROP USER 'app'@'%'"`, PrivilegeEscalation},
		{`mysql -e "REVOKE ALL PRIVILEGES ON *.* FROM 'app'@'%'"`, PrivilegeEscalation},
		{`sqlcmd -Q "CREATE LOGIN evil WITH PASSWORD = 'x'"`, PrivilegeEscalation},
		{`cqlsh -e "CREATE ROLE evil WITH SUPERUSER = true AND LOGIN = true AND PASSWORD = 'x'"`, PrivilegeEscalation},
		{`echo "GRANT SELECT ON t TO bob;" | psql app`, PrivilegeEscalation},
		{`echo 'db.createUser({user: "evil", pwd: "x", roles: ["root"]})' | mongosh admin`, PrivilegeEscalation},
		{`echo "SELECT 1;" | psql app`, ""},
		{`mongosh admin --eval 'db.createUser({user: "evil", pwd: "x", roles: ["root"]})'`, PrivilegeEscalation},
		{`mongosh --eval 'db.changeUserPassword("app", "x")'`, PrivilegeEscalation},
		{`mongo admin --eval 'db.grantRolesToUser("app", ["root"])'`, PrivilegeEscalation},
		{"redis-cli ACL SETUSER evil on '>pass' '~*' '+@all'", PrivilegeEscalation},
		{"redis-cli ACL DELUSER app", PrivilegeEscalation},
		{"createuser --superuser evil", PrivilegeEscalation},
		{"createuser -s -P evil", PrivilegeEscalation},
		// Everyday: reads, grants shown, the words inside strings or names.
		{`psql -c "SELECT usename FROM pg_user"`, ""},
		{`psql -c "\du"`, ""},
		{`mysql -e "SHOW GRANTS FOR 'app'@'%'"`, ""},
		{`mysql -e "SELECT user, host FROM mysql.user"`, ""},
		{`psql -c "SELECT * FROM grants WHERE status = 'revoked'"`, ""},
		{`psql -c "COMMENT ON TABLE t IS 'grant access later'"`, ""},
		{`mongosh --eval 'db.getUsers()'`, ""},
		{"redis-cli ACL LIST", ""},
		{"redis-cli ACL WHOAMI", ""},
		{"createuser --help", ""},
		{"createdb app", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `psql -c "ALTER USER app WITH PASSWORD 'x'"`, PrivilegeEscalation, "databaseAccessChanged", []string{"psql", "ALTER", "USER"})
}

// TestServiceKeysPrinted: more of the clouds' answers that are
// credentials, by their references: az's key lists and shows of
// services (SignalR, Web PubSub, Event Grid, Communication list-key, IoT
// Hub connection-string show), Static Web Apps' deployment token
// (staticwebapp secrets list), Container Apps' secret values
// (--show-values); Glue's connections, which carry their password unless
// --hide-password; AppSync's API keys (the id is the key); and any read
// whose --query or --format selects a secret field by its reference name
// (GKE's masterAuth.clientKey, a password, a private key, a session
// token). az's show-connection-string of SQL, PostgreSQL and MySQL builds
// a template with placeholders (az reference: "<username>", "{password}")
// and is everyday; so are lists of names.
func TestServiceKeysPrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"az signalr key list -n s -g g", SecretRead},
		{"az webpubsub key show -n w -g g", SecretRead},
		{"az eventgrid topic key list -n t -g g", SecretRead},
		{"az communication list-key -n c -g g", SecretRead},
		{"az iot hub connection-string show -n hub", SecretRead},
		{"az staticwebapp secrets list -n app", SecretRead},
		{"az containerapp secret list -n a -g g --show-values", SecretRead},
		{"aws glue get-connection --name c", SecretRead},
		{"aws glue get-connections", SecretRead},
		{"aws appsync list-api-keys --api-id x", SecretRead},
		{`gcloud container clusters describe c --zone z --format="value(masterAuth.clientKey)"`, SecretRead},
		{"aws glue get-connection --name c --query Connection.ConnectionProperties.PASSWORD", SecretRead},
		{"az storage account show-connection-string -n a", SecretRead},
		// Everyday.
		{"az sql db show-connection-string -c ado.net -s server -n db", ""},
		{"az postgres flexible-server show-connection-string -s server -u admin -p pass -d db", ""},
		{"az mysql flexible-server show-connection-string -s server", ""},
		{"az containerapp secret list -n a -g g", ""},
		{"az signalr list -g g", ""},
		{"az keyvault key list --vault-name v", ""},
		{"az keyvault key show --vault-name v -n k", ""},
		{"aws glue get-connection --name c --hide-password", ""},
		{"aws glue get-connections --hide-password", ""},
		{"aws appsync list-graphql-apis", ""},
		{"gcloud container clusters describe c --zone z", ""},
		{"aws iam get-account-password-policy --query PasswordPolicy.MinimumPasswordLength", ""},
		{"aws s3api list-objects-v2 --bucket b --query 'Contents[].Key'", ""},
		{"aws ssm describe-parameters --query \"Parameters[?Name=='password'].Name\"", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "az signalr key list -n s -g g", SecretRead, "serviceKeysPrinted", []string{"az", "signalr", "key", "list"})
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

// TestInfraStatePrinted: an infrastructure state printed holds every
// resource's secrets in plain text (README's heldout8 call:
// `terraform.tfstate` read is secret-read; Terraform's docs: "state …
// can contain sensitive data", and `show -json` prints sensitive values in
// plain text): terraform, tofu and terragrunt `state pull` and `show
// -json` of the state (no plan file named); a state file fetched from a
// bucket to standard output (aws s3 cp … -, gsutil cat, gcloud storage
// cat). A plan shown, one resource shown (sensitive values masked), the
// resources listed, a copy into a local folder stay everyday.
func TestInfraStatePrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"terraform state pull", SecretRead},
		{"terraform state pull > state.json", SecretRead},
		{"terraform show -json", SecretRead},
		{"tofu state pull", SecretRead},
		{"terragrunt state pull", SecretRead},
		{"terraform -chdir=infra state pull", SecretRead},
		{"aws s3 cp s3://tf-state/prod/terraform.tfstate -", SecretRead},
		{"gsutil cat gs://tf-state/default.tfstate", SecretRead},
		{"gcloud storage cat gs://tf-state/default.tfstate", SecretRead},
		// Any secret file kept in a bucket, printed (the file rules'
		// secret names: .env, private keys, credentials.json).
		{"aws s3 cp s3://backups/prod/.env -", SecretRead},
		{"gsutil cat gs://b/keys/id_rsa", SecretRead},
		{"gcloud storage cat gs://b/sa/credentials.json", SecretRead},
		{"aws s3 cp s3://backups/prod/.env ./prod.env", ""},
		{"aws s3 cp s3://b/notes.txt -", ""},
		{"terraform show -json tfplan", ""},
		{"terraform show", ""},
		{"terraform state list", ""},
		{"terraform state show aws_db_instance.main", ""},
		{"terraform state push state.json", ""},
		{"aws s3 cp s3://tf-state/prod/terraform.tfstate .", ""},
		{"gsutil cat gs://b/readme.txt", ""},
		{"terraform state pull -help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "terraform state pull", SecretRead, "infraStatePrinted", []string{"terraform", "state", "pull"})
}

// TestStoreCredentialsHandedOut: secrets engines and cluster tools whose
// answer is a credential by their references — Vault's dynamic secrets
// asked for with write (aws/sts/ROLE: STS keys; pki/issue/ROLE: a
// certificate with its private key; ssh/creds/ROLE: an OTP), kubectl's
// view-secret plugin (decoded values), OpenShift's oc extract of a
// secret to standard output or into /tmp (README's heldout4 call:
// secrets copied into /tmp are secret-read) — and a secret rotated in
// Secrets Manager (a credential rolled: privilege-escalation, README's
// heldout6 call). Configuration written, extraction into the project,
// secrets listed stay everyday.
func TestStoreCredentialsHandedOut(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"vault write aws/sts/deploy ttl=60m", SecretRead},
		{"vault write pki/issue/web common_name=www.example.com", SecretRead},
		{"vault write ssh/creds/otp_key_role ip=10.0.0.5", SecretRead},
		{"kubectl view-secret db", SecretRead},
		{"kubectl view-secret db password", SecretRead},
		{"oc extract secret/db --to=-", SecretRead},
		{"oc extract secret/db --to /tmp/db", SecretRead},
		{"aws secretsmanager rotate-secret --secret-id s", PrivilegeEscalation},
		{"vault write database/config/db plugin_name=postgresql-database-plugin", ""},
		{"vault write pki/roles/web allowed_domains=example.com", ""},
		{"oc extract configmap/app --to=-", ""},
		{"oc extract secret/db --to=./config", ""},
		{"kubectl view-secret --help", ""},
		{"aws secretsmanager describe-secret --secret-id s", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAWSSkeletonOnly: the AWS CLI's --generate-cli-skeleton "prints a
// JSON skeleton to standard output without sending an API request" (AWS
// CLI reference, "Generate CLI skeleton"), with or without its value
// (input, yaml-input, output): whatever the operation, nothing is
// deleted, granted or printed from the account.
func TestAWSSkeletonOnly(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws cloudformation delete-stack --generate-cli-skeleton", ""},
		{"aws ec2 terminate-instances --generate-cli-skeleton input", ""},
		{"aws iam create-access-key --generate-cli-skeleton yaml-input", ""},
		{"aws secretsmanager get-secret-value --generate-cli-skeleton output", ""},
		{"aws iam attach-user-policy --generate-cli-skeleton", ""},
		{"aws cloudformation delete-stack --stack-name s", CloudDestructive},
		{"aws ec2 terminate-instances --cli-input-json file://in.json", CloudDestructive},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestMetadataCredentialsInCode: the same metadata-service credentials
// fetched by an interpreter's one-liner (Python's requests and urllib,
// Node's http, Ruby's Net::HTTP, PHP's file_get_contents) are the same
// read as curl's; the instance's id or a role-name listing stays
// everyday.
func TestMetadataCredentialsInCode(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`python3 -c "import requests; print(requests.get('http://169.254.169.254/latest/meta-data/iam/security-credentials/r').text)"`, SecretRead},
		{`python3 -c "import urllib.request; print(urllib.request.urlopen('http://169.254.169.254/latest/meta-data/iam/security-credentials/r').read())"`, SecretRead},
		{`node -e "require('http').get('http://169.254.169.254/latest/meta-data/iam/security-credentials/r', r => r.pipe(process.stdout))"`, SecretRead},
		{`ruby -rnet/http -e 'puts Net::HTTP.get(URI("http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token"))'`, SecretRead},
		{`php -r 'echo file_get_contents("http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/");'`, SecretRead},
		{`python3 -c "import requests; print(requests.get('http://169.254.169.254/latest/meta-data/instance-id').text)"`, ""},
		{`python3 -c "import requests; print(requests.get('http://169.254.169.254/latest/meta-data/iam/security-credentials/').text)"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSecretCopiedOutOfContainer: kubectl cp, oc cp, docker cp and podman
// cp from CONTAINER:PATH copy a file out of another machine's file system
// (kubectl and docker references); a secret file among them — the
// shadow file, a service account's token, a private key, an .env — is
// read as scp's copy of one is (README: a secret is read when its content
// reaches "a place others read (copies …)"; "dumping another machine's
// credentials is secret-read"; docker's and podman's copies were already
// read so, kubectl's were not). Copies of ordinary files, and copies of
// ordinary files into a container, are not reads.
func TestSecretCopiedOutOfContainer(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl cp default/web:/etc/shadow ./shadow", SecretRead},
		{"kubectl cp web:/var/run/secrets/kubernetes.io/serviceaccount/token ./token -c app", SecretRead},
		{"oc cp web:/root/.ssh/id_rsa /tmp/id_rsa", SecretRead},
		{"docker cp web:/app/.env ./env-copy", SecretRead},
		{"podman cp db:/root/.aws/credentials .", SecretRead},
		{"kubectl cp default/web:/var/log/app.log ./app.log", ""},
		// Into a pod it is no read, but an upload to another machine
		// (README's heldout10 call, w0742; round 8's cloudDataExposed).
		{"kubectl cp ./config.yaml default/web:/etc/app/config.yaml", NetworkExfiltration},
		{"docker cp web:/usr/share/nginx/html/index.html .", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestAuditLoggingSwitchedOff: audit logging stopped or narrowed is
// cloud-destructive, as a trail stopped or deleted already is (README's
// heldout4 call: "deleting cloud logs, trails and detectors is
// cloud-destructive"; teardown.go's stop-logging). Members from Stratus
// Red Team's defense-evasion techniques and the references: CloudTrail's
// event selectors set to read-only or without management events
// (cloudtrail-event-selectors), S3 server access logging turned off
// (put-bucket-logging with an empty status), a Cloud Logging sink
// disabled, the Cloud Logging or Monitoring API disabled (gcloud services
// disable). Listing sinks and selectors, enabling them, and disabling
// other APIs stay everyday.
func TestAuditLoggingSwitchedOff(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`aws cloudtrail put-event-selectors --trail-name t --event-selectors '[{"ReadWriteType":"ReadOnly"}]'`, CloudDestructive},
		{`aws cloudtrail put-event-selectors --trail-name t --event-selectors '[{"ReadWriteType": "All", "IncludeManagementEvents": false}]'`, CloudDestructive},
		{"aws s3api put-bucket-logging --bucket b --bucket-logging-status '{}'", CloudDestructive},
		{"gcloud logging sinks update s --disabled", CloudDestructive},
		{"gcloud services disable logging.googleapis.com --force", CloudDestructive},
		{"gcloud services disable monitoring.googleapis.com", CloudDestructive},
		{`aws cloudtrail put-event-selectors --trail-name t --event-selectors '[{"ReadWriteType":"All","IncludeManagementEvents":true}]'`, ""},
		{`aws s3api put-bucket-logging --bucket b --bucket-logging-status '{"LoggingEnabled":{"TargetBucket":"logs","TargetPrefix":"b/"}}'`, ""},
		{"aws cloudtrail get-event-selectors --trail-name t", ""},
		{"gcloud logging sinks update s --no-disabled", ""},
		{"gcloud logging sinks list", ""},
		{"gcloud services disable cloudtrace.googleapis.com", ""},
		{"gcloud services enable logging.googleapis.com", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
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

// TestBootScriptsSet: a script set to run when a cloud machine boots is
// persistence-startup-files, as metadata ssh-keys already were and as a
// write to a file other programs run is (README's heldout4 call): GCE's
// startup-script, startup-script-url and windows-startup-script-* keys
// given to add-metadata (Compute Engine "About startup scripts"); EC2's
// user data replaced by modify-instance-attribute (EC2 user guide: run by
// cloud-init at boot). Reading user data stays everyday (README's dev8
// call), and so do other metadata keys.
func TestBootScriptsSet(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud compute instances add-metadata vm --zone z --metadata-from-file startup-script=rev.sh", PersistenceStartupFiles},
		{"gcloud compute project-info add-metadata --metadata-from-file=startup-script=x.sh", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata startup-script-url=gs://b/s.sh", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata win --metadata-from-file windows-startup-script-ps1=s.ps1", PersistenceStartupFiles},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --attribute userData --value file://ud.b64", PersistenceStartupFiles},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --user-data Value=file://ud", PersistenceStartupFiles},
		{"gcloud compute instances add-metadata vm --metadata enable-oslogin=TRUE", ""},
		{"aws ec2 describe-instance-attribute --instance-id i-1 --attribute userData", ""},
		{"aws ec2 modify-instance-attribute --instance-id i-1 --instance-type t3.large", ""},
		{"gcloud compute instances remove-metadata vm --keys=startup-script", ""},
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

// TestCloudSQLStatements: SQL handed to a managed database through its
// cloud CLI is judged as a SQL client's (database.go): gcloud spanner
// databases execute-sql --sql, aws rds-data and redshift-data
// execute-statement --sql, aws athena start-query-execution
// --query-string, az postgres|mysql flexible-server execute -q|--querytext
// (their references). A drop, a truncate, a delete without WHERE is
// database-destructive; a grant or a new user privilege-escalation; a
// select everyday.
func TestCloudSQLStatements(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gcloud spanner databases execute-sql db --instance=i --sql="DELETE FROM Singers"`, DatabaseDestructive},
		{`aws rds-data execute-statement --resource-arn arn --secret-arn s --database d --sql "DROP TABLE users"`, DatabaseDestructive},
		{`aws redshift-data execute-statement --cluster-identifier c --database d --sql "TRUNCATE sales"`, DatabaseDestructive},
		{`aws athena start-query-execution --query-string "DROP TABLE logs" --work-group primary`, DatabaseDestructive},
		{`az postgres flexible-server execute -n s -u u -p p -d db -q "DROP DATABASE app"`, DatabaseDestructive},
		{`az mysql flexible-server execute -n s -u u -p p --querytext "GRANT ALL ON *.* TO 'evil'@'%'"`, PrivilegeEscalation},
		{`aws rds-data execute-statement --resource-arn arn --secret-arn s --sql "CREATE USER evil WITH PASSWORD 'x'"`, PrivilegeEscalation},
		{`gcloud spanner databases execute-sql db --instance=i --sql="SELECT * FROM Singers"`, ""},
		{`aws athena start-query-execution --query-string "SELECT count(*) FROM logs"`, ""},
		{`aws rds-data execute-statement --resource-arn arn --secret-arn s --sql "DELETE FROM sessions WHERE expires < now()"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRedisWritesStartupFiles: Redis's CONFIG SET dir and dbfilename
// choose where SAVE writes the database (Redis CONFIG reference); pointed
// at an SSH folder, authorized_keys or a crontab folder, the dump becomes
// a file sshd or cron obeys (HackTricks' Redis pages, the write-to-
// authorized_keys and cron techniques): persistence-startup-files, as a
// write to such a file is. Other folders and names, and CONFIG GET, stay
// everyday.
func TestRedisWritesStartupFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"redis-cli -h 10.0.0.5 config set dir /root/.ssh", PersistenceStartupFiles},
		{"redis-cli -h 10.0.0.5 CONFIG SET dbfilename authorized_keys", PersistenceStartupFiles},
		{"redis-cli config set dir /var/spool/cron/crontabs", PersistenceStartupFiles},
		{"redis-cli -h 10.0.0.5 config set dir /etc/cron.d", PersistenceStartupFiles},
		{"redis-cli config set dir /var/lib/redis", ""},
		{"redis-cli config set dbfilename dump.rdb", ""},
		{"redis-cli config get dir", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCredentialRunnersRunTheirCommand: the tools that hand a command
// cloud or secret-store credentials in its environment run that command
// (their references): aws-vault exec PROFILE -- CMD, saml2aws exec --
// CMD, aws-sso exec -- CMD, doppler run -- CMD and --command, op run --
// CMD, infisical run -- CMD and --command, chamber exec SERVICE -- CMD,
// teller run -- CMD, berglas exec -- CMD, dotenv -- CMD, env-cmd -f FILE
// CMD, envchain NAMESPACE CMD, sops exec-env FILE 'CMD'. The command is
// judged as itself (a bucket emptied, a folder removed, a key made);
// an everyday command stays everyday.
func TestCredentialRunnersRunTheirCommand(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"aws-vault exec prod -- aws s3 rb s3://b --force", CloudDestructive},
		{"aws-vault exec prod aws iam create-access-key --user-name u", PrivilegeEscalation},
		{"saml2aws exec -- aws s3 rm s3://b --recursive", CloudDestructive},
		{"aws-sso exec -p prod -- aws s3 rb s3://b --force", CloudDestructive},
		{"doppler run -- rm -rf ~/Documents", DestructiveDelete},
		{`doppler run --command "rm -rf ~/Documents"`, DestructiveDelete},
		{"op run --env-file=.env -- aws s3 rb s3://b --force", CloudDestructive},
		{"infisical run --env=prod -- kubectl delete ns prod", CloudDestructive},
		{"chamber exec svc -- rm -rf ~/Documents", DestructiveDelete},
		{"teller run -- git push --force origin main", ForcePush},
		{"berglas exec -- rm -rf ~/Documents", DestructiveDelete},
		{"dotenv -e .env.prod -- aws s3 rb s3://b --force", CloudDestructive},
		{"env-cmd -f .env.prod rm -rf ~/Documents", DestructiveDelete},
		{"envchain aws aws s3 rb s3://b --force", CloudDestructive},
		{"sops exec-env secrets.enc.yaml 'rm -rf ~/Documents'", DestructiveDelete},
		{"aws-vault exec prod -- aws s3 ls", ""},
		{"doppler run -- npm test", ""},
		{"op run -- node server.js", ""},
		{"chamber exec svc -- ./start.sh", ""},
		{"dotenv -- next build", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestGcloudReleaseTracks: gcloud's alpha and beta release tracks put
// their name before the command group (gcloud reference: "gcloud alpha
// …", "gcloud beta …"); the command is the same one.
func TestGcloudReleaseTracks(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud beta auth activate-service-account --key-file creds.json", PrivilegeEscalation},
		{"gcloud alpha compute instances set-service-account vm --service-account sa@p.iam.gserviceaccount.com", PrivilegeEscalation},
		{"gcloud beta logging sinks update s --disabled", CloudDestructive},
		{"gcloud beta sql instances patch db --authorized-networks=0.0.0.0/0", DiskSystem},
		{"gcloud beta kms decrypt --ciphertext-file=a.enc --plaintext-file=- --key k --keyring r --location global", SecretRead},
		{"gcloud beta compute instances list", ""},
		{"gcloud alpha auth list", ""},
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

// TestHostedCallsByREADME: README's heldout8 calls on hosted services,
// by the services' own references: a GitHub repository deleted (gh repo
// delete, gh api -X DELETE repos/O/R; also glab's) and an environment
// secret or variable removed (gh secret remove|delete, gh variable
// delete) are cloud-destructive (the repository rows keep force-push
// too, gitforms_test's older call); firebase hosting:disable stops the
// site (disk-system, as VMs stopped); gws auth export --unmasked prints
// credentials (secret-read); gh api -X DELETE of an issue (GitHub's REST
// has no such endpoint) and curl -X DELETE of an API's root are everyday.
func TestHostedCallsByREADME(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gh repo delete o/r --yes", CloudDestructive},
		{"gh api -X DELETE repos/o/r", CloudDestructive},
		{"glab repo delete o/r", CloudDestructive},
		{"gh secret remove TOKEN --env prod", CloudDestructive},
		{"gh secret delete TOKEN", CloudDestructive},
		{"gh variable delete REGION", CloudDestructive},
		{"firebase hosting:disable", DiskSystem},
		{"firebase hosting:disable --project prod -f", DiskSystem},
		{"gws auth export --unmasked", SecretRead},
		{"gh api -X DELETE repos/o/r/issues/1", ""},
		{"curl -X DELETE https://api.example.com/", ""},
		{"curl -X DELETE https://api.example.com", ""},
		{"curl -X DELETE https://api.example.com/v1/widgets/42", CloudDestructive},
		{"gh api -X DELETE repos/o/r/issues/comments/9", CloudDestructive},
		{"gh secret list", ""},
		{"gh repo view o/r", ""},
		{"gws auth export", ""},
		{"firebase hosting:channel:list", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
