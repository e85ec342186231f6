package danger

import (
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
