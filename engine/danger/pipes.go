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
