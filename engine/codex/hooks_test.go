package codex

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
)

// TestHookHashMatchesRealCodex checks HookHash against the currentHash the
// real Codex 0.169.0 reports (app-server hooks/list, recorded in
// testdata/hookhash/hooks-list.json for the hooks.json and config.toml
// beside it): the hash /hooks writes as trusted_hash.
func TestHookHashMatchesRealCodex(t *testing.T) {
	var rec struct {
		Result struct {
			Data []struct {
				Hooks []struct {
					Key         string `json:"key"`
					CurrentHash string `json:"currentHash"`
				} `json:"hooks"`
			} `json:"data"`
		} `json:"result"`
	}
	b, err := os.ReadFile("testdata/hookhash/hooks-list.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{} // "<file base>:<group>:<handler>" → hash
	for _, h := range rec.Result.Data[0].Hooks {
		parts := strings.Split(h.Key, ":")
		want[filepath.Base(parts[0])+":"+parts[2]+":"+parts[3]] = h.CurrentHash
	}
	ev, err := readHooksJSON("testdata/hookhash/hooks.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg map[string]any
	if _, err := toml.DecodeFile("testdata/hookhash/config.toml", &cfg); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for file, events := range map[string]map[string]any{"hooks.json": ev, "config.toml": cfg["hooks"].(map[string]any)} {
		for gi, g := range asList(events["PreToolUse"]) {
			gm := g.(map[string]any)
			var mp *string
			if m, ok := gm["matcher"].(string); ok {
				mp = &m
			}
			for hi, h := range asList(gm["hooks"]) {
				got[fmt.Sprintf("%s:%d:%d", file, gi, hi)] = HookHash("pre_tool_use", mp, readHandler(h.(map[string]any)))
			}
		}
	}
	if len(want) != 5 {
		t.Fatalf("recorded %d hooks, want 5", len(want))
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: hash %s, real Codex %s", k, got[k], w)
		}
	}
}

// CommandHookHash for gate.sh under matcher "Bash" is the hash real Codex
// 0.169.0 reports for it (testdata/hookhash/hooks-list.json, key
// hooks.json:pre_tool_use:0:0).
func TestCommandHookHash(t *testing.T) {
	if got, want := CommandHookHash(strPtr("Bash"), "gate.sh"), "sha256:30806444205ada715032d5a293546d9f566f59b3eceecbb93695c73936755451"; got != want {
		t.Errorf("CommandHookHash = %s, real Codex %s", got, want)
	}
}

// trusted writes [hooks.state] records that trust every handler of a
// hooks.json (the hash is HookHash, checked against real Codex above).
func trusted(t *testing.T, file, hooksJSON string) string {
	t.Helper()
	var doc struct {
		Hooks map[string][]map[string]any `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(hooksJSON), &doc); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for gi, g := range doc.Hooks["PreToolUse"] {
		var mp *string
		if m, ok := g["matcher"].(string); ok {
			mp = &m
		}
		for hi, h := range g["hooks"].([]any) {
			fmt.Fprintf(&b, "[hooks.state.%q]\ntrusted_hash = %q\n", fmt.Sprintf("%s:pre_tool_use:%d:%d", file, gi, hi), HookHash("pre_tool_use", mp, readHandler(h.(map[string]any))))
		}
	}
	return b.String()
}

func hookJSON(matcher, command string) string {
	m := ""
	if matcher != "" {
		m = fmt.Sprintf(`"matcher": %q, `, matcher)
	}
	return fmt.Sprintf(`{"hooks": {"PreToolUse": [{%s"hooks": [{"type": "command", "command": %q}]}]}}`, m, command)
}

func hookRunner() *hooks.Runner {
	return hooks.NewRunner(hooks.Limits{Timeout: 5 * time.Second, Sandbox: hooks.SandboxOff})
}

// TestSeedHookRuns runs trusted Codex hooks: "Exit 2, a JSON deny, or
// decision: "block" blocks; ask, continue, and stopReason mark the hook
// failed and the call goes ahead." Where Codex 0.169.0's source is
// stricter (a block needs a reason), the case says so.
func TestSeedHookRuns(t *testing.T) {
	cases := []struct {
		name, command string
		want          engine.Outcome
		note          string
	}{
		{"exit 2 blocks", "echo 'no rm here' >&2; exit 2", engine.Blocked, ""},
		{"a JSON deny blocks", `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"nope"}}'`, engine.Blocked, ""},
		{`decision: "block" blocks`, `echo '{"decision":"block","reason":"nope"}'`, engine.Blocked, ""},
		{"ask marks the hook failed and the call goes ahead", `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"sure?"}}'`, engine.Runs, "permissionDecision:ask"},
		{"continue marks the hook failed and the call goes ahead", `echo '{"continue":false}'`, engine.Runs, "continue:false"},
		{"stopReason marks the hook failed and the call goes ahead", `echo '{"stopReason":"stop"}'`, engine.Runs, "stopReason"},
		{"other exit codes fail and the call goes ahead", "exit 1", engine.Runs, "exited with code 1"},
		{"exit 0 without output lets the call go on", "true", engine.Runs, ""},
		// Codex 0.169.0 source (events/pre_tool_use.rs): exit 2 needs a
		// reason on stderr to block.
		{"exit 2 without a reason fails (Codex source)", "exit 2", engine.Runs, "no blocking reason"},
		{"a deny without a reason fails (Codex source)", `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'`, engine.Runs, "without a non-empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hj := hookJSON("Bash", c.command)
			p, d := build(t, setup{runner: hookRunner(), userConfig: trusted(t, "{C}/hooks.json", hj), hooksJSON: map[string]string{"{C}/hooks.json": hj}})
			got := p.Decide(d.call(execCmd("ls")), ws)
			if got.Outcome != c.want {
				t.Fatalf("%s (%s: %s), want %s; notes %v", got.Outcome, got.Step, got.Reason, c.want, got.Notes)
			}
			if c.note != "" && !strings.Contains(strings.Join(got.Notes, "\n"), c.note) {
				t.Errorf("notes %v, want one saying %q", got.Notes, c.note)
			}
		})
	}
}

// TestSeedHookTrust: "the tester skips a hook without that record, or with
// enabled = false, and says so", a record whose hash no longer matches
// (the hook was changed since it was trusted: real Codex reports it
// "modified" and does not run it), "[features] hooks = false turns hooks
// off", and "user layer always and project layer when trusted".
func TestSeedHookTrust(t *testing.T) {
	block := hookJSON("Bash", "echo blocked >&2; exit 2")
	cases := []struct {
		name string
		s    setup
		want engine.Outcome
		why  string
	}{
		{"trusted: runs and blocks", setup{userConfig: trusted(t, "{C}/hooks.json", block), hooksJSON: map[string]string{"{C}/hooks.json": block}}, engine.Blocked, "trusted_hash matches"},
		{"no record: skipped", setup{hooksJSON: map[string]string{"{C}/hooks.json": block}}, engine.Runs, "not trusted"},
		{"stale record: skipped", setup{userConfig: trusted(t, "{C}/hooks.json", hookJSON("Bash", "exit 0")), hooksJSON: map[string]string{"{C}/hooks.json": block}}, engine.Runs, "modified since it was trusted"},
		{"enabled = false: skipped", setup{userConfig: trusted(t, "{C}/hooks.json", block) + "enabled = false\n", hooksJSON: map[string]string{"{C}/hooks.json": block}}, engine.Runs, "enabled = false"},
		{"[features] hooks = false: off", setup{userConfig: "[features]\nhooks = false\n" + trusted(t, "{C}/hooks.json", block), hooksJSON: map[string]string{"{C}/hooks.json": block}}, engine.Runs, "hooks = false"},
		{"trusted project layer", setup{trust: bptr(true), userConfig: trusted(t, "{P}/.codex/hooks.json", block), hooksJSON: map[string]string{"{P}/.codex/hooks.json": block}}, engine.Blocked, "trusted_hash matches"},
		{"untrusted project layer", setup{trust: bptr(false), userConfig: trusted(t, "{P}/.codex/hooks.json", block), hooksJSON: map[string]string{"{P}/.codex/hooks.json": block}}, engine.Runs, "not trusted"},
		{"[hooks] in config.toml", setup{userConfig: "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"echo no >&2; exit 2\"\n" +
			fmt.Sprintf("[hooks.state.\"{C}/config.toml:pre_tool_use:0:0\"]\ntrusted_hash = %q\n", HookHash("pre_tool_use", strPtr("Bash"), handlerConfig{command: "echo no >&2; exit 2"}))}, engine.Blocked, "trusted_hash matches"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.s.runner = hookRunner()
			p, d := build(t, c.s)
			got := p.Decide(d.call(execCmd("ls")), ws)
			if got.Outcome != c.want {
				t.Errorf("%s (%s), want %s", got.Outcome, got.Reason, c.want)
			}
			found := false
			for _, r := range p.Rules() {
				if strings.HasPrefix(r.List, "hook:") && strings.Contains(r.Why, c.why) {
					found = true
				}
			}
			if !found {
				t.Errorf("no hook listed with %q: %+v", c.why, p.Rules())
			}
		})
	}
}

func strPtr(s string) *string { return &s }

// TestHookMatcherAndInput: Codex matches "Bash" for shell commands and
// "apply_patch" (aliases Write, Edit) for edits; a name or |-list is exact
// and anything else a regular expression; the hook's stdin is Codex's
// PreToolUse JSON with tool_input.command.
func TestHookMatcherAndInput(t *testing.T) {
	dump := "cat > \"$CODEX_TEST_DUMP\"; echo seen >&2; exit 2"
	cases := []struct {
		matcher string
		call    func(d dirs) engine.Call
		want    engine.Outcome
	}{
		{"Bash", func(d dirs) engine.Call { return d.call(execCmd("rm -rf /")) }, engine.Blocked},
		{"^Ba", func(d dirs) engine.Call { return d.call(execCmd("rm -rf /")) }, engine.Blocked},
		{"Bas", func(d dirs) engine.Call { return d.call(execCmd("ls")) }, engine.Runs}, // exact, not a prefix
		{"Edit|Write", func(d dirs) engine.Call { return d.call(execCmd("ls")) }, engine.Runs},
		{"", func(d dirs) engine.Call { return d.call(execCmd("ls")) }, engine.Blocked},
	}
	for _, c := range cases {
		t.Run(c.matcher, func(t *testing.T) {
			dumpFile := filepath.Join(t.TempDir(), "stdin.json")
			t.Setenv("CODEX_TEST_DUMP", dumpFile)
			hj := hookJSON(c.matcher, dump)
			p, d := build(t, setup{runner: hookRunner(), userConfig: trusted(t, "{C}/hooks.json", hj), hooksJSON: map[string]string{"{C}/hooks.json": hj}})
			got := p.Decide(c.call(d), ws)
			if got.Outcome != c.want {
				t.Fatalf("%s (%s), want %s", got.Outcome, got.Reason, c.want)
			}
			if c.want != engine.Blocked {
				return
			}
			b, err := os.ReadFile(dumpFile)
			if err != nil {
				t.Fatal(err)
			}
			var in map[string]any
			if err := json.Unmarshal(b, &in); err != nil {
				t.Fatalf("stdin %q: %v", b, err)
			}
			for _, k := range []string{"session_id", "turn_id", "transcript_path", "cwd", "hook_event_name", "model", "permission_mode", "tool_name", "tool_input", "tool_use_id"} {
				if _, ok := in[k]; !ok {
					t.Errorf("stdin lacks %s: %s", k, b)
				}
			}
			if in["hook_event_name"] != "PreToolUse" || in["tool_name"] != "Bash" {
				t.Errorf("stdin %s", b)
			}
			if ti, _ := in["tool_input"].(map[string]any); ti["command"] == nil {
				t.Errorf("tool_input without command: %s", b)
			}
		})
	}
}

// TestHooksNotRunWithoutFlag: without --run-hooks a trusted blocking hook
// decides nothing, and the decision says a hook would have run.
func TestHooksNotRunWithoutFlag(t *testing.T) {
	block := hookJSON("Bash", "exit 2")
	p, d := build(t, setup{userConfig: trusted(t, "{C}/hooks.json", block), hooksJSON: map[string]string{"{C}/hooks.json": block}})
	got := p.Decide(d.call(execCmd("ls")), ws)
	if got.Outcome != engine.Runs || !strings.Contains(strings.Join(got.Notes, "\n"), "--run-hooks") {
		t.Errorf("%s, notes %v; want runs with a note naming --run-hooks", got.Outcome, got.Notes)
	}
}

// FuzzReadCodexHook: a hook's output is outside input; reading it never
// panics, and a block always carries a reason (Codex needs one).
func FuzzReadCodexHook(f *testing.F) {
	for _, s := range []string{"", "{}", `{"decision":"block","reason":"x"}`, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":" "}}`,
		`{"continue":false}`, `[1]`, `"{}"`, `{"hookSpecificOutput":{"updatedInput":{}}}`} {
		f.Add(s, "", 0)
		f.Add(s, "reason", 2)
	}
	f.Fuzz(func(t *testing.T, stdout, stderr string, exit int) {
		v := readCodexHook(hooks.Result{Status: hooks.Ran, Stdout: stdout, Stderr: stderr, ExitCode: exit})
		if v.block && strings.TrimSpace(v.reason) == "" {
			t.Errorf("a block without a reason from %q / %q / %d", stdout, stderr, exit)
		}
		if v.block && v.failed {
			t.Errorf("blocked and failed at once")
		}
	})
}
