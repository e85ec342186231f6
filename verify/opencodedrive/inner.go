package opencodedrive

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/verify"
)

// Model is the provider/model OpenCode is started with: the mock.
const Model = "rh-model"

// Layout writes the case's files under home (the project is home/proj)
// and makes the project a git repository when the case says so.
func Layout(c verify.Case, home string) error {
	return verify.WriteCase(c, home, "GIT_CONFIG_NOSYSTEM=1")
}

// SimEnv is the Env standing in for a case's run in the corpus layout: the
// agent from the case's mode, and what the case's OpenCode variables say of
// its configuration as the harness reads them (opencode.FromEnviron, over
// the XDG_CONFIG_HOME harnessEnv gives the harness); and what the simulator
// does not support, if any.
func SimEnv(c verify.Case) (engine.Env, string) {
	env := engine.Env{ProjectDir: verify.Project, HomeDir: verify.Home}
	for k := range c.Env {
		if !simVars[k] {
			return env, "environment variable " + k
		}
	}
	opencode.FromEnviron(func(k string) string {
		if v, ok := c.Env[k]; ok {
			return v
		}
		if k == "XDG_CONFIG_HOME" {
			return configHome
		}
		return ""
	}, &env)
	if env.Flags == nil {
		env.Flags = map[string]string{}
	}
	if c.Mode != nil && *c.Mode != "" {
		env.Flags[opencode.FlagAgent] = *c.Mode
	}
	if len(c.Args) > 0 {
		return env, "arguments " + strings.Join(c.Args, " ")
	}
	return env, ""
}

// simVars are the variables a case may set: the ones the simulator reads
// (FromEnviron) and the ones that change nothing it decides.
var simVars = map[string]bool{"XDG_CONFIG_HOME": true, "OPENCODE_CONFIG": true, "OPENCODE_CONFIG_DIR": true,
	"OPENCODE_CONFIG_CONTENT": true, "OPENCODE_PERMISSION": true, "OPENCODE_DISABLE_PROJECT_CONFIG": true,
	// Only makes OpenCode offer websearch and codesearch, which permsim
	// decides as offered.
	"OPENCODE_ENABLE_EXA": true}

// configHome is the XDG_CONFIG_HOME the harness runs with unless the case
// sets its own.
const configHome = verify.Home + "/.config"

// Simulate decides every call of the case with the OpenCode simulator.
func Simulate(c verify.Case) ([]verify.Simulated, []string) {
	env, unsupported := SimEnv(c)
	return verify.SimulateCalls(opencode.New(), env, unsupported, c.Calls)
}

// providerConfig is OPENCODE_CONFIG_CONTENT: the mock as an
// OpenAI-compatible provider (bundled, nothing downloaded), no sharing, no
// updates.
func providerConfig(url string) string {
	cfg := map[string]any{
		"$schema": "https://opencode.ai/config.json",
		"provider": map[string]any{"rhmock": map[string]any{
			"npm": "@ai-sdk/openai-compatible", "name": "rhmock",
			"options": map[string]any{"baseURL": url, "apiKey": "permsim-mock-key"},
			"models": map[string]any{Model: map[string]any{"name": Model, "tool_call": true,
				"limit": map[string]any{"context": 128000, "output": 4096}}},
		}},
		"model": "rhmock/" + Model, "small_model": "rhmock/" + Model,
		"autoupdate": false, "share": "disabled", "snapshot": false,
	}
	b, _ := json.Marshal(cfg)
	return string(b)
}

// harnessEnv is OpenCode's environment: its XDG folders in the sandbox's
// home, the mock as its provider, nothing downloaded or updated.
func harnessEnv(c verify.Case, url string) []string {
	h := verify.Home
	content := providerConfig(url)
	if own := strings.TrimSpace(c.Env["OPENCODE_CONFIG_CONTENT"]); own != "" {
		// The case's own inline config goes in the same object, after the
		// provider's keys and as written (rule order is key order), since
		// OpenCode reads one OPENCODE_CONFIG_CONTENT and needs the mock.
		content = joinObjects(content, own)
		c.Env = maps.Clone(c.Env)
		delete(c.Env, "OPENCODE_CONFIG_CONTENT")
	}
	return verify.Environ(c, map[string]string{
		"TERM": "dumb", "NO_COLOR": "1",
		"XDG_CONFIG_HOME": configHome, "XDG_DATA_HOME": h + "/.local/share", "XDG_CACHE_HOME": h + "/.cache",
		"XDG_STATE_HOME":          h + "/.local/state",
		"OPENCODE_CONFIG_CONTENT": content, "OPENCODE_DISABLE_MODELS_FETCH": "true",
		"OPENCODE_DISABLE_AUTOUPDATE": "true", "OPENCODE_DISABLE_LSP_DOWNLOAD": "true",
		"OPENCODE_DISABLE_DEFAULT_PLUGINS": "true",
	})
}

// joinObjects writes the members of two JSON object texts as one object,
// a's first, b's as written; b is returned unchanged when it is not an
// object's text (the harness then reads it, and fails, as the case asks).
func joinObjects(a, b string) string {
	inner, ok := strings.CutPrefix(b, "{")
	if !ok || !strings.HasSuffix(inner, "}") {
		return b
	}
	a = strings.TrimSuffix(a, "}")
	if strings.TrimSpace(strings.TrimSuffix(inner, "}")) == "" {
		return a + "}"
	}
	return a + ", " + inner
}

// Args are one run's command-line arguments.
func Args(c verify.Case) []string {
	a := []string{"run", "--format", "json", "-m", "rhmock/" + Model}
	if c.Mode != nil && *c.Mode != "" {
		a = append(a, "--agent", *c.Mode)
	}
	return append(a, verify.FirstPrompt)
}

// partState is what a tool part's last event said.
type partState struct {
	Tool   string
	Status string
	Error  string
	Output string
}

var permLine = regexp.MustCompile(`permission requested: (\S+) \((.*)\); auto-rejecting`)

// readEvents reads `opencode run --format json` output: the last state of
// every tool part, by call id.
func readEvents(out []byte) map[string]partState {
	states := map[string]partState{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var ev struct {
			Part struct {
				CallID string `json:"callID"`
				Tool   string `json:"tool"`
				State  struct {
					Status string `json:"status"`
					Error  any    `json:"error"`
					Output any    `json:"output"`
				} `json:"state"`
			} `json:"part"`
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Part.CallID == "" {
			continue
		}
		s := partState{Tool: ev.Part.Tool, Status: ev.Part.State.Status, Error: verify.Text(ev.Part.State.Error), Output: verify.Text(ev.Part.State.Output)}
		states[ev.Part.CallID] = s
	}
	return states
}

// runCase runs one case against the mock (talk).
var runCase = verify.WithMock(Layout, Simulate, StartMock, talk)

// talk runs a fresh `opencode run` from the first call not yet answered,
// until every call has an answer.
func talk(ctx context.Context, j verify.Job, ctl string, out *verify.Answer, mock *Mock) ([]verify.Result, error) {
	c := j.Case
	deadline := time.Now().Add(j.TimeoutOr(driver.Timeout))
	rows := make([]verify.Result, len(c.Calls))
	done := make([]bool, len(c.Calls))
	var logs bytes.Buffer
	next, launches := 0, 0
	for next < len(c.Calls) && time.Now().Before(deadline) {
		launches++
		mock.SetBase(next)
		pctx, cancel := context.WithTimeout(ctx, time.Duration(240+15*(len(c.Calls)-next))*time.Second)
		cmd := exec.CommandContext(pctx, j.Binary, Args(c)...)
		cmd.Dir = verify.Project
		cmd.Env = harnessEnv(c, mock.URL())
		cmd.WaitDelay = 5 * time.Second
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		cancel()
		fmt.Fprintf(&logs, "=== launch %d from call %d: %v\n--- stdout\n%s\n--- stderr\n%s\n", launches, next, runErr, stdout.String(), stderr.String())
		os.WriteFile(filepath.Join(ctl, "opencode.log"), logs.Bytes(), 0o644)
		states := readEvents(stdout.Bytes())
		asks := permLine.FindAllStringSubmatch(stderr.String(), -1)
		start := next
		for i := start; i < len(c.Calls); i++ {
			id := CallID(i)
			st, ok := states[id]
			if !ok || (st.Status != "completed" && st.Status != "error") {
				break
			}
			row := verify.Result{ID: c.ID, CallIndex: i, Harness: "opencode", Tool: c.Calls[i].Tool, Config: c.Config,
				EffectiveMode: agentName(c), Driver: "run", Via: "mock"}
			text := st.Error
			if text == "" {
				text = st.Output
			}
			isErr := st.Status == "error"
			row.SetOutput(text, isErr)
			asked := false
			if isErr && strings.Contains(text, "rejected permission") && len(asks) > 0 {
				asked = true
				a := asks[len(asks)-1]
				row.Ask = map[string]any{"permission": a[1], "patterns": a[2]}
			}
			row.Outcome, row.Pattern = Classify(asked, st.Status, text)
			row.DropIfError()
			if launches > 1 && i == start {
				row.Via = "mock(new_process)"
			}
			rows[i], done[i] = row, true
			next = i + 1
			if row.Outcome == verify.OutcomeAsks {
				break
			}
		}
		if next == start {
			// Nothing answered: record the call as no result and go on.
			rows[start] = verify.Result{ID: c.ID, CallIndex: start, Harness: "opencode", Tool: c.Calls[start].Tool, Config: c.Config,
				EffectiveMode: agentName(c), Outcome: verify.OutcomeError, Pattern: "no-result",
				DropReason: "the harness returned no result for this call", Driver: "run", Via: "mock",
				Raw: verify.Truncate(strings.TrimSpace(stderr.String()), 2000)}
			done[start] = true
			next = start + 1
		}
	}
	os.WriteFile(filepath.Join(ctl, "opencode.log"), logs.Bytes(), 0o644)
	verify.WriteLog(ctl, "mock.log", mock.Log())
	var res []verify.Result
	for i := range rows {
		if !done[i] {
			rows[i] = verify.Result{ID: c.ID, CallIndex: i, Harness: "opencode", Tool: c.Calls[i].Tool, Config: c.Config,
				Outcome: verify.OutcomeError, Pattern: "no-result", DropReason: "the case ran out of time", Driver: "run"}
		}
		res = append(res, rows[i])
	}
	return res, nil
}

// DefaultAgent is the effective mode recorded for a run without --agent:
// `opencode run` does not say which agent it picked (build, or the
// config's default_agent).
const DefaultAgent = "(default)"

func agentName(c verify.Case) string {
	if c.Mode != nil && *c.Mode != "" {
		return *c.Mode
	}
	return DefaultAgent
}
