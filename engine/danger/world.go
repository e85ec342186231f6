package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// This file holds the rules issue 17 added after checking Check against
// collections of dangerous and everyday commands: runners that take a
// whole command line as one word (watch, flock -c, parallel), eval of
// downloaded text, secret stores read in the clear, infrastructure applied
// without review, git worktree removal by force, ownership changes and
// writes on system files, and the inert forms (--help, --version, dry
// runs) that only describe what a destructive verb would do.

// runnerScripts returns the command lines a runner hands to a shell as
// single words: watch's command (run with sh -c), flock's -c/--command
// value, and GNU parallel's commands after ::: when no command template
// comes before them (or the template with each argument appended).
func runnerScripts(cmd *shell.Command) []string {
	if cmd.Dynamic {
		return nil
	}
	args := cmd.Args
	switch path.Base(cmd.Name) {
	case "git":
		return gitRunnerScripts(cmd)
	case "watch":
		ops := skipOptions(args, "n", []string{"interval"}, "dgtbecxpwqhv")
		if len(ops) > 0 {
			return []string{joinLit(ops)}
		}
	case "script":
		// util-linux script(1): -c|--command runs the command in a new
		// shell instead of an interactive one.
		for i, a := range args {
			if (a.Lit == "-c" || a.Lit == "--command") && i+1 < len(args) && args[i+1].Literal {
				return []string{args[i+1].Lit}
			}
			if v, ok := strings.CutPrefix(a.Lit, "--command="); ok && a.Literal {
				return []string{v}
			}
		}
	case "flock":
		for i, a := range args {
			if (a.Lit == "-c" || a.Lit == "--command") && i+1 < len(args) && args[i+1].Literal {
				return []string{args[i+1].Lit}
			}
		}
	case "parallel", "sem":
		var tmpl []shell.Word
		for i, a := range args {
			if a.Literal && (a.Lit == ":::" || a.Lit == "::::") {
				var out []string
				for _, b := range args[i+1:] {
					if !b.Literal || b.Lit == ":::" {
						break
					}
					if t := joinLit(tmpl); strings.Contains(t, "{}") {
						out = append(out, strings.ReplaceAll(t, "{}", shellQuote(b.Lit))) // parallel(1): {} is the argument
					} else if len(tmpl) == 0 {
						out = append(out, b.Lit)
					} else {
						out = append(out, joinLit(tmpl)+" "+shellQuote(b.Lit))
					}
				}
				return out
			}
			if a.Literal && strings.HasPrefix(a.Lit, "-") && len(tmpl) == 0 {
				continue
			}
			tmpl = append(tmpl, a)
		}
		if len(tmpl) > 0 {
			return []string{joinLit(tmpl)} // "parallel rm -rf" fed by stdin: the template runs
		}
	}
	return nil
}

// skipOptions drops leading options: valued names short letters (in
// takesValue) and long names take a value; flags take none.
func skipOptions(args []shell.Word, takesValue string, long []string, flags string) []shell.Word {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" {
			return args[i:]
		}
		if a.Lit == "--" {
			return args[i+1:]
		}
		if strings.HasPrefix(a.Lit, "--") {
			if !strings.Contains(a.Lit, "=") && slices.Contains(long, a.Lit[2:]) {
				i++
			}
			continue
		}
		if last := a.Lit[len(a.Lit)-1:]; len(a.Lit) == 2 && strings.Contains(takesValue, last) {
			i++
		}
	}
	return nil
}

// joinLit joins words as a shell would see them again: one literal word
// alone is a whole script ("watch 'a | b'"); several are re-quoted.
func joinLit(ws []shell.Word) string {
	if len(ws) == 1 && ws[0].Literal {
		return ws[0].Lit
	}
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Raw
	}
	return strings.Join(parts, " ")
}

// inert reports a command that only describes itself: --help, --version,
// or a dry run of what it would do. Interpreters and runners are never
// inert: "bash -c 'rm -rf /' --help" runs the script with $0 = --help.
func inert(cmd *shell.Command) bool {
	name := path.Base(cmd.Name)
	if interpreters[name] || name == "eval" || name == "xargs" || name == "find" || name == "env" ||
		name == "watch" || name == "flock" || name == "parallel" || name == "ssh" || name == "sudo" {
		return false
	}
	// Classic utilities may stop reading options at the first operand
	// (BSD getopt, as on macOS): "rm -rf / --help" removes / and a file
	// named --help there. Their --help counts only among the options.
	classic := classicUtilities[name]
	// git push and clean parse their dry run as git's option parser does
	// (gitDryRun); the loop below then looks only for --help|--version.
	if describedOnly(name, cmd.Args) || usageOnly(name, cmd.Args) || previewOnly(name, cmd.Args) || docReaders[name] || shortDryRun(name, cmd.Args) {
		return true
	}
	gitParsed := false
	if name == "git" {
		if _, sub, rest, ok := cmd.GitArgs(); ok && (sub == "push" || sub == "clean") {
			if gitDryRun(sub, rest) {
				return true
			}
			gitParsed = true
		}
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			continue
		}
		if classic && !strings.HasPrefix(a.Lit, "-") {
			break
		}
		if a.Lit == "--version" && i+1 < len(cmd.Args) && !strings.HasPrefix(cmd.Args[i+1].Lit, "-") {
			continue // "cargo yank --version 1.0.0": here --version takes a value
		}
		switch a.Lit {
		case "--help", "-help", "--version":
			return true
		case "--dry-run", "--dryrun", "--dry-run=client", "--dry-run=server", "--dry-run=true", "--preview-only", "--what-if":
			// "--dry-run --no-dry-run": the last one wins (README,
			// heldout7's call).
			if !gitParsed && !hasLit(cmd.Args[i+1:], "--no-dry-run", "--no-dryrun") {
				return true
			}
		}
		if a.Lit == "--" {
			break
		}
	}
	return false
}

// classicUtilities read options only before their first operand where
// the C library's getopt does not permute (BSD, macOS).
var classicUtilities = map[string]bool{
	"rm": true, "rmdir": true, "unlink": true, "shred": true, "dd": true, "cp": true, "mv": true, "ln": true,
	"install": true, "tee": true, "truncate": true, "chmod": true, "chown": true, "chgrp": true, "kill": true,
	"killall": true, "pkill": true, "sed": true, "mkfs": true, "wipefs": true, "crontab": true, "at": true,
	"cat": true, "nc": true, "ncat": true, "socat": true, "scp": true, "rsync": true, "curl": true, "wget": true,
}

// evalDownloads: "eval "$(curl -fsSL URL)"" runs text fetched from the
// network.
func (c *checker) evalDownloads(u unit) {
	if path.Base(u.cmd.Name) != "eval" {
		return
	}
	for _, a := range u.cmd.Args {
		if !a.Literal && wordDownloads(a) {
			c.add(DownloadExecute)
		}
	}
}

// hasRun reports whether seq stands in words as consecutive words.
func hasRun(words []string, seq ...string) bool {
	for i := 0; i+len(seq) <= len(words); i++ {
		if slices.Equal(words[i:i+len(seq)], seq) {
			return true
		}
	}
	return false
}

// secretStore flags the clients of cloud and cluster secret stores asked
// for a secret's value (listing names is not).
func (c *checker) secretStore(u unit) {
	cmd := &u.cmd
	if c.secretOutputDiscarded(cmd) {
		return
	}
	v := c.verbs(cmd.Args, 4)
	seq := func(ws ...string) bool { return hasRun(v, ws...) }
	switch path.Base(cmd.Name) {
	case "aws":
		if seq("secretsmanager", "get-secret-value") || seq("secretsmanager", "batch-get-secret-value") ||
			(seq("ssm", "get-parameter") || seq("ssm", "get-parameters") || seq("ssm", "get-parameters-by-path")) && hasLit(cmd.Args, "--with-decryption") {
			c.add(SecretRead)
		}
	case "gcloud":
		if seq("secrets", "versions", "access") {
			c.add(SecretRead)
		}
	case "az":
		if seq("keyvault", "secret", "show") || seq("keyvault", "secret", "download") {
			c.add(SecretRead)
		}
	case "doppler":
		if seq("secrets", "download") || seq("secrets", "get") || seq("run") && hasLit(cmd.Args, "printenv") {
			c.add(SecretRead)
		}
	case "sops":
		if shortFlag(cmd.Args, 'd', "--decrypt") || len(v) > 0 && v[0] == "decrypt" {
			c.add(SecretRead)
		}
	case "ansible-vault":
		if len(v) > 0 && (v[0] == "view" || v[0] == "decrypt") {
			c.add(SecretRead)
		}
	case "heroku":
		if len(v) > 0 && (v[0] == "config" || v[0] == "config:get") {
			c.add(SecretRead)
		}
	case "infisical":
		if seq("secrets") || seq("export") {
			c.add(SecretRead)
		}
	}
}

// applyUnreviewed flags infrastructure changed without a plan review:
// terraform/tofu apply -auto-approve, pulumi up --yes/-y/--skip-preview,
// cdk deploy --require-approval never.
func (c *checker) applyUnreviewed(u unit) {
	cmd := &u.cmd
	v := c.verbs(cmd.Args, 2)
	if len(v) == 0 {
		return
	}
	switch path.Base(cmd.Name) {
	case "terraform", "tofu", "terragrunt":
		if (v[0] == "apply" || v[0] == "run-all") && slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
			return w.Lit == "-auto-approve" || w.Lit == "--auto-approve" || w.Lit == "-auto-approve=true"
		}) {
			c.add(CloudDestructive)
		}
	case "pulumi":
		if v[0] == "up" || v[0] == "update" || v[0] == "refresh" {
			if hasLit(cmd.Args, "-y", "--yes", "--skip-preview", "-f") {
				c.add(CloudDestructive)
			}
		}
	case "cdk":
		if v[0] == "deploy" || v[0] == "destroy" {
			for i, a := range cmd.Args {
				if a.Lit == "--require-approval=never" || a.Lit == "--require-approval" && i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == "never" || v[0] == "destroy" && (a.Lit == "--force" || a.Lit == "-f") {
					c.add(CloudDestructive)
				}
			}
		}
	}
}

// worktreeRemoveForce: "git worktree remove --force" drops the worktree's
// uncommitted changes with it.
func (c *checker) worktreeRemoveForce(u unit) {
	_, sub, rest, ok := u.cmd.GitArgs()
	if ok && sub == "worktree" && len(rest) > 0 && rest[0].Lit == "remove" && shortFlag(beforeDashes(rest[1:]), 'f', "--force") {
		c.add(GitDiscardWorktree)
	}
}

// systemDirs hold the system's own programs and settings.
var systemDirs = []string{"/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/opt", "/var/lib", "/Library", "/System", "/private/etc"}

// systemPath reports a path in the system's own folders (not /usr/local's
// user-owned caches, which nothing here treats as system either).
func systemPath(p string) bool {
	for _, d := range systemDirs {
		if shell.Within(p, d) {
			return true
		}
	}
	return false
}

// chown flags ownership changes of system folders: handing a user the
// system's programs or settings is a way to root.
func (c *checker) chown(u unit) {
	name := path.Base(u.cmd.Name)
	if name != "chown" && name != "chgrp" {
		return
	}
	ops := operands(u.cmd.Args)
	if len(ops) < 2 {
		return
	}
	for _, t := range ops[1:] {
		// The root folder or a top-level one of the system given away:
		// every system file under it.
		if p, ok := shell.PathOf(t); ok {
			if abs := shell.Resolve(p, u.dir, c.home); systemPath(abs) || abs == "/" || systemTopLevel(abs) {
				c.add(PrivilegeEscalation)
			}
		}
	}
}

// systemWrites flags files written into the system's folders by any
// command (cp, mv, install, ln, tee, dd of=, sed -i, redirects): the
// category is disk-system unless a sharper one (root files, startup
// files) already names it.
func (c *checker) systemWrites(u unit) {
	if writesOnlyComments(&u.cmd) {
		return
	}
	for _, f := range u.cmd.Files() {
		if !f.Write || isDelete(f.Via) {
			continue
		}
		switch f.Via {
		case "chmod", "chown", "chgrp", "chattr", "setfacl", "touch":
			continue // modes and owners: see privilege and chown
		}
		p := shell.Resolve(f.Path, u.dir, c.home)
		if p == "/etc" || p == "/" || intoSettingsRoot(f, p) {
			// A file put into / or /etc keeps its own name: what it
			// configures is not on the line (the README's dev6 call).
			continue
		}
		if systemPath(p) && !inAddOnTree(p) && !GrantsRoot(p) && !DeviceOrKernel(p) && p != "/dev/null" {
			c.add(DiskSystem)
		}
	}
	if name := path.Base(u.cmd.Name); name == "ln" {
		ops := operands(u.cmd.Args)
		if len(ops) >= 2 {
			if p, ok := shell.PathOf(ops[len(ops)-1]); ok && systemPath(shell.Resolve(p, u.dir, c.home)) && !inAddOnTree(shell.Resolve(p, u.dir, c.home)) {
				c.add(DiskSystem)
			}
		}
	}
}

// httpieUploads returns the files httpie-style clients (http, https, xh,
// xhs) send: "field@path" and "@path" request items and a redirected
// standard input.
func httpieUploads(cmd *shell.Command) []string {
	var out []string
	for _, a := range cmd.Args {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") || strings.Contains(a.Lit, "://") {
			continue
		}
		if strings.HasPrefix(a.Lit, "@") {
			out = append(out, a.Lit[1:])
			continue
		}
		// "field@path" (a file field), "field=@path" and "field:=@path"
		// (the file's text or JSON as the field's value): each sends the
		// file; a user@host URL does not.
		if i := strings.IndexByte(a.Lit, '@'); i > 0 && !strings.ContainsAny(strings.TrimSuffix(strings.TrimSuffix(a.Lit[:i], "="), ":"), "=:/.") {
			out = append(out, a.Lit[i+1:])
		}
	}
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Read {
			out = append(out, p)
		}
	}
	return out
}

// localURL reports a URL or host on this machine: uploads there leave
// nothing.
func localURL(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "http://"), "https://")
	host, _, _ := strings.Cut(s, "/")
	if h, _, ok := strings.Cut(host, ":"); ok && !strings.HasPrefix(host, "[") {
		host = h
	}
	return host == "localhost" || strings.HasPrefix(host, "127.") || host == "[::1]" || host == "0.0.0.0" || host == ":"
}

// onlyLocal reports a command whose every URL-looking operand is local.
func onlyLocal(args []shell.Word) bool {
	seen := false
	for _, a := range args {
		if !a.Literal || strings.HasPrefix(a.Lit, "-") {
			continue
		}
		if strings.Contains(a.Lit, "://") || strings.HasPrefix(a.Lit, "localhost") || strings.HasPrefix(a.Lit, "127.") || strings.HasPrefix(a.Lit, ":") {
			if !localURL(a.Lit) {
				return false
			}
			seen = true
		}
	}
	return seen
}

// httpie flags httpie-style uploads of files off this machine.
func (c *checker) httpie(u unit) {
	switch path.Base(u.cmd.Name) {
	case "http", "https", "xh", "xhs":
	default:
		return
	}
	if onlyLocal(u.cmd.Args) {
		return
	}
	for _, f := range httpieUploads(&u.cmd) {
		p := shell.Resolve(expandHome(f), u.dir, c.home)
		if SecretFile(p) || secretFolder(p, c.home) {
			c.add(NetworkExfiltration, SecretRead)
		} else if c.uploadedFile(f, u, nil) {
			// The README's rule for uploads, as for scp and curl -F: a
			// local file sent to another host (scratch files aside).
			c.because(path.Base(u.cmd.Name), f)
			c.add(NetworkExfiltration)
		}
	}
}

// expandHome reads "$HOME/x" and "${HOME}/x" as "~/x".
func expandHome(p string) string {
	for _, v := range []string{"$HOME", "${HOME}"} {
		if p == v || strings.HasPrefix(p, v+"/") {
			return "~" + strings.TrimPrefix(p, v)
		}
	}
	return p
}

// tempOnly reports a path that is really scratch: in a temporary folder,
// and not the project or the home folder living there (CI checkouts and
// throwaway homes do).
func (c *checker) tempOnly(abs string) bool {
	if !shell.IsTemp(abs) {
		return false
	}
	return !shell.Within(abs, c.project) && !shell.Within(abs, path.Clean(c.home))
}

// findRoutine reports a find -delete or -exec rm whose every starting
// folder is scratch: generated files in the project, or a real temporary
// folder. A name pattern does not make it routine: the battery's
// destructive-delete cases include find . -name "*.pyc" -delete.
func (c *checker) findRoutine(u unit) bool {
	if c.findsOwnLogs(u) {
		return true // round 9: the project's own logs
	}
	args := u.cmd.Args
	var starts []string
	for _, a := range args {
		if !a.Literal {
			return false
		}
		if strings.HasPrefix(a.Lit, "-") || a.Lit == "(" || a.Lit == "!" {
			break
		}
		starts = append(starts, a.Lit)
	}
	if len(starts) == 0 {
		return false
	}
	for _, s := range starts {
		abs := shell.Resolve(s, u.dir, c.home)
		if !c.scratch(abs) && !c.tempOnly(abs) {
			return false
		}
	}
	return true
}

// lowerName returns the command with its name in lower case when the
// name has upper-case letters: "RM -rf ~" runs rm on a case-insensitive
// file system (macOS's default), so it is judged as rm.
func lowerName(cmd shell.Command) (shell.Command, bool) {
	if cmd.Dynamic || cmd.Name == "" || strings.ContainsAny(cmd.Name, " /") {
		return cmd, false
	}
	low := strings.ToLower(cmd.Name)
	if low == cmd.Name || downloaders[cmd.Name] {
		return cmd, false
	}
	cmd.Name = low
	return cmd, true
}

// leadingOperator strips operators a line starts with ("; rm -rf ~",
// "&& git push -f", "| sh"): bash rejects such a line, but approving it
// approves the text after the operator, which the next attempt runs.
func leadingOperator(line string) (string, bool) {
	s := strings.TrimLeft(line, " \t")
	changed := false
	for {
		t := strings.TrimLeft(s, ";&| \t")
		if t == s {
			break
		}
		s, changed = t, true
	}
	return s, changed && s != ""
}

// curlValueShorts are curl's short options that take a value; the rest
// are flags that may share one dash ("-sSL").
const curlValueShorts = "bcdeEFHKmoQrtTuUwxXyYzAC"

// shortCluster reads a cluster of short options as the client would: the
// flags up to the first option that takes a value, and that value (the
// cluster's rest, or none when the value is the next word). opt is ""
// when no option of the cluster takes a value.
func shortCluster(name, cluster string) (opt, val string, hasVal bool) {
	takes := curlValueShorts
	if name == "wget" {
		takes = "oOaeiPUTtwQDABIXlRN" // wget's valued short options
	}
	for j := 1; j < len(cluster); j++ {
		if strings.IndexByte(takes, cluster[j]) >= 0 {
			if j+1 < len(cluster) {
				return "-" + string(cluster[j]), cluster[j+1:], true
			}
			return "-" + string(cluster[j]), "", false
		}
	}
	return "", "", false
}

// socketWrites: a redirect onto bash's /dev/tcp or /dev/udp sends what is
// written off the machine; a socket exec only opens on a descriptor of its
// own, in a line that runs nothing else, carries nothing.
func (c *checker) socketWrites(u unit) {
	for _, r := range u.cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Write && (strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")) && !c.socketOnlyOpened(u, r) {
			c.add(NetworkExfiltration)
		}
	}
}

// socatFiles: socat's FILE:, OPEN:, GOPEN: and CREATE: addresses name
// files; one of them a secret and the other address on the network is an
// upload.
func (c *checker) socatFiles(u unit) {
	if path.Base(u.cmd.Name) != "socat" {
		return
	}
	secret, network := false, false
	for _, a := range operands(u.cmd.Args) {
		if !a.Literal {
			continue
		}
		kind, rest, ok := strings.Cut(a.Lit, ":")
		if !ok {
			continue
		}
		switch strings.ToUpper(kind) {
		case "FILE", "OPEN", "GOPEN", "READ":
			f, _, _ := strings.Cut(rest, ",")
			if p := shell.Resolve(f, u.dir, c.home); SecretFile(p) {
				secret = true
			}
		case "TCP", "TCP4", "TCP6", "UDP", "UDP4", "UDP6", "OPENSSL", "SSL", "SCTP", "PROXY", "SOCKS4", "SOCKS4A", "SOCKS5":
			network = true
		}
	}
	if secret && network {
		c.add(NetworkExfiltration, SecretRead)
	}
}

// ftpPuts: sftp, ftp and lftp given their commands on standard input
// ("sftp host <<< 'put .env'") upload the files put names.
func (c *checker) ftpPuts(u unit) {
	switch path.Base(u.cmd.Name) {
	case "sftp", "ftp", "lftp":
	default:
		return
	}
	for _, line := range strings.Split(u.cmd.Stdin, "\n") {
		f := strings.Fields(line)
		if len(f) >= 2 && (f[0] == "put" || f[0] == "mput" || f[0] == "reput") {
			for _, name := range f[1:] {
				if p := shell.Resolve(name, u.dir, c.home); SecretFile(p) || secretFolder(p, c.home) {
					c.add(NetworkExfiltration, SecretRead)
				} else if c.uploadedFile(name, u, nil) {
					c.because(path.Base(u.cmd.Name), f[0], name)
					c.add(NetworkExfiltration) // a local file uploaded (the README's rule)
				}
			}
		}
	}
}

// influx: deleting buckets and data in InfluxDB.
func (c *checker) influx(u unit) {
	if path.Base(u.cmd.Name) != "influx" {
		return
	}
	v := c.verbs(u.cmd.Args, 2)
	if len(v) > 0 && v[0] == "delete" || len(v) > 1 && v[1] == "delete" && (v[0] == "bucket" || v[0] == "org") {
		c.add(DatabaseDestructive)
	}
}
