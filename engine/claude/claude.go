// Package claude simulates Claude Code's permission decisions.
//
// Load reads every settings layer of one project once (managed, --settings,
// local, project, user, and the --allowedTools/--disallowedTools flags),
// compiles the rules and resolves the permission mode. Decide then walks the
// fourteen steps of the seed's "Order of decisions" for one call, without
// touching the disk except to follow a symlink a path rule may name, and
// without running a hook unless the project was loaded with Env.RunHooks
// (CommandHooks then runs them, within engine/hooks' limits). The sandbox
// (step 13) follows the seed's "Sandbox" section.
//
// Where the seed and the real Claude Code 2.1.328 (the differential corpus)
// disagree, the simulator follows the real harness; docs/claude-differences.md
// lists every such place.
package claude

import (
	"runtime"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// Keys of engine.Env.Flags that the Claude Code simulator reads. Values that
// hold lists (rules, folders) separate entries with newlines; rule lists are
// also split at commas and spaces outside parentheses, as the claude CLI does.
const (
	// FlagMode is --permission-mode: default, manual, acceptEdits, plan,
	// dontAsk, bypassPermissions, auto (or "dangerously-skip-permissions").
	FlagMode = "mode"
	// FlagSkipPermissions is --dangerously-skip-permissions ("true").
	FlagSkipPermissions = "dangerously-skip-permissions"
	// FlagSettings is --settings: a settings file's path, or JSON text.
	FlagSettings = "settings"
	// FlagAllowedTools is --allowedTools: allow rules from the command line.
	FlagAllowedTools = "allowedTools"
	// FlagDisallowedTools is --disallowedTools: deny rules from the command line.
	FlagDisallowedTools = "disallowedTools"
	// FlagAddDir is --add-dir: extra working folders.
	FlagAddDir = "add-dir"
	// FlagHeadless ("true") says the session is `claude -p` or the Agent SDK,
	// which start in Manual (default) mode when no defaultMode is set, where
	// a terminal session on 2.1.283+ starts in auto mode.
	FlagHeadless = "headless"
)

// FromEnviron sets in env what Claude Code's environment variables say of
// its folders, as getenv reads them: CLAUDE_CONFIG_DIR, the user folder
// (settings.json, and .claude.json's trust record) in place of ~/.claude.
// The caller applies it only for the user's own home.
func FromEnviron(getenv func(string) string, env *engine.Env) {
	if v := strings.TrimSpace(getenv("CLAUDE_CONFIG_DIR")); v != "" {
		env.ConfigDir = v
	}
}

// Layer names as they appear in RuleInfo.Layer and RuleRef.Layer.
const (
	LayerManaged = "managed"
	LayerCLI     = "cli" // --settings, --allowedTools, --disallowedTools
	LayerLocal   = "local"
	LayerProject = "project"
	LayerUser    = "user"
)

// Harness is the Claude Code simulator. The zero value is ready to use and
// runs no hooks.
type Harness struct {
	// Hooks answers the hook steps (1, 6 and 9). Nil means hooks are not
	// run: those steps decide nothing.
	Hooks HookRunner

	// dirExists reports whether an extra working folder exists when the
	// session starts (Claude Code drops a missing --add-dir folder). Nil
	// means ask the disk; tests replace it to stand in for another machine.
	dirExists func(path string) bool
}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns a Harness that runs no hooks.
func New() *Harness { return &Harness{} }

// Name returns the harness's canonical ID (toolcall.ClaudeCode).
func (h *Harness) Name() string { return toolcall.ClaudeCode }

// Load reads every settings layer for env once and compiles the rules. A
// settings file that cannot be read or parsed becomes a Problem and is
// skipped; Load fails only when env names no project folder.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	return engine.Loaded(h.load(env))
}

// defaultManagedDir is where Claude Code looks for managed settings on this
// platform.
func defaultManagedDir() string {
	switch runtime.GOOS {
	case "darwin":
		return "/Library/Application Support/ClaudeCode"
	case "windows":
		return `C:\Program Files\ClaudeCode`
	}
	return "/etc/claude-code"
}

// splitList splits a flag value into entries: newlines always separate, and
// commas or blanks separate too when they are outside parentheses, so
// "Bash(git log:*) Edit" and "Bash(git log:*),Edit" both give two rules.
func splitList(s string) []string {
	var out []string
	depth := 0
	start := 0
	flush := func(end int) {
		if t := strings.TrimSpace(s[start:end]); t != "" {
			out = append(out, t)
		}
		start = end + 1
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '\n':
			depth = 0
			flush(i)
		case ',', ' ', '\t':
			if depth == 0 {
				flush(i)
			}
		}
	}
	if start <= len(s) {
		flush(len(s))
	}
	return out
}

// splitLines splits a folder-list flag at newlines only, since folder names
// may hold blanks and commas.
func splitLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
