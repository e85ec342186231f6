// Package codey simulates the permission decisions of Codey, the agent of
// the seed 000_50419629af16fdd6.txt, which reads Claude Code's own files —
// its permission rules, CLAUDE.md files and MCP servers — with semantics of
// its own:
//
//   - three settings files, read with Claude Code's reader (engine/claude),
//     each honoured as far as who wrote it allows: the user's
//     ~/.claude/settings.json in full, the repository's .claude/settings.json
//     for deny and ask rules (its allow rules wait for the trust question,
//     its defaultMode is ignored), and .claude/settings.local.json in full
//     unless git tracks it, when it counts as the repository's;
//   - rules act before anything else: deny beats ask beats allow, in every
//     mode, -yolo included, and for the read-only tools too;
//   - Bash(...) rules are matched one simple command at a time (engine/shell),
//     and a line the parser cannot see through never matches an allow rule;
//   - only default, acceptEdits (from a file of yours) and -yolo (from the
//     command line) are modes; every other mode in a file is ignored.
//
// There is no Codey binary to check against: every decision follows the
// seed, and docs/codey.md lists what the seed leaves open and how the
// simulator reads it.
package codey

import (
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/links"
	"github.com/permsim/permsim/toolcall"
)

// Keys of engine.Env.Flags that the Codey simulator reads.
const (
	// FlagMode is the mode chosen on the command line: "yolo" (Codey's
	// -yolo), "default" or "acceptEdits".
	FlagMode = "mode"
	// FlagAlways lists the Codey tools the user answered "always this
	// tool" for earlier in the session (bash, read_file, edit_file, …),
	// separated by commas or newlines.
	FlagAlways = "always"
)

// Codey's modes. Yolo is -yolo, typed on the command line for one run.
const (
	ModeDefault     = engine.Mode("default")
	ModeAcceptEdits = engine.Mode("acceptEdits")
	ModeYolo        = engine.Mode("yolo")
)

// Layers, as RuleInfo.Layer and RuleRef.Layer name them.
const (
	LayerUser    = "user"    // ~/.claude/settings.json
	LayerProject = "project" // .claude/settings.json, the repository's
	LayerLocal   = "local"   // .claude/settings.local.json
)

// Codey's tools, as its calls name them (docs/import-format.md).
const (
	ToolBash      = "bash"
	ToolReadFile  = "read_file"
	ToolEditFile  = "edit_file"
	ToolWriteFile = "write_file"
	ToolGlob      = "glob"
	ToolGrep      = "grep"
	ToolWebFetch  = "web_fetch"
	ToolWebSearch = "web_search"
	ToolTodoWrite = "todo_write"
)

// Harness is the Codey simulator. The zero value is ready to use.
type Harness struct {
	// tracked reports whether git tracks file inside the work tree root.
	// Nil asks git; tests replace it to stand in for a machine without git.
	tracked func(root, file string) (bool, error)
}

// The contracts this package fulfils.
var (
	_ engine.Harness = (*Harness)(nil)
	_ engine.Policy  = (*Policy)(nil)
)

// New returns a Codey simulator.
func New() *Harness { return &Harness{} }

// Name returns "codey".
func (h *Harness) Name() string { return toolcall.Codey }

// settingsFile is one of the three files with what Codey makes of it.
type settingsFile struct {
	path   string
	layer  string
	shared bool // written by the repository: allow rules wait for trust, defaultMode ignored
	why    string
	s      *claude.Settings
}

// Load reads the three settings files for env once and compiles their
// rules. A file that cannot be read becomes a Problem; Load fails only when
// env names no project folder.
func (h *Harness) Load(env engine.Env) (engine.Policy, error) {
	project, home, err := env.Folders("codey")
	if err != nil {
		return nil, err
	}
	p := &Policy{project: project, home: home, always: map[string]bool{}, links: links.New()}
	if real, err := filepath.EvalSymlinks(p.project); err == nil {
		p.realProject = real
	} else {
		p.realProject = p.project
	}
	userDir := env.ConfigDirOr(filepath.Join(p.home, ".claude"))

	// Trust: the caller's answer, else the engine's contract (no record
	// of Codey's own trust question is known, so assume it was answered).
	p.trusted, p.trustWhy = true, "no record of Codey's trust question; assumed answered (pass --trust no to see the repository's allow rules wait)"
	if env.Trust != nil {
		p.trusted, p.trustWhy = *env.Trust, "--trust"
	}

	// The seed's table, in the order Claude Code reads the files.
	files := []*settingsFile{
		{path: filepath.Join(userDir, "settings.json"), layer: LayerUser},
		{path: filepath.Join(p.project, ".claude", "settings.json"), layer: LayerProject, shared: true},
		{path: filepath.Join(p.project, ".claude", "settings.local.json"), layer: LayerLocal},
	}
	for _, f := range files {
		s, probs := claude.ReadSettings(f.path)
		p.problems = append(p.problems, probs...)
		if s == nil {
			continue
		}
		f.s = s
		if f.layer == LayerLocal {
			// "A settings.local.json that git turns out to be tracking
			// arrived with the clone, whatever its name says, and is
			// treated as shared." Ask git; never guess from the name.
			tracked, err := h.isTracked(p.project, f.path)
			switch {
			case err != nil:
				f.shared = true
				f.why = "git could not say whether it is tracked (" + err.Error() + "); treated as shared"
				p.problems.Add(f.path, 0, "%v; treated as the repository's", err)
			case tracked:
				f.shared = true
				f.why = "tracked by git: it arrived with the clone, whatever its name says, and is treated as shared"
			}
		}
		p.files = append(p.files, f)
	}
	p.compile()
	p.resolveMode(env)
	for _, t := range splitList(env.Flags[FlagAlways]) {
		p.always[t] = true
	}
	p.notCarried()
	return p, nil
}

// isTracked asks git whether file is in the index of the repository that
// holds dir. A folder outside any repository tracks nothing.
func (h *Harness) isTracked(dir, file string) (bool, error) {
	root := engine.GitRoot(dir)
	if root == "" {
		return false, nil
	}
	if h.tracked != nil {
		return h.tracked(root, file)
	}
	return gitTracks(root, file)
}

// gitTracks runs `git ls-files` in root: the index is git's own answer,
// whatever .gitignore says about the name.
func gitTracks(root, file string) (bool, error) {
	rel, err := filepath.Rel(root, file)
	if err != nil {
		return false, err
	}
	cmd := exec.Command("git", "-c", "safe.directory=*", "-C", root, "ls-files", "-z", "--", filepath.ToSlash(rel))
	cmd.Env = engine.GitEnviron()
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(ee.Stderr) > 0 {
			return false, fmt.Errorf("git ls-files: %s", strings.TrimSpace(string(ee.Stderr)))
		}
		return false, fmt.Errorf("git ls-files: %w", err)
	}
	return len(out) > 0, nil
}

// splitList splits a flag value at commas, blanks and newlines.
func splitList(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
}
