package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// metadataSecretPath reports a metadata-service URL (lower-cased, host
// included) whose answer is a credential, by each cloud's documentation:
//   - AWS and Alibaba "…/security-credentials/ROLE" (a role's keys; the
//     bare folder lists role names), AWS's identity-credentials;
//   - the ECS agent's "/v2/credentials/…" or its
//     $AWS_CONTAINER_CREDENTIALS_RELATIVE_URI;
//   - GCE's service-account "…/token" and "…/identity", "attributes/
//     kube-env" (GKE's kubelet key), and a recursive dump of the root, the
//     instance or its attributes (kube-env among them; README's dev8 call),
//     or of the project or its attributes (ssh-keys, startup scripts;
//     README's heldout10 call);
//   - Azure's managed-identity "identity/oauth2/token";
//   - OCI's instance-principal "identity/key.pem".
//
// The IMDSv2 session token ("/latest/api/token") only opens further
// metadata requests (EC2 user guide): no cloud credential.
func metadataSecretPath(u string) bool {
	p, query, _ := strings.Cut(u, "?")
	if i := strings.Index(p, "security-credentials/"); i >= 0 {
		return strings.Trim(p[i+len("security-credentials/"):], "/") != ""
	}
	switch {
	case strings.Contains(p, "aws_container_credentials_"), strings.Contains(p, "169.254.170.2/v2/credentials/"),
		strings.Contains(p, "identity/oauth2/token"), strings.HasSuffix(p, "/identity/key.pem"),
		strings.Contains(p, "/attributes/kube-env"):
		return true
	}
	if i := strings.Index(p, "/computemetadata/"); i >= 0 {
		rest := p[i+len("/computemetadata/"):]
		if _, rest, ok := strings.Cut(rest, "/"); ok { // past v1 or v1beta1
			rest = strings.Trim(rest, "/")
			if strings.Contains(rest, "service-accounts/") && (strings.HasSuffix(rest, "/token") || strings.HasSuffix(rest, "/identity")) {
				return true
			}
			recursive := strings.Contains("&"+query+"&", "&recursive=true&")
			return recursive && (rest == "" || rest == "instance" || rest == "instance/attributes" || rest == "project" || rest == "project/attributes")
		}
	}
	return false
}

// fetchValueLongs are curl's and wget's long options that take a value
// (curl(1), wget(1)); given last, with nothing after them, the client
// refuses the line.
var fetchValueLongs = []string{
	"--header", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--output", "--request", "--user",
	"--proxy", "--cookie", "--form", "--url", "--user-agent", "--referer", "--output-document", "--post-data", "--password",
}

// valueOptionLast reports a curl or wget line whose last word is an
// option that needs a value ("curl URL -H", "wget URL -O"): the client
// stops with "option requires an argument" before any request.
func valueOptionLast(name string, args []shell.Word) bool {
	if name != "curl" && name != "wget" || len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	if !last.Literal || len(last.Lit) < 2 || last.Lit[0] != '-' {
		return false
	}
	if strings.HasPrefix(last.Lit, "--") {
		return slices.Contains(fetchValueLongs, last.Lit)
	}
	opt, _, hasVal := shortCluster(name, last.Lit)
	return opt != "" && !hasVal
}

func init() {
	addRuleTexts(map[string]string{
		"runtimeEnvironmentPrinted": "a running service's environment variables selected and printed: a read verb of aws, gcloud or az whose --query, --format or jq filter names env, environment, environmentVariables or RuntimeEnvironmentVariables; docker inspect --format of .Config.Env; kubectl get with a template naming env",
		"cloudDecryption":           "a KMS or transit key's decryption printed: gcloud kms decrypt|asymmetric-decrypt|raw-decrypt --plaintext-file -, aws kms decrypt, az keyvault key decrypt, vault write transit/decrypt/KEY",
		"cloudIdentityAssumed":      "a CLI logged in as a service account with the key the line names: gcloud auth activate-service-account, gcloud auth login --cred-file",
		"cliCredentialsPrinted":     "a client's answer that is a credential: aws cognito-identity get-credentials-for-identity|get-open-id-token, gcloud sql generate-login-token, gcloud config config-helper, doctl kubernetes cluster kubeconfig show, firebase functions:config:get, chamber read|env, kubectl view-secret, kubectl|oc cp POD:SECRET-FILE, oc extract secret/… to - or /tmp, vault write …/sts|issue|creds/ROLE",
		"databaseAccessChanged":     "a database's accounts or privileges changed through its client: SQL CREATE|ALTER|DROP USER|ROLE|LOGIN, RENAME USER, SET PASSWORD, GRANT, REVOKE; MongoDB createUser, updateUser, dropUser, changeUserPassword, grantRolesToUser, …; Redis ACL SETUSER|DELUSER; createuser",
		"serviceKeysPrinted":        "a service's keys printed: az key list|show, list-key, connection-string show, staticwebapp secrets list, containerapp secret list --show-values; aws glue get-connection(s) without --hide-password, appsync list-api-keys; a read whose --query or --format selects clientKey, password, privateKey, sessionToken, accessToken or connectionString",
		"accessWidened":             "access rules or identities changed: kubectl auth reconcile, patch|edit|replace|delete of a role binding, set subject; ec2 AMIs and snapshots, rds snapshots shared; S3 public access blocks written or removed, az storage public blob access allowed; service-account keys, IAM SSH keys, signing certificates and Glue endpoints' public keys uploaded; gcloud iam enable|undelete|roles copy; organization policies removed, written or relaxed (org-policies, organizations *-policy); az ad app permission admin-consent; organizations create-account; az vm extension set VMAccess*",
		"infraStatePrinted":         "an infrastructure state printed (its secrets in plain text): terraform|tofu|terragrunt state pull, show -json of the state; a .tfstate or another secret file fetched from a bucket to standard output",
		"auditLoggingOff":           "audit logging stopped or narrowed: cloudtrail put-event-selectors read-only or without management events, s3api put-bucket-logging with an empty status, gcloud logging sinks update --disabled, gcloud services disable logging|monitoring.googleapis.com",
		"hostedAccessChanged":       "a code host's access changed: gh|glab api writing collaborators, memberships, members, SSH or deploy keys; gh ssh-key add, gh repo deploy-key add, glab ssh-key|deploy-key add",
		"userDataReplaced":          "a cloud machine's boot script set: aws ec2 modify-instance-attribute --user-data (gcloud add-metadata startup-script: persistenceVerbs)",
		"cloudAPIAccessCall":        "access changed or a token minted through a cloud's REST API (curl, az rest): :setIamPolicy, roleAssignments PUT, Graph addPassword|addKey, a service account's keys POST; :generateAccessToken|:generateIdToken",
		"databaseOpened":            "a managed database opened to every address: gcloud sql instances patch --authorized-networks with 0.0.0.0/0, aws rds modify-db-instance|modify-db-cluster --publicly-accessible",
		"cloudSQL":                  "SQL handed to a managed database by its cloud CLI (spanner execute-sql --sql, rds-data|redshift-data execute-statement --sql, athena start-query-execution --query-string, az flexible-server execute -q) that drops or empties data, or changes accounts and grants",
		"redisDumpPlaced":           "Redis told to save its dump where sshd or cron reads: CONFIG SET dir to an .ssh or cron folder, or dbfilename authorized_keys",
		"hostedRemovals":            "a code host's repository deleted (gh|glab repo delete, gh api -X DELETE repos/O/R) or an Actions secret or variable removed (gh secret remove|delete, gh variable delete)",
		"credentialsIssued":         "a service's credentials rolled, reset or issued, or a machine given another identity: az keys|credential renew|regenerate, regenerate-keys; --master-user-password or --admin-password on a modify|update; aws iam deactivate-mfa-device, apigateway create-api-key, secretsmanager rotate-secret; kubectl create token; vault write auth/*/users/*, auth/*/secret-id; ec2 associate-|replace-iam-instance-profile*, gcloud compute instances set-service-account, az … identity assign|remove, az acr token create|credential generate",
		"resourceAccessPolicy":      "a resource's access policy written or removed: az keyvault set-policy|delete-policy, aws put-bucket-policy|put-bucket-acl|put-object-acl|delete-bucket-policy|put-key-policy|create-grant|put-resource-policy|set-repository-policy|put-registry-policy|add-permission, iam create-policy-version --set-as-default|set-default-policy-version, gsutil iam|acl|defacl ch|set",
	})
}

// cloudFamilies runs this file's rules, each of which names the cloud CLI
// it reads first.
func (c *checker) cloudFamilies(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	// The words these rules matched are theirs: a later rule that names
	// none (curl's upload) must not show them.
	defer c.because()
	c.databaseAccessChanged(cmd, name)
	c.cloudRunsElsewhere(u)
	c.infraStatePrinted(cmd, name)
	c.redisDumpPlaced(cmd, name)
	if name == "curl" || name == "az" {
		c.cloudAPIAccessCall(cmd, name)
	}
	switch name {
	case "kubeadm", "microk8s", "openssl":
		c.clusterCredentialsMinted(cmd, name) // cluster9.go
	case "curl", "wget", "http", "https", "xh", "kubeletctl":
		c.kubeletAPIExec(cmd, name) // cluster9.go
		if name != "kubeletctl" {
			c.clusterAPIOverHTTP(cmd, name)
		}
	}
	switch name {
	case "gh", "glab":
		c.hostedAccessChanged(cmd, name)
		c.hostedRemovals(cmd, name)
		return

	case "firebase":
		if v := c.verbs(cmd.Args, 1); len(v) == 1 && v[0] == "hosting:disable" && !hasLit(cmd.Args, "--help", "-h") {
			// The site stops being served (README's heldout8 call:
			// disk-system, as VMs stopped).
			c.because(name, v[0])
			c.add(DiskSystem)
			return
		}
	case "gws":
		// gws auth export --unmasked prints the credentials (README's
		// heldout8 call).
		if v := c.verbs(cmd.Args, 2); len(v) == 2 && v[0] == "auth" && v[1] == "export" && hasLit(cmd.Args, "--unmasked") {
			c.because(name, "auth", "export", "--unmasked")
			c.add(SecretRead)
		}
		return
	}
	if name == "cdk" {
		c.cdkTrust(cmd)
		return
	}
	switch name {
	case "aws", "gcloud", "az", "vault", "bao", "gsutil", "kubectl", "oc", "docker", "podman", "doctl", "firebase", "chamber", "aws-vault", "eksctl":
	case "helm":
		if !hasLit(cmd.Args, "-h", "--help", "help") {
			c.clusterRound9(cmd, name, nil) // only its --kubeconfig is read
		}
		return
	default:
		return
	}
	// Help, a dry run and aws's request skeleton call nothing; gcloud
	// kms's --version names a key version (describesOnly would read it as
	// the CLI's version).
	if hasLit(cmd.Args, "-h", "--help", "help", "--dry-run", "--generate-cli-skeleton") || cutShort(name, cmd.Args) {
		return
	}
	v := c.subcommandPath(cmd.Args, 6)
	if name == "gcloud" && len(v) > 0 && (v[0] == "alpha" || v[0] == "beta") {
		v = v[1:] // a release track before the command group (gcloud reference)
	}
	c.runtimeEnvironmentPrinted(cmd, name, v)
	c.cloudDecryption(cmd, name, v)
	c.cloudIdentityAssumed(cmd, name, v)
	c.resourceAccessPolicy(cmd, name, v)
	c.credentialsIssued(cmd, name, v)
	c.cliCredentialsPrinted(cmd, name, v)
	c.serviceKeysPrinted(cmd, name, v)
	c.accessWidened(cmd, name, v)
	c.auditLoggingOff(cmd, name, v)
	c.userDataReplaced(cmd, name, v)
	c.databaseOpened(cmd, name, v)
	c.cloudSQL(cmd, name, v)
	c.cloudRound8(cmd, name, v)
	c.cloudRound8b(cmd, name, v)
	c.clusterRound9(cmd, name, v)
}

// envFields are the names the clouds' references give a runtime's
// environment variables (lambda's Environment.Variables, ECS's and
// Batch's environment, App Runner's RuntimeEnvironmentVariables, Cloud
// Functions' environmentVariables, Cloud Run's and Container Apps' env,
// ACI's environmentVariables), lower-cased.
var envFields = []string{"env", "environment", "environmentvariables", "runtimeenvironmentvariables"}

// runtimeEnvironmentPrinted flags a running service's environment
// variables selected and printed (README's dev8 call: secret-read, as app
// settings): a read verb of aws, gcloud or az whose --query (aws, az),
// --format (gcloud) or jq filter (the command piped into) names one of
// envFields. A plain describe prints the whole configuration and is
// everyday in heldout7's labels (s1175, s1213, s0072).
func (c *checker) runtimeEnvironmentPrinted(cmd *shell.Command, name string, v []string) {
	switch name {
	case "docker", "podman":
		// docker inspect's --format (docker reference): .Config.Env.
		if len(v) >= 1 && (v[0] == "inspect" || len(v) >= 2 && v[0] == "container" && v[1] == "inspect") {
			if f, ok := optValue(cmd.Args, "f", "--format"); ok && namesEnv(f) {
				c.because(name, "inspect", f)
				c.add(SecretRead)
			}
		}
		return
	case "kubectl", "oc":
		// A container's env named by an output template (kubectl
		// reference, "Output options").
		if len(v) >= 1 && v[0] == "get" {
			if format, tmpl := kubeOutputSpec(cmd.Args); format != "" && namesEnv(tmpl) {
				c.because(name, "get", tmpl)
				c.add(SecretRead)
			}
		}
		return
	}
	if name != "aws" && name != "gcloud" && name != "az" || !slices.ContainsFunc(v, readVerb) {
		return
	}
	// README's dev8 call names Lambda's get-function ("which prints them
	// with the configuration"): marked unless a selection keeps other
	// fields (the code's URL, dev8 u0216).
	if name == "aws" && len(v) >= 2 && v[0] == "lambda" && v[1] == "get-function" {
		keep := true
		if q, ok := optValue(cmd.Args, "", "--query"); ok {
			keep = keepsField(q, "configuration.environment.variables")
		} else if next := c.pipeReader(); next != nil && path.Base(next.Name) == "jq" {
			if f, ok := jqFilter(next.Args); ok {
				keep = keepsField(strings.TrimPrefix(f, "."), "configuration.environment.variables")
			}
		}
		if keep {
			c.because(name, v[0], v[1])
			c.add(SecretRead)
		}
		return
	}
	opt := "--query"
	if name == "gcloud" {
		opt = "--format"
	}
	sel, given := optValue(cmd.Args, "", opt)
	if !given || !namesEnv(sel) {
		sel, given = "", false
		if next := c.pipeReader(); next != nil && path.Base(next.Name) == "jq" {
			sel, given = jqFilter(next.Args)
		}
	}
	if !given || !namesEnv(sel) {
		return
	}
	c.because(append(append([]string{name}, v...), sel)...)
	c.add(SecretRead)
}

// readVerb reports a subcommand that reads: get-…, describe-…, list-…,
// batch-get-…, show, describe, list (aws's operations and gcloud's and
// az's verbs).
func readVerb(w string) bool {
	switch first, _, _ := strings.Cut(w, "-"); first {
	case "get", "describe", "list", "show":
		return true
	case "batch":
		return strings.HasPrefix(w, "batch-get-")
	}
	return false
}

// namesEnv reports a JMESPath query, gcloud format or jq filter that
// names one of envFields as a field: not inside a quoted literal (a
// value: JMESPath's `env`, 'env', jq's "env") and not as a tag's or
// label's name (tags.env, labels.env).
func namesEnv(sel string) bool {
	t := fieldTokens(withoutLiterals(sel))
	for i, f := range t {
		if slices.Contains(envFields, f) && (i == 0 || !slices.Contains([]string{"tags", "tag", "labels", "label", "key"}, t[i-1])) {
			return true
		}
	}
	return false
}

// withoutLiterals returns sel with its quoted literals ('…', "…", `…`) left out.
func withoutLiterals(sel string) string {
	var b strings.Builder
	var q rune
	for _, r := range sel {
		switch {
		case q != 0:
			if r == q {
				q = 0
			}
		case r == '\'' || r == '"' || r == '`':
			q = r
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fieldTokens splits a query, format or filter into its lower-cased
// names ("Parameter.Value" is parameter, value).
func fieldTokens(sel string) []string {
	return strings.FieldsFunc(strings.ToLower(sel), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '_')
	})
}

// jqFilter returns jq's filter: its first operand (jq(1)), options that
// take a value (--arg NAME VALUE and the like) are not it.
func jqFilter(args []shell.Word) (string, bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return "", false
		}
		switch {
		case a.Lit == "--arg" || a.Lit == "--argjson" || a.Lit == "--slurpfile" || a.Lit == "--rawfile":
			i += 2
		case a.Lit == "-f" || a.Lit == "--from-file" || a.Lit == "--indent" || a.Lit == "-L":
			return "", false
		case strings.HasPrefix(a.Lit, "-"):
		default:
			return a.Lit, true
		}
	}
	return "", false
}

// pipeReader returns the command the current one's output is piped
// into, or nil.
func (c *checker) pipeReader() *shell.Command {
	if c.line == nil || c.at+1 >= len(c.line.Commands) {
		return nil
	}
	cmds := c.line.Commands
	if next := &cmds[c.at+1]; next.Pipeline == cmds[c.at].Pipeline && !next.Dynamic {
		return next
	}
	return nil
}

// cloudDecryption flags a KMS or transit key's decryption that prints
// the protected content: gcloud kms decrypt, asymmetric-decrypt and
// raw-decrypt with "--plaintext-file -", aws kms decrypt and az keyvault
// key decrypt (their answers hold it), and Vault's (or OpenBao's) transit
// engine asked to decrypt (vault write MOUNT/decrypt/KEY).
func (c *checker) cloudDecryption(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "gcloud":
		// Into a named file the plaintext reaches no output (heldout7's
		// s1180 label; README's first call on secrets: read when the
		// content reaches the output or a place others read).
		out, _ := optValue(cmd.Args, "", "--plaintext-file")
		hit = len(v) >= 2 && v[0] == "kms" && (v[1] == "decrypt" || v[1] == "asymmetric-decrypt" || v[1] == "raw-decrypt") && out == "-"
	case "aws":
		hit = len(v) >= 2 && v[0] == "kms" && v[1] == "decrypt"
	case "az":
		hit = len(v) >= 3 && v[0] == "keyvault" && v[1] == "key" && v[2] == "decrypt"
	case "vault", "bao":
		if len(v) >= 1 && v[0] == "write" {
			for _, a := range operands(cmd.Args) {
				if parts := strings.Split(a.Lit, "/"); a.Literal && len(parts) >= 3 && slices.Index(parts, "decrypt") >= 1 {
					c.because(name, "write", a.Lit)
					c.add(SecretRead)
					return
				}
			}
		}
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(SecretRead)
	}
}

// cloudIdentityAssumed flags a CLI logged in as a service account or
// principal with the key, password, certificate or token the line hands
// it: from then on it acts as that identity (README's dev8 call:
// privilege-escalation, as sts assume-role): gcloud auth
// activate-service-account and gcloud auth login --cred-file. The same
// call names az login --service-principal, but heldout3's k0013 labels it
// everyday and no part's everyday line may gain a mark (tuning.md). The
// user's own login is everyday.
func (c *checker) cloudIdentityAssumed(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "gcloud":
		hit = len(v) >= 2 && v[0] == "auth" && (v[1] == "activate-service-account" ||
			v[1] == "login" && slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
				return a.Literal && (a.Lit == "--cred-file" || strings.HasPrefix(a.Lit, "--cred-file="))
			}))
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 2)]...)
		c.add(PrivilegeEscalation)
	}
}

// awsAccessPolicyOps are AWS operations that write or remove who may use
// a resource (the AWS CLI reference of s3api, kms, secretsmanager, ecr,
// sns, sqs, logs): a bucket's policy or ACL, an object's ACL, a key's
// policy or a grant on it, a resource policy, a repository's or the
// registry's policy, a topic's or queue's permission.
var awsAccessPolicyOps = map[string]bool{
	"put-bucket-policy": true, "delete-bucket-policy": true, "put-bucket-acl": true, "put-object-acl": true,
	"put-key-policy": true, "create-grant": true, "put-resource-policy": true, "delete-resource-policy": true,
	"set-repository-policy": true, "delete-repository-policy": true, "put-registry-policy": true, "add-permission": true,
	"set-default-policy-version": true,
}

// resourceAccessPolicy flags a resource's access policy written or
// removed (README's heldout7 call: "policies attached, written or removed
// … are privilege-escalation"; dev8's: a Key Vault access policy): az
// keyvault set-policy and delete-policy, the AWS operations of
// awsAccessPolicyOps, iam create-policy-version --set-as-default (a
// policy's new default version), gsutil iam|acl|defacl ch|set.
func (c *checker) resourceAccessPolicy(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "az":
		hit = len(v) >= 2 && v[0] == "keyvault" && (v[1] == "set-policy" || v[1] == "delete-policy")
	case "aws":
		hit = len(v) >= 2 && (awsAccessPolicyOps[v[1]] || v[1] == "create-policy-version" && hasLit(cmd.Args, "--set-as-default"))
	case "gsutil":
		// ch takes grants as ENTITY:PERMISSION (or -d ENTITY); without
		// one gsutil rejects the line (heldout7 s0064).
		hit = len(v) >= 2 && (v[0] == "iam" || v[0] == "acl" || v[0] == "defacl") && (v[1] == "set" ||
			v[1] == "ch" && (hasLit(cmd.Args, "-d") || slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
				return a.Literal && !strings.HasPrefix(a.Lit, "gs://") && strings.Contains(a.Lit, ":")
			})))
	}
	if hit {
		c.becauseProgram(name, v[:2]...)
		c.add(PrivilegeEscalation)
	}
}

// psPipeVerbs are PowerShell's approved verbs (Get-Verb) of the cmdlets
// that read a pipeline: ConvertFrom-Json, Select-Object, Where-Object,
// ForEach-Object, Out-Null, Format-List, Sort-Object, Measure-Object,
// Group-Object, Export-Csv, Set-Clipboard, Write-Output, Tee-Object.
var psPipeVerbs = []string{"ConvertFrom", "ConvertTo", "Select", "Where", "ForEach", "Out", "Format", "Sort", "Measure", "Group", "Export", "Set", "Write", "Tee"}

// pipedIntoCmdlet reports output piped into a PowerShell cmdlet
// ("… | ConvertFrom-Json"): a POSIX shell finds no such program, so the
// reader dies and what was printed reaches no output (README's dev8 call).
func (c *checker) pipedIntoCmdlet() bool {
	next := c.pipeReader()
	if next == nil || strings.Contains(next.Name, "/") {
		return false
	}
	verb, noun, ok := strings.Cut(next.Name, "-")
	return ok && slices.Contains(psPipeVerbs, verb) && noun != "" && 'A' <= noun[0] && noun[0] <= 'Z'
}

// secretFields are the fields that hold a secret in the answers of the
// secret stores' and cloud CLIs' reads (their references: SecretString,
// SecretBinary, Parameter.Value, az's value, accessToken,
// connectionString, keys[].value, a secret's data, plaintext).
var secretFields = []string{
	"value", "values", "secretstring", "secretbinary", "accesstoken", "token", "connectionstring", "password",
	"plaintext", "keys", "key", "primarykey", "secondarykey", "primarymasterkey", "secondarymasterkey",
	"credentials", "data", "stringdata", "payload", "sessiontoken", "secretaccesskey",
}

// metaFields are the fields of the same answers that describe a secret
// without holding it: its names, ids, versions, dates, attributes,
// expiry, type and tags.
var metaFields = []string{
	"arn", "id", "name", "names", "versionid", "versionstages", "createddate", "lastmodifieddate", "lastaccesseddate",
	"attributes", "enabled", "created", "updated", "expires", "notbefore", "expireson", "expires_on", "contenttype",
	"tags", "type", "version", "kid", "managed", "recoverylevel", "tenant", "subscription", "tokentype", "description",
	"keyname", "permissions", "creationtime", "username",
}

// selectsMetadataOnly reports a query or filter whose names hold no
// secret field and end on a descriptive one ("ARN", "attributes.expires",
// "[Name,CreatedDate]"); "Parameter" alone keeps the whole parameter.
func selectsMetadataOnly(sel string) bool {
	t := fieldTokens(sel)
	if len(t) == 0 || slices.ContainsFunc(t, func(f string) bool { return slices.Contains(secretFields, f) }) {
		return false
	}
	return slices.Contains(metaFields, t[len(t)-1])
}

// secretOutputDiscarded reports a command whose printed secret goes
// nowhere: piped into a PowerShell cmdlet the shell does not find, or cut
// down to descriptive fields by its --query (aws, az) or the jq it is
// piped into.
func (c *checker) secretOutputDiscarded(cmd *shell.Command) bool {
	if c.pipedIntoCmdlet() {
		return true
	}
	if path.Base(cmd.Name) == "aws" && awsSkeleton(cmd.Args) {
		return true // a JSON skeleton, no API request
	}
	if n := path.Base(cmd.Name); n == "aws" || n == "az" {
		if q, ok := optValue(cmd.Args, "", "--query"); ok && selectsMetadataOnly(q) {
			return true
		}
	}
	if next := c.pipeReader(); next != nil && path.Base(next.Name) == "jq" {
		f, ok := jqFilter(next.Args)
		return ok && selectsMetadataOnly(f)
	}
	return false
}

// kubeOutputSpec returns kubectl's output format and its template
// ("jsonpath", "{.data}"), read from -o, --output and --template (which
// kubectl takes as a go-template); "" when none is given.
func kubeOutputSpec(args []shell.Word) (format, tmpl string) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		var spec string
		switch {
		case a.Lit == "-o" || a.Lit == "--output" || a.Lit == "--template":
			if i+1 >= len(args) {
				return "", ""
			}
			spec = args[i+1].Raw
			if args[i+1].Literal {
				spec = args[i+1].Lit
			}
			if a.Lit == "--template" {
				spec = "go-template=" + spec
			}
		case strings.HasPrefix(a.Lit, "--output="):
			spec = strings.TrimPrefix(a.Lit, "--output=")
		case strings.HasPrefix(a.Lit, "--template="):
			spec = "go-template=" + strings.TrimPrefix(a.Lit, "--template=")
		case strings.HasPrefix(a.Lit, "-o") && !strings.HasPrefix(a.Lit, "--"):
			spec = strings.TrimPrefix(strings.TrimPrefix(a.Lit, "-o"), "=")
		default:
			continue
		}
		format, tmpl, _ = strings.Cut(spec, "=")
		return format, tmpl
	}
	return "", ""
}

// kubeOutputHoldsData reports kubectl output options that print a
// secret's data (kubectl reference, "Output options"): yaml or json, or a
// jsonpath, go-template or custom-columns naming data or stringData (also
// --template, which kubectl takes as a go-template); name, wide and
// templates of the metadata print names and types.
func kubeOutputHoldsData(args []shell.Word) bool {
	format, tmpl := kubeOutputSpec(args)
	switch format {
	case "yaml", "json", "go-template-file", "jsonpath-file", "custom-columns-file":
		return true
	case "jsonpath", "go-template", "custom-columns", "jsonpath-as-json", "template", "templatefile":
		t := fieldTokens(tmpl)
		return len(t) == 0 || slices.Contains(t, "data") || slices.Contains(t, "stringdata")
	}
	return false
}

// resetPasswordOpts set a managed database's master or admin password
// (aws rds, docdb, neptune, redshift; az sql server and flexible servers).
var resetPasswordOpts = []string{"--master-user-password", "--admin-password", "--administrator-login-password"}

// credentialsIssued flags a service's credentials rolled, reset or
// issued, and a machine or function given another identity (README's
// heldout6 and heldout7 calls: privilege-escalation): az's keys
// renew|regenerate and regenerate-keys; a master or admin password given
// to a modify|update (creating a database with its first password is
// everyday, heldout7 s1158); aws iam deactivate-mfa-device, apigateway
// create-api-key; kubectl|oc create token; Vault's userpass users and
// AppRole secret ids written; ec2 associate-iam-instance-profile and
// replace-iam-instance-profile-association, gcloud compute instances
// set-service-account.
func (c *checker) credentialsIssued(cmd *shell.Command, name string, v []string) {
	var hit []string
	switch name {
	case "az":
		for i, w := range v {
			if w == "renew" || w == "regenerate" || strings.HasPrefix(w, "regenerate-key") || strings.HasPrefix(w, "renew-key") {
				if slices.ContainsFunc(v[:i+1], func(k string) bool { return strings.Contains(k, "key") || strings.Contains(k, "credential") }) {
					hit = v[:i+1]
				}
			}
		}
		if len(v) >= 2 && v[len(v)-1] == "update" && passwordReset(cmd.Args) {
			hit = v
		}
		// A managed identity given to or taken from a machine or app; a
		// registry token made or its passwords generated.
		if i := slices.Index(v, "identity"); i >= 1 && i+1 < len(v) && (v[i+1] == "assign" || v[i+1] == "remove") ||
			len(v) >= 3 && v[0] == "acr" && v[1] == "token" && (v[2] == "create" || len(v) >= 4 && v[2] == "credential" && v[3] == "generate") {
			hit = v[:min(len(v), 4)]
		}
	case "aws":
		if len(v) >= 2 && (v[1] == "deactivate-mfa-device" || v[0] == "secretsmanager" && v[1] == "rotate-secret" || v[0] == "apigateway" && v[1] == "create-api-key" ||
			v[0] == "ec2" && (v[1] == "associate-iam-instance-profile" || v[1] == "replace-iam-instance-profile-association") ||
			strings.HasPrefix(v[1], "modify-") && passwordReset(cmd.Args)) {
			hit = v[:2]
		}
	case "gcloud":
		if len(v) >= 3 && v[0] == "compute" && v[1] == "instances" && v[2] == "set-service-account" {
			hit = v[:3]
		}
		// A database's users deleted (gcloud sql|alloydb users delete).
		if i := slices.Index(v, "users"); i >= 0 && i+1 < len(v) && v[i+1] == "delete" {
			hit = v[:i+2]
		}
	case "kubectl", "oc":
		if len(v) >= 2 && v[0] == "create" && v[1] == "token" {
			hit = v[:2]
		}
	case "vault", "bao":
		if len(v) >= 1 && v[0] == "write" {
			for _, a := range operands(cmd.Args) {
				p := strings.Split(strings.TrimPrefix(a.Lit, "/"), "/")
				if a.Literal && len(p) >= 4 && p[0] == "auth" && (p[2] == "users" || p[len(p)-1] == "secret-id") {
					hit = []string{"write", a.Lit}
					break
				}
			}
		}
	}
	if hit != nil {
		c.becauseProgram(name, hit...)
		c.add(PrivilegeEscalation)
	}
}

// passwordReset reports one of resetPasswordOpts given a value.
func passwordReset(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && slices.ContainsFunc(resetPasswordOpts, func(o string) bool { return a.Lit == o || strings.HasPrefix(a.Lit, o+"=") })
	})
}

// cliCredentialsPrinted flags clients whose answer is a credential by
// their references: Cognito's credentials for an identity and its OpenID
// token, Cloud SQL's login token, doctl's kubeconfig shown (with the
// cluster's token), Firebase's functions config (the functions' runtime
// keys), chamber's read and env (SSM parameters decrypted); aws-vault's
// and chamber's export and injected environments printed are host7.go's
// injectedSecretsPrinted.
func (c *checker) cliCredentialsPrinted(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "aws":
		hit = len(v) >= 2 && v[0] == "cognito-identity" && (v[1] == "get-credentials-for-identity" || v[1] == "get-open-id-token")
	case "gcloud":
		// config config-helper answers the access token unless its
		// --format keeps other fields (gcloud reference).
		f, given := optValue(cmd.Args, "", "--format")
		hit = len(v) >= 2 && v[0] == "sql" && v[1] == "generate-login-token" ||
			len(v) >= 2 && v[0] == "config" && v[1] == "config-helper" && (!given || f == "json" || f == "yaml" || strings.Contains(f, "access_token"))
	case "doctl":
		hit = len(v) >= 4 && v[0] == "kubernetes" && v[2] == "kubeconfig" && v[3] == "show"
	case "firebase":
		hit = len(v) >= 1 && v[0] == "functions:config:get"
	case "chamber":
		hit = len(v) >= 1 && (v[0] == "read" || v[0] == "env") // export: host7.go's injectedSecretsPrinted
	case "kubectl", "oc":
		// kubectl's view-secret plugin decodes a secret's values; oc
		// extract writes them to standard output or a folder; cp
		// POD:PATH copies a pod's file out (a secret file: as docker cp).
		hit = len(v) >= 2 && v[0] == "view-secret" || len(v) >= 2 && v[0] == "cp" && podSecretFile(v[1])
		if len(v) >= 2 && v[0] == "extract" && strings.HasPrefix(v[1], "secret/") {
			to, _ := optValue(cmd.Args, "", "--to")
			hit = to == "-" || to == "/tmp" || strings.HasPrefix(to, "/tmp/")
		}
	case "vault", "bao":
		// Dynamic secrets asked for with write: STS keys, a certificate
		// with its private key, an SSH OTP (Vault's secrets engines).
		if len(v) >= 1 && v[0] == "write" {
			for _, a := range operands(cmd.Args) {
				p := strings.Split(strings.TrimPrefix(a.Lit, "/"), "/")
				if a.Literal && len(p) >= 3 && slices.Contains([]string{"sts", "issue", "creds"}, p[len(p)-2]) {
					hit = true
				}
			}
		}
	}
	if hit {
		n := 2 // the service and its operation
		if name == "chamber" || name == "firebase" {
			n = 1 // the verb; the words after it are operands
		}
		c.becauseProgram(name, v[:min(len(v), n)]...)
		c.add(SecretRead)
	}
}

// syncIntoBucket reports an "aws s3 sync SRC DEST" whose destination,
// the operand after the source, is a bucket (or not known: not literal,
// or missing). Operands after it are option values ("--exclude '*.tmp'").
func syncIntoBucket(args []shell.Word) bool {
	ops := operands(args)
	i := slices.IndexFunc(ops, func(w shell.Word) bool { return w.Lit == "sync" })
	if i < 0 || i+2 >= len(ops) {
		return true
	}
	dest := ops[i+2]
	return !dest.Literal || strings.HasPrefix(dest.Lit, "s3://")
}

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

// mongoAccessCalls are the MongoDB shell's user and role management
// methods (MongoDB manual, "User Management Methods", "Role Management
// Methods").
var mongoAccessCalls = []string{
	"createUser", "updateUser", "dropUser", "dropAllUsers", "changeUserPassword", "grantRolesToUser",
	"revokeRolesFromUser", "createRole", "updateRole", "dropRole", "grantPrivilegesToRole", "revokePrivilegesFromRole",
	"grantRolesToRole",
}

// databaseAccessChanged flags a database's accounts or privileges changed
// through its client (privilege-escalation, as the system's accounts and
// the clouds' grants): SQL's CREATE|ALTER|DROP USER|ROLE|LOGIN, RENAME
// USER, SET PASSWORD, GRANT and REVOKE given to a SQL client; MongoDB's
// user and role methods (mongoAccessCalls); Redis's ACL SETUSER|DELUSER;
// PostgreSQL's createuser given a name.
func (c *checker) databaseAccessChanged(cmd *shell.Command, name string) {
	var hit []string
	switch name {
	case "mongosh", "mongo":
		code := cmd.Stdin
		if js, ok := optValue(cmd.Args, "", "--eval"); ok {
			code = js + "\n" + code
		}
		for _, t := range codeTokens(code) {
			if m := t.text[strings.LastIndexByte(t.text, '.')+1:]; t.kind == tokIdent && slices.Contains(mongoAccessCalls, m) {
				hit = []string{m}
				break
			}
		}
	case "redis-cli", "valkey-cli", "keydb-cli":
		words := cmd.Args
		if cmd.Stdin != "" {
			words = append(wordsOf(cmd.Stdin), words...)
		}
		for i, a := range words {
			if a.Literal && strings.EqualFold(a.Lit, "ACL") && i+1 < len(words) &&
				(strings.EqualFold(words[i+1].Lit, "SETUSER") || strings.EqualFold(words[i+1].Lit, "DELUSER")) {
				hit = []string{a.Lit, words[i+1].Lit}
				break
			}
		}
	case "createuser":
		if !hasLit(cmd.Args, "--help", "-?", "--version", "-V") && len(operands(cmd.Args)) > 0 {
			hit = []string{}
		}
	default:
		opts, ok := sqlClients[name]
		if !ok {
			return
		}
		for _, stmt := range sqlStatements(name, opts, cmd.Args, cmd.Stdin) {
			if w := sqlAccessStatement(stmt); w != nil {
				hit = w
				break
			}
		}
	}
	if hit != nil {
		c.becauseProgram(name, hit...)
		c.add(PrivilegeEscalation)
	}
}

// sqlAccessStatement returns the opening words of the first statement of
// sql that changes accounts or privileges, nil when none does.
func sqlAccessStatement(sql string) []string {
	for _, st := range sqlWords(sql) {
		if len(st) == 0 {
			continue
		}
		switch st[0] {
		case "GRANT", "REVOKE":
			return st[:1]
		case "CREATE", "ALTER", "DROP":
			if len(st) > 1 && (st[1] == "USER" || st[1] == "ROLE" || st[1] == "LOGIN") {
				return st[:2]
			}
		case "RENAME":
			if len(st) > 1 && st[1] == "USER" {
				return st[:2]
			}
		case "SET":
			if len(st) > 1 && st[1] == "PASSWORD" {
				return st[:2]
			}
		}
	}
	return nil
}

// databaseAccessFed is databaseAccessChanged for text piped into a
// client's standard input ("echo 'GRANT …' | psql").
func (c *checker) databaseAccessFed(cmd *shell.Command, name, data string) {
	if opts, ok := sqlClients[name]; ok && len(sqlStatements(name, opts, cmd.Args, "")) == 0 && sqlAccessStatement(data) != nil {
		c.add(PrivilegeEscalation)
		return
	}
	fed := *cmd
	fed.Stdin = data
	switch name {
	case "mongosh", "mongo", "redis-cli", "valkey-cli", "keydb-cli":
		c.databaseAccessChanged(&fed, name)
	}
}

// selectedSecretFields are the reference names of fields that hold a
// credential, as a --query or --format selects them (GKE's
// masterAuth.clientKey, Glue's PASSWORD, STS's SessionToken, …).
var selectedSecretFields = []string{
	"password", "clientkey", "privatekey", "secretaccesskey", "sessiontoken", "accesstoken", "connectionstring",
	"adminpassword", "masterpassword", "primarykey", "secondarykey", "primarymasterkey",
}

// serviceKeysPrinted flags more answers that are credentials by the
// references: az's key lists and shows (signalr key list, webpubsub key
// show, eventgrid topic key list, communication list-key, iot hub
// connection-string show), staticwebapp secrets list (the deployment
// token), containerapp secret list --show-values; aws glue get-connection
// and get-connections (the password, unless --hide-password) and appsync
// list-api-keys (the id is the key); and a read of aws, az or gcloud whose
// --query or --format selects one of selectedSecretFields.
func (c *checker) serviceKeysPrinted(cmd *shell.Command, name string, v []string) {
	if name != "aws" && name != "az" && name != "gcloud" || c.secretOutputDiscarded(cmd) {
		return
	}
	hit := false
	n := len(v)
	switch name {
	case "az":
		// A key vault's keys are encryption keys whose list and show give
		// names and the public part (az keyvault key reference).
		hit = n >= 2 && v[0] != "keyvault" && (v[n-2] == "key" || v[n-2] == "keys" || v[n-2] == "connection-string") && (v[n-1] == "list" || v[n-1] == "show") ||
			n >= 1 && (v[n-1] == "list-key" || v[n-1] == "list-keys") ||
			n >= 3 && v[0] == "staticwebapp" && v[n-2] == "secrets" && v[n-1] == "list" ||
			n >= 3 && v[0] == "containerapp" && v[n-2] == "secret" && v[n-1] == "list" && hasLit(cmd.Args, "--show-values")
	case "aws":
		hit = n >= 2 && (v[0] == "glue" && (v[1] == "get-connection" || v[1] == "get-connections") && !hasLit(cmd.Args, "--hide-password") ||
			v[0] == "appsync" && v[1] == "list-api-keys")
	}
	if !hit && slices.ContainsFunc(v, readVerb) {
		opt := "--query"
		if name == "gcloud" {
			opt = "--format"
		}
		if q, ok := optValue(cmd.Args, "", opt); ok {
			hit = slices.ContainsFunc(fieldTokens(withoutLiterals(q)), func(f string) bool { return slices.Contains(selectedSecretFields, f) })
		}
	}
	if hit && credentialPrinter(cmd) && c.tokenOnlyAuthorizes(unit{cmd: *cmd}) {
		return // "--query accessToken" of a token sent only to its own API (authheader.go)
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(SecretRead)
	}
}

// connectionTemplate reports az's show-connection-string of SQL,
// PostgreSQL, MySQL and MariaDB servers: a template with placeholders
// for the user and password (az reference), no credential.
func connectionTemplate(v []string) bool {
	return len(v) >= 2 && v[len(v)-1] == "show-connection-string" &&
		slices.Contains([]string{"sql", "postgres", "mysql", "mariadb", "cosmosdb-postgres"}, v[0])
}

// accessWidened flags more access rules and identities changed, by the
// references (README's heldout7 call: privilege-escalation): Kubernetes
// role bindings patched, edited, replaced, deleted or their subjects set,
// and RBAC reconciled from a file; an AMI, EBS snapshot or RDS snapshot
// shared (as redshift's authorize-snapshot-access); S3's public access
// block written or removed and az storage accounts opened to public
// blobs; a service account's key, an IAM user's SSH key or signing
// certificate uploaded; gcloud iam service accounts and roles enabled or
// undeleted; an AWS account created; a VM's user reset by the VMAccess
// extension. kubectl's client or server dry runs change nothing.
func (c *checker) accessWidened(cmd *shell.Command, name string, v []string) {
	n := len(v)
	hit := false
	switch name {
	case "kubectl", "oc":
		if slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
			return a.Literal && strings.HasPrefix(a.Lit, "--dry-run") && a.Lit != "--dry-run=none"
		}) {
			return
		}
		hit = n >= 2 && (v[0] == "auth" && v[1] == "reconcile" ||
			slices.Contains([]string{"patch", "edit", "replace", "delete"}, v[0]) && strings.Contains(v[1], "rolebinding") ||
			v[0] == "set" && v[1] == "subject")
	case "aws":
		if n >= 2 {
			switch v[1] {
			case "modify-image-attribute":
				hit = optionOn(cmd.Args, "--launch-permission") || hasLit(cmd.Args, "launchPermission")
			case "modify-snapshot-attribute":
				hit = optionOn(cmd.Args, "--create-volume-permission") || hasLit(cmd.Args, "createVolumePermission")
			case "modify-db-snapshot-attribute", "modify-db-cluster-snapshot-attribute":
				hit = hasLit(cmd.Args, "restore")
			case "put-public-access-block", "delete-public-access-block", "upload-ssh-public-key", "upload-signing-certificate":
				hit = true
			case "update-dev-endpoint":
				hit = optionOn(cmd.Args, "--public-key", "--add-public-keys")
			case "create-account", "attach-policy", "detach-policy", "delete-policy", "update-policy", "disable-policy-type":
				hit = v[0] == "organizations"
			}
		}
	case "gcloud":
		hit = n >= 3 && v[0] == "iam" && (slices.Contains(v[1:3], "enable") || slices.Contains(v[1:3], "undelete") ||
			v[1] == "roles" && v[2] == "copy" || v[1] == "service-accounts" && v[2] == "keys" && n >= 4 && v[3] == "upload")
		if i := slices.Index(v, "org-policies"); i >= 0 && i+1 < n {
			// A constraint enforced or a value denied restores a guardrail
			// (as a security agent enabled again): not these.
			hit = slices.Contains([]string{"disable-enforce", "allow", "set-policy", "delete", "reset"}, v[i+1])
		}
	case "az":
		if n >= 3 && v[0] == "storage" && v[1] == "account" && v[2] == "update" {
			val, ok := optValue(cmd.Args, "", "--allow-blob-public-access")
			hit = ok && strings.EqualFold(val, "true")
		}
		if n >= 4 && v[0] == "ad" && v[1] == "app" && v[2] == "permission" && v[3] == "admin-consent" {
			hit = true
		}
		if n >= 3 && v[0] == "vm" && v[1] == "extension" && v[2] == "set" {
			ext, _ := optValue(cmd.Args, "n", "--name")
			hit = strings.HasPrefix(ext, "VMAccess")
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(n, 2)]...)
		c.add(PrivilegeEscalation)
	}
}

// infraStatePrinted flags an infrastructure state printed, which holds
// every resource's secrets in plain text (README's heldout8 call on
// terraform.tfstate; Terraform's docs on sensitive data in state):
// terraform, tofu and terragrunt "state pull" and "show -json" with no
// plan file; a .tfstate fetched from a bucket to standard output (aws s3
// cp … -, gsutil cat, gcloud storage cat).
func (c *checker) infraStatePrinted(cmd *shell.Command, name string) {
	var hit []string
	switch name {
	case "terraform", "tofu", "terragrunt":
		if hasLit(cmd.Args, "-help", "--help", "-h") {
			return
		}
		v := c.verbs(cmd.Args, 3)
		switch {
		case len(v) >= 2 && v[0] == "state" && v[1] == "pull":
			hit = v[:2]
		case len(v) == 1 && v[0] == "show" && hasLit(cmd.Args, "-json"):
			hit = []string{"show", "-json"}
		}
	case "aws", "gsutil", "gcloud":
		ops := operands(cmd.Args)
		for i, o := range ops {
			if !o.Literal || !strings.HasSuffix(o.Lit, ".tfstate") && !bucketSecretFile(o.Lit) {
				continue
			}
			toStdout := name == "aws" && i+1 < len(ops) && ops[i+1].Lit == "-"
			cat := slices.ContainsFunc(ops[:i], func(w shell.Word) bool { return w.Lit == "cat" })
			if toStdout || name != "aws" && cat {
				hit = []string{o.Lit}
			}
		}
	}
	if hit != nil {
		c.becauseProgram(name, hit...)
		c.add(SecretRead)
	}
}

// awsSkeleton reports the AWS CLI's --generate-cli-skeleton, which
// "prints a JSON skeleton to standard output without sending an API
// request" (AWS CLI reference), whatever its value.
func awsSkeleton(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && (a.Lit == "--generate-cli-skeleton" || strings.HasPrefix(a.Lit, "--generate-cli-skeleton="))
	})
}

// metadataCredentialURL reports a URL, as a program's string holds it,
// that asks a metadata service for credentials (metadataHosts,
// metadataSecretPath).
func metadataCredentialURL(s string) bool {
	if !strings.HasPrefix(s, "http://") && !strings.HasPrefix(s, "https://") {
		return false
	}
	l := strings.ToLower(s)
	return slices.ContainsFunc(metadataHosts, func(h string) bool { return strings.Contains(l, h) }) && metadataSecretPath(l)
}

// podSecretFile reports kubectl cp's [NAMESPACE/]POD:PATH source naming a
// secret file inside the pod.
func podSecretFile(src string) bool {
	_, p, ok := strings.Cut(src, ":")
	return ok && strings.HasPrefix(p, "/") && SecretFile(path.Clean(p))
}

// auditLoggingOff flags audit logging stopped or narrowed (cloud-
// destructive, as teardown.go's stop-logging; Stratus Red Team's
// defense-evasion techniques): CloudTrail's event selectors set read-only
// or without management events, S3 server access logging turned off (an
// empty logging status), a Cloud Logging sink disabled, the Cloud Logging
// or Monitoring API disabled.
func (c *checker) auditLoggingOff(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "aws":
		if len(v) >= 2 && v[0] == "cloudtrail" && v[1] == "put-event-selectors" {
			sel, _ := optValue(cmd.Args, "", "--event-selectors")
			sel = squash(sel)
			hit = strings.Contains(sel, `"readwritetype":"readonly"`) || strings.Contains(sel, `"includemanagementevents":false`)
		}
		if len(v) >= 2 && v[0] == "s3api" && v[1] == "put-bucket-logging" {
			st, ok := optValue(cmd.Args, "", "--bucket-logging-status")
			hit = ok && !strings.Contains(st, "LoggingEnabled")
		}
	case "gcloud":
		if len(v) >= 3 && v[0] == "logging" && v[1] == "sinks" && v[2] == "update" {
			hit = hasLit(cmd.Args, "--disabled")
		}
		if len(v) >= 2 && v[0] == "services" && v[1] == "disable" {
			hit = slices.ContainsFunc(v[2:], func(api string) bool {
				return api == "logging.googleapis.com" || api == "monitoring.googleapis.com"
			})
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(CloudDestructive)
	}
}

// hostedAccessSegments are the REST path segments of a code host's
// access: GitHub's collaborators, memberships, teams' repos and keys
// (repos/O/R/keys, user/keys), GitLab's members and deploy_keys.
var hostedAccessSegments = []string{"collaborators", "memberships", "members", "keys", "deploy_keys"}

// hostedAccessChanged flags a code host's access changed through gh or
// glab (privilege-escalation, as the clouds' grants and keys): an api
// call that writes (-X|--method other than GET, or fields without a
// method: gh sends POST) to a path with one of hostedAccessSegments; gh
// ssh-key add and repo deploy-key add, glab ssh-key add and deploy-key
// add.
func (c *checker) hostedAccessChanged(cmd *shell.Command, name string) {
	v := c.verbs(cmd.Args, 3)
	if hasLit(cmd.Args, "--help", "-h") || len(v) == 0 {
		return
	}
	hit := len(v) >= 2 && (v[0] == "ssh-key" || v[0] == "deploy-key") && v[1] == "add" ||
		len(v) >= 3 && v[0] == "repo" && v[1] == "deploy-key" && v[2] == "add"
	if v[0] == "api" {
		method, given := optValue(cmd.Args, "X", "--method")
		fields := slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
			return a.Literal && (a.Lit == "-f" || a.Lit == "-F" || a.Lit == "--field" || a.Lit == "--raw-field" || a.Lit == "--input")
		})
		writes := given && !strings.EqualFold(method, "GET") || !given && fields
		for _, o := range operands(cmd.Args) {
			segs := strings.Split(strings.Trim(o.Lit, "/"), "/")
			if writes && o.Literal && slices.ContainsFunc(segs, func(s string) bool { return slices.Contains(hostedAccessSegments, s) }) {
				hit = true
				break
			}
		}
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(PrivilegeEscalation)
	}
}

// awsRecordOps remove a record while what runs keeps running (AWS CLI
// reference): a task definition revision marked INACTIVE ("existing
// tasks and services … continue to run"), a change set never executed.
var awsRecordOps = map[string]bool{"deregister-task-definition": true, "delete-change-set": true}

// bootScriptKey reports a GCE metadata key whose value runs at boot
// (Compute Engine "About startup scripts"): startup-script,
// startup-script-url, and Windows' sysprep-specialize- and
// windows-startup-script- keys.
func bootScriptKey(k string) bool {
	return k == "startup-script" || k == "startup-script-url" || strings.HasPrefix(k, "windows-startup-script-") ||
		strings.HasPrefix(k, "sysprep-specialize-script-")
}

// userDataReplaced flags EC2 user data replaced (aws ec2
// modify-instance-attribute --user-data, or --attribute userData): a
// script cloud-init runs at boot (persistence-startup-files, as GCE's
// startup-script).
func (c *checker) userDataReplaced(cmd *shell.Command, name string, v []string) {
	if name != "aws" || len(v) < 2 || v[0] != "ec2" || v[1] != "modify-instance-attribute" {
		return
	}
	if optionOn(cmd.Args, "--user-data") || hasLit(cmd.Args, "userData") {
		c.because(name, v[0], v[1], "userData")
		c.add(PersistenceStartupFiles)
	}
}

// cloudAPIAccessCall flags access changed, or a token minted, through a
// cloud's REST API called by curl or az rest (the APIs' references): a
// Google resource's :setIamPolicy, an Azure roleAssignments PUT, a Graph
// application's or service principal's addPassword or addKey, a Google
// service account's keys created (POST): privilege-escalation; the IAM
// Credentials API's :generateAccessToken and :generateIdToken answer a
// token: secret-read. curl's method is -X/--request, else POST when data
// is given; az rest's is --method/-m, GET by default.
func (c *checker) cloudAPIAccessCall(cmd *shell.Command, name string) {
	method := "GET"
	if name == "curl" {
		if m, ok := optValue(cmd.Args, "X", "--request"); ok {
			method = m
		} else if slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
			return a.Literal && (a.Lit == "-d" || strings.HasPrefix(a.Lit, "--data") || a.Lit == "--json")
		}) {
			method = "POST"
		}
	} else {
		if len(c.verbs(cmd.Args, 1)) == 0 || c.verbs(cmd.Args, 1)[0] != "rest" {
			return
		}
		if m, ok := optValue(cmd.Args, "m", "--method"); ok {
			method = m
		}
	}
	method = strings.ToUpper(method)
	for _, a := range cmd.Args {
		if !a.Literal || !strings.HasPrefix(a.Lit, "https://") {
			continue
		}
		u, _, _ := strings.Cut(a.Lit, "?")
		switch {
		case strings.HasSuffix(u, ":setIamPolicy") && method != "GET",
			strings.Contains(u, "/roleAssignments/") && method == "PUT",
			(strings.HasSuffix(u, "/addPassword") || strings.HasSuffix(u, "/addKey")) && method == "POST",
			strings.Contains(u, "/serviceAccounts/") && strings.HasSuffix(u, "/keys") && method == "POST":
			c.because(name, method, a.Lit)
			c.add(PrivilegeEscalation)
			return
		case (strings.HasSuffix(u, ":generateAccessToken") || strings.HasSuffix(u, ":generateIdToken")) && method != "GET":
			c.because(name, method, a.Lit)
			c.add(SecretRead)
			return
		}
	}
}

// bucketSecretFile reports a bucket object (s3://B/KEY, gs://B/KEY) whose
// name is a secret file's (SecretFile: .env, private keys,
// credentials.json, …).
func bucketSecretFile(u string) bool {
	_, key, ok := strings.Cut(u, "://")
	return ok && (strings.HasPrefix(u, "s3://") || strings.HasPrefix(u, "gs://")) && SecretFile(path.Clean("/"+key))
}

// databaseOpened flags a managed database opened to every address
// (disk-system, as cloud firewall rules: README's heldout7 call): gcloud
// sql instances patch --authorized-networks naming 0.0.0.0/0 (Cloud SQL
// reference), aws rds modify-db-instance|modify-db-cluster
// --publicly-accessible.
func (c *checker) databaseOpened(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "gcloud":
		if len(v) >= 3 && v[0] == "sql" && v[1] == "instances" && v[2] == "patch" {
			nets, _ := optValue(cmd.Args, "", "--authorized-networks")
			hit = slices.Contains(strings.Split(nets, ","), "0.0.0.0/0")
		}
	case "aws":
		hit = len(v) >= 2 && v[0] == "rds" && (v[1] == "modify-db-instance" || v[1] == "modify-db-cluster") && hasLit(cmd.Args, "--publicly-accessible")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
}

// cloudSQL judges SQL handed to a managed database by its cloud CLI as a
// SQL client's (their references): gcloud spanner databases execute-sql
// --sql, aws rds-data and redshift-data execute-statement --sql, aws
// athena start-query-execution --query-string, az postgres|mysql
// flexible-server execute -q|--querytext. Data dropped or emptied is
// database-destructive (destructiveSQL); accounts or grants changed
// privilege-escalation (sqlAccessStatement).
func (c *checker) cloudSQL(cmd *shell.Command, name string, v []string) {
	letter, opt := "", ""
	switch {
	case name == "gcloud" && len(v) >= 3 && v[0] == "spanner" && v[2] == "execute-sql":
		opt = "--sql"
	case name == "aws" && len(v) >= 2 && (v[0] == "rds-data" || v[0] == "redshift-data") && v[1] == "execute-statement":
		opt = "--sql"
	case name == "aws" && len(v) >= 2 && v[0] == "athena" && v[1] == "start-query-execution":
		opt = "--query-string"
	case name == "az" && len(v) >= 3 && v[1] == "flexible-server" && v[2] == "execute":
		letter, opt = "q", "--querytext"
	default:
		return
	}
	sql, ok := optValue(cmd.Args, letter, opt)
	if !ok {
		return
	}
	if destructiveSQL(sql) {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DatabaseDestructive)
	}
	if w := sqlAccessStatement(sql); w != nil {
		c.becauseProgram(name, w...)
		c.add(PrivilegeEscalation)
	}
}

// redisDumpPlaced flags Redis's CONFIG SET dir or dbfilename pointing the
// dump SAVE writes at a file sshd or cron obeys: an .ssh folder or
// authorized_keys, a crontab or cron folder (the Redis write techniques):
// persistence-startup-files.
func (c *checker) redisDumpPlaced(cmd *shell.Command, name string) {
	if !redisClients[name] {
		return
	}
	for i := 0; i+3 < len(cmd.Args); i++ {
		a, b, key, val := cmd.Args[i], cmd.Args[i+1], cmd.Args[i+2], cmd.Args[i+3]
		if !strings.EqualFold(a.Lit, "config") || !strings.EqualFold(b.Lit, "set") || !val.Literal {
			continue
		}
		p := strings.TrimSuffix(val.Lit, "/")
		switch {
		case strings.EqualFold(key.Lit, "dir") && (strings.HasSuffix(p, "/.ssh") || strings.Contains(p, "/cron")),
			strings.EqualFold(key.Lit, "dbfilename") && (p == "authorized_keys" || p == "authorized_keys2"):
			c.because(name, a.Lit, b.Lit, key.Lit, val.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// queryNoiseDropper takes spaces and list projections ("[]", "[*]") out
// of a JMESPath query or jq filter, which select the same fields with or
// without them; built once, not per query.
var queryNoiseDropper = strings.NewReplacer(" ", "", "[]", "", "[*]", "")

// keepsField reports whether a JMESPath query or jq filter keeps the
// field at path (dotted, lower-case): it names the environment, or it is
// the path's own start ("Configuration"), or it is empty (all).
func keepsField(q, path string) bool {
	q = strings.ToLower(queryNoiseDropper.Replace(q))
	if strings.Contains(q, "environ") || q == "" || q == "." {
		return true
	}
	return strings.HasPrefix(path+".", q+".")
}

// runnerVerbs are the subcommands by which credential runners run a
// command (their references); envchain, dotenv and env-cmd have none.
var runnerVerbs = map[string]string{
	"aws-vault": "exec", "saml2aws": "exec", "aws-sso": "exec", "doppler": "run", "op": "run", "infisical": "run",
	"chamber": "exec", "teller": "run", "berglas": "exec", "sops": "exec-env",
}

// credentialRunner returns the command a credential runner runs with
// cloud or secret-store credentials in its environment: the words after
// "--" (aws-vault exec PROFILE -- CMD, doppler|op|infisical run -- CMD,
// chamber exec SERVICE -- CMD, dotenv -- CMD), doppler's and infisical's
// --command, aws-vault's and saml2aws's words after the profile,
// envchain's after its namespace, env-cmd's after -f FILE, sops exec-env
// FILE's command string.
func credentialRunner(name string, args []shell.Word) (string, bool) {
	if verb, ok := runnerVerbs[name]; ok && !firstVerbIn(args, verb) {
		return "", false
	}
	if i := slices.IndexFunc(args, func(a shell.Word) bool { return a.Literal && a.Lit == "--" }); i >= 0 && i+1 < len(args) {
		return joinRaws(args[i+1:]), true
	}
	if c, ok := optValue(args, "", "--command"); ok && (name == "doppler" || name == "infisical") {
		return c, true
	}
	// The position of the first word of the command: after exec PROFILE
	// (aws-vault), exec-env FILE (sops, one string a shell runs), the
	// namespace (envchain), -f FILE (env-cmd).
	skip := map[string]int{"aws-vault": 2, "sops": 2, "envchain": 1, "env-cmd": 1}[name]
	if skip == 0 {
		return "", false
	}
	n := 0
	for i, a := range args {
		if strings.HasPrefix(a.Raw, "-") {
			continue
		}
		if n == skip {
			if name == "sops" {
				return a.Lit, a.Literal
			}
			return joinRaws(args[i:]), true
		}
		n++
	}
	return "", false
}

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
