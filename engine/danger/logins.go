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
var netexecDumps = []string{"--sam", "--lsa", "--ntds", "--dpapi", "--gmsa", "--laps", "--sccm"}

// netexecDumpModules are NetExec modules (-M) that dump credentials: LSASS
// memory (lsassy, nanodump, procdump, handlekatz, mimikatz), the domain's
// NTDS (ntdsutil) and stored application passwords.
var netexecDumpModules = map[string]bool{
	"lsassy": true, "nanodump": true, "procdump": true, "handlekatz": true, "mimikatz": true, "ntdsutil": true,
	"keepass_trigger": true, "veeam": true, "winscp": true, "putty": true, "rdcman": true, "mremoteng": true,
	"wifi": true, "teams_localdb": true, "laps": true, "msol": true, "backup_operator": true,
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
	if !slices.ContainsFunc(args, func(w shell.Word) bool { return !w.Literal || netexecProtocols[w.Lit] }) {
		return // argparse: "invalid choice", nothing runs
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
		for _, m := range strings.Split(strings.ToLower(args[i+1].Lit), ",") {
			switch {
			case netexecDumpModules[m]:
				c.add(SecretRead)
			case netexecExecModules[m]:
				c.add(PrivilegeEscalation)
			}
		}
	}
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
