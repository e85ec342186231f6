package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Programs that run a command line they are given: their command words
// (tmux, frameworks' consoles, a program named by the line's variables,
// decoded substitutions, xargs, credential runners), read so the command is
// judged as the line's own.

// runnerVerbs are the subcommands by which credential runners run a
// command (their references); envchain, dotenv and env-cmd have none.
var runnerVerbs = map[string]string{
	"aws-vault": "exec", "saml2aws": "exec", "aws-sso": "exec", "doppler": "run", "op": "run", "infisical": "run",
	"chamber": "exec", "teller": "run", "berglas": "exec", "sops": "exec-env",
}

// credentialRunner returns the command a credential runner runs with
// cloud or secret-store credentials in its environment: the words after
// "--" (aws-vault exec PROFILE -- CMD, doppler|op|infisical run -- CMD,
// chamber exec SERVICE -- CMD, dotenv -- CMD), doppler's and infisical's
// --command, aws-vault's and saml2aws's words after the profile,
// envchain's after its namespace, env-cmd's after -f FILE, sops exec-env
// FILE's command string.
func credentialRunner(name string, args []shell.Word) (string, bool) {
	if verb, ok := runnerVerbs[name]; ok && !firstVerbIn(args, verb) {
		return "", false
	}
	if i := slices.IndexFunc(args, func(a shell.Word) bool { return a.Literal && a.Lit == "--" }); i >= 0 && i+1 < len(args) {
		return joinRaws(args[i+1:]), true
	}
	if c, ok := optValue(args, "", "--command"); ok && (name == "doppler" || name == "infisical") {
		return c, true
	}
	// The position of the first word of the command: after exec PROFILE
	// (aws-vault), exec-env FILE (sops, one string a shell runs), the
	// namespace (envchain), -f FILE (env-cmd).
	skip := map[string]int{"aws-vault": 2, "sops": 2, "envchain": 1, "env-cmd": 1}[name]
	if skip == 0 {
		return "", false
	}
	n := 0
	for i, a := range args {
		if strings.HasPrefix(a.Raw, "-") {
			continue
		}
		if n == skip {
			if name == "sops" {
				return a.Lit, a.Literal
			}
			return joinRaws(args[i:]), true
		}
		n++
	}
	return "", false
}

// commandRunners returns the command lines a program runs that its
// manual says it takes as arguments, for programs whose words the
// wrappers of engine/shell do not unwrap (issue 30, round 5):
//   - script(1) -c CMD; expect's "spawn CMD" in -c;
//   - tmux(1): the shell-command of new-session, new-window,
//     split-window, respawn-pane|window and run-shell, and the keys
//     send-keys types (Enter or C-m runs them);
//   - screen(1): its command, and the text of -X stuff;
//   - strace(1), ltrace(1), valgrind, perf record|stat|trace, entr(1):
//     the program they trace or rerun (entr -s: a shell command);
//   - gdb(1)'s -ex|--eval-command "shell CMD" or "!CMD";
//   - vim, nvim, vi, ex: -c, --cmd and +CMD with an ex command ":!CMD";
//   - nix-shell --run|--command CMD; nix develop|shell -c|--command;
//   - toybox APPLET (as busybox); cmake(1) -E rm|remove|remove_directory
//     (as rm, rm -f, rm -rf); rimraf (rm -rf of its operands);
//   - source or . of echo's output (<(echo …)) or of a here-string on
//     /dev/stdin; sh -c "$(echo …)";
//   - trap 'CMD' SIGNAL (run on the signal or at exit);
//   - docker-machine ssh NAME CMD (run on the machine, as ssh runs it);
//   - npm exec [--] CMD, npm exec|npx -c CMD, conda|mamba|micromamba run
//     CMD, pixi run CMD.
func commandRunners(cmd *shell.Command) []string {
	if cmd.Dynamic || cmd.Name == "" {
		return nil
	}
	args := cmd.Args
	name := path.Base(cmd.Name)
	if out := cloudRemoteCommands(cmd, name); out != nil {
		return out // elsewhere.go
	}
	switch name {
	case "sh", "bash", "zsh", "dash", "ksh", "ash", "mksh":
		// sh -c "$(echo rm -rf ~)": the script is what echo or printf
		// prints, known from the line.
		for i, a := range args {
			if a.Literal && len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.HasSuffix(a.Lit, "c") && i+1 < len(args) && !args[i+1].Literal {
				if text, ok := echoed(strings.TrimSuffix(strings.TrimPrefix(args[i+1].Raw, `"`), `"`)); ok {
					return []string{text}
				}
				if text, ok := decodedSubst(args[i+1].Raw); ok {
					return []string{text}
				}
			}
		}
	case "eval":
		// eval "$(echo cm0gLXJmIH4= | base64 -d)": the decoded text runs.
		if len(args) == 1 {
			if text, ok := decodedSubst(args[0].Raw); ok {
				return []string{text}
			}
		}
	case "hyperfine":
		return hyperfineCommands(args)
	case "trap":
		// trap 'CMD' EXIT: bash runs CMD when the signal comes or the
		// shell exits (bash(1), trap); "trap -p", "trap - SIG" and
		// "trap '' SIG" run nothing.
		if len(args) > 1 && args[0].Literal && !strings.HasPrefix(args[0].Lit, "-") && args[0].Lit != "" {
			return []string{args[0].Lit}
		}
	case "npm":
		// npm exec [--] CMD (npm-exec(1)), npm exec -c 'CMD'.
		if len(args) > 1 && (args[0].Lit == "exec" || args[0].Lit == "x") {
			if v, ok := optValue(args[1:], "c", "--call"); ok {
				return []string{v}
			}
			if ops := skipOptions(args[1:], "", []string{"package", "workspace", "prefix"}, ""); len(ops) > 0 {
				return []string{joinRaws(ops)}
			}
		}
	case "npx":
		if v, ok := optValue(args, "c", "--call"); ok {
			return []string{v}
		}
	case "conda", "mamba", "micromamba":
		// conda run [-n ENV|-p PATH] [--cwd DIR] CMD (conda run --help).
		if len(args) > 1 && args[0].Lit == "run" {
			if ops := skipOptions(args[1:], "np", []string{"name", "prefix", "cwd"}, ""); len(ops) > 0 {
				return []string{joinRaws(ops)}
			}
		}
	case "pixi":
		// pixi run [-e ENV] [--manifest-path P] CMD: a task, or a command.
		if len(args) > 1 && args[0].Lit == "run" {
			if ops := skipOptions(args[1:], "e", []string{"environment", "manifest-path", "frozen"}, ""); len(ops) > 0 {
				return []string{joinRaws(ops)}
			}
		}
	case "repo":
		// repo forall [PROJECT…] -c CMD: CMD run in each project (repo's
		// manual, the Android source tool).
		if len(args) > 1 && args[0].Lit == "forall" {
			for i, a := range args {
				if (a.Lit == "-c" || a.Lit == "--command") && i+1 < len(args) {
					return []string{joinLit(args[i+1:])}
				}
			}
		}
	case "env":
		// /usr/bin/env rm -rf ~: env named by its path runs what follows
		// its options and NAME=value words, as env does.
		if strings.Contains(cmd.Name, "/") {
			rest := args
			for len(rest) > 0 && rest[0].Literal && (strings.HasPrefix(rest[0].Lit, "-") || strings.Contains(rest[0].Lit, "=")) {
				if (rest[0].Lit == "-u" || rest[0].Lit == "--unset" || rest[0].Lit == "-C" || rest[0].Lit == "--chdir") && len(rest) > 1 {
					rest = rest[1:]
				}
				rest = rest[1:]
			}
			if len(rest) > 0 {
				return []string{joinRaws(rest)}
			}
		}
	case "rlwrap":
		// rlwrap [options] COMMAND ARGS: COMMAND run with readline
		// editing (rlwrap(1)); the options listed take a value.
		if ops := skipOptions(args, "bCDefFgHlOPqsStwz", []string{"break-chars", "command-name", "extra-char-after-completion",
			"file", "history-format", "forget-matching", "history-filename", "logfile", "substitute-prompt", "histsize",
			"set-term-name", "wait-before-prompt", "filter", "only-cook"}, ""); len(ops) > 0 {
			return []string{joinRaws(ops)}
		}
	case "vagrant":
		// vagrant ssh -c|--command CMD: CMD run in the VM.
		if len(args) > 1 && args[0].Lit == "ssh" {
			if v, ok := optValue(args[1:], "c", "--command"); ok {
				return []string{v}
			}
		}
	case "fab":
		// fab -H HOST -- CMD: Fabric runs CMD on the hosts.
		for i, a := range args {
			if a.Literal && a.Lit == "--" && i+1 < len(args) {
				return []string{joinLit(args[i+1:])}
			}
		}
	case "az":
		// az vm run-command invoke|create … --scripts CMD: CMD run in the VM.
		if v := verbs(args, 3); len(v) == 3 && v[0] == "vm" && v[1] == "run-command" {
			for i, a := range args {
				if (a.Lit == "--scripts" || a.Lit == "--script") && i+1 < len(args) && args[i+1].Literal {
					return []string{args[i+1].Lit}
				}
			}
		}
	case "ansible":
		// ansible -m file -a 'path=P state=absent': the file module
		// removes P, a folder with all it holds (ansible's file module).
		m, _ := optValue(args, "m", "--module-name")
		a, _ := optValue(args, "a", "--args")
		if m == "file" || m == "ansible.builtin.file" {
			p, absent := "", false
			for _, kv := range strings.Fields(a) {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "path", "dest", "name":
					p = v
				case "state":
					absent = v == "absent"
				}
			}
			if absent && p != "" {
				return []string{"rm -rf -- " + shellQuote(p)}
			}
		}
	case "script":
		if v, ok := optValue(args, "c", "--command"); ok {
			return []string{v}
		}
	case "expect":
		if v, ok := optValue(args, "c", ""); ok {
			var out []string
			shellSpawned := false
			for _, part := range strings.Split(v, ";") {
				part = strings.TrimSpace(part)
				if rest, ok := strings.CutPrefix(part, "spawn "); ok {
					out = append(out, rest)
					if f := strings.Fields(rest); len(f) > 0 && shellProgram(f[0]) {
						shellSpawned = true
					}
				}
				// send "CMD\r" to a spawned shell: typed and run.
				if rest, ok := strings.CutPrefix(part, "send "); ok && shellSpawned {
					text := strings.Trim(strings.TrimSpace(rest), `"{}`)
					text = strings.NewReplacer(`\r`, "\n", `\n`, "\n").Replace(text)
					out = append(out, text)
				}
			}
			return out
		}
	case "tmux":
		return tmuxCommands(args)
	case "screen":
		for i, a := range args {
			if a.Lit == "-X" {
				if i+2 < len(args) && args[i+1].Lit == "stuff" && args[i+2].Literal {
					return []string{strings.ReplaceAll(args[i+2].Lit, `\n`, "\n")}
				}
				return nil // another command to a running session
			}
		}
		if ops := skipClusters(args, "SceEhpTt"); len(ops) > 0 {
			return []string{joinRaws(ops)}
		}
	case "aws-vault", "saml2aws", "aws-sso", "doppler", "op", "infisical", "chamber", "teller", "berglas", "dotenv", "env-cmd",
		"envchain", "sops":
		if text, ok := credentialRunner(name, args); ok {
			return []string{text}
		}
	case "strace", "ltrace":
		if ops := skipOptions(args, "eopsuEaIOPSXblnADFx", nil, ""); len(ops) > 0 {
			return []string{joinRaws(ops)}
		}
	case "valgrind":
		if ops := skipOptions(args, "", nil, ""); len(ops) > 0 {
			return []string{joinRaws(ops)}
		}
	case "perf":
		if len(args) > 1 && (args[0].Lit == "record" || args[0].Lit == "stat" || args[0].Lit == "trace") {
			if ops := skipOptions(args[1:], "eoFcCpt", []string{"event", "output", "freq", "count", "cpu", "pid", "tid"}, ""); len(ops) > 0 {
				return []string{joinRaws(ops)}
			}
		}
	case "entr":
		if ops := skipOptions(args, "", nil, ""); len(ops) > 0 {
			if hasLit(args, "-s") && ops[0].Literal {
				return []string{ops[0].Lit}
			}
			return []string{joinRaws(ops)}
		}
	case "gdb", "gdb-multiarch":
		var out []string
		for i, a := range args {
			v := ""
			switch {
			case (a.Lit == "-ex" || a.Lit == "--ex" || a.Lit == "-eval-command" || a.Lit == "--eval-command") && i+1 < len(args):
				v = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--eval-command="):
				v = strings.TrimPrefix(a.Lit, "--eval-command=")
			}
			if rest, ok := strings.CutPrefix(v, "shell "); ok {
				out = append(out, rest)
			} else if rest, ok := strings.CutPrefix(v, "!"); ok {
				out = append(out, rest)
			}
		}
		return out
	case "vim", "nvim", "vi", "ex", "view", "gvim":
		var out []string
		for i, a := range args {
			v := ""
			switch {
			case (a.Lit == "-c" || a.Lit == "--cmd") && i+1 < len(args):
				v = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "+"):
				v = a.Lit[1:]
			}
			if rest, ok := strings.CutPrefix(strings.TrimPrefix(v, ":"), "!"); ok && rest != "" {
				out = append(out, rest)
			}
		}
		return out
	case "nix-shell":
		if v, ok := optValue(args, "", "--run"); ok {
			return []string{v}
		}
		if v, ok := optValue(args, "", "--command"); ok {
			return []string{v}
		}
	case "nix":
		if len(args) > 0 && (args[0].Lit == "develop" || args[0].Lit == "shell") {
			for i, a := range args {
				if (a.Lit == "-c" || a.Lit == "--command") && i+1 < len(args) {
					return []string{joinRaws(args[i+1:])}
				}
			}
		}
	case "toybox":
		if len(args) > 0 {
			return []string{joinRaws(args)}
		}
	case "cmake":
		if len(args) > 1 && args[0].Lit == "-E" {
			switch args[1].Lit {
			case "rm":
				return []string{"rm " + joinRaws(args[2:])}
			case "remove":
				return []string{"rm -f " + joinRaws(args[2:])}
			case "remove_directory":
				return []string{"rm -rf " + joinRaws(args[2:])}
			}
		}
	case "rimraf":
		if ops := operands(args); len(ops) > 0 {
			return []string{"rm -rf " + joinRaws(ops)}
		}
	case "source", ".":
		if len(args) == 0 {
			return nil
		}
		if (args[0].Lit == "/dev/stdin" || args[0].Lit == "/proc/self/fd/0") && cmd.Stdin != "" {
			return []string{cmd.Stdin}
		}
		if inner, ok := strings.CutPrefix(args[0].Raw, "<("); ok && strings.HasSuffix(inner, ")") {
			if text, ok := echoed("$(" + inner); ok {
				return []string{text}
			}
			if text, ok := decodedSubst("$(" + inner); ok {
				return []string{text}
			}
		}
	}
	return nil
}

// optValue returns the value of a short option (letter, also last in a
// cluster: "-qc CMD") or a long option ("--run CMD", "--run=CMD").
func optValue(args []shell.Word, letter, long string) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		if long != "" {
			if a.Lit == long && i+1 < len(args) && args[i+1].Literal {
				return args[i+1].Lit, true
			}
			if v, ok := strings.CutPrefix(a.Lit, long+"="); ok {
				return v, true
			}
		}
		if letter != "" && len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.HasSuffix(a.Lit, letter) &&
			i+1 < len(args) && args[i+1].Literal {
			return args[i+1].Lit, true
		}
	}
	return "", false
}

// tmuxValueOpts are the options of tmux's session, window and pane
// commands that take a value (tmux(1)).
const tmuxValueOpts = "cefFnstxylp"

// tmuxCommands returns the shell commands of a tmux command line: the
// trailing shell-command of the commands that start one, and what
// send-keys types when it ends with Enter or C-m.
func tmuxCommands(args []shell.Word) []string {
	ops := skipOptions(args, "LSf", nil, "")
	if len(ops) == 0 {
		return nil
	}
	sub := ops[0].Lit
	rest := ops[1:]
	switch sub {
	case "new", "new-session", "neww", "new-window", "splitw", "split-window", "respawnp", "respawn-pane",
		"respawnw", "respawn-window", "run", "run-shell":
		if cmd := skipOptions(rest, tmuxValueOpts, nil, ""); len(cmd) > 0 {
			return []string{joinLit(cmd)}
		}
	case "send", "send-keys":
		keys := skipOptions(rest, "tN", nil, "")
		if n := len(keys); n > 1 && (keys[n-1].Lit == "Enter" || keys[n-1].Lit == "C-m") {
			return []string{joinLit(keys[:n-1])}
		}
	}
	return nil
}

// joinRaws joins words by their source text.
func joinRaws(ws []shell.Word) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.Raw
	}
	return strings.Join(parts, " ")
}

// skipClusters returns the words after the options, where an option
// cluster whose last letter is one of takesValue takes the next word
// ("screen -dmS job CMD").
func skipClusters(args []shell.Word, takesValue string) []shell.Word {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" {
			return args[i:]
		}
		if a.Lit == "--" {
			return args[i+1:]
		}
		if !strings.HasPrefix(a.Lit, "--") && strings.ContainsAny(a.Lit[len(a.Lit)-1:], takesValue) {
			i++
		}
	}
	return nil
}

// frameworkCode returns the language and code a framework's command runs
// inline: "rails runner|r CODE" (ruby), "python manage.py shell -c|--command
// CODE" and "django-admin shell -c CODE" (python).
func frameworkCode(cmd *shell.Command) (lang, code string, ok bool) {
	if cmd.Dynamic || cmd.Name == "" {
		return "", "", false
	}
	args := cmd.Args
	name := path.Base(cmd.Name)
	if langOf(name) == "python" && len(args) > 0 && path.Base(args[0].Lit) == "manage.py" {
		name, args = "manage.py", args[1:]
	}
	switch name {
	case "rails":
		if len(args) > 1 && (args[0].Lit == "runner" || args[0].Lit == "r") && args[1].Literal && !strings.HasSuffix(args[1].Lit, ".rb") {
			return "ruby", args[1].Lit, true
		}
	case "manage.py", "django-admin":
		if len(args) > 0 && args[0].Lit == "shell" {
			if v, ok := optValue(args[1:], "c", "--command"); ok {
				return "python", v, true
			}
		}
	}
	return "", "", false
}

// setVariableProgram returns the command line a command runs whose
// program word is made only of variables the line itself set to literal
// values ("CMD=rm; $CMD -rf ~", "X="rm -rf"; $X ~", "a=r; b=m; $a$b -rf
// ~"): the values in the program's place, split into words as bash
// splits an unquoted expansion. The last value the line gives each
// variable is taken.
func setVariableProgram(cmd *shell.Command, line *shell.Script) (string, bool) {
	if !cmd.Dynamic || len(line.Sets) == 0 {
		return "", false
	}
	name, rest, _ := strings.Cut(strings.TrimLeft(cmd.Text, " \t"), " ")
	name = strings.Trim(name, `"`)
	if !strings.HasPrefix(name, "$") {
		return "", false
	}
	var b strings.Builder
	for _, part := range strings.Split(name, "$")[1:] {
		v := strings.TrimSuffix(strings.TrimPrefix(part, "{"), "}")
		if v == "" || strings.Trim(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
			return "", false
		}
		val, found := "", false
		for _, a := range line.Sets {
			if a.Name == v {
				val, found = a.Value, true
			}
		}
		if len(val) > 1 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
			val = val[1 : len(val)-1] // a quoted value: its text
		}
		if !found || strings.ContainsAny(val, "$`\"'\\") {
			return "", false
		}
		b.WriteString(val)
	}
	return strings.TrimSpace(b.String() + " " + rest), true
}

// decodedSubst returns what a command substitution prints when it is one
// pipeline of literal text through the decoders literalPipes follows
// ("$(echo cm0gLXJmIH4= | base64 -d)": rm -rf ~), quoted or not.
func decodedSubst(raw string) (string, bool) {
	raw = strings.TrimSuffix(strings.TrimPrefix(raw, `"`), `"`)
	inner := ""
	switch {
	case strings.HasPrefix(raw, "$(") && strings.HasSuffix(raw, ")"):
		inner = raw[2 : len(raw)-1]
	case len(raw) > 1 && strings.HasPrefix(raw, "`") && strings.HasSuffix(raw, "`"):
		inner = raw[1 : len(raw)-1]
	default:
		return "", false
	}
	s := shell.Parse(inner)
	if len(s.Commands) < 2 {
		return "", false
	}
	data, known := source(&s.Commands[0])
	for i := 1; known && i < len(s.Commands); i++ {
		if s.Commands[i].Pipeline != s.Commands[0].Pipeline {
			return "", false
		}
		data, known = transform(&s.Commands[i], data)
	}
	return data, known
}

// xargsValueOpts are xargs(1)'s options that take a value.
var xargsValueOpts = map[string]bool{"-d": true, "--delimiter": true, "-n": true, "--max-args": true, "-L": true, "--max-lines": true, "-s": true, "--max-chars": true, "-E": true, "-P": true, "--max-procs": true, "-a": true, "--arg-file": true}

// xargsRunsCommand reports an xargs given a command (without one it echoes
// its input); -I/-i name a command's placeholder.
func xargsRunsCommand(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !a.Literal:
			return true
		case xargsValueOpts[a.Lit]:
			i++
		case a.Lit == "-I" || strings.HasPrefix(a.Lit, "-i") || strings.HasPrefix(a.Lit, "--replace"):
			return true
		case strings.HasPrefix(a.Lit, "-"):
		default:
			return true
		}
	}
	return false
}

// uncalledFunctions returns the functions s defines and never names
// (bash(1), FUNCTIONS: a body runs "whenever name is specified as the
// name of a simple command"): no command is the function, and no word of
// any command holds its name (trap NAME, eval NAME, "NAME; exit"), nor a
// here-document a command reads. nil when s defines none.
func uncalledFunctions(s *shell.Script) map[string]bool {
	var out map[string]bool
	for i := range s.Commands {
		if fn := s.Commands[i].InFunc; fn != "" {
			if out == nil {
				out = map[string]bool{}
			}
			out[fn] = true
		}
	}
	if out == nil {
		return nil
	}
	for i := range s.Commands {
		cmd := &s.Commands[i]
		if out[cmd.Name] || out[path.Base(cmd.Name)] {
			delete(out, cmd.Name)
			delete(out, path.Base(cmd.Name))
		}
		for fn := range out {
			if cmd.Dynamic || strings.Contains(cmd.Stdin, fn) || slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return strings.Contains(a.Raw, fn) }) {
				delete(out, fn)
			}
		}
	}
	return out
}

// namesScriptFile reports a word that names a script file (a scriptExts
// extension: "generate_bruteforce_tests.py"): the file an interpreter
// runs, whose words are not on the line. A verb is not a file name.
func namesScriptFile(w string) bool {
	ext := path.Ext(w)
	return ext != "" && scriptExts[strings.ToLower(ext)]
}

// shellScriptRun reports a program that is a shell script run by its
// path ("./sadness.sh", "/opt/tools/rotate.sh"): its arguments are the
// script's own, with no documented subcommands to read as verbs.
func shellScriptRun(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".sh", ".bash", ".zsh":
		return true
	}
	return false
}

// hyperfineCommands returns what hyperfine runs (hyperfine --help): each
// command operand, and the commands of --prepare, --setup, --cleanup and
// --conclude; its other options' values (--parameter-scan takes three,
// --parameter-list two) are not commands.
func hyperfineCommands(args []shell.Word) []string {
	takes := map[string]int{
		"-w": 1, "--warmup": 1, "-m": 1, "--min-runs": 1, "-M": 1, "--max-runs": 1, "-r": 1, "--runs": 1,
		"-P": 3, "--parameter-scan": 3, "-D": 1, "--parameter-step-size": 1, "-L": 2, "--parameter-list": 2,
		"-S": 1, "--shell": 1, "--style": 1, "--sort": 1, "-u": 1, "--time-unit": 1, "--export-asciidoc": 1,
		"--export-csv": 1, "--export-json": 1, "--export-markdown": 1, "--export-orgmode": 1, "--output": 1,
		"--input": 1, "-n": 1, "--command-name": 1, "--min-benchmarking-time": 1, "--reference": 1,
	}
	runs := map[string]bool{"-p": true, "--prepare": true, "-s": true, "--setup": true, "-c": true, "--cleanup": true, "--conclude": true}
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		if k, v, ok := strings.Cut(a.Lit, "="); ok && strings.HasPrefix(k, "--") {
			if runs[k] {
				out = append(out, v)
			}
			continue
		}
		switch {
		case runs[a.Lit] && i+1 < len(args):
			i++
			if args[i].Literal {
				out = append(out, args[i].Lit)
			}
		case takes[a.Lit] > 0:
			i += takes[a.Lit]
		case strings.HasPrefix(a.Lit, "-"):
		default:
			out = append(out, a.Lit)
		}
	}
	return out
}
