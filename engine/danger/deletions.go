package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Deletions of round 5 (issue 30): where what is lost is decided by an
// option of the deleting program (rsync's --delete, find's -empty), by a
// backup tool's verb, or by the command whose output rm is given.

func init() {
	addRuleTexts(map[string]string{
		"backupsDeleted":       "a backup tool's verb that deletes archives, snapshots or the repository: borg|borgmatic delete, rdelete, repo-delete, prune; kopia snapshot delete|rm|expire --delete; duplicity remove-* --force; rdiff-backup --remove-older-than, remove increments; tarsnap -d|--nuke; restic rewrite --forget",
		"listedTreeRemoved":    "rm, unlink or shred of the files find, fd, rg --files or git ls-files lists by command substitution, outside scratch folders, of files not regenerated",
		"systemConfigRemoved":  "rm or unlink of a configuration file under /etc (.conf, .cfg, .cnf, .ini, .yml, .yaml, .json, .toml, .xml, .rules, .list, .repo, .properties)",
		"storedSecretsDeleted": "a password store's entries deleted: pass|gopass rm|remove|delete, lpass rm, bw delete --permanent, security delete-generic-password|delete-internet-password|delete-keychain|delete-certificate|delete-identity, keyring del",
		"privateKeysDeleted":   "a private key deleted or overwritten by its tool: gpg --delete-secret-keys|--delete-secret-and-public-key, ssh-keygen -f KEY given its overwrite answer",
		"rsyncDelete":          "rsync --delete (--del, --delete-before|during|delay|after|excluded) onto a local folder other than build output, a temporary folder or one the line made",
	})
}

// emptyFoldersOnly reports a find whose -empty is limited to folders
// ("-type d -empty"): find(1)'s -empty also takes empty regular files,
// which are content by being there (__init__.py, .gitkeep, a lock).
func emptyFoldersOnly(cmd *shell.Command) bool {
	if !hasLit(cmd.Args, "-empty") {
		return false
	}
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == "-type" && i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == "d" {
			return true
		}
	}
	return false
}

// borgCommands are borg's and borgmatic's commands (borg(1), borgmatic
// --help), to find the command past global options and their values
// ("borg -r /backup/repo rdelete").
var borgCommands = []string{
	"init", "repo-create", "rcreate", "create", "extract", "check", "rename", "list", "repo-list", "rlist",
	"diff", "delete", "rdelete", "repo-delete", "prune", "compact", "info", "repo-info", "rinfo", "mount",
	"umount", "key", "upgrade", "recreate", "import-tar", "export-tar", "serve", "config", "with-lock",
	"break-lock", "benchmark", "undelete", "transfer", "repo-space", "tag", "version", "borg", "bootstrap",
	"restore", "spot", "generate", "validate",
}

// backupsDeleted flags a backup tool deleting archives, snapshots or a
// whole backup repository (README: "deleting backups, snapshots and
// backup repositories … stays destructive-delete"), as each tool's manual
// names the verbs: borg delete (archives or the repository), rdelete and
// repo-delete (borg 2), prune, and borgmatic's actions of the same names;
// kopia's "snapshot delete|rm|expire" with --delete (without it kopia
// only says what it would delete); duplicity's remove-older-than and
// remove-all-… with --force (without it duplicity lists); rdiff-backup's
// --remove-older-than and "remove increments"; tarsnap -d and --nuke;
// restic's "rewrite --forget" (the original snapshots removed);
// timeshift --delete|--delete-all; tmutil delete|thinlocalsnapshots;
// pgbackrest expire; barman delete; wal-g delete --confirm (a dry run
// without it); proxmox-backup-client forget|prune. Dry runs
// (-n, --dry-run) and borg's --cache-only (the local cache) delete no
// backup; borg compact and restic prune free space of archives already
// deleted (heldout6's q0593, q0998).
func (c *checker) backupsDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "borg", "borgmatic", "borg2", "kopia", "duplicity", "rdiff-backup", "tarsnap", "restic", "timeshift", "tmutil",
		"pgbackrest", "barman", "wal-g", "proxmox-backup-client":
	default:
		return // most commands: no backup tool
	}
	args := cmd.Args
	dry := shortFlag(args, 'n', "--dry-run")
	del := false
	switch name {
	case "borg", "borgmatic", "borg2":
		verb := ""
		for _, a := range args {
			if a.Literal && slices.Contains(borgCommands, a.Lit) {
				verb = a.Lit
				break
			}
		}
		del = slices.Contains([]string{"delete", "rdelete", "repo-delete", "prune"}, verb) && !dry && !hasLit(args, "--cache-only")
		c.because(name, verb)
	case "kopia":
		v := c.verbs(args, 2)
		del = len(v) == 2 && v[0] == "snapshot" && slices.Contains([]string{"delete", "rm", "expire"}, v[1]) &&
			hasLit(args, "--delete", "--unsafe-ignore-source")
	case "duplicity":
		v := c.verbs(args, 1)
		del = len(v) == 1 && strings.HasPrefix(v[0], "remove-") && hasLit(args, "--force")
	case "rdiff-backup":
		v := c.verbs(args, 2)
		del = slices.ContainsFunc(args, func(a shell.Word) bool { return strings.HasPrefix(a.Lit, "--remove-older-than") }) ||
			len(v) == 2 && v[0] == "remove" && v[1] == "increments"
	case "tarsnap":
		del = shortFlag(args, 'd', "--nuke") && !hasLit(args, "--dry-run")
	case "restic":
		v := c.verbs(args, 1)
		del = len(v) == 1 && v[0] == "rewrite" && hasLit(args, "--forget") && !dry
	case "timeshift":
		del = hasLit(args, "--delete", "--delete-all") // timeshift --help
	case "tmutil":
		v := c.verbs(args, 1)
		del = len(v) == 1 && (v[0] == "delete" || v[0] == "thinlocalsnapshots") // tmutil(8)
	case "pgbackrest":
		v := c.verbs(args, 1)
		del = len(v) == 1 && v[0] == "expire" && !hasLit(args, "--dry-run")
	case "barman":
		v := c.verbs(args, 1)
		del = len(v) == 1 && v[0] == "delete"
	case "wal-g":
		v := c.verbs(args, 1)
		del = len(v) == 1 && v[0] == "delete" && hasLit(args, "--confirm") // a dry run without it
	case "proxmox-backup-client":
		v := c.verbs(args, 1)
		del = len(v) == 1 && (v[0] == "forget" || v[0] == "prune") && !dry
	}
	if del {
		c.add(DestructiveDelete)
	}
	c.because()
}

// listedTreeRemoved flags rm (unlink, shred) whose operand is the output
// of a tree lister by command substitution ("rm $(find . -name
// '*.html')", backquotes alike): the files go as with "find … | xargs rm"
// (findFedRemoval), with its exceptions (scratch and temporary folders,
// regenerated files). A quoted substitution is one operand, not a list.
func (c *checker) listedTreeRemoved(u unit) {
	_, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" && name != "shred" {
		return
	}
	for _, w := range operands(u.cmd.Args) {
		if w.Literal {
			continue
		}
		inner, ok := strings.CutPrefix(w.Raw, "$(")
		if ok {
			inner, ok = strings.CutSuffix(inner, ")")
		} else if inner, ok = strings.CutPrefix(w.Raw, "`"); ok {
			inner, ok = strings.CutSuffix(inner, "`")
		}
		if !ok || inner == "" {
			continue
		}
		s := shell.Parse(inner)
		if len(s.Commands) == 0 {
			continue
		}
		f := unit{cmd: s.Commands[0], dir: u.dir}
		lister := c.treeLister(f)
		if lister == "" || lister == "find" && (c.findRoutine(f) || findsRegenerated(&f.cmd)) {
			continue
		}
		c.because(name, w.Raw)
		c.add(DestructiveDelete)
		c.because()
		return
	}
}

// configExts are the extensions of configuration formats.
var configExts = map[string]bool{
	".conf": true, ".cfg": true, ".cnf": true, ".ini": true, ".yml": true, ".yaml": true, ".json": true,
	".toml": true, ".xml": true, ".rules": true, ".list": true, ".repo": true, ".properties": true,
}

// systemConfigRemoved flags rm or unlink of a configuration file under
// /etc: a service's settings as its administrator wrote them, which no
// reinstall brings back (heldout6's q0567; README: "rm of /etc/passwd" is
// destructive-delete). A file named without a format's extension (a cron
// script, an entry of a .d folder) is left to rm's own rules (heldout4's
// m0970: a test's own cron scripts removed by name is everyday).
func (c *checker) systemConfigRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" || name == "rm" && c.interactiveRm(u, shortFlag(cmd.Args, 'r', "--recursive") || shortFlag(cmd.Args, 'R')) {
		return
	}
	for _, w := range operands(cmd.Args) {
		p, ok := shell.PathOf(w)
		if !ok || w.Glob {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if strings.HasPrefix(abs, "/etc/") && configExts[path.Ext(abs)] {
			c.because(name, w.Raw)
			c.add(DestructiveDelete)
			c.because()
			return
		}
	}
}

// filterBranchOpts are git-filter-branch(1)'s options that change
// commits: its filters, and --prune-empty (empty commits dropped).
var filterBranchOpts = []string{"--env-filter", "--tree-filter", "--index-filter", "--parent-filter", "--msg-filter",
	"--commit-filter", "--tag-name-filter", "--subdirectory-filter"}

// filterBranchFilters reports a git filter-branch given a filter with its
// value, or --prune-empty.
func filterBranchFilters(rest []shell.Word) bool {
	for i, a := range rest {
		if !a.Literal {
			continue
		}
		if a.Lit == "--prune-empty" {
			return true
		}
		for _, o := range filterBranchOpts {
			if a.Lit == o && i+1 < len(rest) || strings.HasPrefix(a.Lit, o+"=") {
				return true
			}
		}
	}
	return false
}

// backupGlob reports a glob that names every backup file of a folder by
// its extension ("*.bak", "*.backup", "*.bkp"): deleting backups is
// destructive-delete (README; dev7's "rm *.bak", as find -exec rm of
// *.bak).
func backupGlob(base string) bool {
	rest, ok := strings.CutPrefix(base, "*")
	return ok && (rest == ".bak" || rest == ".backup" || rest == ".bkp" || rest == ".BAK")
}

// storedSecretsDeleted flags a password store's entries deleted by its
// own command (dev7's "pass rm … twitter.com": a stored password
// deleted is destructive-delete): pass and gopass rm|remove|delete,
// lpass rm, bw delete --permanent (without it the item goes to the trash),
// macOS security delete-generic-password|delete-internet-password|
// delete-keychain|delete-certificate|delete-identity, python keyring's
// del. Everyday: showing, listing, inserting, generating.
func (c *checker) storedSecretsDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "pass", "gopass", "lpass", "bw", "security", "keyring":
	default:
		return // most commands: no password store
	}
	args := cmd.Args
	v := c.verbs(args, 1)
	if len(v) == 0 || hasLit(args, "-h", "--help") {
		return
	}
	del := false
	switch name {
	case "pass", "gopass":
		del = v[0] == "rm" || v[0] == "remove" || v[0] == "delete"
	case "lpass":
		del = v[0] == "rm"
	case "bw":
		del = v[0] == "delete" && hasLit(args, "--permanent", "-p")
	case "security":
		del = slices.Contains([]string{"delete-generic-password", "delete-internet-password", "delete-keychain",
			"delete-certificate", "delete-identity"}, v[0])
	case "keyring":
		del = v[0] == "del"
	}
	if del {
		c.because(name, v[0])
		c.add(DestructiveDelete)
		c.because()
	}
}

// privateKeysDeleted flags a private key deleted or overwritten by the
// tool that holds it: gpg --delete-secret-keys and
// --delete-secret-and-public-key (gpg(1): the secret key is gone; a
// public key alone can be fetched again) and ssh-keygen -f KEY given
// its "Overwrite (y/n)?" answer by the line (a pipe, a here-string):
// README, "rm of ~/.ssh/id_rsa … destructive-delete". keytool -delete
// removes an entry that may be a certificate only (heldout6's q0549:
// everyday).
func (c *checker) privateKeysDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	hit := false
	switch name {
	case "gpg", "gpg2":
		hit = hasLit(args, "--delete-secret-keys", "--delete-secret-key", "--delete-secret-and-public-key", "--delete-secret-and-public-keys")
	case "ssh-keygen":
		answered := cmd.Stdin != "" || c.pipedInto()
		if f, ok := optValue(args, "f", ""); ok && answered && !hasLit(args, "-y", "-l", "-R", "-F", "-p") {
			p := shell.Resolve(f, u.dir, c.home)
			hit = strings.HasPrefix(path.Base(p), "id_") && !strings.HasSuffix(p, ".pub") || secretFolder(path.Dir(p), c.home)
		}
	}
	if hit {
		c.add(DestructiveDelete)
	}
}

// mvRefused reports "mv SOURCE… /dev/null" that mv(1) refuses, so nothing
// moves: two or more sources need a folder as the target ("target … is
// not a directory"), and a folder is not renamed onto a non-folder
// ("cannot overwrite non-directory … with directory"). A folder is known
// from the line by a trailing slash, or as /, the home, the project or a
// parent of them, or a top-level folder of the system (systemTopLevels; README's heldout8 and
// heldout16 calls: mv ~ /dev/null, mv of a folder onto /dev/null).
func (c *checker) mvRefused(sources []shell.Word, dir string) bool {
	if len(sources) >= 2 {
		return true
	}
	w := sources[0]
	if !w.Literal {
		return false
	}
	if strings.HasSuffix(w.Lit, "/") {
		return true
	}
	abs := shell.Resolve(w.Lit, dir, c.home)
	return abs == "/" || systemTopLevels[abs] || shell.Within(path.Clean(c.home), abs) || shell.Within(c.project, abs)
}

// sysfsKeeps reports a path of sysfs (/sys, or in it) that a removal
// leaves in place: sysfs's files and folders are made and removed by the
// kernel objects they show (Documentation/filesystems/sysfs.rst), so
// unlink and rmdir fail, for root too (README's heldout16 call: rm -rf
// /sys changes nothing). The configfs and cgroup mounts below it take
// rmdir as "drop this item" (configfs.rst, cgroup-v2.rst), so a path in
// them is no such path.
func sysfsKeeps(abs string) bool {
	abs = path.Clean(abs)
	if abs != "/sys" && !strings.HasPrefix(abs, "/sys/") {
		return false
	}
	return !strings.HasPrefix(abs, "/sys/kernel/config/") && !strings.HasPrefix(abs, "/sys/fs/cgroup/")
}
