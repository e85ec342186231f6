// Package hooks runs a harness's hook handlers the way the simulators need
// them: one process per handler, its input on stdin, inside limits the
// tester sets (a time limit shorter than the harness's own, a cap on the
// output kept, a bound on how many hooks run at once), and with a memory of
// handlers that keep timing out so they are not run again.
//
// The package knows nothing of any harness's hook format: a simulator turns
// its settings into Handlers, picks the ones that apply (MatchTool helps),
// runs them with a Runner and reads their Results by its own rules.
package hooks

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Handler types a harness may declare. Only TypeCommand handlers are run.
const (
	TypeCommand = "command"
	TypeHTTP    = "http"
	TypePrompt  = "prompt"
	TypeAgent   = "agent"
	TypeMCPTool = "mcp_tool"
)

// Handler is one hook handler as a harness declares it.
type Handler struct {
	Type string // TypeCommand, TypeHTTP, …; "" means TypeCommand
	// Command is the shell text (shell form), or the program to run when
	// Args is set (exec form).
	Command string
	// Args, when set, selects the exec form: Command (or Args[0] when
	// Command is empty) runs with these arguments and no shell, after
	// ${NAME} references to Vars are filled in.
	Args []string
	// Shell is the shell of the shell form: "" or "sh" runs `sh -c`, "bash"
	// runs `bash -c`; "powershell" and "pwsh" are not run.
	Shell string
	// Timeout is the handler's own timeout; zero means the harness's
	// default (Limits.HarnessTimeout).
	Timeout time.Duration
	Async   bool // the harness runs it in the background: it cannot decide, so it is not run
	// Vars are the values ${NAME} stands for in the exec form (and are
	// added to the environment of either form): CLAUDE_PROJECT_DIR, …
	Vars map[string]string
	// Dir is the folder the hook runs in; "" means the runner's. In the
	// sandbox it is bound read-only.
	Dir string
	// Home is the home folder the hook's harness runs under (the simulated
	// one); in the sandbox it is an empty folder thrown away after the run.
	Home string
	// ReadOnly lists more folders a sandboxed hook may read (a user
	// layer's hook scripts); everything else under the homes is hidden.
	ReadOnly []string
	// Origin tells where the handler was declared ("file.json",
	// "plugin foo"), for messages; it is not part of the handler's identity.
	Origin string
}

// Key is the handler's identity: two handlers with the same key are the
// same handler, run once per call however many files declare it.
func (h Handler) Key() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%s\x00%s\x00%q", h.kind(), h.Shell, h.Command, h.Args)
	// A plugin's copy of a handler stays separate: its root is part of it.
	if root, ok := h.Vars["CLAUDE_PLUGIN_ROOT"]; ok {
		fmt.Fprintf(&b, "\x00%s", root)
	}
	return b.String()
}

// Name is a short, readable name of the handler for reports: its command,
// cut at 80 characters.
func (h Handler) Name() string {
	s := h.Command
	if len(h.Args) > 0 {
		s = strings.TrimSpace(s + " " + strings.Join(h.Args, " "))
	}
	if h.kind() != TypeCommand {
		s = h.kind() + " hook"
		if h.Command != "" {
			s += " " + h.Command
		}
	}
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return s
}

func (h Handler) kind() string {
	if h.Type == "" {
		return TypeCommand
	}
	return h.Type
}

// Runnable says whether the tester runs the handler, and when it does not,
// why: only command hooks in the foreground through sh or bash are run.
func (h Handler) Runnable() (bool, string) {
	switch {
	case h.kind() != TypeCommand:
		return false, fmt.Sprintf("%s hooks are listed, not run", h.kind())
	case h.Async:
		return false, "async hooks cannot block the call, so they are not run"
	case h.Shell == "powershell" || h.Shell == "pwsh":
		return false, `"shell": "powershell" handlers are skipped`
	case h.Shell != "" && h.Shell != "sh" && h.Shell != "bash":
		return false, fmt.Sprintf("unknown shell %q; not run", h.Shell)
	case strings.TrimSpace(h.Command) == "" && len(h.Args) == 0:
		return false, "no command to run"
	}
	return true, ""
}

// MatchTool reports whether a hook matcher selects a tool: "*", "" match
// every tool; a matcher made only of letters, digits, '_', '-', blanks, ','
// and '|' is an exact name or a list of names; anything else is an
// unanchored regular expression. A regular expression that does not
// compile matches nothing, and err says why.
func MatchTool(matcher, tool string) (bool, error) {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" {
		return true, nil
	}
	if plainMatcher.MatchString(m) {
		for _, name := range strings.FieldsFunc(m, func(r rune) bool { return r == '|' || r == ',' }) {
			if strings.TrimSpace(name) == tool {
				return true, nil
			}
		}
		return false, nil
	}
	re, err := compileMatcher(m)
	if err != nil {
		return false, err
	}
	return re.MatchString(tool), nil
}

var (
	plainMatcher = regexp.MustCompile(`^[A-Za-z0-9_\- ,|]+$`)
	matcherCache sync.Map // matcher → *regexp.Regexp or error
)

func compileMatcher(m string) (*regexp.Regexp, error) {
	if v, ok := matcherCache.Load(m); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*regexp.Regexp), nil
	}
	re, err := regexp.Compile(m)
	if err != nil {
		err = fmt.Errorf("matcher %q is not a valid regular expression: %v", m, err)
		matcherCache.Store(m, err)
		return nil, err
	}
	matcherCache.Store(m, re)
	return re, nil
}
