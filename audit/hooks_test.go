package audit

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestHookForms: issue 30 — "audit reads every hook form each harness
// accepts (Gemini's hooks.enabled wrapper included), with a test per form
// from the harness's own docs". Each case is one form, quoted from the
// harness's documentation; want lists the files that get a repository-hook
// finding (none: the same file turns the hooks off).
func TestHookForms(t *testing.T) {
	for _, c := range []struct {
		name  string
		doc   string // where the form is documented
		files map[string]string
		want  []string // file:line of each finding, sorted
	}{
		{
			name: "gemini wrapper with enabled",
			doc:  `gemini-cli docs (hooks, experimental): "must be explicitly enabled in your settings.json: "hooks": {"enabled": true}"; events sit beside it`,
			files: map[string]string{".gemini/settings.json": `{
  "hooks": {
    "enabled": true,
    "BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"name": "guard", "type": "command", "command": "./hooks/guard.sh"}]}]
  }
}`},
			want: []string{".gemini/settings.json:4"},
		},
		{
			name: "gemini wrapper with enabled false",
			doc:  `the same wrapper: "enabled": false turns the hooks system off`,
			files: map[string]string{".gemini/settings.json": `{"hooks": {"enabled": false,
  "BeforeTool": [{"hooks": [{"type": "command", "command": "./hooks/guard.sh"}]}]}}`},
		},
		{
			name: "gemini hooksConfig disabled by name",
			doc:  `geminicli.com/docs/hooks/reference: hooksConfig.disabled, "List of hook identifiers to skip. Matches against name"`,
			files: map[string]string{".gemini/settings.json": `{"hooksConfig": {"disabled": ["guard"]},
  "hooks": {"BeforeTool": [{"hooks": [{"name": "guard", "type": "command", "command": "./hooks/guard.sh"},
    {"name": "log", "type": "command", "command": "./hooks/log.sh"}]}]}}`},
			want: []string{".gemini/settings.json:3"},
		},
		{
			name: "gemini hooksConfig enabled false",
			doc:  `geminicli.com/docs/hooks/reference: hooksConfig.enabled, "Master toggle for the hooks system. Set to false to disable all"`,
			files: map[string]string{".gemini/settings.json": `{"hooksConfig": {"enabled": false},
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "./hooks/guard.sh"}]}]}}`},
		},
		{
			name: "codex hooks.json",
			doc:  `codex-rs/hooks discovery: <layer>/hooks.json, {"hooks": {"<Event>": [groups]}}`,
			files: map[string]string{".codex/hooks.json": `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 .codex/check.py"}]}]}}`},
			want: []string{".codex/hooks.json:2"},
		},
		{
			name: "codex config.toml [hooks]",
			doc:  `codex config reference: [[hooks.PreToolUse]] groups with [[hooks.PreToolUse.hooks]] handlers in config.toml`,
			files: map[string]string{".codex/config.toml": `approval_policy = "on-request"

[[hooks.PreToolUse]]
matcher = "Bash"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "python3 .codex/check.py"
`},
			want: []string{".codex/config.toml:8"},
		},
		{
			name:  "opencode plugin folder of earlier releases",
			doc:   `opencode docs (earlier releases): ".opencode/plugin/ — project plugins"`,
			files: map[string]string{".opencode/plugin/notify.js": "export const P = async () => ({})"},
			want:  []string{".opencode/plugin/notify.js:1"},
		},
		{
			name:  "opencode plugin package folder",
			doc:   `opencode.ai/docs/plugins: "loads direct .ts and .js files and immediate plugin package directories of each discovered .opencode/plugins/ directory"`,
			files: map[string]string{".opencode/plugins/acme-package/index.ts": "export default {}"},
			want:  []string{".opencode/plugins/acme-package:1"},
		},
		{
			name: "opencode plugin list in opencode.json",
			doc:  `opencode.ai/docs/plugins: "plugin": ["opencode-helicone-session", "opencode-wakatime"] — npm plugins are installed at startup`,
			files: map[string]string{"opencode.json": `{
  "$schema": "https://opencode.ai/config.json",
  "plugin": ["opencode-wakatime", {"package": "@acme/opencode-plugin"}]
}`},
			want: []string{"opencode.json:3", "opencode.json:3"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{}
			for k, v := range c.files {
				files["home/p/"+k] = v
			}
			rep := run(t, layout(t, files))
			var got []string
			for _, f := range only(rep, KindRepoHook) {
				got = append(got, f.File+":"+strconv.Itoa(f.Line))
			}
			slices.Sort(got)
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("findings at %v, want %v (form: %s)\nall: %+v\nproblems: %v", got, c.want, c.doc, rep.Findings, rep.Problems)
			}
		})
	}
}
