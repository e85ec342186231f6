package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// What runs later without being asked (persistence-startup-files): services
// enabled at boot by every init system, startup and system files edited in
// place, overwritten or opened in an editor, cron-like schedulers, boot
// scripts of cloud machines, shared libraries replaced; and the mode changes
// of startup files that change nothing.

// persistenceVerbs flags commands that set something to run, or a key to
// log in, later: git maintenance start, which registers cron, launchd,
// systemd or schtasks timers (git-maintenance(1)); and gcloud compute
// instances|project-info add-metadata given an ssh-keys (or the older
// sshKeys) key, whose public keys may then log in to the machines
// (gcloud's "Managing SSH keys in metadata"), or a startup script's key
// (bootScriptKey, cloud7.go), which runs at every boot.
func (c *checker) persistenceVerbs(u unit) {
	cmd, name, ok := u.program()
	if !ok || describesOnly(cmd.Args) {
		return
	}
	if name == "git" {
		if _, sub, rest, ok := cmd.GitArgs(); ok && sub == "maintenance" && firstVerbIn(rest, "start") {
			c.because(name, sub, "start")
			c.add(PersistenceStartupFiles)
		}
		return
	}
	v := c.verbs(cmd.Args, 3)
	switch {
	case name == "gcloud" && len(v) >= 3 && v[0] == "compute" && (v[1] == "instances" || v[1] == "project-info") && v[2] == "add-metadata":
		for i, a := range cmd.Args {
			val := ""
			switch {
			case (a.Lit == "--metadata" || a.Lit == "--metadata-from-file") && i+1 < len(cmd.Args):
				val = cmd.Args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--metadata=") || strings.HasPrefix(a.Lit, "--metadata-from-file="):
				_, val, _ = strings.Cut(a.Lit, "=")
			}
			for _, kv := range strings.Split(val, ",") {
				if k, _, _ := strings.Cut(kv, "="); k == "ssh-keys" || k == "sshKeys" || bootScriptKey(k) {
					c.because(name, v[0], v[1], v[2], k)
					c.add(PersistenceStartupFiles)
					return
				}
			}
		}
	}
}

// bootScriptKey reports a GCE metadata key whose value runs at boot
// (Compute Engine "About startup scripts"): startup-script,
// startup-script-url, and Windows' sysprep-specialize- and
// windows-startup-script- keys.
func bootScriptKey(k string) bool {
	return k == "startup-script" || k == "startup-script-url" || strings.HasPrefix(k, "windows-startup-script-") ||
		strings.HasPrefix(k, "sysprep-specialize-script-")
}

// userDataReplaced flags EC2 user data replaced (aws ec2
// modify-instance-attribute --user-data, or --attribute userData): a
// script cloud-init runs at boot (persistence-startup-files, as GCE's
// startup-script).
func (c *checker) userDataReplaced(cmd *shell.Command, name string, v []string) {
	if name != "aws" || len(v) < 2 || v[0] != "ec2" || v[1] != "modify-instance-attribute" {
		return
	}
	if optionOn(cmd.Args, "--user-data") || hasLit(cmd.Args, "userData") {
		c.because(name, v[0], v[1], "userData")
		c.add(PersistenceStartupFiles)
	}
}

// redisDumpPlaced flags Redis's CONFIG SET dir or dbfilename pointing the
// dump SAVE writes at a file sshd or cron obeys: an .ssh folder or
// authorized_keys, a crontab or cron folder (the Redis write techniques):
// persistence-startup-files.
func (c *checker) redisDumpPlaced(cmd *shell.Command, name string) {
	if !redisClients[name] {
		return
	}
	for i := 0; i+3 < len(cmd.Args); i++ {
		a, b, key, val := cmd.Args[i], cmd.Args[i+1], cmd.Args[i+2], cmd.Args[i+3]
		if !strings.EqualFold(a.Lit, "config") || !strings.EqualFold(b.Lit, "set") || !val.Literal {
			continue
		}
		p := strings.TrimSuffix(val.Lit, "/")
		switch {
		case strings.EqualFold(key.Lit, "dir") && (strings.HasSuffix(p, "/.ssh") || strings.Contains(p, "/cron")),
			strings.EqualFold(key.Lit, "dbfilename") && (p == "authorized_keys" || p == "authorized_keys2"):
			c.because(name, a.Lit, b.Lit, key.Lit, val.Lit)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"userDataReplaced": "a cloud machine's boot script set: aws ec2 modify-instance-attribute --user-data (gcloud add-metadata startup-script: persistenceVerbs)",
		"redisDumpPlaced":  "Redis told to save its dump where sshd or cron reads: CONFIG SET dir to an .ssh or cron folder, or dbfilename authorized_keys",
	})
}
