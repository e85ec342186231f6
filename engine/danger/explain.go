package danger

import (
	"slices"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Reason is one finding of Explain: which category, on which command of
// the parse, and inside which script. A user who disagrees with a
// category can see the words it was given for.
type Reason struct {
	Category string `json:"category"`
	// Command is the simple command a rule fired on, as the parse reads
	// it (wrappers stripped, quotes kept); "" when the rule looked at the
	// whole line (a download piped into a shell, a fork bomb, …).
	Command string `json:"command,omitempty"`
	// Argv is the command's name and arguments after unquoting; a word
	// that is not literal keeps its source text.
	Argv []string `json:"argv,omitempty"`
	// Wrappers are the wrappers stripped before Command (timeout, nohup,
	// env, sudo, xargs, …), outermost first.
	Wrappers []string `json:"wrappers,omitempty"`
	// Script is the text the command was found in: the call's line, or
	// the inner script a bash -c, eval, here-doc, decoded text or runner
	// handed on.
	Script string `json:"script"`
	// Depth counts the scripts between the call's line and Script (0: the
	// line itself).
	Depth int `json:"depth"`
}

// Explain returns the reasons behind Check's categories for a call, in
// the order the checks found them; Check(call) is exactly the set of
// their categories. File-tool calls give reasons without a command.
func Explain(call engine.Call, project, home string) []Reason {
	c := check(call, project, home)
	out := slices.Clone(c.reasons)
	if out == nil {
		out = []Reason{}
	}
	return out
}

// argv is a command's words after unquoting (source text for words that
// are not literal).
func argv(cmd *shell.Command) []string {
	out := []string{cmd.Name}
	if cmd.Dynamic || cmd.Name == "" {
		out[0] = nameRaw(cmd)
	}
	for _, a := range cmd.Args {
		if a.Literal {
			out = append(out, a.Lit)
		} else {
			out = append(out, a.Raw)
		}
	}
	return out
}
