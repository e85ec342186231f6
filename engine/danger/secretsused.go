package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Secrets used, not shown: README's standing call that a
// secret is read "when its content reaches the output or a place others
// read …, not when it is used", for commands whose own documentation says
// they print none of it.

// gopassPrintsNothing reports a gopass command of gopassNoValue, or
// generate without -p/--print (it stores the new password and prints it
// only when asked, gopass docs/commands/generate.md): its other words
// are entry names and options, no file it reads, and it shows no
// secret's value.
func gopassPrintsNothing(words []string) bool {
	if len(words) == 0 {
		return false
	}
	if words[0] == "generate" {
		return !slices.ContainsFunc(words[1:], func(w string) bool { return w == "-p" || strings.HasPrefix(w, "--print") })
	}
	return gopassNoValue[words[0]]
}

// usesWithoutShowing reports a command whose secret files are used and
// not printed: dotenvx's encrypt seals them in place and run injects them
// into the command it runs (dotenvx's README; what that command prints is
// judged as the command), and gopass's commands that print no value
// (their words name entries, not files).
func (c *checker) usesWithoutShowing(name string, args []shell.Word) bool {
	switch name {
	case "dotenvx":
		v := c.verbs(args, 1)
		return len(v) > 0 && (v[0] == "encrypt" || v[0] == "run")
	case "gopass":
		return gopassPrintsNothing(c.verbs(args, 1))
	}
	return false
}

// printsOwnEnvironment are programs that print their environment or run
// code that may: a secret put into their environment reaches the output.
var printsOwnEnvironment = map[string]bool{"env": true, "printenv": true, "echo": true, "printf": true, "export": true,
	"declare": true, "set": true, "xargs": true, "eval": true, "exec": true}

// secretHandedToProgram reports a credential printer u (in a $( ) or
// backticks) whose whole output is the value of an assignment prefixed to
// one command ("TOKEN=$(op read REF) wrangler whoami"): the secret goes
// into that program's environment only, a secret used. The mark stays
// when the program prints its environment or runs code (env, echo, a
// shell or interpreter) and when the variable is read anywhere on the
// line.
func (c *checker) secretHandedToProgram(u unit) bool {
	if !u.cmd.Nested || c.line == nil || u.cmd.Text == "" {
		return false
	}
	substs := []string{"$(" + u.cmd.Text + ")", "`" + u.cmd.Text + "`"}
	for i := range c.line.Commands {
		cmd := &c.line.Commands[i]
		for _, a := range cmd.Assigns {
			if v := unquoted(a.Value); v != substs[0] && v != substs[1] {
				continue
			}
			name := path.Base(cmd.Name)
			if cmd.Dynamic || name == "" || name == "." || printsOwnEnvironment[name] || interpreters[name] || name == "source" {
				return false
			}
			return countAny(c.line.Source, []string{"$" + a.Name, "${" + a.Name}) == 0
		}
	}
	return false
}

// publicEnvPrefixes are the prefixes frameworks document as public: a
// variable so named is inlined into the code sent to the browser (Next.js
// "Bundling Environment Variables for the Browser": NEXT_PUBLIC_; Vite
// VITE_; Create React App REACT_APP_; Expo EXPO_PUBLIC_; Nuxt's public
// runtime config NUXT_PUBLIC_; Gatsby GATSBY_; SvelteKit's
// $env/static/public PUBLIC_).
var publicEnvPrefixes = []string{"NEXT_PUBLIC_", "VITE_", "REACT_APP_", "EXPO_PUBLIC_", "NUXT_PUBLIC_", "GATSBY_", "PUBLIC_"}

// grepsPublicOnly reports a grep whose every pattern names public
// variables (publicEnvPrefixes, a literal name, "^" allowed first) and
// that prints only the matching lines: no -v (every other line), no
// context (-A, -B, -C), no -z (the file as one line), no pattern file.
func grepsPublicOnly(cmd *shell.Command) bool {
	var patterns []string
	operand := true
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-e" || a.Lit == "--regexp":
			if i+1 >= len(cmd.Args) || !cmd.Args[i+1].Literal {
				return false
			}
			patterns = append(patterns, cmd.Args[i+1].Lit)
			operand = false
			i++
		case strings.HasPrefix(a.Lit, "--regexp="):
			patterns = append(patterns, strings.TrimPrefix(a.Lit, "--regexp="))
			operand = false
		case strings.HasPrefix(a.Lit, "--"):
			for _, bad := range []string{"--invert", "--after", "--before", "--context", "--null-data", "--file", "--passthru"} {
				if strings.HasPrefix(a.Lit, bad) {
					return false
				}
			}
		case len(a.Lit) > 1 && a.Lit[0] == '-':
			if strings.ContainsAny(a.Lit[1:], "vABCzfe") {
				return false // -e inside a cluster takes the rest: not read here
			}
		case operand && len(patterns) == 0:
			patterns = append(patterns, a.Lit)
		}
	}
	if len(patterns) == 0 {
		return false
	}
	for _, p := range patterns {
		p = strings.TrimPrefix(p, "^")
		if !publicName(p) {
			return false
		}
	}
	return true
}

// publicName reports a variable name, or its prefix, that starts with one
// of publicEnvPrefixes and holds only a name's characters (no regular
// expression that could match other lines).
func publicName(p string) bool {
	if strings.Trim(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") != "" {
		return false
	}
	for _, pre := range publicEnvPrefixes {
		if len(p) >= len(pre) && strings.EqualFold(p[:len(pre)], pre) {
			return true
		}
	}
	return false
}
