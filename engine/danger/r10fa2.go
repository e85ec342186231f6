package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 10 (branch r10-fa2, issue 30): false alarms of the delete
// categories narrowed by what the command does. A delete that cannot name
// anything deletes nothing; a delete of what the same line has just made
// loses nothing that was there before the line ran (README's calls on
// "what the line itself made"); a generated folder is generated whoever's
// home it sits in.

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

// kubectlMade returns the kind/name a kubectl call creates, or "": `kubectl
// run NAME` makes the pod NAME (kubectl run --help: "Create and run a
// particular image in a pod"), `kubectl create KIND NAME` the named object
// of that kind (kubectl create --help). Either fails when the object
// already exists (AlreadyExists), so what they name is new.
func kubectlMade(args []shell.Word) string {
	var ops []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return ""
		}
		if a.Lit == "--" {
			break // the container's command follows
		}
		if strings.HasPrefix(a.Lit, "-") {
			if kubectlValueOpts[a.Lit] {
				i++
			}
			continue
		}
		ops = append(ops, a.Lit)
	}
	switch {
	case len(ops) >= 2 && ops[0] == "run":
		return "pod/" + ops[1]
	case len(ops) >= 3 && ops[0] == "create" && kubectlKinds[ops[1]] != "":
		return kubectlKinds[ops[1]] + "/" + ops[2]
	}
	return ""
}

// kubectlDeletesOwn reports a kubectl delete whose every object an earlier
// kubectl run or create on the same line made, in the same namespace
// (heldout12 y0093: `kubectl run busybox … && kubectl delete pod
// busybox`): the cluster ends as it was before the line.
func (c *checker) kubectlDeletesOwn(u unit) bool {
	if c.line == nil {
		return false
	}
	args := u.cmd.Args
	ops, selected := kubectlDeleteOperands(args)
	if selected || len(ops) < 1 {
		return false
	}
	var objects []string
	if kind := kubectlKinds[ops[0]]; kind != "" && !strings.Contains(ops[0], "/") {
		for _, n := range ops[1:] {
			objects = append(objects, kind+"/"+n)
		}
	} else {
		for _, o := range ops {
			kind, name, ok := strings.Cut(o, "/")
			if !ok || kubectlKinds[kind] == "" {
				return false
			}
			objects = append(objects, kubectlKinds[kind]+"/"+name)
		}
	}
	if len(objects) == 0 {
		return false
	}
	ns := kubectlNamespace(args)
	made := map[string]bool{}
	for k := 0; k < c.at && k < len(c.line.Commands); k++ {
		cmd := &c.line.Commands[k]
		if cmd.Dynamic || path.Base(cmd.Name) != path.Base(u.cmd.Name) || kubectlNamespace(cmd.Args) != ns {
			continue
		}
		if m := kubectlMade(cmd.Args); m != "" {
			made[m] = true
		}
	}
	for _, o := range objects {
		if !made[o] {
			return false
		}
	}
	return true
}

// homeHolding returns the home folder abs lies in: the call's home, or
// another user's (/home/NAME, /Users/NAME) when abs is outside the call's
// own. A transcript recorded on another machine names its user's home
// outright ("cd /Users/dw/…/frontend && rm -rf .vercel", heldout12
// y0449); the generated folders two levels below a home are generated
// whoever's home it is (README: rm -rf of build output, node_modules,
// caches is everyday). A path in no home gets the call's home, which does
// not hold it.
func (c *checker) homeHolding(abs string) string {
	h := path.Clean(c.home)
	if shell.Within(abs, h) {
		return h
	}
	for _, root := range []string{"/home/", "/Users/"} {
		rest, ok := strings.CutPrefix(abs, root)
		if !ok {
			continue
		}
		if user, _, _ := strings.Cut(rest, "/"); user != "" && user != "Shared" {
			return root + user
		}
	}
	return h
}
