package engine

import "testing"

func TestParseProblem(t *testing.T) {
	// The forms the loaders write today (engine/codex, engine/opencode,
	// engine/cursor, engine/codey, engine/claude): each must read back
	// into its parts and print as the very same text.
	tests := []struct {
		text         string
		file         string
		line, column int
		severity     string
		msg          string
	}{
		{"/home/u/.codex/config.toml:3: expected '='; the file is skipped (Codex itself refuses to start with it)",
			"/home/u/.codex/config.toml", 3, 0, SeverityError, "expected '='; the file is skipped (Codex itself refuses to start with it)"},
		{"/p/.cursor/cli.json: permissions.allow: 3 is not a string, skipped", "/p/.cursor/cli.json", 0, 0, SeverityWarning, "permissions.allow: 3 is not a string, skipped"},
		{"/p/.claude/settings.json:4:12: invalid character '}'", "/p/.claude/settings.json", 4, 12, SeverityWarning, "invalid character '}'"},
		{"--mode: unknown mode \"x\"; ignored", "", 0, 0, SeverityWarning, "--mode: unknown mode \"x\"; ignored"},
		{"OPENCODE_PERMISSION: not a JSON object, skipped (as OpenCode does): bad", "", 0, 0, SeverityWarning, "OPENCODE_PERMISSION: not a JSON object, skipped (as OpenCode does): bad"},
		{`permission "bash" takes only "allow", "ask" or "deny" in OpenCode 1.18.33, not patterns: OpenCode refuses to start with this config`,
			"", 0, 0, SeverityError, `permission "bash" takes only "allow", "ask" or "deny" in OpenCode 1.18.33, not patterns: OpenCode refuses to start with this config`},
		{"/home/my docs/x.json: not a JSON object", "/home/my docs/x.json", 0, 0, SeverityWarning, "not a JSON object"},
		{"a/b c: d", "", 0, 0, SeverityWarning, "a/b c: d"},
		{"no colon at all", "", 0, 0, SeverityWarning, "no colon at all"},
	}
	for _, tt := range tests {
		p := ParseProblem(tt.text)
		if p.File != tt.file || p.Line != tt.line || p.Column != tt.column || p.Severity != tt.severity || p.Msg != tt.msg {
			t.Errorf("ParseProblem(%q) = %+v, want file %q line %d column %d severity %s message %q", tt.text, p, tt.file, tt.line, tt.column, tt.severity, tt.msg)
		}
		if p.String() != tt.text {
			t.Errorf("ParseProblem(%q).String() = %q, want the text back", tt.text, p.String())
		}
	}
}

func FuzzParseProblem(f *testing.F) {
	for _, s := range []string{"/a/b:3: x", "/a:1:2: y", "--mode: z", "", ":", "/x:0: y", "/x:-1: y", "/x::: y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got := ParseProblem(s).String(); got != s {
			t.Errorf("ParseProblem(%q).String() = %q", s, got)
		}
	})
}
