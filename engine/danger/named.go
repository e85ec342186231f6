package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// This file holds the rules issue 30 added after measuring Check on
// commands drawn from collections nobody here wrote (tldr-pages, GTFOBins,
// published agent transcripts; testdata/danger/independent): there, most
// secret reads and startup-file writes went through programs no rule
// named — "zcat -f ~/.ssh/id_rsa", "mosquitto -c ~/.ssh/id_rsa",
// "strace -o ~/.ssh/authorized_keys …". So a file's name is now judged
// wherever a command's words carry it, not only for the programs
// engine/shell's Files knows.

// filePrograms are the programs whose file operands engine/shell's Files
// reads and writes exactly (cat, grep, cp, sed, tar, …): what they do to a
// named file is decided there.
var filePrograms = map[string]bool{
	"cat": true, "tac": true, "head": true, "tail": true, "less": true, "more": true, "nl": true, "cut": true,
	"strings": true, "od": true, "hexdump": true, "base64": true, "wc": true, "paste": true, "expand": true,
	"unexpand": true, "fold": true, "rev": true, "tsort": true, "diff": true, "cmp": true, "stat": true,
	"file": true, "md5sum": true, "sha1sum": true, "sha224sum": true, "sha256sum": true, "sha384sum": true,
	"sha512sum": true, "b2sum": true, "shasum": true, "cksum": true, "sum": true, "rm": true, "rmdir": true,
	"unlink": true, "shred": true, "mkdir": true, "tee": true, "touch": true, "truncate": true, "sort": true,
	"uniq": true, "xxd": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "sed": true,
	"source": true, ".": true, "cp": true, "install": true, "ln": true, "mv": true, "chmod": true,
	"chown": true, "chgrp": true, "dd": true, "tar": true, "zip": true, "unzip": true, "find": true,
}

// nameOnly are programs that take a file's name without showing what it
// holds (ls, test, chattr, an editor window the model does not see), or
// that use a credential file for what it is for without printing it
// (ssh -i, docker --env-file, kubectl --kubeconfig, helm -f).
var nameOnly = map[string]bool{
	"ls": true, "test": true, "[": true, "[[": true, "realpath": true, "readlink": true, "basename": true,
	"dirname": true, "du": true, "df": true, "echo": true, "printf": true, "cd": true, "pushd": true,
	"export": true, "type": true, "which": true, "command": true, "chattr": true, "lsattr": true,
	"setfacl": true, "getfacl": true, "git": true, "ssh": true, "scp": true, "sftp": true, "sshfs": true,
	"rsync": true, "ssh-add": true, "ssh-keygen": true, "ssh-copy-id": true, "ssh-agent": true, "sshpass": true,
	"docker": true, "docker-compose": true, "podman": true, "kubectl": true, "helm": true, "helmfile": true,
	"kustomize": true, "terraform": true, "tofu": true, "terragrunt": true, "ansible": true,
	"ansible-playbook": true, "aws": true, "gcloud": true, "az": true, "gh": true, "glab": true,
	"vercel": true, "netlify": true, "wrangler": true, "fly": true, "flyctl": true, "heroku": true,
	"firebase": true, "supabase": true, "dotenv": true, "env-cmd": true, "direnv": true, "code": true,
	"subl": true, "open": true, "xdg-open": true, "gpg": true, "curl": true, "wget": true,
	"secret-tool": true, "chsh": true, "mount": true, "umount": true, "setfattr": true,
	// macOS's security uses the keychains it is given (unlock, import,
	// sign); what prints a secret (dump-keychain, find-*-password) is
	// credentialPrinter's.
	"security": true,
	"keychain": true, // loads the keys it is given into ssh-agent
	// ftp-style session commands, typed inside sftp, ftp or tftp: as shell
	// commands they do not exist.
	"get": true, "put": true, "mget": true, "mput": true,
}

// credentialOption reports an option that hands a program a credential to
// use ("--ssl-keyfile", "--cert", "--identity-file", "--env-file",
// "--kubeconfig", "--password-file"): the program uses it, it does not
// print it.
func credentialOption(opt string) bool {
	if !strings.HasPrefix(opt, "-") {
		return false
	}
	o := strings.ToLower(strings.TrimLeft(opt, "-"))
	for _, w := range []string{"key", "cert", "ssl", "tls", "identity", "kubeconfig", "env-file", "envfile", "credential", "secret", "token", "pass", "auth"} {
		if strings.Contains(o, w) {
			return true
		}
	}
	return false
}

// codeWord reports whether args[i] is a program for a shell or an
// interpreter ("bash -lc SCRIPT", "python -c CODE", awk's program): the
// commands and strings in it are judged where it is read (danger.go's
// inner scripts, interp.go's tokens), not as a file name.
func codeWord(name string, args []shell.Word, i int) bool {
	prev := ""
	if i > 0 && args[i-1].Literal {
		prev = args[i-1].Lit
	}
	if shellNames[name] || otherShells[name] {
		return len(prev) > 1 && prev[0] == '-' && prev[1] != '-' && strings.HasSuffix(prev, "c")
	}
	lang := langOf(name)
	if lang == "" {
		return false
	}
	if lang == "awk" {
		for j, a := range args[:i] {
			if !strings.HasPrefix(a.Lit, "-") && !(j > 0 && (args[j-1].Lit == "-F" || args[j-1].Lit == "-v")) {
				return false // an earlier operand was the program
			}
		}
		return !strings.HasPrefix(args[i].Lit, "-") && prev != "-F" && prev != "-v" && prev != "-f"
	}
	for _, o := range codeOpts[lang] {
		if prev == o || len(o) == 2 && len(prev) > 2 && prev[0] == '-' && prev[1] != '-' && prev[len(prev)-1] == o[1] {
			return true
		}
	}
	return false
}

// destinationOption reports an option whose value is the folder a
// program puts files in.
func destinationOption(opt string) bool {
	switch opt {
	case "--target", "-t", "--dest", "--destination", "-C", "--directory", "-d", "--output-dir", "--outdir", "-o":
		return true
	}
	return false
}

// outputOpts are options whose value is the file a program writes.
var outputOpts = map[string]bool{
	"-o": true, "-O": true, "--output": true, "--out": true, "-out": true, "--outfile": true, "-outfile": true,
	"--output-file": true, "--output-document": true, "--log-file": true, "--logfile": true, "-fprintf": true,
	"-fprint": true, "-fprint0": true, "-fls": true, "-filename": true, "-oG": true, "-oN": true, "-oX": true,
	"-oA": true, "-oS": true, "--newfile": true,
}

// notOutput are, per program, options of outputOpts' names that are flags
// or take something else ("grep -o", "ssh -o Option", "curl -O").
var notOutput = map[string][]string{
	"grep": {"-o", "-O"}, "egrep": {"-o"}, "fgrep": {"-o"}, "rg": {"-o"}, "ag": {"-o"}, "ls": {"-o"},
	"ps": {"-o", "-O"}, "ssh": {"-o", "-O"}, "scp": {"-o", "-O"}, "sftp": {"-o"}, "sshfs": {"-o"},
	"mount": {"-o", "-O"}, "pgrep": {"-o"}, "pkill": {"-o"}, "lsof": {"-o"}, "xargs": {"-o"},
	"tar": {"-o", "-O"}, "unzip": {"-o", "-O"}, "curl": {"-O"}, "bash": {"-o", "-O"}, "sh": {"-o"},
	"zsh": {"-o"}, "set": {"-o"}, "ip": {"-o"}, "du": {"-o"}, "df": {"-o"}, "cut": {"-o"}, "git": {"-o"},
	"python": {"-O"}, "python3": {"-O"}, "gcc": {"-O"}, "cc": {"-O"}, "clang": {"-O"}, "g++": {"-O"},
	"rustc": {"-O"}, "go": {"-o", "-O"}, "jq": {"-o"},
}

// captureTools write packets with -w.
var captureTools = map[string]bool{"tcpdump": true, "tshark": true, "dumpcap": true}

// pathsInWord returns the local paths a word may name: the word itself,
// what follows "=" ("--extra-opts=@FILE", "of=FILE"), a leading "@"
// ("@FILE": read options from a file), and the path of a "file://" URL or
// of a "file:", "man:", "open:", "gopen:", "create:" or "creat:" address
// (socat's, up to its first ","). Remote forms (host:path, other URLs)
// name none.
func pathsInWord(s string) []string {
	var out []string
	add := func(p string) {
		p = strings.TrimPrefix(p, "@")
		if p != "" && p != "-" {
			out = append(out, p)
		}
	}
	if scheme, rest, ok := strings.Cut(s, ":"); ok && !strings.ContainsAny(scheme, "/@=") {
		switch strings.ToLower(scheme) {
		case "file":
			if strings.HasPrefix(rest, "//") {
				rest = strings.TrimPrefix(rest, "//")
			}
			fallthrough
		case "man", "open", "gopen", "create", "creat":
			rest, _, _ = strings.Cut(rest, ",")
			add(rest)
		}
		return out
	}
	if strings.Contains(s, "://") {
		return out
	}
	add(s)
	if i := strings.IndexByte(s, '='); i > 0 {
		out = append(out, pathsInWord(s[i+1:])...)
	}
	for _, e := range embeddedPaths(s) {
		out = append(out, e.path)
	}
	return out
}

// embedded is an absolute or home path inside a longer word, and whether
// a ">" comes right before it (make's "$(file >PATH,TEXT)").
type embedded struct {
	path  string
	write bool
}

// embeddedPaths returns the paths that start after a delimiter inside a
// word ("\\input{/home/u/.npmrc}", "$(file >/home/u/.zshrc,x)"); a "//"
// (a URL's host) starts none.
func embeddedPaths(s string) []embedded {
	var out []embedded
	for i := 1; i < len(s); i++ {
		if s[i] != '/' && !(s[i] == '~' && i+1 < len(s) && s[i+1] == '/') || !strings.ContainsRune("{(=\"'@:,<> ", rune(s[i-1])) {
			continue
		}
		if strings.HasPrefix(s[i:], "//") {
			continue
		}
		j := i
		for j < len(s) && !strings.ContainsRune("}),\"' ;\n", rune(s[j])) {
			j++
		}
		if j-i > 1 {
			out = append(out, embedded{path: s[i:j], write: s[i-1] == '>'})
		}
		i = j
	}
	return out
}

// namedFiles judges the files a command names in its words: a secret file
// named to a program that is not known to only take its name is read
// (SecretRead), and a file other programs run later, an agent's settings or
// a file that grants root given as a program's output is written (see
// writeCategories).
func (c *checker) namedFiles(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	if name == "security" {
		return // its keychain operand is used; credentialPrinter reads its verbs and -d, -g, -w
	}
	if name == "sqlite3" && len(sqlStatements(name, nil, cmd.Args, cmd.Stdin)) == 0 && !c.pipedInto() && !slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Read }) {
		// A database and no SQL opens sqlite3's shell; given no input it
		// prints nothing (README's dev7 call).
		return
	}
	resolve := func(p string) string { return shell.Resolve(p, u.dir, c.home) }
	reads := !filePrograms[name] && !nameOnly[name] && !namesOnlyListing(name, cmd.Args) && !convertsInPlace(name, cmd.Args) &&
		!c.sealsWithoutShowing(name, cmd.Args) && !c.keyUsedInPlace(strings.ToLower(name), cmd.Args) && !c.usesWithoutShowing(name, cmd.Args)
	manPage := name == "man" // "man .env" looks up a page; "man ./x.1" reads a file
	if hasLit(cmd.Args, "-nokey", "-nokeys") {
		reads = false // the key left out (openssl pkcs12 -nokeys, certipy cert -nokey): a certificate is public
	}
	if (name == "sqlite3" || name == "sqlite") && c.sqliteWaitsForInput(u) {
		reads = false // no SQL and no input: nothing printed
	}
	if name == "openssl" {
		// Certificates, requests and connections use their key files; the
		// other commands (enc, rsa, pkey, base64, …) print what they read.
		v := c.verbs(cmd.Args, 1)
		reads = len(v) == 0 || !slices.Contains([]string{"x509", "req", "verify", "s_client", "s_server", "crl", "ca", "ocsp", "pkcs12"}, v[0])
		// "-pubout" writes only the public half; "-noout" prints nothing
		// of the key unless -text asks for it.
		if hasLit(cmd.Args, "-pubout", "-noout") && !hasLit(cmd.Args, "-text") {
			reads = false
		}
	}
	switch name {
	case "dos2unix", "unix2dos", "mac2unix", "unix2mac":
		// dos2unix(1) converts in place; -n|--newfile writes a copy and
		// -O|--to-stdout prints it.
		reads = reads && hasLit(cmd.Args, "-n", "--newfile", "-O", "--to-stdout")
	case "setfattr":
		reads = false // an attribute set by name; the file is not read
	}
	if (name == "certipy" || name == "certipy-ad") && hasLit(cmd.Args, "-nokey") {
		reads = false // "cert -nokey": the certificate out of a .pfx, without its key
	}
	args := cmd.Args
	for i, a := range args {
		p, ok := shell.PathOf(sqliteURIWord(name, a))
		if !ok || codeWord(name, args, i) || tildeQuoted(a.Raw) {
			continue
		}
		var prev string
		if i > 0 && args[i-1].Literal {
			prev = args[i-1].Lit
		}
		opt, _, attached := strings.Cut(p, "=")
		c.because(a.Raw)
		for _, e := range embeddedPaths(p) {
			if e.write {
				c.written(resolve(e.path))
			}
		}
		for _, f := range pathsInWord(p) {
			if manPage && !strings.Contains(f, "/") {
				continue
			}
			abs := resolve(f)
			fileURL := strings.HasPrefix(p, "file:")
			// A secret folder given as where to put things ("--target
			// ~/.ssh/", an archive's extraction folder) is written, not read.
			secret := SecretFile(abs) // asked once: the costliest test of a path
			folder := !secret && secretFolder(abs, c.home)
			if folder && (destinationOption(prev) || i == len(args)-1 && len(operands(args)) >= 2) {
				continue
			}
			output := strings.HasPrefix(prev, "-") && c.outputOption(name, prev) || attached && c.outputOption(name, opt)
			if (reads || fileURL && (name == "curl" || name == "wget")) && !output && (secret || folder || c.globInSecrets(abs)) &&
				!credentialOption(prev) && !(attached && credentialOption(opt)) && !optionValueUsed(cmd, p) && !c.historyKeptPrivate(abs) &&
				!grepPatternOption(name, prev) && !(attached && grepPatternOption(name, opt)) {
				c.add(SecretRead)
			}
		}
		// Output options: "-o FILE", "--output=FILE", "-oFILE".
		target := ""
		switch {
		case strings.HasPrefix(prev, "-") && c.outputOption(name, prev):
			target = p
		case attached && c.outputOption(name, opt):
			_, target, _ = strings.Cut(p, "=")
		case captureTools[name] && prev == "-w":
			target = p
		}
		if target != "" {
			c.because(prev, a.Raw)
			c.written(resolve(target))
		}
	}
	c.because()
	for _, t := range destinations(name, args) {
		c.because(t)
		c.written(resolve(t))
	}
	// "LESSOPEN='echo ~/.ssh/id_rsa # %s' less x", "PAGER='cat KEY' man ls":
	// a variable the program runs or reads names a secret file. Variables
	// that hand over a credential to use (GOOGLE_APPLICATION_CREDENTIALS,
	// KUBECONFIG, SSH_KEY) are left alone.
	for _, a := range cmd.Assigns {
		if credentialOption("-" + a.Name) {
			continue
		}
		for _, f := range strings.Fields(a.Value) {
			for _, p := range pathsInWord(strings.Trim(f, `"'`)) {
				if abs := resolve(p); SecretFile(abs) {
					c.because(a.Name + "=" + a.Value)
					c.add(SecretRead)
				}
			}
		}
	}
	c.because()
	c.copiesSecret(u, name)
	if name == "sed" {
		for _, t := range sedWriteFiles(args) {
			c.because("w " + t)
			c.written(resolve(t))
		}
	}
}

// outputOption reports whether opt names the file name writes.
func (c *checker) outputOption(name, opt string) bool {
	return outputOpts[opt] && !slices.Contains(notOutput[name], opt)
}

// written marks writing abs: the write categories of the path, and a
// secret file overwritten (SecretRead, as for a file tool's edit).
func (c *checker) written(abs string) {
	c.add(writeCategories(abs, false)...)
	if SecretFile(abs) && !secretExts[path.Ext(abs)] {
		// A key or certificate file (*.key, *.pem) as an output is most
		// often one being made ("certtool -p --outfile private.key").
		c.add(SecretRead)
	}
}

// destinations returns the files copy-like programs write that are not
// given by an output option: lwp-download's and scp's target (scp's when
// a source is remote), update-alternatives --install's link, husky's hook,
// socat's created files, and dos2unix -n's new file.
func destinations(name string, args []shell.Word) []string {
	var lits []string
	for _, a := range args {
		if p, ok := shell.PathOf(a); ok {
			lits = append(lits, p)
		}
	}
	ops := operands(args)
	var opLits []string
	for _, o := range ops {
		if p, ok := shell.PathOf(o); ok {
			opLits = append(opLits, p)
		}
	}
	switch name {
	case "lwp-download", "lwp-mirror":
		if len(opLits) >= 2 {
			return opLits[len(opLits)-1:]
		}
	case "scp":
		if len(opLits) >= 2 && slices.ContainsFunc(opLits[:len(opLits)-1], isRemote) && !isRemote(opLits[len(opLits)-1]) {
			return opLits[len(opLits)-1:]
		}
	case "update-alternatives":
		for i, l := range lits {
			if l == "--install" && i+1 < len(lits) {
				return []string{lits[i+1]}
			}
		}
	case "husky":
		if len(opLits) >= 2 && (opLits[0] == "add" || opLits[0] == "set") {
			return opLits[1:2]
		}
	case "socat":
		var out []string
		for _, l := range opLits {
			scheme, rest, ok := strings.Cut(l, ":")
			if !ok {
				continue
			}
			switch strings.ToLower(scheme) {
			case "open", "gopen", "create", "creat":
				f, opts, _ := strings.Cut(rest, ",")
				if strings.ToLower(scheme) != "open" && strings.ToLower(scheme) != "gopen" || strings.Contains(opts, "creat") || strings.Contains(opts, "append") {
					out = append(out, f)
				}
			}
		}
		return out
	case "docker", "podman":
		// "docker cp CONTAINER:SRC DEST": DEST is written on this machine.
		if len(ops) >= 3 && ops[0].Lit == "cp" && len(opLits) > 0 && opLits[len(opLits)-1] == ops[len(ops)-1].Lit && !strings.Contains(opLits[len(opLits)-1], ":") {
			return opLits[len(opLits)-1:]
		}
	case "dos2unix", "unix2dos":
		for i, l := range lits {
			if (l == "-n" || l == "--newfile") && i+2 < len(lits) {
				return []string{lits[i+2]}
			}
		}
	}
	return nil
}

// sedWriteFiles returns the files a sed script writes with its w command
// or the s command's w flag ("1s/.*/x/w FILE", "/re/w FILE"): GNU sed
// takes the rest of the line as the file name.
func sedWriteFiles(args []shell.Word) []string {
	var scripts []string
	for i, a := range args {
		if !a.Literal {
			continue
		}
		if (a.Lit == "-e" || a.Lit == "--expression") && i+1 < len(args) {
			scripts = append(scripts, args[i+1].Lit)
		}
	}
	if len(scripts) == 0 {
		if ops := operands(args); len(ops) > 0 && ops[0].Literal {
			scripts = append(scripts, ops[0].Lit)
		}
	}
	var out []string
	for _, s := range scripts {
		for _, line := range strings.Split(s, "\n") {
			for _, cmd := range strings.Split(line, ";") {
				cmd = strings.TrimSpace(cmd)
				i := strings.LastIndex(cmd, "w ")
				if i < 0 {
					continue
				}
				// "w FILE" alone, after an address ("/re/w F", "1w F"), or
				// as the last of the s command's flags ("s/a/b/gw F").
				if i > 0 {
					j := strings.LastIndexByte(cmd[:i], '/')
					if j < 0 || strings.Trim(cmd[j+1:i], "gpIiMme0123456789") != "" {
						continue
					}
				}
				if f := strings.TrimSpace(cmd[i+2:]); f != "" {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// writtenThenRun judges "printf 'CODE' >/tmp/x.go; go run /tmp/x.go" and
// "cat >x.py <<EOF … EOF; python x.py": a program the line writes from
// literal text and then runs is read as that program (interp.go's tokens,
// or a shell script), as an inline one would be.
func (c *checker) writtenThenRun(units [][]unit, depth int) {
	if depth >= maxDepth {
		return
	}
	texts := map[string]string{}
	for _, us := range units {
		for _, u := range us {
			cmd, name, ok := u.program()
			if !ok {
				continue
			}
			if text, ok := literalOutput(cmd, name); ok {
				for _, r := range cmd.Redirects {
					if p, ok := shell.PathOf(r.Target); ok && r.Write {
						texts[shell.Resolve(p, u.dir, c.home)] = text
					}
				}
				continue
			}
			if name == "tee" && cmd.Stdin != "" {
				// tee FILE <<< 'TEXT': the here-string or here-document is written.
				for _, o := range operands(cmd.Args) {
					if p, ok := shell.PathOf(o); ok {
						texts[shell.Resolve(p, u.dir, c.home)] = cmd.Stdin
					}
				}
				continue
			}
			if len(texts) == 0 {
				continue
			}
			if text, ok := texts[shell.Resolve(cmd.Name, u.dir, c.home)]; ok && strings.Contains(cmd.Name, "/") {
				// ./run.sh: the file written is run by its #! line's
				// interpreter, a shell when it names none.
				c.runWritten(text, u.dir, depth)
				continue
			}
			ops := operands(cmd.Args)
			if name == "go" && len(ops) > 1 && ops[0].Lit == "run" {
				ops = ops[1:]
			} else if name == "go" {
				continue
			}
			if len(ops) == 0 || !ops[0].Literal {
				continue
			}
			text, ok := texts[shell.Resolve(ops[0].Lit, u.dir, c.home)]
			if !ok {
				continue
			}
			switch {
			case shellNames[name]:
				c.script(shell.Parse(text), u.dir, depth+1, false)
			case name == "go" || langOf(name) != "":
				lang := langOf(name)
				if lang == "" {
					lang = "go"
				}
				c.code(lang, text, u.dir, depth+1)
			}
		}
	}
}

// literalOutput returns the text echo, printf or cat (of a literal
// here-document) print, when all of it is literal.
func literalOutput(cmd *shell.Command, name string) (string, bool) {
	switch name {
	case "echo", "printf":
		var parts []string
		for _, a := range cmd.Args {
			if !a.Literal {
				return "", false
			}
			if name == "echo" && (a.Lit == "-e" || a.Lit == "-n" || a.Lit == "-en" || a.Lit == "-ne") {
				continue
			}
			parts = append(parts, a.Lit)
		}
		return strings.ReplaceAll(strings.Join(parts, " "), `\n`, "\n"), len(parts) > 0
	case "cat":
		if len(cmd.Args) == 0 && cmd.Stdin != "" {
			return cmd.Stdin, true
		}
	}
	return "", false
}

// copiesSecret flags programs of the name-only list that still show or
// move a secret file named to them: "git diff /dev/null ~/.aws/credentials"
// and git show/blame/grep print it, "docker cp ~/.netrc box:/x" copies it
// where other programs read it, "ssh-copy-id -i .env.pub host" sends it,
// and "find ~/.ssh/id_rsa -exec cat {} +" starts at it.
func (c *checker) copiesSecret(u unit, name string) {
	cmd := &u.cmd
	secret := func(w shell.Word) bool {
		p, ok := shell.PathOf(w)
		return ok && SecretFile(shell.Resolve(p, u.dir, c.home))
	}
	switch name {
	case "git":
		if _, sub, rest, ok := cmd.GitArgs(); ok && slices.Contains([]string{"diff", "show", "blame", "annotate", "grep", "cat-file", "log"}, sub) &&
			!gitPrintsNoContents(sub, rest) &&
			(slices.ContainsFunc(operands(rest), secret) || sub == "log" && slices.ContainsFunc(gitLineRangeFiles(rest), secret)) {
			c.add(SecretRead)
		}
	case "docker", "podman":
		if ops := operands(cmd.Args); len(ops) >= 3 && ops[0].Lit == "cp" && slices.ContainsFunc(ops[1:len(ops)-1], secret) {
			c.add(SecretRead)
		}
	case "ssh-copy-id":
		for i, a := range cmd.Args {
			if a.Lit == "-i" && i+1 < len(cmd.Args) && secret(cmd.Args[i+1]) {
				c.add(NetworkExfiltration)
			}
		}
	case "find":
		var starts []shell.Word
		for _, a := range cmd.Args {
			if a.Literal && (strings.HasPrefix(a.Lit, "-") || a.Lit == "(" || a.Lit == "!") {
				break
			}
			starts = append(starts, a)
		}
		if slices.ContainsFunc(starts, secret) && slices.ContainsFunc(cmd.Inside(), func(in shell.Command) bool {
			return in.Name != "" && !nameOnly[path.Base(in.Name)] && path.Base(in.Name) != "rm"
		}) {
			c.add(SecretRead)
		}
	}
}

// namesOnStdin flags "echo ~/.pgpass | cpio -o": a program that reads the
// files whose names come on its standard input (cpio -o/-p, zip -@,
// tar -T -), fed a secret file's name.
func (c *checker) namesOnStdin(s *shell.Script, units [][]unit) {
	readsNames := func(u unit) bool {
		cmd, name, ok := u.program()
		if !ok {
			return false
		}
		switch name {
		case "cpio":
			return shortFlag(cmd.Args, 'o', "--create") || shortFlag(cmd.Args, 'p', "--pass-through")
		case "zip":
			return hasLit(cmd.Args, "-@", "--names-stdin")
		case "tar":
			return hasLit(cmd.Args, "--files-from=-") || slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return w.Lit == "-T" })
		}
		return false
	}
	namesSecret := func(u unit) bool {
		cmd, name, ok := u.program()
		if !ok {
			return false
		}
		text, ok := literalOutput(cmd, name)
		if !ok {
			return false
		}
		for _, f := range strings.Fields(text) {
			if SecretFile(shell.Resolve(f, u.dir, c.home)) {
				return true
			}
		}
		return false
	}
	for i := range s.Commands {
		for j := i + 1; j < len(s.Commands); j++ {
			if s.Commands[j].Pipeline == s.Commands[i].Pipeline && anyUnit(units[i], namesSecret) && anyUnit(units[j], readsNames) {
				c.add(SecretRead)
			}
		}
	}
}

// printsSecretVars flags "echo $DB_PASSWORD" (after "source .env", which
// alone shows nothing): echo or printf of a variable named like a
// credential, its output left for the terminal (the model) rather than
// piped to a program or a file. "${KEY:+set}" and "${#KEY}" print no value.
func (c *checker) printsSecretVars(s *shell.Script, units [][]unit) {
	for i := range s.Commands {
		piped := slices.ContainsFunc(s.Commands[i+1:], func(o shell.Command) bool { return o.Pipeline == s.Commands[i].Pipeline })
		for _, u := range units[i] {
			cmd, name, ok := u.program()
			if !ok || name != "echo" && name != "printf" || piped ||
				slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Write && (r.Op == ">" || r.Op == ">>" || r.Op == "&>") }) {
				continue
			}
			for _, a := range cmd.Args {
				if a.Literal || strings.Contains(a.Raw, ":+") || strings.Contains(a.Raw, "${#") || maskedOnly(a.Raw) {
					continue
				}
				names, ok := shell.ShownVars(a.Raw)
				if !ok {
					names = varNames(a.Raw) // not one word bash reads: every name in it
				}
				if slices.ContainsFunc(names, printedSecretName) { // round 8: not a *_FILE path
					c.cur = &u.cmd
					c.add(SecretRead)
					c.cur = nil
				}
			}
		}
	}
}

// sqliteURIWord reads SQLite's URI filenames ("file:PATH?mode=ro",
// "file:$HOME/…/Login Data?immutable=1", which opens a database another
// program holds locked) as the PATH they open; other words are returned
// as they are.
func sqliteURIWord(name string, w shell.Word) shell.Word {
	if !strings.HasPrefix(name, "sqlite") {
		return w
	}
	raw := strings.Trim(w.Raw, `"'`)
	rest, ok := strings.CutPrefix(raw, "file:")
	if !ok {
		return w
	}
	rest, _, _ = strings.Cut(rest, "?")
	out := shell.Word{Raw: `"` + rest + `"`, Literal: w.Literal}
	if w.Literal {
		out.Lit = rest
	}
	return out
}

// runWritten judges a file the line wrote and then runs by its path: by
// the language its #! line names (python, node, perl, ruby, …), as a
// shell script otherwise (the kernel runs #!/bin/sh, and a file with no
// #! line is run by the calling shell).
func (c *checker) runWritten(text, dir string, depth int) {
	if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(first, "#!") {
		f := strings.Fields(strings.TrimPrefix(first, "#!"))
		if len(f) > 0 {
			prog := path.Base(f[0])
			if prog == "env" && len(f) > 1 {
				prog = path.Base(f[len(f)-1])
			}
			if lang := langOf(prog); lang != "" {
				c.code(lang, text, dir, depth+1)
				return
			}
		}
	}
	c.script(shell.Parse(text), dir, depth+1, false)
}
