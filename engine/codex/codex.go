// Package codex simulates the permission decisions of the OpenAI Codex CLI.
//
// Load reads every config layer of one project once: the system folder
// (/etc/codex), the user's Codex home ($CODEX_HOME, ~/.codex) and the
// project's .codex/ folders when the project is trusted. From each it takes
// config.toml (read with BurntSushi/toml), the rules/*.rules files (parsed
// with the Starlark grammar, never run) and the hooks (listed, not run).
// Decide then walks Codex's order for one tool call: an escalation request
// the approval policy cannot show, the prefix rules with the built-in rm
// guard and the approval policy for commands no rule names, and finally the
// sandbox (read-only, workspace-write, danger-full-access) for what the
// command writes or reaches.
//
// Where the seed and the real Codex 0.169.0 (the differential corpus in
// testdata/codex/differential) disagree, the simulator follows the real
// harness; docs/codex-differences.md lists every such place.
package codex

import (
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/toolcall"
)

// Keys of engine.Env.Flags that the Codex simulator reads.
const (
	// FlagMode is the mode for the whole session, "APPROVAL:SANDBOX"
	// ("on-request:workspace-write"), either half alone ("never",
	// ":read-only"), or --dangerously-bypass-approvals-and-sandbox.
	FlagMode = "mode"
	// FlagApproval is --ask-for-approval: untrusted, on-request,
	// on-failure, never.
	FlagApproval = "ask-for-approval"
	// FlagSandbox is --sandbox: read-only, workspace-write,
	// danger-full-access.
	FlagSandbox = "sandbox"
	// FlagBypass ("true") is --dangerously-bypass-approvals-and-sandbox.
	FlagBypass = "dangerously-bypass-approvals-and-sandbox"
	// FlagProfile is --profile: the [profiles.<name>] table of config.toml
	// whose approval_policy and sandbox_mode win over the top-level ones.
	FlagProfile = "profile"
	// FlagTmpdir is the session's $TMPDIR, which workspace-write lets
	// commands write unless exclude_tmpdir_env_var is set. Empty: none.
	FlagTmpdir = "tmpdir"
)

// FromEnviron sets in env what Codex's environment variables say of its
// folders, as getenv reads them: CODEX_HOME, the user folder (config.toml,
// rules/, hooks) in place of ~/.codex. The caller applies it only for the
// user's own home.
func FromEnviron(getenv func(string) string, env *engine.Env) {
	if v := strings.TrimSpace(getenv("CODEX_HOME")); v != "" {
		env.ConfigDir = v
	}
}

// Layer names as they appear in RuleInfo.Layer and RuleRef.Layer.
const (
	LayerSystem  = "system"  // /etc/codex (Env.ManagedDir)
	LayerUser    = "user"    // $CODEX_HOME or ~/.codex
	LayerProject = "project" // <project>/.codex, and those up to the git root
	LayerBuiltin = "builtin" // Codex's own checks (the rm guard)
)

// Version is the Codex release the simulator was checked against.
const Version = "0.169.0"

// Harness is the Codex CLI simulator. The zero value is ready to use and
// runs no hooks.
type Harness struct {
	// Hooks runs the PreToolUse hooks Codex would run, when a policy is
	// loaded with Env.RunHooks. Nil: hooks are listed, not run.
	Hooks *hooks.Runner
}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns the Codex simulator.
func New() *Harness { return &Harness{} }

// RecordedMode forms the mode the simulator decides in from what a calls
// row records (engine.RecordedModer): Row.Mode holds the turn's approval
// policy ("on-request", "never", …, as the rollout spells it) and
// Row.Sandbox the sandbox policy's type ("workspace-write", "read-only",
// "danger-full-access"); the simulator takes them joined as
// "APPROVAL:SANDBOX" ("on-request:workspace-write"). When only one is
// recorded it is given alone ("never", ":read-only"), and "" when neither is.
func (h *Harness) RecordedMode(r toolcall.Row) engine.Mode {
	if r.Mode == "" {
		return ""
	}
	if r.Sandbox == "" {
		return engine.Mode(r.Mode)
	}
	return engine.Mode(r.Mode + ":" + r.Sandbox)
}

// Name returns the harness's canonical ID (toolcall.Codex).
func (h *Harness) Name() string { return toolcall.Codex }

// Load reads every config layer for env once: config.toml, rules/*.rules
// and hooks. A file that cannot be read or parsed becomes a Problem and is
// skipped (or, for a .rules file, makes Codex load no rules, as Codex
// does); Load fails only when env names no project folder.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	return engine.Loaded(load(env, h.Hooks))
}
