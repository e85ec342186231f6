package claude

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Claude Code watches the settings files it loaded and reloads them while a
// session runs: a call that rewrites one changes the rules every later call
// of the session is decided under. Recorded with real Claude Code 2.1.328
// (testdata/claude/holdout5519, g5519-000-…-dontAsk-trusted-02, and the
// probes in testdata/claude/probe-settings): in dontAsk mode under a
// tool-wide "Bash" allow in .claude/settings.json, "{ git add . >
// .claude/settings.json | head -3; … }" ran and left the file empty; the
// two calls sent right after it still ran, and from the third on every
// Bash line was refused ("Permission to use Bash has been denied because
// Claude Code is running in don't ask mode"), a subagent's too, as with no
// settings at all. The same session with that call left out, or writing
// out.txt instead, or writing the file's own contents back, ran them all.
// The binary's watcher waits until a written file has been still for
// stabilityThreshold 1,000 ms (polled every 500 ms) before it reloads, so
// whether a call soon after the write sees the old rules or the new ones
// depends on timing.
//
// A decision decides one call under the configuration it was given; it
// cannot know what a rewritten file will hold. It says when the call would
// rewrite a settings file in force (a note), and SettingsWrites names the
// files, for a caller that follows a whole session.

// SettingsWrites names the settings files in force (absolute paths) that
// call writes if it runs: a Bash line's redirections and file commands
// (cp, tee, mv, …, inside groups and substitutions too, since the shell
// runs those), or a file tool's target.
func (p *Policy) SettingsWrites(call engine.Call) []string {
	d := &decider{p: p, call: call, tool: toolOf(call), cwd: p.project}
	if call.Cwd != "" {
		d.cwd = shell.Resolve(call.Cwd, p.project, p.home)
	}
	return d.settingsWrites()
}

// settingsWrites is SettingsWrites for the decider's call.
func (d *decider) settingsWrites() []string {
	loaded := map[string]bool{}
	for _, f := range d.p.files {
		if filepath.IsAbs(f.path) {
			loaded[filepath.Clean(f.path)] = true
		}
	}
	if len(loaded) == 0 {
		return nil
	}
	var out []string
	add := func(path string) {
		if path = filepath.Clean(path); loaded[path] && !slices.Contains(out, path) {
			out = append(out, path)
		}
	}
	switch {
	case d.tool == "Bash":
		s := d.p.script(d.command())
		for i := range s.Commands {
			for _, u := range d.uses(&s.Commands[i]) {
				if u.write && u.path != "" {
					add(u.path)
				}
			}
		}
	case editTools[d.tool]:
		for _, path := range d.filePaths() {
			add(path)
		}
	}
	return out
}

// settingsWriteNote is the note a decision carries when its call rewrites
// a settings file in force.
func settingsWriteNote(files []string) string {
	what := "a settings file"
	if len(files) > 1 {
		what = "settings files"
	}
	return fmt.Sprintf("if it runs, this call rewrites %s, %s in force: Claude Code reloads it about a second later, and the session's later calls are decided under the new contents", strings.Join(files, ", "), what)
}
