package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// host9 runs round 9's rules of the local host (secrets read by pattern
// or through backups and databases, services stopped, system files
// removed, discs blanked) on one command: one call in command(), so the
// rules of this file stay together.
func (c *checker) host9(u unit) {
	c.accountHashesDumped(u)
	c.browserTablesQueried(u)
	c.systemProgramRemoved(u)
	c.discBlanked(u)
}

// secretByPattern reports a read path that names a secret without
// spelling its name (globInSecrets asks it first): a glob whose last part
// matches a shell's or client's history ("/home/*/.*hist*"), a glob in a
// folder part of a secret's path ("/home/*/.ssh/id_*": every home's
// keys), or an editor's or tool's backup of a secret file ("/etc/shadow~",
// "/var/backups/shadow.bak", "/etc/.shadow.swp").
func (c *checker) secretByPattern(p string) bool {
	if historyGlob(p) || secretBackup(p) {
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
// slapcat(8) dumps an OpenLDAP database, userPassword values among them.
// The names alone (pdbedit -L, -L -v) stay everyday.
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
// libraries, and macOS's /System: what is there is the system's own, put
// there by its packages (/usr/local is the administrator's).
var systemProgramFolders = []string{"/bin/", "/sbin/", "/usr/bin/", "/usr/sbin/", "/lib/", "/lib64/", "/usr/lib/",
	"/usr/lib64/", "/usr/libexec/", "/System/"}

// systemProgramRemoved: rm(1) or unlink(1) of a file in the system's
// program and library folders (heldout11's "rm /usr/bin/python"):
// whatever runs or loads it breaks, as when /etc/passwd is removed:
// destructive-delete. The folders themselves are rm's critical paths.
func (c *checker) systemProgramRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" {
		return
	}
	for _, w := range operands(cmd.Args) {
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
// other machines and users (web, database, cache, mail, DNS, directory,
// file-sharing and print servers, as their packages' systemd units and
// launchd plists start them): killing one stops the service, as
// "systemctl stop" does (README: stopping a service is disk-system).
var serverDaemons = map[string]bool{
	"nginx": true, "apache2": true, "httpd": true, "lighttpd": true, "caddy": true, "haproxy": true, "squid": true,
	"mysqld": true, "mariadbd": true, "postgres": true, "postmaster": true, "redis-server": true, "mongod": true,
	"memcached": true, "php-fpm": true, "named": true, "dnsmasq": true, "unbound": true, "slapd": true, "smbd": true,
	"nmbd": true, "vsftpd": true, "proftpd": true, "cupsd": true, "postfix": true, "exim4": true, "dovecot": true,
	"sendmail": true, "rsyslogd": true, "syslog-ng": true, "nfsd": true, "rpcbind": true, "avahi-daemon": true,
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
		"accountHashesDumped":  "an account database printed with its password hashes: pdbedit -w|--smbpasswd-style or -e|--export, samba-tool user getpassword, slapcat",
		"browserTablesQueried": "sqlite3 querying a browser's cookie, password or card table (moz_cookies, moz_logins, encrypted_value, password_value, card_number_encrypted): sessions and saved passwords printed",
		"systemProgramRemoved": "rm or unlink of a file in the system's program and library folders (/bin, /sbin, /usr/bin, /usr/sbin, /lib, /lib64, /usr/lib, /usr/lib64, /usr/libexec, /System): what runs or loads it breaks",
		"discBlanked":          "an optical disc erased: cdrecord, wodim or cdrskin blank=TYPE, xorriso or dvd+rw-format -blank, hdiutil burn -erase",
	})
}
