package codexdrive

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/verify"
)

// TestMain makes the test binary its own driver: inside the sandbox Run
// builds, InnerEnv is set and the binary runs Inner instead of the tests.
func TestMain(m *testing.M) {
	if ctl := os.Getenv(Runner.InnerEnv); ctl != "" {
		if err := Runner.Inner(context.Background(), ctl); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The texts are the raw tool outputs of the recorded corpus
// (testdata/codex/differential/codex.results.jsonl); the expected outcome
// and pattern are that row's, except "escalation under granular": the
// corpus read that text as "ran", but it says "reject command", and
// nothing ran (testdata/codex/differential/known-differences.txt).
func TestClassify(t *testing.T) {
	tests := []struct {
		name, method, text string
		never              bool
		outcome, pattern   string
	}{
		{"approval request wins", "item/commandExecution/requestApproval", `exec_command failed: CreateProcess { message: "Rejected(\"rejected by user\")" }`, false, "asks", "item/commandExecution/requestApproval"},
		{"patch approval", "item/fileChange/requestApproval", "patch rejected by user", false, "asks", "item/fileChange/requestApproval"},
		{"ran", "", "Chunk ID: 9d506f\nWall time: 0.0000 seconds\nProcess exited with code 0\nOriginal token count: 2\nOutput:\nreport\n", false, "runs", "ran"},
		{"patch ran", "", "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM internal/store/store.go\n", false, "runs", "ran"},
		{"nonzero exit", "", "Chunk ID: 923a77\nWall time: 0.0000 seconds\nProcess exited with code 127\nOriginal token count: 11\nOutput:\nenv: ‘go’: No such file or directory\n", false, "runs", "ran(nonzero-exit)"},
		// Recorded with the real Codex 0.169.0 (testdata/codex/generated,
		// px-x2302-25…#12): the pipeline exits with uniq's 0.
		{"sandbox stopped a write, the line exited 0", "", "Chunk ID: 772436\nWall time: 2.0364 seconds\nProcess exited with code 0\nOriginal token count: 21\nOutput:\nfatal: Unable to create '/home/user/proj/.git/index.lock': Read-only file system\n", true, "blocked", "sandbox-denied(exit 0)"},
		// Recorded with the real Codex 0.169.0 (seed 9929, px-x9929-06#2):
		// the driver's re-run without the sandbox tells what it was.
		{"git clean failed on the sandbox's mount points", "", "Chunk ID: 1c0dd4\nWall time: 0.7604 seconds\nProcess exited with code 1\nOriginal token count: 49\nOutput:\nwarning: failed to remove .agents/: Device or resource busy\nwarning: failed to remove .aws/: Device or resource busy\nwarning: failed to remove .codex/: Device or resource busy\nRemoving diff.txt\n", false, "runs", "ran(nonzero-exit)"},
		// Seen when the mock named a tool gpt-5.5's tool set lacks.
		{"unsupported tool", "", "unsupported call: shell_command", false, "error", "tool-error"},
		{"sandbox stopped a write", "", "Chunk ID: c9ed53\nWall time: 0.0000 seconds\nProcess exited with code 1\nOriginal token count: 15\nOutput:\ntouch: cannot touch 'pkg/api/doc.go': Read-only file system\n", false, "blocked", "sandbox-denied(ran sandboxed)"},
		{"forbidden rule", "", `exec_command failed: CreateProcess { message: "Rejected(\"` + "`/bin/bash -lc 'kubectl drain node-1'` rejected: policy forbids commands starting with `kubectl drain`" + `\")" }`, false, "blocked", "execpolicy-forbidden"},
		{"forbidden rule with justification", "", `exec_command failed: CreateProcess { message: "Rejected(\"` + "`/bin/bash -lc 'make deploy'` rejected: deploys go through CI" + `\")" }`, false, "blocked", "execpolicy-forbidden(justification)"},
		{"prompt rule under never", "", `exec_command failed: CreateProcess { message: "Rejected(\"approval required by policy, but AskForApproval is set to Never\")" }`, true, "blocked", "approval-required(policy=never)"},
		{"escalation under never", "", "approval policy is Never; reject command — you cannot ask for escalated permissions if the approval policy is Never", true, "blocked", "escalation-request(policy=never)"},
		{"escalation under granular", "", "approval policy is Granular(GranularApprovalConfig { sandbox_approval: false, rules: true, skill_approval: true, request_permissions: true, mcp_elicitations: true }); reject command — you cannot ask for escalated permissions if the approval policy is Granular(GranularApprovalConfig { sandbox_approval: false, rules: true, skill_approval: true, request_permissions: true, mcp_elicitations: true })", false, "blocked", "escalation-request(config policy)"},
		{"patch under never", "", "patch rejected: writing is blocked by read-only sandbox; rejected by user approval settings", true, "blocked", "patch-needs-approval(policy=never)"},
		{"patch under granular config", "", "patch rejected: writing is blocked by read-only sandbox; rejected by user approval settings", false, "blocked", "patch-needs-approval(config policy)"},
		{"granular rules off", "", `exec_command failed: CreateProcess { message: "Rejected(\"approval required by policy rule, but AskForApproval::Granular.rules is false\")" }`, false, "blocked", "granular-policy-rejected"},
		{"rm guard", "", `exec_command failed: CreateProcess { message: "Rejected(\"` + "`/bin/bash -lc 'rm -rf vendor'` rejected: rm -f style commands are not permitted. Use a safer approach" + `\")" }`, true, "blocked", "builtin-rm-guard"},
		// Recorded with the real Codex 0.140.0 and 0.142.0 under approval
		// policy never (testdata/codex/versions, xv-rm0-never-workspace-write):
		// the rm guard's refusal of the versions before 0.150.0.
		// Recorded with the real Codex 0.169.0 (testdata/codex/realconfigs/coverage,
		// rc-br-mcp*): an MCP tool call Codex asked about (an
		// mcpServer/elicitation/request, declined), and one approval
		// policy never refused.
		{"MCP tool call declined", "", "Wall time: 0.0045 seconds\nOutput:user rejected MCP tool call", false, "asks", "mcp-tool-approval(declined)"},
		{"MCP tool call under never", "", "Wall time: 0.0065 seconds\nOutput:MCP tool call requires approval, but approval policy is never", true, "blocked", "mcp-tool-approval(policy=never)"},
		{"MCP tool call ran", "", "Wall time: 0.0046 seconds\nOutput:ok search", false, "runs", "ran"},
		{"rm guard before 0.150", "", `exec_command failed for ` + "`/bin/bash -lc 'rm -rf build'`" + `: CreateProcess { message: "Rejected(\"` + "`/bin/bash -lc 'rm -rf build'` rejected: blocked by policy" + `\")" }`, true, "blocked", "builtin-rm-guard"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, p := Classify(tt.method, tt.text, tt.never)
			if o != tt.outcome || p != tt.pattern {
				t.Errorf("Classify = %s (%s), want %s (%s)", o, p, tt.outcome, tt.pattern)
			}
		})
	}
}

// "The mock speaks the Responses API SSE (`response.output_item.done` with
// a `function_call`/`custom_tool_call`, then `response.completed`).
// Results come back as `function_call_output`/`custom_tool_call_output` in
// the next request's `input`." (reference/real-harnesses.md)
func TestMockServesOneCallPerTurn(t *testing.T) {
	calls := []verify.Call{
		{Tool: "exec_command", Input: map[string]any{"cmd": "ls"}},
		{Tool: "apply_patch", Input: map[string]any{"input": "*** Begin Patch\n*** End Patch\n"}},
	}
	m, err := StartMock(calls)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	post := func(input []map[string]any) string {
		body, _ := json.Marshal(map[string]any{"model": Model, "stream": true, "tools": []any{map[string]any{"type": "function"}}, "input": input})
		resp, err := http.Post(m.URL()+"/responses", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	first := post([]map[string]any{{"type": "message", "role": "user"}})
	if !strings.Contains(first, `"type":"function_call"`) || !strings.Contains(first, CallID(0)) || !strings.Contains(first, "response.completed") {
		t.Fatalf("first turn is not exec_command as a function_call:\n%s", first)
	}
	second := post([]map[string]any{{"type": "function_call", "call_id": CallID(0)}, {"type": "function_call_output", "call_id": CallID(0), "output": "Exit code: 0"}})
	if !strings.Contains(second, `"type":"custom_tool_call"`) || !strings.Contains(second, CallID(1)) {
		t.Fatalf("second turn is not apply_patch as a custom_tool_call:\n%s", second)
	}
	if out, ok := m.Output(CallID(0)); !ok || out != "Exit code: 0" {
		t.Errorf("recorded output of call 0 = %q, %v", out, ok)
	}
	third := post([]map[string]any{{"type": "function_call", "call_id": CallID(0)}, {"type": "custom_tool_call", "call_id": CallID(1)}})
	if !strings.Contains(third, `"type":"message"`) {
		t.Errorf("after the last call the mock should answer with text:\n%s", third)
	}
}

// Codex offers a server's MCP tools as a namespace ("mcp__notes" holding
// "search"; seen in the tools of Codex 0.140.0's and 0.169.0's requests),
// and finds the tool a function_call names by its namespace and name: the
// mock sends a call to mcp__notes__search so. Before, Codex answered
// "unsupported call: mcp__notes__search". The mock also remembers the call
// it served last: Codex asks about an MCP tool call with an
// mcpServer/elicitation/request that names no call id.
func TestMockNamespacesMCPCalls(t *testing.T) {
	m, err := StartMock([]verify.Call{{Tool: "mcp__notes__search", Input: map[string]any{"q": "x"}}, {Tool: "mcp__bad", Input: map[string]any{}}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got := m.LastServed(); got != "" {
		t.Errorf("LastServed before any call = %q, want none", got)
	}
	post := func(input []map[string]any) string {
		body, _ := json.Marshal(map[string]any{"model": Model, "stream": true, "tools": []any{map[string]any{"type": "function"}}, "input": input})
		resp, err := http.Post(m.URL()+"/responses", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	first := post([]map[string]any{{"type": "message", "role": "user"}})
	if !strings.Contains(first, `"namespace":"mcp__notes"`) || !strings.Contains(first, `"name":"search"`) {
		t.Errorf("an MCP call is not sent in its namespace:\n%s", first)
	}
	if got := m.LastServed(); got != CallID(0) {
		t.Errorf("LastServed = %q, want %q", got, CallID(0))
	}
	second := post([]map[string]any{{"type": "function_call", "call_id": CallID(0)}})
	if strings.Contains(second, `"namespace"`) || !strings.Contains(second, `"name":"mcp__bad"`) {
		t.Errorf("a name without a tool part is sent as it is:\n%s", second)
	}
}

// "Both drivers add ... `approvalPolicy, sandbox` ... `mode` is
// `APPROVAL:SANDBOX`, e.g. `on-request:workspace-write`;
// `--dangerously-bypass-approvals-and-sandbox` maps to
// `never:danger-full-access`." (reference/real-harnesses.md)
func TestThreadParams(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		mode              *string
		approval, sandbox any
	}{
		{str("on-request:workspace-write"), "on-request", "workspace-write"},
		{str("untrusted:read-only"), "untrusted", "read-only"},
		{str("--dangerously-bypass-approvals-and-sandbox"), "never", "danger-full-access"},
		{nil, nil, nil},
	}
	for _, tt := range tests {
		p, err := threadParams(tt.mode)
		if err != nil {
			t.Fatal(err)
		}
		if p["approvalPolicy"] != tt.approval || p["sandbox"] != tt.sandbox || p["cwd"] != verify.Project {
			t.Errorf("threadParams(%v) = %v", tt.mode, p)
		}
	}
}

// "The runner therefore always writes the project's trust level first,
// `trusted` only when the case is meant to be trusted and `untrusted`
// otherwise, unless the case's own `config.toml` already names the
// project." (reference/real-harnesses.md)
func TestLayoutTrust(t *testing.T) {
	tests := []struct {
		name  string
		trust bool
		cfg   string
		want  string
	}{
		{"trusted", true, "", "trust_level = \"trusted\""},
		{"untrusted", false, "model = \"x\"\n", "trust_level = \"untrusted\""},
		{"case names the project", true, "[projects.\"/home/user/proj\"]\ntrust_level = \"untrusted\"\n", "trust_level = \"untrusted\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			c := verify.Case{ID: "x", Trust: tt.trust, HomeFiles: map[string]string{}}
			if tt.cfg != "" {
				c.HomeFiles[".codex/config.toml"] = tt.cfg
			}
			if err := Layout(c, home); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(home + "/.codex/config.toml")
			if !strings.Contains(string(b), tt.want) || strings.Count(string(b), "[projects.") != 1 {
				t.Errorf("config.toml:\n%s\nwant one project entry with %s", b, tt.want)
			}
		})
	}
	if err := Layout(verify.Case{ID: "x", HomeFiles: map[string]string{"../escape": "x"}}, t.TempDir()); err == nil {
		t.Error("a home file path with .. was written")
	}
}

// TestRealCodex re-records a slice of the corpus with the real Codex CLI
// in the sandbox: every re-recorded outcome must equal the recorded one
// (the corpus README: "No row changed its outcome between runs"). It
// skips without codex or bubblewrap, and unless PERMSIM_REAL_HARNESS=1. PERMSIM_VERIFY_CASES picks another
// cases file, PERMSIM_VERIFY_RECORDED its recorded results, and
// PERMSIM_VERIFY_ONLY a regular expression of case ids.
func TestRealCodex(t *testing.T) {
	if testing.Short() || os.Getenv("PERMSIM_REAL_HARNESS") != "1" {
		t.Skip("runs the real harness: set PERMSIM_REAL_HARNESS=1 (as package verify's end-to-end tests)")
	}
	if _, err := driver.FindBinary(""); err != nil {
		t.Skip(err)
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("no bwrap")
	}
	cases := envOr("PERMSIM_VERIFY_CASES", "../../testdata/verify/codex/codex.cases.jsonl")
	recordedFile := envOr("PERMSIM_VERIFY_RECORDED", "../../testdata/verify/codex/codex.recorded.results.jsonl")
	only := envOr("PERMSIM_VERIFY_ONLY", "")
	limit := 0 // the default run is a short slice; PERMSIM_VERIFY_ALL=1 runs the whole file
	if os.Getenv("PERMSIM_VERIFY_CASES") == "" && only == "" && os.Getenv("PERMSIM_VERIFY_ALL") == "" {
		only = "-00$" // the first case of each configuration
		limit = 6
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var out, log bytes.Buffer
	sum, err := Runner.Run(context.Background(), verify.Options{Cases: cases, Only: only, Limit: limit, Self: []string{self}, Jobs: 2,
		Record: os.Getenv("PERMSIM_VERIFY_RECORD"), WorkDir: os.Getenv("PERMSIM_VERIFY_KEEP"), Out: &out, Log: &log})
	t.Log("\n" + out.String())
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if len(sum.Failed) > 0 {
		t.Errorf("cases failed: %v", sum.Failed)
	}
	recorded, _, err := verify.ReadResults(recordedFile)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]verify.Result{}
	for _, r := range recorded {
		want[fmt.Sprintf("%s#%d", r.ID, r.CallIndex)] = r
	}
	known := rerecordDifferences(t, "../../testdata/verify/codex/rerecord-differences.txt")
	same, n := 0, 0
	for _, row := range sum.Rows {
		w, ok := want[row.Key]
		if !ok {
			continue
		}
		n++
		if w.Outcome == row.Real.Outcome {
			same++
			continue
		}
		if why, ok := known[row.Key]; ok {
			t.Logf("%s: re-recorded %s (%s), recorded %s (%s): known: %s", row.Key, row.Real.Outcome, row.Real.Pattern, w.Outcome, w.Pattern, why)
			continue
		}
		t.Errorf("%s: re-recorded %s (%s), recorded %s (%s); raw %q", row.Key, row.Real.Outcome, row.Real.Pattern, w.Outcome, w.Pattern, row.Real.Raw)
	}
	t.Logf("re-recorded %d calls; %d/%d match the recorded outcomes", len(sum.Rows), same, n)
}

// rerecordDifferences reads "<id>#<call>\t<reason>" lines: rows whose
// re-recorded outcome is known to differ from the recorded corpus.
func rerecordDifferences(t *testing.T, file string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(reason) == "" {
			t.Fatalf("%s:%d: want <id>#<call>\\t<reason>", file, i+1)
		}
		out[key] = reason
	}
	return out
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// "a verifier must refuse to start without `bwrap`" (reference/real-harnesses.md,
// "Safety: every run is sandboxed").
func TestRefusesWithoutSandbox(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", t.TempDir()) // no bwrap on it
	_, err = Runner.Run(context.Background(), verify.Options{Binary: self, Cases: "../../testdata/verify/codex/codex.cases.jsonl", Self: []string{self}})
	if !errors.Is(err, verify.ErrNoSandbox) || !strings.Contains(err.Error(), "bwrap") {
		t.Errorf("Run without bwrap = %v, want verify.ErrNoSandbox naming bwrap", err)
	}
	if _, err := (*verify.Sandbox)(nil).Run(context.Background(), verify.Batch{Dir: t.TempDir(), Self: self, SelfAt: verify.DriverPath, InnerEnv: Runner.InnerEnv}, []string{"true"}, time.Second); !errors.Is(err, verify.ErrNoSandbox) {
		t.Errorf("RunSandboxed without a sandbox = %v", err)
	}
}

// The sandbox's arguments keep the safety properties the reference
// requires: "--cap-drop ALL", "--unshare-net", "--ro-bind / /", uid 1000,
// and only the batch's home and control folder writable.
func TestSandboxArgs(t *testing.T) {
	a := strings.Join(verify.Batch{Dir: "/b", Self: "/x/driver", SelfAt: verify.DriverPath, InnerEnv: Runner.InnerEnv}.Args(), " ")
	for _, want := range []string{"--cap-drop ALL", "--unshare-net", "--unshare-user", "--ro-bind / /", "--uid 1000", "--gid 1000",
		"--tmpfs /home", "--bind /b/home /home/user", "--bind /b/ctl " + verify.CtlDir, "--ro-bind /x/driver " + verify.DriverPath, "--setenv " + Runner.InnerEnv + " " + verify.CtlDir} {
		if !strings.Contains(a, want) {
			t.Errorf("sandbox args lack %q:\n%s", want, a)
		}
	}
	if strings.Count(a, "--bind ") != 2 {
		t.Errorf("more than the home and control folders are writable:\n%s", a)
	}
}
