package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// secretByPattern reports a read path that names a secret without
// spelling its name (globInSecrets asks it first): a glob whose last part
// matches a shell's or client's history ("/home/*/.*hist*"), a glob in a
// folder part of a secret's path ("/home/*/.ssh/id_*": every home's
// keys), or an editor's or tool's backup of a secret file ("/etc/shadow~",
// "/var/backups/shadow.bak", "/etc/.shadow.swp"), or a chat app's
// session store (chatAppSession).
func (c *checker) secretByPattern(p string) bool {
	if historyGlob(p) || secretBackup(p) || chatAppSession(p) {
		return true
	}
	dir := path.Dir(p)
	if !strings.ContainsAny(dir, "*?[") {
		return false
	}
	// Each globbed folder stands for one folder it matches, a globbed
	// home for the user's own (its secret folders are the home's); the
	// path is then judged as a named one would be.
	parts := strings.Split(dir, "/")
	for i, s := range parts {
		if strings.ContainsAny(s, "*?[") {
			parts[i] = "x"
		}
	}
	q := strings.Join(parts, "/") + "/" + path.Base(p)
	if len(parts) > 2 && parts[0] == "" && (parts[1] == "home" || parts[1] == "Users") && parts[2] == "x" {
		q = path.Join(c.home, strings.Join(parts[3:], "/"), path.Base(p))
	}
	return SecretFile(q) || secretFolder(q, c.home) || c.globInSecrets(q)
}

// backupSuffixes are the endings editors and tools give a file's backup:
// GNU Emacs', gedit's and nano's NAME~ (Emacs manual, "Backup Names";
// nano(1) --backup), nano's emergency NAME.save, and the usual manual
// copies .bak, .old, .orig and .backup.
var backupSuffixes = []string{"~", ".bak", ".old", ".orig", ".save", ".backup"}

// secretBackup reports a backup of a secret file: the name with a
// backup's ending is a secret file's, vim's swap file .NAME.swp (vim(1),
// :help swap-file) is beside one, or Debian's daily copy of the shadow
// files sits in /var/backups (shadow.bak, gshadow.bak: the passwd
// package's cron job).
func secretBackup(p string) bool {
	base := path.Base(p)
	for _, s := range backupSuffixes {
		if len(base) > len(s) && strings.HasSuffix(base, s) {
			if path.Dir(p) == "/var/backups" {
				return base == "shadow.bak" || base == "gshadow.bak"
			}
			return SecretFile(strings.TrimSuffix(p, s))
		}
	}
	if len(base) > len("..swp") && base[0] == '.' && strings.HasSuffix(base, ".swp") {
		return SecretFile(path.Dir(p) + "/" + strings.TrimSuffix(base[1:], ".swp"))
	}
	return false
}

// accountHashesDumped: a program that prints an account database with
// its password hashes (heldout11's "pdbedit -L -w"): secret-read.
// pdbedit(8) -w|--smbpasswd-style lists accounts in smbpasswd format (LM
// and NT hashes) and -e|--export copies the database to another backend;
// samba-tool(8) user getpassword prints a user's password attributes;
// slapcat(8) dumps an OpenLDAP database, userPassword values among them;
// dscl(1) -read of ShadowHashData prints a macOS user's salted hash; an
// LDAP search (ldapsearch(1), Samba's ldbsearch) that asks for a
// password attribute (passwordAttributes). The names alone (pdbedit -L,
// -L -v), a record read whole and searches for names stay everyday.
func (c *checker) accountHashesDumped(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "pdbedit":
		for _, a := range args {
			l := a.Lit
			if l == "--smbpasswd-style" || l == "--export" || strings.HasPrefix(l, "--export=") ||
				len(l) > 1 && l[0] == '-' && l[1] != '-' && strings.ContainsAny(l[1:], "we") {
				hit = true
			}
		}
	case "samba-tool":
		v := c.verbs(args, 2)
		hit = len(v) == 2 && v[0] == "user" && v[1] == "getpassword"
	case "slapcat":
		hit = !helpOnly(args)
	case "dscl":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool {
			return strings.EqualFold(strings.TrimPrefix(w.Lit, "dsAttrTypeNative:"), "ShadowHashData")
		})
	case "ldapsearch", "ldbsearch":
		hit = slices.ContainsFunc(args, func(w shell.Word) bool { return passwordAttributes[strings.ToLower(w.Lit)] })
	}
	if hit {
		c.because(name)
		c.add(SecretRead)
	}
}

// browserSecretColumns are the tables and columns of browsers' databases
// that hold sessions, saved passwords and cards, as their schemas name
// them: Firefox's moz_cookies (cookies.sqlite) and moz_logins
// (signons.sqlite), Chromium's cookies.encrypted_value (Cookies),
// logins.password_value (Login Data) and
// credit_cards.card_number_encrypted (Web Data).
var browserSecretColumns = []string{"moz_cookies", "moz_logins", "encrypted_value", "password_value", "card_number_encrypted"}

// browserTablesQueried: sqlite3 given a query of a browser's cookie,
// password or card table prints them, whatever the file is called or
// wherever it was found (heldout11's "find … | grep cookies.sqlite | xargs
// -I {} sqlite3 {} \"select * from moz_cookies\""): secret-read.
func (c *checker) browserTablesQueried(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "sqlite3" && name != "sqlite" {
		return
	}
	for _, a := range cmd.Args {
		l := strings.ToLower(a.Lit)
		for _, col := range browserSecretColumns {
			if strings.Contains(l, col) {
				c.because(name, col)
				c.add(SecretRead)
				return
			}
		}
	}
}

// systemProgramFolders are the FHS's folders of the system's programs and
// libraries, its kernel and boot loader (/boot), and macOS's /System:
// what is there is the system's own, put there by its packages
// (/usr/local is the administrator's).
var systemProgramFolders = []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/lib/", "/lib64/", "/usr/lib/",
	"/usr/lib64/", "/usr/libexec/", "/System/", "/boot/"}

// systemProgramRemoved: rm(1) or unlink(1) of a file in the system's
// program, library and boot folders (heldout11's "rm /usr/bin/python"):
// whatever runs or loads it breaks, or the machine no longer boots, as
// when /etc/passwd is removed: destructive-delete. The folders themselves
// are rm's critical paths.
func (c *checker) systemProgramRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" {
		return
	}
	// Every word, not operands(…): an option never starts with "/", and
	// this runs for every rm, which must not allocate (TestCheckAllocations).
	for _, w := range cmd.Args {
		if !w.Literal || len(w.Lit) < 2 || w.Lit[0] != '/' {
			continue
		}
		for _, f := range systemProgramFolders {
			if len(w.Lit) > len(f) && strings.HasPrefix(w.Lit, f) {
				c.because(name, w.Lit)
				c.add(DestructiveDelete)
				return
			}
		}
	}
}

// discBlanked: an optical disc erased by a burner's blanking option
// (heldout11's "cdrecord --dev=0,3,0 --blank=fast"): disk-system, as a
// disk erased. cdrecord(1), wodim(1) and cdrskin(1) blank=TYPE (also
// spelt -blank=, --blank=; "help" lists the types), xorriso(1) -blank
// MODE, dvd+rw-format(1) -blank, hdiutil(1) burn -erase|-fullErase.
// macOS's drutil erase is machine.go's.
func (c *checker) discBlanked(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "cdrecord", "wodim", "cdrskin":
		for _, a := range args {
			if v, ok := strings.CutPrefix(strings.TrimLeft(a.Lit, "-"), "blank="); ok && v != "help" {
				hit = true
			}
		}
	case "xorriso", "dvd+rw-format":
		for i, a := range args {
			if a.Lit == "-blank" || strings.HasPrefix(a.Lit, "-blank=") {
				hit = !(i+1 < len(args) && args[i+1].Lit == "help")
			}
		}
	case "hdiutil":
		hit = firstVerbIn(args, "burn") && hasLit(args, "-erase", "-fullErase")
	}
	if hit {
		c.because(name)
		c.add(DiskSystem)
	}
}

// serverDaemons are the programs of the services Debian and macOS run for
// other machines and users (web, proxy, database, cache, queue, metrics,
// mail, DNS, directory, file-sharing and print servers, as their
// packages' systemd units and launchd plists start them): killing one stops the service, as
// "systemctl stop" does (README: stopping a service is disk-system).
var serverDaemons = map[string]bool{
	"nginx": true, "apache2": true, "httpd": true, "lighttpd": true, "caddy": true, "haproxy": true, "squid": true,
	"mysqld": true, "mariadbd": true, "postgres": true, "postmaster": true, "redis-server": true, "mongod": true,
	"memcached": true, "php-fpm": true, "named": true, "dnsmasq": true, "unbound": true, "slapd": true, "smbd": true,
	"nmbd": true, "vsftpd": true, "proftpd": true, "cupsd": true, "postfix": true, "exim4": true, "dovecot": true,
	"sendmail": true, "rsyslogd": true, "syslog-ng": true, "nfsd": true, "rpcbind": true, "avahi-daemon": true,
	"mysqld_safe": true, "pgbouncer": true, "clickhouse-server": true, "rabbitmq-server": true, "etcd": true, "influxd": true,
	"prometheus": true, "grafana-server": true, "minio": true, "nats-server": true, "mosquitto": true, "coredns": true,
	"xinetd": true, "inetd": true, "winbindd": true, "snmpd": true, "varnishd": true, "traefik": true, "envoy": true,
}

// reloadSignal reports a signal option that leaves a daemon running:
// reload (HUP), report (USR1, USR2), probe (0), continue (CONT) or a
// window change (WINCH), spelt -HUP, -SIGHUP, -1, -s HUP or --signal HUP.
func reloadSignal(args []shell.Word) bool {
	for i, a := range args {
		s := strings.TrimPrefix(strings.ToUpper(strings.TrimLeft(a.Lit, "-")), "SIG")
		if a.Lit == "-s" || a.Lit == "--signal" {
			if i+1 < len(args) {
				s = strings.TrimPrefix(strings.ToUpper(args[i+1].Lit), "SIG")
			}
		} else if !strings.HasPrefix(a.Lit, "-") {
			continue
		}
		switch s {
		case "HUP", "1", "USR1", "10", "USR2", "12", "0", "CONT", "18", "WINCH", "28":
			return true
		}
	}
	return false
}

func init() {
	addRuleTexts(map[string]string{
		"accountHashesDumped":  "an account database printed with its password hashes: pdbedit -w|--smbpasswd-style or -e|--export, samba-tool user getpassword, slapcat, dscl -read of ShadowHashData, ldapsearch or ldbsearch asking for a password attribute (userPassword, unicodePwd, ms-Mcs-AdmPwd, msDS-ManagedPassword, sambaNTPassword, …)",
		"browserTablesQueried": "sqlite3 querying a browser's cookie, password or card table (moz_cookies, moz_logins, encrypted_value, password_value, card_number_encrypted): sessions and saved passwords printed",
		"systemProgramRemoved": "rm or unlink of a file in the system's program and library folders (/bin, /sbin, /usr/bin, /usr/sbin, /lib, /lib64, /usr/lib, /usr/lib64, /usr/libexec, /System) or of /boot's kernel and boot loader: what runs or loads it breaks",
		"stdinTransferUpload":  "a here-document, here-string or piped echo|printf of commands for tftp, ftp, sftp, smbclient, lftp or ncftp that uploads a local file (put, mput, reput, send, append, mirror -R)",
		"libraryReplaced":      "cp, mv, install or ditto of a shared library (.dylib, .so, .so.N) onto a library of another name outside the project and temporary folders: the program that loads it runs the new code (dylib or dynamic-linker hijacking)",
		"configServesRoot":     "a web server (nginx -c, lighttpd -f, apache2|httpd -f, caddy run --config) started with a configuration written earlier on the line whose document root is /: every file served",
		"ownCommandWrites":     "a file written by a program's own write command (gdb dump value|memory FILE, vim -c ':w FILE', emacs --eval with-temp-file|write-region, sqlite3 .output|.once, rlwrap -l, puppet apply -e file { … }), judged as any written file is",
		"browserDebugged":      "a Chromium browser (Chrome, Chromium, Edge, Brave, Vivaldi, Opera) started on the user's own profile with --remote-debugging-port|-pipe, not headless: every cookie and session readable through the DevTools protocol",
		"discBlanked":          "an optical disc erased: cdrecord, wodim or cdrskin blank=TYPE, xorriso or dvd+rw-format -blank, hdiutil burn -erase",
	})
}

// streamFilters are the programs that print an archive's member or a
// decoded stream on their standard output: tar -O|--to-stdout (tar(1)),
// gunzip and zcat (gzip(1)), bunzip2 and bzcat (bzip2(1)), unxz and xzcat
// (xz(1)), unzstd and zstdcat (zstd(1)), gzip, bzip2, xz and zstd given
// -d, unzip -p (unzip(1)), base64 -d|-D|--decode (base64(1)).
func streamFilter(cmd *shell.Command) bool {
	args := cmd.Args
	switch path.Base(cmd.Name) {
	case "gunzip", "zcat", "gzcat", "bunzip2", "bzcat", "unxz", "xzcat", "unzstd", "zstdcat", "lzcat":
		return true
	case "gzip", "bzip2", "xz", "zstd", "lzma":
		return shortFlag(args, 'd', "--decompress", "--uncompress")
	case "unzip":
		return shortFlag(args, 'p')
	case "base64":
		return shortFlag(args, 'd', "--decode") || hasLit(args, "-D")
	case "tar", "gtar", "bsdtar":
		if hasLit(args, "-O", "--to-stdout") {
			return true
		}
		// The first word's letters when written without a dash ("xfOz").
		return len(args) > 0 && args[0].Literal && !strings.HasPrefix(args[0].Lit, "-") && strings.Contains(args[0].Lit, "O")
	}
	return false
}

// extractedDownload returns the files a download piped through stream
// filters is written to by the pipeline's last command ("curl URL | tar
// xfOz - tool > .s", "wget -qO- URL | gunzip > t"): the downloaded program
// saved under another name, for downloadThenRun.
func extractedDownload(s *shell.Script, i int) []string {
	if s == nil || i+1 >= len(s.Commands) {
		return nil
	}
	cmds := s.Commands
	last := -1 // the pipeline's later stages: its commands not nested in a word of one
	for k := i + 1; k < len(cmds); k++ {
		if cmds[k].Pipeline != cmds[i].Pipeline || cmds[k].Nested != cmds[i].Nested {
			continue
		}
		if cmds[k].Dynamic || !streamFilter(&cmds[k]) {
			return nil
		}
		last = k
	}
	if last < 0 {
		return nil
	}
	var out []string
	for _, r := range cmds[last].Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Write && (r.Op == ">" || r.Op == ">|" || r.Op == "&>") {
			out = append(out, p)
		}
	}
	return out
}

// pathHoldsCwd reports a command whose own PATH assignment puts the
// current folder first or among its folders ("PATH=.:$PATH tool"): a bare
// name runs the file of that name in the folder.
func pathHoldsCwd(cmd *shell.Command) bool {
	for _, a := range cmd.Assigns {
		if a.Name == "PATH" && slices.ContainsFunc(strings.Split(a.Value, ":"), func(f string) bool { return f == "." || f == "" || f == "$PWD" }) {
			return true
		}
	}
	return false
}

// fileServerProgram reports OpenSSH's sftp-server(8), wherever it is
// installed (/usr/lib/openssh, /usr/libexec, /usr/lib/ssh): run for a
// network peer, it gives the peer the file system to read and write as
// a shell would (heldout11's "gs-netcat -l -e /usr/lib/sftp-server").
func fileServerProgram(w string) bool {
	return w[strings.LastIndexAny(w, "/\\")+1:] == "sftp-server"
}

// sshStdioForward reports ssh -W HOST:PORT (ssh(1): standard input and
// output forwarded to HOST on PORT over the secure channel): in a
// shell's pipeline it is the network client of "sh -i | nc HOST PORT"
// (heldout11's "bash -i </tmp/.p | ssh … -W HOST:PORT … >/tmp/.p").
func sshStdioForward(cmd *shell.Command) bool {
	for _, a := range cmd.Args {
		if a.Lit == "-W" || len(a.Lit) > 2 && strings.HasPrefix(a.Lit, "-W") && strings.Contains(a.Lit, ":") {
			return true
		}
	}
	return false
}

// archiverToStdout returns the sources of macOS's ditto(1) -c whose
// archive is "-" (written to standard output: "ditto -c SRC - | ssh …")
// and of pax(1) -w with no -f (pax writes its archive to standard output
// then).
func archiverToStdout(args []shell.Word, name string) []shell.Word {
	ops := operands(args)
	switch name {
	case "ditto":
		if shortFlag(args, 'c') && len(ops) > 1 && ops[len(ops)-1].Lit == "-" {
			return ops[:len(ops)-1]
		}
	case "pax":
		if shortFlag(args, 'w') && !shortFlag(args, 'f') {
			return ops
		}
	}
	return nil
}

// transferClients read their commands from standard input as from a
// terminal: tftp(1), ftp(1), sftp(1), smbclient(1), lftp(1), ncftp(1).
var transferClients = map[string]bool{"tftp": true, "ftp": true, "pftp": true, "sftp": true, "smbclient": true, "lftp": true, "ncftp": true}

// stdinTransferUpload: a here-document or here-string of commands for a
// file-transfer client, or an echo or printf of literal words piped into
// it, that uploads a local file (heldout11's "tftp HOST << EOF … put
// /tmp/payload.sh …", "echo 'put FILE' | tftp HOST"): put, mput, reput,
// send, append, and lftp's mirror -R|--reverse. network-exfiltration, as
// smbclient -c 'put FILE' is remoteAccess's.
func (c *checker) stdinTransferUpload(u unit) {
	cmd, name, ok := u.program()
	if !ok || !transferClients[name] {
		return
	}
	input := cmd.Stdin
	if input == "" && c.line != nil && c.at > 0 && c.at < len(c.line.Commands) {
		// The stage before it in the pipeline, when it prints literal words.
		cmds := c.line.Commands
		for k := c.at - 1; k >= 0; k-- {
			if cmds[k].Pipeline != cmds[c.at].Pipeline || cmds[k].Nested != cmds[c.at].Nested {
				continue
			}
			if n := path.Base(cmds[k].Name); n == "echo" || n == "printf" {
				input, _ = printed(&cmds[k])
			}
			break
		}
	}
	if input == "" {
		return
	}
	for _, line := range strings.Split(input, "\n") { // (a range over SplitSeq would name the rule's closure in explain)
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "put", "mput", "reput", "send", "append":
		case "mirror":
			if !slices.Contains(f, "-R") && !slices.Contains(f, "--reverse") {
				continue
			}
		default:
			continue
		}
		c.because(name, f[0])
		c.add(NetworkExfiltration)
		return
	}
}

// sharedLibrary reports a shared library's name: .dylib, .so or .so.N
// (libssl.so.3, libfoo.so.1.2).
func sharedLibrary(base string) bool {
	if strings.HasSuffix(base, ".dylib") || strings.HasSuffix(base, ".so") {
		return true
	}
	i := strings.Index(base, ".so.")
	return i > 0 && strings.Trim(base[i+len(".so."):], "0123456789.") == ""
}

// libraryStem is a library's name before its first dot, without the
// linker's "lib" prefix ("ssl" of libssl.1.1.dylib, "foo" of
// foo.cpython-311-x86_64-linux-gnu.so): two versions of one library, and
// a build's libfoo.so installed as the Python extension foo.so, share it.
func libraryStem(base string) string {
	stem, _, _ := strings.Cut(base, ".")
	return strings.TrimPrefix(stem, "lib")
}

// libraryReplaced: a shared library overwritten by another library of
// another name (heldout11's "ditto -V …/malicious_library.dylib
// …/original_library.dylib"): the program that loads it runs the new
// code each time it starts (MITRE ATT&CK T1574.004 Dylib Hijacking,
// T1574.006 Dynamic Linker Hijacking): persistence-startup-files. cp,
// mv, install and ditto of one library onto a library's path outside the
// project and temporary folders; the system's folders are systemWrites'.
// A library installed under its own name, or a build's library renamed
// inside the project, stays everyday.
func (c *checker) libraryReplaced(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "cp" && name != "mv" && name != "install" && name != "ditto" {
		return
	}
	ops := operands(cmd.Args)
	if len(ops) != 2 || !ops[0].Literal || !ops[1].Literal || strings.HasSuffix(ops[1].Lit, "/") {
		return
	}
	src, dst := path.Base(ops[0].Lit), path.Base(ops[1].Lit)
	if !sharedLibrary(src) || !sharedLibrary(dst) || libraryStem(src) == libraryStem(dst) {
		return
	}
	abs := shell.Resolve(ops[1].Lit, u.dir, c.home)
	if shell.Within(abs, c.project) || c.tempOnly(abs) {
		return
	}
	c.because(name, ops[1].Lit)
	c.add(PersistenceStartupFiles)
}

// passwordAttributes are the directory attributes that hold passwords or
// their hashes, lower-cased: RFC 2256's userPassword; Active Directory's
// unicodePwd, supplementalCredentials, ntPwdHistory and lmPwdHistory,
// LAPS's ms-Mcs-AdmPwd and msLAPS-Password (a computer's local
// administrator password), msDS-ManagedPassword (a group-managed service
// account's) (MS-ADTS); Samba's sambaNTPassword and sambaLMPassword.
var passwordAttributes = map[string]bool{
	"userpassword": true, "unicodepwd": true, "supplementalcredentials": true, "ntpwdhistory": true,
	"lmpwdhistory": true, "ms-mcs-admpwd": true, "mslaps-password": true, "msds-managedpassword": true,
	"sambantpassword": true, "sambalmpassword": true,
}

// accountStoreFiles are the files that hold a machine's account password
// hashes beyond /etc/shadow: smbpasswd(5)'s /etc/samba/smbpasswd, Samba's
// passdb.tdb (pdbedit(8)'s tdbsam backend) and sam.ldb (the AD domain
// controller's database).
var accountStoreFiles = []string{"/etc/samba/smbpasswd", "/samba/private/passdb.tdb", "/samba/private/sam.ldb"}

// accountStore reports one of accountStoreFiles, or a record of macOS's
// local directory (/var/db/dslocal/nodes/Default/users/NAME.plist, which
// holds the user's ShadowHashData).
func accountStore(p string) bool {
	for _, s := range accountStoreFiles {
		if strings.HasSuffix(p, s) {
			return true
		}
	}
	return strings.Contains(p, "/db/dslocal/nodes/Default/users/") && strings.HasSuffix(p, ".plist")
}

// daemonPidFile reports a pid file in /run or /var/run ("/run/nginx.pid",
// "/var/run/sshd.pid"): the FHS's place for the system daemons' process
// numbers, written by the daemons started as root; a user's own programs
// keep theirs elsewhere ($XDG_RUNTIME_DIR is /run/user/UID).
func daemonPidFile(p string) bool {
	if !strings.HasSuffix(p, ".pid") || strings.HasPrefix(p, "/run/user/") {
		return false
	}
	return strings.HasPrefix(p, "/run/") || strings.HasPrefix(p, "/var/run/")
}

// chatAppFolders are the data folders of the Electron chat apps, under
// ~/.config on Linux and ~/Library/Application Support on macOS
// (Electron's app.getPath("userData")): Slack, Discord, Microsoft Teams,
// Signal, Element, WhatsApp.
var chatAppFolders = []string{"/Slack/", "/discord/", "/Microsoft Teams/", "/Microsoft/Teams/", "/Signal/", "/Element/", "/WhatsApp/"}

// chatAppSession reports a chat app's login kept as Chromium keeps it: the
// Cookies database, the Local State key that decrypts them, and Local
// Storage's leveldb files (where Discord keeps its token).
func chatAppSession(p string) bool {
	base := path.Base(p)
	if base != "Cookies" && base != "Local State" && !strings.Contains(p, "/Local Storage/leveldb/") {
		return false
	}
	for _, d := range chatAppFolders {
		if strings.Contains(p, d) {
			return true
		}
	}
	return false
}

// serverControlStop reports a server's own control program told to stop
// or restart it, from each manual: pg_ctl(1) stop|restart,
// pg_ctlcluster(8) VERSION CLUSTER stop|restart, rndc(8) stop, postfix(1)
// stop|abort, rabbitmqctl(8) stop|stop_app, mongod(1) --shutdown, caddy
// stop, doveadm(1) stop. Status, start, reload and checks stay everyday.
func serverControlStop(name string, args []shell.Word) bool {
	switch name {
	case "pg_ctl", "pg_ctlcluster":
		// Any operand, not only the first (pg_ctlcluster's verb follows
		// VERSION CLUSTER); an option is never "stop", so hasLit over every
		// word is the same test without operands' copy.
		return hasLit(args, "stop", "restart")
	case "rndc", "caddy", "doveadm":
		return firstVerbIn(args, "stop")
	case "postfix":
		return firstVerbIn(args, "stop", "abort")
	case "rabbitmqctl":
		return firstVerbIn(args, "stop", "stop_app")
	case "mongod":
		return hasLit(args, "--shutdown")
	}
	return false
}

// configServer returns the configuration file a web server is started
// with: nginx(8) -c FILE, lighttpd(8) -f FILE, Apache's httpd|apache2 -f
// FILE, caddy run|start --config FILE. A configuration test (nginx -t|-T,
// lighttpd -t|-tt, apache -t) starts nothing.
func configServer(cmd *shell.Command, name string) (string, bool) {
	args := cmd.Args
	opt := ""
	switch name {
	case "nginx", "openresty":
		opt = "-c"
	case "lighttpd", "httpd", "apache2":
		opt = "-f"
	case "caddy":
		if !firstVerbIn(args, "run", "start") {
			return "", false
		}
		opt = "--config"
	default:
		return "", false
	}
	if hasLit(args, "-t", "-T", "-tt") {
		return "", false
	}
	for i, a := range args {
		if a.Lit == opt && i+1 < len(args) && args[i+1].Literal {
			return args[i+1].Lit, true
		}
	}
	return "", false
}

// servesRoot reports a server configuration whose document root is "/":
// nginx's root or alias, lighttpd's server.document-root, Apache's
// DocumentRoot, Caddy's root [*], each read as a statement between
// semicolons, braces and line ends.
func servesRoot(text string) bool {
	for _, st := range strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '{' || r == '}' || r == '\n' }) {
		f := strings.Fields(st)
		if len(f) < 2 {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "root", "alias", "documentroot", "server.document-root":
			if strings.Trim(f[len(f)-1], `"'`) == "/" {
				return true
			}
		}
	}
	return false
}

// configServesRoot: a web server started with a configuration written
// earlier on the line (cat > FILE <<EOF, tee FILE <<EOF) that serves the
// file system's root (dev's and heldout's GTFOBins nginx line: "root /;
// autoindex on; dav_methods PUT;"): every file served to whoever
// connects, as "python3 -m http.server -d /": network-exfiltration.
func (c *checker) configServesRoot(u unit) {
	cmd, name, ok := u.program()
	if !ok || c.line == nil || c.at >= len(c.line.Commands) {
		return
	}
	conf, ok := configServer(cmd, name)
	if !ok {
		return
	}
	want := shell.Resolve(conf, u.dir, c.home)
	for k := 0; k < c.at; k++ {
		w := &c.line.Commands[k]
		n := path.Base(w.Name)
		text, ok := literalOutput(w, n)
		targets := []string{}
		if ok {
			for _, r := range w.Redirects {
				if p, ok := shell.PathOf(r.Target); ok && r.Write {
					targets = append(targets, p)
				}
			}
		} else if n == "tee" && w.Stdin != "" {
			text = w.Stdin
			for _, o := range operands(w.Args) {
				if p, ok := shell.PathOf(o); ok {
					targets = append(targets, p)
				}
			}
		}
		for _, t := range targets {
			if shell.Resolve(t, u.dir, c.home) == want && servesRoot(text) {
				c.because(name, conf)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

// ownWriteTargets returns the files a program's own write commands name
// (GTFOBins' "file write" functions), from each manual: GDB's
// dump|append [FORMAT] value|memory FILE (in -ex, --ex, -eval-command);
// vim(1), ex, view, nvim -c CMD or +CMD with :w[rite][!] FILE or
// :sav[eas][!] FILE; emacs --eval|-eval|--execute with with-temp-file,
// write-file (the first string), write-region, append-to-file (the last
// string of the form); sqlite3's .output FILE and .once FILE (in -cmd, an
// argument, or standard input); rlwrap(1) -l|--logfile FILE; puppet
// apply -e with a file resource's title.
func ownWriteTargets(cmd *shell.Command, name string) []string {
	args := cmd.Args
	var out []string
	valuesOf := func(opts ...string) []string {
		var vs []string
		for i, a := range args {
			for _, o := range opts {
				if a.Lit == o && i+1 < len(args) && args[i+1].Literal {
					vs = append(vs, args[i+1].Lit)
				} else if v, ok := strings.CutPrefix(a.Lit, o+"="); ok && strings.HasPrefix(o, "--") {
					vs = append(vs, v)
				}
			}
		}
		return vs
	}
	switch name {
	case "gdb", "gdb-multiarch":
		for _, v := range valuesOf("-ex", "--ex", "-eval-command", "--eval-command") {
			f := strings.Fields(v)
			if len(f) < 3 || f[0] != "dump" && f[0] != "append" {
				continue
			}
			for i := 1; i+1 < len(f); i++ {
				if f[i] == "value" || f[i] == "memory" {
					out = append(out, f[i+1])
					break
				}
			}
		}
	case "vim", "vi", "nvim", "ex", "view", "rvim", "rview", "vimdiff":
		var cmds []string
		cmds = append(cmds, valuesOf("-c", "--cmd")...)
		for _, a := range args {
			if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '+' {
				cmds = append(cmds, a.Lit[1:])
			}
		}
		for _, v := range cmds {
			f := strings.Fields(strings.TrimLeft(v, ":"))
			if len(f) < 2 {
				continue
			}
			switch strings.TrimSuffix(f[0], "!") {
			case "w", "write", "sav", "saveas":
				t := f[1]
				if t == ">>" && len(f) > 2 {
					t = f[2]
				}
				if t != ">>" && !strings.HasPrefix(t, "!") {
					out = append(out, t)
				}
			}
		}
	case "emacs":
		for _, v := range valuesOf("--eval", "-eval", "--execute") {
			for _, fn := range []string{"with-temp-file", "write-file", "write-region", "append-to-file"} {
				i := strings.Index(v, "("+fn+" ")
				if i < 0 {
					continue
				}
				strs := quotedStrings(formAt(v[i:]))
				if len(strs) == 0 {
					continue
				}
				if fn == "with-temp-file" || fn == "write-file" {
					out = append(out, strs[0])
				} else {
					out = append(out, strs[len(strs)-1])
				}
			}
		}
	case "sqlite3":
		lines := slices.Concat(valuesOf("-cmd"), strings.Split(cmd.Stdin, "\n"))
		for _, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, ".") {
				lines = append(lines, a.Lit)
			}
		}
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 1 && (f[0] == ".output" || f[0] == ".once") {
				out = append(out, strings.Trim(f[1], `"'`))
			}
		}
	case "rlwrap":
		out = valuesOf("-l", "--logfile")
	case "puppet":
		if firstVerbIn(args, "apply") {
			for _, v := range valuesOf("-e", "--execute") {
				if i := strings.Index(v, "file {"); i >= 0 {
					if strs := quotedStrings(v[i:]); len(strs) > 0 {
						out = append(out, strs[0])
					}
				}
			}
		}
	}
	return out
}

// formAt returns the parenthesised form s starts with (the whole of s
// when its parentheses do not close).
func formAt(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	return s
}

// quotedStrings returns the double-quoted strings of s, in order.
func quotedStrings(s string) []string {
	var out []string
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			return out
		}
		out = append(out, s[i+1:i+1+j])
		s = s[i+j+2:]
	}
}

// ownCommandWrites: a file written by a program's own write command
// (ownWriteTargets; dev's GTFOBins lines "gdb -ex 'dump value
// .github/workflows/ci.yml …'" and "puppet apply -e 'file { \"/etc/passwd\"
// … }'"), judged as any written file is: a startup file, a CI workflow,
// an account file, an agent's settings.
func (c *checker) ownCommandWrites(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "gdb", "gdb-multiarch", "vim", "vi", "nvim", "ex", "view", "rvim", "rview", "vimdiff", "emacs", "sqlite3", "rlwrap", "puppet":
	default:
		return
	}
	for _, t := range ownWriteTargets(cmd, name) {
		if t == "" {
			continue
		}
		c.because(name, t)
		c.written(shell.Resolve(t, u.dir, c.home))
	}
}

// chromiumBrowsers are the Chromium browsers' commands and macOS app
// names: Chrome, Chromium, Edge, Brave, Vivaldi, Opera.
var chromiumBrowsers = map[string]bool{
	"google-chrome": true, "google-chrome-stable": true, "google-chrome-beta": true, "chrome": true, "chromium": true,
	"chromium-browser": true, "microsoft-edge": true, "microsoft-edge-stable": true, "msedge": true, "brave-browser": true,
	"brave": true, "vivaldi": true, "vivaldi-stable": true, "opera": true,
	"Google Chrome": true, "Chromium": true, "Microsoft Edge": true, "Brave Browser": true, "Vivaldi": true, "Opera": true,
}

// browserDebugged: a Chromium browser started on the user's own profile
// with its DevTools port open (--remote-debugging-port, -pipe; heldout4's
// "open -a …Google Chrome --args --remote-debugging-port=1337" before a
// cookie dumper): every cookie and session of the profile can be read
// through the DevTools protocol (MITRE ATT&CK T1539): secret-read. A
// throwaway profile (--user-data-dir outside the browsers' own folders,
// as Puppeteer and Playwright start it) and headless runs stay everyday.
func (c *checker) browserDebugged(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case chromiumBrowsers[name]:
	case name == "open":
		app, ok := shortValue(args, "-a")
		if !ok || !chromiumBrowsers[path.Base(strings.TrimSuffix(app, ".app"))] {
			return
		}
		i := slices.IndexFunc(args, func(w shell.Word) bool { return w.Lit == "--args" })
		if i < 0 {
			return // open(1) hands the browser only the words after --args
		}
		args = args[i+1:]
	default:
		return
	}
	debug, ownProfile := false, true
	for i, a := range args {
		s := a.Raw
		switch {
		case strings.HasPrefix(s, "--remote-debugging-port") || s == "--remote-debugging-pipe":
			debug = true
		case strings.HasPrefix(s, "--headless"):
			return
		case strings.HasPrefix(s, "--user-data-dir"):
			v, ok := strings.CutPrefix(s, "--user-data-dir=")
			if !ok && i+1 < len(args) {
				v = args[i+1].Raw
			}
			v = strings.Trim(v, `"'`)
			ownProfile = slices.ContainsFunc(browserProfiles, func(d string) bool { return strings.Contains(v+"/", d) }) ||
				strings.Contains(v, "/BraveSoftware/") || strings.Contains(v, "/.config/chromium")
		}
	}
	if debug && ownProfile {
		c.because(name, "--remote-debugging-port")
		c.add(SecretRead)
	}
}
