package geminidrive

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/verify"
)

// Model is the model Gemini CLI is started with.
const Model = "gemini-2.5-pro"

// Layout writes the case's files under home (the corpus's /home/user; the
// project is home/proj), marks the project trusted in
// ~/.gemini/trustedFolders.json when the case says so, merges into
// ~/.gemini/settings.json what the corpus's runner merged (API-key auth,
// no usage statistics, no auto-update), and makes the project a git
// repository when the case says so.
func Layout(c verify.Case, home string) error {
	if err := verify.WriteCase(c, home, "GIT_CONFIG_NOSYSTEM=1"); err != nil {
		return err
	}
	settings := map[string]any{}
	if old, ok := c.HomeFiles[".gemini/settings.json"]; ok {
		if err := json.Unmarshal([]byte(old), &settings); err != nil {
			return fmt.Errorf("home file .gemini/settings.json: %v", err)
		}
	}
	set := func(section, key string, v any) {
		m, _ := settings[section].(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		settings[section] = m
		m[key] = v
	}
	sec, _ := settings["security"].(map[string]any)
	if sec == nil {
		sec = map[string]any{}
	}
	auth, _ := sec["auth"].(map[string]any)
	if auth == nil {
		auth = map[string]any{}
	}
	auth["selectedType"] = "gemini-api-key"
	sec["auth"] = auth
	settings["security"] = sec
	set("privacy", "usageStatisticsEnabled", false)
	set("general", "disableAutoUpdate", true)
	b, _ := json.MarshalIndent(settings, "", "  ")
	files := map[string]string{".gemini/settings.json": string(b)}
	if c.Trust {
		files[".gemini/trustedFolders.json"] = fmt.Sprintf("{%q: \"TRUST_FOLDER\"}\n", verify.Project)
	}
	return verify.WriteFiles(home, files)
}

// SimEnv is the Env standing in for a case's run in the corpus layout,
// with its mode and flags, and the flag the simulator does not know, if
// any.
func SimEnv(c verify.Case) (engine.Env, string) {
	trust := c.Trust
	// Hooks run only for a headless case: the ACP session runs a tool
	// without its BeforeTool hooks (HeadlessEnv).
	env := engine.Env{ProjectDir: verify.Project, HomeDir: verify.Home, ManagedDir: "/etc/gemini-cli", Trust: &trust, Flags: map[string]string{}, RunHooks: headless(c)}
	// The case's environment, read as permsim reads the user's
	// (GEMINI_CLI_HOME moves ~/.gemini).
	gemini.FromEnviron(func(k string) string { return c.Env[k] }, &env)
	if _, own := c.HomeFiles[".gemini/trustedFolders.json"]; own && !c.Trust {
		// The case's own trustedFolders.json decides (Layout writes a
		// record only for a trusted case).
		env.Trust = nil
	}
	if c.Env["GEMINI_CLI_TRUSTED_FOLDERS_PATH"] != "" {
		// The record the variable names decides, not the one Layout wrote.
		env.Trust = nil
	}
	var raw []string
	if c.Mode != nil {
		if strings.HasPrefix(*c.Mode, "-") {
			raw = strings.Fields(*c.Mode)
		} else {
			env.Flags[gemini.FlagMode] = *c.Mode
		}
	}
	if headless(c) {
		env.Flags[gemini.FlagHeadless] = "true"
	}
	args := append(raw, c.Args...)
	for i := 0; i < len(args); i++ {
		flag, val, hasVal := strings.Cut(args[i], "=")
		next := func() string {
			if hasVal {
				return val
			}
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch flag {
		case "--yolo", "-y":
			env.Flags[gemini.FlagYolo] = "true"
		case "--approval-mode":
			env.Flags[gemini.FlagMode] = next()
		case "--policy":
			env.Flags[gemini.FlagPolicy] = next()
		case "--admin-policy":
			env.Flags[gemini.FlagAdminPolicy] = next()
		case "--allowed-tools":
			env.Flags[gemini.FlagAllowedTools] = next()
		case "--include-directories":
			env.Flags[gemini.FlagIncludeDirectories] = next()
		default:
			return env, "flag " + args[i]
		}
	}
	return env, ""
}

// Simulate decides every call of the case with the Gemini CLI simulator.
func Simulate(c verify.Case) ([]verify.Simulated, []string) {
	env, unsupported := SimEnv(c)
	return verify.SimulateCalls(&gemini.Harness{Hooks: hookRunner}, env, unsupported, c.Calls)
}

// Args are the command-line arguments of a case's run: ACP mode, the
// model, the mode (or the case's raw mode flags) and the case's own.
func Args(c verify.Case) []string {
	a := []string{"--acp", "-m", Model}
	if c.Mode != nil {
		if strings.HasPrefix(*c.Mode, "-") {
			a = append(a, strings.Fields(*c.Mode)...)
		} else {
			a = append(a, "--approval-mode", *c.Mode)
		}
	}
	return append(a, c.Args...)
}

// harnessEnv is Gemini CLI's environment: the mock as its API, no
// telemetry, no relaunch.
func harnessEnv(c verify.Case, base string) []string {
	return verify.Environ(c, map[string]string{
		"TERM": "dumb", "NO_COLOR": "1",
		"GOOGLE_GEMINI_BASE_URL": base, "GEMINI_API_KEY": "permsim-mock-key",
		"GEMINI_CLI_NO_RELAUNCH": "true", "GEMINI_TELEMETRY_ENABLED": "false",
	})
}

// acp is the Agent Client Protocol client with what the driver keeps of
// the conversation.
type acp struct {
	*verify.RPCClient
	asks verify.Asks // call id → the permission request
}

// request answers session/request_permission; any other request gets an
// error.
func (r *acp) request(m verify.RPCMessage) {
	if m.Method == "session/request_permission" {
		r.permission(m)
		return
	}
	r.ReplyError(m.ID, -32601, "permsim verifier: unsupported request "+m.Method)
}

// permission records the prompt as the call's ask and answers with the
// reject option.
func (r *acp) permission(m verify.RPCMessage) {
	var p struct {
		ToolCall map[string]any `json:"toolCall"`
		Options  []struct {
			OptionID string `json:"optionId"`
			Kind     string `json:"kind"`
		} `json:"options"`
	}
	_ = json.Unmarshal(m.Params, &p)
	tcid, _ := p.ToolCall["toolCallId"].(string)
	id := tcid
	if i := strings.Index(tcid, "__"); i >= 0 {
		id = tcid[i+2:]
	}
	var opts []string
	reject := ""
	for _, o := range p.Options {
		opts = append(opts, o.OptionID)
		if reject == "" && strings.HasPrefix(o.Kind, "reject") {
			reject = o.OptionID
		}
	}
	ask := map[string]any{"toolCall": map[string]any{"toolCallId": tcid, "title": p.ToolCall["title"], "kind": p.ToolCall["kind"], "locations": p.ToolCall["locations"]}, "options": opts}
	r.asks.Record(id, ask)
	if reject == "" {
		r.Reply(m.ID, map[string]any{"outcome": map[string]any{"outcome": "cancelled"}})
		return
	}
	r.Reply(m.ID, map[string]any{"outcome": map[string]any{"outcome": "selected", "optionId": reject}})
}

// runCase runs one case against the mock, in a fresh `gemini --acp`
// process (talkACP) or, for a case that says so, `gemini -p`
// (talkHeadless).
var runCase = verify.WithMock(Layout, Simulate, StartMock, func(ctx context.Context, j verify.Job, ctl string, out *verify.Answer, mock *Mock) ([]verify.Result, error) {
	if headless(j.Case) {
		return talkHeadless(ctx, j, ctl, out, mock)
	}
	return talkACP(ctx, j, ctl, out, mock)
})

// talkACP drives `gemini --acp` as its Agent Client Protocol client,
// answering every session/request_permission with reject, and reads each
// call's result.
func talkACP(ctx context.Context, j verify.Job, ctl string, out *verify.Answer, mock *Mock) ([]verify.Result, error) {
	c := j.Case
	cctx, cancel := context.WithTimeout(ctx, j.TimeoutOr(driver.Timeout))
	defer cancel()
	p, err := verify.Start(cctx, j.Binary, Args(c), harnessEnv(c, mock.URL()), ctl, "gemini.stderr")
	if err != nil {
		return nil, err
	}
	defer func() {
		p.Stop()
		verify.WriteLog(ctl, "mock.log", mock.Log())
	}()
	r := &acp{}
	p.RPC("acp.jsonl", func(rc *verify.RPCClient) {
		r.RPCClient = rc
		r.Version = "2.0"
		r.Exited = func(method string) error { return fmt.Errorf("%s: gemini exited (see gemini.stderr)", method) }
		r.OnRequest = r.request
	}, nil)

	if _, err := r.Call(cctx, "initialize", map[string]any{"protocolVersion": 1,
		"clientCapabilities": map[string]any{"fs": map[string]any{"readTextFile": false, "writeTextFile": false}, "terminal": false}}); err != nil {
		return nil, err
	}
	res, err := r.Call(cctx, "session/new", map[string]any{"cwd": verify.Project, "mcpServers": []any{}})
	if err != nil {
		return nil, err
	}
	var sn struct {
		SessionID string `json:"sessionId"`
		Modes     struct {
			CurrentModeID string `json:"currentModeId"`
		} `json:"modes"`
	}
	if err := json.Unmarshal(res, &sn); err != nil {
		return nil, fmt.Errorf("session/new answer: %w", err)
	}
	err = verify.PromptUntilAnswered(len(c.Calls), func() bool { return verify.AllAnswered(len(c.Calls), &r.asks, &mock.Outputs) }, func(prompt string) error {
		_, err := r.Call(cctx, "session/prompt", map[string]any{"sessionId": sn.SessionID,
			"prompt": []any{map[string]any{"type": "text", "text": prompt}}})
		return err
	})
	if err != nil {
		return nil, err
	}
	var rows []verify.Result
	for i, call := range c.Calls {
		id := CallID(i)
		row := verify.Result{ID: c.ID, CallIndex: i, Harness: "gemini", Tool: call.Tool, Config: c.Config,
			EffectiveMode: sn.Modes.CurrentModeID, Driver: "acp", Via: "mock"}
		ask := r.asks.Get(id)
		res, got := mock.Output(id)
		if ask == nil && !got {
			row.SetNoResult(verify.NoResultReason)
			rows = append(rows, row)
			continue
		}
		if ask != nil {
			row.Ask = ask
		}
		row.SetOutput(res.Text(), res.Error != "")
		row.Outcome, row.Pattern = Classify(ask != nil, res)
		row.DropIfError()
		rows = append(rows, row)
	}
	// Decided again with each call's earlier results, as decide and the
	// differential tests decide it (Gemini CLI's session history).
	env, unsupported := SimEnv(c)
	verify.DecideInSession(&gemini.Harness{Hooks: hookRunner}, env, unsupported, c.Calls, rows, out.Simulated)
	return rows, nil
}
