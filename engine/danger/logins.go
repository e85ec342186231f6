package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"netexec": "NetExec (nxc, crackmapexec, cme) running a command on another host (-x, -X, an executing module), passing a hash as the password (-H), or dumping its credentials (--sam, --lsa, --ntds, --dpapi, --gmsa, -M lsassy and other dumping modules); a login check and enumeration stay everyday",
	})
}

// netexecDumps are NetExec's options that read credentials off the target
// (netexec.wiki: "Dump SAM", "Dump LSA", "Dump NTDS.dit", "DPAPI",
// "Dump gMSA", "Dump LAPS").
// Round 5 adds roasting (README's dev7 call: AS-REP roasting and
// kerberoasting fetch crackable hashes of other accounts).
var netexecDumps = []string{"--sam", "--lsa", "--ntds", "--dpapi", "--gmsa", "--laps", "--sccm", "--asreproast", "--kerberoasting"}

// netexecDumpModules are NetExec modules (-M) that dump credentials: LSASS
// memory (lsassy, nanodump, procdump, handlekatz, mimikatz), the domain's
// NTDS (ntdsutil) and stored application passwords.
var netexecDumpModules = map[string]bool{
	"lsassy": true, "nanodump": true, "procdump": true, "handlekatz": true, "mimikatz": true, "ntdsutil": true,
	"keepass_trigger": true, "veeam": true, "winscp": true, "putty": true, "rdcman": true, "mremoteng": true,
	"wifi": true, "teams_localdb": true, "laps": true, "msol": true, "backup_operator": true,
	// Round 5 (README's dev7 call; netexec.wiki): Group Policy and
	// autologon passwords, credentials in event logs, unsaved Notepad
	// contents, crackable hashes of computer accounts.
	"gpp_password": true, "gpp_autologin": true, "eventlog_creds": true, "notepad": true, "timeroast": true,
}

// netexecAccountModules are NetExec modules that change an account: a new
// password, a login's sysadmin role given or taken back, a computer
// account added (README's dev7 call: privilege-escalation).
var netexecAccountModules = map[string]bool{
	"change-password": true, "mssql_priv": true, "add-computer": true,
}

// netexecExecModules are NetExec modules that run a payload on the target.
var netexecExecModules = map[string]bool{
	"met_inject": true, "web_delivery": true, "empire_exec": true, "pi": true, "schtask_as": true, "impersonate": true,
}

// netexec judges a NetExec line by what it asks of the target, not by the
// credentials it holds: a login check and enumeration (--shares, --users,
// --rid-brute, an mssql -q query) change nothing here and send nothing
// away. Commands run there (-x, -X, an executing module) and a hash given
// as the password (pass-the-hash) act as that account; dumps read other
// accounts' secrets.
func (c *checker) netexec(args []shell.Word) {
	if v := c.verbs(args, 1); len(v) == 1 && !netexecProtocols[v[0]] {
		return // "netexec PROTOCOL …": no protocol, nothing runs (dev7's r0801)
	}
	if hasLit(args, "--put-file") {
		c.add(NetworkExfiltration) // a local file put on the target's share
	}
	if hasLit(args, "-x", "-X") || hasLit(args, "-H", "--hash", "--hashes") && hasLit(args, "-u", "--username") || netexecSprays(args) {
		c.add(PrivilegeEscalation)
	}
	if slices.ContainsFunc(args, func(w shell.Word) bool {
		name, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && slices.Contains(netexecDumps, name)
	}) {
		c.add(SecretRead)
	}
	for i, w := range args {
		if !w.Literal || w.Lit != "-M" && w.Lit != "--module" || i+1 >= len(args) {
			continue
		}
		if hasLit(args, "--options") {
			break // the module's options shown, not run
		}
		for _, m := range strings.Split(strings.ToLower(args[i+1].Lit), ",") {
			switch {
			case netexecDumpModules[m]:
				c.add(SecretRead)
			case netexecExecModules[m], netexecAccountModules[m]:
				c.add(PrivilegeEscalation)
			}
		}
	}
}

// netexecProtocols are the protocols NetExec takes as its first word
// (netexec.wiki).
var netexecProtocols = map[string]bool{
	"smb": true, "ssh": true, "ldap": true, "ftp": true, "wmi": true, "winrm": true, "rdp": true, "vnc": true,
	"mssql": true, "nfs": true,
}

// netexecSprays reports password spraying (netexec.wiki, "Password
// spraying"): -u or -p given several values or a file of them.
func netexecSprays(args []shell.Word) bool {
	for i, w := range args {
		if !w.Literal || !slices.Contains([]string{"-u", "--username", "-p", "--password"}, w.Lit) {
			continue
		}
		n := 0
		for _, v := range args[i+1:] {
			if v.Literal && strings.HasPrefix(v.Lit, "-") {
				break
			}
			n++
			l := strings.ToLower(v.Lit)
			if strings.Contains(l, "/") || strings.HasSuffix(l, ".txt") || strings.HasSuffix(l, ".lst") || strings.HasSuffix(l, ".list") {
				return true
			}
		}
		if n > 1 {
			return true
		}
	}
	return false
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
