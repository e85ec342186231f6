package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Writes that name a log or a system folder without doing what the
// category says (issue 30, round 3: false alarms of the independent
// parts, by mechanism).

// keepsRecords reports a write of fileUses that empties no existing log
// or history: mkdir and touch make a name (touch never truncates), a
// copy into a folder (the target written with a trailing slash) adds a
// file beside the others, and a path inside a folder the line itself made
// with mkdir held nothing before the line ("mkdir -p /var/spool/mail/copy;
// cp -R … /var/spool/mail/copy/").
func (c *checker) keepsRecords(f shell.FileUse, dir string) bool {
	switch {
	case f.Via == "mkdir" || f.Via == "touch":
		return true
	case f.Via != "redirect" && strings.HasSuffix(f.Path, "/"):
		return true
	}
	return c.madeByLine(shell.Word{Lit: f.Path, Raw: f.Path, Literal: true}, dir)
}

// systemTopLevels are the root's folders that belong to the system
// (the FHS's, and macOS's), whose owner decides who may change what the
// system runs or stores.
var systemTopLevels = map[string]bool{
	"/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true, "/lib": true, "/lib32": true,
	"/lib64": true, "/libx32": true, "/media": true, "/mnt": true, "/opt": true, "/proc": true, "/root": true,
	"/run": true, "/sbin": true, "/srv": true, "/sys": true, "/tmp": true, "/usr": true, "/var": true,
	"/snap": true, "/System": true, "/Library": true, "/Applications": true, "/Users": true, "/private": true,
	"/Volumes": true, "/cores": true, "/nix": true,
}

// systemTopLevel reports a top-level folder of the system; one a site
// made for its own data ("/ftphome", "/data", "/app") given to a user
// gives away no system file.
func systemTopLevel(abs string) bool {
	return path.Dir(abs) == "/" && systemTopLevels[abs]
}

// notAProgram reports a command name no program can have: a word with
// "=" in it that the shell did not take for an assignment ("=2 git reset
// --hard", "1A=2 git …": the name is not a valid variable name), which
// bash looks up as a program and does not find.
func notAProgram(name string) bool {
	return strings.Contains(name, "=") && !strings.Contains(name, "/")
}

// shellVariables name the user's shell.
var shellVariables = map[string]bool{"SHELL": true, "BASH": true, "ZSH_NAME": true}

// variableProgram returns the command line a command whose program is a
// variable runs, when that can be told: "$SHELL -c '…'" runs a shell; any
// other lone variable in the program's place ("$SUDO_CMD rm -rf /") runs
// the words after it, both when it is unset (bash then runs the next word
// as the program) and when it holds a prefix such as sudo, env or nice.
// A variable the line itself sets ("which_openssl=`which openssl`;
// $which_openssl genrsa …") holds the program, and the words after it
// are its arguments.
func variableProgram(cmd *shell.Command, line *shell.Script) (string, bool) {
	if !cmd.Dynamic {
		return "", false
	}
	name, rest, ok := strings.Cut(strings.TrimLeft(cmd.Text, " \t"), " ")
	if !ok || !strings.HasPrefix(name, "$") {
		return "", false
	}
	v := strings.TrimPrefix(name, "$")
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		v = v[1 : len(v)-1]
	}
	if v == "" || strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return "", false // "$(…)", "${x:-y}", "$1x": not one variable
	}
	rest = strings.TrimSpace(rest)
	if rest == "" || slices.ContainsFunc(line.Sets, func(a shell.Assign) bool { return a.Name == v }) {
		return "", false
	}
	if shellVariables[v] {
		return "bash " + rest, true
	}
	return rest, true
}

// beforeDashes returns the words before "--": after it, "-f" is an
// operand ("git worktree remove -- -f" names a worktree called -f).
func beforeDashes(words []shell.Word) []shell.Word {
	if i := slices.IndexFunc(words, func(w shell.Word) bool { return w.Literal && w.Lit == "--" }); i >= 0 {
		return words[:i]
	}
	return words
}

// copiers are the programs whose last operand may be a folder the others
// land in.
var copiers = map[string]bool{"cp": true, "mv": true, "install": true, "ln": true}

// landedCategories returns the write categories of a copy's target p:
// when the target is a folder (written with a trailing slash, or a folder
// whose files other programs run or obey: .git/hooks, ~/.claude,
// /etc/cron.d, ~/Library/LaunchAgents, …), what is written is each source
// under its own name inside it ("cp hooks/* .git/hooks/" writes hooks,
// "mv settings.json ~/.claude/" an agent's settings), not the folder.
func landedCategories(cmd *shell.Command, f shell.FileUse, p string, del bool) []string {
	own := writeCategories(p, del)
	if del || !copiers[f.Via] || len(own) > 0 {
		return own
	}
	if !strings.HasSuffix(f.Path, "/") && len(writeCategories(path.Join(p, "x"), false)) == 0 {
		return own
	}
	var out []string
	for _, s := range cmd.Files() {
		if s.Via != f.Via || s.Path == f.Path {
			continue // the sources: what cp reads, what mv moves away
		}
		for _, k := range writeCategories(path.Join(p, path.Base(s.Path)), false) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// homeCaches are the package managers' download caches and local
// repositories in the home folder: what is in them is fetched again when
// needed (npm's _cacache and _npx, yarn's and bun's caches, Gradle's
// caches, Maven's local repository, NuGet's packages, Cargo's registry
// and git checkouts, Go's module cache, pnpm's store).
var homeCaches = []string{
	".npm/_cacache", ".npm/_npx", ".npm/_logs", ".yarn/cache", ".yarn/berry/cache", ".bun/install/cache",
	".gradle/caches", ".gradle/wrapper/dists", ".m2/repository", ".nuget/packages", ".cargo/registry",
	".cargo/git", "go/pkg/mod", ".pnpm-store", ".local/share/pnpm/store", "Library/pnpm/store",
	// Round 7: Dart's pub cache, Ivy's and sbt's caches, rustup's
	// toolchains (rustup installs them again), pipenv's virtualenvs.
	".pub-cache", ".ivy2/cache", ".sbt/boot", ".rustup/toolchains", ".local/share/virtualenvs",
	// node-gyp's headers, Composer's cache, the Maven wrapper's
	// distributions, CocoaPods' spec repositories (~/.npm whole stays
	// marked: keystores_test's row).
	".node-gyp", ".composer/cache", ".m2/wrapper", ".cocoapods/repos",
}

// homeCache reports abs inside one of the home's package caches.
func (c *checker) homeCache(abs string) bool {
	return slices.ContainsFunc(homeCaches, func(d string) bool { return shell.Within(abs, path.Join(c.home, d)) })
}

// intoSettingsRoot reports a file moved, copied or extracted into /etc
// itself (the target the folder, "mv file /etc/", "unzip a.zip -d /etc/"):
// under a name and with a content the line does not show, no program
// reads it as its settings (README, dev6's judgement calls: "an archive
// or file put into / or /etc whose content is not on the line is
// everyday"). A file written to a settings file's own name, or into a
// folder of settings (/etc/ssh/), is still a system write.
func intoSettingsRoot(f shell.FileUse, p string) bool {
	return (p == "/etc" || p == "/private/etc") && (strings.HasSuffix(f.Path, "/") || f.Via == "unzip" || f.Via == "tar")
}

// approvedVerbs are PowerShell's approved verbs (Get-Verb; "Approved
// Verbs for PowerShell Commands", Microsoft Learn), as cmdlet names
// spell them.
var approvedVerbs = map[string]bool{
	"Add": true, "Clear": true, "Close": true, "Copy": true, "Enter": true, "Exit": true, "Find": true,
	"Format": true, "Get": true, "Hide": true, "Join": true, "Lock": true, "Move": true, "New": true,
	"Open": true, "Optimize": true, "Pop": true, "Push": true, "Redo": true, "Remove": true, "Rename": true,
	"Reset": true, "Resize": true, "Search": true, "Select": true, "Set": true, "Show": true, "Skip": true,
	"Split": true, "Step": true, "Switch": true, "Undo": true, "Unlock": true, "Watch": true, "Connect": true,
	"Disconnect": true, "Read": true, "Receive": true, "Send": true, "Write": true, "Backup": true,
	"Checkpoint": true, "Compare": true, "Compress": true, "Convert": true, "ConvertFrom": true,
	"ConvertTo": true, "Dismount": true, "Edit": true, "Expand": true, "Export": true, "Group": true,
	"Import": true, "Initialize": true, "Limit": true, "Merge": true, "Mount": true, "Out": true,
	"Publish": true, "Restore": true, "Save": true, "Sync": true, "Unpublish": true, "Update": true,
	"Debug": true, "Measure": true, "Ping": true, "Repair": true, "Resolve": true, "Test": true, "Trace": true,
	"Approve": true, "Assert": true, "Build": true, "Complete": true, "Confirm": true, "Deny": true,
	"Deploy": true, "Disable": true, "Enable": true, "Install": true, "Invoke": true, "Register": true,
	"Request": true, "Restart": true, "Resume": true, "Start": true, "Stop": true, "Submit": true,
	"Suspend": true, "Uninstall": true, "Unregister": true, "Wait": true, "Block": true, "Grant": true,
	"Protect": true, "Revoke": true, "Unblock": true, "Unprotect": true, "Use": true,
}

// powerShellOnly reports a command name only PowerShell resolves: a
// cmdlet's Verb-Noun (an approved verb, a capitalised noun) or powercat,
// a PowerShell module's function. A POSIX shell finds no such program
// ("command not found"; round 7), unless the call runs PowerShell, whose
// scripts the powershell rule reads.
func (c *checker) powerShellOnly(cmd shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" || strings.Contains(cmd.Name, "/") {
		return false
	}
	name := cmd.Name
	verb, noun, ok := strings.Cut(name, "-")
	if !(ok && approvedVerbs[verb] && noun != "" && noun[0] >= 'A' && noun[0] <= 'Z' && !strings.ContainsAny(noun, "/.")) && name != "powercat" {
		return false
	}
	for _, s := range c.scripts {
		if l := strings.ToLower(s); strings.Contains(l, "pwsh") || strings.Contains(l, "powershell") {
			return false
		}
	}
	return true
}
