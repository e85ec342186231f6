package suggest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/cursor"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/replay"
	"github.com/permsim/permsim/toolcall"
)

// fixture lays out a home and a project with the given files (paths
// relative to the folder they start with: "home/…" or "proj/…").
func fixture(t *testing.T, files map[string]string) (home, proj string) {
	t.Helper()
	base := t.TempDir()
	home, proj = filepath.Join(base, "home"), filepath.Join(base, "proj")
	for _, d := range []string{home, proj} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range files {
		p := filepath.Join(base, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return home, proj
}

// bash and read make one recorded call.
func bash(h toolcall.Harness, proj, home, cmd string) toolcall.Row {
	return toolcall.Row{Harness: h, ProjectDir: proj, Cwd: proj, Home: home, Tool: string(toolcall.Bash), Command: cmd, Result: "ok"}
}

func read(h toolcall.Harness, proj, home, path string) toolcall.Row {
	return toolcall.Row{Harness: h, ProjectDir: proj, Cwd: proj, Home: home, Tool: string(toolcall.Read), Paths: []string{path}, Result: "ok"}
}

func keyed(rows []toolcall.Row) []toolcall.Row {
	t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := range rows {
		rows[i].CallKey = fmt.Sprintf("k%02d", i)
		rows[i].SessionID = "s"
		rows[i].Seq = int64(i)
		rows[i].Ts = t0.Add(time.Duration(i) * time.Minute)
	}
	return rows
}

func run(t *testing.T, hs replay.Harnesses, home string, rows []toolcall.Row, list string) *Result {
	t.Helper()
	yes := true
	res, err := Suggest(context.Background(), keyed(rows), hs, nil, Options{List: list, TmpDir: t.TempDir(),
		Replay: replay.Options{Home: home, Trust: &yes, Workers: 2}})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func rulesOf(hr HarnessResult) []string {
	var out []string
	for _, r := range hr.Rules {
		out = append(out, r.Rule)
	}
	return out
}

// A force push that an allow rule lets through, beside an everyday push
// and a git status: the narrowest prefix is the only one that costs
// nothing, so it is the one proposed, in each harness's syntax.
func TestForcePushRulePerHarness(t *testing.T) {
	const force, push, status = "git push --force origin main", "git push origin main", "git status"
	cases := []struct {
		name  string
		h     toolcall.Harness
		sim   engine.Harness
		files map[string]string
		want  string
	}{
		{
			// "a trailing ` *` that is the only wildcard also matches the
			// bare command"; "Deny rules, from any layer" (seed, Claude Code).
			name: "claude", h: toolcall.ClaudeCode, sim: claude.New(),
			files: map[string]string{"proj/.claude/settings.json": `{"permissions":{"allow":["Bash(git push:*)"]}}`},
			want:  "Bash(git push --force *)",
		},
		{
			// "A rule matches when its pattern is a prefix of the command's
			// argument list … The strictest match wins: forbidden, then
			// prompt, then allow" (seed, Codex).
			name: "codex", h: toolcall.Codex, sim: codex.New(),
			files: map[string]string{"home/.codex/rules/default.rules": `prefix_rule(pattern=["git", "push"], decision="allow")` + "\n"},
			want:  `prefix_rule(pattern=["git", "push", "--force"], decision="forbidden")`,
		},
		{
			// "commandPrefix is a plain string prefix"; "Final priority is
			// the tier plus priority/1000, highest wins" (seed, Gemini CLI).
			name: "gemini", h: toolcall.Gemini, sim: gemini.New(),
			files: map[string]string{"home/.gemini/policies/mine.toml": "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git push\"\ndecision = \"allow\"\npriority = 100\n"},
			want:  "[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = \"git push --force\"\ndecision = \"deny\"\npriority = 950",
		},
		{
			// "The last matching pattern wins" (seed, OpenCode).
			name: "opencode", h: toolcall.OpenCode, sim: opencode.New(),
			files: map[string]string{"proj/opencode.json": `{"permission":{"bash":{"*":"allow"}}}`},
			want:  `bash "git push --force *": "deny"`,
		},
		{
			// "Shell(name) matches the first word of a command …
			// Shell(curl:*) adds an argument pattern … Deny beats allow"
			// (seed, Cursor).
			name: "cursor", h: toolcall.Cursor, sim: &cursor.Harness{},
			files: map[string]string{"proj/.cursor/cli.json": `{"permissions":{"allow":["Shell(git)"]}}`},
			want:  "Shell(git:push --force*)",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home, proj := fixture(t, tc.files)
			res := run(t, replay.Harnesses{tc.h: tc.sim}, home, []toolcall.Row{
				bash(tc.h, proj, home, force), bash(tc.h, proj, home, push), bash(tc.h, proj, home, status),
			}, "deny")
			if res.Risky != 1 || len(res.Harnesses) != 1 {
				t.Fatalf("risky %d, harnesses %d (%v); want the force push alone", res.Risky, len(res.Harnesses), res.Problems)
			}
			hr := res.Harnesses[0]
			if got := rulesOf(hr); len(got) != 1 || got[0] != tc.want {
				t.Errorf("rules %q, want [%q]", got, tc.want)
			}
			if hr.Stopped != 1 || hr.CostAsks+hr.CostBlock != 0 {
				t.Errorf("stopped %d, cost %d+%d; want 1 stopped at no cost", hr.Stopped, hr.CostAsks, hr.CostBlock)
			}
		})
	}
}

// One Read rule covers the Read tool and cat on the same secret: "In shell
// commands, Read rules cover `<` targets … The docs name `cat`, …" and
// "`./` from the project" (seed, Claude Code, File paths). The smallest
// set is that one rule, on the secret file's name anywhere (issue 30: the
// pattern that stops the risk, not one folder's path; "**/" is
// gitignore-style, as Claude Code's file rules are).
func TestClaudeOneReadRuleStopsToolAndShellReads(t *testing.T) {
	home, proj := fixture(t, map[string]string{"proj/.env": "K=1\n"})
	h := toolcall.ClaudeCode
	res := run(t, replay.Harnesses{h: claude.New()}, home, []toolcall.Row{
		read(h, proj, home, filepath.Join(proj, ".env")), bash(h, proj, home, "cat .env"), bash(h, proj, home, "cat README.md"),
	}, "deny")
	if len(res.Harnesses) != 1 {
		t.Fatalf("harnesses %d, problems %v", len(res.Harnesses), res.Problems)
	}
	hr := res.Harnesses[0]
	if got := rulesOf(hr); len(got) != 1 || got[0] != "Read(**/.env)" {
		t.Errorf("rules %q, want [Read(**/.env)]", got)
	}
	if hr.Risky != 2 || hr.Stopped != 2 {
		t.Errorf("risky %d stopped %d, want 2 and 2", hr.Risky, hr.Stopped)
	}
	if !strings.Contains(hr.Snippet, `"deny"`) || !strings.Contains(hr.Snippet, `"Read(**/.env)"`) {
		t.Errorf("snippet is not a permissions.deny block:\n%s", hr.Snippet)
	}
}

// --list ask: "Ask rules" come after deny rules and before allow rules
// (seed, Claude Code, steps 5 and 12), so the same prefix in
// permissions.ask makes the force push ask.
func TestAskList(t *testing.T) {
	home, proj := fixture(t, map[string]string{"proj/.claude/settings.json": `{"permissions":{"allow":["Bash(git push:*)"]}}`})
	h := toolcall.ClaudeCode
	res := run(t, replay.Harnesses{h: claude.New()}, home, []toolcall.Row{
		bash(h, proj, home, "git push --force origin main"), bash(h, proj, home, "git push origin main"),
	}, "ask")
	hr := res.Harnesses[0]
	if got := rulesOf(hr); len(got) != 1 || got[0] != "Bash(git push --force *)" {
		t.Errorf("rules %q, want [Bash(git push --force *)]", got)
	}
	if hr.File != ".claude/settings.json (permissions.ask)" || !strings.Contains(hr.Snippet, `"ask"`) {
		t.Errorf("file %q snippet %s: want permissions.ask", hr.File, hr.Snippet)
	}
	if hr.Stopped != 1 {
		t.Errorf("stopped %d, want 1", hr.Stopped)
	}
}

// Gemini CLI's policies name tools and command prefixes; permsim writes no
// path rule for it, so a read of a secret is listed as not stopped. "With
// no matching rule, read tools run" (seed, Gemini CLI).
func TestUnstoppableIsListed(t *testing.T) {
	home, proj := fixture(t, map[string]string{"proj/config/secrets.yaml": "k: 1\n"})
	h := toolcall.Gemini
	res := run(t, replay.Harnesses{h: gemini.New()}, home, []toolcall.Row{read(h, proj, home, filepath.Join(proj, "config", "secrets.yaml"))}, "deny")
	if len(res.Harnesses) != 1 {
		t.Fatalf("harnesses %d, problems %v", len(res.Harnesses), res.Problems)
	}
	hr := res.Harnesses[0]
	if len(hr.Rules) != 0 || hr.Stopped != 0 || len(hr.Unstopped) != 1 {
		t.Errorf("rules %q stopped %d unstopped %d; want none, 0, 1", rulesOf(hr), hr.Stopped, len(hr.Unstopped))
	}
}

// A harness with no rule writer is named, not silently skipped.
func TestNoWriter(t *testing.T) {
	home, proj := fixture(t, map[string]string{"proj/.claude/settings.json": `{"permissions":{"allow":["Bash(git push:*)"]}}`})
	res := run(t, replay.Harnesses{"other": claude.New()}, home, []toolcall.Row{bash("other", proj, home, "git push --force origin main")}, "deny")
	if len(res.Harnesses) != 0 || len(res.Problems) != 1 || !strings.Contains(res.Problems[0], "writes no rules for other") {
		t.Errorf("harnesses %d problems %q", len(res.Harnesses), res.Problems)
	}
}
