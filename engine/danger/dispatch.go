package danger

import (
	"maps"
	"slices"
)

// commandRule is one of the checks command runs on a simple command, by
// way of a ruleTable: those before the switch on the program's name
// (firstCommandRules) and those after it (commandRules).
type commandRule struct {
	run func(*checker, unit)
	// names, when set, are the only program names (the base name of the
	// lowered command, as unit.program gives it) the rule can find
	// anything in: command skips the rule for every other program. A rule
	// whose test is a suffix, a prefix or any interpreter has none and
	// runs for every command. The rule keeps its own test of the name.
	names []string
}

// commandRules are command's later checks in the order they run, which is
// the order of Explain's reasons: a rule moved in this list changes what
// Explain says first. Set in init, as the rules reach command (hidden and
// interp check the commands inside a command) and a variable's
// initialiser may not refer to itself.
var commandRules []commandRule

// firstCommandRules are the checks command runs before its switch on the
// program's name, in order. The switch stays in command: Explain names
// what it finds "command NAME" by the function it is found in.
var firstCommandRules []commandRule

// commandTable is commandRules dispatched by program name: running only
// the rules about a command's program instead of all ~100 is what keeps
// Check fast, as most rules are about a few programs and returned at once
// for the others.
var commandTable ruleTable

// firstTable is firstCommandRules dispatched by program name.
var firstTable ruleTable

func init() {
	commandRules = []commandRule{
		{run: (*checker).privilege},
		{run: (*checker).namedFiles},
		{run: (*checker).remoteAccess, names: []string{"nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "cryptcat", "socat", "code", "code-insiders", "tailscale", "ngrok", "cloudflared", "kubectl", "oc", "socket", "x11vnc", "x0vncserver", "vncserver", "tightvncserver", "Xvnc", "transfersh", "transfer", "picgo", "immich", "s3cmd", "rclone", "kcat", "kafkacat", "lp", "lpr", "ab", "hping3", "twurl", "smbclient", "tftp"}},
		{run: (*checker).peerShell},
		{run: (*checker).servesRoot},
		{run: (*checker).podExec, names: []string{"kubectl", "oc"}},
		{run: (*checker).procMemory},
		{run: (*checker).tools},
		{run: (*checker).backupsDeleted, names: []string{"borg", "borgmatic", "borg2", "kopia", "duplicity", "rdiff-backup", "tarsnap", "restic", "timeshift", "tmutil", "pgbackrest", "barman", "wal-g", "proxmox-backup-client"}},
		{run: (*checker).listedTreeRemoved, names: []string{"rm", "unlink", "shred"}},
		{run: (*checker).systemConfigRemoved, names: []string{"rm", "unlink"}},
		{run: (*checker).migrationsReset, names: []string{"goose", "migrate"}},
		{run: (*checker).otherVCS, names: []string{"hg", "chg", "svn", "fossil", "gh", "dvc", "git", "p4"}},
		{run: (*checker).storedSecretsDeleted, names: []string{"pass", "gopass", "lpass", "bw", "security", "keyring"}},
		{run: (*checker).privateKeysDeleted, names: []string{"gpg", "gpg2", "ssh-keygen"}},
		{run: (*checker).hostedVarsUnset, names: []string{"heroku", "dokku", "netlify", "firebase", "fly", "flyctl", "supabase", "cf", "gcloud"}},
		{run: (*checker).deepPathDelete, names: slices.Collect(maps.Keys(deleteVerbCLIs))},
		{run: (*checker).dnsRecordsDeleted},
		{run: (*checker).containerMountRemovals, names: []string{"docker", "podman", "nerdctl"}},
		{run: (*checker).cloudFirewallRules, names: []string{"aws", "az", "gcloud"}},
		{run: (*checker).clusterTeardown, names: []string{"docker", "aws", "az", "gcloud", "vault", "aws-nuke", "azure-nuke", "gcp-nuke", "cloud-nuke"}},
		{run: (*checker).toolImploded, names: []string{"mise", "rtx", "chezmoi", "rustup"}},
		{run: (*checker).enrolledOrSyncedDeleted, names: []string{"fprintd-delete", "calcurse-caldav"}},
		{run: (*checker).registryChanged, names: []string{"reg.py", "impacket-reg", "reg", "reg.exe"}},
		{run: (*checker).system},
		{run: (*checker).publish},
		{run: (*checker).cloud},
		{run: (*checker).database},
		{run: (*checker).hidden},
		{run: (*checker).secretVerbs},
		{run: (*checker).bucketUpload},
		{run: (*checker).reverseTunnel, names: []string{"ssh", "autossh", "chisel"}},
		{run: (*checker).loginHook, names: []string{"defaults"}},
		{run: (*checker).bruteForce},
		{run: (*checker).metadataCredentials, names: append(slices.Collect(maps.Keys(downloaders)), "wget", "curl")},
		{run: (*checker).historyHunt},
		{run: (*checker).credentialDumper},
		{run: (*checker).accounts},
		{run: (*checker).securityOff},
		{run: (*checker).tracesCleared},
		{run: (*checker).machineState},
		{run: (*checker).privateKeyPrinted, names: []string{"openssl"}},
		{run: (*checker).cloudAttack, names: []string{"stratus"}},
		{run: (*checker).escalation},
		{run: (*checker).archivePiped, names: []string{"tar", "gtar", "bsdtar", "zip", "ditto", "pax"}},
		{run: (*checker).remoteScriptRun, names: []string{"jbang"}},
		{run: (*checker).directoryEntryAdded, names: []string{"ldapadd", "ldapmodify"}},
		{run: (*checker).network},
		{run: (*checker).archiveAdds, names: []string{"7z", "7za", "7zr", "7zz", "rar"}},
		{run: (*checker).localCopy, names: []string{"rsync", "scp"}},
		{run: (*checker).kernelLogCleared, names: []string{"dmesg"}},
		{run: (*checker).gitForced, names: []string{"git-filter-repo", "git-filter-branch", "bfg", "java", "git"}},
		{run: (*checker).agentSettingsCLI, names: slices.Collect(maps.Keys(agentPrograms))},
		{run: (*checker).agentSetupTools, names: []string{"ctx7", "pi", "smithery", "install-mcp"}},
		{run: (*checker).memoryDumped, names: []string{"avml", "insmod", "modprobe", "bifrost"}},
		{run: (*checker).keyFileRemoved, names: []string{"rm", "unlink"}},
		{run: (*checker).storeClientReads, names: slices.Collect(maps.Keys(storeClients))},
		{run: (*checker).gitEnvPrograms, names: []string{"git"}},
		{run: (*checker).environmentsShown, names: []string{"ps", "docker", "podman", "nerdctl"}},
		{run: (*checker).hostedHistory, names: []string{"hub", "sl", "glab", "gh"}},
		{run: (*checker).fdExecRemoval, names: []string{"fd", "fdfind"}},
		{run: (*checker).hookInstallers, names: []string{"pre-commit", "prek", "husky", "lefthook", "simple-git-hooks", "overcommit", "captainhook", "hk", "git", "git-lfs", "git-secrets", "git-hooks"}},
		{run: (*checker).unguardedAgents, names: unguardedAgentPrograms()},
		{run: (*checker).access},
		{run: (*checker).systemSecretSearch, names: []string{"grep", "egrep", "fgrep", "rg", "ag", "ack", "find"}},
		{run: (*checker).shellsServed7, names: []string{"rcat", "rustcat", "gs-netcat", "http", "https", "xh", "xhs", "nmap"}},
		{run: (*checker).servicesStopped7, names: []string{"sv", "initctl", "supervisorctl", "pm2", "monit", "dinitctl", "launchctl", "invoke-rc.d", "service", "s6-svc", "s6-rc"}},
		{run: (*checker).servicesEnabled7, names: []string{"ln", "dinitctl", "s6-rc-bundle-update"}},
		{run: (*checker).extensionGlobRemoved, names: []string{"rm"}},
		{run: (*checker).otherRootRunners, names: slices.Collect(maps.Keys(rootRunners))},
		{run: (*checker).secretMadeReadable, names: []string{"chmod"}},
		{run: (*checker).kernelAndBoot, names: []string{"rmmod", "grub-reboot", "grub2-reboot", "grub-set-default", "grub2-set-default", "modprobe", "kexec", "systemctl"}},
		{run: (*checker).credentialsCaptured, names: []string{"tcpdump", "tcpflow", "ngrep", "tshark", "ssh", "scp", "sftp", "rsync", "git"}},
		{run: (*checker).commentOverwrite},
		{run: (*checker).systemModesBroken, names: []string{"chmod"}},
		{run: (*checker).otherRuntimeFetches, names: []string{"Rscript", "rscript", "R", "r", "julia", "gem", "uv"}},
		{run: (*checker).scriptedInPlace, names: []string{"perl", "ruby", "ex", "vim", "vi", "nvim", "sponge"}},
		{run: (*checker).injectedSecretsPrinted, names: slices.Collect(maps.Keys(secretInjectors))},
		{run: (*checker).morePasswordManagers},
		{run: (*checker).fileCapabilitySet, names: []string{"filecap"}},
		{run: (*checker).downloadsIntoPrograms, names: []string{"curl", "wget", "aria2c", "axel", "fetch", "http", "https", "xh", "xhs"}},
		{run: (*checker).socketScriptRun},
		{run: (*checker).diskFilled, names: []string{"dd", "fallocate", "head"}},
		{run: (*checker).foreignForkBomb},
		{run: (*checker).ownProcessesKilled, names: []string{"killall", "pkill", "skill"}},
		{run: (*checker).editorOnStartupFile, names: slices.Collect(maps.Keys(editors))},
		{run: (*checker).namedSecretPrinted, names: slices.Collect(maps.Keys(printers))},
		{run: (*checker).backupSentAway, names: []string{"duplicati-cli", "duplicity", "restic", "borg", "borgbackup", "rdiff-backup", "bup"}},
		{run: (*checker).phishingProxy},
		{run: (*checker).inlineDownloadRun},
		{run: (*checker).keystrokesRead},
		{run: (*checker).websocatShell, names: []string{"websocat"}},
		{run: (*checker).bracketedChoice},
		{run: (*checker).ftpUpload, names: []string{"wput"}},
		{run: (*checker).accountHashesDumped, names: []string{"pdbedit", "samba-tool", "slapcat", "dscl", "ldapsearch", "ldbsearch"}},
		{run: (*checker).browserTablesQueried, names: []string{"sqlite3", "sqlite"}},
		{run: (*checker).systemProgramRemoved, names: []string{"rm", "unlink"}},
		{run: (*checker).discBlanked, names: []string{"cdrecord", "wodim", "cdrskin", "xorriso", "dvd+rw-format", "hdiutil"}},
		{run: (*checker).stdinTransferUpload, names: slices.Collect(maps.Keys(transferClients))},
		{run: (*checker).libraryReplaced, names: []string{"cp", "mv", "install", "ditto"}},
		{run: (*checker).configServesRoot},
		{run: (*checker).ownCommandWrites, names: []string{"gdb", "gdb-multiarch", "vim", "vi", "nvim", "ex", "view", "rvim", "rview", "vimdiff", "emacs", "sqlite3", "rlwrap", "puppet"}},
		{run: (*checker).browserDebugged, names: append(slices.Collect(maps.Keys(chromiumBrowsers)), "open")},
		{run: (*checker).sudoCredentialsCached, names: []string{"sudo", "sudo-rs"}},
		{run: (*checker).registryVersionsChanged, names: []string{"npm", "pnpm", "yarn", "mix", "moon"}},
		{run: (*checker).acmeCronInstalled, names: []string{"acme.sh"}},
		{run: (*checker).workloadPatchedOutOfService, names: []string{"kubectl", "oc"}},
		{run: (*checker).ownHomeLockedOut, names: []string{"chmod"}},
		{run: (*checker).stateFileShown, names: slices.Collect(maps.Keys(stateShowers))},
		{run: (*checker).cloudCleanupRun, names: []string{"swach", "cloudgoat.py", "python", "python3"}},
		{run: (*checker).agentHooksInstalled, names: []string{"workmux", "hcom", "harness-hooks"}},
		{run: (*checker).sqlGivenElsewhere, names: []string{"wrangler", "turso", "db2", "sqlplus", "isql", "tsql"}},
		{run: (*checker).nodesTaintedNoExecute, names: []string{"kubectl", "oc"}},
		{run: (*checker).cloudRemoveVerbs, names: []string{"civo", "linode-cli", "b2", "tccli", "ksyun", "aliyun", "huaweicloud", "ossutil", "ossutil64", "obsutil", "coscmd"}},
		{run: (*checker).pythonInstallsFromURL, names: []string{"uv", "pipx", "poetry", "pdm", "rye"}},
		{run: (*checker).clusterRightsWidened, names: []string{"kubectl", "oc"}},
		{run: (*checker).fcrontabChanged, names: []string{"fcrontab"}},
		{run: (*checker).cloudImpersonation, names: []string{"gsutil", "gcloud"}},
		{run: (*checker).supabaseVolumesDeleted, names: []string{"supabase"}},
	}
	firstCommandRules = []commandRule{
		{run: (*checker).evalDownloads, names: []string{"eval"}},
		{run: (*checker).secretStore, names: []string{"aws", "gcloud", "az", "doppler", "sops", "ansible-vault", "heroku", "infisical"}},
		{run: (*checker).cloudKeysPrinted, names: []string{"az", "aws", "docker", "vault", "bao"}},
		{run: (*checker).accessRulesChanged, names: []string{"gcloud", "aws", "az", "vault", "bao"}},
		{run: (*checker).cloudFamilies},
		{run: (*checker).persistenceVerbs},
		{run: (*checker).injectedShellSent, names: []string{"curl", "wget"}},
		{run: (*checker).applyUnreviewed, names: []string{"terraform", "tofu", "terragrunt", "pulumi", "cdk"}},
		{run: (*checker).worktreeRemoveForce, names: []string{"git"}},
		{run: (*checker).chown, names: []string{"chown", "chgrp"}},
		{run: (*checker).systemWrites},
		{run: (*checker).httpie, names: []string{"http", "https", "xh", "xhs"}},
		{run: (*checker).socketWrites},
		{run: (*checker).socatFiles, names: []string{"socat"}},
		{run: (*checker).ftpPuts, names: []string{"sftp", "ftp", "lftp"}},
		{run: (*checker).influx, names: []string{"influx"}},
	}
	commandTable = newRuleTable(commandRules)
	firstTable = newRuleTable(firstCommandRules)
}

// ruleTable holds the rules run for every program (generic) and, for
// each name some rule is registered under, the rules run for a program of
// that name, generic ones included; both keep the rules' order.
type ruleTable struct {
	generic []func(*checker, unit)
	byName  map[string][]func(*checker, unit)
}

// newRuleTable dispatches rules by the names they are registered under.
func newRuleTable(rules []commandRule) ruleTable {
	registered := map[string]bool{}
	for _, r := range rules {
		for _, n := range r.names {
			registered[n] = true
		}
	}
	t := ruleTable{byName: make(map[string][]func(*checker, unit), len(registered))}
	for _, r := range rules {
		if r.names == nil {
			t.generic = append(t.generic, r.run)
			for n := range registered {
				t.byName[n] = append(t.byName[n], r.run)
			}
			continue
		}
		for j, n := range r.names {
			// A name listed twice in one rule runs the rule once.
			if slices.Index(r.names, n) == j {
				t.byName[n] = append(t.byName[n], r.run)
			}
		}
	}
	return t
}

// rules returns the rules to run, in order, for a program named name.
func (t *ruleTable) rules(name string) []func(*checker, unit) {
	if rs, ok := t.byName[name]; ok {
		return rs
	}
	return t.generic
}
