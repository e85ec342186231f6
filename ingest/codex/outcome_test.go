package codex

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
	"github.com/permsim/permsim/toolcall"
)

// TestRecordedOutcomeFromRealRollouts: what real call outputs show
// happened to their calls. testdata/ingest/codex/outcomes holds real lines
// of three published rollouts (fixtures/public-transcripts: the session_meta,
// the turn_context and each call with its output): a command that exited 1
// ("Exit code: 1", 0.60), a unified-exec command that exited 2 ("Process
// exited with code 2"), one still running at its first output, an
// apply_patch that ran ("Exit code: 0 … Success") and one whose patch did
// not apply. fx-codex-read-only is a real 0.169.0 recording: its patch was
// refused by the read-only sandbox.
func TestRecordedOutcomeFromRealRollouts(t *testing.T) {
	t.Setenv("CODEX_HOME", "")
	rows, sum := ingesttest.RunIngest(t, New(), "../../testdata/ingest/codex/outcomes/home")
	if len(sum.Problems) != 0 {
		t.Errorf("problems: %v", sum.Problems)
	}
	real, sum := ingesttest.RunIngest(t, New(), "../../testdata/ingest/codex/real/fx-codex-read-only/home/user")
	if len(sum.Problems) != 0 {
		t.Errorf("problems: %v", sum.Problems)
	}
	byID := map[string]toolcall.Row{}
	for _, r := range rows {
		byID[r.CallID] = r
	}
	for _, r := range real {
		if r.RawTool == "apply_patch" {
			byID["read-only apply_patch"] = r
		}
	}
	cases := []struct {
		callID, outcome, evidence string
	}{
		{"call_zRxde4Yi61a09Y7HyT4fQca8", toolcall.RecordedRan, "Exit code: 1"},
		{"call_APVNx4TgrDNQFwnx8S7gfFV0", toolcall.RecordedRan, "Process exited with code 2"},
		{"call_36aMhvSTp7rsSzGYyj4iiGZ2", toolcall.RecordedRan, "Process running with session ID "},
		{"call_3aQYzRmjiM9adlIhEr6xAJrQ", toolcall.RecordedRan, "Exit code: 0"},
		{"call_n48vQxaPNqOOanMWim7ZJYHC", toolcall.RecordedToolError, "apply_patch verification failed"},
		{"read-only apply_patch", toolcall.RecordedSandboxRefused, "patch rejected: writing is blocked by read-only sandbox"},
	}
	for _, c := range cases {
		r, ok := byID[c.callID]
		if !ok {
			t.Errorf("%s: no row", c.callID)
			continue
		}
		if r.RecordedOutcome != c.outcome || !strings.HasPrefix(r.RecordedEvidence, c.evidence) {
			t.Errorf("%s (%s %q): recorded %q, evidence %q; want %q, evidence starting %q",
				c.callID, r.RawTool, r.Command, r.RecordedOutcome, r.RecordedEvidence, c.outcome, c.evidence)
		}
	}
}

// TestRecordedOutcomeRefusals: Codex's refusal texts, by who refused —
// each from a real recording (the verify driver's and the ingest tests'
// 0.169.0 outputs) or transcript-formats.md §2.5.
func TestRecordedOutcomeRefusals(t *testing.T) {
	cases := []struct{ text, want string }{
		{"exec command rejected by user", toolcall.RecordedUserRefused},
		{"patch rejected by user", toolcall.RecordedUserRefused},
		{`exec_command failed: CreateProcess { message: "Rejected(\"rejected by user\")" }`, toolcall.RecordedUserRefused},
		{"exec_command failed: CreateProcess { message: \"Rejected(\\\"`/bin/bash -lc 'rm -rf build'` rejected: policy forbids commands starting with `rm -rf`\\\")\" }", toolcall.RecordedRuleBlocked},
		{"exec_command failed: CreateProcess { message: \"Rejected(\\\"`/bin/bash -lc 'make deploy'` rejected: deploys go through CI\\\")\" }", toolcall.RecordedRuleBlocked},
		{`exec_command failed: CreateProcess { message: "Rejected(\"approval required by policy, but AskForApproval is set to Never\")" }`, toolcall.RecordedRuleBlocked},
		{"approval policy is never; reject command — you should not ask for escalated permissions if the approval policy is never", toolcall.RecordedRuleBlocked},
		{"This action was rejected due to unacceptable risk.", toolcall.RecordedClassifierRefused},
		{"patch rejected: writing is blocked by read-only sandbox; rejected by user approval settings", toolcall.RecordedSandboxRefused},
	}
	for _, c := range cases {
		v := classify(c.text, true)
		got, ev := recorded(c.text, true, v)
		if got != c.want || ev == "" {
			t.Errorf("%q: %q (evidence %q), want %q", c.text, got, ev, c.want)
		}
	}
}
