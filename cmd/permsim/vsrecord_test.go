package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/queries"
	"github.com/permsim/permsim/replay"
)

// TestReportVsRecord: issue 28's "Simulation vs what happened". Imported
// Claude Code calls say what their transcripts showed happened
// (recorded_outcome); the project allows `make build` and denies `rm`,
// so the seed's order of decisions gives runs, blocked, and asks (the
// default mode's fallback) for `git push`. The report counts, per harness
// and recorded version, the calls that agree (a build that ran, a push the
// user refused, a call left to the auto mode's classifier that ran — an
// exception the transcript shows), contradict (an rm that ran although
// denied, a build the user refused although allowed) or cannot be compared
// (a push that ran: did it ask? a read-only git status with no recorded
// outcome), shows the
// contradictions with their earliest calls (by time, then call_key;
// without a time last) and the transcript's evidence, and counts the
// decisions by what their mode, version, settings and folder rest on. The
// summary's report is the SQL's, byte for byte, in every format.
func TestReportVsRecord(t *testing.T) {
	dir := t.TempDir()
	userHome, proj := filepath.Join(dir, "home"), filepath.Join(dir, "proj")
	for _, d := range []string{userHome, filepath.Join(proj, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, ".claude", "settings.json"),
		[]byte(`{"permissions":{"allow":["Bash(make build)"],"deny":["Bash(rm:*)"]}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	call := func(id, ts, version, mode, cmd, recorded, evidence string) map[string]any {
		m := map[string]any{"harness": "claude-code", "session_id": "s", "call_id": id, "project_dir": proj, "cwd": proj,
			"command": cmd, "result": "ok"}
		for k, v := range map[string]string{"ts": ts, "harness_version": version, "mode": mode, "recorded_outcome": recorded, "recorded_evidence": evidence} {
			if v != "" {
				m[k] = v
			}
		}
		return m
	}
	lines := []map[string]any{
		call("a1", "2026-11-02T10:00:00Z", "2.1.50", "default", "make build", "ran", "tool_result without is_error (exit code 0)"),
		call("a2", "2026-11-02T10:00:01Z", "2.1.50", "default", "git push origin main", "user-refused", "The user doesn't want to proceed with this tool use."),
		// Four rm calls that ran: the two of one second in call_key
		// order, then the later one; the one without a time comes last
		// and is left out of the three examples.
		call("c3", "2026-11-02T10:00:05Z", "2.1.50", "default", "rm -rf build", "ran", "tool_result without is_error (exit code 0)"),
		call("c2", "2026-11-02T10:00:05Z", "2.1.50", "default", "rm -rf dist", "ran", "Exit code 1"),
		call("c1", "", "2.1.50", "default", "rm -rf tmp", "ran", "Exit code 0"),
		call("c4", "2026-11-02T10:00:06Z", "2.1.50", "default", "rm -rf out", "ran", "Exit code 0"),
		call("b1", "2026-11-03T10:00:00Z", "", "default", "make build", "user-refused", "The user doesn't want to proceed with this tool use."),
		call("n1", "2026-11-03T10:00:01Z", "", "default", "git push origin main", "ran", "Exit code 0"),
		call("n2", "2026-11-03T10:00:02Z", "", "default", "git status", "", ""),
		call("x1", "2026-11-04T10:00:00Z", "2.1.97", "auto", "python3 -c 'print(1)'", "ran", "Exit code 0"),
	}
	out := t.TempDir()
	ingestLines(t, out, filepath.Join(dir, "calls.jsonl"), lines)
	mustRun(t, "replay", "--out", out, "--user-home", userHome)

	db, err := queries.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	for _, format := range queries.ReportFormats {
		for _, show := range []bool{false, true} {
			opts := defaultReportOptions(format, nil)
			opts.ShowSecrets = show
			var fast, slow bytes.Buffer
			done, err := queries.ReportFromSummary(out, &fast, format, opts, replay.BuildID())
			if err != nil || !done {
				t.Fatalf("%s: the summary's report was not made (done %v, err %v)", format, done, err)
			}
			if err := db.ReportWith(ctx, &slow, format, opts); err != nil {
				t.Fatal(err)
			}
			if fast.String() != slow.String() {
				t.Errorf("%s (show secrets %v): the summary's report differs from the SQL's:\n%s\n--- SQL:\n%s", format, show, fast.String(), slow.String())
			}
			if format != "json" && !strings.Contains(slow.String(), "Simulation vs what happened") {
				t.Errorf("%s: no section Simulation vs what happened:\n%s", format, slow.String())
			}
		}
	}

	var r queries.RiskReport
	var buf bytes.Buffer
	if err := db.ReportWith(ctx, &buf, "json", defaultReportOptions("json", nil)); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	v := r.VsRecord
	type counts struct{ decisions, agrees, exc, contradicts, notComparable, runs, classifier, asks, blocked int64 }
	want := map[string]counts{
		"2.1.50": {6, 2, 0, 4, 0, 1, 0, 1, 4},
		"2.1.97": {1, 1, 1, 0, 0, 0, 1, 0, 0},
		"":       {3, 0, 0, 1, 2, 2, 0, 1, 0}, // git status is read-only: runs
	}
	for _, a := range v.Agreement {
		got := counts{a.Decisions, a.Agrees, a.AgreesByException, a.Contradicts, a.NotComparable, a.Runs, a.LeftToClassifier, a.Asks, a.Blocked}
		if a.Harness != "claude-code" || got != want[a.HarnessVersion] {
			t.Errorf("agreement of %s %q: %+v, want %+v", a.Harness, a.HarnessVersion, got, want[a.HarnessVersion])
		}
		delete(want, a.HarnessVersion)
	}
	if len(want) != 0 {
		t.Errorf("no agreement row for versions %v", want)
	}
	if len(v.Contradictions) != 2 {
		t.Fatalf("contradictions: %+v", v.Contradictions)
	}
	rm := v.Contradictions[0]
	if rm.Calls != 4 || rm.Simulated != "blocked" || rm.RecordedOutcome != "ran" || rm.HarnessVersion != "2.1.50" || rm.ModeBasis != "recorded" || len(rm.Examples) != 3 {
		t.Fatalf("rm contradiction: %+v", rm)
	}
	for i, w := range []struct{ key, ts, evidence string }{
		{"claude-code:s:c2", "2026-11-02T10:00:05Z", "Exit code 1"},
		{"claude-code:s:c3", "2026-11-02T10:00:05Z", "tool_result without is_error (exit code 0)"},
		{"claude-code:s:c4", "2026-11-02T10:00:06Z", "Exit code 0"},
	} {
		if x := rm.Examples[i]; x.CallKey != w.key || x.Ts != w.ts || x.Evidence != w.evidence {
			t.Errorf("rm example %d: %+v, want %+v", i, x, w)
		}
	}
	if b := v.Contradictions[1]; b.Calls != 1 || b.Simulated != "runs" || b.RecordedOutcome != "user-refused" || b.Examples[0].What != "make build" {
		t.Errorf("build contradiction: %+v", b)
	}
	basis := map[string]int64{}
	for _, a := range v.Assumptions {
		basis[a.Aspect+" "+a.Basis] = a.Decisions
	}
	for k, n := range map[string]int64{"mode recorded": 10, "version inferred": 7, "version defaulted": 3, "settings given": 10, "folder recorded": 10} {
		if basis[k] != n {
			t.Errorf("assumptions %s: %d decisions, want %d (%v)", k, basis[k], n, basis)
		}
	}
}
