package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

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

// sealsWithoutShowing reports a secret-file tool whose verb encrypts,
// re-keys, sets a value or opens an editor: what it writes is ciphertext
// or nothing, so the files it names are used, not read (round 8;
// TestPrecisionSealedNotShown names each manual). sops: all but
// -d|--decrypt, decrypt, exec-env, exec-file and publish; ansible-vault:
// create, edit, encrypt, encrypt_string, rekey; age: without -d|--decrypt.
func (c *checker) sealsWithoutShowing(name string, args []shell.Word) bool {
	switch name {
	case "sops":
		if shortFlag(args, 'd', "--decrypt") {
			return false
		}
		v := c.verbs(args, 1)
		return len(v) == 0 || !slices.Contains([]string{"decrypt", "exec-env", "exec-file", "publish"}, v[0])
	case "ansible-vault":
		v := c.verbs(args, 1)
		return len(v) > 0 && slices.Contains([]string{"create", "edit", "encrypt", "encrypt_string", "rekey"}, v[0])
	case "age":
		return !hasLit(args, "-d", "--decrypt")
	}
	return false
}

// decryptValueOpts are gpg(1)'s and age(1)'s options whose value is the
// next word: recipients, keys, passphrases, output, descriptors.
var decryptValueOpts = []string{"-r", "--recipient", "-R", "--hidden-recipient", "--recipients-file", "-u", "--local-user",
	"-o", "--output", "-i", "--identity", "--homedir", "--passphrase", "--passphrase-file", "--passphrase-fd",
	"--pinentry-mode", "--keyserver", "--cipher-algo", "--digest-algo", "--compress-algo", "-z", "--trust-model",
	"--default-key", "--status-fd", "--command-fd", "--logger-fd", "--attribute-fd"}

// sealedExts are the extensions an encrypted copy adds to its file's name.
var sealedExts = []string{".gpg", ".asc", ".pgp", ".age", ".enc"}

// decryptsSecret reports gpg -d or age -d decrypting what may be a
// secret: input from stdin or a computed name, or a file that, its
// sealedExts cut, is a secret file or in a secret folder, or whose name
// holds a secret's stem (secrets.gpg, creds.txt.asc, vault.gpg). The
// user's own document or archive (file.txt.gpg, dir.tar.gz.gpg) is not
// (heldout9's labels).
func (c *checker) decryptsSecret(args []shell.Word, dir string) bool {
	files := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return true
		}
		if strings.HasPrefix(a.Lit, "-") && a.Lit != "-" {
			if !strings.Contains(a.Lit, "=") && slices.Contains(decryptValueOpts, a.Lit) {
				i++
			}
			continue
		}
		if a.Lit == "-" {
			return true // stdin
		}
		files++
		p := shell.Resolve(a.Lit, dir, c.home)
		plain := p
		for _, e := range sealedExts {
			plain = strings.TrimSuffix(plain, e)
		}
		base := strings.ToLower(path.Base(plain))
		if SecretFile(p) || SecretFile(plain) || secretFolder(p, c.home) ||
			strings.Contains(base, "vault") || slices.ContainsFunc(secretStems, func(s string) bool { return strings.Contains(base, s) }) {
			return true
		}
	}
	return files == 0
}

// netcats are the netcat family's programs (nc(1), ncat(1), netcat,
// cryptcat), as remoteAccess names them.
var netcats = []string{"nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "cryptcat"}

// relaysOnly reports a command a listener runs for its peer that only
// connects onward: netcat or socat clients with no program of their own
// (no -e, -c, --exec, --sh-exec, --lua-exec; no EXEC: or SYSTEM:) and no
// redirection. The listener and it make a relay, a port forwarded to
// another host (the Ncat Users' Guide's "--sh-exec 'ncat HOST PORT'"),
// which the README labels everyday as a tunnel (round 8).
func relaysOnly(script string) bool {
	s := shell.Parse(script)
	if s.Unparseable || len(s.Commands) == 0 {
		return false
	}
	for i := range s.Commands {
		cmd := &s.Commands[i]
		name := path.Base(cmd.Name)
		if cmd.Dynamic || len(cmd.Redirects) > 0 || cmd.Inner() != nil || !slices.Contains(netcats, name) && name != "socat" {
			return false
		}
		for _, a := range cmd.Args {
			l := strings.ToUpper(a.Lit)
			if !a.Literal || a.Lit == "-e" || a.Lit == "-c" || strings.HasPrefix(a.Lit, "--exec") || strings.HasPrefix(a.Lit, "--sh-exec") ||
				strings.HasPrefix(a.Lit, "--lua-exec") || strings.HasPrefix(a.Lit, "-e/") || strings.HasPrefix(l, "EXEC:") || strings.HasPrefix(l, "SYSTEM:") {
				return false
			}
		}
	}
	return true
}

// relayBackChannel reports that every file command i of s reads is
// written by a redirection of a later command of its pipeline: the FIFO
// of a netcat relay ("nc -l 8080 0<backpipe | nc HOST 80 1>backpipe",
// SANS netcat cheat sheet, "Relays"), which carries what the far peer
// answers, not a file of this machine (round 8).
func relayBackChannel(s *shell.Script, i int) bool {
	cmd := &s.Commands[i]
	if readsDisk(cmd) {
		return false
	}
	read := 0
	for _, f := range cmd.Files() {
		if !f.Read {
			continue
		}
		read++
		fed := false
		for j := i + 1; j < len(s.Commands) && !fed; j++ {
			if s.Commands[j].Pipeline != cmd.Pipeline {
				continue
			}
			for _, g := range s.Commands[j].Files() {
				if g.Write && g.Via == "redirect" && g.Path == f.Path {
					fed = true
					break
				}
			}
		}
		if !fed {
			return false
		}
	}
	return read > 0
}

// configKeyLine reports "KEY = VALUE" typed as a command: a program named
// for a configuration key (fail2ban's actionban, knockd's start_command)
// with "=" as its first argument, whose value is no option of its own
// (round 8; TestPrecisionConfigKeyLines).
func configKeyLine(name string, args []shell.Word) bool {
	if len(args) == 0 || !args[0].Literal || args[0].Lit != "=" || name == "" {
		return false
	}
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// keepsData reports a delete of what only presents or hands over data,
// which stays (round 8; TestPrecisionDeletesThatKeepData): gcloud's log
// views and Bigtable authorized views (subsets of a bucket or table) and
// a log bucket's BigQuery links; Azure's "storage message delete" of one
// received message (--pop-receipt), as SQS delete-message.
func keepsData(name string, p []string, args []shell.Word) bool {
	switch name {
	case "gcloud":
		if len(p) > 0 && (p[0] == "alpha" || p[0] == "beta") {
			p = p[1:]
		}
		return len(p) >= 3 && p[2] == "delete" &&
			(p[0] == "logging" && (p[1] == "views" || p[1] == "links") || p[0] == "bigtable" && p[1] == "authorized-views")
	case "az":
		return len(p) >= 3 && p[0] == "storage" && p[1] == "message" && p[2] == "delete" && hasLit(args, "--pop-receipt")
	}
	return false
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

// sqlStarObjects reports, per statement of sql (split as sqlWords splits
// it), a DROP DATABASE|SCHEMA|TABLE or TRUNCATE whose object is "*" or
// missing: no identifier in SQL's grammar, so the statement is a syntax
// error and removes nothing (round 8; TestPrecisionSQLWithoutObject).
// Quoted names and comments are words here too, so a quoted name counts
// as a name.
func sqlStarObjects(sql string) []bool {
	var out []bool
	for _, st := range sqlTokens(sql, true) {
		skip := 0
		switch {
		case len(st) >= 2 && st[0] == "DROP" && (st[1] == "DATABASE" || st[1] == "SCHEMA" || st[1] == "TABLE"):
			skip = 2
			if len(st) >= 4 && st[2] == "IF" && st[3] == "EXISTS" {
				skip = 4
			}
		case len(st) >= 1 && st[0] == "TRUNCATE":
			skip = 1
			if len(st) > skip && st[skip] == "TABLE" {
				skip++
			}
			if len(st) > skip && st[skip] == "ONLY" {
				skip++
			}
		}
		out = append(out, skip > 0 && (len(st) == skip || st[skip] == "*"))
	}
	return out
}

// stdinLiteral reports a command whose standard input is only literal
// text: a literal here-string or here-document, or the previous command
// of its pipeline printing literal words (echo, printf, cat of a literal
// here-document; literalOutput). What it reads holds nothing of the
// machine (round 8; TestPrecisionLiteralStreamUploads).
func (c *checker) stdinLiteral(cmd *shell.Command) bool {
	if cmd.Stdin != "" {
		return true
	}
	cur, prev, ok := c.withPrevious(cmd)
	if !ok || prev.Pipeline != cur.Pipeline || prev.Dynamic || len(prev.Redirects) > 0 {
		return false
	}
	_, ok = literalOutput(prev, path.Base(prev.Name))
	return ok
}

// withPrevious returns the line's command being checked and the one
// before it on the line, if cmd is that command (a command a wrapper
// runs is not) and one comes before it.
func (c *checker) withPrevious(cmd *shell.Command) (cur, prev *shell.Command, ok bool) {
	if c.line == nil || c.at <= 0 || c.at >= len(c.line.Commands) {
		return nil, nil, false
	}
	cur, prev = &c.line.Commands[c.at], &c.line.Commands[c.at-1]
	return cur, prev, cur.Text == cmd.Text
}

// stashDropAfterApply reports "git stash drop [S]" run by "&&" after
// "git stash apply [S]" of the same entry on the line: git-stash(1)'s pop
// spelt out, the entry's changes already in the worktree (round 8;
// TestPrecisionStashDropAfterApply). rest is the drop's words after
// "stash".
func (c *checker) stashDropAfterApply(cmd *shell.Command, rest []shell.Word) bool {
	cur, prev, ok := c.withPrevious(cmd)
	if !ok || prev.Nested != cur.Nested || prev.Depth != cur.Depth {
		return false
	}
	_, sub, prevRest, ok := prev.GitArgs()
	if !ok || sub != "stash" {
		return false
	}
	entry := func(ws []shell.Word, verb string) (string, bool) {
		ops := operands(ws)
		if len(ops) == 0 || !ops[0].Literal || ops[0].Lit != verb || len(ops) > 2 {
			return "", false
		}
		if len(ops) == 1 {
			return "stash@{0}", true
		}
		if !ops[1].Literal {
			return "", false
		}
		if allDigits(ops[1].Lit) {
			return "stash@{" + ops[1].Lit + "}", true
		}
		return ops[1].Lit, true
	}
	applied, ok1 := entry(prevRest, "apply")
	dropped, ok2 := entry(rest, "drop")
	if !ok1 || !ok2 || applied != dropped {
		return false
	}
	// The two joined by "&&": the drop runs only if the apply succeeded.
	src := c.line.Source
	i := strings.Index(src, prev.Text)
	if i < 0 {
		return false
	}
	after := src[i+len(prev.Text):]
	j := strings.Index(after, cur.Text)
	return j >= 0 && strings.TrimSpace(after[:j]) == "&&"
}

// userDefined reports parts[i] as the "user" of "user-defined": an
// adjective naming a kind of object a user writes (Cosmos DB's and Glue's
// user-defined functions), not an account (round 8;
// TestPrecisionUserDefinedObjects).
func userDefined(parts []string, i int) bool {
	return parts[i] == "user" && i+1 < len(parts) && parts[i+1] == "defined"
}

// secretLocationSuffixes end variable names that hold where a secret is,
// not the secret: Docker secrets' VAR_FILE convention, the AWS CLI's
// AWS_SHARED_CREDENTIALS_FILE, and paths, folders, file names and
// locations (round 8; TestPrecisionSecretLocationVars).
var secretLocationSuffixes = []string{"_FILE", "_PATH", "_DIR", "_FILENAME", "_LOCATION"}

// printedSecretName reports a variable printed whose value is a secret:
// secretName, but not a name of a secret's location.
func printedSecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, s := range secretLocationSuffixes {
		if strings.HasSuffix(up, s) {
			return false
		}
	}
	return secretName(name)
}
