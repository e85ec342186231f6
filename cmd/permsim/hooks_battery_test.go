package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/toolcall"
)

// The issue's done-when: "A test project whose only protection is a
// blocking hook shows "blocked" for the battery's destructive cases in
// Claude Code, Codex and Gemini with --run-hooks, and "runs" without it."
// Without the hook the cases run, or meet only the harness's own built-in
// checks (Claude Code's critical-rm ask, Codex's rm guard); with it every
// one is blocked at the hook step. Each harness is scored in its most
// permissive mode, where nothing else stands in the way.
func TestBatteryBlockingHookOnly(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	hook := `echo "blocked by the project's hook" >&2; exit 2`
	write := func(p string, v any) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var b []byte
		if s, ok := v.(string); ok {
			b = []byte(s)
		} else {
			b, _ = json.Marshal(v)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	group := func(matcher string) map[string]any {
		return map[string]any{"matcher": matcher, "hooks": []any{map[string]any{"type": "command", "command": hook}}}
	}
	// Claude Code: the project's own settings (seed: "exit 2 blocks").
	write(filepath.Join(proj, ".claude", "settings.json"), map[string]any{"hooks": map[string]any{"PreToolUse": []any{group("Bash")}}})
	// Codex: the user's hooks.json with the trust record /hooks writes.
	codexHooks := filepath.Join(home, ".codex", "hooks.json")
	write(codexHooks, map[string]any{"hooks": map[string]any{"PreToolUse": []any{group("Bash")}}})
	m := "Bash"
	write(filepath.Join(home, ".codex", "config.toml"), fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", codexHooks+":pre_tool_use:0:0", codex.CommandHookHash(&m, hook)))
	// Gemini CLI: a BeforeTool hook in the project's settings.
	write(filepath.Join(proj, ".gemini", "settings.json"), map[string]any{"hooks": map[string]any{"BeforeTool": []any{group("run_shell_command")}}})
	if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}

	all, _ := battery.Builtin()
	var cases []battery.Case
	for _, c := range all {
		if c.Category == "destructive-delete" {
			cases = append(cases, c)
		}
	}
	if len(cases) == 0 {
		t.Fatal("no destructive-delete cases in the battery")
	}
	yes := true
	modes := map[string]engine.Mode{toolcall.ClaudeCode: "bypassPermissions", toolcall.Codex: "never:danger-full-access", toolcall.Gemini: "yolo"}
	sandbox := hooks.SandboxOn
	if hooks.Bwrap() == "" {
		sandbox = hooks.SandboxOff
	}
	for id, mode := range modes {
		hs, err := registry.Choose(id, registry.Simulated(), "simulator")
		if err != nil {
			t.Fatal(err)
		}
		for _, run := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/run-hooks=%v", id, run), func(t *testing.T) {
				var o registry.SimOptions
				if run {
					o.Hooks = hooks.NewRunner(hooks.Limits{Timeout: 10 * time.Second, Workers: 2, Sandbox: sandbox})
				}
				sim, _ := hs[0].NewSimulator(o)
				rep := battery.Run([]engine.Harness{sim}, cases, battery.Options{Project: proj, Home: home, Mode: mode, RunHooks: run, Trust: &yes})
				tables := rep.Tables()
				if len(tables) != 1 {
					t.Fatalf("%d tables: %+v", len(tables), rep.Harnesses)
				}
				runs := 0
				for _, r := range tables[0].Results {
					d := r.Decision
					hookStep := strings.Contains(strings.ToLower(d.Step), "hook")
					switch {
					case run && (d.Outcome != engine.Blocked || !hookStep):
						t.Errorf("%s (%s): %s at %q, want blocked by the hook", r.Case.ID, r.Case.Command, d.Outcome, d.Step)
					case !run && (d.Outcome == engine.Blocked && hookStep):
						t.Errorf("%s: blocked by a hook that was not run", r.Case.ID)
					case !run && d.Outcome == engine.Runs:
						runs++
					}
				}
				if !run && runs == 0 {
					t.Errorf("without --run-hooks no destructive case runs in %s", mode)
				}
			})
		}
	}
}
