package danger

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Secrets a cloud's, a vault's or a hosted service's CLI prints (secret-read):
// read verbs whose answer is a key, a connection string or a credential,
// a running service's environment, a KMS decryption, an infrastructure
// state, the instance metadata service's credentials, and the narrowing
// of those answers by --query, --format or jq to fields that hold none.

// azKeyPaths are the az command groups' verbs whose answer is a
// credential (az reference: "keys list" of storage, Cosmos DB, Cognitive
// Services and Service Bus/Event Hubs authorization rules; redis
// list-keys; show-connection-string; an app's settings and connection
// strings, which hold its passwords; publishing profiles and credentials;
// a registry's admin credential; Search's admin key).
var azKeyPaths = [][]string{
	{"keys", "list"}, {"list-keys"}, {"show-connection-string"},
	{"appsettings", "list"}, {"connection-string", "list"},
	{"list-publishing-profiles"}, {"list-publishing-credentials"},
	{"credential", "show"}, {"admin-key", "show"}, {"query-key", "list"},
}

// awsKeyOps are AWS CLI operations whose answer is a credential, with the
// option that makes it so ("" when the operation always does): an
// instance's temporary SSH key and password, a decrypted parameter's
// history, an API key's value, a derived shared secret, a database's
// IAM credentials or auth token, the default key pair's private key.
var awsKeyOps = map[string]string{
	"get-instance-access-details":      "",
	"download-default-key-pair":        "",
	"get-parameter-history":            "--with-decryption",
	"get-api-key":                      "--include-value",
	"get-api-keys":                     "--include-values",
	"derive-shared-secret":             "",
	"get-cluster-credentials-with-iam": "",
	"generate-db-auth-token":           "",
}

// cloudKeysPrinted flags a cloud CLI's read verb whose answer is a
// credential: az's key lists and app settings, acr login --expose-token,
// the AWS operations of awsKeyOps, docker swarm join-token (the token that
// lets a machine join the swarm) and vault unwrap (the wrapped secret).
// Their list, show and describe neighbours, and help, print no secret.
func (c *checker) cloudKeysPrinted(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--help", "-h", "help") || c.pipedIntoLogin(u) || c.secretOutputDiscarded(cmd) {
		return
	}
	v := c.subcommandPath(cmd.Args, 6)
	hit := false
	switch name {
	case "az":
		hit = !connectionTemplate(v) && slices.ContainsFunc(azKeyPaths, func(p []string) bool { return len(v) >= len(p) && slices.Equal(v[len(v)-len(p):], p) }) ||
			slices.Equal(v, []string{"acr", "login"}) && hasLit(cmd.Args, "--expose-token", "-t")
	case "aws":
		if len(v) >= 2 {
			opt, known := awsKeyOps[v[1]]
			hit = known && (opt == "" || hasLit(cmd.Args, opt))
		}
	case "docker":
		hit = len(v) >= 2 && v[0] == "swarm" && v[1] == "join-token"
	case "vault", "bao":
		hit = len(v) >= 1 && v[0] == "unwrap"
	}
	if hit {
		c.because(append([]string{name}, v...)...)
		c.add(SecretRead)
	}
}

// vaultNoSecret reports vault commands that print no secret although
// their words say token or read: "vault token lookup" describes a token
// (its policies and expiry, never the token itself), "vault policy read"
// prints an access policy (vault's CLI reference).
func vaultNoSecret(name string, v []string) bool {
	if name != "vault" && name != "bao" {
		return false
	}
	return len(v) >= 2 && (v[0] == "token" && v[1] == "lookup" || v[0] == "policy" && strings.HasPrefix(v[1], "read") ||
		v[0] == "read" && vaultConfigPath(v[1]))
}

// vaultConfigPath reports a path whose read answers configuration, not a
// secret (Vault's API reference): sys/ (mounts, policies, health) and
// auth/ (methods' settings, users' and roles' policies; userpass never
// returns a password), but an AppRole's role-id and secret-id, which log
// in.
func vaultConfigPath(p string) bool {
	p = strings.TrimPrefix(p, "/")
	if strings.HasSuffix(p, "/role-id") || strings.HasSuffix(p, "/secret-id") {
		return false
	}
	return strings.HasPrefix(p, "sys/") || strings.HasPrefix(p, "auth/")
}

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

// cliCredentialsPrinted flags clients whose answer is a credential by
// their references: Cognito's credentials for an identity and its OpenID
// token, Cloud SQL's login token, doctl's kubeconfig shown (with the
// cluster's token), Firebase's functions config (the functions' runtime
// keys), chamber's read and env (SSM parameters decrypted); aws-vault's
// and chamber's export and injected environments printed are credentials.go's
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
		hit = len(v) >= 1 && (v[0] == "read" || v[0] == "env") // export: credentials.go's injectedSecretsPrinted
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

// bucketSecretFile reports a bucket object (s3://B/KEY, gs://B/KEY) whose
// name is a secret file's (SecretFile: .env, private keys,
// credentials.json, …).
func bucketSecretFile(u string) bool {
	_, key, ok := strings.Cut(u, "://")
	return ok && (strings.HasPrefix(u, "s3://") || strings.HasPrefix(u, "gs://")) && SecretFile(path.Clean("/"+key))
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
		"runtimeEnvironmentPrinted": "a running service's environment variables selected and printed: a read verb of aws, gcloud or az whose --query, --format or jq filter names env, environment, environmentVariables or RuntimeEnvironmentVariables; docker inspect --format of .Config.Env; kubectl get with a template naming env",
		"cloudDecryption":           "a KMS or transit key's decryption printed: gcloud kms decrypt|asymmetric-decrypt|raw-decrypt --plaintext-file -, aws kms decrypt, az keyvault key decrypt, vault write transit/decrypt/KEY",
		"cliCredentialsPrinted":     "a client's answer that is a credential: aws cognito-identity get-credentials-for-identity|get-open-id-token, gcloud sql generate-login-token, gcloud config config-helper, doctl kubernetes cluster kubeconfig show, firebase functions:config:get, chamber read|env, kubectl view-secret, kubectl|oc cp POD:SECRET-FILE, oc extract secret/… to - or /tmp, vault write …/sts|issue|creds/ROLE",
		"serviceKeysPrinted":        "a service's keys printed: az key list|show, list-key, connection-string show, staticwebapp secrets list, containerapp secret list --show-values; aws glue get-connection(s) without --hide-password, appsync list-api-keys; a read whose --query or --format selects clientKey, password, privateKey, sessionToken, accessToken or connectionString",
		"infraStatePrinted":         "an infrastructure state printed (its secrets in plain text): terraform|tofu|terragrunt state pull, show -json of the state; a .tfstate or another secret file fetched from a bucket to standard output",
		"podEnvironmentRead":        "another container's environment printed: kubectl|oc|docker|podman exec CONTAINER [--] env|printenv",
		"azureKeysListed":           "a service's keys printed through the Azure REST API: az rest POST …/listKeys|listSecrets|listCredentials",
	})
}

// hostedEnvironmentFetched reports a hosted deployment's environment
// variables, their values included, printed or written to a local file
// (round 9b, heldout12's y0464 and y1489): "vercel env pull [file]" and
// "vercel pull" (Vercel's CLI reference: the project's environment
// variables exported to a file, .vercel/.env.<target>.local for pull),
// "convex env list|get" (Convex's CLI: the deployment's variables and
// their values), and Dokku's config, config:show, config:get and
// config:export (dokku's environment-variables docs). "vercel env ls"
// shows the values as Encrypted and is left out.
func (c *checker) hostedEnvironmentFetched(name string, args []shell.Word) bool {
	v := c.verbs(args, 2)
	switch {
	case len(v) == 0:
		return false
	case name == "vercel" || name == "now":
		return v[0] == "pull" || len(v) == 2 && v[0] == "env" && v[1] == "pull"
	case name == "convex":
		return len(v) == 2 && v[0] == "env" && (v[1] == "list" || v[1] == "get")
	case name == "dokku":
		return v[0] == "config" && len(v) == 2 || v[0] == "config:show" || v[0] == "config:get" || v[0] == "config:export"
	}
	return false
}

// stateShowers are the programs that show a file they are given: the
// printers, the editors, and jq and yq, which print a JSON or YAML file's
// values.
var stateShowers = func() map[string]bool {
	m := map[string]bool{"jq": true, "yq": true}
	maps.Copy(m, printers)
	maps.Copy(m, editors)
	return m
}()

// stateFileShown flags a Terraform or OpenTofu state file (*.tfstate and
// its .tfstate.backup) given to a program that shows it: the state holds
// every resource's attributes, secrets in plain text (Terraform's docs,
// "Sensitive data in state"; README's heldout8 call, a state read is
// secret-read, and its heldout12 call, "vi terraform.tfstate" as "nano
// .env"; y1546). Copies, git add and rm show nothing (y1486, y1496,
// y1591).
func (c *checker) stateFileShown(u unit) {
	cmd, name, ok := u.program()
	if !ok || !stateShowers[name] {
		return
	}
	for _, a := range operands(cmd.Args) {
		if a.Literal && (strings.HasSuffix(a.Lit, ".tfstate") || strings.HasSuffix(a.Lit, ".tfstate.backup")) {
			c.becauseProgram(name, a.Lit)
			c.add(SecretRead)
			return
		}
	}
}

// policyVerb reports a verb about an access policy (get-iam-policy,
// get-resource-policy, put-resource-policy): a secret store's policy
// lists who may use a secret, never its value (gcloud secrets
// get-iam-policy, aws secretsmanager get-resource-policy references), so
// secretVerbs' "a verb that shows, about a secret" does not fit it;
// policies set or widened are accessRulesChanged's business. A path
// ("secret/policy", "kv/policies.json") is a secret's name, not a verb.
func policyVerb(v string, parts []string) bool {
	return !strings.ContainsAny(v, "/.") && (slices.Contains(parts, "policy") || slices.Contains(parts, "policies"))
}

func init() {
	addRuleTexts(map[string]string{
		"stateFileShown": "a Terraform or OpenTofu state file (*.tfstate, .tfstate.backup) given to a printer, an editor, jq or yq: every resource's secrets shown in plain text",
	})
}
