package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/engine"
)

func TestReadCases(t *testing.T) {
	// Bad input: a clear message naming file and line, and the work goes
	// on with everything else (house rules).
	text := strings.Join([]string{
		`{"id": "a", "calls": [{"tool": "Bash", "input": {"command": "ls"}}]}`,
		`{not json`,
		`{"id": "b", "home_files": {"../escape": "x"}, "calls": [{"tool": "Bash", "input": {}}]}`,
		`{"id": "c", "project_files": {"/etc/passwd": "x"}, "calls": [{"tool": "Bash", "input": {}}]}`,
		`{"id": "d", "calls": []}`,
		`{"id": "a", "calls": [{"tool": "Read", "input": {}}]}`,
		`{"id": "e", "managed_files": {"managed-settings.json": "{}"}, "calls": [{"tool": "Read", "input": {"file_path": "x"}}]}`,
	}, "\n")
	cases, problems, err := readCases(strings.NewReader(text), "x.cases.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range cases {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, ",") != "a,e" {
		t.Errorf("cases %v, want a,e", ids)
	}
	want := []string{"x.cases.jsonl:2: not a case", `x.cases.jsonl:3: case "b": file path "../escape"`, `x.cases.jsonl:4: case "c": file path "/etc/passwd"`,
		`x.cases.jsonl:5: case "d": no calls`, `x.cases.jsonl:6: case "a": the same id as line 1`}
	if len(problems) != len(want) {
		t.Fatalf("problems %q, want %d", problems, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(problems[i], w) {
			t.Errorf("problem %d = %q, want it to start %q", i, problems[i], w)
		}
	}
}

func TestSandboxIsolates(t *testing.T) {
	sb, err := FindSandbox(context.Background())
	if err != nil {
		t.Skipf("no sandbox here: %v", err)
	}
	batch := t.TempDir()
	for _, d := range []string{"home", "ctl"} {
		os.MkdirAll(filepath.Join(batch, d), 0o755)
	}
	// A folder the sandbox sees (through its read-only root) but must not
	// write: next to the test, not under /tmp, which is private inside.
	wd, _ := os.Getwd()
	outside, err := os.MkdirTemp(wd, ".sandbox-probe-")
	if err != nil {
		t.Skip(err)
	}
	defer os.RemoveAll(outside)
	probe := `echo x > ` + outside + `/escape 2>/dev/null && echo WROTE-OUTSIDE; ` +
		`(exec 3<>/dev/tcp/1.1.1.1/80) 2>/dev/null && echo NETWORK; ` +
		`touch /home/user/inside && echo home-ok; id -u`
	out, err := sb.Run(context.Background(), Batch{Dir: batch, InnerEnv: probeEnv}, []string{"bash", "-c", probe}, 30*time.Second)
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	s := string(out)
	if strings.Contains(s, "WROTE-OUTSIDE") || strings.Contains(s, "NETWORK") || !strings.Contains(s, "home-ok") || !strings.Contains(s, "1000") {
		t.Errorf("sandbox probe said %q; want no write outside, no network, a writable home, uid 1000", s)
	}
	if _, err := os.Stat(filepath.Join(outside, "escape")); err == nil {
		t.Error("a file was written outside the sandbox")
	}
	if _, err := os.Stat(filepath.Join(batch, "home", "inside")); err != nil {
		t.Errorf("the sandbox's home is not the batch's home folder: %v", err)
	}
}

// TestAgreesOwnFailure: a command that failed on its own inside Codex's
// sandbox (the driver's unsandboxed re-run failed too) shows only that
// Codex let it start in the sandbox without asking; a decision made at
// the sandbox step agrees with it, one made before the command ran (a
// prompt rule) does not. Any other row agrees by outcome alone.
func TestAgreesOwnFailure(t *testing.T) {
	own := Result{Outcome: OutcomeRuns, Pattern: PatternOwnFailure}
	plain := Result{Outcome: OutcomeRuns, Pattern: "ran(nonzero-exit)"}
	tests := []struct {
		name string
		r    Result
		sim  Simulated
		want bool
	}{
		{"own failure, write refused by the sandbox", own, Simulated{Outcome: OutcomeBlocked, Step: "5 sandbox"}, true},
		{"own failure, retry outside the sandbox asked", own, Simulated{Outcome: OutcomeAsks, Step: "5 sandbox"}, true},
		{"own failure, runs", own, Simulated{Outcome: OutcomeRuns, Step: "5 sandbox"}, true},
		{"own failure, a prompt rule asks first", own, Simulated{Outcome: OutcomeAsks, Step: "2 prefix rules"}, false},
		{"own failure, skipped", own, Simulated{Outcome: OutcomeBlocked, Step: "5 sandbox", Skipped: "not simulated"}, false},
		{"plain failure, write refused by the sandbox", plain, Simulated{Outcome: OutcomeBlocked, Step: "5 sandbox"}, false},
	}
	for _, tc := range tests {
		if got := Agrees(tc.r, tc.sim, "5 sandbox"); got != tc.want {
			t.Errorf("%s: Agrees = %v, want %v", tc.name, got, tc.want)
		}
	}
	if Agrees(own, Simulated{Outcome: OutcomeBlocked, Step: "5 sandbox"}, "") {
		t.Error("a driver without a sandbox step: an own failure agrees by outcome only")
	}
}

// sessionPolicy asks for a call decided with earlier results and runs one
// decided alone, and remembers how many earlier results each call had.
type sessionPolicy struct{ seen map[string]int }

func (p *sessionPolicy) Decide(engine.Call, engine.Mode) engine.Decision {
	return engine.Decision{Outcome: engine.Runs, Step: "alone"}
}
func (p *sessionPolicy) DecideInSession(call engine.Call, _ engine.Mode, earlier []string) engine.Decision {
	cmd, _ := call.Input["command"].(string)
	p.seen[cmd] = len(earlier)
	return engine.Decision{Outcome: engine.Asks, Step: "with history"}
}
func (p *sessionPolicy) Modes() []engine.Mode     { return nil }
func (p *sessionPolicy) Rules() []engine.RuleInfo { return nil }
func (p *sessionPolicy) Problems() []string       { return nil }

type sessionHarness struct{ p *sessionPolicy }

func (h sessionHarness) Name() string                           { return "test" }
func (h sessionHarness) Load(engine.Env) (engine.Policy, error) { return h.p, nil }

// TestDecideInSession: after a run, each call that had earlier compared
// results is decided again with them (a dropped row is no result the
// harness kept), so verify's comparison decides the way decide and the
// differential tests do; the first call keeps its decision made alone,
// and an unsupported case is left alone.
func TestDecideInSession(t *testing.T) {
	calls := []Call{{Tool: "run_shell_command", Input: map[string]any{"command": "a"}},
		{Tool: "run_shell_command", Input: map[string]any{"command": "b"}},
		{Tool: "run_shell_command", Input: map[string]any{"command": "c"}}}
	rows := []Result{{CallIndex: 0, Raw: "out a"}, {CallIndex: 1, Raw: "tool error", DropReason: "not a permission decision: tool-error"}, {CallIndex: 2, Raw: "out c"}}
	p := &sessionPolicy{seen: map[string]int{}}
	sims := []Simulated{{Outcome: "runs"}, {Outcome: "runs"}, {Outcome: "runs"}}
	DecideInSession(sessionHarness{p}, engine.Env{}, "", calls, rows, sims)
	if sims[0].Outcome != "runs" || sims[1].Outcome != "asks" || sims[2].Outcome != "asks" {
		t.Errorf("outcomes %v, want runs, asks, asks", sims)
	}
	if p.seen["b"] != 1 || p.seen["c"] != 1 {
		t.Errorf("earlier results seen %v, want b:1 c:1 (the dropped row left out)", p.seen)
	}
	kept := []Simulated{{Outcome: "runs"}, {Outcome: "runs"}, {Outcome: "runs"}}
	DecideInSession(sessionHarness{p}, engine.Env{}, "flags", calls, rows, kept)
	if kept[2].Outcome != "runs" {
		t.Errorf("an unsupported case was decided again: %v", kept)
	}
}
