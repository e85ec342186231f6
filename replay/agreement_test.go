package replay

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// TestAgreement: issue 28's "Check against the record". A simulated
// outcome agrees with what happened when the two say the same; a call
// simulated blocked that ran, or simulated to run that a rule or the user
// refused, contradicts; the reasoned exceptions (asked and approved; the
// classifier's verdict) agree only where the transcript shows them; a
// call whose transcript shows nothing, or only a tool refusing its input,
// is not comparable.
func TestAgreement(t *testing.T) {
	classifier := engine.ReasonClassifier
	cases := []struct {
		outcome, reason, recorded string
		want                      string
		exception                 bool
		modeBasis                 string // recorded when empty
	}{
		// Auto mode defaulted to, not recorded: what the classifier
		// did is not shown.
		{"runs", classifier, toolcall.RecordedRan, NotComparable, false, BasisDefaulted},
		{"runs", "", toolcall.RecordedRan, Agrees, false, ""},
		{"runs", classifier, toolcall.RecordedRan, Agrees, true, ""},
		{"runs", classifier, toolcall.RecordedClassifierRefused, Agrees, true, ""},
		{"runs", classifier, toolcall.RecordedUserRefused, NotComparable, false, ""},
		{"asks", "", toolcall.RecordedApproved, Agrees, true, ""},
		{"asks", "", toolcall.RecordedRan, NotComparable, false, ""},
		{"asks", "", toolcall.RecordedUserRefused, Agrees, false, ""},
		{"blocked", "", toolcall.RecordedRan, Contradicts, false, ""},
		{"blocked", "", toolcall.RecordedApproved, Contradicts, false, ""},
		{"blocked", "", toolcall.RecordedRuleBlocked, Agrees, false, ""},
		{"blocked", "", toolcall.RecordedSandboxRefused, Agrees, false, ""},
		{"blocked", "", toolcall.RecordedHookStopped, Agrees, false, ""},
		{"blocked", "", toolcall.RecordedUserRefused, Contradicts, false, ""},
		{"runs", "", toolcall.RecordedUserRefused, Contradicts, false, ""},
		{"runs", "", toolcall.RecordedRuleBlocked, Contradicts, false, ""},
		{"asks", "", toolcall.RecordedRuleBlocked, Contradicts, false, ""},
		{"runs", "", toolcall.RecordedHookStopped, NotComparable, false, ""},
		{"runs", "", toolcall.RecordedClassifierRefused, Contradicts, false, ""},
		{"asks", "", toolcall.RecordedClassifierRefused, Agrees, false, ""},
		{"runs", "", toolcall.RecordedToolError, NotComparable, false, ""},
		{"blocked", "", "", NotComparable, false, ""},
		{"unknown", "", toolcall.RecordedRan, NotComparable, false, ""},
	}
	for _, c := range cases {
		if c.modeBasis == "" {
			c.modeBasis = BasisRecorded
		}
		got, why := Agreement(&DecisionRow{Outcome: c.outcome, Reason: c.reason, ModeBasis: c.modeBasis}, c.recorded)
		exc := len(why) >= len(ExceptionPrefix) && why[:len(ExceptionPrefix)] == ExceptionPrefix
		if got != c.want || exc != c.exception || why == "" {
			t.Errorf("simulated %s (%q), recorded %q: %s (%q), want %s (exception %v)", c.outcome, c.reason, c.recorded, got, why, c.want, c.exception)
		}
	}
}

// TestRunRecordsAgreementAndBases: replay stores, per decided call, its
// recorded outcome and version, the agreement of the simulated outcome
// with it, and what the mode, version, settings and folder rest on — per
// call even where the decision cache answers two identical calls with
// one decision (calls a and b: the same command, one ran, the user
// refused the other). The simulated outcomes are the seed's Claude Code
// order of decisions: "2. Deny rules" (blocked), "12. Allow rules" (runs),
// "14. The mode's fallback: ask in default".
func TestRunRecordsAgreementAndBases(t *testing.T) {
	proj, home, out := t.TempDir(), t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(proj, ".claude/settings.json"), `{"permissions":{"allow":["Bash(make build)"],"deny":["Bash(rm:*)"]}}`)
	call := func(key, project, cmd, mode, version, recorded string) ingest.Row {
		return ingest.Row{CallKey: key, Harness: "claude-code", ProjectDir: project, Cwd: project, Tool: "bash",
			Command: cmd, Mode: mode, HarnessVersion: version, RecordedOutcome: recorded, IngestRun: 1}
	}
	gone := filepath.Join(t.TempDir(), "moved-away")
	writeCalls(t, out, "1",
		call("a", proj, "make build", "default", "2.1.50", toolcall.RecordedRan),
		call("b", proj, "make build", "default", "2.1.50", toolcall.RecordedUserRefused),
		call("c", proj, "rm -rf build", "default", "2.1.50", toolcall.RecordedRan),
		call("d", proj, "git push origin main", "default", "", toolcall.RecordedUserRefused),
		call("e", proj, "git push origin main", "default", "", toolcall.RecordedRan),
		call("f", proj, "make build", "default", "", ""),
		call("g", gone, "git status", "", "1.0.98", toolcall.RecordedRan),
	)
	if _, err := Run(context.Background(), out, Options{Home: home, Workers: 1}, Harnesses{"claude-code": claude.New()}); err != nil {
		t.Fatal(err)
	}
	got := map[string]DecisionRow{}
	if err := dataset.Read(out, DecisionsTable, func(r DecisionRow) error { got[r.CallKey] = r; return nil }); err != nil {
		t.Fatal(err)
	}
	type facts struct{ outcome, recorded, agreement, version, mode, versionB, settings, folder string }
	// 2.1.50 was recorded but never checked: Claude Code's version table
	// decides it as the nearest checked version (2.1.81), so its version
	// basis is inferred; 1.0.98 is a checked version (recorded).
	want := map[string]facts{
		"a": {"runs", "ran", Agrees, "2.1.50", BasisRecorded, BasisInferred, BasisInferred, BasisRecorded},
		"b": {"runs", "user-refused", Contradicts, "2.1.50", BasisRecorded, BasisInferred, BasisInferred, BasisRecorded},
		"c": {"blocked", "ran", Contradicts, "2.1.50", BasisRecorded, BasisInferred, BasisInferred, BasisRecorded},
		"d": {"asks", "user-refused", Agrees, "", BasisRecorded, BasisDefaulted, BasisInferred, BasisRecorded},
		"e": {"asks", "ran", NotComparable, "", BasisRecorded, BasisDefaulted, BasisInferred, BasisRecorded},
		"f": {"runs", "", NotComparable, "", BasisRecorded, BasisDefaulted, BasisInferred, BasisRecorded},
		// No mode recorded and no settings: Claude Code's built-in
		// default; the project folder is not here.
		"g": {"", "ran", "", "1.0.98", BasisDefaulted, BasisRecorded, BasisDefaulted, BasisDefaulted},
	}
	for k, w := range want {
		r, ok := got[k]
		if !ok {
			t.Errorf("%s: no decision", k)
			continue
		}
		g := facts{r.Outcome, r.RecordedOutcome, r.Agreement, r.HarnessVersion, r.ModeBasis, r.VersionBasis, r.SettingsBasis, r.FolderBasis}
		if w.outcome == "" {
			g.outcome, g.agreement = "", "" // whatever the built-in mode decides
		}
		if g != w || (r.Agreement != "" && r.AgreementReason == "") {
			t.Errorf("%s: got %+v (%q), want %+v", k, g, r.AgreementReason, w)
		}
	}
}
