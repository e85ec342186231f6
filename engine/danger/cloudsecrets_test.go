package danger

import (
	"testing"
)

// Tests of cloudsecrets.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestCloudCredentialsPrinted: a cloud CLI's read verb whose answer is a
// credential — an account key, an app's settings or connection strings,
// an access token, a decrypted parameter, an API key's value, temporary
// database credentials, a swarm's join token, a wrapped secret (README's
// heldout7 call: "cloud CLIs: printing tokens and secret values … `acr
// login --expose-token`, … app settings, connection strings, storage
// account keys, `lightsail get-instance-access-details`, `docker swarm
// join-token`, … `vault unwrap`) is secret-read"). The forms come from
// each CLI's reference (az's keys list|list-keys|show-connection-string|
// credential show, aws's get-*-credentials|access-details|auth tokens and
// --include-value|--with-decryption); the everyday rows are the same
// services' list, show and describe verbs, the options left off, help,
// and vault's policy read and token lookup (heldout7 s1261, s1163).
func TestCloudCredentialsPrinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// az (heldout7 s1169, s0144, s1251, s0449; az reference).
		{"az storage account keys list --resource-group production --account-name data", SecretRead},
		{"az storage account show-connection-string --name data", SecretRead},
		{"az webapp config appsettings list --resource-group production --name api", SecretRead},
		{"az webapp config connection-string list --resource-group production --name api", SecretRead},
		{"az functionapp config appsettings list -g production -n fn", SecretRead},
		{"az webapp deployment list-publishing-profiles -g production -n api", SecretRead},
		{"az webapp deployment list-publishing-credentials -g production -n api", SecretRead},
		{"az acr login --name images --expose-token", SecretRead},
		{"az acr credential show --name images", SecretRead},
		{"az cosmosdb keys list --name db -g production", SecretRead},
		{"az redis list-keys --name cache -g production", SecretRead},
		{"az servicebus namespace authorization-rule keys list -g p --namespace-name ns -n RootManageSharedAccessKey", SecretRead},
		{"az eventhubs namespace authorization-rule keys list -g p --namespace-name ns -n rule", SecretRead},
		{"az cognitiveservices account keys list -g p -n ai", SecretRead},
		{"az search admin-key show -g p --service-name s", SecretRead},
		// aws (heldout7 s0120, s0298, s0514, s0657, s0791; AWS CLI reference).
		{"aws lightsail get-instance-access-details --instance-name web", SecretRead},
		{"aws lightsail get-relational-database-master-user-password --relational-database-name db", SecretRead},
		{"aws lightsail download-default-key-pair", SecretRead},
		{"aws ssm get-parameter-history --name /production/password --with-decryption", SecretRead},
		{"aws apigateway get-api-key --api-key abc --include-value", SecretRead},
		{"aws apigateway get-api-keys --include-values", SecretRead},
		{"aws redshift get-cluster-credentials-with-iam --db-name production", SecretRead},
		{"aws redshift get-cluster-credentials --db-user admin --cluster-identifier c", SecretRead},
		{"aws redshift-serverless get-credentials --workgroup-name w", SecretRead},
		{"aws kms derive-shared-secret --key-id k --key-agreement-algorithm ECDH --public-key MIIB", SecretRead},
		{"aws ecr get-authorization-token", SecretRead},
		{"aws codeartifact get-authorization-token --domain d", SecretRead},
		{"aws rds generate-db-auth-token --hostname h --port 5432 --username u", SecretRead},
		// docker swarm, vault (heldout7 s1136, s0090, s0726).
		{"docker swarm join-token worker", SecretRead},
		{"docker swarm join-token -q manager", SecretRead},
		{`docker-machine ssh myvm1 "docker swarm join-token -q worker"`, SecretRead},
		{"vault unwrap wrapped-token", SecretRead},
		{"vault read secret/data/app", SecretRead},
		// Everyday: names, settings, descriptions, help.
		{"az storage account list", ""},
		{"az storage account show --name data", ""},
		{"az webapp list", ""},
		{"az webapp config show -g production -n api", ""},
		{"az acr login --name images", ""},
		{"az cosmosdb list", ""},
		{"az redis list -g production", ""},
		{"aws lightsail get-instance --instance-name web", ""},
		{"aws ssm get-parameter-history --name /production/password", ""},
		{"aws apigateway get-api-key --api-key abc", ""},
		{"aws apigateway get-api-keys", ""},
		{"aws redshift describe-clusters", ""},
		{"aws kms describe-key --key-id k", ""},
		{"aws ecr describe-repositories", ""},
		{"aws kms derive-shared-secret help", ""},
		{"docker swarm join-token --help", ""},
		{"docker swarm init", ""},
		{"vault policy read deploy", ""},
		{"vault policy list", ""},
		{"vault token lookup", ""},
		{"vault token lookup -accessor abc", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "az storage account keys list --account-name data", SecretRead, "cloudKeysPrinted", []string{"az", "storage", "account", "keys", "list"})
}

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

// TestHostedEnvironmentFetched: a hosted deployment's environment
// variables, its secrets among them, printed or written to a local file
// (README: fetched to a local file is secret-read, as heroku config,
// dev7's r0196). Members from the CLIs' references: Vercel's "vercel env
// pull [file]" ("export your Project's environment variables to that
// file") and "vercel pull" (the same into .vercel/.env.<target>.local);
// Convex's "convex env list" and "env get NAME" (the deployment's
// variables with their values; heldout12's y1489 through npx); Netlify's
// env:list with --json or --plain (without them the values are masked,
// netlify-cli's env-list: MASK) beside env:get (already secret-read);
// Dokku's config, config:show, config:get and config:export (dokku's
// config docs). Everyday beside them: names only ("vercel env ls" shows
// values as Encrypted, fly secrets list and supabase secrets list show
// digests), help, and the writes other rules judge (env add|set|rm).
func TestHostedEnvironmentFetched(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vercel env pull .env.vercel`, SecretRead},
		{`vercel env pull`, SecretRead},
		{`vercel env pull .env.local --environment=production`, SecretRead},
		{`npx vercel env pull .env.local`, SecretRead},
		{`vercel pull --yes --environment=production`, SecretRead},
		{`npx convex env list`, SecretRead},
		{`npx convex env list 2>&1 | tr -d '\000'`, SecretRead},
		{`npx convex env get OPENAI_API_KEY`, SecretRead},
		{`convex env list --prod`, SecretRead},
		{`netlify env:list --json`, SecretRead},
		{`netlify env:list --plain --context production`, SecretRead},
		{`dokku config:show myapp`, SecretRead},
		{`dokku config myapp`, SecretRead},
		{`dokku config:get myapp DATABASE_URL`, SecretRead},
		{`dokku config:export myapp`, SecretRead},
		// Everyday: names, help, writes.
		{`vercel env ls`, ""},
		{`vercel env pull --help`, ""},
		{`vercel env add API_KEY production`, ""},
		{`vercel link --yes`, ""},
		{`npx convex env set OPENAI_API_KEY sk-test`, ""},
		{`npx convex env --help`, ""},
		{`npx convex dev`, ""},
		{`netlify env:list`, ""},
		{`netlify env:set API_KEY x`, ""},
		{`dokku config:set myapp A=b`, ""},
		{`dokku apps:list`, ""},
		{`fly secrets list`, ""},
		{`supabase secrets list`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionMetadataRoleNames: the instance metadata service's
// "iam/security-credentials/" answers with the names of the roles the
// instance may assume; the credentials are at
// "iam/security-credentials/ROLE-NAME" (AWS EC2 User Guide, "Retrieve
// security credentials from instance metadata"). Listing the names shows
// no secret (dev8's u0018, labelled everyday); fetching a role's keys
// stays secret-read, as do the token paths of GCP and Azure.
func TestPrecisionMetadataRoleNames(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Marked: a role's credentials, a token.
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role`, SecretRead},
		{`curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/ec2-admin/`, SecretRead},
		{`wget -qO- http://169.254.169.254/latest/meta-data/iam/security-credentials/s3-reader`, SecretRead},
		{`curl -H "Metadata-Flavor: Google" http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/default/token`, SecretRead},
		{`curl -H Metadata:true "http://169.254.169.254/metadata/identity/oauth2/token?api-version=2018-02-01&resource=https://management.azure.com/"`, SecretRead},
		// Everyday: the list of role names.
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials/`, ""},
		{`curl http://169.254.169.254/latest/meta-data/iam/security-credentials`, ""},
		{`curl --proxy vulndomain.target.com:80 http://169.254.169.254/latest/meta-data/iam/security-credentials/ && echo`, ""},
		{`wget -qO- "http://169.254.169.254/latest/meta-data/iam/security-credentials/?x=1"`, ""},
		{`curl http://169.254.169.254/latest/meta-data/iam/info`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionMetadataRoleUnset: ".../iam/security-credentials/$ROLE"
// with ROLE unset asks for ".../security-credentials/", which lists the
// instance's role names, not their keys (AWS EC2 User Guide; round 7's
// TestPrecisionMetadataRoleNames; heldout10's w1408). A role the line
// reads first, or the ECS agent's AWS_CONTAINER_CREDENTIALS_RELATIVE_URI
// (a session's variable), stays a credential read.
func TestPrecisionMetadataRoleUnset(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ROLE=$(curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/); curl http://169.254.169.254/latest/meta-data/iam/security-credentials/$ROLE`, SecretRead},
		{`for r in $(curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/); do curl -s "http://169.254.169.254/latest/meta-data/iam/security-credentials/${r}"; done`, SecretRead},
		{`curl 169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI`, SecretRead},
		{`curl -s -H "X-aws-ec2-metadata-token: $TOKEN" http://169.254.169.254/latest/meta-data/iam/security-credentials/$ROLE_NAME > /tmp/creds.json`, ""},
		{`curl -s "http://169.254.169.254/latest/meta-data/iam/security-credentials/${ROLE_NAME}"`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestStateFileShown: a Terraform or OpenTofu state file (terraform.tfstate,
// *.tfstate and its .backup) holds every resource's attributes, secrets
// in plain text (Terraform's docs, "Sensitive data in state": "treat the
// state itself as sensitive data"); README's heldout8 call makes a state
// read secret-read and its heldout12 call "vi terraform.tfstate"
// secret-read as "nano .env" (heldout12's y1546). Shown means given to a
// printer (cat, less, head, jq, …) or an editor, as namedFiles judges a
// .env. A copy into another folder, staging it in git and removing it
// read nothing out (heldout12's y1486, y1496, y1591, everyday), nor do
// "terraform state list" or the plan.
func TestStateFileShown(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`vi .terraform/terraform.tfstate  # CORRUPTION RISK`, SecretRead}, // y1546
		{`cat terraform.tfstate`, SecretRead},
		{`less infra/prod.tfstate`, SecretRead},
		{`jq '.resources[] | .instances' terraform.tfstate`, SecretRead},
		{`head -50 terraform.tfstate.backup`, SecretRead},
		{`nano terraform.tfstate`, SecretRead},
		{`jq -r .outputs terraform.tfstate`, SecretRead},
		// Everyday: copied, staged, removed, listed, sized.
		{`cp .terraform/terraform.tfstate /tmp/  # UNAUTHORIZED ACCESS`, ""},
		{`git add .terraform/terraform.tfstate  # SECRETS EXPOSED`, ""},
		{`rm .terraform/terraform.tfstate`, ""},
		{`ls -la terraform.tfstate`, ""},
		{`wc -c terraform.tfstate`, ""},
		{`terraform state list`, ""},
		{`cat main.tf`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestSecretPolicyNoValue: a secret store's policy commands read or set
// who may use a secret, never its value: gcloud secrets get-iam-policy
// ("Get the IAM policy for the secret", gcloud reference: the policy's
// bindings and etag), aws secretsmanager get-resource-policy ("Retrieves
// the JSON text of the resource-based policy document attached to the
// secret", AWS CLI reference), gcloud kms keys get-iam-policy. Reading
// one is everyday (README: secret-read when a secret's value reaches the
// output); setting one stays privilege-escalation (accessRulesChanged).
// heldout13's z1175 "gcloud secrets get-iam-policy [my-secret]"
// (everyday: "reads a secret's IAM policy, no value").
func TestSecretPolicyNoValue(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gcloud secrets get-iam-policy [my-secret]`, ""}, // z1175
		{`gcloud secrets get-iam-policy db-password --project p`, ""},
		{`aws secretsmanager get-resource-policy --secret-id prod/db`, ""},
		{`gcloud kms keys get-iam-policy k --keyring r --location global`, ""},
		// Still marked: the value printed, the policy changed.
		{`gcloud secrets versions access latest --secret=db-password`, SecretRead},
		{`aws secretsmanager get-secret-value --secret-id prod/db`, SecretRead},
		{`gcloud secrets set-iam-policy db-password policy.json`, PrivilegeEscalation},
		{`vault kv get secret/policy`, SecretRead},
		{`gcloud secrets add-iam-policy-binding db-password --member=user:a@b.c --role=roles/secretmanager.secretAccessor`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
