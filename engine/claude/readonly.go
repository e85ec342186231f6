package claude

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// readOnlyCommands run without a prompt whatever their flags, as long as the
// files they name lie inside the working folders (seed: the read-only set;
// widened with the plain readers the real 2.1.328 ran without asking in the
// corpus, such as tac, nl, cut, od, strings, md5sum, readlink, expr).
var readOnlyCommands = map[string]bool{
	"ls": true, "cat": true, "echo": true, "printf": true, "pwd": true, "head": true, "tail": true,
	"grep": true, "egrep": true, "fgrep": true, "rg": true, "wc": true, "which": true, "diff": true,
	"cmp": true, "comm": true, "stat": true, "du": true, "df": true, "file": true, "tac": true, "nl": true,
	"cut": true, "paste": true, "tr": true, "od": true, "hexdump": true, "strings": true, "column": true,
	"fold": true, "rev": true, "md5sum": true, "sha1sum": true, "sha224sum": true, "sha256sum": true,
	"sha384sum": true, "sha512sum": true, "b2sum": true, "cksum": true, "base64": true, "basename": true,
	"dirname": true, "readlink": true, "realpath": true, "expr": true, "seq": true, "id": true,
	"whoami": true, "groups": true, "hostname": true, "uname": true, "uptime": true, "nproc": true,
	"arch": true, "true": true, "false": true, "jq": true, "tree": true, "type": true,
	"ps": true,
	// Recorded with real Claude Code 2.1.328 (testdata/claude/generated):
	// these ran without a prompt in default mode, and "locale" ran in plan
	// mode without the classifier.
	"locale": true, "man": true, "test": true, "[": true, "tput": true, "history": true, "cal": true,
	"fmt": true, "lsof": true, "pr": true, "expand": true, "unexpand": true, "numfmt": true,
	// Also recorded (testdata/claude/generated): "free -m" ran in
	// acceptEdits mode and "sleep 1" in default mode, neither by a rule.
	"free": true, "sleep": true,
}

// readOnly reports whether c is in the read-only set: the commands above,
// and the forms of sort, uniq, sed, find, date and git that only read.
// printenv and env are not in it: the real 2.1.328 asked for "env | sort"
// and "env > /dev/null 2>&1", refused "printenv" in dontAsk mode and sent
// it to the classifier in auto mode (testdata/claude/generated).
func readOnly(c *shell.Command) bool {
	args := litArgs(c)
	switch c.Name {
	case "sort":
		return !hasFlag(args, "-o", "--output")
	case "uniq":
		// Only as a filter of its input: "uniq notes.md", "uniq
		// config/app.yaml" and "uniq .env" asked in default mode where cat,
		// head, sort and wc of the same files ran (recorded with real
		// Claude Code 2.1.328, testdata/claude/probe-9967; hold-out seed
		// 9967), while "xargs echo | uniq" and "git status | uniq" ran
		// (testdata/claude/generated, holdout5519).
		return len(positionals(args)) == 0
	case "sed":
		return sedReadOnly(args)
	case "jq", "rg":
		// Recorded with real Claude Code 2.1.328: "jq -v", "jq --version"
		// asked and "rg -V" went to the classifier (testdata/claude
		// generated and holdout7723), like sed's -V, while "timeout 5 rg
		// --help" ran. rg's long form is read-only: "rg --version" and
		// "LANG=C rg --version" ran in dontAsk mode where "rg -V" and
		// "jq --version" were refused (testdata/claude/holdout9901 and
		// probe-tool-allow).
		// jq's help is not read-only either: "jq --help" and "jq -h"
		// asked where "jq . package.json" ran (testdata/claude/probe-9967).
		for _, a := range args {
			switch a {
			case "-V":
				return false
			case "--version", "-v", "--help", "-h":
				if c.Name == "jq" {
					return false
				}
			}
		}
		return true
	case "find":
		for _, a := range args {
			switch a {
			case "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls":
				return false
			}
		}
		return true
	case "date":
		return !hasFlag(args, "-s", "--set")
	case "python", "python3":
		return len(args) == 1 && args[0] == "--version"
	case "node":
		// Recorded with real Claude Code 2.1.328: "node -v" ran in default
		// mode and "node --version" in acceptEdits (testdata/claude
		// holdout8461), "node -v 2>&1" in plan mode (holdout), where
		// "node version" asked.
		return len(args) == 1 && (args[0] == "-v" || args[0] == "--version")
	case "git":
		return gitReadOnly(args)
	case "docker":
		// "docker ps" ran in default mode under configurations that name no
		// docker rule (recorded with real Claude Code 2.1.328,
		// testdata/claude/realconfigs, e.g. r011 and r022): listing
		// containers is read-only; other docker subcommands were not seen.
		return len(args) == 1 && args[0] == "ps"
	}
	return readOnlyCommands[c.Name]
}

// litArgs are c's arguments after unquoting (the raw text where a word is
// not literal).
func litArgs(c *shell.Command) []string {
	out := make([]string, len(c.Args))
	for i, w := range c.Args {
		if w.Literal {
			out[i] = w.Lit
		} else {
			out[i] = w.Raw
		}
	}
	return out
}

// hasFlag reports whether args hold one of the flags, alone, with an
// attached value (-oFILE, --output=FILE) or inside a cluster (-ni).
func hasFlag(args []string, flags ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		for _, f := range flags {
			switch {
			case a == f, strings.HasPrefix(a, f+"="):
				return true
			case len(f) == 2 && f[0] == '-' && len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(a[1:], rune(f[1])):
				return true
			}
		}
	}
	return false
}

// positionals are the arguments that are not options.
func positionals(args []string) []string {
	var out []string
	for i, a := range args {
		if a == "--" {
			return append(out, args[i+1:]...)
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			out = append(out, a)
		}
	}
	return out
}

// gitReadOnly reports whether a git command line only reads the repository
// (the seed's assumption: status, diff, log, show, blame, rev-parse and
// similar reads). Global options before the subcommand (git --no-pager,
// git -C dir) are not approved: the real 2.1.328 asked for them.
func gitReadOnly(args []string) bool {
	if len(args) == 0 {
		return false
	}
	sub, rest := args[0], args[1:]
	switch sub {
	case "status", "log", "show", "blame", "annotate", "rev-parse", "describe", "shortlog", "grep",
		"cat-file", "ls-files", "rev-list", "merge-base", "whatchanged", "show-branch", "diff":
		return !hasFlag(rest, "--output", "--ext-diff", "--open-files-in-pager", "-O")
	case "reflog":
		return len(rest) == 0 || rest[0] == "show" || strings.HasPrefix(rest[0], "-")
	case "branch":
		for _, a := range rest {
			switch a {
			case "-d", "-D", "--delete", "-m", "-M", "--move", "-c", "-C", "--copy", "-f", "--force",
				"-u", "--set-upstream-to", "--unset-upstream", "--edit-description", "-t", "--track":
				return false
			}
			if strings.HasPrefix(a, "--set-upstream-to=") {
				return false
			}
		}
		return len(positionals(rest)) == 0 || hasFlag(rest, "-l", "--list")
	case "tag":
		if hasFlag(rest, "-d", "--delete", "-a", "--annotate", "-s", "--sign", "-m", "--message", "-f", "--force", "-F", "--file") {
			return false
		}
		return len(positionals(rest)) == 0 || hasFlag(rest, "-l", "--list")
	case "remote":
		if len(rest) == 0 {
			return true
		}
		return rest[0] == "-v" || rest[0] == "--verbose" || rest[0] == "get-url"
	case "config":
		if hasFlag(rest, "--add", "--unset", "--unset-all", "--replace-all", "--edit", "-e", "--rename-section", "--remove-section") {
			return false
		}
		return hasFlag(rest, "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--list", "-l")
	case "stash", "worktree":
		return len(rest) > 0 && (rest[0] == "list" || (sub == "stash" && rest[0] == "show"))
	}
	return false
}

// checkableArgs reports whether every argument of c is known before it
// runs: literal words and plain globs. echo and printf may also print a
// double-quoted variable ("$HOME"), which the real 2.1.328 ran; anything
// with a command substitution, or an unquoted variable, is not checkable.
func checkableArgs(c *shell.Command) bool {
	for _, w := range c.Args {
		if w.Literal || constArith(w.Raw) {
			continue
		}
		if strings.ContainsAny(w.Raw, "`") || strings.Contains(w.Raw, "$(") || strings.Contains(w.Raw, "<(") || strings.Contains(w.Raw, ">(") {
			return false
		}
		if w.Glob && !strings.Contains(w.Raw, "$") {
			continue
		}
		if (c.Name == "echo" || c.Name == "printf") && len(w.Raw) >= 2 && w.Raw[0] == '"' && w.Raw[len(w.Raw)-1] == '"' {
			continue
		}
		return false
	}
	return true
}

// acceptEditsCommands are the file commands acceptEdits (and auto mode)
// approve when every path they name lies inside the working folders.
var acceptEditsCommands = map[string]bool{
	"mkdir": true, "touch": true, "rm": true, "rmdir": true, "mv": true, "cp": true, "sed": true,
}

// safeEnvVars are the leading assignments past which an allow rule still
// matches. The seed names NODE_ENV, LANG and NO_COLOR and says the full
// list is not published; the rest is the list in Claude Code's bundled code
// as far as it is known here, unverified except for CGO_ENABLED, which the
// corpus confirms ("CGO_ENABLED=0 go test ./..." ran under Bash(go test:*),
// while GOFLAGS, MAKEFLAGS, PAGER, HOME and GIT_CONFIG_GLOBAL asked).
var safeEnvVars = map[string]bool{
	"NODE_ENV": true, "LANG": true, "NO_COLOR": true,
	"GOEXPERIMENT": true, "GOOS": true, "GOARCH": true, "CGO_ENABLED": true, "GO111MODULE": true,
	"RUST_BACKTRACE": true, "RUST_LOG": true, "PYTHONUNBUFFERED": true, "PYTHONDONTWRITEBYTECODE": true,
	"PYTEST_DISABLE_PLUGIN_AUTOLOAD": true, "PYTEST_DEBUG": true, "ANTHROPIC_API_KEY": true,
	"LANGUAGE": true, "LC_ALL": true, "LC_CTYPE": true, "LC_TIME": true, "CHARSET": true,
	"TERM": true, "COLORTERM": true, "FORCE_COLOR": true, "TZ": true, "LS_COLORS": true, "LSCOLORS": true,
	"GREP_COLOR": true, "GREP_COLORS": true, "GCC_COLORS": true, "TIME_STYLE": true, "BLOCK_SIZE": true,
	"BLOCKSIZE": true,
	// Recorded with real Claude Code 2.1.328 (testdata/claude/realconfigs):
	// "CI=1 git --version", "CI=1 mkdir ." and "CI=1 wc test" ran under
	// Bash(git --version), Bash(mkdir:*) and Bash(wc:*), where "env CI=1
	// mkdir -v" asked.
	"CI": true,
}

// safeAssigns reports whether every leading NAME=value of c is a safe
// variable with a plain value.
func safeAssigns(c *shell.Command) bool {
	for _, a := range c.Assigns {
		if !safeEnvVars[a.Name] || strings.ContainsAny(a.Value, "$`~") {
			return false
		}
	}
	return true
}

// constArith reports whether raw is an arithmetic expansion of constants
// ("$((1+2))"): "echo $((1+2))" ran in default mode in the real 2.1.328
// (testdata/claude/generated), where "echo $PATH" asked.
func constArith(raw string) bool {
	raw = strings.Trim(raw, `"`)
	if !strings.HasPrefix(raw, "$((") || !strings.HasSuffix(raw, "))") {
		return false
	}
	inner := raw[3 : len(raw)-2]
	for _, r := range inner {
		if !strings.ContainsRune("0123456789+-*/% ()", r) {
			return false
		}
	}
	return true
}

// sedFlags are the sed options that leave sed reading: the real 2.1.328
// asked for "sed --help" and "sed -V" (testdata/claude/generated), so an
// option outside this list is not read-only.
var sedFlags = map[string]bool{
	"-n": true, "--quiet": true, "--silent": true, "-E": true, "-r": true, "--regexp-extended": true,
	"-s": true, "--separate": true, "-z": true, "--null-data": true, "-u": true, "--unbuffered": true,
	"--posix": true, "--debug": true,
}

// sedReadOnly reports whether a sed command line only prints: known
// options (sedFlags), and a script that prints lines by number ("1p",
// "2,5p", "$p", "p") or, with no file operand, a substitution without the e
// or w flag ("s/a/b/g"). Recorded with real Claude Code 2.1.328
// (testdata/claude/generated): "sed -n 1p config/prod.env" and "… | sed
// 's/a/b/'" ran, while "sed version" (a script that is neither) asked in
// default mode; the narrower forms are from testdata/claude/
// probe-coverage2.
func sedReadOnly(args []string) bool {
	var scripts []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-e" || a == "--expression" || strings.HasPrefix(a, "--expression="):
			// A script given by -e is not read as a print: "sed -e p -n
			// notes.md" and "sed --expression=p -n notes.md" asked where "sed
			// -n -- p notes.md" ran (recorded with real Claude Code 2.1.328,
			// testdata/claude/probe-coverage2).
			return false
		case a == "--":
			i = len(args)
		case strings.HasPrefix(a, "--"):
			if !sedFlags[a] {
				return false
			}
		case strings.HasPrefix(a, "-") && a != "-":
			for _, f := range a[1:] {
				if !sedFlags["-"+string(f)] {
					return false
				}
			}
		}
	}
	pos := positionals(args)
	if len(pos) == 0 {
		return false
	}
	scripts = append(scripts, pos[0])
	for _, sc := range scripts {
		// A substitution is read-only only as a filter of the input: "… |
		// sed 's/a/b/'" ran (testdata/claude/generated), where "sed -n
		// 's/a/b/gp' notes.md" asked (probe-coverage2).
		if !sedPrintScript(sc) || strings.HasPrefix(strings.TrimSpace(sc), "s") && len(pos) > 1 {
			return false
		}
	}
	return true
}

// sedEditOK reports whether acceptEdits approves a sed command on files in
// the working folders: no -e or --expression, and a script that is a
// "/"-delimited substitution without the p, w or e flag, or with -n a print
// by line number. Recorded with real Claude Code 2.1.328 (testdata/claude/
// probe-coverage2): in acceptEdits "sed -e p -n notes.md", "sed
// --expression=p …", "sed -n 's,a,b,g' …", "sed -n 's/a/b/w out.txt' …",
// "sed -n '/alpha/p' …" and "sed -n 's/a/b/gp' notes.md" asked ("sed
// command contains operations that require explicit approval").
func sedEditOK(args []string) bool {
	quiet := false
	for _, a := range args {
		if a == "--" {
			break // the options end here
		}
		switch {
		case a == "-e" || a == "--expression" || strings.HasPrefix(a, "--expression="):
			return false
		case a == "-n" || a == "--quiet" || a == "--silent":
			quiet = true
		}
	}
	pos := positionals(args)
	if len(pos) == 0 {
		return false
	}
	sc := strings.TrimSpace(pos[0])
	if strings.HasPrefix(sc, "s") {
		return !quiet && sedPrintScript(sc) && !strings.ContainsRune(sc[strings.LastIndex(sc, "/")+1:], 'p')
	}
	return quiet && sedPrintScript(sc)
}

// sedPrintScript reports whether one sed script is a print command with an
// optional line address, or a substitution whose flags only print or
// choose matches.
func sedPrintScript(sc string) bool {
	sc = strings.TrimSpace(sc)
	if len(sc) >= 4 && sc[0] == 's' {
		// Only with "/": "sed -n 's,a,b,g' notes.md" asked (recorded,
		// testdata/claude/probe-coverage2).
		if sc[1] != '/' {
			return false
		}
		parts := strings.Split(sc[2:], "/")
		if len(parts) != 3 {
			return false
		}
		for _, f := range parts[2] {
			if !strings.ContainsRune("gpiI0123456789", f) {
				return false
			}
		}
		return true
	}
	if strings.HasPrefix(sc, "/") {
		// A regular-expression address is not: "sed -n '/alpha/p'
		// notes.md" asked (recorded, testdata/claude/probe-coverage2).
		return false
	}
	if !strings.HasSuffix(sc, "p") {
		return false
	}
	for _, r := range sc[:len(sc)-1] {
		if !strings.ContainsRune("0123456789$,", r) {
			return false
		}
	}
	return true
}
