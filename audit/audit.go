// Package audit reads what a repository's agent configuration can make an
// agent do, for every harness permsim knows, without running anything: the
// CLAUDE.md files Claude Code and Codey load and what they import, the MCP
// servers a repository ships and how they get approved, the allow rules a
// repository writes for itself, settings files that only look like the
// user's own, rules no harness ever consults, OpenCode catch-alls that undo
// a deny, and hooks that run code on the user's machine.
//
// Each finding names a file and line, a severity, and the harnesses it
// affects. Run never writes, and runs nothing but `git` (to ask which files
// are tracked and how .mcp.json changed).
package audit

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/battery"
	"github.com/permsim/permsim/engine/claudemd"
	"github.com/permsim/permsim/toolcall"
)

// Severity orders findings; a higher value is worse.
type Severity int

// The severities, from least to most severe.
const (
	Note Severity = iota
	Low
	Medium
	High
	Critical
)

var severityNames = []string{"note", "low", "medium", "high", "critical"}

// String is the severity's name.
func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return "unknown"
	}
	return severityNames[s]
}

// ParseSeverity reads a severity name.
func ParseSeverity(s string) (Severity, error) {
	for i, n := range severityNames {
		if strings.EqualFold(s, n) {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("severity %q: want one of %s", s, strings.Join(severityNames, ", "))
}

// MarshalText writes the severity's name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Kinds of finding, with the rule IDs SARIF output gives them.
const (
	KindImportOutside  = "claude-md-import-outside"
	KindMCPEnableAll   = "mcp-enable-all"
	KindMCPRepoEnables = "mcp-repo-enables"
	KindMCPChanged     = "mcp-approved-by-name-changed"
	KindSharedAllow    = "shared-allow-rule"
	KindTrackedLocal   = "tracked-local-settings"
	KindCatchAll       = "opencode-catch-all-after-deny"
	KindNeverConsulted = "rule-never-consulted"
	KindRepoHook       = "repository-hook"
)

// Finding is one thing a repository's agent files can make an agent do.
type Finding struct {
	Kind      string   `json:"kind"`
	File      string   `json:"file"` // relative to the project when inside it
	Line      int      `json:"line"` // 1-based; 0 when the file as a whole is meant
	Severity  Severity `json:"severity"`
	Harnesses []string `json:"harnesses"`
	Message   string   `json:"message"`
}

// Options say what to audit.
type Options struct {
	Project string // the working root (absolute)
	Home    string // the home folder whose user files apply (absolute)
	// Harnesses are the simulators whose rule listings find rules never
	// consulted; nil skips that check.
	Harnesses []engine.Harness
	// Cases score what a repository's allow rules would let run once the
	// project is trusted; nil means the built-in battery.
	Cases []battery.Case
	// Tracked, when not nil, is every file git tracks (slash paths relative
	// to the project's top folder), and git is not asked at all: the
	// project is one revision read out of git into a folder of its own
	// (permsim check), where git has nothing to say and every file it
	// wrote is tracked.
	Tracked []string
	// Env, when not nil, adds what the harnesses' environment variables
	// say of their folders ($CLAUDE_CONFIG_DIR, $CODEX_HOME, …), as decide
	// and replay apply them: the user files read are then the ones the
	// harness reads. nil reads them at their default places under Home.
	Env engine.EnvFunc
}

// Report is one audit.
type Report struct {
	Project  string           `json:"project"`
	Home     string           `json:"home"`
	Memory   *claudemd.Memory `json:"claude_md"`
	Findings []Finding        `json:"findings"`
	Problems []string         `json:"problems,omitempty"`
}

// Worst is the highest severity among the findings, and false when there
// are none.
func (r *Report) Worst() (Severity, bool) {
	if len(r.Findings) == 0 {
		return 0, false
	}
	w := Note
	for _, f := range r.Findings {
		w = max(w, f.Severity)
	}
	return w, true
}

// AtLeast reports whether any finding is at or above s.
func (r *Report) AtLeast(s Severity) bool {
	w, ok := r.Worst()
	return ok && w >= s
}

// auditor carries one run.
type auditor struct {
	opts    Options
	top     string // the project's top folder (nearest .git, …)
	rep     *Report
	tracked map[string]bool // files git tracks, relative to top; nil when not a repository
	// caseCount is how many battery cases scored the allow rules.
	caseCount int
	// failed holds the files whose read failed, reported once (read).
	failed map[string]bool
	// claudeDir is Claude Code's config folder when its environment moves
	// it ($CLAUDE_CONFIG_DIR), else "": the user's settings.json,
	// CLAUDE.md and .claude.json are then there, not under the home.
	claudeDir string
}

// Run audits one project.
func Run(opts Options) (*Report, error) {
	if opts.Project == "" {
		return nil, fmt.Errorf("audit: no project folder given")
	}
	st, err := os.Stat(opts.Project)
	if err != nil {
		return nil, fmt.Errorf("audit: project folder: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("audit: project folder %s is not a folder", opts.Project)
	}
	opts.Project, opts.Home = filepath.Clean(opts.Project), filepath.Clean(opts.Home)
	a := &auditor{opts: opts, rep: &Report{Project: opts.Project, Home: opts.Home}}
	a.claudeDir = a.env(toolcall.ClaudeCode).ConfigDir
	a.rep.Memory = claudemd.LoadConfigDir(opts.Project, opts.Home, a.claudeDir)
	a.top = a.rep.Memory.Top
	a.rep.Problems = append(a.rep.Problems, a.rep.Memory.Problem...)
	a.loadTracked()

	a.imports()
	a.mcp()
	a.sharedRules()
	a.trackedLocal()
	a.catchAll()
	a.neverConsulted()
	a.hooks()

	sort.SliceStable(a.rep.Findings, func(i, j int) bool {
		x, y := a.rep.Findings[i], a.rep.Findings[j]
		if x.Severity != y.Severity {
			return x.Severity > y.Severity
		}
		if x.File != y.File {
			return x.File < y.File
		}
		return x.Line < y.Line
	})
	return a.rep, nil
}

// env is where harness looks for the project's settings: the project and
// home, and what Options.Env adds (its environment variables).
func (a *auditor) env(harness string) engine.Env {
	env := engine.Env{ProjectDir: a.opts.Project, HomeDir: a.opts.Home}
	if a.opts.Env != nil {
		a.opts.Env(harness, &env)
	}
	return env
}

// add records a finding, naming its file relative to the project.
func (a *auditor) add(f Finding) {
	f.File = a.rel(f.File)
	a.rep.Findings = append(a.rep.Findings, f)
}

// rel names path relative to the project when it is inside, else as is.
func (a *auditor) rel(path string) string {
	if r, err := filepath.Rel(a.opts.Project, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return path
}

// inProject reports whether path is inside the project's top folder.
func (a *auditor) inProject(path string) bool {
	return within(filepath.Clean(path), a.top) || within(filepath.Clean(path), a.opts.Project)
}

func within(path, dir string) bool {
	if path == dir || dir == "/" {
		return true
	}
	return strings.HasPrefix(path, dir+string(filepath.Separator))
}

// lineOf is the 1-based line of the first occurrence of needle in data,
// searching from the line of after when it is found; 1 when needle is not
// found.
func lineOf(data []byte, needle string) int {
	i := strings.Index(string(data), needle)
	if i < 0 {
		return 1
	}
	return strings.Count(string(data[:i]), "\n") + 1
}
