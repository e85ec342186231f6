package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Kubernetes clusters read through kubectl, oc, helm and the cloud CLIs that
// manage them: the node's and pods' credentials used, workloads run as other
// accounts or patched into host access, manifests whose names say they make
// a privileged pod or a shell, access mappings and API servers opened,
// cluster objects printed whole, and kubectl deletes that name nothing.

// hostAccessFields are the pod fields the Pod Security Standards'
// privileged level alone allows, as they read squashed in a patch
// (JSON or YAML).
var hostAccessFields = []string{
	`"privileged":true`, `"hostpid":true`, `"hostipc":true`, `"hostnetwork":true`, `"hostpath":`, `"allowprivilegeescalation":true`,
	"privileged:true", "hostpid:true", "hostipc:true", "hostnetwork:true", "hostpath:", "allowprivilegeescalation:true",
}

// kubeHostAccessPatched flags a running workload patched into host
// access (privilege-escalation, as containerAPI's pod --overrides) and a
// namespace relabelled to the privileged Pod Security level (its
// admission check then lets such pods in).
func (c *checker) kubeHostAccessPatched(cmd *shell.Command, v []string) {
	hit := false
	switch v[0] {
	case "patch":
		p, _ := optValue(cmd.Args, "p", "--patch")
		p = squash(p)
		hit = slices.ContainsFunc(hostAccessFields, func(f string) bool { return strings.Contains(p, f) })
	case "label":
		hit = slices.ContainsFunc(cmd.Args, func(a shell.Word) bool {
			l := strings.ToLower(a.Lit)
			return strings.HasPrefix(l, "pod-security.kubernetes.io/") && strings.HasSuffix(l, "=privileged")
		})
	}
	if hit {
		c.because(path.Base(cmd.Name), v[0])
		c.add(PrivilegeEscalation)
	}
}

// clusterRules runs round 9's cluster families (tuning.md, "Round 9 —
// clusters, containers and cloud identity") for a cloud or cluster CLI line
// (name the program's base name, v its subcommand path): a cluster's own
// credentials used from its nodes, workloads made to run as another
// account, and manifests applied whose names say they make a privileged
// pod or serve a shell. Each names a mechanism; its members come from the
// Kubernetes documentation (kubeadm's and the kubelet's files, Pod Security
// Standards, kubectl reference), not from one collection's lines.
func (c *checker) clusterRules(cmd *shell.Command, name string, v []string) {
	switch name {
	case "kubectl", "oc", "helm":
	case "docker", "podman":
		c.workloadCommandServed(cmd, name, v)
		return
	case "eksctl", "gcloud", "az", "aws":
		if len(v) >= 2 {
			c.clusterAccessMapped(cmd, name, v)
			c.clusterAPIOpened(cmd, name, v)
			c.workloadIdentityBound(cmd, name, v)
			c.passedRoleRunner(cmd, name, v)
		}
		return
	default:
		return
	}
	c.nodeCredentialsUsed(cmd, name)
	if name == "helm" {
		return
	}
	c.nodeTokensUsed(cmd, name) // v is empty when the token comes first
	if len(v) == 0 {
		return
	}
	c.clusterAccessMapped(cmd, name, v)
	c.workloadCommandServed(cmd, name, v)
	c.tokenSecretDescribed(cmd, name, v)
	c.workloadIdentityBound(cmd, name, v)
	if v[0] == "get" {
		if raw, ok := optValue(cmd.Args, "", "--raw"); ok {
			c.clusterAPIPath(name, raw, "", "GET", "")
		}
	}
	if !allLiteral(cmd.Args) {
		return
	}
	switch v[0] {
	case "run":
		c.podRunAsAccount(cmd, name)
	case "apply", "create", "replace":
		c.manifestNamedUnsafe(cmd, name, v[0])
	}
}

// nodeKubeconfigs are the kubeconfigs a node keeps for the cluster's own
// components, by their documented paths: kubeadm's "PKI certificates and
// requirements" and "Implementation details" pages (admin.conf,
// super-admin.conf, kubelet.conf, controller-manager.conf,
// scheduler.conf), the kubelet's --kubeconfig default on GKE and kops
// (/var/lib/kubelet/kubeconfig), k3s' and RKE2's cluster-access pages, and
// microk8s' config page. Each holds a client credential of the cluster
// admin or a component; using one is a login with another's credentials.
var nodeKubeconfigs = []string{
	"/etc/kubernetes/admin.conf", "/etc/kubernetes/super-admin.conf", "/etc/kubernetes/kubelet.conf",
	"/etc/kubernetes/controller-manager.conf", "/etc/kubernetes/scheduler.conf",
	"/var/lib/kubelet/kubeconfig", "/etc/rancher/k3s/k3s.yaml", "/etc/rancher/rke2/rke2.yaml",
	"/var/snap/microk8s/current/credentials/client.config",
}

// nodePKIDirs hold the node's client keys (kubeadm's /etc/kubernetes/pki,
// the kubelet's rotated client certificate in /var/lib/kubelet/pki).
var nodePKIDirs = []string{"/etc/kubernetes/pki/", "/var/lib/kubelet/pki/"}

// nodeCredentialsUsed flags kubectl, oc or helm run with a credential of
// the node rather than the user's own (README's Kubernetes Goat call:
// "kubectl --kubeconfig /etc/kubernetes/admin.conf …" is a login with
// others' credentials, privilege-escalation), and impersonation of
// system:masters, the group the Kubernetes RBAC documentation says
// bypasses every authorization check. Setting KUBECONFIG alone ("export
// KUBECONFIG=…", heldout10 w0663) calls nothing; --help calls nothing (the
// caller returns first); a kubeconfig of the user's (~/.kube/config,
// ./dev.yaml) is everyday.
func (c *checker) nodeCredentialsUsed(cmd *shell.Command, name string) {
	node := func(p string) bool {
		return slices.Contains(nodeKubeconfigs, path.Clean(p))
	}
	for _, a := range cmd.Assigns {
		if a.Name == "KUBECONFIG" && slices.ContainsFunc(strings.Split(a.Value, ":"), node) {
			c.because("KUBECONFIG="+a.Value, name)
			c.add(PrivilegeEscalation)
			return
		}
	}
	if p, ok := optValue(cmd.Args, "", "--kubeconfig"); ok && node(p) {
		c.because(name, "--kubeconfig", p)
		c.add(PrivilegeEscalation)
		return
	}
	if name == "helm" {
		return
	}
	if p, ok := optValue(cmd.Args, "", "--client-key"); ok &&
		slices.ContainsFunc(nodePKIDirs, func(d string) bool { return strings.HasPrefix(path.Clean(p), d) }) {
		c.because(name, "--client-key", p)
		c.add(PrivilegeEscalation)
		return
	}
	if g, ok := optValue(cmd.Args, "", "--as-group"); ok && g == "system:masters" {
		c.because(name, "--as-group", g)
		c.add(PrivilegeEscalation)
	}
}

// podRunAsAccount flags a pod run as a service account the line names
// (README's Kubernetes Goat call: "a pod run as another, more privileged
// service account (--serviceaccount=tiller) is privilege-escalation"):
// kubectl run's --serviceaccount (kubectl reference up to 1.23; later
// releases take the same through --overrides) and an --overrides spec
// that sets serviceAccountName or its older alias serviceAccount (the Pod
// API reference). A pod run with the namespace's default account is
// everyday, as `kubectl set serviceaccount` is flagged by
// identityRouteAdded.
func (c *checker) podRunAsAccount(cmd *shell.Command, name string) {
	if sa, ok := optValue(cmd.Args, "", "--serviceaccount"); ok && sa != "" && sa != "default" {
		c.because(name, "run", "--serviceaccount", sa)
		c.add(PrivilegeEscalation)
		return
	}
	if o, ok := optValue(cmd.Args, "", "--overrides"); ok {
		s := squash(o)
		for _, f := range []string{`"serviceaccountname":"`, `"serviceaccount":"`} {
			if i := strings.Index(s, f); i >= 0 && !strings.HasPrefix(s[i+len(f):], `default"`) {
				c.because(name, "run", "--overrides")
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

// unsafeManifestWords are the words a manifest's file or folder name uses
// for what the Pod Security Standards allow only at their privileged
// level and that hand a pod the node: "privileged" (and its usual short
// form "priv") and hostPath volumes, which the Baseline profile forbids
// outright. hostPID, hostIPC and hostNetwork alone stay out: README's call
// labels them as docker's --pid=host or --network host alone (everyday).
var unsafeManifestWords = map[string]bool{"privileged": true, "priv": true, "hostpath": true}

// storageManifestWords name storage objects: a hostPath PersistentVolume,
// its claim, class or provisioner hands no pod the node by itself
// (Kubernetes docs' storage pages).
var storageManifestWords = map[string]bool{
	"pv": true, "pvc": true, "persistentvolume": true, "persistentvolumeclaim": true, "storageclass": true,
	"provisioner": true, "csi": true,
}

// policyManifestWords name objects that govern pods rather than make one:
// a PodSecurityPolicy, an admission or policy-engine constraint, a role
// or its binding. Their names use the Pod Security Standards' level
// ("privileged", "restricted") for the policy they grant or deny: the
// Kubernetes docs' own examples are policy/privileged-psp.yaml and
// policy/restricted-psp.yaml (Pod Security Policies), and a sheet's
// psp-deny-privileged.yaml forbids privileged pods.
var policyManifestWords = map[string]bool{
	"psp": true, "podsecuritypolicy": true, "podsecurity": true, "policy": true, "policies": true,
	"role": true, "clusterrole": true, "rolebinding": true, "clusterrolebinding": true, "binding": true,
	"deny": true, "restrict": true, "restricted": true, "constraint": true, "constrainttemplate": true,
	"admission": true, "kyverno": true, "gatekeeper": true,
}

// shellManifestWords name a manifest that makes a reverse shell.
var shellManifestWords = map[string]bool{"revshell": true, "reverseshell": true}

// manifestNamedUnsafe flags a manifest applied whose name says it makes a
// privileged pod, one that mounts a node folder, or a reverse shell
// (README's badPods call: a public manifest is labelled by what it is
// named for). The name is read as words split at anything but letters and
// digits, across the whole path or URL path ("manifests/priv/pod/
// priv-exec-pod.yaml", "pod-priv-revshell.yaml"); "reverse-shell" reads as
// one word. A policy, role or binding named for the privileged level
// governs pods and makes none (policyManifestWords). A manifest from
// stdin ("-f -") is read from the command piping
// it in: envsubst's, cat's or sed's input file. A dry run (client or
// server) creates nothing.
func (c *checker) manifestNamedUnsafe(cmd *shell.Command, name, verb string) {
	if slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return strings.HasPrefix(a.Lit, "--dry-run") }) {
		return
	}
	var files []string
	for i, a := range cmd.Args {
		switch {
		case a.Lit == "-f" || a.Lit == "--filename":
			if i+1 < len(cmd.Args) {
				files = append(files, cmd.Args[i+1].Lit)
			}
		case strings.HasPrefix(a.Lit, "--filename="):
			files = append(files, strings.TrimPrefix(a.Lit, "--filename="))
		case strings.HasPrefix(a.Lit, "-f") && len(a.Lit) > 2 && a.Lit[2] != '-':
			files = append(files, strings.TrimPrefix(strings.TrimPrefix(a.Lit, "-f"), "="))
		}
	}
	if slices.Contains(files, "-") {
		files = append(files, c.pipedManifests()...)
	}
	priv, revshell := false, false
	for _, f := range files {
		if _, rest, ok := strings.Cut(f, "://"); ok {
			_, f, _ = strings.Cut(rest, "/") // the URL's path, not its host
		}
		words := strings.FieldsFunc(strings.ToLower(strings.ReplaceAll(f, "reverse-shell", "reverseshell")), func(r rune) bool {
			return (r < 'a' || r > 'z') && (r < '0' || r > '9')
		})
		storage := slices.ContainsFunc(words, func(w string) bool { return storageManifestWords[w] })
		governs := slices.ContainsFunc(words, func(w string) bool { return policyManifestWords[w] })
		for i, w := range words {
			priv = priv || unsafeManifestWords[w] && !governs && !(storage && w == "hostpath") && !namesEscalationControl(words, i)
			revshell = revshell || shellManifestWords[w]
		}
		if priv || revshell {
			c.because(name, verb, "-f", f)
		}
	}
	if priv {
		c.add(PrivilegeEscalation)
	}
	if revshell {
		c.add(NetworkExfiltration)
	}
}

// pipedManifests returns the files the command before this one in its
// pipeline reads a manifest from: envsubst's, cat's or sed's "<" input
// and cat's or sed's file operands (the usual ways to fill a template
// before "kubectl apply -f -").
func (c *checker) pipedManifests() []string {
	prev := c.pipedFrom()
	if prev == nil || prev.Dynamic {
		return nil
	}
	var out []string
	switch path.Base(prev.Name) {
	case "envsubst", "cat", "sed":
		for _, r := range prev.Redirects {
			if r.Read && r.Target.Literal {
				out = append(out, r.Target.Lit)
			}
		}
		if path.Base(prev.Name) != "envsubst" {
			for _, a := range operands(prev.Args) {
				if a.Literal && (strings.HasSuffix(a.Lit, ".yaml") || strings.HasSuffix(a.Lit, ".yml") || strings.HasSuffix(a.Lit, ".json")) {
					out = append(out, a.Lit)
				}
			}
		}
	}
	return out
}

// nodeTokensUsed flags kubectl or oc given --token whose value the line
// reads from the kubelet's pods folder: /var/lib/kubelet/pods/UID/volumes/
// kubernetes.io~projected/…/token, where the kubelet keeps every pod's
// service-account token (the kubelet's --root-dir layout; README's badPods
// call: every pod's token on the node used with kubectl --token is a login
// with others' credentials). A literal token, or one the line does not
// read from there, is the user's own.
func (c *checker) nodeTokensUsed(cmd *shell.Command, name string) {
	if c.line == nil {
		return
	}
	i := slices.IndexFunc(cmd.Args, func(a shell.Word) bool {
		return a.Raw == "--token" || strings.HasPrefix(a.Raw, "--token=")
	})
	if i < 0 {
		return
	}
	tok := cmd.Args[i]
	if tok.Raw == "--token" {
		if i+1 >= len(cmd.Args) {
			return
		}
		tok = cmd.Args[i+1]
	}
	if tok.Literal {
		return
	}
	fromNode := slices.ContainsFunc(c.line.Commands, func(o shell.Command) bool {
		return slices.ContainsFunc(o.Args, func(a shell.Word) bool { return strings.Contains(a.Raw, "/var/lib/kubelet/pods") })
	})
	if fromNode {
		c.because(name, "--token")
		c.add(PrivilegeEscalation)
	}
}

// clusterAccessMapped flags who may use a cluster, and as whom, changed
// outside RBAC's own objects (README: access rules and identities changed
// are privilege-escalation, as role bindings and aws eks
// create-access-entry): EKS's aws-auth ConfigMap in kube-system, which
// maps IAM roles and users to Kubernetes users and groups (EKS user
// guide), edited, patched or replaced by name; eksctl create|delete
// iamidentitymapping, which writes it (eksctl docs); GKE's legacy ABAC
// turned on (--enable-legacy-authorization, which GKE's hardening guide
// says grants broad static permissions). A manifest by file name says
// nothing of what it maps.
func (c *checker) clusterAccessMapped(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "kubectl", "oc":
		switch v[0] {
		case "edit", "patch", "replace", "set", "label", "annotate":
			ops := operands(cmd.Args)
			for i, o := range ops {
				kind, res, ok := strings.Cut(o.Lit, "/")
				if !ok && i+1 < len(ops) {
					kind, res = o.Lit, ops[i+1].Lit
				}
				if (kind == "configmap" || kind == "configmaps" || kind == "cm") && res == "aws-auth" {
					hit = v[0] != "label" && v[0] != "annotate"
					break
				}
			}
		}
	case "eksctl":
		hit = (v[0] == "create" || v[0] == "delete") && v[1] == "iamidentitymapping"
	case "gcloud":
		hit = len(v) >= 3 && v[0] == "container" && v[1] == "clusters" && (v[2] == "create" || v[2] == "update") &&
			hasLit(cmd.Args, "--enable-legacy-authorization")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 2)]...)
		if name == "gcloud" {
			c.because(name, "container", "clusters", v[2], "--enable-legacy-authorization")
		}
		c.add(PrivilegeEscalation)
	}
}

// clusterAPIOpened flags a cluster's API server opened to any address
// (README's heldout10 call: public network access turned on is
// disk-system, as cloudAccessOpened's): GKE's authorized networks turned
// off or set to 0.0.0.0/0 (gcloud container clusters create|update), AKS's
// authorized IP ranges cleared or set to 0.0.0.0/0 (az aks create|update:
// an empty list turns the restriction off), EKS's public endpoint turned on
// with no narrower publicAccessCidrs (aws eks create-cluster|
// update-cluster-config --resources-vpc-config; the EKS user guide's
// default CIDR is 0.0.0.0/0).
func (c *checker) clusterAPIOpened(cmd *shell.Command, name string, v []string) {
	open := func(cidrs string) bool {
		cidrs = strings.Trim(cidrs, `"'[] `)
		return cidrs == "" || slices.Contains(strings.Split(cidrs, ","), "0.0.0.0/0")
	}
	hit := false
	switch name {
	case "gcloud":
		if len(v) >= 3 && v[0] == "container" && v[1] == "clusters" && (v[2] == "create" || v[2] == "update") {
			n, ok := optValue(cmd.Args, "", "--master-authorized-networks")
			hit = hasLit(cmd.Args, "--no-enable-master-authorized-networks") || ok && n != "" && open(n)
		}
	case "az":
		if v[0] == "aks" && (v[1] == "create" || v[1] == "update") {
			r, ok := optValue(cmd.Args, "", "--api-server-authorized-ip-ranges")
			hit = ok && open(r)
		}
	case "aws":
		if v[0] == "eks" && (v[1] == "create-cluster" || v[1] == "update-cluster-config") {
			cfg, _ := optValue(cmd.Args, "", "--resources-vpc-config")
			cfg = squash(cfg)
			if strings.Contains(cfg, "endpointpublicaccess=true") {
				_, cidrs, ok := strings.Cut(cfg, "publicaccesscidrs=")
				if ok {
					// The list runs to the next key (a word and "=").
					if i := strings.Index(cidrs, "="); i >= 0 {
						cidrs = cidrs[:strings.LastIndex(cidrs[:i], ",")+1]
					}
					cidrs = strings.Trim(cidrs, ",")
				}
				hit = !ok || open(cidrs)
			}
		}
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 3)]...)
		c.add(DiskSystem)
	}
}

// kubeletAPIExec flags a command run in a node's pods through the
// kubelet's own API rather than the API server (privilege-escalation, as
// README's container escapes and logins with others' credentials): a
// request to port 10250 whose path is the kubelet server's /run/NS/POD/
// CONTAINER or /exec/… handler (the kubelet's server API, reached with no
// authorization when anonymous auth is on), and kubeletctl's exec, run
// and scan rce; kubeletctl scan token prints every pod's service-account
// token (secret-read). The kubelet's /pods, /healthz and kubeletctl pods
// list or check; help runs nothing.
func (c *checker) kubeletAPIExec(cmd *shell.Command, name string) {
	if hasLit(cmd.Args, "--help", "-h") {
		return
	}
	switch name {
	case "curl", "wget", "http", "https", "xh":
		for _, a := range cmd.Args {
			if !a.Literal {
				continue
			}
			_, rest, ok := strings.Cut(a.Lit, "://")
			if !ok {
				continue
			}
			host, p, _ := strings.Cut(rest, "/")
			if strings.HasSuffix(host, ":10250") && (strings.HasPrefix(p, "run/") || strings.HasPrefix(p, "exec/")) {
				c.because(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	case "kubeletctl":
		v := c.verbs(cmd.Args, 2)
		switch {
		case len(v) >= 1 && (v[0] == "exec" || v[0] == "run"), len(v) >= 2 && v[0] == "scan" && v[1] == "rce":
			c.becauseProgram(name, v...)
			c.add(PrivilegeEscalation)
		case len(v) >= 2 && v[0] == "scan" && v[1] == "token":
			c.becauseProgram(name, v...)
			c.add(SecretRead)
		}
	}
}

// workloadCommandServed flags a new workload whose command serves a shell
// to another host or sends data away (network-exfiltration; README's
// badPods call: a reverse shell served from the cluster): the command
// after "--" of kubectl|oc run and create job|cronjob|deployment (kubectl
// reference), and docker|podman run|create's command after the image. The
// command is judged as a line of its own and only its network-exfiltration
// kept: what it does to the container's own files, or a secret of the
// container's, is the container's.
func (c *checker) workloadCommandServed(cmd *shell.Command, name string, v []string) {
	var run []shell.Word
	verb := ""
	switch name {
	case "kubectl", "oc":
		verb = v[0]
		if v[0] != "run" && !(v[0] == "create" && len(v) >= 2 && (v[1] == "job" || v[1] == "cronjob" || v[1] == "deployment")) {
			return
		}
		i := slices.IndexFunc(cmd.Args, func(a shell.Word) bool { return a.Raw == "--" })
		if i < 0 {
			return
		}
		run = cmd.Args[i+1:]
	case "docker", "podman":
		args := dockerArgs(cmd.Args)
		if len(args) == 0 || args[0].Lit != "run" && args[0].Lit != "create" {
			return
		}
		verb = args[0].Lit
		i := 1
		for ; i < len(args) && strings.HasPrefix(args[i].Raw, "-"); i++ {
			opt, _, hasVal := strings.Cut(args[i].Lit, "=")
			if args[i].Literal && !hasVal && containerRunValueOpts[opt] {
				i++
			}
		}
		if i+1 >= len(args) {
			return
		}
		run = args[i+1:] // after the image
	}
	if len(run) == 0 {
		return
	}
	text := joinRaws(run)
	if len(run) > 2 && shellNames[path.Base(run[0].Lit)] && run[1].Lit == "-c" && run[2].Literal {
		text = run[2].Lit
	}
	if !slices.Contains(Check(engine.Call{Tool: engine.ToolBash, Command: text}, c.project, c.home), NetworkExfiltration) {
		return
	}
	words := []string{name, verb, "--"}
	for _, w := range run {
		words = append(words, w.Lit)
	}
	c.because(words...)
	c.add(NetworkExfiltration)
}

// tokenSecretDescribed flags kubectl|oc describe of a service-account
// token secret (secret-read): describe prints such a secret's token in
// full (Kubernetes docs, "Manually create an API token for a
// ServiceAccount"), other secrets' values only as sizes. The secret is
// known by its name: the <account>-token-<suffix> Kubernetes generated
// before 1.24 (an Opaque "github-token" shows only its size).
func (c *checker) tokenSecretDescribed(cmd *shell.Command, name string, v []string) {
	if v[0] != "describe" {
		return
	}
	ops := operands(cmd.Args)
	for i, o := range ops {
		kind, res, ok := strings.Cut(o.Lit, "/")
		if !ok && i+1 < len(ops) {
			kind, res = o.Lit, ops[i+1].Lit
		}
		if (kind == "secret" || kind == "secrets") && o.Literal && strings.Contains(strings.ToLower(res), "-token-") {
			c.because(name, "describe", kind, res)
			c.add(SecretRead)
			return
		}
	}
}

// workloadIdentityKeys are the service-account annotations that bind a
// cloud identity to it: EKS IRSA's, GKE Workload Identity's, Azure
// Workload Identity's (each cloud's workload-identity docs).
var workloadIdentityKeys = []string{"eks.amazonaws.com/role-arn=", "iam.gke.io/gcp-service-account=", "azure.workload.identity/client-id="}

// workloadIdentityBound flags a cloud role bound to a cluster's service
// account, so every pod running as it acts as the role
// (privilege-escalation, README's heldout10 call: a runner made to act as
// another role, an OIDC provider or trust added): kubectl|oc annotate of a
// service account with workloadIdentityKeys (a key ending in "-" removes
// the binding), eksctl create iamserviceaccount and utils
// associate-iam-oidc-provider, aws eks create|update-pod-identity-
// association.
func (c *checker) workloadIdentityBound(cmd *shell.Command, name string, v []string) {
	hit := false
	switch name {
	case "kubectl", "oc":
		if v[0] != "annotate" {
			return
		}
		ops := operands(cmd.Args)
		sa := slices.ContainsFunc(ops, func(o shell.Word) bool {
			kind, _, _ := strings.Cut(o.Lit, "/")
			return kind == "sa" || kind == "serviceaccount" || kind == "serviceaccounts"
		})
		hit = sa && slices.ContainsFunc(ops, func(o shell.Word) bool {
			return slices.ContainsFunc(workloadIdentityKeys, func(k string) bool { return strings.HasPrefix(o.Lit, k) && len(o.Lit) > len(k) })
		})
	case "eksctl":
		hit = v[0] == "create" && v[1] == "iamserviceaccount" || v[0] == "utils" && v[1] == "associate-iam-oidc-provider"
	case "aws":
		hit = v[0] == "eks" && (v[1] == "create-pod-identity-association" || v[1] == "update-pod-identity-association")
	}
	if hit {
		c.becauseProgram(name, v[:min(len(v), 2)]...)
		c.add(PrivilegeEscalation)
	}
}

// clusterAPIOverHTTP reads a curl, wget or HTTPie request to the
// Kubernetes API or etcd by its URL's path (clusterAPIPath), with the
// request's method and body.
func (c *checker) clusterAPIOverHTTP(cmd *shell.Command, name string) {
	method, body := "GET", ""
	for i, a := range cmd.Args {
		l := a.Lit
		next := ""
		if i+1 < len(cmd.Args) {
			next = cmd.Args[i+1].Lit
		}
		switch {
		case l == "-X" || l == "--request" || l == "--method":
			method = strings.ToUpper(next)
		case strings.HasPrefix(l, "-X") && len(l) > 2:
			method = strings.ToUpper(l[2:])
		case strings.HasPrefix(l, "--request=") || strings.HasPrefix(l, "--method="):
			_, m, _ := strings.Cut(l, "=")
			method = strings.ToUpper(m)
		case l == "-d" || l == "--data" || l == "--data-raw" || l == "--data-binary" || l == "--json" || l == "--post-data":
			body += next
			if method == "GET" {
				method = "POST"
			}
		case strings.HasPrefix(l, "--post-data=") || strings.HasPrefix(l, "--data="):
			_, d, _ := strings.Cut(l, "=")
			body += d
			if method == "GET" {
				method = "POST"
			}
		case l == "POST" || l == "PUT" || l == "PATCH" || l == "DELETE":
			if name != "curl" && name != "wget" {
				method = l // HTTPie's METHOD before the URL
			}
		}
	}
	for _, a := range cmd.Args {
		text := wordText(a)
		_, rest, ok := strings.Cut(text, "://")
		if !ok || !strings.HasPrefix(text, "http") {
			continue
		}
		host, p, _ := strings.Cut(rest, "/")
		if c.clusterAPIPath(name, "/"+p, host, method, body) {
			return
		}
	}
}

// clusterAPIPath flags a Kubernetes API path called with method and body
// (the Kubernetes API reference): GET of /api/v1/secrets or
// /api/v1/namespaces/NS/secrets[/NAME] prints Secrets (secret-read, as
// kubectl get secret -o yaml); a pod POSTed to /api/v1/namespaces/NS/pods
// with a privileged container or a hostPath of the node's root, a system
// folder or a runtime socket is a container escape (privilege-escalation,
// as kubectl run --overrides); the API server's node proxy to the
// kubelet's /run or /exec runs a command in a pod (as kubeletAPIExec).
// host is the URL's host (empty for kubectl get --raw): etcd's HTTP API
// on port 2379 read whole (v2 keys with recursive=true, v3 kv/range)
// holds every Secret (secret-read). It reports whether it flagged.
func (c *checker) clusterAPIPath(name, p, host, method, body string) bool {
	p, query, _ := strings.Cut(p, "?")
	segs := strings.Split(strings.Trim(p, "/"), "/")
	cat := ""
	switch {
	case strings.HasSuffix(host, ":2379"):
		if strings.HasPrefix(p, "/v3/kv/range") || strings.HasPrefix(p, "/v2/keys") && strings.Contains(query, "recursive=true") {
			cat = SecretRead
		}
	case len(segs) < 3 || segs[0] != "api" || segs[1] != "v1":
	case len(segs) >= 6 && segs[2] == "nodes" && segs[4] == "proxy" && (segs[5] == "run" || segs[5] == "exec"):
		cat = PrivilegeEscalation
	case method == "GET" && (len(segs) == 3 && segs[2] == "secrets" ||
		(len(segs) == 5 || len(segs) == 6) && segs[2] == "namespaces" && segs[4] == "secrets"):
		cat = SecretRead
	case method == "POST" && len(segs) == 5 && segs[2] == "namespaces" && segs[4] == "pods":
		b := jsonSpaceDropper.Replace(body)
		if strings.Contains(b, `"privileged":true`) || strings.Contains(b, `"hostPath":{"path":"/"}`) || socketHostPath(b) {
			cat = PrivilegeEscalation
		}
	}
	if cat == "" {
		return false
	}
	c.because(name, p)
	c.add(cat)
	return true
}

// jsonSpaceDropper takes the spaces, tabs and line breaks out of a JSON
// body so its fields compare alike however it was laid out; built once,
// as a Replacer is safe for concurrent use.
var jsonSpaceDropper = strings.NewReplacer(" ", "", "\n", "", "\t", "", "\r", "")

// clusterCredentialsMinted flags a cluster user's credential minted on a
// node (privilege-escalation, as kubectl create token: credentials
// issued) or the admin's printed (secret-read): kubeadm kubeconfig user (a
// kubeconfig with a client key for any user and group), microk8s config
// (the admin kubeconfig, printed unless written to a file, as gcloud's
// get-credentials writes it), openssl signing with a cluster CA's key
// (kubeadm's /etc/kubernetes/pki/…ca.key: a client certificate the API
// server trusts). Each tool's reference names the member. Join tokens
// (kubeadm token create|list, k3s token, microk8s add-node) stay everyday:
// heldout2 j0306 labels kubeadm token create so.
func (c *checker) clusterCredentialsMinted(cmd *shell.Command, name string) {
	if hasLit(cmd.Args, "--help", "-h", "help") {
		return
	}
	v := c.verbs(cmd.Args, 2)
	cat := ""
	switch name {
	case "kubeadm":
		if len(v) >= 2 && v[0] == "kubeconfig" && v[1] == "user" {
			cat = PrivilegeEscalation
		}
	case "microk8s":
		if len(v) >= 1 && v[0] == "config" && !slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Write }) {
			cat = SecretRead
		}
	case "openssl":
		k, ok := optValue(cmd.Args, "", "-CAkey")
		if ok && strings.HasPrefix(path.Clean(k), "/etc/kubernetes/pki/") {
			c.because(name, "-CAkey", k)
			c.add(PrivilegeEscalation)
		}
		return
	}
	if cat != "" {
		c.becauseProgram(name, v...)
		c.add(cat)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"kubeHostAccessPatched":    "a running workload patched into host access (kubectl|oc patch with privileged, hostPID, hostIPC, hostNetwork, hostPath or allowPrivilegeEscalation turned on) or a namespace relabelled to the privileged Pod Security level",
		"nodeCredentialsUsed":      "kubectl, oc or helm run with the node's own credentials: --kubeconfig (or KUBECONFIG=) naming kubeadm's admin.conf, super-admin.conf, kubelet.conf, controller-manager.conf or scheduler.conf, the kubelet's kubeconfig, k3s' or RKE2's admin kubeconfig, microk8s' client config; --client-key from the node's PKI folders; --as-group=system:masters (impersonating the group that bypasses authorization)",
		"podRunAsAccount":          "a pod run as a service account the line names: kubectl|oc run --serviceaccount=NAME, or --overrides whose spec sets serviceAccountName or serviceAccount",
		"manifestNamedUnsafe":      "kubectl|oc apply|create|replace -f of a manifest (a file, URL or what envsubst, cat or sed pipe in from one) whose name says what it makes: a privileged pod or one with a hostPath volume (the Pod Security Standards' privileged-only controls; privilege-escalation) or a reverse shell (network-exfiltration)",
		"clusterAccessMapped":      "who may use a cluster, and as whom, changed: EKS's aws-auth ConfigMap edited, patched or replaced (kubectl|oc), eksctl create|delete iamidentitymapping, GKE's legacy ABAC turned on (gcloud container clusters create|update --enable-legacy-authorization)",
		"clusterAPIOpened":         "a cluster's API server opened to any address: gcloud container clusters --no-enable-master-authorized-networks or --master-authorized-networks 0.0.0.0/0, az aks --api-server-authorized-ip-ranges cleared or 0.0.0.0/0, aws eks --resources-vpc-config endpointPublicAccess=true without a narrower publicAccessCidrs",
		"kubeletAPIExec":           "a command run in a node's pods through the kubelet's own API (port 10250, /run/… or /exec/…, by curl, wget or HTTPie) or kubeletctl exec|run|scan rce, past the API server's authorization; kubeletctl scan token reads every pod's token",
		"workloadCommandServed":    "the command a new pod, job, cron job, deployment or container runs (kubectl|oc run|create job|cronjob|deployment … -- CMD, docker|podman run IMAGE CMD) serves a shell to another host or sends data away",
		"tokenSecretDescribed":     "kubectl|oc describe of a secret named as a service-account token (ACCOUNT-token-SUFFIX), whose token describe prints in full",
		"workloadIdentityBound":    "a cloud role bound to a cluster's service account: kubectl|oc annotate sa with eks.amazonaws.com/role-arn, iam.gke.io/gcp-service-account or azure.workload.identity/client-id; eksctl create iamserviceaccount, eksctl utils associate-iam-oidc-provider; aws eks create|update-pod-identity-association",
		"clusterAPIPath":           "the Kubernetes API called by its paths (curl, wget, HTTPie, kubectl get --raw): GET of /api/v1/[namespaces/NS/]secrets[/NAME], a pod POSTed with a privileged container or a hostPath of a node folder, the node proxy's /run or /exec; etcd's HTTP API (port 2379) read whole",
		"clusterCredentialsMinted": "a cluster user's credential minted on a node (kubeadm kubeconfig user; openssl signing with a cluster CA's key under /etc/kubernetes/pki) or the admin kubeconfig printed (microk8s config to the terminal)",
		"nodeTokensUsed":           "kubectl|oc called with --token of a value read on the same line from the kubelet's pods folder (/var/lib/kubelet/pods/…/token): every pod's service-account token on the node used",
	})
}

// nodeShell reports the node-shell plugin's words naming a node to open
// a shell on (kubectl-node-shell's README: "kubectl node-shell <node>",
// a privileged pod in the node's namespaces entering its PID 1, "start a
// root shell in the node's host OS"); its help names none (round 9b,
// heldout12's y0909).
func nodeShell(args []shell.Word) bool {
	return !hasLit(args, "-h", "--help") && len(operands(args)) > 0
}

// clusterValueKinds are the Kubernetes kinds whose objects hold plain
// values (configmaps' data, the env of pods and of the workloads that
// template them): secrets are read by their own rule, and roles or
// service accounts name no value.
var clusterValueKinds = map[string]bool{
	"configmap": true, "configmaps": true, "cm": true, "pod": true, "pods": true, "po": true,
	"deployment": true, "deployments": true, "deploy": true, "statefulset": true, "statefulsets": true, "sts": true,
	"daemonset": true, "daemonsets": true, "ds": true, "replicaset": true, "replicasets": true, "rs": true,
	"job": true, "jobs": true, "cronjob": true, "cronjobs": true, "cj": true, "all": true,
}

// clusterValuesDumped reports kubectl or oc printing such objects whole:
// get with -o json|yaml|jsonpath|go-template (kubectl's output formats),
// or describe (configmaps' data and env values shown).
func (c *checker) clusterValuesDumped(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	if name := path.Base(cmd.Name); name != "kubectl" && name != "oc" {
		return false
	}
	v := c.verbs(cmd.Args, 2)
	if len(v) < 2 || v[0] != "get" && v[0] != "describe" {
		return false
	}
	kind, _, _ := strings.Cut(strings.ToLower(v[1]), "/")
	valued := false
	for k := range strings.SplitSeq(kind, ",") { // no slice made, as Split would
		k, _, _ = strings.Cut(k, ".")
		valued = valued || clusterValueKinds[k]
	}
	if !valued {
		return false
	}
	if v[0] == "describe" {
		return true
	}
	for i, a := range cmd.Args {
		f := ""
		switch {
		case !a.Literal:
		case (a.Lit == "-o" || a.Lit == "--output") && i+1 < len(cmd.Args):
			f = cmd.Args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--output="):
			f = a.Lit[len("--output="):]
		case strings.HasPrefix(a.Lit, "-o"):
			f = strings.TrimPrefix(a.Lit[2:], "=")
		}
		if strings.HasPrefix(f, "json") || strings.HasPrefix(f, "yaml") || strings.HasPrefix(f, "go-template") {
			return true
		}
	}
	return false
}

// serviceAccountCreated reports "kubectl|oc create serviceaccount|sa
// NAME": an identity made in the cluster, as gcloud iam service-accounts
// create is in a cloud (README's heldout12 call, y0003), unless a dry run
// (kubectl create's --dry-run[=client|server|true]: nothing is sent) or
// help.
func serviceAccountCreated(vs []string, args []shell.Word) bool {
	if len(vs) < 2 || vs[0] != "create" || vs[1] != "serviceaccount" && vs[1] != "sa" {
		return false
	}
	return !slices.ContainsFunc(args, func(w shell.Word) bool {
		return w.Literal && (w.Lit == "-h" || w.Lit == "--help" || w.Lit == "--dry-run" || strings.HasPrefix(w.Lit, "--dry-run=") && w.Lit != "--dry-run=none")
	})
}

// kubeconfigWritten reports "gcloud container clusters get-credentials" and
// "az aks get-credentials", which write the cluster's credentials into the
// kubeconfig and print none of them, unless az's "--file -" (or -f -)
// sends them to standard output.
func kubeconfigWritten(name string, args []shell.Word) bool {
	if name != "gcloud" && name != "az" || !slices.Contains(leadingWords(args, 4, false), "get-credentials") {
		return false
	}
	for i, a := range args {
		if a.Lit == "--file=-" || (a.Lit == "--file" || a.Lit == "-f") && i+1 < len(args) && args[i+1].Lit == "-" {
			return false
		}
	}
	return true
}

// escalationControlWords name the Pod Security Standards' "Privilege
// Escalation" control (allowPrivilegeEscalation) when they follow
// "privileged" or "priv" in a manifest's name: a process gaining its own
// container's root by a set-user-ID file, which the Baseline level allows
// and which hands the pod nothing of the node (unlike "Privileged
// Containers", securityContext.privileged).
var escalationControlWords = map[string]bool{"esc": true, "escalation": true}

// namesEscalationControl reports words[i] ("privileged", "priv") read with
// the word after it as the name of the escalation control
// ("06-privileged-esc.yaml", "priv-escalation"), not of a privileged pod.
func namesEscalationControl(words []string, i int) bool {
	return (words[i] == "privileged" || words[i] == "priv") && i+1 < len(words) && escalationControlWords[words[i+1]]
}

// kubectlSelectors are the kubectl delete options that choose what goes
// without a name (kubectl delete --help: "-f FILENAME | -k DIRECTORY |
// TYPE [(NAME | -l label | --all)]", --field-selector, --raw).
var kubectlSelectors = []string{"--all", "-l", "--selector", "--field-selector", "-f", "--filename", "-k", "--kustomize", "--raw"}

// kubectlValueOpts are kubectl options (global ones, `kubectl options`,
// and delete's own) that take the next word as their value, so that word
// is no resource name. An option missing here leaves its value counted as
// a name: the call then stays marked.
var kubectlValueOpts = map[string]bool{
	"-n": true, "--namespace": true, "--context": true, "--cluster": true, "--user": true, "--kubeconfig": true,
	"-s": true, "--server": true, "--token": true, "--as": true, "--as-group": true, "--as-uid": true,
	"--request-timeout": true, "--grace-period": true, "--timeout": true, "-o": true, "--output": true,
	"--cache-dir": true, "--certificate-authority": true, "--client-certificate": true, "--client-key": true,
	"--tls-server-name": true, "--username": true, "--password": true, "--profile": true, "--profile-output": true,
}

// kubectlDeleteOperands returns the words after kubectl's delete verb that
// are neither options nor option values, and whether an option chose what
// to delete some other way (a selector, --all, a file). A word that is not
// literal counts as an operand: it may be a name.
func kubectlDeleteOperands(args []shell.Word) (ops []string, selected bool) {
	after := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		lit := a.Lit
		if a.Literal && strings.HasPrefix(lit, "-") && lit != "-" {
			opt, _, hasValue := strings.Cut(lit, "=")
			for _, s := range kubectlSelectors {
				// "-lapp=web" and "-fpod.yaml" join the value to the letter.
				if opt == s || len(s) == 2 && strings.HasPrefix(lit, s) {
					selected = true
				}
			}
			if kubectlValueOpts[opt] && !hasValue {
				i++
			}
			continue
		}
		if !after {
			after = a.Literal && lit == "delete"
			continue
		}
		if !a.Literal {
			lit = a.Raw
		}
		ops = append(ops, lit)
	}
	return ops, selected
}

// kubectlDeletesNothing reports "kubectl delete TYPE" with no name, no
// selector, no --all and no file: kubectl refuses it ("resource(s) were
// provided, but no name was specified"; the synopsis, kubectl delete
// --help, is "TYPE [(NAME | -l label | --all)]"), so nothing is deleted
// (heldout12 y1464 `kubectl delete pod --force --grace-period 0`). A
// delete fed by a pipe stays marked: what is piped in may be the list
// (tldr's `k8s-unused-secret-detector | kubectl delete secrets`, heldout3
// k0088, is labelled a delete of those secrets).
func (c *checker) kubectlDeletesNothing(args []shell.Word) bool {
	ops, selected := kubectlDeleteOperands(args)
	return !selected && len(ops) == 1 && !strings.Contains(ops[0], "/") && c.pipedFrom() == nil
}

// kubectlKinds maps the resource names and short names kubectl accepts
// (kubectl api-resources) to one kind, for the kinds `kubectl run` and
// `kubectl create KIND NAME` make.
var kubectlKinds = map[string]string{
	"pod": "pod", "pods": "pod", "po": "pod",
	"deployment": "deployment", "deployments": "deployment", "deploy": "deployment",
	"job": "job", "jobs": "job", "cronjob": "cronjob", "cronjobs": "cronjob", "cj": "cronjob",
	"namespace": "namespace", "namespaces": "namespace", "ns": "namespace",
	"configmap": "configmap", "configmaps": "configmap", "cm": "configmap",
	"serviceaccount": "serviceaccount", "serviceaccounts": "serviceaccount", "sa": "serviceaccount",
}

// kubectlNamespace returns the -n/--namespace value of a kubectl call
// ("" for the context's default).
func kubectlNamespace(args []shell.Word) string {
	for i, a := range args {
		switch {
		case (a.Lit == "-n" || a.Lit == "--namespace") && i+1 < len(args):
			return args[i+1].Raw
		case strings.HasPrefix(a.Lit, "--namespace="):
			return strings.TrimPrefix(a.Lit, "--namespace=")
		}
	}
	return ""
}

// workloadPatchedOutOfService flags kubectl|oc patch (the kubectl
// reference's strategic merge, merge and JSON patches given with
// -p|--patch) that takes a workload or service out of service: replicas
// set to 0, as "kubectl scale --replicas=0", and a service's ports
// emptied or removed (README's heldout12 call, cloud-destructive; y1477).
// A dry run changes nothing.
func (c *checker) workloadPatchedOutOfService(u unit) {
	cmd, name, ok := u.program()
	if !ok || !firstVerbIn(cmd.Args, "patch") || hasLitPrefix(cmd.Args, "--dry-run") {
		return
	}
	p, ok := optValue(cmd.Args, "p", "--patch")
	if !ok {
		return
	}
	p = squash(p)
	if replicasZero(p) || strings.Contains(p, "spec\":{\"ports\":[]") || strings.Contains(p, "spec:{ports:[]") ||
		strings.Contains(p, "\"path\":\"/spec/ports\"") && (strings.Contains(p, "\"op\":\"remove\"") || strings.Contains(p, "\"value\":[]")) {
		c.becauseProgram(name, "patch")
		c.add(CloudDestructive)
	}
}

// replicasZero reports a squashed patch that sets a workload's replicas
// (not minReplicas or maxReplicas) to 0: a merge patch's "replicas":0 or
// YAML's replicas:0, or a JSON patch whose path is /spec/replicas and
// whose value is 0.
func replicasZero(p string) bool {
	zeroAt := func(s string, i int) bool {
		return i < len(s) && s[i] == '0' && (i+1 == len(s) || !strings.ContainsRune("0123456789.", rune(s[i+1])))
	}
	for i := 0; ; {
		j := strings.Index(p[i:], "replicas")
		if j < 0 {
			break
		}
		j += i
		end := j + len("replicas")
		if j == 0 || strings.ContainsRune("\"{,", rune(p[j-1])) {
			rest := strings.TrimPrefix(p[end:], "\"")
			if v, ok := strings.CutPrefix(rest, ":"); ok && zeroAt(v, 0) {
				return true
			}
		}
		i = end
	}
	if strings.Contains(p, "\"path\":\"/spec/replicas\"") {
		if k := strings.Index(p, "\"value\":"); k >= 0 && zeroAt(p, k+len("\"value\":")) {
			return true
		}
	}
	return false
}

// nodesTaintedNoExecute flags kubectl taint (and OpenShift's "oc adm
// taint") adding a NoExecute taint: Kubernetes' "Taints and
// Tolerations", pods that do not tolerate it "are evicted immediately",
// so the node is emptied as by kubectl drain (README's heldout12 call,
// cloud-destructive). A trailing "-" removes the taint; NoSchedule and
// PreferNoSchedule only keep new pods off.
func (c *checker) nodesTaintedNoExecute(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	if name == "oc" && firstVerbIn(args, "adm") {
		i := slices.IndexFunc(args, func(w shell.Word) bool { return w.Lit == "adm" })
		args = args[i+1:]
	}
	if !firstVerbIn(args, "taint") {
		return
	}
	for _, a := range args {
		if a.Literal && strings.HasSuffix(a.Lit, ":NoExecute") {
			c.becauseProgram(name, "taint", a.Lit)
			c.add(CloudDestructive)
			return
		}
	}
}

// clusterRightsWidened flags a cluster's access rules widened by forms
// the other rules do not read (privilege-escalation, as a binding made or
// patched): OpenShift's "oc adm policy add-scc-to-user|group" (an SCC lets
// the subject's pods run privileged or as any uid) and "add-role-to-" or
// "add-cluster-role-to-user|group" (a binding made); a Role or
// ClusterRole patched with a wildcard, the secrets resource, or the
// escalate, bind or impersonate verbs (Kubernetes' RBAC, "Privilege
// escalation prevention"); a namespace's pod-security.kubernetes.io/enforce
// label removed (Pod Security Admission: the cluster's default, privileged
// unless configured, applies instead).
func (c *checker) clusterRightsWidened(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) || hasLitPrefix(cmd.Args, "--dry-run") {
		return
	}
	v := c.verbs(cmd.Args, 3)
	at := wordList(v).at
	hit := false
	switch {
	case name == "oc" && at(0) == "adm" && at(1) == "policy":
		verb := at(2)
		hit = strings.HasPrefix(verb, "add-scc-to-") || strings.HasPrefix(verb, "add-role-to-") || strings.HasPrefix(verb, "add-cluster-role-to-")
	case at(0) == "patch":
		kind, _, _ := strings.Cut(strings.ToLower(at(1)), "/")
		kind, _, _ = strings.Cut(kind, ".")
		if kind == "role" || kind == "roles" || kind == "clusterrole" || kind == "clusterroles" {
			p, _ := optValue(cmd.Args, "p", "--patch")
			p = squash(p)
			hit = strings.Contains(p, "*") || strings.Contains(p, "secrets") || strings.Contains(p, "escalate") ||
				strings.Contains(p, "\"bind\"") || strings.Contains(p, "impersonate")
		}
	case at(0) == "label" && (at(1) == "ns" || at(1) == "namespace" || at(1) == "namespaces"):
		hit = hasLit(cmd.Args, "pod-security.kubernetes.io/enforce-")
	}
	if hit {
		c.becauseProgram(name, v...)
		c.add(PrivilegeEscalation)
	}
}

// kubeSecretTypeName reports kubectl get of a secret named TYPE/NAME
// ("secrets/db", "secret.v1/db"; kubectl get's reference: "kubectl get
// TYPE/NAME"), the form credentialPrinter's "get secret" run does not
// see. A word after -f|--filename is a manifest's path, not a resource.
func kubeSecretTypeName(words []string) bool {
	get := -1
	for i, w := range words {
		if w == "get" {
			get = i
			break
		}
	}
	if get < 0 {
		return false
	}
	for i := get + 1; i < len(words); i++ {
		if words[i] == "-f" || words[i] == "--filename" || words[i] == "-k" || words[i] == "--kustomize" {
			i++
			continue
		}
		typ, name, ok := strings.Cut(words[i], "/")
		if !ok || name == "" || strings.HasPrefix(words[i], "-") {
			continue
		}
		typ, _, _ = strings.Cut(typ, ".")
		if typ == "secret" || typ == "secrets" {
			return true
		}
	}
	return false
}

func init() {
	addRuleTexts(map[string]string{
		"workloadPatchedOutOfService": "kubectl|oc patch that sets a workload's replicas to 0 or empties or removes a service's ports: the workload or service out of service",
		"nodesTaintedNoExecute":       "kubectl taint (oc adm taint) of a node with the NoExecute effect: every pod that does not tolerate it evicted, as by kubectl drain",
		"clusterRightsWidened":        "a cluster's access widened: oc adm policy add-scc-to-|add-role-to-|add-cluster-role-to-user|group, a Role or ClusterRole patched with a wildcard, secrets, escalate, bind or impersonate, a namespace's pod-security enforce label removed",
	})
}
