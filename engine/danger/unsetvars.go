package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Variables nothing sets: a command whose targets are only variables the
// line does not set and the session does not have gets empty words and
// fails or acts on nothing, and what the line sets for a command.

// lineValue returns the word a variable reference t ($V, "$V", ${V},
// "${V}") stands for when the line itself sets V (its last assignment
// among the line's variable-only commands, shell.Script.Sets): bash
// expands it to that value, so "H=$HOME; rm -rf "$H"" removes the home
// folder. The value is parsed as a word of its own, so ~ and $HOME in it
// read as they do in "rm -rf ~".
func (c *checker) lineValue(t shell.Word) (shell.Word, bool) {
	if t.Literal || c.line == nil || len(c.line.Sets) == 0 {
		return shell.Word{}, false
	}
	ref := t.Raw
	if len(ref) > 1 && ref[0] == '"' && ref[len(ref)-1] == '"' {
		ref = ref[1 : len(ref)-1]
	}
	name, ok := strings.CutPrefix(ref, "$")
	if !ok {
		return shell.Word{}, false
	}
	if strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}") {
		name = name[1 : len(name)-1]
	}
	if name == "" || strings.Trim(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return shell.Word{}, false // "$(…)", "${x:-y}", "$1x": not one variable
	}
	for k := len(c.line.Sets) - 1; k >= 0; k-- {
		a := c.line.Sets[k]
		if a.Name != name {
			continue
		}
		s := shell.Parse("rm " + a.Value)
		if len(s.Commands) != 1 || len(s.Commands[0].Args) != 1 {
			return shell.Word{}, false // a value of several words, or none
		}
		return s.Commands[0].Args[0], true
	}
	return shell.Word{}, false
}

// sessionVars are environment variables every login session has.
var sessionVars = map[string]bool{
	"HOME": true, "PATH": true, "USER": true, "LOGNAME": true, "SHELL": true, "PWD": true, "LANG": true, "TERM": true,
}

// lineSets reports an environment variable the line sets for cmd: an
// assignment before it, or an assignment or export anywhere on the line.
func (c *checker) lineSets(cmd *shell.Command, name string) bool {
	set := func(as []shell.Assign) bool {
		return slices.ContainsFunc(as, func(a shell.Assign) bool { return a.Name == name })
	}
	if set(cmd.Assigns) {
		return true
	}
	if c.line == nil {
		return false
	}
	for _, o := range c.line.Commands {
		if set(o.Assigns) {
			return true
		}
		if o.Name == "export" || o.Name == "declare" || o.Name == "typeset" {
			if slices.ContainsFunc(o.Args, func(w shell.Word) bool { return w.Lit == name || strings.HasPrefix(w.Lit, name+"=") }) {
				return true
			}
		}
	}
	return false
}

// targetsUnset reports a command whose every target is a variable the line
// never sets and no session has (bash(1), "Word Splitting": unquoted it is
// no argument, quoted an empty one), so it names nothing (the README's
// rule for unset variables; round 7): find's starts when all are quoted
// ("find "" …" fails; unquoted, find starts at "."), the units of a
// systemctl verb ("Too few arguments", or an empty unit name), the
// branches of git branch -d|-D|-m|-M|-c|-C; and the resource a cloud
// CLI changes (cloudNameUnset).
func (c *checker) targetsUnset(u unit) bool {
	cmd := &u.cmd
	var targets []shell.Word
	needQuotes := false
	switch path.Base(cmd.Name) {
	case "find":
		targets, needQuotes = findStarts(cmd.Args), true
	case "systemctl":
		if ops := operands(cmd.Args); len(ops) > 1 && ops[0].Literal {
			targets = ops[1:]
		}
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if ok && sub == "branch" && hasLit(rest, "-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy") {
			targets = operands(rest)
		}
	case "aws", "gcloud", "kubectl", "oc", "docker", "podman":
		return c.cloudNameUnset(u) // round 8: a resource named only by an unset variable
	}
	if len(targets) == 0 {
		return false
	}
	for _, w := range targets {
		name, quoted, ok := shell.OnlyVar(w.Raw)
		if !ok || needQuotes && !quoted || c.mayBeSet(name) {
			return false
		}
	}
	return true
}

// findStarts returns find's start paths: the words after its leading
// options (-H, -L, -P, -D debugopts, -Olevel) before the expression.
func findStarts(args []shell.Word) []shell.Word {
	var out []shell.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Literal && len(out) == 0 && (a.Lit == "-H" || a.Lit == "-L" || a.Lit == "-P" || strings.HasPrefix(a.Lit, "-O")):
		case a.Literal && len(out) == 0 && a.Lit == "-D":
			i++
		case a.Literal && (strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1 || a.Lit == "(" || a.Lit == "!"):
			return out
		default:
			out = append(out, a)
		}
	}
	return out
}

// sessionNames are variables a shell session has without the line setting
// them (bash(1) "Shell Variables", environ(7)); a name with one of
// sessionPrefixes or ending in _HOME (JAVA_HOME) may be set too.
var sessionNames = map[string]bool{
	"TMPDIR": true, "OLDPWD": true, "HOSTNAME": true, "HOSTTYPE": true, "OSTYPE": true, "MACHTYPE": true,
	"UID": true, "EUID": true, "PPID": true, "RANDOM": true, "SECONDS": true, "LINENO": true, "SHLVL": true,
	"IFS": true, "PS1": true, "PS4": true, "HISTFILE": true, "EDITOR": true, "VISUAL": true, "PAGER": true,
	"MAIL": true, "DISPLAY": true, "GOPATH": true, "GOROOT": true, "VIRTUAL_ENV": true, "CONDA_PREFIX": true,
}

var sessionPrefixes = []string{"XDG_", "LC_", "BASH", "GITHUB_", "CI_", "RUNNER_", "SSH_", "npm_", "KUBE", "AWS_", "GOOGLE_", "AZURE_"}

// mayBeSet reports a variable the call's scripts set or may set: a
// session's own, any mention of the name other than its expansion
// ("NAME=…", "for NAME in", "read NAME", "export NAME"), or a script
// that sources a file or evals text (which may set anything).
func (c *checker) mayBeSet(name string) bool {
	if sessionVars[name] || sessionNames[name] || strings.HasSuffix(name, "_HOME") {
		return true
	}
	for _, p := range sessionPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	if c.line != nil {
		for i := range c.line.Commands {
			switch path.Base(c.line.Commands[i].Name) {
			case "source", ".", "eval", "set":
				return true
			case "export", "declare", "typeset", "local", "readonly", "mapfile", "readarray", "getopts", "let", "printf":
				if slices.ContainsFunc(c.line.Commands[i].Args, func(w shell.Word) bool { return !w.Literal }) {
					return true
				}
			}
		}
	}
	for _, s := range c.scripts {
		if mentionedBesidesUse(s, name) {
			return true
		}
	}
	return false
}

// mentionedBesidesUse reports name standing in text as a word of its own,
// not as the expansion $name or ${name}: an assignment, a for or read
// variable, an export.
func mentionedBesidesUse(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		i = at + 1
		if at > 0 && isWordByte(text[at-1]) || end < len(text) && isWordByte(text[end]) {
			continue
		}
		if at > 0 && text[at-1] == '$' || at > 1 && text[at-1] == '{' && text[at-2] == '$' {
			continue
		}
		return true
	}
}

// allDigits reports a non-empty word of decimal digits only: a count, a
// size or a partition number, never a file.
func allDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// cloudNameUnset reports a cloud CLI call that changes a resource named
// only by a variable the line never sets and no session has (round 8,
// precision; the README's rule for unset variables, as targetsUnset):
// bash(1) drops an unquoted empty expansion and keeps a quoted one as an
// empty word, so the resource's name is missing or empty and the CLI or
// the service refuses the call; a name an unset variable leaves
// malformed (malformedByUnset) is refused too, and so is docker|podman
// push of such an image reference. Read verbs (get-, describe-, list-,
// show) are left judged: dev8's u0595 reads a page's loop variable as
// set. TestPrecisionCloudNameUnset names each CLI's refusal.
func (c *checker) cloudNameUnset(u unit) bool {
	cmd := &u.cmd
	switch path.Base(cmd.Name) {
	case "aws":
		return c.awsNameUnset(cmd.Args)
	case "gcloud":
		return c.gcloudNameUnset(cmd.Args)
	case "kubectl", "oc":
		return c.kubeNameUnset(cmd.Args)
	case "docker", "podman":
		return c.pushRefUnset(cmd.Args)
	}
	return false
}

// unsetWord reports a word that is only a variable nothing sets.
func (c *checker) unsetWord(w shell.Word) bool {
	name, _, ok := shell.OnlyVar(w.Raw)
	return ok && !c.mayBeSet(name)
}

// awsGlobalOpts are the AWS CLI's global options taking a value (aws(1),
// "Global Options"): an empty region or profile may fall back to the
// configuration, so they are never read as a resource's name.
var awsGlobalOpts = []string{"--region", "--profile", "--output", "--query", "--endpoint-url", "--ca-bundle", "--color", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format"}

// awsNameOpt reports an AWS CLI operation's option that names the
// resource acted on: the API's identifier parameters (…Id, …Ids, …Name,
// …Arn, …Identifier, …Url, Bucket, Cluster, as the CLI spells them:
// --instance-ids, --role-name, --policy-arn, --db-instance-identifier,
// --queue-url, --bucket, --cluster).
func awsNameOpt(o string) bool {
	if slices.Contains(awsGlobalOpts, o) {
		return false
	}
	if o == "--bucket" || o == "--cluster" {
		return true
	}
	for _, s := range []string{"-id", "-ids", "-name", "-names", "-arn", "-arns", "-identifier", "-identifiers", "-url"} {
		if strings.HasSuffix(o, s) {
			return true
		}
	}
	return false
}

// awsNameUnset: "aws SERVICE OPERATION" (not the high-level s3 commands,
// whose operands are paths) with a resource-naming option whose value is
// unset. argparse refuses an option left without its value ("expected
// one argument"), and an empty identifier fails the service's validation.
func (c *checker) awsNameUnset(args []shell.Word) bool {
	v := c.verbs(args, 2)
	if len(v) < 2 || v[0] == "s3" || readVerb(v[1]) {
		return false
	}
	for i := 0; i+1 < len(args); i++ {
		if a := args[i]; a.Literal && awsNameOpt(a.Lit) && (c.unsetWord(args[i+1]) || c.malformedByUnset(args[i+1])) {
			return true
		}
	}
	return false
}

// gcloudNameUnset: "gcloud GROUP… VERB NAME…" whose positional names,
// the words after the command path up to its first option, are all unset
// ("argument NAME: Must be specified", or an empty name).
func (c *checker) gcloudNameUnset(args []shell.Word) bool {
	i := 0
	for i < len(args) && args[i].Literal && !strings.HasPrefix(args[i].Lit, "-") {
		i++
	}
	if i == 0 || i == len(args) || readVerb(args[i-1].Lit) {
		return false
	}
	n := 0
	for ; i < len(args) && !strings.HasPrefix(args[i].Raw, "-"); i++ { // --project="$P" is an option too
		if !c.unsetWord(args[i]) {
			return false
		}
		n++
	}
	return n > 0
}

// kubeValueOpts are kubectl's options that take the next word as their
// value (kubectl reference, "kubectl options" and delete's and drain's).
var kubeValueOpts = []string{"-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-o", "--output", "-s", "--server", "--grace-period", "--timeout", "--as", "--token", "--cascade", "--pod-selector", "--chunk-size"}

// kubeNameUnset: kubectl drain|cordon|uncordon NODE and kubectl delete
// TYPE NAME… whose names are all unset, with no selector or file choosing
// the objects instead (-l, --all, -A, -f, -k, --field-selector): kubectl
// prints its usage ("resource(s) were provided, but no name was
// specified") and changes nothing.
func (c *checker) kubeNameUnset(args []shell.Word) bool {
	var ops []shell.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		if strings.HasPrefix(a.Raw, "-") { // --namespace="$NS" is an option too
			o, _, hasValue := strings.Cut(a.Raw, "=")
			switch {
			case o == "-l" || o == "--selector" || o == "--all" || o == "-A" || o == "--all-namespaces" ||
				o == "-f" || o == "--filename" || o == "-k" || o == "--kustomize" || o == "--field-selector" || o == "--raw":
				return false
			case !hasValue && slices.Contains(kubeValueOpts, o):
				i++
			}
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) < 2 || !ops[0].Literal {
		return false
	}
	names := ops[1:]
	switch ops[0].Lit {
	case "drain", "cordon", "uncordon":
	case "delete":
		if ops[1].Literal {
			if strings.Contains(ops[1].Lit, "/") {
				return false // TYPE/NAME names the object itself
			}
			names = ops[2:]
		}
	default:
		return false
	}
	if len(names) == 0 {
		return false
	}
	for _, w := range names {
		if !c.unsetWord(w) {
			return false
		}
	}
	return true
}

// malformedByUnset reports a word holding a variable nothing sets (and no
// other expansion) whose text without it is no valid name: an empty DNS
// label ("sqs..amazonaws.com", "dkr.ecr..amazonaws.com") or an ARN, URL
// or image reference whose last part is empty ("role/", "app:"). The
// service, or docker's "invalid reference format", refuses it (round 8).
func (c *checker) malformedByUnset(w shell.Word) bool {
	s, ok := c.emptiedText(w)
	return ok && s != "" && (strings.Contains(s, "..") || strings.HasSuffix(s, "/") || strings.HasSuffix(s, ":"))
}

// emptiedText returns w's text, quotes removed, with the variables nothing
// sets expanded to nothing (bash(1): an unset variable expands to the
// empty string), and whether there was one; false when w holds another
// expansion ($(…), `…`, ${x:-y}, $1) or a variable that may be set.
func (c *checker) emptiedText(w shell.Word) (string, bool) {
	if w.Literal || !strings.Contains(w.Raw, "$") {
		return "", false
	}
	raw := w.Raw
	var b strings.Builder
	emptied := false
	for i := 0; i < len(raw); i++ {
		switch ch := raw[i]; ch {
		case '"':
		case '\'':
			j := strings.IndexByte(raw[i+1:], '\'')
			if j < 0 {
				return "", false
			}
			b.WriteString(raw[i+1 : i+1+j])
			i += j + 1
		case '\\', '`':
			return "", false
		case '$':
			rest := raw[i+1:]
			braced := strings.HasPrefix(rest, "{")
			if braced {
				rest = rest[1:]
			}
			n := 0
			for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' || n > 0 && rest[n] >= '0' && rest[n] <= '9') {
				n++
			}
			if n == 0 || braced && (n == len(rest) || rest[n] != '}') || c.mayBeSet(rest[:n]) {
				return "", false // $( … ), ${x:-y}, $1, or a variable that may hold a value
			}
			emptied = true
			i += n
			if braced {
				i += 2
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), emptied
}

// pushRefUnset: docker|podman push of an image reference that an unset
// variable leaves malformed (malformedByUnset): nothing is pushed.
func (c *checker) pushRefUnset(args []shell.Word) bool {
	v := c.verbs(args, 1)
	if len(v) == 0 || v[0] != "push" {
		return false
	}
	ops := operands(args)
	return len(ops) == 2 && c.malformedByUnset(ops[1])
}
