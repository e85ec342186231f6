package gemini

import (
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/boundcache"
)

// This file ports Gemini CLI's shell heuristics (sandbox/utils/
// commandSafety.ts and the helpers of utils/shell-utils.ts): the read-only
// commands that run without a prompt when no rule says otherwise, and the
// commands it always asks about.

// split parses a command line once per Policy.
func (p *Policy) split(line string) *shell.SpanList {
	return boundcache.Get(&p.spans, line, func(line string) *shell.SpanList {
		sl := shell.SplitSpans(line)
		return &sl
	})
}

// lineTokens approximates the shell-quote word list Gemini CLI runs its
// heuristics on: the words of every command in source order, an operator
// token between two commands, and whatever opens the line before its
// first command ("(", "{", "!") as a token of its own. Only the first
// words and a few flags decide, so the operators' exact spelling does not
// matter.
func lineTokens(line string, sl *shell.SpanList) []string {
	if sl.Unparseable || len(sl.Spans) == 0 {
		return strings.Fields(line)
	}
	var out []string
	if lead := strings.TrimSpace(line[:sl.Spans[0].Start]); lead != "" {
		out = append(out, lead)
	}
	for i, s := range sl.Spans {
		if i > 0 {
			out = append(out, ";")
		}
		out = append(out, s.Tokens...)
	}
	return out
}

// outsideDoubleQuotes is sl without the commands substituted inside a
// double-quoted word: shell-quote, which Gemini CLI reads a line with,
// keeps "$(git show --stat HEAD)" or "`git branch`" as one string, so
// containsGitCommand does not see the git in it. Recorded with the real
// Gemini CLI 0.61.0 in untrusted folders (testdata/gemini/generated):
// `git show` inside "$( )" and `echo "`git branch`"` ran under a
// tools.allowed rule, where a bare git asks.
func outsideDoubleQuotes(line string, sl *shell.SpanList) *shell.SpanList {
	if sl.Unparseable || !strings.Contains(line, `"`) {
		return sl
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return sl
	}
	var quoted [][2]int
	syntax.Walk(f, func(n syntax.Node) bool {
		if q, ok := n.(*syntax.DblQuoted); ok {
			quoted = append(quoted, [2]int{int(q.Pos().Offset()), int(q.End().Offset())})
			return false
		}
		return true
	})
	if len(quoted) == 0 {
		return sl
	}
	out := *sl
	out.Spans = nil
	for _, sp := range sl.Spans {
		inside := false
		for _, q := range quoted {
			if sp.Start > q[0] && sp.Start < q[1] {
				inside = true
				break
			}
		}
		if !inside {
			out.Spans = append(out.Spans, sp)
		}
	}
	return &out
}

// gitPredecessors are the words after which a "git" starts a command.
var gitPredecessors = map[string]bool{
	"sudo": true, "env": true, "time": true, "&&": true, "||": true, ";": true, "|": true, "&": true, "(": true, `\n`: true,
}

var assignWord = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*=`)

// containsGit is Gemini CLI's containsGitCommand: a git invocation
// anywhere in the line (an untrusted folder asks before running one).
func containsGit(args []string) bool {
	for i, a := range args {
		a = strings.TrimSpace(a)
		if a == "" {
			continue
		}
		base := strings.ToLower(path.Base(a))
		if base != "git" && base != "git.exe" {
			continue
		}
		j := i - 1
		for j >= 0 && assignWord.MatchString(args[j]) {
			j--
		}
		if j < 0 || gitPredecessors[strings.ToLower(args[j])] {
			return true
		}
	}
	return false
}

// safeCommands run without a prompt whatever their arguments.
var safeCommands = map[string]bool{
	"__read": true, "__write": true, "cat": true, "cd": true, "cut": true, "echo": true, "expr": true,
	"false": true, "grep": true, "head": true, "id": true, "ls": true, "nl": true, "paste": true,
	"pwd": true, "rev": true, "seq": true, "stat": true, "tail": true, "tr": true, "true": true,
	"uname": true, "uniq": true, "wc": true, "which": true, "whoami": true, "numfmt": true, "tac": true,
}

var findUnsafe = map[string]bool{
	"-exec": true, "-execdir": true, "-ok": true, "-okdir": true, "-delete": true, "-fls": true,
	"-fprint": true, "-fprint0": true, "-fprintf": true,
}

// workspaceGuard is what Gemini CLI 0.61.0's isSafeToCallWithExec checks
// a read-only command's path arguments against: the workspace (the
// project), the folder the command runs in, and the home folder `~`
// stands for. The zero guard checks nothing.
type workspaceGuard struct{ workspace, cwd, home string }

// escapes is isPathEscapingWorkspace: an argument with `$` or a backtick,
// `~user`, or a path (from `~`, absolute, or relative to the command's
// folder) that leaves the workspace. Gemini CLI also follows symlinks on
// the way; the simulator does not read the disk, so a link inside the
// project that points out of it is not seen.
func (g workspaceGuard) escapes(arg string) bool {
	if g.workspace == "" || arg == "" {
		return false
	}
	if strings.ContainsAny(arg, "$`") {
		return true
	}
	var target string
	switch {
	case arg == "~" || strings.HasPrefix(arg, "~/"):
		target = path.Join(g.home, strings.TrimPrefix(strings.TrimPrefix(arg, "~"), "/"))
	case strings.HasPrefix(arg, "~"):
		return true
	case path.IsAbs(arg):
		target = path.Clean(arg)
	default:
		target = path.Join(g.cwd, arg)
	}
	return !shell.Within(target, g.workspace)
}

// knownSafe is isKnownSafeCommand: a read-only command whose paths stay in
// the workspace, or bash -c with only such commands and no subshell or
// redirection.
func knownSafe(args []string, g workspaceGuard) bool {
	if len(args) == 0 {
		return false
	}
	norm := make([]string, len(args))
	for i, a := range args {
		if a == "zsh" {
			a = "bash"
		}
		norm[i] = a
	}
	if safeToExec(norm, g) {
		return true
	}
	if len(norm) == 3 && norm[0] == "bash" && (norm[1] == "-lc" || norm[1] == "-c") {
		script := norm[2]
		if strings.ContainsAny(script, "()<>") {
			return false
		}
		sl := shell.SplitSpans(script)
		if sl.Unparseable || len(sl.Spans) == 0 {
			return false
		}
		for _, s := range sl.Spans {
			if len(s.Tokens) > 0 && !safeToExec(s.Tokens, g) {
				return false
			}
		}
		return true
	}
	return false
}

// fileReaders are the read-only commands whose every argument that is
// not a flag is a path Gemini CLI 0.61.0 keeps inside the workspace.
var fileReaders = map[string]bool{
	"cat": true, "head": true, "tail": true, "tac": true, "nl": true, "stat": true, "wc": true, "cut": true,
	"paste": true, "rev": true, "uniq": true, "numfmt": true, "ls": true, "__read": true,
}

// readerArgsStay is the argument check of isSafeToCallWithExec for the
// file-reading commands and (grep set) grep and rg: before `--`, a flag's
// `=value` is checked and other flags are skipped (Gemini CLI skips a
// flag unless a file of that name exists; the simulator assumes none
// does), grep's -f/--file names a file; every other argument is a path.
func readerArgsStay(args []string, g workspaceGuard, grep bool) bool {
	dashdash := false
	for i := 1; i < len(args); i++ {
		a := args[i]
		if !dashdash {
			switch {
			case a == "--":
				dashdash = true
				continue
			case a == "-":
				continue
			case grep && (strings.HasPrefix(a, "-f") || strings.HasPrefix(a, "--file")):
				var file string
				switch {
				case strings.HasPrefix(a, "--file="):
					file = a[len("--file="):]
				case a == "--file" || a == "-f":
					if i+1 < len(args) {
						i++
						file = args[i]
					}
				default:
					file = a[2:]
				}
				if g.escapes(file) {
					return false
				}
				continue
			case strings.HasPrefix(a, "-"):
				if _, val, ok := strings.Cut(a, "="); ok && g.escapes(val) {
					return false
				}
				continue
			}
		}
		if g.escapes(a) {
			return false
		}
	}
	return true
}

// nonFlagsStay checks every argument that does not start with "-".
func nonFlagsStay(args []string, g workspaceGuard) bool {
	for _, a := range args[1:] {
		if !strings.HasPrefix(a, "-") && g.escapes(a) {
			return false
		}
	}
	return true
}

// safeToExec is isSafeToCallWithExec.
func safeToExec(args []string, g workspaceGuard) bool {
	if len(args) == 0 {
		return false
	}
	if g.workspace != "" && !shell.Within(g.cwd, g.workspace) {
		return false
	}
	cmd := args[0]
	switch {
	case cmd == "cd":
		hasPath := false
		for _, a := range args[1:] {
			if strings.HasPrefix(a, "-") {
				continue
			}
			hasPath = true
			if g.escapes(a) {
				return false
			}
		}
		return hasPath || !g.escapes("~")
	case fileReaders[cmd]:
		return readerArgsStay(args, g, false)
	case cmd == "grep":
		return readerArgsStay(args, g, true)
	case safeCommands[cmd]:
		return true
	case cmd == "base64":
		return !base64Writes(args) && nonFlagsStay(args, g)
	case cmd == "find":
		for _, a := range args {
			if findUnsafe[a] {
				return false
			}
		}
		return nonFlagsStay(args, g)
	case isRipgrep(cmd):
		return trustedCommandPath(cmd) && !ripgrepUnsafe(args) && readerArgsStay(args, g, true)
	case cmd == "git":
		readOnly, _ := gitReads(args)
		return readOnly
	case cmd == "sed":
		return len(args) <= 4 && len(args) > 2 && args[1] == "-n" && validSedN(args[2]) && (len(args) < 4 || !g.escapes(args[3]))
	}
	return false
}

// dangerous is isDangerousCommand: commands Gemini CLI always asks about
// outside yolo mode.
func dangerous(args []string) bool {
	if len(args) == 0 {
		return false
	}
	cmd := args[0]
	switch {
	case cmd == "ln":
		// A symbolic link (-s, --symbolic, or -s among short flags).
		for _, a := range args[1:] {
			if a == "--symbolic" || strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "s") {
				return true
			}
		}
		return false
	case cmd == "rm":
		return len(args) > 1 && (args[1] == "-f" || args[1] == "-rf" || args[1] == "-fr")
	case cmd == "sudo":
		return dangerous(args[1:])
	case cmd == "find":
		for _, a := range args {
			if findUnsafe[a] {
				return true
			}
		}
		return false
	case isRipgrep(cmd):
		return ripgrepUnsafe(args)
	case cmd == "git":
		_, writes := gitReads(args)
		return writes
	case cmd == "base64":
		return base64Writes(args)
	}
	return false
}

// gitReads reads a git command line once for both lists: readOnly when it
// is a status, log, diff, show or branch whose arguments only read (the
// safe list), writes when it overrides git's configuration or is one of
// those with arguments that write (the dangerous list). Any other
// subcommand is on neither.
func gitReads(args []string) (readOnly, writes bool) {
	if gitConfigOverride(args) {
		return false, true
	}
	idx, sub := findGitSub(args)
	switch sub {
	case "status", "log", "diff", "show":
		readOnly = gitArgsReadOnly(args[idx+1:])
	case "branch":
		readOnly = gitArgsReadOnly(args[idx+1:]) && gitBranchReadOnly(args[idx+1:])
	default:
		return false, false
	}
	return readOnly, !readOnly
}

func base64Writes(args []string) bool {
	for _, a := range args[1:] {
		if a == "-o" || a == "--output" || strings.HasPrefix(a, "--output=") || (strings.HasPrefix(a, "-o") && a != "-o") {
			return true
		}
	}
	return false
}

func isRipgrep(cmd string) bool {
	b := path.Base(cmd)
	return b == "rg" || b == "rg.exe"
}

// trustedCommandPath is isTrustedCommandPath: an absolute path in a system
// folder (rg is only trusted when called that way).
func trustedCommandPath(cmd string) bool {
	if !path.IsAbs(cmd) {
		return false
	}
	for _, dir := range []string{"/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin", "/opt/homebrew/Cellar",
		"/usr/local/Cellar", "/usr/sbin", "/sbin", "/google/bin", "/google/src/cloud"} {
		if cmd == dir || strings.HasPrefix(cmd, dir+"/") {
			return true
		}
	}
	return false
}

func ripgrepUnsafe(args []string) bool {
	for _, a := range args {
		if a == "--search-zip" || a == "-z" {
			return true
		}
		for _, opt := range []string{"--pre", "--hostname-bin"} {
			if a == opt || strings.HasPrefix(a, opt+"=") {
				return true
			}
		}
	}
	return false
}

// findGitSub finds git's subcommand among status, log, diff, show and
// branch, skipping global options; ("", -1) when the first word that is
// not an option is something else.
func findGitSub(args []string) (int, string) {
	skip := false
	for i := 1; i < len(args); i++ {
		if skip {
			skip = false
			continue
		}
		a := args[i]
		if hasAnyPrefix(a, "--config-env=", "--exec-path=", "--git-dir=", "--namespace=", "--super-prefix=", "--work-tree=") ||
			(strings.HasPrefix(a, "-C") || strings.HasPrefix(a, "-c")) && len(a) > 2 {
			continue
		}
		switch a {
		case "-C", "-c", "--config-env", "--exec-path", "--git-dir", "--namespace", "--super-prefix", "--work-tree":
			skip = true
			continue
		}
		if a == "--" || strings.HasPrefix(a, "-") {
			continue
		}
		switch a {
		case "status", "log", "diff", "show", "branch":
			return i, a
		}
		return -1, ""
	}
	return -1, ""
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func gitConfigOverride(args []string) bool {
	for _, a := range args {
		if a == "-c" || a == "--config-env" || (strings.HasPrefix(a, "-c") && len(a) > 2) || strings.HasPrefix(a, "--config-env=") {
			return true
		}
	}
	return false
}

func gitArgsReadOnly(args []string) bool {
	for _, a := range args {
		switch a {
		case "--output", "--ext-diff", "--textconv", "--exec", "--paginate":
			return false
		}
		if strings.HasPrefix(a, "--output=") || strings.HasPrefix(a, "--exec=") {
			return false
		}
	}
	return true
}

func gitBranchReadOnly(args []string) bool {
	if len(args) == 0 {
		return true
	}
	saw := false
	for _, a := range args {
		switch {
		case a == "--list" || a == "-l" || a == "--show-current" || a == "-a" || a == "--all" || a == "-r" ||
			a == "--remotes" || a == "-v" || a == "-vv" || a == "--verbose":
			saw = true
		case strings.HasPrefix(a, "--format="):
			saw = true
		default:
			return false
		}
	}
	return saw
}

var sedNArg = regexp.MustCompile(`^(\d+|\d+,\d+)p$`)

func validSedN(arg string) bool { return sedNArg.MatchString(arg) }

// shellWrapper is Gemini CLI's stripShellWrapper pattern: sh/bash/zsh -c,
// cmd.exe /c, powershell -Command.
var shellWrapper = regexp.MustCompile(`(?i)^\s*(?:(?:(?:\S+/)?(?:sh|bash|zsh))\s+-c|cmd\.exe\s+/c|powershell(?:\.exe)?\s+(?:-NoProfile\s+)?-Command|pwsh(?:\.exe)?\s+(?:-NoProfile\s+)?-Command)\s+`)

// stripShellWrapper returns the script a `bash -c SCRIPT` runs, with one
// level of quotes taken off; any other command comes back trimmed.
func stripShellWrapper(cmd string) string {
	m := shellWrapper.FindString(cmd)
	if m == "" {
		return strings.TrimSpace(cmd)
	}
	inner := strings.TrimSpace(cmd[len(m):])
	if len(inner) >= 2 && (inner[0] == '"' && inner[len(inner)-1] == '"' || inner[0] == '\'' && inner[len(inner)-1] == '\'') {
		body := inner[1 : len(inner)-1]
		if inner[0] == '"' && strings.HasSuffix(strings.TrimSpace(m), "-c") {
			if s, ok := unquoteDouble(body); ok {
				return s
			}
		}
		return body
	}
	return inner
}

// unquoteDouble reads the inside of a double-quoted word the way
// shell-quote does, keeping $VAR as written; false when the text is not
// one double-quoted word (an unescaped quote inside).
func unquoteDouble(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return "", false
		case c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case '"', '\\', '$', '`':
			default:
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// hasRedirection is Gemini CLI's hasRedirection: any redirection,
// here-document or here-string in the line; a line the parser rejects
// counts when it holds a < or >.
func hasRedirection(line string, sl *shell.SpanList) bool {
	if !strings.ContainsAny(line, "<>") {
		return false
	}
	if sl.Unparseable {
		return true
	}
	return sl.Redirects
}
