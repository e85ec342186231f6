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
		{`curl -H "Metadata-Flavor: Google" "http://metadata.google.internal/computeMetadata/v1/project/?recursive=true"`, ""},
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
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `curl "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text" -H "Metadata-Flavor: Google"`,
		SecretRead, "metadataCredentials", []string{"curl", "http://metadata.google.internal/computeMetadata/v1/?recursive=true&alt=text"})
}
