// Package gemini simulates Gemini CLI's permission decisions.
//
// Load reads one project's settings layers (system defaults, user, the
// project's own settings when the folder is trusted, system overrides),
// the trusted-folders record, the policy TOML files of every tier (the
// built-in defaults embedded here, the user's ~/.gemini/policies or
// --policy, the admin folder and --admin-policy) and turns the settings'
// tool lists into policy rules, the way Gemini CLI 0.61.0 builds its policy
// engine. Decide then walks one call through what the real harness does
// before it runs a tool: the tool registry (a tool a deny rule removes is
// never registered), the file tools' own path checks (workspace, plan
// folder), and the policy engine (highest priority rule first, shell
// commands split into every command they run, redirections, the built-in
// known-safe and dangerous command lists).
//
// Where the seed and the real Gemini CLI 0.61.0 (the differential corpus)
// disagree, the simulator follows the real harness;
// docs/gemini-differences.md lists every such place.
package gemini

import (
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/toolcall"
)

// Version is the Gemini CLI release whose behaviour the simulator follows
// and whose built-in policies are embedded.
const Version = "0.61.0"

// Keys of engine.Env.Flags that the Gemini CLI simulator reads. List values
// separate entries with commas or newlines, as Gemini CLI's own flags do.
const (
	// FlagMode is --approval-mode: default, auto_edit, yolo, plan
	// (autoEdit is accepted too).
	FlagMode = "mode"
	// FlagYolo is --yolo ("true").
	FlagYolo = "yolo"
	// FlagPolicy is --policy: policy files or folders that replace
	// ~/.gemini/policies in the user tier.
	FlagPolicy = "policy"
	// FlagAdminPolicy is --admin-policy: policy files or folders of the
	// admin tier, ignored when the system policy folder holds policies.
	FlagAdminPolicy = "admin-policy"
	// FlagAllowedTools is --allowed-tools: replaces tools.allowed.
	FlagAllowedTools = "allowed-tools"
	// FlagIncludeDirectories is --include-directories: extra workspace
	// folders.
	FlagIncludeDirectories = "include-directories"
	// FlagHeadless ("true") says the session is `gemini -p`: nobody can be
	// asked, so Gemini CLI denies what it would ask and does not register
	// tools that would need a prompt.
	FlagHeadless = "headless"
	// FlagSystemSettings is GEMINI_CLI_SYSTEM_SETTINGS_PATH: the system
	// settings file, in place of settings.json of the system folder.
	FlagSystemSettings = "system-settings-path"
	// FlagSystemDefaults is GEMINI_CLI_SYSTEM_DEFAULTS_PATH: the system
	// defaults file, in place of system-defaults.json beside the system
	// settings file.
	FlagSystemDefaults = "system-defaults-path"
	// FlagTrustedFolders is GEMINI_CLI_TRUSTED_FOLDERS_PATH: the trust
	// record, in place of trustedFolders.json of the user's .gemini folder.
	FlagTrustedFolders = "trusted-folders-path"
	// FlagTrustWorkspace is what GEMINI_CLI_TRUST_WORKSPACE and
	// GEMINI_RESTRICTED_MODE say of the folder: "true" trusts it and
	// "false" does not, whatever the record or --trust says.
	FlagTrustWorkspace = "trust-workspace"
)

// FromEnviron sets in env what Gemini CLI's environment variables say of
// its folders, as getenv reads them: GEMINI_CLI_HOME (the home whose
// .gemini folder is the user's), GEMINI_CLI_SYSTEM_SETTINGS_PATH and
// GEMINI_CLI_SYSTEM_DEFAULTS_PATH (packages/cli/src/config/settings.ts:
// getSystemSettingsPath, getSystemDefaultsPath),
// GEMINI_CLI_TRUSTED_FOLDERS_PATH (Storage.getTrustedFoldersPath), and
// GEMINI_RESTRICTED_MODE and GEMINI_CLI_TRUST_WORKSPACE, which checkPathTrust
// reads before anything else: restricted mode or "false" leaves the folder
// untrusted, "true" trusts it. The caller applies it only for the user's
// own home.
func FromEnviron(getenv func(string) string, env *engine.Env) {
	if v := strings.TrimSpace(getenv("GEMINI_CLI_HOME")); v != "" {
		env.ConfigDir = filepath.Join(v, ".gemini")
	}
	// Compared exactly, as Gemini CLI compares them: "TRUE" or "1" say
	// nothing.
	trust := ""
	switch {
	case getenv("GEMINI_RESTRICTED_MODE") == "true" || getenv("GEMINI_CLI_TRUST_WORKSPACE") == "false":
		trust = "false"
	case getenv("GEMINI_CLI_TRUST_WORKSPACE") == "true":
		trust = "true"
	}
	if trust != "" {
		if env.Flags == nil {
			env.Flags = map[string]string{}
		}
		env.Flags[FlagTrustWorkspace] = trust
	}
	for flag, name := range map[string]string{FlagSystemSettings: "GEMINI_CLI_SYSTEM_SETTINGS_PATH", FlagSystemDefaults: "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", FlagTrustedFolders: "GEMINI_CLI_TRUSTED_FOLDERS_PATH"} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			if env.Flags == nil {
				env.Flags = map[string]string{}
			}
			env.Flags[flag] = v
		}
	}
}

// Layer names as they appear in RuleInfo.Layer and RuleRef.Layer. The
// policy tiers use Gemini CLI's own names.
const (
	LayerBuiltin   = "builtin"   // the default policies shipped with Gemini CLI (tier 1)
	LayerWorkspace = "workspace" // <project>/.gemini/policies (tier 3, not loaded by 0.61.0)
	LayerUser      = "user"      // ~/.gemini/policies or --policy (tier 4), and ~/.gemini/settings.json
	LayerAdmin     = "admin"     // the system policy folder and --admin-policy (tier 5)
	LayerProject   = "project"   // <project>/.gemini/settings.json
	LayerSystem    = "system"    // the system settings files
	LayerCLI       = "cli"       // command-line flags
)

// Modes as Gemini CLI's policy engine spells them.
const (
	ModeDefault  = engine.Mode("default")
	ModeAutoEdit = engine.Mode("autoEdit")
	ModeYolo     = engine.Mode("yolo")
	ModePlan     = engine.Mode("plan")
)

// Harness is the Gemini CLI simulator. The zero value is ready to use and
// runs no hooks.
type Harness struct {
	// Hooks runs the BeforeTool hooks Gemini CLI would run, when a policy
	// is loaded with Env.RunHooks. Nil: hooks are listed, not run.
	Hooks *hooks.Runner
}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns the Gemini CLI simulator.
func New() *Harness { return &Harness{} }

// Name returns the harness's canonical ID (toolcall.Gemini).
func (h *Harness) Name() string { return toolcall.Gemini }

// Load reads every settings layer and policy file for env once and compiles
// the rules. A file that cannot be read or parsed becomes a Problem and is
// skipped; Load fails only when env names no project folder.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	return engine.Loaded(load(env, h.Hooks))
}

// normalizeMode spells a mode the way the policy engine does; it accepts
// the --approval-mode spelling auto_edit and the --yolo flag.
func normalizeMode(s string) (engine.Mode, bool) {
	switch s {
	case "default":
		return ModeDefault, true
	case "autoEdit", "auto_edit":
		return ModeAutoEdit, true
	case "yolo", "--yolo":
		return ModeYolo, true
	case "plan":
		return ModePlan, true
	}
	return "", false
}
