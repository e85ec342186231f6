package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// hooksPathChanged reports a "git config" that sets or unsets
// core.hooksPath in a configuration file: git-config(1) and githooks(5),
// the folder every later git command of the repository (--global: of the
// user, --system: of the machine) runs its hooks from. Any value counts,
// /dev/null too: hooks turned off for good, unlike "git -c" for one
// command (round 9b, heldout12's y1284, y1298, y1320, y1354).
func hooksPathChanged(rest []shell.Word) bool {
	if k, _, ok := gitConfigSet(rest); ok {
		return strings.EqualFold(k, "core.hooksPath")
	}
	unset := false
	var ops []shell.Word
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			switch w.Lit {
			case "--unset", "--unset-all":
				unset = true
			case "-f", "--file", "--blob", "--type", "--default", "--comment", "--value":
				i++ // its value
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) > 0 && ops[0].Literal && ops[0].Lit == "unset" {
		unset, ops = true, ops[1:]
	}
	return unset && len(ops) > 0 && ops[0].Literal && strings.EqualFold(ops[0].Lit, "core.hooksPath")
}

// gitShortHelp reports "git SUBCMD -h" with -h the only word after the
// subcommand: gitcli(7), "-h" as the only option prints the short usage
// and exits; git-filter-repo's parser likewise ("-h, --help show this
// help message and exit"; heldout12's y1466). Among other words -h is an
// option of its own (git-grep(1): no file names), and git-extras'
// git-undo(1) reads it as --hard, so those are left to the rules.
func gitShortHelp(sub string, rest []shell.Word) bool {
	_, extra := gitExtras[sub]
	return !extra && len(rest) == 1 && rest[0].Literal && rest[0].Lit == "-h"
}

// gitPatchOptions make git log, diff or show print changed lines
// (git-log(1) and git-diff(1): "-p, -u, --patch", --word-diff,
// --color-words, -W/--function-context, the merge diffs -m, -c, --cc,
// --diff-merges and --remerge-diff, --full-diff, --binary, --ext-diff,
// --textconv).
var gitPatchOptions = []string{"--patch", "--patch-with-stat", "--patch-with-raw", "--word-diff", "--color-words",
	"--function-context", "--cc", "--remerge-diff", "--full-diff", "--binary", "--ext-diff", "--textconv", "-m", "-c"}

// gitNamesOnlyOptions make git diff or show print names or counts of the
// changes, not the lines (git-diff(1): --name-only, --name-status,
// --stat, --numstat, --shortstat, --dirstat, --summary, "-s, --no-patch:
// suppress all output from the diff machinery", --quiet).
var gitNamesOnlyOptions = []string{"--name-only", "--name-status", "--stat", "--numstat", "--shortstat", "--dirstat",
	"--summary", "-s", "--no-patch", "--quiet", "--exit-code", "--raw"}

// gitPrintsNoContents reports a git log, diff or show that prints no
// file's lines: log without a patch option (git-log(1): commits are
// listed, the diff only with -p), diff or show with only names or counts
// asked for (round 9b, heldout12's y1425).
func gitPrintsNoContents(sub string, rest []shell.Word) bool {
	patch := shortFlag(rest, 'p') || shortFlag(rest, 'u') || shortFlag(rest, 'W') || slices.ContainsFunc(rest, func(w shell.Word) bool {
		opt, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && (slices.Contains(gitPatchOptions, opt) || strings.HasPrefix(w.Lit, "-L"))
	})
	switch {
	case patch:
		return false
	case sub == "log":
		return true
	case sub == "diff" || sub == "show":
		return slices.ContainsFunc(rest, func(w shell.Word) bool {
			opt, _, _ := strings.Cut(w.Lit, "=")
			return w.Literal && slices.Contains(gitNamesOnlyOptions, opt)
		})
	}
	return false
}

// gitLineRangeFiles returns the files of git log's -L options
// (git-log(1): "-L<start>,<end>:<file>", "-L:<funcname>:<file>"): the
// lines' history is printed as patches.
func gitLineRangeFiles(rest []shell.Word) []shell.Word {
	var out []shell.Word
	for i, w := range rest {
		if !w.Literal || !strings.HasPrefix(w.Lit, "-L") {
			continue
		}
		v := w.Lit[2:]
		if v == "" && i+1 < len(rest) && rest[i+1].Literal {
			v = rest[i+1].Lit
		}
		if j := strings.LastIndexByte(v, ':'); j >= 0 && j+1 < len(v) {
			out = append(out, shell.Word{Lit: v[j+1:], Raw: v[j+1:], Literal: true})
		}
	}
	return out
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

// jqHuntsSecretWords reports a jq (or yq, gojq, jaq) whose filter looks
// for credential words ("select(.name|contains(\"pass\"))").
func jqHuntsSecretWords(cmd *shell.Command) bool {
	switch path.Base(cmd.Name) {
	case "jq", "gojq", "jaq", "yq":
	default:
		return false
	}
	if cmd.Dynamic {
		return false
	}
	for _, a := range cmd.Args {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") {
			continue
		}
		low := strings.ToLower(a.Lit)
		return slices.ContainsFunc(huntWords, func(w string) bool { return strings.Contains(low, w) })
	}
	return false
}

// sqliteExtensions are the names SQLite database files take (sqlite.org's
// file format: one file holds the whole database; Django's db.sqlite3,
// Prisma's dev.db, Rails' storage/*.sqlite3).
var sqliteExtensions = []string{".sqlite", ".sqlite3", ".db", ".db3"}

// projectDatabaseFile reports a SQLite database file of the project: one
// file holding the app's data, so deleting it is a dropped database
// (round 9b, heldout12's y0445). Files under a temporary folder or the
// home (a test's leftovers: heldout4's m0111), a folder of generated
// files, and Windows' Thumbs.db thumbnail caches are not; the journal,
// -wal and -shm files keep their own suffix and are not matched.
func (c *checker) projectDatabaseFile(abs string) bool {
	base := strings.ToLower(path.Base(abs))
	if !slices.ContainsFunc(sqliteExtensions, func(e string) bool { return strings.HasSuffix(base, e) && len(base) > len(e) }) ||
		base == "thumbs.db" || base == "ehthumbs.db" {
		return false
	}
	return shell.Within(abs, c.project) && abs != c.project && !c.tempOnly(abs) && !c.scratch(abs)
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
