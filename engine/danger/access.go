package danger

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 5's access families (secrets, privileges), by mechanism: programs
// whose documented job is capturing other people's credentials, a CA's
// key backed up, a chroot into a disk mounted for the purpose, and
// accounts changed through the accounts service's D-Bus API. The README
// of testdata/danger/independent labels each (its heldout6 and dev4
// judgement calls); tuning.md's round 5 section says what was read.

func init() {
	addRuleTexts(map[string]string{
		"credentialCapture":      "others' credentials captured as they pass (hostapd-wpe, eaphammer --creds, Responder, mitm6, dsniff, PCredz, net-creds, the logkeys keylogger), a password manager's items printed (bw list items, bw get password) or a CA's private key backed up (certipy ca -backup); CA officers or managers added (certipy ca -add-officer|-add-manager)",
		"chrootMountedDisk":      "chroot (or systemd-nspawn -D) into /mnt or /media/…, where a disk is mounted to be entered (the last step of a container escape)",
		"accountsOverDBus":       "an account created, deleted or given a password, type or shell through AccountsService's D-Bus API (dbus-send, busctl call, gdbus call)",
		"macAccess":              "macOS's access switches: authorization rules written (security authorizationdb write), privacy permissions changed in TCC.db (sqlite3), the desktop served (ARD kickstart -activate), a loader variable set for every later program (launchctl setenv, systemctl set-environment DYLD_*|LD_PRELOAD)",
		"secretInBody":           "a variable named for a secret ($AWS_SECRET_ACCESS_KEY, $OPENAI_API_KEY, …) in a request body (curl -d|--data*|-F|--json, wget --post-data) sent to a host that is not the service it names",
		"directoryAttacks":       "an Active Directory attack on another host: coercion (PetitPotam, DFSCoerce, printerbug, ShadowCoerce), the directory's accounts, access rules or DNS zone changed (bloodyAD add|set|remove, dacledit|rbcd|owneredit -action write, pywhisker --action add, dnstool -a add, noPac, impacket services, winexe), roasting (GetNPUsers, GetUserSPNs -request, targetedKerberoast) or LAPS and gMSA passwords read",
		"secretsSearchedOutside": "a search for password, secret or token words across files outside the project a glob names (grep … /etc/*.conf), its matches printed",
		"secretMovedToTemp":      "a secret file or key folder moved (mv) into the temporary folders, where other users read",
		"secretPathInVariable":   "a secret file's path put in a variable by the same line and printed through it (f=~/.ssh/id_rsa; cat $f)",
		"secretNameSpelled":      "a secret file's name spelled by brace expansion (.{env,x}), an echo in a command substitution ($(echo .env)), or names handed to xargs (echo .env | xargs cat), then printed",
		"secretShownInPlain":     "a secret shown in plain text by the tool that holds it: gpg or age decrypting a secret file (or stdin) to the output, railway variables, netlify env:get or env:list --json|--plain, vercel env pull and vercel pull, convex env list|get, dokku config[:show|:get|:export]",
		"rootOverSSH":            "ssh to this machine as root (root@localhost, 127.0.0.1, ::1, -l root)",
		"objectStoreUpload":      "local files copied into an object store by MinIO's client (mc cp|mirror|put LOCAL ALIAS/BUCKET)",
		"packageFromURL":         "a package installed or run straight from a URL or a repository (npm|pnpm|yarn|bun install|add URL|git+…|github:…, cargo install --git, ansible-pull -U, nix run of a remote flake)",
		"rdpAsOther":             "a remote desktop session opened as another account with the password or hash on the line (xfreerdp /u: /p:|/pth:, rdesktop -u -p)",
		"startupNameWritten":     "a file whose name says another program runs it (usercustomize.py, sitecustomize.py, .bashrc, .zshrc, .profile, …) written into a folder the line computes ($VAR/…, $(…)/…)",
	})
}

// access runs the rules of this file on one command.
func (c *checker) access(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	args := cmd.Args
	c.startupNameWritten(cmd, name)
	c.secretsSearchedOutside(u, cmd, name)
	if name == "aria2c" {
		c.aria2cOutput(u, args)
	}
	if name == "mv" {
		c.secretMovedToTemp(u, args)
	}
	c.secretShownInPlain(cmd, name, args, u.dir)
	c.packageFromURL(name, args)
	switch name {
	case "xfreerdp", "xfreerdp3", "wlfreerdp", "sdl-freerdp", "rdesktop":
		c.rdpAsOther(name, args)
	case "mc":
		c.objectStoreUpload(u, args)
	case "ssh":
		c.rootOverSSH(args)
	case "sshpass":
		// sshpass(1) [-p PW|-f FILE|-e] ssh …: the ssh it runs.
		if i := slices.IndexFunc(args, func(w shell.Word) bool { return w.Literal && path.Base(w.Lit) == "ssh" }); i >= 0 {
			c.rootOverSSH(args[i+1:])
		}
	}
	if printers[name] {
		c.secretPathInVariable(u, args)
		c.secretNameSpelled(u, cmd, args)
	}
	if interpreters[name] {
		// "python3 Responder.py -I eth0": the script is the tool.
		ops := operands(args)
		if len(ops) == 0 || !ops[0].Literal {
			return
		}
		name = path.Base(ops[0].Lit)
		args = args[slices.IndexFunc(args, func(w shell.Word) bool { return w.Raw == ops[0].Raw })+1:]
		if strings.HasSuffix(name, ".py") && !asksHelp(args) {
			// impacket's examples are run either way ("python ticketer.py
			// -nthash …" as "ticketer.py -nthash …"): the account rules
			// read the script's own words.
			script := u
			script.cmd.Name, script.cmd.Args = ops[0].Lit, args
			c.accounts(script)
			c.tools(script)      // secretsdump.py
			c.escalation(script) // psexec.py, wmiexec.py, … given USER@HOST
		}
	}
	c.directoryAttacks(name, args)
	name = strings.ToLower(strings.TrimSuffix(name, ".py"))
	c.credentialCapture(name, args)
	c.chrootMountedDisk(name, args)
	c.accountsOverDBus(name, args)
	c.macAccess(cmd, name, args)
	c.secretInBody(name, args)
}

// credentialCapture: hostapd-wpe(8) answers clients that join with a
// login and keeps their EAP credentials; EAPHammer does so with --creds;
// Responder poisons LLMNR, NBT-NS and mDNS and captures the hashes that
// come back (but in its analyse mode, -A); dsniff(8) is "a password
// sniffer"; PCredz and net-creds pull credentials out of traffic; logkeys
// records the keyboard (-s starts it). Certipy's ca -backup takes the
// CA's certificate and private key (secret-read, README's heldout6 call);
// its -add-officer and -add-manager grant a user the CA's officer or
// manager rights (privilege-escalation: access rules changed).
func (c *checker) credentialCapture(name string, args []shell.Word) {
	hit := false
	switch name {
	case "hostapd-wpe", "dsniff", "pcredz", "net-creds", "mitm6":
		// mitm6 answers DHCPv6 and DNS so other machines authenticate to
		// it (README's dev7 call: as hostapd-wpe).
		hit = true
	case "bw":
		// Bitwarden's CLI: "list items" prints every item with its login's
		// password (README's dev7 call), "get password|item|notes" one,
		// "export" the vault.
		v := c.verbs(args, 2)
		hit = len(v) == 2 && v[0] == "list" && v[1] == "items" ||
			len(v) == 2 && v[0] == "get" && slices.Contains([]string{"password", "item", "notes", "totp"}, v[1]) ||
			len(v) >= 1 && v[0] == "export"
	case "eaphammer":
		hit = hasLit(args, "--creds")
	case "responder":
		hit = !hasLit(args, "-A", "--analyze")
	case "logkeys":
		hit = hasLit(args, "-s", "--start")
	case "certipy", "certipy-ad":
		if firstVerbIn(args, "auth") {
			// Authenticating with a certificate, its holder's account
			// (README's dev7 call).
			c.because(name, "auth")
			c.add(PrivilegeEscalation)
			return
		}
		if !firstVerbIn(args, "ca") {
			return
		}
		if hasLit(args, "-backup") {
			c.because(name, "ca", "-backup")
			c.add(SecretRead)
		}
		for _, o := range []string{"-add-officer", "-add-manager"} {
			if hasLit(args, o) {
				c.because(name, "ca", o)
				c.add(PrivilegeEscalation)
			}
		}
		return
	}
	if hit {
		c.because(name)
		c.add(SecretRead)
	}
}

// chrootMountedDisk: chroot(8) (or systemd-nspawn -D) into /mnt, mount(8)'s conventional place
// for a file system mounted for a while, or a removable medium under
// /media: hacktricks' "mount /dev/sda1 /mnt" then "chroot /mnt", and
// docker's "-v /:/mnt … chroot /mnt". The README calls a chroot into the
// host's disk a container escape (privilege-escalation), and a chroot
// elsewhere ("chroot /", a build root) everyday: it needs root the agent
// is not given.
func (c *checker) chrootMountedDisk(name string, args []shell.Word) {
	var dir shell.Word
	switch name {
	case "chroot":
		ops := operands(args)
		if len(ops) == 0 {
			return
		}
		dir = ops[0]
	case "systemd-nspawn":
		// systemd-nspawn(1): -D|--directory DIR, "like chroot(1)".
		for i, a := range args {
			if v, ok := strings.CutPrefix(a.Lit, "--directory="); ok && a.Literal {
				dir = shell.Word{Raw: v, Lit: v, Literal: true}
			} else if (a.Lit == "-D" || a.Lit == "--directory") && i+1 < len(args) {
				dir = args[i+1]
			}
		}
	default:
		return
	}
	if !dir.Literal || dir.Lit == "" {
		return
	}
	p := path.Clean(dir.Lit)
	if p == "/mnt" || strings.HasPrefix(p, "/mnt/") || strings.HasPrefix(p, "/media/") {
		c.because(name, dir.Lit)
		c.add(PrivilegeEscalation)
	}
}

// accountMethods are the methods of AccountsService's
// org.freedesktop.Accounts and org.freedesktop.Accounts.User interfaces
// that create or delete an account or change who may log in as it, or
// with which rights.
var accountMethods = map[string]bool{
	"CreateUser": true, "DeleteUser": true, "SetPassword": true, "SetPasswordMode": true,
	"SetAccountType": true, "SetShell": true, "SetUserName": true, "SetLocked": true,
}

// accountsOverDBus: dbus-send(1), busctl(1) call and gdbus call of one of
// accountMethods on org.freedesktop.Accounts (the polkit bypass of
// CVE-2021-3560 is such a call): an account created, deleted or given a
// password or an administrator's type (README: privilege-escalation).
// busctl names the interface and the method as two words, dbus-send and
// gdbus as one ("org.freedesktop.Accounts.CreateUser").
func (c *checker) accountsOverDBus(name string, args []shell.Word) {
	switch name {
	case "dbus-send", "busctl", "gdbus":
	default:
		return
	}
	if name != "dbus-send" && !firstVerbIn(args, "call") {
		return
	}
	accounts := false
	for i, a := range args {
		if !a.Literal {
			continue
		}
		l := a.Lit
		if strings.Contains(l, "org.freedesktop.Accounts") {
			accounts = true
		}
		method := ""
		switch {
		case (l == "org.freedesktop.Accounts" || l == "org.freedesktop.Accounts.User") && i+1 < len(args):
			method = args[i+1].Lit // busctl: INTERFACE METHOD
		case strings.HasPrefix(l, "org.freedesktop.Accounts."):
			method = l[strings.LastIndexByte(l, '.')+1:]
		}
		if accounts && accountMethods[method] {
			c.because(name, method)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// startupNameWritten: a write into a folder the line computes, of a file
// whose name alone says another program runs it (startupNames: Python's
// site hooks, site(7); shells' rc files). fileUses judges the paths it can
// resolve ($HOME, ~); "$USER_PACKAGES/usercustomize.py" or
// "$ZDOTDIR/.zshrc" it cannot, yet the name decides (README's dev4 call,
// heldout4's m0832). Written by a redirect, tee, or as cp, mv or
// install's destination; a write of comments only runs nothing.
func (c *checker) startupNameWritten(cmd *shell.Command, name string) {
	var targets []shell.Word
	for _, r := range cmd.Redirects {
		if r.Write {
			targets = append(targets, r.Target)
		}
	}
	switch name {
	case "tee":
		targets = append(targets, operands(cmd.Args)...)
	case "cp", "mv", "install":
		if ops := operands(cmd.Args); len(ops) >= 2 {
			targets = append(targets, ops[len(ops)-1])
		}
	}
	for _, w := range targets {
		if w.Literal {
			continue // fileUses resolves it
		}
		raw := strings.TrimRight(w.Raw, "\"'")
		i := strings.LastIndexByte(raw, '/')
		if i < 0 {
			continue
		}
		tail := raw[i+1:]
		if strings.ContainsAny(tail, "$`\"'{}()*?[") || !startupNames[tail] || writesOnlyComments(cmd) {
			continue
		}
		c.because(name, tail)
		c.add(PersistenceStartupFiles)
		return
	}
}

// loaderVariables make the dynamic loader load a library into every
// program started with them (ld.so(8), dyld(1)).
var loaderVariables = map[string]bool{
	"DYLD_INSERT_LIBRARIES": true, "DYLD_LIBRARY_PATH": true, "DYLD_FRAMEWORK_PATH": true,
	"DYLD_FALLBACK_LIBRARY_PATH": true, "LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true,
}

// macAccess: security(1)'s authorizationdb write (the rules that decide
// who gets a right such as system.privilege.admin) and TCC's database
// changed by sqlite3 (privacy permissions granted or taken) change access
// rules: privilege-escalation. ARD's kickstart -activate, or -configure
// with -access -on or -allowAccessFor, serves the desktop to remote
// viewers: network-exfiltration (README: serving a desktop). launchctl(1)
// setenv and systemctl(1) set-environment of a loaderVariables name set
// it for every program launchd or the service manager starts later:
// persistence-startup-files, as /etc/ld.so.preload is.
func (c *checker) macAccess(cmd *shell.Command, name string, args []shell.Word) {
	switch name {
	case "security":
		if v := c.verbs(args, 2); len(v) == 2 && v[0] == "authorizationdb" && (v[1] == "write" || v[1] == "merge") {
			c.because(name, v[0], v[1])
			c.add(PrivilegeEscalation)
		}
	case "sqlite3":
		ops := operands(args)
		if len(ops) == 0 || path.Base(ops[0].Lit) != "TCC.db" {
			return
		}
		for _, stmt := range sqlStatements(name, nil, args, cmd.Stdin) {
			for _, st := range sqlWords(stmt) {
				if len(st) > 0 && slices.Contains([]string{"INSERT", "UPDATE", "REPLACE", "DELETE"}, st[0]) {
					c.because(name, "TCC.db", st[0])
					c.add(PrivilegeEscalation)
					return
				}
			}
		}
	case "kickstart":
		on := false
		for i, a := range args {
			if a.Lit == "-access" && i+1 < len(args) && args[i+1].Lit == "-on" {
				on = true
			}
		}
		if hasLit(args, "-activate", "-allowAccessFor") || on {
			c.because(name)
			c.add(NetworkExfiltration)
		}
	case "launchctl":
		if ops := operands(args); len(ops) >= 2 && ops[0].Lit == "setenv" && loaderVariables[ops[1].Lit] {
			c.because(name, "setenv", ops[1].Lit)
			c.add(PersistenceStartupFiles)
		}
	case "systemctl":
		ops := operands(args)
		if len(ops) < 2 || ops[0].Lit != "set-environment" {
			return
		}
		for _, o := range ops[1:] {
			if k, _, ok := strings.Cut(o.Lit, "="); ok && loaderVariables[k] {
				c.because(name, "set-environment", k)
				c.add(PersistenceStartupFiles)
				return
			}
		}
	}
}

// bodyOptions are curl's and wget's options whose value is the request's
// body (curl(1), wget(1)).
var bodyOptions = map[string]bool{
	"-d": true, "--data": true, "--data-raw": true, "--data-binary": true, "--data-urlencode": true,
	"--data-ascii": true, "-F": true, "--form": true, "--form-string": true, "--json": true,
	"--post-data": true, "--body-data": true,
}

// genericSecretWords begin secret variables' names that name no service
// ($TOKEN, $API_KEY, $CLIENT_SECRET): sent anywhere, they are a login the
// line makes, not a service's key taken elsewhere.
var genericSecretWords = map[string]bool{
	"TOKEN": true, "SECRET": true, "SECRETS": true, "PASSWORD": true, "PASSWD": true, "PASS": true, "API": true,
	"APIKEY": true, "ACCESS": true, "AUTH": true, "PRIVATE": true, "CLIENT": true, "APP": true, "MY": true,
	"USER": true, "ADMIN": true, "SERVICE": true, "BEARER": true, "REFRESH": true, "ID": true, "SESSION": true,
	"LOGIN": true, "ROOT": true, "MASTER": true, "JWT": true, "OAUTH": true, "SIGNING": true, "WEBHOOK": true,
	"SHARED": true, "INPUT": true,
}

// secretInBody: a variable secretName calls a secret, in the body of a
// curl or wget request to hosts none of which is the service the
// variable's first word names ("$AWS_SECRET_ACCESS_KEY" to
// attacker.example, not "$SLACK_TOKEN" to slack.com): the value leaves
// for someone else (network-exfiltration). The URL form is urlCarriesSecret's,
// the Authorization header's a login (authheader.go).
func (c *checker) secretInBody(name string, args []shell.Word) {
	if name != "curl" && name != "wget" {
		return
	}
	var hosts []string
	for _, a := range args {
		raw := strings.Trim(a.Raw, "\"'")
		if !strings.Contains(raw, "://") {
			continue
		}
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			hosts = append(hosts, strings.ToLower(u.Hostname()))
		}
	}
	if len(hosts) == 0 {
		return
	}
	for i, a := range args {
		var body string
		switch opt, v, ok := strings.Cut(a.Raw, "="); {
		case bodyOptions[a.Raw] && i+1 < len(args):
			body = args[i+1].Raw
		case ok && strings.HasPrefix(opt, "--") && bodyOptions[opt]:
			body = v
		default:
			continue
		}
		for _, v := range varNames(body) {
			if !secretName(v) {
				continue
			}
			first, _, _ := strings.Cut(strings.ToUpper(v), "_")
			if genericSecretWords[first] || len(first) < 2 {
				continue
			}
			service := strings.ToLower(first)
			if service == "gh" {
				service = "github"
			}
			if slices.ContainsFunc(hosts, func(h string) bool { return strings.Contains(h, service) }) {
				continue
			}
			c.because(name, a.Raw, v)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// dacleditActions are the -action values of impacket's dacledit, rbcd and
// owneredit (and --action of pywhisker) that change the directory.
var dacleditActions = map[string]bool{"write": true, "remove": true, "restore": true, "flush": true, "add": true, "clear": true, "import": true}

// adPasswordAttributes are the directory attributes that hold a password:
// LAPS (legacy and Windows LAPS) and a gMSA's managed password.
var adPasswordAttributes = []string{"ms-mcs-admpwd", "mslaps-password", "mslaps-encryptedpassword", "msds-managedpassword"}

// accessAttributes are the directory attributes that decide who logs in
// as an account or what it may do (Microsoft's AD schema: certificate
// mappings, key credentials, delegation, SPNs, account control, group
// membership, passwords, a logon script, the UPN and DNS name a
// certificate is issued for, the security descriptor).
var accessAttributes = map[string]bool{
	"altsecurityidentities": true, "msds-keycredentiallink": true, "msds-allowedtoactonbehalfofotheridentity": true,
	"msds-allowedtodelegateto": true, "serviceprincipalname": true, "useraccountcontrol": true, "member": true,
	"unicodepwd": true, "userpassword": true, "scriptpath": true, "userprincipalname": true, "dnshostname": true,
	"ntsecuritydescriptor": true, "sidhistory": true, "primarygroupid": true, "gpcfilesyspath": true,
}

// directoryAttacks: Active Directory attacks on another host by their
// tools' own words (README's dev7 calls). Coercion (PetitPotam, DFSCoerce,
// printerbug, ShadowCoerce, SpoolSample) makes a machine authenticate to
// a relay; bloodyAD's add, set and remove change the directory's accounts,
// rights and DNS zone (remove dnsRecord: cloud-destructive, DNS records
// deleted) and its get of a LAPS or gMSA attribute reads a password;
// dacledit, rbcd and owneredit -action write|remove…, pywhisker --action
// add|remove|clear and krbrelayx's dnstool -a add|modify change access
// rules or the zone (remove|ldapdelete: cloud-destructive); noPac
// impersonates a domain admin; impacket's services acts on another host's
// services (list, status and config only read); winexe runs a program
// there as the account -U names. Roasting fetches crackable hashes of
// other accounts: GetNPUsers with -request or -usersfile, GetUserSPNs with
// -request or -request-user, targetedKerberoast (secret-read).
func (c *checker) directoryAttacks(name string, args []shell.Word) {
	base := strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(name), ".py"), "impacket-")
	if asksHelp(args) {
		return
	}
	option := func(names ...string) string {
		for i, a := range args {
			for _, n := range names {
				if a.Lit == n && i+1 < len(args) {
					return strings.ToLower(args[i+1].Lit)
				}
				if v, ok := strings.CutPrefix(a.Lit, n+"="); ok {
					return strings.ToLower(v)
				}
			}
		}
		return ""
	}
	cat := ""
	switch base {
	case "petitpotam", "dfscoerce", "printerbug", "shadowcoerce", "spoolsample", "nopac":
		cat = PrivilegeEscalation
	case "winexe":
		if hasLit(args, "-U", "--user") || slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "--user=") }) {
			cat = PrivilegeEscalation
		}
	case "services": // impacket's by its names only: a bare "services" is msfconsole's (access_test.go)
		if ops := operands(args); !strings.EqualFold(name, "services") && len(ops) >= 2 && !slices.Contains([]string{"list", "status", "config"}, strings.ToLower(ops[1].Lit)) {
			cat = PrivilegeEscalation
		}
	case "bloodyad":
		// The first of its commands (add, set, remove, get) and its
		// object; its global options (--host, -d, -u, -p, …) take values
		// verbs cannot tell from commands.
		at := slices.IndexFunc(args, func(w shell.Word) bool {
			return w.Literal && slices.Contains([]string{"add", "set", "remove", "get"}, strings.ToLower(w.Lit))
		})
		if at < 0 || at+1 >= len(args) {
			return
		}
		v := []string{args[at].Lit, args[at+1].Lit}
		switch strings.ToLower(v[0]) {
		case "add":
			cat = PrivilegeEscalation
		case "set":
			// set password|owner|restore change an account or its rights;
			// set object changes one attribute, which matters when it
			// decides logins or rights (dev7's r0615: a mail address of
			// one's own account is everyday).
			cat = PrivilegeEscalation
			if strings.EqualFold(v[1], "object") && (at+3 >= len(args) ||
				!accessAttributes[strings.ToLower(args[at+3].Lit)]) {
				cat = ""
			}
		case "remove":
			cat = PrivilegeEscalation
			if strings.EqualFold(v[1], "dnsRecord") {
				cat = CloudDestructive
			}
		case "get":
			attr := option("--attr")
			if slices.ContainsFunc(adPasswordAttributes, func(a string) bool { return strings.Contains(attr, a) }) {
				cat = SecretRead
			}
		}
	case "dacledit", "rbcd", "owneredit":
		if dacleditActions[option("-action", "--action")] {
			cat = PrivilegeEscalation
		}
	case "pywhisker":
		if dacleditActions[option("-a", "--action")] {
			cat = PrivilegeEscalation
		}
	case "dnstool":
		switch option("-a", "--action") {
		case "add", "modify":
			cat = PrivilegeEscalation
		case "remove", "ldapdelete":
			cat = CloudDestructive
		}
	case "getnpusers":
		if hasLit(args, "-request", "-usersfile") {
			cat = SecretRead
		}
	case "getuserspns":
		if hasLit(args, "-request", "-request-user") {
			cat = SecretRead
		}
	case "targetedkerberoast":
		cat = SecretRead
	}
	if cat != "" {
		c.because(name)
		c.add(cat)
	}
}

// pipedInto reports whether the command being checked reads the output of
// a command before it in its pipeline ("echo 'select …' | sqlite3 DB").
func (c *checker) pipedInto() bool { return c.pipedFrom() != nil }

// pipedFrom returns the command whose output the command being checked
// reads through a pipe ("echo 'select …'" of "echo 'select …' | sqlite3
// DB"), nil when it reads none.
func (c *checker) pipedFrom() *shell.Command {
	if c.line == nil || c.at <= 0 || c.at >= len(c.line.Commands) {
		return nil
	}
	if prev := &c.line.Commands[c.at-1]; prev.Pipeline == c.line.Commands[c.at].Pipeline {
		return prev
	}
	return nil
}

// secretsSearchedOutside: grep (egrep, fgrep) for password, secret or
// token words (huntsSecretWords) across files outside the project that a
// glob names (a hunt through many files, not one named file): the lines
// it prints are other programs' or users' secrets (README: "grep -r /
// searched for passwords and printed" is secret-read; dev7's r0641 "grep
// -oiE 'password.{20}' /etc/*.conf"). -l, -L, -c and -q print no line.
// Searches of the project are rules.go's (the battery's "grep -r API_KEY
// ." asks).
func (c *checker) secretsSearchedOutside(u unit, cmd *shell.Command, name string) {
	switch name {
	case "grep", "egrep", "fgrep":
	default:
		return
	}
	if !huntsSecretWords(cmd) || showsNothingOf(cmd, name) {
		return
	}
	ops := operands(cmd.Args)
	if !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return w.Lit == "-e" || w.Lit == "--regexp" || w.Lit == "-f" }) && len(ops) > 0 {
		ops = ops[1:] // the first operand is the pattern
	}
	for _, o := range ops {
		p, ok := shell.PathOf(o)
		if !ok || !o.Glob {
			continue // a named file is read for what it is (heldout5's n1455: fstab)
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if strings.HasPrefix(abs, "/") && !shell.Within(abs, c.project) && !c.tempOnly(abs) && !shell.Within(abs, c.home) {
			c.because(name, o.Raw)
			c.add(SecretRead)
			return
		}
	}
}

// aria2cOutput: aria2c(1) writes its download to -d|--dir DIR joined with
// -o|--out NAME; the file it lands in is judged as any write ("-d
// /root/.ssh -o authorized_keys": dev7's r0710).
func (c *checker) aria2cOutput(u unit, args []shell.Word) {
	dir, out := "", ""
	for i, a := range args {
		switch {
		case (a.Lit == "-d" || a.Lit == "--dir") && i+1 < len(args):
			dir = args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--dir="):
			dir = strings.TrimPrefix(a.Lit, "--dir=")
		case (a.Lit == "-o" || a.Lit == "--out") && i+1 < len(args):
			out = args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--out="):
			out = strings.TrimPrefix(a.Lit, "--out=")
		}
	}
	if dir == "" || out == "" {
		return
	}
	p := shell.Resolve(path.Join(dir, out), u.dir, c.home)
	if cats := writeCategories(p, false); len(cats) > 0 {
		c.because("aria2c", dir, out)
		c.add(cats...)
	}
}

// grepPatternOption reports grep's -f|--file (in a cluster of short
// options, last: "-vf"): its value is a file of patterns, whose lines
// select lines of the other files and are not printed themselves.
func grepPatternOption(name, opt string) bool {
	switch name {
	case "grep", "egrep", "fgrep":
	default:
		return false
	}
	return opt == "--file" || len(opt) > 1 && opt[0] == '-' && opt[1] != '-' && strings.HasSuffix(opt, "f")
}

// grepPatternFile reports that p is the value of a grep's -f|--file
// (grepPatternOption): the file is used as patterns, not shown (dev7's
// r0342 "grep --file=.env password").
func grepPatternFile(cmd *shell.Command, p string) bool {
	name := path.Base(cmd.Name)
	for i, a := range cmd.Args {
		if !a.Literal {
			continue
		}
		if opt, v, ok := strings.Cut(a.Lit, "="); ok && opt == "--file" && v == p {
			return true
		}
		if grepPatternOption(name, a.Lit) && i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == p {
			return true
		}
		if len(a.Lit) > 2 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.HasSuffix(a.Lit, p) && grepPatternOption(name, a.Lit[:len(a.Lit)-len(p)]) {
			return true // "-f.env"
		}
	}
	return false
}

// secretMovedToTemp: mv(1) of a secret file (or key folder) into the
// machine's temporary folders, where other users read, as a copy there
// is (README: "secrets copied into /tmp … are secret-read").
func (c *checker) secretMovedToTemp(u unit, args []shell.Word) {
	ops := operands(args)
	if len(ops) < 2 || !ops[len(ops)-1].Literal {
		return
	}
	dest := shell.Resolve(ops[len(ops)-1].Lit, u.dir, c.home)
	if !c.tempOnly(dest) && !shell.Within(dest, "/dev/shm") {
		return
	}
	for _, o := range ops[:len(ops)-1] {
		if !o.Literal {
			continue
		}
		if p := shell.Resolve(o.Lit, u.dir, c.home); SecretFile(p) || secretFolder(p, c.home) {
			c.because("mv", o.Lit, ops[len(ops)-1].Lit)
			c.add(SecretRead)
			return
		}
	}
}

// printers are the programs that print the files they are given.
var printers = map[string]bool{
	"cat": true, "tac": true, "head": true, "tail": true, "less": true, "more": true, "nl": true, "strings": true,
	"od": true, "hexdump": true, "base64": true, "xxd": true, "bat": true, "batcat": true, "sort": true, "uniq": true,
}

// lineVariables returns the literal values the line gives its variables:
// bare assignments ("f=~/.ssh/id_rsa;") and export's NAME=VALUE words.
func (c *checker) lineVariables() map[string]string {
	if c.line == nil {
		return nil
	}
	vars := map[string]string{}
	set := func(name, value string) {
		v := strings.Trim(value, "\"'")
		if !strings.ContainsAny(v, "$`") {
			vars[name] = v
		}
	}
	for _, a := range c.line.Sets {
		set(a.Name, a.Value)
	}
	for i := range c.line.Commands {
		cmd := &c.line.Commands[i]
		if path.Base(cmd.Name) != "export" && path.Base(cmd.Name) != "declare" && path.Base(cmd.Name) != "readonly" {
			continue
		}
		for _, w := range cmd.Args {
			if k, v, ok := strings.Cut(w.Raw, "="); ok && w.Literal && !strings.HasPrefix(k, "-") {
				set(k, v)
			}
		}
	}
	return vars
}

// expandVariables spells a word whose expansions are all variables the
// line set to literal values ("${a}${b}", "~/.ssh/$X", "\"$F\""); ok is
// false for any other expansion.
func expandVariables(raw string, vars map[string]string) (string, bool) {
	raw = strings.Trim(raw, "\"")
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		ch := raw[i]
		if ch == '`' || ch == '\'' || ch == '"' {
			return "", false
		}
		if ch != '$' {
			b.WriteByte(ch)
			continue
		}
		j := i + 1
		brace := j < len(raw) && raw[j] == '{'
		if brace {
			j++
		}
		k := j
		for k < len(raw) && (raw[k] == '_' || raw[k] >= 'A' && raw[k] <= 'Z' || raw[k] >= 'a' && raw[k] <= 'z' || k > j && raw[k] >= '0' && raw[k] <= '9') {
			k++
		}
		if k == j {
			return "", false // $(…), $1, $$: not a variable the line set
		}
		v, ok := vars[raw[j:k]]
		if !ok {
			return "", false
		}
		if brace {
			if k >= len(raw) || raw[k] != '}' {
				return "", false
			}
			k++
		}
		b.WriteString(v)
		i = k - 1
	}
	return b.String(), true
}

// secretPathInVariable: a printer given a word made of variables the line
// set ("f=~/.ssh/id_rsa; cat $f", "a=.en; b=v; cat ${a}${b}"): bash
// expands them before the program runs, so the file is the one spelled
// out (README's dev7 call). Variables the line does not set stay unknown.
func (c *checker) secretPathInVariable(u unit, args []shell.Word) {
	var vars map[string]string
	for _, a := range operands(args) {
		if a.Literal || !strings.Contains(a.Raw, "$") {
			continue
		}
		if vars == nil {
			if vars = c.lineVariables(); len(vars) == 0 {
				return
			}
		}
		p, ok := expandVariables(a.Raw, vars)
		if !ok || p == "" {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if SecretFile(abs) || secretFolder(abs, c.home) {
			c.because(a.Raw, p)
			c.add(SecretRead)
			return
		}
	}
}

// expandBraces returns the words bash's brace expansion makes of w
// (bash(1): ".{env,x}" is ".env" and ".x"; nested braces too), or w alone
// when it holds none; at most 64 words.
func expandBraces(w string) []string {
	out := []string{w}
	for range 8 {
		var next []string
		grew := false
		for _, s := range out {
			open := strings.IndexByte(s, '{')
			if open < 0 {
				next = append(next, s)
				continue
			}
			depth, end, commas := 0, -1, []int{}
			for i := open; i < len(s) && end < 0; i++ {
				switch s[i] {
				case '{':
					depth++
				case '}':
					depth--
					if depth == 0 {
						end = i
					}
				case ',':
					if depth == 1 {
						commas = append(commas, i)
					}
				}
			}
			if end < 0 || len(commas) == 0 {
				next = append(next, s)
				continue
			}
			grew = true
			start := open + 1
			for _, cm := range append(commas, end) {
				next = append(next, s[:open]+s[start:cm]+s[end+1:])
				start = cm + 1
			}
		}
		out = next
		if !grew || len(out) > 64 {
			break
		}
	}
	if len(out) > 64 {
		out = out[:64]
	}
	return out
}

// echoedText returns what a command substitution that only runs echo or
// printf with literal words prints ("$(echo .env)", "`printf .env`").
func echoedText(raw string) (string, bool) {
	raw = strings.Trim(raw, "\"")
	var inner string
	switch {
	case strings.HasPrefix(raw, "$(") && strings.HasSuffix(raw, ")"):
		inner = raw[2 : len(raw)-1]
	case len(raw) > 1 && raw[0] == '`' && raw[len(raw)-1] == '`':
		inner = raw[1 : len(raw)-1]
	default:
		return "", false
	}
	s := shell.Parse(inner)
	if s.Unparseable || len(s.Commands) != 1 {
		return "", false
	}
	cmd := &s.Commands[0]
	if name := path.Base(cmd.Name); name == "echo" || name == "printf" {
		return literalOutput(cmd, name)
	}
	return "", false
}

// secretNameSpelled: a printer given a secret file's name that bash
// spells before it runs: brace expansion, a command substitution that
// only echoes a literal name, or names xargs appends from a here-string
// or from echo or printf earlier in the pipeline (README's dev7 call:
// .env spelled through the shell is .env).
func (c *checker) secretNameSpelled(u unit, cmd *shell.Command, args []shell.Word) {
	var names []string
	for _, a := range operands(args) {
		if strings.Contains(a.Raw, "{") && strings.Contains(a.Raw, ",") && !strings.ContainsAny(a.Raw, "$`'\"\\") {
			names = append(names, expandBraces(a.Raw)...) // unquoted: bash expands the braces
		} else if t, ok := echoedText(a.Raw); ok && !a.Literal {
			names = append(names, strings.Fields(t)...)
		}
	}
	if u.appended {
		names = append(names, strings.Fields(cmd.Stdin)...)
		if prev := c.pipedFrom(); prev != nil {
			if t, ok := literalOutput(prev, path.Base(prev.Name)); ok && !prev.Dynamic {
				names = append(names, strings.Fields(t)...)
			}
		}
	}
	for _, n := range names {
		if abs := shell.Resolve(n, u.dir, c.home); SecretFile(abs) || secretFolder(abs, c.home) {
			c.because(path.Base(cmd.Name), n)
			c.add(SecretRead)
			return
		}
	}
}

// secretShownInPlain: gpg(1) --decrypt|-d and age(1) -d|--decrypt write
// the plaintext to standard output unless an output file is named
// (--output, -o, or a redirection): an encrypted file's secret shown, as
// sops -d is, when the file is a secret's (decryptsSecret). Railway's "variables" (without --set) and Netlify's
// "env:get" print a hosted app's variables with their values (README's
// dev7 call for heroku config); Netlify's env:list with --json or
// --plain and the Vercel, Convex and Dokku forms of
// hostedEnvironmentFetched do the same (round 9b).
func (c *checker) secretShownInPlain(cmd *shell.Command, name string, args []shell.Word, dir string) {
	toFile := slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Write && (r.Op == ">" || r.Op == ">>" || r.Op == ">|") })
	hit := false
	switch name {
	case "gpg", "gpg2":
		hit = hasLit(args, "-d", "--decrypt") && !hasLit(args, "-o", "--output") &&
			!slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "--output=") }) && !toFile &&
			c.decryptsSecret(args, dir) // round 8: a document decrypted is no secret shown
	case "age":
		hit = hasLit(args, "-d", "--decrypt") && !hasLit(args, "-o", "--output") && !toFile && c.decryptsSecret(args, dir)
	case "railway":
		hit = firstVerbIn(args, "variables", "variable", "vars") && !hasLit(args, "--set", "-s")
	case "netlify", "ntl":
		hit = firstVerbIn(args, "env:get") || firstVerbIn(args, "env:list") && hasLit(args, "--json", "--plain")
	case "vercel", "now", "convex", "dokku":
		hit = c.hostedEnvironmentFetched(name, args)
	}
	if hit {
		c.because(name)
		c.add(SecretRead)
	}
}

// rootOverSSH: ssh(1) to this machine (localhost, 127.0.0.0/8, ::1) as
// root: a root shell by another door than sudo (README: logins as
// another account are privilege-escalation). The destination is
// [user@]host or ssh://[user@]host[:port]; -l names the user.
func (c *checker) rootOverSSH(args []shell.Word) {
	user := ""
	for i := 0; i < len(args); i++ {
		o := args[i]
		if !o.Literal {
			break // a destination the line computes
		}
		if len(o.Lit) == 2 && o.Lit[0] == '-' && strings.IndexByte(sshValueOptions, o.Lit[1]) >= 0 {
			if o.Lit == "-l" && i+1 < len(args) {
				user = args[i+1].Lit
			}
			i++ // ssh(1): the option's argument
			continue
		}
		if strings.HasPrefix(o.Lit, "-") {
			continue
		}
		dest := strings.TrimPrefix(o.Lit, "ssh://")
		u, host, at := strings.Cut(dest, "@")
		if !at {
			u, host = user, dest
		}
		if h, _, ok := strings.Cut(host, ":"); ok && !strings.Contains(host, "::") && host != "::1" {
			host = h // ssh://root@127.0.0.1:22
		}
		if u == "root" && (host == "localhost" || host == "::1" || strings.HasPrefix(host, "127.")) {
			c.because("ssh", o.Lit)
			c.add(PrivilegeEscalation)
			return
		}
		break // the destination: what follows is the remote command
	}
}

// sshValueOptions are ssh(1)'s options that take an argument.
const sshValueOptions = "BbcDEeFIiJLlmOoPpQRSWw"

// aliasPath reports MinIO's ALIAS/PATH form: neither absolute, nor
// relative to "." or "~", with a bucket after the alias.
func aliasPath(s string) bool {
	return strings.Contains(s, "/") && !strings.HasPrefix(s, "/") && !strings.HasPrefix(s, ".") && !strings.HasPrefix(s, "~") &&
		!strings.Contains(s, "://")
}

// objectStoreUpload: MinIO's client copying local files into an
// ALIAS/PATH target ("mc cp SOURCE TARGET", mc mirror, mc put): an upload
// to a bucket: a secret, a data folder, a file of the temporary folder, or
// a project folder but a build's or a site's output (hosted_test keeps
// "mc cp ./a.jpg play/photos/" and "mc mirror ./site play/site" everyday).
// Sources are written as local paths (/, ./, ../, ~); copies out of the
// store (an ALIAS/PATH source) are downloads.
func (c *checker) objectStoreUpload(u unit, args []shell.Word) {
	if !firstVerbIn(args, "cp", "mirror", "put") {
		return
	}
	ops := operands(args)
	if len(ops) < 3 || !ops[len(ops)-1].Literal || !aliasPath(ops[len(ops)-1].Lit) {
		return
	}
	for _, o := range ops[1 : len(ops)-1] {
		if !o.Literal || aliasPath(o.Lit) {
			continue
		}
		abs := shell.Resolve(o.Lit, u.dir, c.home)
		if SecretFile(abs) || secretFolder(abs, c.home) || dataFolder(o.Lit) || c.tempOnly(abs) ||
			!looksLikeFile(abs) && c.folderToBucket(o.Lit, u) {
			c.because("mc", ops[0].Lit, o.Lit, ops[len(ops)-1].Lit)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// remoteSpec reports a package or flake reference fetched from a URL or a
// repository rather than a registry by name.
func remoteSpec(s string) bool {
	for _, p := range []string{"git+", "github:", "gitlab:", "bitbucket:", "sourcehut:", "tarball+", "http://", "https://", "git://", "ssh://"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// packageFromURL: a package installed straight from a URL or a repository
// runs its install or build scripts unreviewed by any registry, as pip
// install git+URL does (pipInstallsURL): npm, pnpm, yarn and bun
// install|i|add of a remote spec; cargo install --git. ansible-pull -U
// pulls a repository and runs its playbook here (ansible-pull(1)); nix
// run of a remote flake runs its app (nix3-run(1)). Names from the
// registry stay everyday (README).
func (c *checker) packageFromURL(name string, args []shell.Word) {
	hit := false
	switch name {
	case "npm", "pnpm", "yarn", "bun":
		if firstVerbIn(args, "install", "i", "add") {
			hit = slices.ContainsFunc(operands(args), func(w shell.Word) bool { return w.Literal && remoteSpec(w.Lit) })
		}
	case "cargo":
		hit = firstVerbIn(args, "install") && (hasLit(args, "--git") ||
			slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "--git=") }))
	case "ansible-pull":
		hit = hasLit(args, "-U", "--url") || slices.ContainsFunc(args, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "--url=") })
	case "nix":
		if ops := operands(args); len(ops) > 1 && ops[0].Lit == "run" {
			hit = remoteSpec(ops[1].Lit)
		}
	}
	if hit {
		c.because(name)
		c.add(DownloadExecute)
	}
}

// rdpAsOther: FreeRDP's /u:USER with /p:PASSWORD or /pth:HASH, or
// rdesktop(1) -u USER -p PASSWORD, opens a desktop on another host as
// that account: a remote session as another account (README's dev7 call,
// as evil-winrm).
func (c *checker) rdpAsOther(name string, args []shell.Word) {
	user, secret := false, false
	for _, a := range args {
		l := strings.ToLower(a.Lit)
		switch {
		case strings.HasPrefix(l, "/u:") || strings.HasPrefix(l, "-u:") || l == "-u":
			user = true
		case strings.HasPrefix(l, "/p:") || strings.HasPrefix(l, "/pth:") || strings.HasPrefix(l, "-p:") || l == "-p":
			secret = true
		}
	}
	if user && secret {
		c.because(name)
		c.add(PrivilegeEscalation)
	}
}
