// Package opencode simulates OpenCode's permission decisions.
//
// Load reads a project's OpenCode configuration the way OpenCode 1.18.33
// does: the global opencode.json / opencode.jsonc (and the older
// config.json) in ~/.config/opencode, then the file OPENCODE_CONFIG names,
// then every opencode.json(c) from the git worktree root down to the
// project folder, then the opencode.json(c) of each .opencode folder, then
// the managed folder and OPENCODE_PERMISSION, merged key by key. It then
// builds each agent's rule list as OpenCode does: the built-in defaults,
// the agent's own built-in rules (plan denies edits), the config's
// `permission`, and the agent's own `permission` block, in that order.
//
// Decide walks one call through the permission requests the real tool
// makes before it runs (reference: the tool code of OpenCode 1.18.33): a
// path outside the project first asks `external_directory`, then the tool's
// own permission is asked with the tool's pattern (a path relative to the
// worktree, each command of a shell line, a URL). For every pattern the
// last matching rule wins; any deny blocks, anything not allowed asks.
//
// Where the seed and the real OpenCode 1.18.33 differ, the simulator
// follows the real one; docs/opencode-differences.md lists the places.
package opencode

import (
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/toolcall"
)

// Version is the OpenCode release whose behaviour the simulator follows.
const Version = "1.18.33"

// Keys of engine.Env.Flags that the OpenCode simulator reads.
const (
	// FlagAgent is `opencode run --agent NAME`: the agent (mode) whose
	// rules apply when Decide is given no mode.
	FlagAgent = "agent"
	// FlagConfig is the OPENCODE_CONFIG environment variable: one more
	// config file, merged after the global one.
	FlagConfig = "config"
	// FlagConfigContent is OPENCODE_CONFIG_CONTENT: inline JSON merged
	// after the project's files.
	FlagConfigContent = "config-content"
	// FlagPermission is OPENCODE_PERMISSION: JSON merged into `permission`
	// last of all.
	FlagPermission = "permission"
	// FlagDisableProjectConfig ("true") is OPENCODE_DISABLE_PROJECT_CONFIG.
	FlagDisableProjectConfig = "disable-project-config"
	// FlagConfigDir is OPENCODE_CONFIG_DIR: one more folder whose
	// opencode.json(c) is loaded after the .opencode folders' (OpenCode's
	// config.ts loads it in the same loop: `dir.endsWith(".opencode") ||
	// dir === Flag.OPENCODE_CONFIG_DIR`).
	FlagConfigDir = "config-dir"
)

// FromEnviron sets in env what OpenCode's environment variables say of its
// configuration, as getenv reads them: XDG_CONFIG_HOME (the global folder
// is its opencode/), OPENCODE_CONFIG, OPENCODE_CONFIG_DIR,
// OPENCODE_CONFIG_CONTENT, OPENCODE_PERMISSION and
// OPENCODE_DISABLE_PROJECT_CONFIG. The caller
// applies it only for the user's own home.
func FromEnviron(getenv func(string) string, env *engine.Env) {
	if v := strings.TrimSpace(getenv("XDG_CONFIG_HOME")); v != "" {
		env.ConfigDir = filepath.Join(v, "opencode")
	}
	set := func(flag, v string) {
		if v == "" {
			return
		}
		if env.Flags == nil {
			env.Flags = map[string]string{}
		}
		env.Flags[flag] = v
	}
	set(FlagConfig, strings.TrimSpace(getenv("OPENCODE_CONFIG")))
	set(FlagConfigContent, getenv("OPENCODE_CONFIG_CONTENT"))
	set(FlagPermission, getenv("OPENCODE_PERMISSION"))
	set(FlagConfigDir, strings.TrimSpace(getenv("OPENCODE_CONFIG_DIR")))
	if v := strings.ToLower(strings.TrimSpace(getenv("OPENCODE_DISABLE_PROJECT_CONFIG"))); v == "true" || v == "1" {
		set(FlagDisableProjectConfig, "true")
	}
}

// Layer names as they appear in RuleInfo.Layer and RuleRef.Layer.
const (
	LayerBuiltin = "builtin" // OpenCode's own defaults and agent rules
	LayerGlobal  = "global"  // ~/.config/opencode
	LayerCustom  = "custom"  // the OPENCODE_CONFIG file
	LayerProject = "project" // opencode.json(c) in the project and its parents up to the worktree
	LayerDotDir  = "project-dir"
	LayerInline  = "inline"  // OPENCODE_CONFIG_CONTENT
	LayerManaged = "managed" // the managed config folder
	LayerEnv     = "env"     // OPENCODE_PERMISSION
)

// Harness is the OpenCode simulator. The zero value is ready to use.
type Harness struct{}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns the OpenCode simulator.
func New() *Harness { return &Harness{} }

// Name returns the harness's canonical ID (toolcall.OpenCode).
func (h *Harness) Name() string { return toolcall.OpenCode }

// Load reads every config layer for env once and builds each agent's
// rules. A file that cannot be read becomes a Problem; Load fails only
// when env names no project folder.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	return engine.Loaded(load(env))
}
