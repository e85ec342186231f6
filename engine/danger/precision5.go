package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// inAddOnTree reports a path inside one add-on package's own tree,
// /opt/<package>/… (FHS 3.0, 3.13): writing there changes that
// application, not the system. /opt itself and a file at its top level
// belong to no package.
func inAddOnTree(p string) bool {
	rest, ok := strings.CutPrefix(p, "/opt/")
	if !ok {
		return false
	}
	pkg, below, ok := strings.Cut(rest, "/")
	return ok && pkg != "" && pkg != "." && pkg != ".." && below != ""
}

// aclValueOpts are setfacl(1)'s options that take an ACL on the line;
// aclFileOpts take it from a file, which the line does not show.
var (
	aclValueOpts = map[string]bool{"-m": true, "--modify": true, "--set": true}
	aclFileOpts  = map[string]bool{"-M": true, "--modify-file": true, "--set-file": true, "--restore": true}
)

// aclGrants reports whether a setfacl command can give someone other than
// a file's owner a right: an ACL from a file or not literal, or an entry
// of a named user or group, the owning group, others or the mask with any
// permission. The owner's own entry (u::) and entries of "---" or 0 give
// nothing; -x, -b and -k only remove entries.
func aclGrants(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		opt, val, hasVal := strings.Cut(a.Lit, "=")
		if aclFileOpts[opt] {
			return true
		}
		if !aclValueOpts[opt] {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return false
			}
			i++
			if !args[i].Literal {
				return true
			}
			val = args[i].Lit
		}
		for _, e := range strings.Split(val, ",") {
			if aclEntryGrants(e) {
				return true
			}
		}
	}
	return false
}

// aclEntryGrants reports whether one ACL entry, [d[efault]:]TAG:QUAL:PERMS,
// gives a right to anyone but the owner.
func aclEntryGrants(e string) bool {
	f := strings.Split(strings.TrimSpace(e), ":")
	if len(f) > 0 && (f[0] == "d" || f[0] == "default") {
		f = f[1:]
	}
	if len(f) != 3 {
		return len(f) > 0 && f[0] != "" // not an entry setfacl reads as one: judged as before
	}
	tag, qual, perms := f[0], f[1], f[2]
	if (tag == "u" || tag == "user") && qual == "" {
		return false // the owner's own entry
	}
	return strings.Trim(perms, "-0") != ""
}

// printOnlyPrograms read neither their input nor a file: what they print
// is text of the line or what they make (the date, the uptime, the
// kernel's name).
var printOnlyPrograms = map[string]bool{"echo": true, "printf": true, "date": true, "uptime": true, "uname": true, "true": true, "sleep": true}

// printsOnly reports whether script, run for a network peer (nc -c, socat
// SYSTEM:), only prints what its programs make: every command a
// print-only program with no redirection, no printed variable (one may
// hold a secret) and no date -s (which sets the clock).
func printsOnly(script string) bool {
	s := shell.Parse(script)
	if s.Unparseable || len(s.Commands) == 0 {
		return false
	}
	for _, c := range s.Commands {
		name := path.Base(c.Name)
		if c.Dynamic || !printOnlyPrograms[name] || len(c.Redirects) > 0 || c.Inner() != nil {
			return false
		}
		for _, a := range c.Args {
			if name == "date" && a.Literal && (strings.HasPrefix(a.Lit, "-s") || strings.HasPrefix(a.Lit, "--set")) {
				return false
			}
			if !a.Literal {
				if names, ok := shell.ShownVars(a.Raw); !ok || len(names) > 0 {
					return false
				}
			}
		}
	}
	return true
}

// ncServed returns the program or shell command a netcat runs for its peer
// (-e PROG, -ePROG, -c CMD, --exec[=]PROG, --sh-exec[=]CMD) and whether it
// is literal; --lua-exec's script is not on the line.
func ncServed(args []shell.Word) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch {
		case a.Lit == "-e" || a.Lit == "-c" || a.Lit == "--exec" || a.Lit == "--sh-exec":
			if i+1 < len(args) && args[i+1].Literal {
				return args[i+1].Lit, true
			}
			return "", false
		case strings.HasPrefix(a.Lit, "-e/"):
			return a.Lit[2:], true
		case strings.HasPrefix(a.Lit, "--exec="), strings.HasPrefix(a.Lit, "--sh-exec="):
			_, v, _ := strings.Cut(a.Lit, "=")
			return v, true
		}
	}
	return "", false
}

// curlBodyOpts are curl(1)'s options that send a request body: the data
// options, --json, a form (-F) and an uploaded file (-T).
var curlBodyOpts = []string{"-d", "--data", "--json", "-F", "--form", "-T", "--upload-file"}

// curlSendsBody reports whether a curl command sends a request body.
func curlSendsBody(args []shell.Word) bool {
	for _, a := range args {
		if !a.Literal {
			continue
		}
		for _, o := range curlBodyOpts {
			if a.Lit == o || strings.HasPrefix(a.Lit, o+"=") || strings.HasPrefix(a.Lit, "--data") ||
				len(o) == 2 && strings.HasPrefix(a.Lit, o) {
				return true
			}
		}
	}
	return false
}

// queryGiven reports whether a delete-by-query request names its query:
// a body, or q= (Lucene syntax) or source= (the body as a parameter) in
// the URL's query string. Without one the API refuses the request.
func queryGiven(url string, args []shell.Word) bool {
	if curlSendsBody(args) {
		return true
	}
	_, q, _ := strings.Cut(url, "?")
	for _, p := range strings.Split(q, "&") {
		if strings.HasPrefix(p, "q=") || strings.HasPrefix(p, "source=") {
			return true
		}
	}
	return false
}

// socketOnlyOpened reports an "exec" with no command that opens a socket
// on a descriptor of its own (3 and up) in a line that runs nothing else
// (bash(1): exec's redirections take effect in the current shell): no
// command writes to the descriptor, so nothing is sent.
func (c *checker) socketOnlyOpened(u unit, r shell.Redirect) bool {
	if u.cmd.Name != "exec" || len(u.cmd.Args) > 0 || c.line == nil || len(c.line.Commands) != 1 {
		return false
	}
	fd := strings.TrimRight(r.Op, "<>|&")
	n := 0
	for _, d := range fd {
		if d < '0' || d > '9' {
			return false
		}
		n = n*10 + int(d-'0')
	}
	return fd != "" && n >= 3
}

// shortOptsAny reports whether getopt-style words set one of the option
// letters in want; a letter of takesValue takes the rest of its word, or
// the next word, as its value ("-wa github.com" is -w and -a github.com).
func shortOptsAny(words []string, want, takesValue string) bool {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return false
		}
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		for j := 1; j < len(w); j++ {
			if strings.IndexByte(want, w[j]) >= 0 {
				return true
			}
			if strings.IndexByte(takesValue, w[j]) >= 0 {
				if j == len(w)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return false
}

// sqliteValueOpts are sqlite3(1)'s options that take a value; -cmd and
// -init run SQL of their own, -A works on an archive.
var sqliteValueOpts = map[string]bool{"-separator": true, "-newline": true, "-nullvalue": true, "-vfs": true, "-mmap": true, "-maxsize": true, "-lookaside": true, "-pagecache": true, "-heap": true}

// sqliteWaitsForInput reports "sqlite3 [OPTIONS] DB" with no SQL on the
// line, no SQL from -cmd, -init or an archive option, and nothing fed to
// its standard input (no pipe, redirect or here-document, and no command
// before it in a group a pipe could feed): it reads SQL from a standard
// input the agent's shell leaves empty, and prints nothing.
func (c *checker) sqliteWaitsForInput(u unit) bool {
	cmd := &u.cmd
	if cmd.Stdin != "" || c.line == nil || c.at >= len(c.line.Commands) || cmd.Nested {
		return false
	}
	for _, r := range cmd.Redirects {
		if r.Read {
			return false
		}
	}
	for k := 0; k < c.at; k++ {
		if prev := &c.line.Commands[k]; prev.Pipeline == cmd.Pipeline || prev.Nested {
			return false
		}
	}
	n := 0
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-cmd" || a.Lit == "-init" || strings.HasPrefix(a.Lit, "-A") || a.Lit == "-archive":
			return false
		case sqliteValueOpts[a.Lit]:
			i++
		case strings.HasPrefix(a.Lit, "-") && a.Lit != "-" && n == 0:
		default:
			n++
		}
	}
	return n == 1
}

// assignsOnly are builtins that take NAME=VALUE words and print nothing
// (bash(1): export, declare, typeset, readonly, local given names).
var assignsOnly = map[string]bool{"export": true, "declare": true, "typeset": true, "readonly": true, "local": true}

// quietFilters pass what they read on to their output and write no file
// of their own (xargs without a command echoes its input).
var quietFilters = map[string]bool{"cat": true, "grep": true, "egrep": true, "cut": true, "tr": true, "sort": true, "uniq": true, "head": true, "tail": true, "xargs": true, "envsubst": true}

// readIntoAssignments reports a command nested in the substitution of a
// line that is one export-like builtin ("export $(cat .env | xargs)"),
// source of a process substitution ("source <(cat .env)"), or env(1)
// setting the variables for a program it runs ("env $(cat .env | xargs)
// node app.js"; with no program, or printenv, env prints them): what it
// reads becomes variables and is printed nowhere. Every other command of
// the line must be a quiet filter with no redirection that writes, nested
// one level in; xargs must run no command, sed edit no file and write none.
func (c *checker) readIntoAssignments(u unit) bool {
	if !u.cmd.Nested || c.line == nil || len(c.line.Commands) < 2 {
		return false
	}
	top := &c.line.Commands[0]
	if top.Nested || top.Depth != 0 || top.Dynamic || len(top.Redirects) > 0 || !takesAssignments(top) {
		return false
	}
	for k := 1; k < len(c.line.Commands); k++ {
		n := &c.line.Commands[k]
		name := path.Base(n.Name)
		if !n.Nested || n.Depth != 1 || n.Dynamic || !onlyReads(n.Redirects) {
			return false
		}
		switch {
		case name == "xargs":
			if xargsRunsCommand(n.Args) {
				return false
			}
		case name == "sed":
			if !sedOnlyFilters(n.Args) {
				return false
			}
		case !quietFilters[name]:
			return false
		}
	}
	return true
}

// takesAssignments reports a top-level command that turns its words into
// the shell's variables (export NAME=VALUE …), sources a process
// substitution, or is env(1) running a program other than one that prints
// the environment.
func takesAssignments(top *shell.Command) bool {
	switch name := path.Base(top.Name); {
	case assignsOnly[name]:
		return true
	case name == "source" || name == ".":
		return len(top.Args) == 1 && !top.Args[0].Literal && strings.HasPrefix(top.Args[0].Raw, "<(")
	case name == "env":
		for _, a := range top.Args {
			if a.Literal && !strings.HasPrefix(a.Lit, "-") && !strings.Contains(a.Lit, "=") {
				prog := path.Base(a.Lit)
				return prog != "env" && prog != "printenv" && prog != "set" && prog != "export" && prog != "declare"
			}
		}
	}
	return false
}

// xargsValueOpts are xargs(1)'s options that take a value.
var xargsValueOpts = map[string]bool{"-d": true, "--delimiter": true, "-n": true, "--max-args": true, "-L": true, "--max-lines": true, "-s": true, "--max-chars": true, "-E": true, "-P": true, "--max-procs": true, "-a": true, "--arg-file": true}

// xargsRunsCommand reports an xargs given a command (without one it echoes
// its input); -I/-i name a command's placeholder.
func xargsRunsCommand(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !a.Literal:
			return true
		case xargsValueOpts[a.Lit]:
			i++
		case a.Lit == "-I" || strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--replace"):
			return true
		case strings.HasPrefix(a.Lit, "-"):
		default:
			return true
		}
	}
	return false
}

// sedOnlyFilters reports a sed that edits no file (no -i) and whose
// scripts only substitute (s/…/…/ with no w or e flag) or delete lines.
func sedOnlyFilters(args []shell.Word) bool {
	scripts := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-e" || a.Lit == "--expression":
			if i+1 >= len(args) || !sedScriptFilters(args[i+1].Lit) {
				return false
			}
			scripts++
			i++
		case strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--in-place") || a.Lit == "-f" || a.Lit == "--file":
			return false
		case strings.HasPrefix(a.Lit, "-"):
		case scripts == 0:
			if !sedScriptFilters(a.Lit) {
				return false
			}
			scripts++
		}
	}
	return scripts > 0
}

// sedScriptFilters reports one sed script that only substitutes or
// deletes: "s/RE/REPL/FLAGS" with flags of g, p, i, I, m, M and digits.
func sedScriptFilters(s string) bool {
	if deletesLines(s) {
		return true
	}
	if len(s) < 4 || s[0] != 's' {
		return false
	}
	parts := strings.Split(s[2:], s[1:2])
	return len(parts) == 3 && strings.Trim(parts[2], "gpiImM0123456789") == ""
}

// assigningReaders are builtins that read their input into variables and
// print nothing (bash(1): read, mapfile, and the declarations they feed).
var assigningReaders = map[string]bool{"read": true, "mapfile": true, "readarray": true, "export": true, "declare": true, "typeset": true, "local": true, "readonly": true}

// onlyReads reports redirections that only read ("< .env").
func onlyReads(rs []shell.Redirect) bool {
	for _, r := range rs {
		if r.Write {
			return false
		}
	}
	return true
}

// inputOptions are option names under which a program may print what it
// reads (an input file converted, shown or dumped).
var inputOptions = map[string]bool{"in": true, "input": true, "infile": true, "i": true, "print": true, "show": true, "cat": true, "dump": true, "display": true, "text": true}

// optionValueUsed reports a file given as an option's attached value
// ("--config=.env", "-f./secrets/key.pem") to a program that does not talk
// to the network: what the program works with, as "--env-file" and "-i KEY"
// are, not what it prints. An input-like option, a value not written as a
// path ("@FILE": check_raid's --extra-opts prints it) and network programs
// (which may send it) are left to the other rules.
func optionValueUsed(cmd *shell.Command, word string) bool {
	var opt, val string
	switch {
	case strings.HasPrefix(word, "--"):
		var ok bool
		if opt, val, ok = strings.Cut(word[2:], "="); !ok {
			return false
		}
	case len(word) > 2 && word[0] == '-':
		opt, val = word[1:2], word[2:]
	default:
		return false
	}
	if val == "" || !strings.ContainsRune("./~", rune(val[0])) || inputOptions[strings.ToLower(opt)] {
		return false
	}
	return !shell.NeedsNetwork(cmd)
}

// lineEndConverters rewrite the files they are given in place (dos2unix(1)).
var lineEndConverters = map[string]bool{"dos2unix": true, "unix2dos": true, "mac2unix": true, "unix2mac": true}

// convertsInPlace reports a dos2unix-style converter in its default old
// file mode: no -n/--newfile copy and no -O/--to-stdout, so nothing of the
// files reaches the output or another file.
func convertsInPlace(name string, args []shell.Word) bool {
	return lineEndConverters[name] && !hasLit(args, "-n", "--newfile", "-O", "--to-stdout")
}

// uncalledFunctions returns the functions s defines and never names
// (bash(1), FUNCTIONS: a body runs "whenever name is specified as the
// name of a simple command"): no command is the function, and no word of
// any command holds its name (trap NAME, eval NAME, "NAME; exit"), nor a
// here-document a command reads. nil when s defines none.
func uncalledFunctions(s *shell.Script) map[string]bool {
	var out map[string]bool
	for i := range s.Commands {
		if fn := s.Commands[i].InFunc; fn != "" {
			if out == nil {
				out = map[string]bool{}
			}
			out[fn] = true
		}
	}
	if out == nil {
		return nil
	}
	for i := range s.Commands {
		cmd := &s.Commands[i]
		if out[cmd.Name] || out[path.Base(cmd.Name)] {
			delete(out, cmd.Name)
			delete(out, path.Base(cmd.Name))
		}
		for fn := range out {
			if cmd.Dynamic || strings.Contains(cmd.Stdin, fn) || slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return strings.Contains(a.Raw, fn) }) {
				delete(out, fn)
			}
		}
	}
	return out
}

// impacketValueOpts are options impacket's tools declare with a value
// (argparse: "-hashes LMHASH:NTHASH", "-aesKey hex key", "-impersonate
// USER", "-spn SPN", "-dc-ip ip address", "-target-ip ip address",
// "-computer-pass password", "-computer-name name", "-k" takes none).
var impacketValueOpts = map[string]bool{"-hashes": true, "-aeskey": true, "-impersonate": true, "-spn": true, "-dc-ip": true, "-target-ip": true, "-computer-pass": true, "-computer-name": true}

// argparseRefused reports an impacket tool (impacket-NAME or NAME.py) whose
// last word is an option that takes a value: argparse stops with
// "expected one argument" and nothing runs.
func argparseRefused(name string, args []shell.Word) bool {
	name = strings.ToLower(name)
	if !strings.HasPrefix(name, "impacket-") && !strings.HasSuffix(name, ".py") || len(args) == 0 {
		return false
	}
	last := args[len(args)-1]
	return last.Literal && impacketValueOpts[strings.ToLower(last.Lit)]
}

// tildeQuoted reports a word that starts with a quoted tilde ("~/x",
// '~/x', \~/x): bash expands only an unquoted one (bash(1), Tilde
// Expansion), so the word names a folder "~" under the working folder.
func tildeQuoted(raw string) bool {
	return strings.HasPrefix(raw, `"~`) || strings.HasPrefix(raw, `'~`) || strings.HasPrefix(raw, `\~`)
}

// pathTildeQuoted reports whether the file path p (as Files gives it,
// quotes removed) was written with a quoted tilde in cmd: an argument or
// a redirect target whose value is p.
func pathTildeQuoted(cmd *shell.Command, p string) bool {
	if !strings.HasPrefix(p, "~") {
		return false
	}
	for _, a := range cmd.Args {
		if a.Literal && a.Lit == p && tildeQuoted(a.Raw) {
			return true
		}
	}
	for _, r := range cmd.Redirects {
		if r.Target.Literal && r.Target.Lit == p && tildeQuoted(r.Target.Raw) {
			return true
		}
	}
	return false
}

// buildConfigOpts name a build configuration or profile: their value
// ("Release", "release") is the build's name (xcodebuild -configuration,
// dotnet -c|--configuration, mvn -P|--activate-profiles, --profile,
// --mode, --build-type).
var buildConfigOpts = map[string]bool{"-configuration": true, "-c": true, "--configuration": true, "-P": true, "--activate-profiles": true, "--profile": true, "--mode": true, "--build-type": true}

// withoutBuildConfigs returns args without a build configuration named
// Release, for the verb table: "-c Release" names a build ("-c reboot",
// a command some programs take, stays).
func withoutBuildConfigs(args []shell.Word) []shell.Word {
	for i, a := range args {
		if a.Literal && buildConfigOpts[a.Lit] && i+1 < len(args) && strings.EqualFold(args[i+1].Lit, "release") {
			out := append(slices.Clone(args[:i]), args[i+2:]...)
			return withoutBuildConfigs(out)
		}
	}
	return args
}

// visudoOnlyChecks reports visudo(8) in check-only mode (-c, --check, in
// a cluster such as -cf) or printing its version or help.
func visudoOnlyChecks(args []shell.Word) bool {
	words := make([]string, 0, len(args))
	for _, a := range args {
		words = append(words, a.Lit)
	}
	return hasLit(args, "--check", "--version", "--help") || shortOptsAny(words, "cVh", "fx")
}

// htpasswdPrints reports htpasswd(1)'s -n (alone or in a cluster such as
// -nb, -nbB): the entry is printed, no password file is updated.
func htpasswdPrints(args []shell.Word) bool {
	for _, a := range args {
		// htpasswd(1): -n prints the entry; -v "Verify that the given
		// password matches" (round 9, tldr).
		if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.ContainsAny(a.Lit, "nv") {
			return true
		}
	}
	return false
}

// templateParts mark a file name as a template of the file it copies:
// ".env.dist", "secrets.example.yml", "server.key.sample".
var templateParts = map[string]bool{"example": true, "sample": true, "template": true, "dist": true, "tmpl": true, "tpl": true}

// secretTemplate reports a file name with a template part among its
// dot-separated parts: it holds placeholders, committed for others to copy.
func secretTemplate(base string) bool {
	// Walked without splitting: SecretFile asks of every path a call names.
	for rest := base; rest != ""; {
		part, after, _ := strings.Cut(rest, ".")
		if len(part) >= 3 && len(part) <= 8 && templateParts[strings.ToLower(part)] {
			return true
		}
		rest = after
	}
	return false
}

// filterRepoOnlyReads reports git-filter-repo's --analyze (a report) or
// --dry-run (the repository left unchanged).
func filterRepoOnlyReads(args []shell.Word) bool {
	return hasLit(args, "--analyze", "--dry-run")
}

// deletesRemoteTracking reports "git update-ref -d refs/remotes/…": a
// remote-tracking ref the next fetch writes again.
func deletesRemoteTracking(rest []shell.Word) bool {
	ops := operands(rest)
	return hasLit(rest, "-d") && len(ops) > 0 && ops[0].Literal && strings.HasPrefix(ops[0].Lit, "refs/remotes/")
}

// stdinLogins are registry clients whose "login --password-stdin" reads
// the password from standard input (docker-login(1) and its kin).
var stdinLogins = map[string]bool{"docker": true, "podman": true, "nerdctl": true, "buildah": true, "skopeo": true, "oras": true, "cosign": true, "helm": true, "crane": true}

// pipedIntoLogin reports a credential printer whose output is piped
// straight, and only, into a registry login that reads it as its password
// ("aws ecr get-login-password | docker login --password-stdin …"): the
// password is used, not shown.
func (c *checker) pipedIntoLogin(u unit) bool {
	next := c.pipeReader()
	if u.cmd.Nested || next == nil || len(next.Redirects) > 0 {
		return false
	}
	if cmds := c.line.Commands; c.at+2 < len(cmds) && cmds[c.at+2].Pipeline == next.Pipeline {
		return false // the login's output piped on: not only into it
	}
	return stdinLogins[path.Base(next.Name)] && slices.Contains(leadingWords(next.Args, 3, false), "login") && hasLit(next.Args, "--password-stdin")
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

// privilegeQuery reports doas -C (doas(1): check the configuration file,
// and with a command only whether it would be permitted) and su -V|--version.
func privilegeQuery(name string, args []shell.Word) bool {
	switch name {
	case "doas":
		// doas(1): "-L Clear any persisted authentications from previous
		// invocations, then immediately exit. No command is executed."
		return len(args) > 0 && args[0].Lit == "-C" || len(args) == 1 && args[0].Lit == "-L"
	case "su":
		return len(args) == 1 && (args[0].Lit == "-V" || args[0].Lit == "--version")
	}
	return false
}

// wipefsOnlyLists reports wipefs(8) without -a/--all or -o/--offset (it
// lists the signatures), or with -n/--no-act (nothing written).
func wipefsOnlyLists(args []shell.Word) bool {
	words := make([]string, 0, len(args))
	for _, a := range args {
		if !a.Literal {
			return false
		}
		words = append(words, a.Lit)
	}
	if hasLit(args, "--no-act") || shortOptsAny(words, "n", "ot") {
		return true
	}
	return !hasLit(args, "--all", "--offset") && !slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "--offset=") }) &&
		!shortOptsAny(words, "ao", "t")
}

// sgdiskReadOpts are sgdisk(8)'s options that only display or check.
var sgdiskReadOpts = map[string]bool{"-p": true, "--print": true, "-v": true, "--verify": true, "-O": true, "--print-mbr": true, "-L": true, "--list-types": true, "-i": true, "--info": true, "-V": true, "--version": true, "-?": true, "--help": true}

// sgdiskOnlyPrints reports an sgdisk whose options all only display or
// check (-i takes a partition number).
func sgdiskOnlyPrints(args []shell.Word) bool {
	opts := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		if !strings.HasPrefix(a.Lit, "-") {
			continue // the device
		}
		opt, _, _ := strings.Cut(a.Lit, "=")
		if !sgdiskReadOpts[opt] {
			return false
		}
		if opt == "-i" && !strings.Contains(a.Lit, "=") {
			i++
		}
		opts++
	}
	return opts > 0
}

// mkfsDryRun reports mke2fs(8)'s -n (mkfs.ext2|3|4, mke2fs) and mkfs.xfs's
// -N: what would be made is displayed, nothing is written.
func mkfsDryRun(name string, args []shell.Word) bool {
	switch name {
	case "mke2fs", "mkfs.ext2", "mkfs.ext3", "mkfs.ext4":
		return hasLit(args, "-n")
	case "mkfs.xfs":
		return hasLit(args, "-N")
	}
	return false
}

// ownersChanged reports cargo owner's or gem owner's options that add or
// remove an owner (-a/--add, -r/--remove, with the value attached or not).
func ownersChanged(args []shell.Word) bool {
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		l := a.Lit
		return !a.Literal || strings.HasPrefix(l, "--add") || strings.HasPrefix(l, "--remove") ||
			len(l) > 1 && l[0] == '-' && l[1] != '-' && (l[1] == 'a' || l[1] == 'r')
	})
}

// modeOnlyChange reports a chmod or touch of a file that changes nothing
// it makes run: touch changes times; chmod's mode adds no execute,
// setuid, setgid or sticky bit and leaves the file unwritable by others.
func modeOnlyChange(cmd *shell.Command, via string) bool {
	switch via {
	case "touch":
		return true
	case "chmod":
	default:
		return false
	}
	for _, a := range cmd.Args {
		if !a.Literal || !isModeWord(a.Lit) {
			continue
		}
		mode := a.Lit
		if worldWritable(mode) {
			return false
		}
		if strings.Trim(mode, "01234567") == "" {
			return strings.Trim(mode, "0246") == "" // no execute bit, no special bits
		}
		for _, clause := range strings.Split(mode, ",") {
			if i := strings.IndexAny(clause, "+="); i >= 0 && strings.ContainsAny(clause[i:], "xXst") {
				return false
			}
		}
		return true
	}
	return false
}

// grepSearches reports a file a grep also searches, not only takes its
// patterns from ("grep -f .env .env" prints .env's lines): the word p
// standing alone, not as the value of -f/--file.
func grepSearches(cmd *shell.Command, p string) bool {
	name := path.Base(cmd.Name)
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == p && (i == 0 || !grepPatternOption(name, cmd.Args[i-1].Lit)) {
			return true
		}
	}
	return false
}
