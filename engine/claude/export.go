package claude

import (
	"encoding/json"
	"errors"
	"os"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// This file lends Claude Code's settings reader and command-pattern matcher
// to simulators of other agents that read Claude Code's own files
// (engine/codey) and to permsim audit. It only wraps what the Claude Code
// simulator already does, so both read a file the same way.

// Settings is one Claude Code settings file as read from disk: its
// permission lists with the line each rule sits on, and the raw top-level
// values for readers that want fields the Claude Code simulator does not
// keep.
type Settings struct {
	Path  string                     // the file
	Data  []byte                     // the file's bytes, for line numbers
	Top   map[string]json.RawMessage // every top-level key
	Rules map[string][]RuleText      // "allow", "ask", "deny" → rules in file order

	DefaultMode    string // permissions.defaultMode as written
	HasDefaultMode bool
	// AdditionalDirectories is permissions.additionalDirectories.
	AdditionalDirectories []string
	Hooks                 json.RawMessage // the "hooks" value, nil when absent
}

// RuleText is one permission rule as written, with its 1-based line (0 when
// it could not be found).
type RuleText struct {
	Text string
	Line int
}

// ReadSettings reads one settings file the way the Claude Code simulator
// does. A missing file gives (nil, nil); an unreadable or invalid one gives
// problems naming the file and line, and nil settings.
func ReadSettings(path string) (*Settings, []engine.Problem) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, []engine.Problem{engine.Warnf(path, 0, "%v", err)}
	}
	return ParseSettings(data, path)
}

// ParseSettings is ReadSettings on bytes already read.
func ParseSettings(data []byte, path string) (*Settings, []engine.Problem) {
	sf, probs := parseSettings(data, path, LayerProject, "")
	if sf == nil {
		return nil, probs
	}
	var top map[string]json.RawMessage
	_ = json.Unmarshal(data, &top) // parseSettings has already accepted it
	return exportSettings(sf, data, top), probs
}

func exportSettings(sf *settingsFile, data []byte, top map[string]json.RawMessage) *Settings {
	s := &Settings{Path: sf.path, Data: data, Top: top, Rules: map[string][]RuleText{},
		DefaultMode: sf.defaultMode, HasDefaultMode: sf.hasDefaultMode,
		AdditionalDirectories: sf.addDirs, Hooks: sf.hooks}
	for list, rs := range sf.lists {
		for _, r := range rs {
			s.Rules[list] = append(s.Rules[list], RuleText{Text: r.text, Line: r.line})
		}
	}
	return s
}

// Line is the 1-based line on which the top-level key name is written in
// data (1 when it cannot be found).
func Line(data []byte, name string) int { return keyLine(data, name, 0) }

// BashPatternMatches reports whether a simple command's text matches a
// Bash(...) rule's pattern as Claude Code reads it: "*" is any text, a
// trailing " *" or ":*" is a prefix ending at a word boundary (and also
// matches the bare command), and a pattern without "*" matches exactly.
func BashPatternMatches(pattern, command string) bool {
	return compileBash(pattern).match(command)
}

// Protected reports whether a write to path is one Claude Code's
// protected-path check covers: a .git, .claude, .vscode, … folder anywhere
// on the path, .config/git, or a shell startup, git or agent file.
func Protected(path string) bool { return protected(path) }
