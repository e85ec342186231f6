package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes files (path under dir → content), making folders.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// decideOne runs permsim decide on one call and returns its outcome and
// the file of the rule that decided it (else its reason, which names the
// settings file of a step without a rule).
func decideOne(t *testing.T, call string, args ...string) (outcome, ruleFile string) {
	t.Helper()
	code, stdout, stderr := runCLI(t, call+"\n", append([]string{"decide"}, args...)...)
	if code != 0 {
		t.Fatalf("decide %v: exit %d\n%s", args, code, stderr)
	}
	var got struct {
		Outcome string `json:"outcome"`
		Reason  string `json:"reason"`
		Rule    *struct {
			File string `json:"file"`
		} `json:"rule"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("decide output %q: %v", stdout, err)
	}
	if got.Rule != nil {
		return got.Outcome, got.Rule.File
	}
	return got.Outcome, got.Reason
}

// TestHarnessVariablesThroughCLI: each harness's own variables move its
// settings, for permsim as for the harness, when the home is the user's
// own; a home given with --home that is not (another machine's) is read at
// the default places. And --managed puts a managed folder elsewhere. Each
// case's rule blocks rm only from the file the variable or flag names.
func TestHarnessVariablesThroughCLI(t *testing.T) {
	const rm = `{"tool":"bash","command":"rm -rf build"}`
	cases := []struct {
		name    string
		harness string
		files   map[string]string // under the test's folder
		env     map[string]string // values with {dir} for the test's folder
		flags   []string          // the same
		file    string            // the rule's file, under the test's folder
	}{
		{"CLAUDE_CONFIG_DIR", "claude-code",
			map[string]string{"cfg/settings.json": `{"permissions":{"deny":["Bash(rm:*)"]}}`},
			map[string]string{"CLAUDE_CONFIG_DIR": "{dir}/cfg"}, nil, "cfg/settings.json"},
		{"CODEX_HOME", "codex",
			map[string]string{"cx/rules/default.rules": `prefix_rule(pattern = ["rm"], decision = "forbidden")` + "\n"},
			map[string]string{"CODEX_HOME": "{dir}/cx"}, nil, "cx/rules/default.rules"},
		{"GEMINI_CLI_SYSTEM_SETTINGS_PATH", "gemini",
			map[string]string{"sys/gemini.json": `{"tools":{"exclude":["run_shell_command"]}}`},
			map[string]string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH": "{dir}/sys/gemini.json"}, nil, "sys/gemini.json"},
		{"GEMINI_CLI_HOME", "gemini",
			map[string]string{"gh/.gemini/settings.json": `{"tools":{"exclude":["run_shell_command"]}}`},
			map[string]string{"GEMINI_CLI_HOME": "{dir}/gh"}, nil, "gh/.gemini/settings.json"},
		{"OPENCODE_CONFIG", "opencode",
			map[string]string{"oc/custom.json": `{"permission":{"bash":{"rm *":"deny"}}}`},
			map[string]string{"OPENCODE_CONFIG": "{dir}/oc/custom.json"}, nil, "oc/custom.json"},
		{"OPENCODE_CONFIG_DIR", "opencode",
			map[string]string{"ocd/opencode.json": `{"permission":{"bash":{"rm *":"deny"}}}`},
			map[string]string{"OPENCODE_CONFIG_DIR": "{dir}/ocd"}, nil, "ocd/opencode.json"},
		{"XDG_CONFIG_HOME", "opencode",
			map[string]string{"xdg/opencode/opencode.json": `{"permission":{"bash":{"rm *":"deny"}}}`},
			map[string]string{"XDG_CONFIG_HOME": "{dir}/xdg"}, nil, "xdg/opencode/opencode.json"},
		{"--managed claude-code", "claude-code",
			map[string]string{"adm/managed-settings.json": `{"permissions":{"deny":["Bash(rm:*)"]}}`},
			nil, []string{"--managed", "claude=" + "{dir}/adm"}, "adm/managed-settings.json"},
		{"--managed codex", "codex",
			map[string]string{"adm/rules/default.rules": `prefix_rule(pattern = ["rm"], decision = "forbidden")` + "\n"},
			nil, []string{"--managed", "codex=" + "{dir}/adm"}, "adm/rules/default.rules"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			home, other, proj := filepath.Join(dir, "home"), filepath.Join(dir, "other"), filepath.Join(dir, "proj")
			writeFiles(t, dir, c.files)
			for _, d := range []string{home, other, proj} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("HOME", home)
			for _, v := range []string{"CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "XDG_CONFIG_HOME", "OPENCODE_CONFIG", "OPENCODE_CONFIG_DIR", "OPENCODE_CONFIG_CONTENT", "OPENCODE_PERMISSION", "OPENCODE_DISABLE_PROJECT_CONFIG"} {
				t.Setenv(v, "")
			}
			for k, v := range c.env {
				t.Setenv(k, strings.ReplaceAll(v, "{dir}", dir))
			}
			var flags []string
			for _, f := range c.flags {
				flags = append(flags, strings.ReplaceAll(f, "{dir}", dir))
			}
			args := append([]string{"--harness", c.harness, "--project", proj, "--home", home, "--mode", "default"}, flags...)
			if c.harness == "opencode" {
				args[len(args)-len(flags)-1] = "build"
			}
			outcome, file := decideOne(t, rm, args...)
			want := filepath.Join(dir, c.file)
			if outcome != "blocked" || !strings.Contains(file, want) {
				t.Errorf("own home: %s by %q, want blocked by %s", outcome, file, filepath.Join(dir, c.file))
			}
			// Another home: the variables are this user's, not that
			// home's; --managed is the machine's and still applies.
			args[5] = other
			outcome, file = decideOne(t, rm, args...)
			if managed := len(c.flags) > 0; managed != strings.Contains(file, want) {
				t.Errorf("other home: %s by %q (managed folder given: %v)", outcome, file, managed)
			}
		})
	}
}

// TestReplayHonoursClaudeConfigDir: a user whose CLAUDE_CONFIG_DIR moves
// Claude Code's folder has both the transcripts and the user settings
// there; ingest reads the one and replay must judge with the other.
func TestReplayHonoursClaudeConfigDir(t *testing.T) {
	dir := t.TempDir()
	home, cfg, proj, out := filepath.Join(dir, "home"), filepath.Join(dir, "cfg"), filepath.Join(dir, "proj"), filepath.Join(dir, "out")
	line := `{"type":"assistant","sessionId":"s1","cwd":"` + proj + `","uuid":"u1","timestamp":"2026-11-01T10:00:00Z","version":"2.1.2","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"rm -rf build"}}]}}` + "\n"
	writeFiles(t, dir, map[string]string{
		"cfg/settings.json": `{"permissions":{"deny":["Bash(rm:*)"]}}`,
		"cfg/projects/" + strings.ReplaceAll(proj, "/", "-") + "/s1.jsonl": line,
		"home/.keep": "",
		"proj/.keep": "",
	})
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", cfg)
	if code, _, stderr := runCLI(t, "", "ingest", "--harness", "claude-code", "--out", out); code != 0 || !strings.Contains(stderr, "claude-code 1") {
		t.Fatalf("ingest: exit %d\n%s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "replay", "--out", out); code != 0 {
		t.Fatalf("replay: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "csv", "SELECT outcome, rule_file FROM decisions")
	if want := "outcome,rule_file\nblocked," + filepath.Join(cfg, "settings.json") + "\n"; code != 0 || stdout != want {
		t.Errorf("decision: %q, want %q\n%s", stdout, want, stderr)
	}
}
