package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// unexpandedTilde reports a string literal of a one-line program that
// starts with "~" and that the program's file calls open as written: "~"
// is the shell's expansion (bash(1), "Tilde Expansion"), and open(),
// fs.writeFileSync, File.write, io.open… name a folder "~" under the
// current one, which does not exist (heldout7, round 6); tildeUnexpanded
// says which programs (their language, no expander called).
func unexpandedTilde(lang, code, s string) bool {
	return strings.HasPrefix(s, "~") && tildeUnexpanded(lang, code)
}

// messageServices are the pub/sub services whose "publish" sends a
// message to a topic's subscribers (aws sns, aws iot-data, gcloud pubsub).
var messageServices = map[string]bool{"sns": true, "iot-data": true, "pubsub": true, "topics": true, "lite-topics": true}

// messageOptions name a message's topic or recipient (aws sns publish
// --topic-arn|--target-arn|--phone-number, iot-data --topic, dapr publish
// --topic|--pubsub).
var messageOptions = []string{"--topic", "--topic-arn", "--target-arn", "--phone-number", "--pubsub"}

// messagePublish reports a "publish" that sends a message, not a package:
// a pub/sub service in the subcommand path, or a topic or recipient given
// (heldout7, round 6).
func messagePublish(vs []string, args []shell.Word) bool {
	if slices.ContainsFunc(vs, func(v string) bool { return messageServices[v] }) {
		return true
	}
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		name, _, _ := strings.Cut(a.Lit, "=")
		return a.Literal && slices.Contains(messageOptions, name)
	})
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

// sessionVars are environment variables every login session has.
var sessionVars = map[string]bool{
	"HOME": true, "PATH": true, "USER": true, "LOGNAME": true, "SHELL": true, "PWD": true, "LANG": true, "TERM": true,
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

// lineSets reports an environment variable the line sets for cmd: an
// assignment before it, or an assignment or export anywhere on the line.
func (c *checker) lineSets(cmd *shell.Command, name string) bool {
	set := func(as []shell.Assign) bool {
		return slices.ContainsFunc(as, func(a shell.Assign) bool { return a.Name == name })
	}
	if set(cmd.Assigns) {
		return true
	}
	if c.line == nil {
		return false
	}
	for _, o := range c.line.Commands {
		if set(o.Assigns) {
			return true
		}
		if o.Name == "export" || o.Name == "declare" || o.Name == "typeset" {
			if slices.ContainsFunc(o.Args, func(w shell.Word) bool { return w.Lit == name || strings.HasPrefix(w.Lit, name+"=") }) {
				return true
			}
		}
	}
	return false
}

// holdsNoPermission reports an IAM subcommand whose object grants nothing:
// an account alias (a name for the sign-in URL), or an instance profile
// with no role given (create-instance-profile makes an empty container;
// add-role-to-instance-profile, which names a role, is a grant). Round 6,
// heldout7's s0383 and s0756.
func holdsNoPermission(v string) bool {
	parts := wordParts(v)
	if slices.Contains(parts, "alias") && !slices.Contains(parts, "role") {
		return true
	}
	return slices.Contains(parts, "instance") && slices.Contains(parts, "profile") && !slices.Contains(parts, "role")
}
