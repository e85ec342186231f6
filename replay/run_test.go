package replay

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// fakeHarness counts loads and echoes the mode it was asked to decide in.
type fakeHarness struct{ loads atomic.Int32 }

func (h *fakeHarness) Name() string { return "fake" }
func (h *fakeHarness) Load(env engine.Env) (engine.Policy, error) {
	h.loads.Add(1)
	return fakePolicy{dir: env.ProjectDir}, nil
}

type fakePolicy struct{ dir string }

func (p fakePolicy) Decide(c engine.Call, m engine.Mode) engine.Decision {
	if m == "" {
		m = "from-settings"
	}
	d := engine.Decision{Outcome: engine.Runs, Group: engine.GroupRuns, Step: "12 allow rule", Mode: m, Label: engine.Label,
		Rule: &engine.RuleRef{Text: "Bash(*)", File: p.dir + "/.claude/settings.json", Layer: "project", List: "allow"}}
	if c.Cwd != p.dir && c.Cwd != p.dir+"/sub" {
		d.Notes = []string{"cwd not mapped: " + c.Cwd}
	}
	return d
}
func (fakePolicy) Modes() []engine.Mode { return nil }
func (fakePolicy) Rules() []engine.RuleInfo {
	return []engine.RuleInfo{{File: "f", Layer: "project", List: "allow", Rule: "Bash(*)", InForce: true}}
}
func (fakePolicy) Problems() []string { return nil }

func row(key, project, tool, mode, source string, ts time.Time) ingest.Row {
	return ingest.Row{CallKey: key, Harness: "fake", ProjectDir: project, Cwd: project, Tool: tool,
		Command: "rm -rf ~", Mode: mode, ModeSource: source, Ts: ts}
}

// The spec's Replay section: a call is simulated in the mode its session
// recorded; a subagent call in its parent's; a call with neither in the
// mode from the settings; --mode overrides all of them; only shell and
// file-tool calls are taken, the newest N inside the --since window; each
// project's rules are loaded once.
func TestDecideModesAndSelection(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	calls := []ingest.Row{
		row("a", "/old/p", "bash", "acceptEdits", "prompt", t0),
		row("b", "/old/p", "bash", "plan", "parent", t0.Add(time.Hour)),
		row("c", "/old/p", "read", "", "none", t0.Add(2*time.Hour)),
		row("d", "/old/q", "other", "default", "prompt", t0.Add(3*time.Hour)),
		row("e", "/old/q", "edit", "default", "prompt", t0.Add(4*time.Hour)),
	}
	h := &fakeHarness{}
	hs := Harnesses{"fake": h}
	opts := Options{Workers: 3, Roots: []RootMap{{From: "/old", To: "/new"}}}
	rows, rules, sum, err := Decide(context.Background(), opts, hs, calls)
	if err != nil {
		t.Fatal(err)
	}
	if got := h.loads.Load(); got != 2 {
		t.Errorf("loaded %d policies; want one per project (2)", got)
	}
	if len(rows) != 4 || sum.Calls != 4 || sum.Skipped["not a shell or file-tool call"] != 1 {
		t.Fatalf("decided %d (summary %+v); want 4 with the 'other' call skipped", len(rows), sum)
	}
	want := map[string]struct{ mode, label string }{
		"a": {"acceptEdits", "recorded"}, "b": {"plan", "parent session"},
		"c": {"from-settings", "settings"}, "e": {"default", "recorded"},
	}
	for _, r := range rows {
		w := want[r.CallKey]
		if r.Mode != w.mode || r.ModeLabel != w.label {
			t.Errorf("%s: mode %q (%s); want %q (%s)", r.CallKey, r.Mode, r.ModeLabel, w.mode, w.label)
		}
		// /new/p and /new/q do not exist here: each decision says it was
		// made without the project's settings (issue 14: the report counts
		// "project folder missing"), and carries no other note.
		if !slices.Equal(r.Notes, []string{NoteProjectMissing}) {
			t.Errorf("%s: notes %v, want only %q", r.CallKey, r.Notes, NoteProjectMissing)
		}
		if r.RuleText != "Bash(*)" || r.RuleFile == "" || r.PolicyHash == "" || r.Label != engine.Label {
			t.Errorf("%s: rule/label not carried: %+v", r.CallKey, r)
		}
		if r.Tool == "bash" && !r.Dangerous {
			t.Errorf("%s: rm -rf ~ not marked dangerous", r.CallKey)
		}
	}
	if len(rules) != 2 || rules[0].ProjectDir != "/old/p" {
		t.Errorf("rules: %+v", rules)
	}
	// Neither /new/p nor /new/q exists here: each is reported once.
	if len(sum.Problems) != 2 || !strings.Contains(sum.Problems[0], "/new/p not found here") {
		t.Errorf("problems: %q", sum.Problems)
	}

	opts.Mode = "dontAsk"
	opts.Newest = 2
	opts.Since = t0.Add(30 * time.Minute)
	rows, _, sum, err = Decide(context.Background(), opts, hs, calls)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[0].CallKey != "e" || rows[1].CallKey != "c" {
		t.Fatalf("newest 2 since 00:30: got %+v", rows)
	}
	for _, r := range rows {
		if r.Mode != "dontAsk" || r.ModeLabel != "--mode" {
			t.Errorf("%s: --mode did not override: %q %q", r.CallKey, r.Mode, r.ModeLabel)
		}
	}
	if sum.Skipped["before --since"] != 1 || sum.Skipped["older than the newest --newest calls"] != 1 {
		t.Errorf("skipped: %v", sum.Skipped)
	}
}

// A harness without a simulator is skipped with a reason, not an error.
func TestDecideUnknownHarness(t *testing.T) {
	calls := []ingest.Row{{CallKey: "x", Harness: "nosuch", ProjectDir: "/p", Tool: "bash", Command: "ls"}}
	rows, _, sum, err := Decide(context.Background(), Options{}, Harnesses{}, calls)
	if err != nil || len(rows) != 0 || sum.Skipped[`no simulator for harness "nosuch" yet`] != 1 {
		t.Errorf("rows %v, summary %+v, err %v", rows, sum, err)
	}
}

func TestParseRootMap(t *testing.T) {
	if m, err := ParseRootMap("/home/dev=/mnt/x/"); err != nil || m.From != "/home/dev" || m.To != "/mnt/x" {
		t.Errorf("got %+v, %v", m, err)
	}
	for _, bad := range []string{"", "/a", "=/b", "/a="} {
		if _, err := ParseRootMap(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	if got := MapPath("/home/devx/p", "", []RootMap{{From: "/home/dev", To: "/n"}}); got != "/home/devx/p" {
		t.Errorf("a prefix that is not a whole folder must not map: %s", got)
	}
}

// codexModes is a fake whose recorded modes are read as the real Codex
// simulator reads them (engine.RecordedModer), and whose decisions are the
// fake's.
type codexModes struct{ fakeHarness }

func (*codexModes) RecordedMode(r toolcall.Row) engine.Mode { return codex.New().RecordedMode(r) }

// The Codex reader records the approval policy (Row.Mode) and the sandbox
// (Row.Sandbox) apart; the Codex simulator's modes are APPROVAL:SANDBOX
// (DESIGN.md, "Modes, spelled as each harness spells them"). Replay asks
// the simulator (engine.RecordedModer), whatever the harness is called.
func TestDecideCodexMode(t *testing.T) {
	calls := []ingest.Row{
		{CallKey: "a", Harness: "codex", ProjectDir: "/p", Cwd: "/p", Tool: "bash", Command: "ls", Mode: "on-request", Sandbox: "workspace-write"},
		{CallKey: "b", Harness: "codex", ProjectDir: "/p", Cwd: "/p", Tool: "bash", Command: "ls", Sandbox: "read-only"},
	}
	rows, _, _, err := Decide(context.Background(), Options{}, Harnesses{"codex": &codexModes{}}, calls)
	if err != nil || len(rows) != 2 {
		t.Fatalf("%v %v", rows, err)
	}
	if rows[0].Mode != "on-request:workspace-write" || rows[1].Mode != "from-settings" {
		t.Errorf("modes %q, %q; want on-request:workspace-write and the settings' mode", rows[0].Mode, rows[1].Mode)
	}
}

// versionHarness decides every call as "runs" and says in the step which
// harness version it was handed.
type versionHarness struct{ fakeHarness }

func (h *versionHarness) Load(env engine.Env) (engine.Policy, error) { return versionPolicy{}, nil }

type versionPolicy struct{ fakePolicy }

func (versionPolicy) Decide(c engine.Call, m engine.Mode) engine.Decision {
	return engine.Decision{Outcome: engine.Runs, Group: engine.GroupRuns, Step: "version " + c.Version, Mode: m, Label: engine.Label,
		VersionBasis: "as " + c.Version}
}

// Issue 28: replay hands each call's recorded harness version (the calls
// table's harness_version) to the simulator, through the calls table's
// columns and the decision cache: the same command recorded by two
// versions is decided once per version.
func TestReplayPassesRecordedVersion(t *testing.T) {
	proj, out := t.TempDir(), t.TempDir()
	call := func(key, version string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "fake", ProjectDir: proj, Cwd: proj, Tool: "bash",
			Command: "rm -rf build", HarnessVersion: version, IngestRun: 1}
	}
	writeCalls(t, out, "1", call("a", "0.140.0"), call("b", "0.169.0"), call("c", "0.140.0"), call("d", ""))
	if _, err := Run(context.Background(), out, Options{Home: t.TempDir(), ForceHome: true, Workers: 1}, Harnesses{"fake": &versionHarness{}}); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	basis := map[string]string{}
	if err := dataset.Read(out, DecisionsTable, func(r DecisionRow) error {
		got[r.CallKey], basis[r.CallKey] = r.Step, r.VersionDecided
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "version 0.140.0", "b": "version 0.169.0", "c": "version 0.140.0", "d": "version "}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("call %s: step %q, want %q", k, got[k], w)
		}
		// The decision's version basis is stored as version_decided.
		if wb := "as " + strings.TrimPrefix(w, "version "); basis[k] != wb {
			t.Errorf("call %s: version_decided %q, want %q", k, basis[k], wb)
		}
	}
}
