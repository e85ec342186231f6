package codexdrive

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/verify"
)

// Model is the model name Codex is started with: gpt-5.5 gets the full
// tool set (exec_command, freeform apply_patch); unknown names get
// fallback metadata without apply_patch (reference/real-harnesses.md).
const Model = "gpt-5.5"

// Layout writes the case's home and project files under home (the
// corpus's /home/user; the project is home/proj), records the project's
// trust in ~/.codex/config.toml the way the corpus's runner did (unless
// the case's own config.toml names the project already: app-server would
// otherwise trust its cwd by itself), and makes the project a git
// repository when the case says so.
func Layout(c verify.Case, home string) error {
	if err := verify.WriteCase(c, home, "GIT_CONFIG_NOSYSTEM=1"); err != nil {
		return err
	}
	cfg := filepath.Join(home, ".codex", "config.toml")
	old, _ := os.ReadFile(cfg)
	text := string(old)
	if !strings.Contains(text, fmt.Sprintf("[projects.%q]", verify.Project)) {
		level := "untrusted"
		if c.Trust {
			level = "trusted"
		}
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		text += fmt.Sprintf("\n[projects.%q]\ntrust_level = %q\n", verify.Project, level)
		return verify.WriteFiles(home, map[string]string{".codex/config.toml": text})
	}
	return nil
}

// SimEnv is the Env standing in for a case's run in the corpus layout:
// the case's mode as the session's mode (nil: config.toml decides).
func SimEnv(c verify.Case) engine.Env {
	env := engine.Env{ProjectDir: verify.Project, HomeDir: verify.Home, ManagedDir: "/etc/codex", Flags: map[string]string{}, RunHooks: true}
	if c.Mode != nil {
		env.Flags[codex.FlagMode] = *c.Mode
	}
	return env
}

// Simulate decides every call of the case with the Codex simulator, with
// the case laid out at the corpus's paths.
func Simulate(c verify.Case) ([]verify.Simulated, []string) {
	unsupported := ""
	if len(c.Args) > 0 {
		unsupported = "command-line arguments " + strings.Join(c.Args, " ")
	}
	return verify.SimulateCalls(&codex.Harness{Hooks: hookRunner}, SimEnv(c), unsupported, c.Calls)
}

// threadParams are thread/start's approvalPolicy and sandbox for a case's
// mode: "APPROVAL:SANDBOX", the bypass flag (never + danger-full-access),
// or nil (nothing on the thread; config.toml decides).
func threadParams(mode *string) (map[string]any, error) {
	p := map[string]any{"cwd": verify.Project, "model": Model}
	if mode == nil {
		return p, nil
	}
	m := *mode
	if m == "--dangerously-bypass-approvals-and-sandbox" {
		m = "never:danger-full-access"
	}
	a, s, ok := strings.Cut(m, ":")
	if !ok && strings.HasPrefix(m, "-") {
		return nil, fmt.Errorf("mode %q: not APPROVAL:SANDBOX", m)
	}
	if a != "" {
		p["approvalPolicy"] = a
	}
	if s != "" {
		p["sandbox"] = s
	}
	return p, nil
}

// effectiveMode renders thread/start's answer as APPROVAL:SANDBOX.
func effectiveMode(approval json.RawMessage, sandbox struct {
	Type string `json:"type"`
}) (string, bool) {
	a := strings.Trim(string(approval), `"`)
	never := a == "never"
	s := map[string]string{"readOnly": "read-only", "workspaceWrite": "workspace-write", "dangerFullAccess": "danger-full-access"}[sandbox.Type]
	if s == "" {
		s = sandbox.Type
	}
	return a + ":" + s, never
}

// harnessEnv is Codex's environment: its home in the sandbox, the mock's
// key.
func harnessEnv(c verify.Case) []string {
	return verify.Environ(c, map[string]string{
		"CODEX_HOME": verify.Home + "/.codex", "PERMSIM_MOCK_KEY": "sk-permsim-mock", "RUST_LOG": "warn", "NO_COLOR": "1",
	})
}

// Args are the app-server's arguments: the mock as the model provider.
func Args(mockURL string) []string {
	return []string{"app-server",
		"-c", `model_provider="permsim"`,
		"-c", fmt.Sprintf(`model_providers.permsim={name="permsim", base_url=%q, wire_api="responses", env_key="PERMSIM_MOCK_KEY"}`, mockURL),
		"-c", fmt.Sprintf(`model=%q`, Model),
		"-c", `analytics.enabled=false`,
	}
}

// rpc is the app-server client with what the driver keeps of the
// conversation.
type rpc struct {
	*verify.RPCClient
	asks  verify.Asks // call id → the approval request
	turns chan struct{}
	// current is the call being run (Mock.LastServed): an MCP tool
	// call's approval names none.
	current func() string
}

// mcpApprovalMethod is how Codex 0.169.0's app-server asks about an MCP
// tool call: an elicitation whose _meta.codex_approval_kind is
// "mcp_tool_call" ("Allow the plain MCP server to run tool \"search\"?"),
// with no call id (recorded, testdata/codex/realconfigs/coverage).
const mcpApprovalMethod = "mcpServer/elicitation/request"

// approvalMethods are the server requests that ask the user; every one is
// answered with decline.
var approvalMethods = map[string]bool{
	"item/commandExecution/requestApproval": true, "item/fileChange/requestApproval": true,
	"item/permissions/requestApproval": true, "execCommandApproval": true, "applyPatchApproval": true,
}

// notify passes turn/completed on to the waiting turn.
func (r *rpc) notify(m verify.RPCMessage) {
	if m.Method == "turn/completed" {
		select {
		case r.turns <- struct{}{}:
		default:
		}
	}
}

// serverRequest records an approval request as the call's ask and
// declines it; any other request gets an error.
func (r *rpc) serverRequest(m verify.RPCMessage) {
	if m.Method == mcpApprovalMethod && r.current != nil {
		var p struct {
			Meta       map[string]any `json:"_meta"`
			Message    string         `json:"message"`
			ServerName string         `json:"serverName"`
		}
		_ = json.Unmarshal(m.Params, &p)
		if p.Meta["codex_approval_kind"] == "mcp_tool_call" {
			r.asks.Record(r.current(), map[string]any{"method": m.Method, "reason": p.Message, "serverName": p.ServerName, "tool": p.Meta["tool_name"]})
			r.Reply(m.ID, map[string]any{"action": "decline"})
			return
		}
	}
	if !approvalMethods[m.Method] {
		r.ReplyError(m.ID, -32601, "permsim verifier: unsupported request "+m.Method)
		return
	}
	var p map[string]any
	_ = json.Unmarshal(m.Params, &p)
	id := ""
	for _, k := range []string{"itemId", "callId", "call_id"} {
		if s, ok := p[k].(string); ok && s != "" {
			id = s
			break
		}
	}
	ask := map[string]any{"method": m.Method}
	for _, k := range []string{"reason", "command", "availableDecisions", "grantRoot"} {
		if v, ok := p[k]; ok && v != nil {
			ask[k] = v
		}
	}
	r.asks.Record(id, ask)
	decision := "decline"
	if m.Method == "execCommandApproval" || m.Method == "applyPatchApproval" {
		decision = "denied"
	}
	if m.Method == "item/permissions/requestApproval" {
		r.Reply(m.ID, map[string]any{"permissions": map[string]any{}})
		return
	}
	r.Reply(m.ID, map[string]any{"decision": decision})
}

// runCase runs one case in a fresh app-server process.
var runCase = verify.WithMock(Layout, Simulate, StartMock, talk)

// talk drives `codex app-server` against the case's mock as its JSON-RPC
// client, answering every approval request with decline, and reads each
// call's result.
func talk(ctx context.Context, j verify.Job, ctl string, out *verify.Answer, mock *Mock) ([]verify.Result, error) {
	c := j.Case
	timeout := j.TimeoutOr(driver.Timeout)
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	p, err := verify.Start(cctx, j.Binary, append(Args(mock.URL()), c.Args...), harnessEnv(c), ctl, "codex.stderr")
	if err != nil {
		return nil, err
	}
	defer func() {
		p.Stop()
		verify.WriteLog(ctl, "mock.log", mock.Log())
	}()
	r := &rpc{turns: make(chan struct{}, 1), current: mock.LastServed}
	p.RPC("app-server.jsonl", func(rc *verify.RPCClient) {
		r.RPCClient = rc
		r.OnRequest, r.OnNotify = r.serverRequest, r.notify
	}, func() { close(r.turns) })

	if _, err := r.Call(cctx, "initialize", map[string]any{"clientInfo": map[string]any{"name": "permsim-verify", "version": "1"}}); err != nil {
		return nil, err
	}
	r.Notify("initialized", nil)
	tp, err := threadParams(c.Mode)
	if err != nil {
		return nil, err
	}
	res, err := r.Call(cctx, "thread/start", tp)
	if err != nil {
		return nil, err
	}
	var ts struct {
		Thread struct {
			ID string `json:"id"`
		} `json:"thread"`
		ApprovalPolicy json.RawMessage `json:"approvalPolicy"`
		Sandbox        struct {
			Type string `json:"type"`
		} `json:"sandbox"`
	}
	if err := json.Unmarshal(res, &ts); err != nil {
		return nil, fmt.Errorf("thread/start answer: %w", err)
	}
	mode, never := effectiveMode(ts.ApprovalPolicy, ts.Sandbox)

	err = verify.PromptUntilAnswered(len(c.Calls), func() bool { return verify.AllAnswered(len(c.Calls), &r.asks, &mock.Outputs) }, func(prompt string) error {
		if _, err := r.Call(cctx, "turn/start", map[string]any{"threadId": ts.Thread.ID,
			"input": []any{map[string]any{"type": "text", "text": prompt}}}); err != nil {
			return err
		}
		select {
		case _, ok := <-r.turns:
			if !ok {
				return fmt.Errorf("codex app-server exited during the turn (see codex.stderr)")
			}
		case <-cctx.Done():
			return fmt.Errorf("the turn did not complete within %s", timeout)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// The last tool output reaches the mock with the request after it;
	// the turn has completed by then.
	var rows []verify.Result
	for i, call := range c.Calls {
		id := CallID(i)
		row := verify.Result{ID: c.ID, CallIndex: i, Harness: "codex", Tool: call.Tool, Config: c.Config,
			EffectiveMode: mode, Driver: "app-server", Via: "mock"}
		ask := r.asks.Get(id)
		text, got := mock.Output(id)
		if ask == nil && !got {
			row.SetNoResult(verify.NoResultReason)
			rows = append(rows, row)
			continue
		}
		method := ""
		if ask != nil {
			row.Ask = ask
			method, _ = ask["method"].(string)
		}
		row.Raw = verify.Truncate(text, 2000)
		row.Outcome, row.Pattern = Classify(method, text, never)
		row.DropIfError()
		rows = append(rows, row)
	}
	if err := recheck(ctx, c, mode, rows); err != nil {
		return nil, err
	}
	return rows, nil
}
