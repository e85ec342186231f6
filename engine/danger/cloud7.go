package danger

import (
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
//     instance or its attributes (kube-env among them; README's dev8 call);
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
			return recursive && (rest == "" || rest == "instance" || rest == "instance/attributes")
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
