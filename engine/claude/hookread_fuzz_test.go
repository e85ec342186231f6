package claude

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine/hooks"
)

// FuzzReadClaudeHook: a hook's output is outside input; readHookResult
// never panics and keeps the seed's rules: "Exit 2 blocks" (deny), and
// "exit 1 and other codes without JSON are non-blocking errors, so the
// call goes ahead" (no decision); a decision is only allow, ask or deny.
// Seeds: testdata/fuzz/FuzzReadClaudeHook.
func FuzzReadClaudeHook(f *testing.F) {
	f.Add(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}`, "", 0)
	f.Fuzz(func(t *testing.T, stdout, stderr string, exit int) {
		var notes []string
		a := readHookResult(hooks.Result{Status: hooks.Ran, Stdout: stdout, Stderr: stderr, ExitCode: exit}, &notes, "hook")
		switch {
		case exit == 2 && a.decision != "deny":
			t.Fatalf("exit 2 gave %q, want deny", a.decision)
		case exit != 2 && !strings.HasPrefix(strings.TrimSpace(stdout), "{") && a.decision != "":
			t.Fatalf("no JSON on exit %d gave %q, want no decision", exit, a.decision)
		}
		switch a.decision {
		case "", "allow", "ask", "deny":
		default:
			t.Fatalf("decision %q", a.decision)
		}
		if a.decision == "deny" && strings.TrimSpace(a.reason) == "" && exit == 2 {
			t.Fatalf("exit 2 deny without a reason")
		}
	})
}
