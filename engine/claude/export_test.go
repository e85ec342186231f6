package claude

import (
	"os"
	"path/filepath"
	"testing"
)

// ReadSettings hands other readers of Claude Code's files (engine/codey,
// permsim audit) the same rules, lines and fields this simulator reads.
func TestReadSettingsExport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	text := "{\n  \"model\": \"x\",\n  \"permissions\": {\n    \"allow\": [\"Bash(npm test)\",\n      \"Read(src/**)\"],\n    \"deny\": [\"Read(.env)\"],\n    \"defaultMode\": \"acceptEdits\",\n    \"additionalDirectories\": [\"../lib\"]\n  },\n  \"hooks\": {}\n}\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, probs := ReadSettings(path)
	if s == nil || len(probs) != 0 {
		t.Fatalf("ReadSettings: %v %v", s, probs)
	}
	if got := s.Rules["allow"]; len(got) != 2 || got[0] != (RuleText{"Bash(npm test)", 4}) || got[1] != (RuleText{"Read(src/**)", 5}) {
		t.Errorf("allow: %+v", got)
	}
	if got := s.Rules["deny"]; len(got) != 1 || got[0].Line != 6 {
		t.Errorf("deny: %+v", got)
	}
	if !s.HasDefaultMode || s.DefaultMode != "acceptEdits" || len(s.AdditionalDirectories) != 1 || s.Hooks == nil || s.Top["model"] == nil {
		t.Errorf("fields: %+v", s)
	}
	if Line(s.Data, "hooks") != 10 {
		t.Errorf("hooks line %d", Line(s.Data, "hooks"))
	}
	if s, probs := ReadSettings(filepath.Join(dir, "missing.json")); s != nil || probs != nil {
		t.Errorf("missing file: %v %v", s, probs)
	}
	if _, probs := ParseSettings([]byte("{\n  \"permissions\": [\n"), "bad.json"); len(probs) != 1 {
		t.Errorf("invalid JSON: %v", probs)
	}
	// The command patterns read as Bash(...) rules read them (seed 002,
	// "Shell command matching": a trailing " *" or ":*" is a prefix at a
	// word boundary that also matches the bare command).
	for _, c := range []struct {
		pat, cmd string
		want     bool
	}{
		{"npm run test:*", "npm run test", true},
		{"npm run test:*", "npm run test -- --ci", true},
		{"npm run test:*", "npm run testing", false},
		{"git push *", "git push", true},
		{"git status", "git status --short", false},
	} {
		if got := BashPatternMatches(c.pat, c.cmd); got != c.want {
			t.Errorf("BashPatternMatches(%q, %q) = %v", c.pat, c.cmd, got)
		}
	}
	if !Protected("/p/.git/config") || Protected("/p/src/main.go") {
		t.Error("Protected")
	}
}
