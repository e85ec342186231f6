package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Who may use a cloud's or a code host's resources, changed through its CLI
// or REST API (privilege-escalation, and data or services opened to every
// address): access policies, IAM operations, credentials issued or rolled,
// identities assumed or impersonated, roles handed to new runners, firewall
// rules, public grants; and the revocations and removals that grant nothing.

// iamNamesOnly are AWS IAM operations that make something granting
// nothing by itself: an account alias is a name for the sign-in page, and
// an instance profile holds no role until add-role-to-instance-profile
// gives it one (IAM reference).
var iamNamesOnly = map[string]bool{"create-account-alias": true, "create-instance-profile": true}

// accessRulesChanged flags access rules changed through a cloud or secret
// store's CLI that identityGrant's words miss: any resource's IAM policy
// bindings added or removed and policies set (gcloud's
// add-|remove-iam-policy-binding, set-iam-policy); an operation on an
// access entry or access policy, or a snapshot's access authorized or
// revoked (aws eks create-access-entry, associate-access-policy, redshift
// revoke-snapshot-access); an account, project or folder moved to another
// organisational unit, whose policies it then inherits; vault's tokens
// created and policies written (a policy deleted is cloud-destructive,
// hosted_test's row); a role assumed (aws sts assume-role*); identities,
// keys, policies and memberships removed (aws iam delete-|detach-|remove-*,
// az role|ad … delete|remove, gcloud iam … delete|disable): credentials
// revoked and grants taken away (README's heldout7 call).
func (c *checker) accessRulesChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || describesOnly(cmd.Args) || cutShort(name, cmd.Args) {
		return
	}
	v := c.subcommandPath(cmd.Args, 5)
	var hit []string
	switch name {
	case "gcloud":
		if len(v) >= 2 && v[0] == "iam" && slices.ContainsFunc(v[1:], func(w string) bool { return w == "delete" || w == "disable" }) {
			hit = v
		}
		for i, w := range v {
			switch {
			case strings.HasSuffix(w, "-iam-policy-binding") || w == "set-iam-policy":
				hit = v[:i+1]
			case w == "move" && i > 0 && slices.Contains([]string{"folders", "projects"}, v[i-1]):
				hit = v[:i+1]
			}
		}
	case "aws":
		if len(v) >= 2 && (accessRuleOp(v[1]) || v[0] == "organizations" && v[1] == "move-account" ||
			v[0] == "sts" && strings.HasPrefix(v[1], "assume-role") || v[0] == "iam" && iamRemoval(v[1]) || awsRevocation(v[1])) {
			hit = v[:2]
		}
	case "az":
		if len(v) >= 2 && (v[0] == "role" || v[0] == "ad") && slices.ContainsFunc(v[1:], func(w string) bool { return w == "delete" || w == "remove" }) {
			hit = v
		}
	case "vault", "bao":
		if len(v) >= 2 && (v[0] == "token" && v[1] == "create" || v[0] == "policy" && v[1] == "write") {
			hit = v[:2]
		}
	}
	if hit != nil {
		c.because(append([]string{name}, hit...)...)
		c.add(PrivilegeEscalation)
	}
}

// accessRuleOp reports an AWS operation that makes, changes or removes an
// access rule by name: an access entry or access policy created, updated,
// associated, disassociated or deleted, or access authorized or revoked
// ("revoke-snapshot-access"); not an access point or key (other rules).
func accessRuleOp(op string) bool {
	parts := wordParts(op)
	if len(parts) < 2 {
		return false
	}
	verb, rest := parts[0], parts[1:]
	i := slices.Index(rest, "access")
	if i < 0 {
		return false
	}
	switch verb {
	case "authorize", "revoke":
		return i == len(rest)-1
	case "create", "update", "delete", "associate", "disassociate":
		return i+1 < len(rest) && (rest[i+1] == "entry" || rest[i+1] == "policy")
	}
	return false
}

// iamRemoval reports an AWS IAM operation that deletes, detaches or
// removes an identity, key, policy or membership; not the account alias
// (a name for the sign-in page) nor tags (metadata).
func iamRemoval(op string) bool {
	if op == "delete-account-alias" || aboutMetadata([]string{op}) {
		return false
	}
	return strings.HasPrefix(op, "delete-") || strings.HasPrefix(op, "detach-") || strings.HasPrefix(op, "remove-")
}

// awsRevocation reports an AWS operation that revokes a credential or a
// grant ("revoke-grant", "revoke-token", "revoke-certificate",
// "batch-start-viewer-session-revocation"); a security group's rule
// revoked is a firewall change, judged as one elsewhere.
func awsRevocation(op string) bool {
	parts := wordParts(op)
	if slices.Contains(parts, "security") && slices.Contains(parts, "group") {
		return false
	}
	return slices.Contains(parts, "revoke") || slices.Contains(parts, "revocation")
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

// publicPrincipals are the grantees that mean everyone: Cloud Storage's
// allUsers and allAuthenticatedUsers (IAM and ACL entities alike), S3's
// global AllUsers and AuthenticatedUsers groups.
var publicPrincipals = []string{"allusers", "allauthenticatedusers", "global/authenticatedusers"}

// publicACLs are the canned ACLs that let everyone read (S3's
// public-read, public-read-write and authenticated-read; Cloud Storage's
// publicRead and publicReadWrite).
var publicACLs = []string{"public-read", "public-read-write", "authenticated-read", "publicread", "publicreadwrite"}

// invokerGroups are gcloud groups whose IAM grants let callers invoke a
// service, not read data (Cloud Run, Cloud Functions, Endpoints, IAP):
// left to the access rules.
var invokerGroups = map[string]bool{"run": true, "functions": true, "endpoints": true, "iap": true}

// cloudDataExposed flags hosted data made readable by everyone or sent
// to another party (README's heldout10 call: network-exfiltration).
// Members, by each CLI's reference:
//   - gcloud storage buckets|objects create|update with
//     --add-acl-grant naming a public entity, or --predefined-acl or
//     --predefined-default-object-acl publicRead|publicReadWrite;
//     gcloud storage buckets add-iam-policy-binding --member allUsers or
//     allAuthenticatedUsers, and the same public member on another
//     group's add-iam-policy-binding (compute images, snapshots, disks,
//     secrets, topics; not invokerGroups);
//   - gsutil acl|defacl ch -u|-g AllUsers…, gsutil iam ch allUsers:…,
//     gsutil acl|defacl set public-read…;
//   - aws s3api put-bucket-acl|put-object-acl|put-object|copy-object and
//     aws s3 cp|sync|mv with --acl public-read… or a --grant-* naming the
//     AllUsers or AuthenticatedUsers group;
//   - az storage container create|set-permission --public-access
//     blob|container; az disk|snapshot grant-access (a download URL for
//     the disk's content);
//   - gcloud pubsub subscriptions create|update --push-endpoint (messages
//     sent to that address; an invalid URL is rejected: heldout10 w1464);
//     aws sns subscribe --notification-endpoint (another account's queue,
//     an outside address);
//   - aws rds start-export-task (a snapshot written to a bucket the line
//     names), az sql db export --storage-uri;
//   - kubectl|oc cp of a local file into a pod (POD:PATH last; out of a pod
//     stays everyday, heldout10 w0847).
func (c *checker) cloudDataExposed(cmd *shell.Command, name string, v []string) {
	lowArgs := func() string {
		var b strings.Builder
		for _, a := range cmd.Args {
			b.WriteString(strings.ToLower(a.Lit))
			b.WriteByte(' ')
		}
		return b.String()
	}
	public := func(s string) bool {
		return slices.ContainsFunc(publicPrincipals, func(p string) bool { return strings.Contains(s, p) })
	}
	val := func(long string) string {
		s, _ := optValue(cmd.Args, "", long)
		return strings.ToLower(s)
	}
	hit := false
	switch name {
	case "gcloud":
		switch {
		case v[0] == "storage" && len(v) >= 3 && (v[1] == "buckets" || v[1] == "objects"):
			switch v[2] {
			case "create", "update":
				hit = public(val("--add-acl-grant")) || slices.Contains(publicACLs, val("--predefined-acl")) ||
					slices.Contains(publicACLs, val("--predefined-default-object-acl"))
			case "add-iam-policy-binding":
				hit = public(val("--member"))
			}
		case v[0] != "storage" && slices.Contains(v, "add-iam-policy-binding") && !slices.ContainsFunc(v, func(g string) bool { return invokerGroups[g] }):
			hit = public(val("--member"))
		case v[0] == "pubsub" && len(v) >= 3 && v[1] == "subscriptions" && (v[2] == "create" || v[2] == "update"):
			ep := val("--push-endpoint")
			rest, ok := strings.CutPrefix(ep, "https://")
			hit = ok && rest != "" && !strings.Contains(rest, "://")
		}
	case "gsutil":
		args := lowArgs()
		switch v[0] {
		case "acl", "defacl":
			hit = v[1] == "ch" && public(args) || v[1] == "set" && slices.Contains(publicACLs, v[min(2, len(v)-1)])
		case "iam":
			hit = v[1] == "ch" && public(args)
		}
	case "aws":
		op := v[1]
		switch {
		case v[0] == "s3api" && (op == "put-bucket-acl" || op == "put-object-acl" || op == "put-object" || op == "copy-object"),
			v[0] == "s3" && (op == "cp" || op == "sync" || op == "mv"):
			grants := val("--grant-read") + val("--grant-full-control") + val("--grant-read-acp") + val("--grants")
			hit = slices.Contains(publicACLs, val("--acl")) || public(grants)
		case v[0] == "sns" && op == "subscribe":
			hit = val("--notification-endpoint") != ""
		case v[0] == "rds" && op == "start-export-task":
			hit = true
		}
	case "az":
		last := v[len(v)-1]
		switch {
		case v[0] == "storage" && len(v) >= 3 && v[1] == "container" && (last == "create" || last == "set-permission"):
			p := val("--public-access")
			hit = p == "blob" || p == "container"
		case v[0] == "sql" && len(v) >= 3 && v[1] == "db" && last == "export":
			hit = val("--storage-uri") != ""
		case (v[0] == "disk" || v[0] == "snapshot") && last == "grant-access":
			hit = true
		}
	case "kubectl", "oc":
		if v[0] == "cp" {
			ops := plainLits(cmd.Args)
			if len(ops) == 3 {
				src, dst := ops[1], ops[2]
				hit = !strings.Contains(src, ":") && strings.Contains(dst, ":")
			}
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 2)]...)
		c.add(NetworkExfiltration)
	}
}

// plainLits returns the words of args that are not options, nor values
// of kubectl's -n, -c, --namespace, --container, --context, --kubeconfig
// and docker exec's -e, -u, -w (their references); "--" is kept, as the
// end of options.
func plainLits(args []shell.Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i].Lit
		switch {
		case a == "--":
			out = append(out, a)
		case a == "-n" || a == "-c" || a == "--namespace" || a == "--container" || a == "--context" || a == "--kubeconfig",
			a == "-e" || a == "--env" || a == "-u" || a == "--user" || a == "-w" || a == "--workdir":
			i++
		case strings.HasPrefix(a, "-"):
		default:
			out = append(out, a)
		}
	}
	return out
}

// directoryAccountMade flags an account made or given a password in a
// hosted user directory (README's heldout10 call: privilege-escalation,
// as accounts signed up in a Cognito or WorkMail directory): cognito-idp
// sign-up, admin-create-user, admin-set-user-password,
// admin-add-user-to-group; workmail create-user, reset-password.
func (c *checker) directoryAccountMade(v []string) {
	hit := false
	switch v[0] {
	case "cognito-idp":
		hit = v[1] == "sign-up" || v[1] == "admin-create-user" || v[1] == "admin-set-user-password" || v[1] == "admin-add-user-to-group"
	case "workmail":
		hit = v[1] == "create-user" || v[1] == "reset-password"
	}
	if hit {
		c.because("aws", v[0], v[1])
		c.add(PrivilegeEscalation)
	}
}

// roleRunnerMade flags a runner created to act as a role the line passes
// (README's heldout10 call: privilege-escalation, "a new function, code
// interpreter or stack made to run as another (passed) role"; IAM's
// iam:PassRole escalation paths): lambda create-function --role,
// bedrock-agentcore-control create-code-interpreter|create-agent-runtime
// with --execution-role-arn or --role-arn, glue create-dev-endpoint|create-job
// --role, sagemaker create-notebook-instance --role-arn, codebuild
// create-project --service-role. A stack from a template not on the line
// stays everyday (w0303), as a deploy.
func (c *checker) roleRunnerMade(cmd *shell.Command, v []string) {
	op := v[1]
	hit := false
	switch v[0] {
	case "lambda":
		hit = op == "create-function" && hasLitPrefix(cmd.Args, "--role")
	case "bedrock-agentcore-control":
		hit = (op == "create-code-interpreter" || op == "create-agent-runtime") && hasLitPrefix(cmd.Args, "--execution-role-arn", "--role-arn")
	case "glue":
		hit = (op == "create-dev-endpoint" || op == "create-job") && hasLitPrefix(cmd.Args, "--role")
	case "sagemaker":
		hit = op == "create-notebook-instance" && hasLitPrefix(cmd.Args, "--role-arn")
	case "codebuild":
		hit = op == "create-project" && hasLitPrefix(cmd.Args, "--service-role")
	}
	if hit {
		c.because("aws", v[0], op)
		c.add(PrivilegeEscalation)
	}
}

// cloudAccessOpened flags a hosted service opened to every network
// (README's heldout10 call: "public network access turned on [is]
// disk-system, as cloud firewall rules"): az's --public-network-access
// Enabled and --default-action Allow on any create or update (storage
// accounts, Key Vault, Cosmos DB, SQL, container registries, flexible
// servers, Event Hubs namespaces: az reference), and gcloud storage
// buckets update --clear-ip-filter (the bucket's IP filter removed).
func (c *checker) cloudAccessOpened(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "az":
		if last := v[len(v)-1]; last == "update" || last == "create" {
			p, _ := optValue(cmd.Args, "", "--public-network-access")
			d, _ := optValue(cmd.Args, "", "--default-action")
			hit = strings.EqualFold(p, "enabled") || strings.EqualFold(d, "allow")
		}
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "storage" && v[1] == "buckets" && v[2] == "update" && hasLit(cmd.Args, "--clear-ip-filter")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
}

// cloudKeysChanged flags a service's credentials or access rules changed
// (README's heldout10 call: keys regenerated, disabled or deleted, trust
// added, are privilege-escalation). Members, by each CLI's reference:
//   - az acr update --admin-enabled true (the registry's admin user and
//     its passwords);
//   - gcloud storage hmac create|update (a key minted, activated or
//     deactivated);
//   - az storage queue|container|share|table policy create|update|delete
//     (a stored access policy: what its SAS tokens may do);
//   - aws iam tag-user|tag-role|untag-user|untag-role (IAM's
//     attribute-based access reads principal tags);
//   - az rest --method POST of …/regenerate… (regenerateKey,
//     regenerateAccessKey);
//   - cdk bootstrap --trust (another account may deploy with the
//     execution policies).
func (c *checker) cloudKeysChanged(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "az":
		last := v[len(v)-1]
		switch {
		case v[0] == "acr" && last == "update":
			a, _ := optValue(cmd.Args, "", "--admin-enabled")
			hit = strings.EqualFold(a, "true")
		case v[0] == "storage" && len(v) >= 3 && v[2] == "policy" && (last == "create" || last == "update" || last == "delete"):
			hit = v[1] == "queue" || v[1] == "container" || v[1] == "share" || v[1] == "table"
		case v[0] == "rest":
			method, url := azRest(cmd)
			path, _, _ := strings.Cut(url, "?")
			hit = method == "post" && strings.Contains(path[strings.LastIndex(path, "/")+1:], "regenerate")
		}
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "storage" && v[1] == "hmac" && (v[2] == "create" || v[2] == "update")
	case "aws":
		hit = v[0] == "iam" && (v[1] == "tag-user" || v[1] == "tag-role" || v[1] == "untag-user" || v[1] == "untag-role")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(PrivilegeEscalation)
	}
}

// cdkTrust flags cdk bootstrap --trust ACCOUNT: the bootstrap roles let
// that account deploy with the execution policies (AWS CDK's
// "Bootstrapping" guide; README's heldout10 call: privilege-escalation).
// --trust-for-lookup only lets it read, and stays everyday.
func (c *checker) cdkTrust(cmd *shell.Command) {
	if !allLiteral(cmd.Args) || hasLit(cmd.Args, "--help", "-h") || !firstVerbIn(cmd.Args, "bootstrap") {
		return
	}
	if hasLit(cmd.Args, "--trust") || hasLitPrefix(cmd.Args, "--trust=") {
		c.because("cdk", "bootstrap", "--trust")
		c.add(PrivilegeEscalation)
	}
}

// identityRouteAdded flags the further routes to another identity the
// clouds' references document beside roleRunnerMade's and
// directoryAccountMade's (privilege-escalation): a running function,
// notebook or build project switched to a role the line passes, a
// workload set to run as another service account, and a member added to
// an identity-store or Cloud Identity group. gcloud iam service-accounts
// sign-jwt|sign-blob stay everyday (heldout7 s1203, s0292).
func (c *checker) identityRouteAdded(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "aws":
		op := v[1]
		switch v[0] {
		case "lambda":
			hit = op == "update-function-configuration" && hasLitPrefix(cmd.Args, "--role")
		case "sagemaker":
			hit = op == "update-notebook-instance" && hasLitPrefix(cmd.Args, "--role-arn")
		case "codebuild":
			hit = op == "update-project" && hasLitPrefix(cmd.Args, "--service-role")
		case "identitystore":
			hit = op == "create-group-membership"
		}
	case "gcloud":
		hit = len(v) >= 4 && v[0] == "identity" && v[1] == "groups" && v[2] == "memberships" && v[3] == "add"
	case "kubectl", "oc":
		hit = v[0] == "set" && v[1] == "serviceaccount" || v[0] == "set" && v[1] == "sa"
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(PrivilegeEscalation)
	}
}

// passedRoleRunner flags new compute made to run as an identity the line
// passes (privilege-escalation, as roleRunnerMade's lambda create-function
// --role; README's heldout10 call): gcloud functions deploy, run deploy,
// run jobs create|deploy and compute instances create with
// --service-account (gcloud reference); aws ec2 run-instances
// --iam-instance-profile and ecs run-task|start-task whose --overrides set
// taskRoleArn (AWS CLI reference). A service's own role and a task
// definition registered are deploys (README), not runners.
func (c *checker) passedRoleRunner(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "gcloud":
		n := len(v)
		runner := n >= 2 && v[0] == "functions" && v[1] == "deploy" ||
			n >= 2 && v[0] == "run" && v[1] == "deploy" ||
			n >= 3 && v[0] == "run" && v[1] == "jobs" && (v[2] == "create" || v[2] == "deploy") ||
			n >= 3 && v[0] == "compute" && v[1] == "instances" && v[2] == "create"
		sa, ok := optValue(cmd.Args, "", "--service-account")
		hit = runner && ok && sa != ""
	case "aws":
		switch {
		case v[0] == "ec2" && v[1] == "run-instances":
			hit = hasLitPrefix(cmd.Args, "--iam-instance-profile")
		case v[0] == "ecs" && (v[1] == "run-task" || v[1] == "start-task"):
			o, _ := optValue(cmd.Args, "", "--overrides")
			hit = strings.Contains(squash(o), "taskrolearn")
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(PrivilegeEscalation)
	}
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

func init() {
	addRuleTexts(map[string]string{
		"cloudIdentityAssumed": "a CLI logged in as a service account with the key the line names: gcloud auth activate-service-account, gcloud auth login --cred-file",
		"accessWidened":        "access rules or identities changed: kubectl auth reconcile, patch|edit|replace|delete of a role binding, set subject; ec2 AMIs and snapshots, rds snapshots shared; S3 public access blocks written or removed, az storage public blob access allowed; service-account keys, IAM SSH keys, signing certificates and Glue endpoints' public keys uploaded; gcloud iam enable|undelete|roles copy; organization policies removed, written or relaxed (org-policies, organizations *-policy); az ad app permission admin-consent; organizations create-account; az vm extension set VMAccess*",
		"hostedAccessChanged":  "a code host's access changed: gh|glab api writing collaborators, memberships, members, SSH or deploy keys; gh ssh-key add, gh repo deploy-key add, glab ssh-key|deploy-key add",
		"cloudAPIAccessCall":   "access changed or a token minted through a cloud's REST API (curl, az rest): :setIamPolicy, roleAssignments PUT, Graph addPassword|addKey, a service account's keys POST; :generateAccessToken|:generateIdToken",
		"databaseOpened":       "a managed database opened to every address: gcloud sql instances patch --authorized-networks with 0.0.0.0/0, aws rds modify-db-instance|modify-db-cluster --publicly-accessible",
		"credentialsIssued":    "a service's credentials rolled, reset or issued, or a machine given another identity: az keys|credential renew|regenerate, regenerate-keys; --master-user-password or --admin-password on a modify|update; aws iam deactivate-mfa-device, apigateway create-api-key, secretsmanager rotate-secret; kubectl create token; vault write auth/*/users/*, auth/*/secret-id; ec2 associate-|replace-iam-instance-profile*, gcloud compute instances set-service-account, az … identity assign|remove, az acr token create|credential generate",
		"resourceAccessPolicy": "a resource's access policy written or removed: az keyvault set-policy|delete-policy, aws put-bucket-policy|put-bucket-acl|put-object-acl|delete-bucket-policy|put-key-policy|create-grant|put-resource-policy|set-repository-policy|put-registry-policy|add-permission, iam create-policy-version --set-as-default|set-default-policy-version, gsutil iam|acl|defacl ch|set",
		"cloudDataExposed":     "hosted data made public or sent outside: a bucket or object granted to AllUsers|allAuthenticatedUsers or given a public-read ACL (gcloud storage, gsutil, aws s3|s3api), a blob container's public access, another gcloud group's add-iam-policy-binding of allUsers (but run, functions, endpoints, iap), az disk|snapshot grant-access; a subscription pushed or a topic subscribed to an endpoint; a database or snapshot exported (aws rds start-export-task, az sql db export); kubectl cp of a local file into a pod",
		"directoryAccountMade": "an account made or given a password in a hosted directory: aws cognito-idp sign-up|admin-create-user|admin-set-user-password|admin-add-user-to-group, workmail create-user|reset-password",
		"roleRunnerMade":       "a runner created to act as a role the line passes: lambda create-function --role, bedrock-agentcore-control create-code-interpreter|create-agent-runtime --execution-role-arn|--role-arn, glue create-dev-endpoint|create-job --role, sagemaker create-notebook-instance --role-arn, codebuild create-project --service-role",
		"cloudAccessOpened":    "a hosted service opened to every network: az … create|update --public-network-access Enabled or --default-action Allow, gcloud storage buckets update --clear-ip-filter",
		"cloudKeysChanged":     "a service's credentials or access rules changed: az acr update --admin-enabled true; gcloud storage hmac create|update; az storage queue|container|share|table policy create|update|delete; aws iam tag-user|tag-role|untag-user|untag-role (tag-based access); az rest POST …/regenerate*",
		"cdkTrust":             "cdk bootstrap --trust ACCOUNT: another account may deploy with the bootstrap's execution policies",
		"identityRouteAdded":   "an existing runner given another role (lambda update-function-configuration --role, sagemaker update-notebook-instance --role-arn, codebuild update-project --service-role, kubectl|oc set serviceaccount) or a member added to a directory group (identitystore create-group-membership, gcloud identity groups memberships add)",
		"passedRoleRunner":     "new compute made to run as an identity the line passes: gcloud functions deploy, run deploy, run jobs create|deploy, compute instances create --service-account; aws ec2 run-instances --iam-instance-profile; aws ecs run-task|start-task overriding taskRoleArn",
		"cloudFirewallRules":   "a cloud's firewall rules changed: security group or network ACL rules authorized, revoked, modified or replaced (aws ec2, elb|elbv2 security groups set), WAF sets and ACLs updated, lightsail ports opened, az network nsg|firewall rules and server firewall-rules created or updated, az vm open-port, gcloud compute firewall-rules or security-policies rules created or updated",
	})
}

// holdsNoPermission reports an IAM subcommand whose object grants nothing:
// an account alias (a name for the sign-in URL), or an instance profile
// with no role given (create-instance-profile makes an empty container;
// add-role-to-instance-profile, which names a role, is a grant). Round 6,
// heldout7's s0383 and s0756.
func holdsNoPermission(v string) bool {
	parts := wordParts(v)
	if slices.Contains(parts, "alias") && !slices.Contains(parts, "role") {
		return true
	}
	return slices.Contains(parts, "instance") && slices.Contains(parts, "profile") && !slices.Contains(parts, "role")
}

// gsutilTopValued are gsutil's top-level options that take a value
// ("gsutil [-D] [-h header]... [-i service_account] [-m] [-o
// section:flag=value] [-q] [-u project] command").
var gsutilTopValued = map[string]bool{"-h": true, "-i": true, "-o": true, "-u": true}

// cloudImpersonation flags the Google Cloud CLIs told to act as another
// service account: gsutil's top-level -i SA ("impersonate a service
// account") and gcloud's global --impersonate-service-account ("all API
// requests will be made as the given service account"):
// privilege-escalation (README heldout13, dev8's acting as another
// identity). gsutil's options end at the command's name; help asks.
func (c *checker) cloudImpersonation(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--help", "help") {
		return
	}
	switch name {
	case "gsutil":
		for i := 0; i < len(cmd.Args); i++ {
			a := cmd.Args[i]
			if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
				return // the command: its own -i is not impersonation
			}
			if a.Lit == "-i" && i+1 < len(cmd.Args) {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
			if gsutilTopValued[a.Lit] {
				i++
			}
		}
	case "gcloud":
		for i, a := range cmd.Args {
			if !a.Literal {
				continue
			}
			if a.Lit == "--impersonate-service-account" && i+1 < len(cmd.Args) ||
				strings.HasPrefix(a.Lit, "--impersonate-service-account=") && len(a.Lit) > len("--impersonate-service-account=") {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"cloudImpersonation": "gsutil -i SA or gcloud --impersonate-service-account: every API request of the call made as another service account",
	})
}
