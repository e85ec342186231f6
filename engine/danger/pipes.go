package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// What reads a command's output and what feeds its input: the pipe reader,
// PowerShell cmdlets and logins fed by a pipe, grep after xargs, literal
// standard input, and the command run just before on the line.

// pipeReader returns the command the current one's output is piped
// into, or nil.
func (c *checker) pipeReader() *shell.Command {
	if c.line == nil || c.at+1 >= len(c.line.Commands) {
		return nil
	}
	cmds := c.line.Commands
	if next := &cmds[c.at+1]; next.Pipeline == cmds[c.at].Pipeline && !next.Dynamic {
		return next
	}
	return nil
}

// psPipeVerbs are PowerShell's approved verbs (Get-Verb) of the cmdlets
// that read a pipeline: ConvertFrom-Json, Select-Object, Where-Object,
// ForEach-Object, Out-Null, Format-List, Sort-Object, Measure-Object,
// Group-Object, Export-Csv, Set-Clipboard, Write-Output, Tee-Object.
var psPipeVerbs = []string{"ConvertFrom", "ConvertTo", "Select", "Where", "ForEach", "Out", "Format", "Sort", "Measure", "Group", "Export", "Set", "Write", "Tee"}

// pipedIntoCmdlet reports output piped into a PowerShell cmdlet
// ("… | ConvertFrom-Json"): a POSIX shell finds no such program, so the
// reader dies and what was printed reaches no output (README's dev8 call).
func (c *checker) pipedIntoCmdlet() bool {
	next := c.pipeReader()
	if next == nil || strings.Contains(next.Name, "/") {
		return false
	}
	verb, noun, ok := strings.Cut(next.Name, "-")
	return ok && slices.Contains(psPipeVerbs, verb) && noun != "" && 'A' <= noun[0] && noun[0] <= 'Z'
}

// xargsGrepAfter returns the words of a grep-like program an xargs runs
// on the output of the command being checked ("find /etc | xargs grep -i
// pass"), nil when the next command of its pipeline is no such xargs.
func (c *checker) xargsGrepAfter() []shell.Word {
	next := c.pipeReader()
	if next == nil {
		return nil
	}
	if slices.Contains(next.Wrappers, "xargs") {
		// The parse strips xargs as a wrapper: the grep is the command.
		if w := (shell.Word{Lit: next.Name, Literal: true}); grepLike(w) {
			return append([]shell.Word{w}, next.Args...)
		}
		return nil
	}
	if path.Base(next.Name) != "xargs" {
		return nil
	}
	for i, a := range next.Args {
		if grepLike(a) {
			return next.Args[i:]
		}
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
			return nil // xargs runs another program
		}
	}
	return nil
}

// stdinLogins are registry clients whose "login --password-stdin" reads
// the password from standard input (docker-login(1) and its kin).
var stdinLogins = map[string]bool{"docker": true, "podman": true, "nerdctl": true, "buildah": true, "skopeo": true, "oras": true, "cosign": true, "helm": true, "crane": true}

// pipedIntoLogin reports a credential printer whose output is piped
// straight, and only, into a registry login that reads it as its password
// ("aws ecr get-login-password | docker login --password-stdin …"): the
// password is used, not shown.
func (c *checker) pipedIntoLogin(u unit) bool {
	next := c.pipeReader()
	if u.cmd.Nested || next == nil || len(next.Redirects) > 0 {
		return false
	}
	if cmds := c.line.Commands; c.at+2 < len(cmds) && cmds[c.at+2].Pipeline == next.Pipeline {
		return false // the login's output piped on: not only into it
	}
	return stdinLogins[path.Base(next.Name)] && slices.Contains(leadingWords(next.Args, 3, false), "login") && hasLit(next.Args, "--password-stdin")
}

// stdinLiteral reports a command whose standard input is only literal
// text: a literal here-string or here-document, or the previous command
// of its pipeline printing literal words (echo, printf, cat of a literal
// here-document; literalOutput). What it reads holds nothing of the
// machine (round 8; TestPrecisionLiteralStreamUploads).
func (c *checker) stdinLiteral(cmd *shell.Command) bool {
	if cmd.Stdin != "" {
		return true
	}
	cur, prev, ok := c.withPrevious(cmd)
	if !ok || prev.Pipeline != cur.Pipeline || prev.Dynamic || len(prev.Redirects) > 0 {
		return false
	}
	_, ok = literalOutput(prev, path.Base(prev.Name))
	return ok
}

// withPrevious returns the line's command being checked and the one
// before it on the line, if cmd is that command (a command a wrapper
// runs is not) and one comes before it.
func (c *checker) withPrevious(cmd *shell.Command) (cur, prev *shell.Command, ok bool) {
	if c.line == nil || c.at <= 0 || c.at >= len(c.line.Commands) {
		return nil, nil, false
	}
	cur, prev = &c.line.Commands[c.at], &c.line.Commands[c.at-1]
	return cur, prev, cur.Text == cmd.Text
}
