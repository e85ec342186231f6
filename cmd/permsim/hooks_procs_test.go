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
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/toolcall"
)

// The issue's done-when: "A hook that sleeps forever, floods output, forks
// a child that keeps running, or detaches one with setsid is stopped within
// the limit in every harness, leaving no process behind (the test checks
// the process table)". Each harness's simulator gets the same misbehaving
// hook in its own configuration; the tester's limit is 1 s.
func TestHooksLeaveNoProcessInAnyHarness(t *testing.T) {
	if _, err := os.Stat("/proc/self/cmdline"); err != nil {
		t.Skip("no /proc to read the process table from")
	}
	base := 8100000 + os.Getpid()%1000*100
	scripts := []struct {
		name, script string
		timesOut     bool
	}{
		{"sleeps forever", "sleep %d", true},
		{"floods output", "yes flood-%d", true},
		{"forks a child that keeps running", "sleep %d & exit 0", false},
		{"detaches a child with setsid", "setsid sleep %d >/dev/null 2>&1 </dev/null & exit 0", false},
	}
	harnesses := []struct {
		id    string
		setup func(t *testing.T, proj, home, hook string)
		call  engine.Call
	}{
		{toolcall.ClaudeCode, func(t *testing.T, proj, home, hook string) {
			writeJSON(t, filepath.Join(proj, ".claude", "settings.json"), map[string]any{"hooks": map[string]any{"PreToolUse": []any{
				map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": hook}}}}}})
		}, engine.Call{Tool: engine.ToolBash, RawTool: "Bash", Input: map[string]any{"command": "ls"}}},
		{toolcall.Codex, func(t *testing.T, proj, home, hook string) {
			file := filepath.Join(home, ".codex", "hooks.json")
			writeJSON(t, file, map[string]any{"hooks": map[string]any{"PreToolUse": []any{
				map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": hook}}}}}})
			m := "Bash"
			writeText(t, filepath.Join(home, ".codex", "config.toml"), fmt.Sprintf("[hooks.state.%q]\ntrusted_hash = %q\n", file+":pre_tool_use:0:0", codex.CommandHookHash(&m, hook)))
		}, engine.Call{Tool: engine.ToolBash, RawTool: "exec_command", Input: map[string]any{"cmd": "ls"}}},
		{toolcall.Gemini, func(t *testing.T, proj, home, hook string) {
			writeJSON(t, filepath.Join(proj, ".gemini", "settings.json"), map[string]any{"hooks": map[string]any{"BeforeTool": []any{
				map[string]any{"matcher": "run_shell_command", "hooks": []any{map[string]any{"type": "command", "command": hook}}}}}})
		}, engine.Call{Tool: engine.ToolBash, RawTool: "run_shell_command", Input: map[string]any{"command": "ls"}}},
	}
	yes := true
	n := base
	for _, h := range harnesses {
		for _, s := range scripts {
			n++
			tag := fmt.Sprint(n)
			t.Run(h.id+"/"+s.name, func(t *testing.T) {
				dir := t.TempDir()
				proj, home := filepath.Join(dir, "proj"), filepath.Join(dir, "home")
				if err := os.MkdirAll(filepath.Join(proj, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
				h.setup(t, proj, home, fmt.Sprintf(s.script, n))
				hs, err := registry.Choose(h.id, registry.Simulated(), "simulator")
				if err != nil {
					t.Fatal(err)
				}
				mode := hooks.SandboxOn
				if hooks.Bwrap() == "" {
					mode = hooks.SandboxOff
				}
				sim, _ := hs[0].NewSimulator(registry.SimOptions{Hooks: hooks.NewRunner(hooks.Limits{Timeout: time.Second, MaxOutput: 4096, Sandbox: mode})})
				pol, err := sim.Load(engine.Env{ProjectDir: proj, HomeDir: home, RunHooks: true, Trust: &yes})
				if err != nil {
					t.Fatal(err)
				}
				start := time.Now()
				got := pol.Decide(h.call, "")
				if el := time.Since(start); el > 6*time.Second {
					t.Errorf("took %s with a 1 s limit", el)
				}
				if s.timesOut && got.Outcome != engine.Unknown {
					t.Errorf("%s (%s), want unknown: the hook did not answer within the tester's limit", got.Outcome, got.Reason)
				}
				var left []string
				for i := 0; i < 20; i++ {
					if left = processesWith(tag); len(left) == 0 {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				if len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			})
		}
	}
}

func writeJSON(t *testing.T, p string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	writeText(t, p, string(b))
}

func writeText(t *testing.T, p, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// processesWith lists the live (not zombie) processes whose command line
// holds tag.
func processesWith(tag string) []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if st, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil {
			if f := strings.Fields(string(st)); len(f) > 2 && f[2] == "Z" {
				continue
			}
		}
		if cl := strings.ReplaceAll(string(b), "\x00", " "); strings.Contains(cl, tag) {
			out = append(out, e.Name()+": "+cl)
		}
	}
	return out
}
