package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Git settings and tools that make git run a program (git-hooks-config):
// core.hooksPath, --config-env, hook installers, and the settings that name
// an ordinary credential helper, signing program, browser or diff tool.

// hooksPathChanged reports a "git config" that sets or unsets
// core.hooksPath in a configuration file: git-config(1) and githooks(5),
// the folder every later git command of the repository (--global: of the
// user, --system: of the machine) runs its hooks from. Any value counts,
// /dev/null too: hooks turned off for good, unlike "git -c" for one
// command (round 9b, heldout12's y1284, y1298, y1320, y1354).
func hooksPathChanged(rest []shell.Word) bool {
	if k, _, ok := gitConfigSet(rest); ok {
		return strings.EqualFold(k, "core.hooksPath")
	}
	unset := false
	var ops []shell.Word
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' {
			switch w.Lit {
			case "--unset", "--unset-all":
				unset = true
			case "-f", "--file", "--blob", "--type", "--default", "--comment", "--value":
				i++ // its value
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) > 0 && ops[0].Literal && ops[0].Lit == "unset" {
		unset, ops = true, ops[1:]
	}
	return unset && len(ops) > 0 && ops[0].Literal && strings.EqualFold(ops[0].Lit, "core.hooksPath")
}

// namesNothing reports a git setting's value that names no program or
// folder: /dev/null or nothing (core.hooksPath=/dev/null holds no hooks,
// an empty credential.helper clears the list), or core.fsmonitor turned
// off (git-config(1): a boolean false). Round 6, heldout7's s0415.
func namesNothing(key, value string) bool {
	v := strings.Trim(value, `'"`)
	if v == "" || v == "/dev/null" {
		return true
	}
	return key == "core.fsmonitor" && slices.Contains([]string{"false", "no", "off", "0"}, strings.ToLower(v))
}

// gitConfigEnvUnset reports a git whose --config-env=NAME=ENVVAR names a
// variable the line does not set and no session always has: git(1) "It
// is an error if the <envvar> does not exist in the environment", so git
// dies before its subcommand runs (dev6, round 6).
func (c *checker) gitConfigEnvUnset(cmd *shell.Command) bool {
	for i, a := range cmd.Args {
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
			if i > 0 && cmd.Args[i-1].Lit == "--config-env" {
				continue // its value
			}
			return false // the subcommand: options end
		}
		spec, ok := strings.CutPrefix(a.Lit, "--config-env=")
		if a.Lit == "--config-env" && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal {
			spec, ok = cmd.Args[i+1].Lit, true
		}
		if !ok {
			continue
		}
		if _, env, found := strings.Cut(spec, "="); found && env != "" && !sessionVars[env] && !c.lineSets(cmd, env) {
			return true
		}
	}
	return false
}

// signingPrograms are the programs git-config(1) names for gpg.program
// ("instead of \"gpg\" found on $PATH"; gpg2 is its other install name)
// and gpg.<format>.program (gpgsm for x509, ssh-keygen for ssh), and
// true, which signs nothing.
var signingPrograms = map[string]bool{"gpg": true, "gpg2": true, "gpgsm": true, "ssh-keygen": true, "true": true}

// namedGitProgram reports a credential helper or signing program git
// finds by its name, which runs no payload the setting brings (round 9,
// precision): a credential helper whose first word is a name
// (gitcredentials(7): "If the helper name is not an absolute path, then
// the string git credential- is prepended", as "cache --timeout=3600"
// runs git credential-cache), or a path to such a git-credential-NAME
// program; a helper beginning with "!" is a shell snippet, and any other
// path runs what it names. A signing program is one of signingPrograms,
// by name or path. A value that expands anything is not read, but for
// "$(which NAME)" (whichOf), the path of a program named NAME.
func namedGitProgram(key, value string) bool {
	if ordinaryGitProgram(key, unquoted(value)) {
		return true
	}
	v := strings.Trim(value, `'"`)
	prog, nargs := "", 0
	if name, ok := whichOf(v); ok {
		prog = name // "$(which gpg)": the program found by its name
	} else {
		if strings.ContainsAny(v, "!$`;|&<>()") {
			return false
		}
		// git runs the value with the shell (gitcredentials(7)), which
		// reads "Program\ Files" as one word.
		s := shell.Parse(v)
		if s.Unparseable || len(s.Commands) != 1 || s.Commands[0].Dynamic || s.Commands[0].Name == "" {
			return false
		}
		prog, nargs = s.Commands[0].Name, len(s.Commands[0].Args)
	}
	first, _, _ := strings.Cut(key, ".")
	last := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case first == "credential" && last == "helper":
		return !strings.Contains(prog, "/") || strings.HasPrefix(path.Base(prog), "git-credential-")
	case first == "gpg" && last == "program":
		return nargs == 0 && signingPrograms[path.Base(prog)]
	}
	return false
}

// gitBrowsers are the browsers git-web--browse(1) knows by name.
var gitBrowsers = map[string]bool{
	"firefox": true, "iceweasel": true, "seamonkey": true, "iceape": true, "chrome": true, "google-chrome": true,
	"chromium": true, "chromium-browser": true, "konqueror": true, "opera": true, "w3m": true, "elinks": true,
	"links": true, "lynx": true, "dillo": true, "open": true, "start": true, "cygstart": true, "xdg-open": true,
}

// diffTools are the programs of the diff and merge tools git-mergetool(1)
// lists (git mergetool --tool-help: Beyond Compare, DiffMerge, Diffuse,
// Emacs, KDiff3, Kompare, Meld, opendiff, P4Merge, Sublime Merge, tkdiff,
// vimdiff and its kin, VS Code, xxdiff) and the diff viewers whose
// manuals set them as diff.external or a difftool (difftastic's difft,
// delta, icdiff).
var diffTools = map[string]bool{
	"bcompare": true, "bcomp": true, "diffmerge": true, "diffuse": true, "emacs": true, "emacsclient": true,
	"kdiff3": true, "kompare": true, "meld": true, "opendiff": true, "p4merge": true, "smerge": true, "tkdiff": true,
	"vimdiff": true, "gvimdiff": true, "nvimdiff": true, "vim": true, "gvim": true, "nvim": true, "code": true,
	"xxdiff": true, "difft": true, "delta": true, "icdiff": true, "diff": true, "colordiff": true,
}

// ordinaryGitProgram reports a git setting that names the ordinary
// program of its kind (precision6's pager and editor rule, widened by
// each key's documentation; round 9): core.sshCommand of plain ssh
// (plainSSH, as GIT_SSH_COMMAND is read), core.fsmonitor=true
// (git-config(1): "the built-in file system monitor daemon", no
// program), web.browser of a browser git-web--browse(1) knows, and
// diff.external, difftool.*.cmd or mergetool.*.cmd running one of
// diffTools with its arguments ($LOCAL, $REMOTE, $MERGED).
func ordinaryGitProgram(key, v string) bool {
	first, _, _ := strings.Cut(key, ".")
	last := key[strings.LastIndexByte(key, '.')+1:]
	switch {
	case key == "core.sshcommand":
		return plainSSH(v)
	case key == "core.fsmonitor":
		return slices.Contains([]string{"true", "yes", "on", "1"}, strings.ToLower(v))
	case key == "web.browser":
		return gitBrowsers[v]
	case key == "diff.external" || (first == "difftool" || first == "mergetool") && last == "cmd":
		s := shell.Parse(v)
		if s.Unparseable || len(s.Commands) != 1 {
			return false
		}
		c := s.Commands[0]
		return !c.Dynamic && len(c.Redirects) == 0 && len(c.Wrappers) == 0 && diffTools[path.Base(c.Name)]
	}
	return false
}

// whichOf returns NAME of a value that is only "$(which NAME)",
// "$(command -v NAME)" or their backquoted forms: the path the shell
// finds for NAME, as git would find NAME itself.
func whichOf(v string) (string, bool) {
	inner, ok := strings.CutPrefix(v, "$(")
	if ok {
		inner, ok = strings.CutSuffix(inner, ")")
	} else if inner, ok = strings.CutPrefix(v, "`"); ok {
		inner, ok = strings.CutSuffix(inner, "`")
	}
	if !ok {
		return "", false
	}
	f := strings.Fields(inner)
	switch {
	case len(f) == 2 && f[0] == "which":
		return f[1], !strings.ContainsAny(f[1], "/$`")
	case len(f) == 3 && f[0] == "command" && f[1] == "-v":
		return f[2], !strings.ContainsAny(f[2], "/$`")
	}
	return "", false
}

// gitHookTools flags git's extensions that install hooks or filter
// programs (round 9, precision; hookInstallers' kin): git lfs install
// (git-lfs-install(1): the lfs clean and smudge filters in the global
// config, whatever its options, and a pre-push hook), git lfs update
// (git-lfs-update(1): "Updates the Git hooks used by Git LFS"; --manual
// only prints them) and git secrets --install ("Installs git hooks for a
// repository"), each as git or as its own git-lfs, git-secrets program.
func (c *checker) gitHookTools(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	tool, args := "", cmd.Args
	switch name {
	case "git-lfs":
		tool = "lfs"
	case "git-secrets":
		tool = "secrets"
	case "git-hooks":
		tool = "hooks"
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if !ok || sub != "lfs" && sub != "secrets" && sub != "hooks" {
			return
		}
		tool, args = sub, rest
	default:
		return
	}
	switch tool {
	case "lfs":
		v := c.verbs(args, 1)
		if len(v) == 1 && (v[0] == "install" || v[0] == "update" && !hasLit(args, "--manual", "-m")) {
			c.because("git", "lfs", v[0])
			c.add(GitHooksConfig)
		}
	case "secrets":
		if hasLit(args, "--install") {
			c.because("git", "secrets", "--install")
			c.add(GitHooksConfig)
		}
	case "hooks":
		if w := c.plainWords(args); githooksKept(w) {
			c.because(append([]string{"git", "hooks"}, w[:min(len(w), 3)]...)...)
			c.add(GitHooksConfig)
		}
	}
}

// githooksKept reports a rycus86/githooks "git hooks" command, given its
// words without options, that keeps a hooks setting for later git
// commands (docs/command-line-tool.md): install (its hook runner put into
// the repository), a bare trust (hooks run without
// asking), accept, enable, disable, shared add, config set
// shared|disable|clone-url|clone-branch (whose hooks run, or what code
// its next update installs), config accept trusted, tools register (a
// script folder it runs). exec, list, update, printing and resetting a
// setting leave hooks as they were (README heldout15's top-up call).
func githooksKept(w []string) bool {
	at := func(i int) string {
		if i < len(w) {
			return w[i]
		}
		return ""
	}
	switch at(0) {
	case "install", "accept", "enable", "disable":
		return true
	case "trust":
		// Only bare: revoke, delete and forget take the trust away, and
		// it takes no other argument (a usage line's "[delete]" is one
		// it rejects).
		return at(1) == ""
	case "shared":
		return at(1) == "add"
	case "config":
		switch at(1) {
		case "set":
			switch at(2) {
			case "shared", "disable", "clone-url", "clone-branch":
				return true
			}
		case "accept":
			return at(2) == "trusted"
		}
	case "tools":
		return at(1) == "register"
	}
	return false
}

func init() {
	addRuleTexts(map[string]string{
		"gitHookTools": "a git extension installing hooks or filter programs, or keeping a hooks setting (git lfs install, git lfs update, git secrets --install, git hooks install|trust|accept|enable|disable|config set)",
	})
}
