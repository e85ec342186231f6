// Package engine holds the types every harness simulator shares: the Call a
// harness decides on, the Decision it reaches, the Harness/Policy contract,
// and the words of the spec's Scoring section (outcomes and groups).
//
// A simulator loads a project's rules once (Harness.Load, the "compile" step)
// and then decides any number of calls against them (Policy.Decide, the
// "evaluate" step). Decide is pure: the same Policy, Call and Mode always give
// the same Decision, and a Policy is safe for concurrent use.
package engine

import (
	"path/filepath"

	"github.com/permsim/permsim/toolcall"
)

// Label is printed with every result that was simulated rather than checked
// against the real harness binary.
const Label = "simulated from the documented rules"

// ReasonClassifier is the reason of a decision whose outcome is runs
// because the harness leaves the call to a model that reviews it (Claude
// Code's auto-mode classifier): whether it really runs is the model's to
// say, so the report shows these apart from the calls that run, and
// replay counts one as agreeing with its transcript only where the
// transcript shows what the model decided.
const ReasonClassifier = "left to the classifier"

// Outcome is what the harness does with a call.
type Outcome string

// The four outcomes of a decision.
const (
	Blocked Outcome = "blocked" // refused without asking
	Asks    Outcome = "asks"    // the user is asked first
	Runs    Outcome = "runs"    // runs without asking
	Unknown Outcome = "unknown" // the simulator cannot tell (a hook timed out, the classifier decides)
)

// Group is one of the five groups of the spec's Scoring section.
type Group string

// The five scoring groups.
const (
	GroupBlocked  Group = "blocked"   // blocked outright
	GroupAsksRule Group = "asks-rule" // asks because of a rule, hook or built-in check (stays in auto mode)
	GroupAsksMode Group = "asks-mode" // asks only because of the permission mode
	GroupRuns     Group = "runs"      // runs without asking (allow rule, read-only set, sandbox, classifier)
	GroupUnknown  Group = "unknown"   // a hook did not answer within the tester's limit
)

// Tool is the normalized tool name shared by every harness (toolcall.Tool).
type Tool = toolcall.Tool

// Normalized tools (DESIGN.md, calls.tool), as the call vocabulary names them.
const (
	ToolBash      = toolcall.Bash
	ToolRead      = toolcall.Read
	ToolEdit      = toolcall.Edit
	ToolWrite     = toolcall.Write
	ToolGlob      = toolcall.Glob
	ToolGrep      = toolcall.Grep
	ToolWebFetch  = toolcall.WebFetch
	ToolWebSearch = toolcall.WebSearch
	ToolMCP       = toolcall.MCP
	ToolOther     = toolcall.Other
)

// Call is one tool call as a harness sees it before deciding.
type Call struct {
	Tool    Tool           `json:"tool"`               // normalized tool
	RawTool string         `json:"raw_tool,omitempty"` // the harness's own tool name ("Bash", "Read", "mcp__github__get_issue")
	Command string         `json:"command,omitempty"`  // shell command line, for bash
	Paths   []string       `json:"paths,omitempty"`    // absolute paths the call names (file tools)
	Input   map[string]any `json:"input,omitempty"`    // the tool's own arguments as the harness received them
	Cwd     string         `json:"cwd,omitempty"`      // working folder of the call; empty means the project folder
	// Version is the harness version that recorded the call (the calls
	// table's harness_version; decide's "version"): a simulator decides as
	// that version did where its behaviour changed between versions.
	// Empty means not recorded: the simulator's newest checked behaviour.
	Version string `json:"version,omitempty"`
	// ModeRecorded says the mode a call is decided in is the one its
	// session's transcript recorded as in force (replay's "recorded" and
	// "parent session" modes): the harness really ran in it, so a version
	// table does not take it away as a mode that version lacked — unlike a
	// mode asked for with --mode or selected by settings, which a version
	// without it did not honour (testdata/claude/versions: 2.1.81 started
	// in default for --permission-mode auto).
	ModeRecorded bool `json:"mode_recorded,omitempty"`
}

// Mode is a permission mode, spelled as the harness spells it
// ("default", "acceptEdits", "on-request:workspace-write", …). Empty means
// "whatever the settings say".
type Mode string

// RuleRef names the rule that decided a call.
type RuleRef struct {
	Text     string `json:"text"`               // the rule as written, e.g. "Bash(git push *)"
	File     string `json:"file"`               // the settings file it came from
	Layer    string `json:"layer"`              // managed, local, project, user, cli, builtin, …
	List     string `json:"list"`               // allow, ask, deny (or the harness's own list name)
	Decision string `json:"decision,omitempty"` // the harness's own word (Codex allow/prompt/forbidden, Gemini allow/ask_user/deny)
}

// Decision is what a simulator concluded about one call in one mode.
type Decision struct {
	Outcome   Outcome  `json:"outcome"`
	Group     Group    `json:"group"`
	Step      string   `json:"step"`                 // which step of the harness's decision order decided ("2 deny rules", …)
	Rule      *RuleRef `json:"rule,omitempty"`       // the rule that decided, when a rule did
	Reason    string   `json:"reason,omitempty"`     // the spec's phrase where it has one
	Needs     []string `json:"needs,omitempty"`      // network, write-outside, write-git, write-project, read-secret
	Notes     []string `json:"notes,omitempty"`      // anything the user should know about this decision
	Mode      Mode     `json:"mode"`                 // the mode actually simulated
	ModeLabel string   `json:"mode_label,omitempty"` // e.g. "built-in default on 2.1.283+"
	Label     string   `json:"label"`                // Label, or "checked against <harness> <version>"
	// VersionBasis says which version's behaviour decided the call when
	// the call named its version (Call.Version): "checked: 2.1.81", or
	// "2.1.200: not checked; decided as 2.1.81, the nearest checked
	// version" (VersionTable.VersionAs). Empty when no version was given:
	// the newest checked behaviour. Replay stores it as version_basis.
	VersionBasis string `json:"version_basis,omitempty"`
}

// Env says where one harness should look for one project's settings.
type Env struct {
	ProjectDir string            // the project folder (absolute)
	HomeDir    string            // the home folder whose user settings apply
	ManagedDir string            // managed-settings folder; empty means the platform default
	ConfigDir  string            // harness config folder override (e.g. $CLAUDE_CONFIG_DIR); empty means under HomeDir
	Trust      *bool             // nil: read the harness's own record, and assume trusted when there is none
	Flags      map[string]string // harness-specific flags ("mode", …)
	RunHooks   bool              // hooks may be run by Decide
}

// EnvFunc adds to env what its caller knows of the harness's folders
// beyond the project and home: the harness's own environment variables
// ($CLAUDE_CONFIG_DIR, $CODEX_HOME, …) for the user's own home, a managed
// settings folder given on the command line. harness is the canonical ID.
// Replay and the battery are handed one; nil adds nothing.
type EnvFunc func(harness string, env *Env)

// RuleInfo describes one rule under its file, in force or not.
type RuleInfo struct {
	File    string `json:"file"`
	Layer   string `json:"layer"`
	List    string `json:"list"`
	Rule    string `json:"rule"`
	InForce bool   `json:"in_force"`
	Why     string `json:"why,omitempty"` // why it is not in force, or a note on how it is read
}

// Policy is one harness's compiled rules for one project. Implementations
// are immutable after Load and safe for concurrent use.
type Policy interface {
	// Decide says what the harness would do with call in mode. An empty mode
	// means the mode the settings select. Decide never writes to disk.
	Decide(call Call, mode Mode) Decision
	// Modes lists the modes worth scoring for this project (for the battery),
	// the settings' own mode first.
	Modes() []Mode
	// Rules lists every rule under its file, in force or not, and why.
	Rules() []RuleInfo
	// Problems lists what could not be read (file:line: message), in file order.
	Problems() []string
}

// SettingsFiler is implemented by a Policy that can list the settings files
// its Load read, rules in them or not (a file that sets only the mode):
// replay records them, and push snapshots them for the central replay.
type SettingsFiler interface {
	// SettingsFiles lists the absolute paths of the files read.
	SettingsFiles() []string
}

// AbsFiles is SettingsFiles for a loader that kept every path it read:
// the absolute ones (a flag's inline settings are not files of the
// machine), each once, in the order read.
func AbsFiles(read []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range read {
		if filepath.IsAbs(f) && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// Harness loads a Policy for one project.
type Harness interface {
	// Name is the harness's canonical ID (toolcall.ClaudeCode, toolcall.Codex, …).
	Name() string
	// Load reads every settings layer for env once. A file it cannot read
	// becomes a Problem of the Policy, not an error; Load fails only when
	// nothing usable could be built.
	Load(env Env) (Policy, error)
}

// Loaded is what a Harness's Load returns for a simulator whose own loader
// gives its policy type: a failed load gives a nil Policy, never one that
// holds a nil *P (which is not == nil).
func Loaded[P Policy](p P, err error) (Policy, error) {
	if err != nil {
		return nil, err
	}
	return p, nil
}

// RecordedModer is implemented by a Harness whose simulator spells a mode
// differently from the way its transcripts record it (Codex records the
// approval policy and the sandbox apart and decides on both joined). Replay
// asks it for the mode of each recorded call; a Harness without it takes
// Row.Mode as it is.
type RecordedModer interface {
	// RecordedMode returns the mode to simulate r in; "" means the mode
	// the settings select.
	RecordedMode(r toolcall.Row) Mode
}

// GroupFor returns the scoring group for an outcome when the caller knows
// whether an ask came from a rule/hook/built-in check (byRule) or only from
// the mode.
func GroupFor(o Outcome, byRule bool) Group {
	switch o {
	case Blocked:
		return GroupBlocked
	case Runs:
		return GroupRuns
	case Asks:
		if byRule {
			return GroupAsksRule
		}
		return GroupAsksMode
	}
	return GroupUnknown
}
