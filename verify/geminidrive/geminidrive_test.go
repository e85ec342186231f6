package geminidrive

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/verify"
)

// TestMain makes the test binary its own driver inside the sandbox.
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

// The texts are raw results of the recorded corpus
// (testdata/gemini/differential/gemini.results.jsonl) with that row's
// outcome and pattern.
func TestClassify(t *testing.T) {
	tests := []struct {
		name             string
		asked            bool
		res              Response
		outcome, pattern string
	}{
		{"prompt", true, Response{Error: `Tool "run_shell_command" was canceled by the user.`}, "asks", "request_permission"},
		{"ran", false, Response{Output: "<untrusted_context>\nOutput: /usr/bin/bash: line 4: go: command not found\nExit Code: 127\nProcess Group PGID: 27\n</untrusted_context>"}, "runs", "ran"},
		{"deny rule", false, Response{Error: `Tool execution for "Shell" denied by policy.`}, "blocked", "policy-deny"},
		{"not registered", false, Response{Error: `Tool "replace" not found in registry.`}, "blocked", "tool-excluded(not registered in this mode)"},
		{"outside workspace", false, Response{Error: `Path not in workspace: Attempted path "/home/user/.bash_profile" resolves outside the allowed workspace directories: /home/user/proj or the project temp directory: /home/user/.gemini/tmp/proj`}, "blocked", "outside-workspace"},
		{"plan path", false, Response{Error: "Access denied: plan path (/home/user/proj/docs/new.md) must be within the designated plans directory (/home/user/.gemini/tmp/proj/x/plans)."}, "blocked", "plan-mode(path)"},
		{"unknown error", false, Response{Error: "File not found: /home/user/proj/nope"}, "error", "error(unmatched)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, p := Classify(tt.asked, tt.res)
			if o != tt.outcome || p != tt.pattern {
				t.Errorf("Classify = %s (%s), want %s (%s)", o, p, tt.outcome, tt.pattern)
			}
		})
	}
}

// "The mock serves `:streamGenerateContent?alt=sse` with one
// `functionCall` per turn (its `id` is echoed back) ... Results come back
// as `functionResponse.response.{output|error}`." (reference/real-harnesses.md)
func TestMockServesOneCallPerTurn(t *testing.T) {
	calls := []verify.Call{{Tool: "run_shell_command", Input: map[string]any{"command": "ls"}}}
	m, err := StartMock(calls)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	post := func(contents []map[string]any) string {
		body, _ := json.Marshal(map[string]any{"contents": contents, "tools": []any{map[string]any{"functionDeclarations": []any{}}}})
		resp, err := http.Post(m.URL()+"/v1beta/models/"+Model+":streamGenerateContent?alt=sse", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return string(b)
	}
	first := post([]map[string]any{{"role": "user", "parts": []any{map[string]any{"text": "go"}}}})
	if !strings.HasPrefix(first, "data: ") || !strings.Contains(first, `"functionCall"`) || !strings.Contains(first, CallID(0)) {
		t.Fatalf("first turn is not the call as a functionCall:\n%s", first)
	}
	second := post([]map[string]any{
		{"role": "model", "parts": []any{map[string]any{"functionCall": map[string]any{"id": CallID(0), "name": "run_shell_command"}}}},
		{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{"id": CallID(0), "name": "run_shell_command", "response": map[string]any{"error": "denied"}}}}},
	})
	if strings.Contains(second, `"functionCall"`) {
		t.Errorf("after the last call the mock should answer with text:\n%s", second)
	}
	if res, ok := m.Output(CallID(0)); !ok || res.Error != "denied" {
		t.Errorf("recorded response = %+v, %v", res, ok)
	}
}

// "`default`, `auto_edit`, `yolo`, `plan` = `--approval-mode <mode>`; a
// value starting with `-` is raw flags (`--yolo`); `null` = no flag"
// (the differential corpus's README, "mode per harness").
func TestArgsAndSimEnv(t *testing.T) {
	str := func(s string) *string { return &s }
	tests := []struct {
		mode     *string
		args     []string
		wantArgs string
		flag     string
		val      string
	}{
		{str("auto_edit"), nil, "--acp -m gemini-2.5-pro --approval-mode auto_edit", gemini.FlagMode, "auto_edit"},
		{str("--yolo"), nil, "--acp -m gemini-2.5-pro --yolo", gemini.FlagYolo, "true"},
		{nil, []string{"--admin-policy", "/home/user/org/admin.toml"}, "--acp -m gemini-2.5-pro --admin-policy /home/user/org/admin.toml", gemini.FlagAdminPolicy, "/home/user/org/admin.toml"},
	}
	for _, tt := range tests {
		c := verify.Case{Mode: tt.mode, Args: tt.args}
		if got := strings.Join(Args(c), " "); got != tt.wantArgs {
			t.Errorf("Args = %q, want %q", got, tt.wantArgs)
		}
		env, unsupported := SimEnv(c)
		if unsupported != "" || env.Flags[tt.flag] != tt.val {
			t.Errorf("SimEnv(%v %v): flags %v, unsupported %q", tt.mode, tt.args, env.Flags, unsupported)
		}
	}
}

// "The runner merges `security.auth.selectedType = "gemini-api-key"` into
// `~/.gemini/settings.json`" and "`true` (all Gemini cases) →
// `~/.gemini/trustedFolders.json` = `{"/home/user/proj": "TRUST_FOLDER"}`."
func TestLayout(t *testing.T) {
	home := t.TempDir()
	c := verify.Case{ID: "x", Trust: true, HomeFiles: map[string]string{".gemini/settings.json": `{"tools": {"core": ["read_file"]}}`}}
	if err := Layout(c, home); err != nil {
		t.Fatal(err)
	}
	var s map[string]map[string]any
	b, _ := os.ReadFile(home + "/.gemini/settings.json")
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if auth, _ := s["security"]["auth"].(map[string]any); auth["selectedType"] != "gemini-api-key" || s["tools"]["core"] == nil {
		t.Errorf("settings.json = %s", b)
	}
	tf, _ := os.ReadFile(home + "/.gemini/trustedFolders.json")
	if !strings.Contains(string(tf), `"/home/user/proj": "TRUST_FOLDER"`) {
		t.Errorf("trustedFolders.json = %s", tf)
	}
}

// TestRealGemini re-records a slice of the corpus with the real Gemini
// CLI in the sandbox; every re-recorded outcome must equal the recorded
// one. It skips without gemini or bubblewrap, and unless PERMSIM_REAL_HARNESS=1. The PERMSIM_VERIFY_*
// variables work as in codexdrive's TestRealCodex.
func TestRealGemini(t *testing.T) {
	if testing.Short() || os.Getenv("PERMSIM_REAL_HARNESS") != "1" {
		t.Skip("runs the real harness: set PERMSIM_REAL_HARNESS=1 (as package verify's end-to-end tests)")
	}
	if _, err := driver.FindBinary(""); err != nil {
		t.Skip(err)
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("no bwrap")
	}
	cases := envOr("PERMSIM_VERIFY_CASES", "../../testdata/verify/gemini/gemini.cases.jsonl")
	recordedFile := envOr("PERMSIM_VERIFY_RECORDED", "../../testdata/verify/gemini/gemini.recorded.results.jsonl")
	only := envOr("PERMSIM_VERIFY_ONLY", "")
	limit := 0 // the default run is a short slice; PERMSIM_VERIFY_ALL=1 runs the whole file
	if os.Getenv("PERMSIM_VERIFY_CASES") == "" && only == "" && os.Getenv("PERMSIM_VERIFY_ALL") == "" {
		only = "-(00|10)$"
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
		t.Errorf("%s: re-recorded %s (%s), recorded %s (%s); raw %q", row.Key, row.Real.Outcome, row.Real.Pattern, w.Outcome, w.Pattern, row.Real.Raw)
	}
	t.Logf("re-recorded %d calls; %d/%d match the recorded outcomes", len(sum.Rows), same, n)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// A case not marked trusted that brings its own trustedFolders.json is
// decided by that file, as the real run was (rg-parse2-trust-parent in
// testdata/gemini/realconfigs/coverage: TRUST_PARENT made the project
// trusted); without one it is untrusted, as Layout writes no record.
func TestSimEnvOwnTrustRecord(t *testing.T) {
	own := verify.Case{HomeFiles: map[string]string{".gemini/trustedFolders.json": "{}\n"}}
	if env, _ := SimEnv(own); env.Trust != nil {
		t.Errorf("own trustedFolders.json: Trust = %v, want nil (the file decides)", *env.Trust)
	}
	if env, _ := SimEnv(verify.Case{}); env.Trust == nil || *env.Trust {
		t.Errorf("no record: Trust = %v, want false", env.Trust)
	}
}

// A case whose environment moves the trust record
// (GEMINI_CLI_TRUSTED_FOLDERS_PATH) is decided by the file it names, not by
// the record the runner writes for a trusted case: Gemini CLI 0.61.0 asked
// for make check and the write in rg-br4-trusted-folders-path-distrusts
// (testdata/gemini/realconfigs/coverage/branches4), marked trusted but
// pointed at a DO_NOT_TRUST record.
func TestSimEnvMovedTrustRecord(t *testing.T) {
	c := verify.Case{Trust: true, Env: map[string]string{"GEMINI_CLI_TRUSTED_FOLDERS_PATH": verify.Home + "/alt/trusted.json"}}
	if env, _ := SimEnv(c); env.Trust != nil {
		t.Errorf("moved record: Trust = %v, want nil (the named file decides)", *env.Trust)
	}
}

// SimEnv reads the case's environment as the harness did: GEMINI_CLI_HOME
// moves ~/.gemini (rg-br2-cli-home, testdata/gemini/realconfigs/coverage:
// the moved folder's tools.allowed applied). And it runs hooks only for a
// headless case: Gemini CLI 0.61.0's ACP session runs a tool without its
// BeforeTool hooks (HeadlessEnv), and an exit-2 hook blocked nothing there
// (rg-br2-hooks-acp).
func TestSimEnvEnvironmentAndHooks(t *testing.T) {
	c := verify.Case{Env: map[string]string{"GEMINI_CLI_HOME": verify.Home + "/alt"}}
	env, _ := SimEnv(c)
	if want := verify.Home + "/alt/.gemini"; env.ConfigDir != want {
		t.Errorf("GEMINI_CLI_HOME: ConfigDir %q, want %q", env.ConfigDir, want)
	}
	if env.RunHooks {
		t.Error("an ACP case: RunHooks, want the hooks not run")
	}
	if env, _ := SimEnv(verify.Case{Env: map[string]string{HeadlessEnv: "1"}}); !env.RunHooks {
		t.Error("a headless case: hooks not run, want them run")
	}
}
