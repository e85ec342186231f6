package replay

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/codey"
	"github.com/permsim/permsim/engine/cursor"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/ingest"
)

// writeCalls adds one file of calls to the calls table under out, as one
// ingest run would.
func writeCalls(t *testing.T, out, run string, rows ...ingest.Row) {
	t.Helper()
	w, err := dataset.Create[ingest.Row](out, ingest.CallsTable, dataset.Options{Partitions: ingest.CallsPartitions, RunID: run})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

func outcomes(t *testing.T, out string) map[string]string {
	t.Helper()
	got := map[string]string{}
	if err := dataset.Read(out, DecisionsTable, func(r DecisionRow) error { got[r.CallKey] = r.Outcome; return nil }); err != nil {
		t.Fatal(err)
	}
	return got
}

// Options.SkipUnchanged (nightly with nothing new) keeps the decisions only
// while nothing they were made from changed: every change below — a rule
// edited, a settings layer created, the user settings, a new call, another
// option, the decisions table removed — decides again, and the decisions
// are those of the changed input. The expected outcomes are the seed's
// Claude Code order of decisions: "2. Deny rules, from any layer" (blocked),
// "12. Allow rules" (runs), "14. The mode's fallback: ask in default".
func TestSkipUnchanged(t *testing.T) {
	proj, home, out := t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make build)"]}}`)
	call := func(key, cmd string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "claude-code", ProjectDir: proj, Cwd: proj, Tool: "bash",
			Command: cmd, Mode: "default", IngestRun: 1}
	}
	writeCalls(t, out, "1", call("a", "make build"), call("b", "make test"))
	hs := Harnesses{"claude-code": claude.New()}
	opts := Options{Home: home, ForceHome: true, Workers: 1, SkipUnchanged: true}
	run := func(step string, o Options, wantKept bool, want map[string]string) {
		t.Helper()
		before, err := dataset.TableID(out, DecisionsTable)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := Run(context.Background(), out, o, hs)
		if err != nil {
			t.Fatalf("%s: %v", step, err)
		}
		after, err := dataset.TableID(out, DecisionsTable)
		if err != nil {
			t.Fatal(err)
		}
		if kept := !sum.Kept.IsZero(); kept != wantKept {
			t.Errorf("%s: kept the decisions %v, want %v\n%s", step, kept, wantKept, sum)
		}
		if wantKept && before != after {
			t.Errorf("%s: the decisions table was rewritten though kept", step)
		}
		if !wantKept && before == after {
			t.Errorf("%s: the decisions table was not rewritten", step)
		}
		if sum.Calls != len(want) {
			t.Errorf("%s: summary says %d calls decided, want %d", step, sum.Calls, len(want))
		}
		got := outcomes(t, out)
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s: call %s %s, want %s", step, k, got[k], w)
			}
		}
	}
	run("first run", opts, false, map[string]string{"a": "runs", "b": "asks"})
	run("nothing new", opts, true, map[string]string{"a": "runs", "b": "asks"})
	run("nothing new again", opts, true, map[string]string{"a": "runs", "b": "asks"})

	plain := opts
	plain.SkipUnchanged = false
	run("without SkipUnchanged (permsim replay)", plain, false, map[string]string{"a": "runs", "b": "asks"})
	run("after a plain replay", opts, true, map[string]string{"a": "runs", "b": "asks"})

	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make build)","Bash(make test)"]}}`)
	run("project rule added", opts, false, map[string]string{"a": "runs", "b": "runs"})
	run("nothing new after the edit", opts, true, map[string]string{"a": "runs", "b": "runs"})

	writeFile(t, filepath.Join(proj, ".claude/settings.local.json"), `{"permissions":{"deny":["Bash(make build)"]}}`)
	run("local settings file created", opts, false, map[string]string{"a": "blocked", "b": "runs"})

	writeFile(t, filepath.Join(home, ".claude/settings.json"), `{"permissions":{"deny":["Bash(make test)"]}}`)
	run("user settings created", opts, false, map[string]string{"a": "blocked", "b": "blocked"})

	if err := os.Remove(filepath.Join(proj, ".claude/settings.local.json")); err != nil {
		t.Fatal(err)
	}
	run("local settings file removed", opts, false, map[string]string{"a": "runs", "b": "blocked"})

	writeCalls(t, out, "2", call("c", "make build"))
	run("a new call", opts, false, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})
	run("nothing new after the call", opts, true, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})

	other := opts
	other.Mode = "bypassPermissions"
	run("another --mode", other, false, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})
	run("back to the recorded modes", opts, false, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})

	if err := os.RemoveAll(filepath.Join(out, DecisionsTable)); err != nil {
		t.Fatal(err)
	}
	run("decisions table removed", opts, false, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})

	if err := os.Remove(filepath.Join(out, InputsFile)); err != nil {
		t.Fatal(err)
	}
	run("no record", opts, false, map[string]string{"a": "runs", "b": "blocked", "c": "runs"})
}

// The fingerprint of a policy is the same for two loads of the same
// settings and differs when a rule changes (the deep hash does not depend on
// map order or addresses).
func TestFingerprintStable(t *testing.T) {
	proj, home := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(a)","Bash(b)","Read(./x)"],"deny":["Bash(rm *)"]},"hooks":{}}`)
	fp := func() string {
		d := newDecider(Options{Home: home, ForceHome: true}, Harnesses{"claude-code": claude.New()})
		d.fingerprints = true
		lp := d.loadPolicy(policyKey{harness: "claude-code", project: proj, home: home})
		if lp.err != nil || lp.fingerprint == "" {
			t.Fatalf("no fingerprint: %v", lp.err)
		}
		return lp.fingerprint
	}
	a, b := fp(), fp()
	if a != b {
		t.Errorf("two loads of the same settings: %s and %s", a, b)
	}
	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(a)","Bash(c)","Read(./x)"],"deny":["Bash(rm *)"]},"hooks":{}}`)
	if c := fp(); c == a {
		t.Errorf("a changed rule kept the fingerprint %s", c)
	}
}

// Every simulator's policy, loaded twice from the same settings (each
// harness's own file with a rule or two, and nothing), fingerprints the
// same: otherwise nightly would never keep its decisions.
func TestFingerprintEverySimulator(t *testing.T) {
	proj, home := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make build)"],"deny":["Read(./.env)"]}}`)
	writeFile(t, filepath.Join(proj, ".gemini/settings.json"), `{"tools":{"exclude":["run_shell_command(rm)"]}}`)
	writeFile(t, filepath.Join(proj, "opencode.json"), `{"permission":{"bash":{"git *":"allow","*":"ask"}}}`)
	writeFile(t, filepath.Join(proj, ".cursor/cli.json"), `{"permissions":{"allow":["Shell(git)"],"deny":[]}}`)
	writeFile(t, filepath.Join(home, ".codex/config.toml"), "approval_policy = \"on-request\"\n")
	empty := t.TempDir()
	for _, h := range []engine.Harness{claude.New(), codex.New(), codey.New(), cursor.New(), gemini.New(), opencode.New()} {
		for _, p := range []string{proj, empty} {
			fp := func() string {
				d := newDecider(Options{Home: home, ForceHome: true}, Harnesses{h.Name(): h})
				d.fingerprints = true
				lp := d.loadPolicy(policyKey{harness: h.Name(), project: p, home: home})
				return lp.fingerprint
			}
			a, b := fp(), fp()
			if a == "" || a != b {
				t.Errorf("%s in %s: fingerprints %q and %q, want one and the same", h.Name(), p, a, b)
			}
		}
	}
}
