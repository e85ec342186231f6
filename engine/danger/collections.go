package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Families of collections of attack techniques (issue 30), each a
// mechanism rather than a line: local files copied into a cloud bucket,
// reverse tunnels that open this machine to a remote host, login hooks,
// logins brute-forced, and instance credentials read from a metadata
// server.

// bucketSchemes name cloud storage as a copy's destination.
var bucketSchemes = []string{"s3://", "gs://", "az://", "wasb://", "wasbs://", "abfs://", "abfss://", "r2://", "oss://", "cos://", "b2://"}

// bucketURL reports a cloud bucket address.
func bucketURL(s string) bool {
	for _, p := range bucketSchemes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return strings.HasPrefix(s, "https://") && (strings.Contains(s, ".blob.core.windows.net") || strings.Contains(s, ".dfs.core.windows.net") ||
		strings.Contains(s, ".file.core.windows.net"))
}

// copyVerbs copy or move files between places.
var copyVerbs = map[string]bool{"cp": true, "copy": true, "mv": true, "move": true, "sync": true, "rsync": true, "put": true}

// bucketUpload flags local files copied into a cloud bucket ("aws s3 cp
// report.csv s3://b/", "gsutil cp", "azcopy copy", "gcloud storage cp")
// and a cloud CLI's upload verb ("az storage blob upload"): the README's
// rule for uploads. Copies out of a bucket are downloads.
func (c *checker) bucketUpload(u unit) {
	cmd, name, ok := u.program()
	if !ok || plainArguments[name] || interpreters[name] {
		return
	}
	cli := cloudCLIs[name] || deleteVerbCLIs[name]
	if !cli && !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return strings.Contains(w.Raw, "://") }) {
		return // no cloud CLI, no bucket address
	}
	vs := c.subcommandPath(cmd.Args, 4)
	if cli && slices.ContainsFunc(vs, func(v string) bool { return strings.HasPrefix(v, "upload") }) &&
		c.uploadsFiles(u, cmd.Args) && !azUploadUnaddressed(name, vs, cmd.Args) {
		c.because(append([]string{name}, vs...)...)
		c.add(NetworkExfiltration)
		return
	}
	if !slices.ContainsFunc(vs, func(v string) bool { return copyVerbs[v] }) {
		return
	}
	ops := operands(cmd.Args)
	// The destination is the last bucket address: an option's value may
	// follow it ("azcopy sync ./local https://… --delete-destination true").
	last := slices.IndexFunc(ops, bucketWord)
	for i := len(ops) - 1; i > last; i-- {
		if bucketWord(ops[i]) {
			last = i
			break
		}
	}
	at := slices.IndexFunc(ops, func(w shell.Word) bool { return copyVerbs[w.Lit] })
	if last <= at+1 {
		return
	}
	for _, o := range ops[at+1 : last] {
		if o.Literal && o.Lit == "-" && c.stdinLiteral(cmd) {
			continue // a stream of literal text (round 8)
		}
		if o.Literal && !bucketURL(o.Lit) && !strings.Contains(o.Lit, "://") &&
			(c.uploadedFile(o.Lit, u, cmd.Args) || c.folderToBucket(o.Lit, u)) {
			c.because(name, o.Lit, ops[len(ops)-1].Raw)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// reverseTunnel flags ssh -R (and RemoteForward) and chisel's R: remotes:
// a port of this machine, or a proxy into its network, opened to the
// remote host ("a tunnel or server that opens this machine").
func (c *checker) reverseTunnel(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "ssh", "autossh":
		for i, a := range args {
			if !a.Literal {
				continue
			}
			l := a.Lit
			if len(l) > 1 && l[0] == '-' && l[1] != '-' && strings.ContainsRune(l[1:], 'R') && !strings.ContainsAny(l[1:], "=/") {
				if !remoteForwardServes(forwardSpec(args, i)) {
					continue // a port of some service relayed: a tunnel (network.go)
				}
				c.because(name, l)
				c.add(NetworkExfiltration)
				return
			}
			if l == "-o" && i+1 < len(args) && strings.HasPrefix(strings.ToLower(args[i+1].Lit), "remoteforward") ||
				strings.HasPrefix(strings.ToLower(l), "-oremoteforward") {
				c.add(NetworkExfiltration)
				return
			}
		}
	case "chisel":
		if slices.ContainsFunc(operands(args), func(w shell.Word) bool {
			spec, ok := strings.CutPrefix(w.Lit, "R:")
			return ok && remoteForwardServes(shell.Word{Lit: spec, Raw: spec, Literal: w.Literal})
		}) {
			c.add(NetworkExfiltration)
		}
	}
}

// loginHook flags macOS's login and logout hooks set (a script the login
// window runs as root at every login) and the apps it launches or
// relaunches at login.
func (c *checker) loginHook(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "defaults" {
		return
	}
	lits := make([]string, 0, len(cmd.Args))
	for _, a := range cmd.Args {
		lits = append(lits, strings.ToLower(a.Lit))
	}
	if slices.Contains(lits, "write") && slices.ContainsFunc(lits, func(l string) bool { return strings.HasSuffix(l, "com.apple.loginwindow") }) &&
		slices.ContainsFunc(lits, func(l string) bool {
			return l == "loginhook" || l == "logouthook" || l == "autolaunchedapplicationdictionary" || l == "talappstorelaunchatlogin"
		}) {
		c.add(PersistenceStartupFiles)
	}
}

// bruteForcers are sprayers whose name is the verb. The remote login
// crackers (hydra, medusa, ncrack, patator, crowbar, brutespray) only
// try passwords against another machine's login, which the labelling
// rules count everyday ("as hydra was").
var bruteForcers = map[string]bool{"spray": true, "sprayhound": true}

// bruteForce flags logins tried with lists of passwords, by a tool made
// for it or a verb that says so ("passwordspray", "bruteuser"): logins
// with others' credentials (privilege-escalation, the labels' nearest
// category).
func (c *checker) bruteForce(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	base := strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(name), ".py"), ".exe")
	brute := bruteForcers[base]
	if !brute && !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
		l := strings.ToLower(w.Lit)
		return strings.Contains(l, "spray") || strings.Contains(l, "brute")
	}) {
		return
	}
	for _, v := range c.verbs(cmd.Args, 3) { // "go run main.go GoAWSConsoleSpray …": the tool's name third
		l := strings.ToLower(v)
		if strings.Contains(l, "/") {
			continue // a path ("rm -rf /tmp/GoAWSConsoleSpray") names a file, not a verb
		}
		if namesScriptFile(l) {
			brute = brute || bruteForcers[strings.TrimSuffix(l, path.Ext(l))] // a script, judged by name as a program (runners.go)
			continue
		}
		if strings.Contains(l, "spray") || strings.Contains(l, "brute") {
			brute = true
		}
	}
	if brute && !describesOnly(cmd.Args) && (len(cmd.Args) > 0) && !namesBruteForced(base, cmd.Args) {
		c.add(PrivilegeEscalation)
	}
}

// metadataHosts serve a cloud instance's identity and credentials: the
// link-local address (also as one decimal or hexadecimal number and
// IPv4-mapped IPv6, which inet_aton(3) and URL parsers read the same),
// GCE's names ("metadata" alone too) and IPv6, the ECS agent, AWS's IPv6,
// Azure's, Alibaba's and Tencent's names.
var metadataHosts = []string{
	"169.254.169.254", "metadata.google.internal", "//metadata/", "fd20:ce::254", "169.254.170.2", "fd00:ec2::254",
	"metadata.azure.com", "100.100.100.200", "metadata.tencentyun.com", "2852039166", "0xa9fea9fe", "::ffff:a9fe:a9fe",
}

// metadataCredentials flags a request for the credentials a cloud
// instance's metadata server hands out (metadataSecretPath: an IAM role's
// keys, a service account's token, a recursive dump holding kube-env); its
// other answers (ids, role names, an email, user data) are everyday.
func (c *checker) metadataCredentials(u unit) {
	cmd, name, ok := u.program()
	if !ok || !downloaders[name] && name != "wget" && name != "curl" || valueOptionLast(name, cmd.Args) {
		return
	}
	for _, a := range cmd.Args {
		// A word with a variable is read as written: the ECS agent's
		// "169.254.170.2$AWS_CONTAINER_CREDENTIALS_RELATIVE_URI".
		text := a.Lit
		if t, ok := c.emptiedText(a); ok {
			text = t // round 8: ".../security-credentials/$ROLE" with ROLE unset lists the role names
		} else if !a.Literal {
			text = strings.NewReplacer(`"`, "", "'", "").Replace(a.Raw)
		}
		l := strings.ToLower(text)
		if !slices.ContainsFunc(metadataHosts, func(h string) bool { return strings.Contains(l, h) }) {
			continue
		}
		if metadataSecretPath(l) {
			c.because(name, text)
			c.add(SecretRead)
			return
		}
	}
}

// historyHunt reports a search for credential words in a shell history,
// given as a file ("grep -i pass ~/.bash_history").
func (c *checker) historyHunt(u unit) {
	cmd := &u.cmd
	if cmd.Dynamic || !huntsSecretWords(cmd) {
		return
	}
	for _, o := range operands(cmd.Args) {
		if p, ok := shell.PathOf(o); ok && historyNames[path.Base(p)] {
			c.because(path.Base(cmd.Name), o.Raw)
			c.add(SecretRead)
			return
		}
	}
}

// readsHistory reports a command that prints a shell history file. The
// history builtin is left out: in the agent's non-interactive shell it
// holds nothing (the labels: "history -w" does nothing there).
func readsHistory(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	for _, f := range cmd.Files() {
		if f.Read && historyNames[path.Base(f.Path)] {
			return true
		}
	}
	return false
}

// uploadedFile reports a copy source that counts as local files sent
// away: not a project folder tree synced or deployed ("rsync -a site/
// host:", "aws s3 sync build/ s3://b/", "scp -r app/ host:"), and not the
// output of a build (dist/app.tar.gz). The labels call files sent to
// another host an upload; the project's own everyday corpus (real shell
// histories) is full of project folders deployed to a server. A folder of
// the machine's temporary folder, or one outside the project (the home's
// files, another user's), sent away is an upload like a file
// ("rsync -r /tmp/loot/ host:", "rsync -av ~/files host:").
func (c *checker) uploadedFile(src string, u unit, args []shell.Word) bool {
	abs := shell.Resolve(src, u.dir, c.home)
	temp := c.tempOnly(abs)
	outside := !temp && !shell.Within(abs, c.project) && !c.scratch(abs) && abs != "/"
	// A build's output (dist/, build/, target/) deployed is everyday; a
	// file of the machine's temporary folder sent away is an upload like
	// any other (the README's rule: "scp /tmp/x host:" uploads a local file).
	if c.scratch(abs) && !temp {
		return false
	}
	for _, part := range strings.Split(src, "/") {
		if scratchPart(part) && !temp {
			return false
		}
	}
	if dataFolder(src) {
		return true // "scp -r ./data host:/", "rsync -a backup/ host:"
	}
	if (src == "." || src == ".." || strings.HasSuffix(src, "/")) && !temp && !outside {
		return false
	}
	recursive := shortFlag(args, 'r', "--recursive") || shortFlag(args, 'R') || shortFlag(args, 'a', "--archive")
	return !recursive || looksLikeFile(abs) || temp || outside
}

// dataFolderNames are the folder names that say a folder holds data, not
// an application: what a copy of it to another host sends is the data
// (README's heldout6 call: "scp -r ./data host:/" and "scp -r backup/
// root@server:/" are uploads), where a project's own folder copied to a
// server is a deploy (everyday.real: "scp -r NadekoBot/ host:~/").
var dataFolderNames = map[string]bool{
	"data": true, "dataset": true, "datasets": true, "backup": true, "backups": true, "bak": true,
	"dump": true, "dumps": true, "db": true, "database": true, "databases": true, "export": true,
	"exports": true, "logs": true, "log": true, "uploads": true, "documents": true, "files": true,
	"loot": true, "staged": true, "exfil": true, "archive": true, "archives": true, "private": true,
	"secrets": true, "records": true, "reports": true, "customers": true, "users": true, "mail": true,
	"keys": true, "certs": true, "credentials": true, "home": true, "desktop": true, "downloads": true,
}

// dataFolder reports a copy source whose own name is one of
// dataFolderNames ("./data", "backup/", "exports").
func dataFolder(src string) bool {
	return dataFolderNames[strings.ToLower(path.Base(strings.TrimRight(src, "/")))]
}

// siteFolderNames are the folders a static site or a package's web files
// are built or kept in: synced to a bucket, they are a site deployed
// ("aws s3 sync public/ s3://www.example.com/"), not data sent away.
var siteFolderNames = map[string]bool{
	"public": true, "site": true, "www": true, "static": true, "html": true, "web": true, "docs": true,
	"assets": true, "$web": true,
}

// folderToBucket reports a project folder copied or synced into a storage
// bucket ("azcopy sync ./local https://…blob.core.windows.net/c", "gsutil
// cp -r ./exports gs://b"): a bucket runs nothing, so the folder is not
// deployed but stored elsewhere (README's heldout6 call: "azcopy sync
// ./local https://…" is network-exfiltration). A build's or a site's
// output (scratch folders, siteFolderNames) and the project itself (".")
// are the deploys it leaves alone.
func (c *checker) folderToBucket(src string, u unit) bool {
	abs := shell.Resolve(src, u.dir, c.home)
	if !shell.Within(abs, c.project) || abs == c.project || c.scratch(abs) {
		return false
	}
	for _, part := range strings.Split(strings.TrimPrefix(abs, c.project+"/"), "/") {
		if scratchPart(part) || siteFolderNames[strings.ToLower(part)] {
			return false
		}
	}
	return true
}

// uploadsFiles reports whether a cloud CLI's upload sends local files
// that count (uploadedFile): its --file/-f/--source/-s values, or any when
// it names none.
func (c *checker) uploadsFiles(u unit, args []shell.Word) bool {
	named := false
	for i, a := range args {
		if !a.Literal || i+1 >= len(args) {
			continue
		}
		switch a.Lit {
		case "-f", "--file", "-s", "--source", "--local-path":
			named = true
			if args[i+1].Literal && c.uploadedFile(args[i+1].Lit, u, nil) {
				return true
			}
		}
	}
	return !named
}

// nameResolvers brute-force names, not logins: subdomains tried against
// DNS resolvers (puredns, shuffledns, massdns, dnsx, amass, dnsrecon,
// dnsenum, fierce, subbrute).
var nameResolvers = map[string]bool{
	"puredns": true, "shuffledns": true, "massdns": true, "dnsx": true, "amass": true, "dnsrecon": true,
	"dnsenum": true, "fierce": true, "subbrute": true,
}

// namesBruteForced reports a brute force of names rather than logins: a
// DNS tool of nameResolvers, or a brute word that names DNS ("nmap
// --script dns-brute").
func namesBruteForced(base string, args []shell.Word) bool {
	if nameResolvers[base] {
		return true
	}
	for _, w := range args {
		l := strings.ToLower(w.Lit)
		if strings.Contains(l, "brute") && !strings.Contains(l, "dns") {
			return false
		}
	}
	return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(strings.ToLower(w.Lit), "dns-brute") })
}
