package claude

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/corpustest"
)

// versionsDir holds one folder per Claude Code version recorded with the
// real binary (testdata/claude/versions/README.md): the same cases, and
// each version's answers, every row carrying the version that gave it.
const versionsDir = "../../testdata/claude/versions"

// versionResult is a recorded row with the version that recorded it.
type versionResult struct {
	diffResult
	HarnessVersion string `json:"harness_version"`
}

// TestVersionsDifferential replays every version's recording, each row
// decided as the version that recorded it (engine.Call.Version): the mode
// the session ran in and the outcome must be the real ones.
func TestVersionsDifferential(t *testing.T) {
	vers, err := os.ReadDir(versionsDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range vers {
		if !v.IsDir() {
			continue
		}
		n++
		dir := filepath.Join(versionsDir, v.Name())
		t.Run(v.Name(), func(t *testing.T) { versionsDifferential(t, dir, v.Name()) })
	}
	if n < 4 {
		t.Errorf("%d versions recorded; want the three older ones and the current one", n)
	}
}

func versionsDifferential(t *testing.T, dir, version string) {
	known := corpustest.LoadKnown(t, dir)
	agree, total := corpustest.Run(t, corpustest.Diff[diffCase, versionResult, *Policy]{
		Dir: dir, Base: "versions", Known: known,
		Load: func(t *testing.T, c diffCase, r versionResult) (*Policy, string, string) {
			return loadCase(t, c, r.Config, nil)
		},
		Rows: func(t *testing.T, p *Policy, home string, c diffCase, r versionResult, _ []versionResult) []corpustest.Row {
			if r.HarnessVersion == "" {
				t.Fatalf("%s: the row names no harness_version", r.Key())
			}
			if got, _ := engine.ParseVersion(r.HarnessVersion); fmt.Sprint(got) != fmt.Sprint(must(engine.ParseVersion(version))) {
				t.Fatalf("%s: recorded by %s, in the folder of %s", r.Key(), r.HarnessVersion, version)
			}
			dc := c.Calls[r.CallIndex]
			call := diffCallOf(t, dc, home)
			call.Version = r.HarnessVersion
			sc := corpustest.Scorer("claude-code", p, filepath.Dir(home))
			var got engine.Decision
			return []corpustest.Row{{Key: r.Key(), Config: r.Config, Outcome: r.Outcome,
				Decide: func() { got = sc.Score(call, "").Decision },
				Agree: func() (bool, func() string) {
					ok := agrees(r.Outcome, got) && string(got.Mode) == r.EffectiveMode
					return ok, func() string {
						return fmt.Sprintf("%s %v: real %s in %s (%s), simulated %s in %s at %q (%s) [%s]",
							dc.Tool, summary(dc), r.Outcome, r.EffectiveMode, r.Pattern, got.Outcome, got.Mode, got.Step, got.Reason, got.VersionBasis)
					}
				}}}
		},
	})
	known.CheckAllSeen(t, "")
	corpustest.CheckAgreement(t, "claude-code", "testdata/claude/versions/"+version, version, agree, total)
}

func must(p []int, ok bool) []int {
	if !ok {
		panic("not a version")
	}
	return p
}

// Issue 28: a session recorded by a version without auto mode, with no
// mode recorded, is decided in the mode that version starts in: default.
// The real 2.1.81 has no auto mode to start in: asked for it, by
// --permission-mode or by defaultMode in the user's settings, it ran in
// default (testdata/claude/versions/2.1.81, cv-mode-auto and
// cv-settings-auto); 2.1.328 ran in auto.
func TestOldVersionStartsInDefault(t *testing.T) {
	for _, rec := range []struct{ version, config, mode string }{
		{"2.1.81", "cv-mode-auto", "default"}, {"2.1.81", "cv-settings-auto", "default"},
		{"2.1.328", "cv-mode-auto", "auto"}, {"2.1.328", "cv-settings-auto", "auto"},
	} {
		rows := corpustest.ReadJSONL[versionResult](t, filepath.Join(versionsDir, rec.version), "versions.results.jsonl")
		found := false
		for _, r := range rows {
			if r.Config == rec.config {
				found = true
				if r.EffectiveMode != rec.mode {
					t.Errorf("recording %s %s: ran in %s; the test expects %s", rec.version, r.Key(), r.EffectiveMode, rec.mode)
				}
			}
		}
		if !found {
			t.Errorf("recording %s has no %s", rec.version, rec.config)
		}
	}

	home, proj := t.TempDir(), t.TempDir()
	p, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: home}) // a terminal session, no settings
	if err != nil {
		t.Fatal(err)
	}
	touch := engine.Call{Tool: engine.ToolBash, Command: "touch new.txt", Cwd: proj}
	tests := []struct {
		version, mode, label, basis string
		outcome                     engine.Outcome
	}{
		{"", "auto", labelBuiltinAuto, "", engine.Runs},
		{"2.1.328", "auto", labelBuiltinAuto, "checked: 2.1.328", engine.Runs},
		{"2.1.81", "default", "built-in default of 2.1.81", "checked: 2.1.81", engine.Asks},
		{"1.0.98", "default", "built-in default of 1.0.98", "checked: 1.0.98", engine.Asks},
		{"2.0.64", "default", "built-in default of 2.0.50", "2.0.64: not checked; decided as 2.0.50, the nearest checked version", engine.Asks},
		{"2.1.120", "default", "built-in default of 2.1.81", "2.1.120: not checked; decided as 2.1.81, the nearest checked version", engine.Asks},
	}
	for _, tt := range tests {
		c := touch
		c.Version = tt.version
		d := p.Decide(c, "")
		if string(d.Mode) != tt.mode || d.ModeLabel != tt.label || d.VersionBasis != tt.basis || d.Outcome != tt.outcome {
			t.Errorf("version %q: %s in %s (%s) [%s]; want %s in %s (%s) [%s]", tt.version, d.Outcome, d.Mode, d.ModeLabel, d.VersionBasis,
				tt.outcome, tt.mode, tt.label, tt.basis)
		}
	}
}

// TestRecordedModeKeptOverVersionTable: a transcript that records auto as
// the mode in force (system/init's permissionMode is the effective mode)
// shows that its version ran in auto, so the version table does not take
// auto away, even where the nearest checked version (2.1.81) started in
// default for --permission-mode auto (testdata/claude/versions/2.1.81
// cv-mode-auto). Asked for (decide --mode auto, not recorded), the
// version's own behaviour stands.
func TestRecordedModeKeptOverVersionTable(t *testing.T) {
	home, proj := t.TempDir(), t.TempDir()
	p, err := New().Load(engine.Env{ProjectDir: proj, HomeDir: home})
	if err != nil {
		t.Fatal(err)
	}
	c := engine.Call{Tool: engine.ToolBash, Command: "touch new.txt", Cwd: proj, Version: "2.1.97", ModeRecorded: true}
	if d := p.Decide(c, modeAuto); d.Mode != modeAuto {
		t.Errorf("recorded auto on 2.1.97: decided in %s (%s), want auto", d.Mode, d.Step)
	}
	c.ModeRecorded = false
	if d := p.Decide(c, modeAuto); d.Mode != modeDefault {
		t.Errorf("--mode auto on 2.1.97 (decided as 2.1.81): decided in %s, want default", d.Mode)
	}
}
