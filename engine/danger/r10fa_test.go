package danger

import "testing"

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
