package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/registry"
)

// dummyHarness is a harness that exists only in this test: it blocks every
// shell command whose first word is "rm" and lets everything else run. Its
// decisions are its own definition; what the test checks is that every
// command reaches it through the registry alone.
type dummyHarness struct{}

func (dummyHarness) Name() string { return "dummy" }
func (dummyHarness) Load(engine.Env) (engine.Policy, error) {
	return dummyPolicy{}, nil
}

type dummyPolicy struct{}

func (dummyPolicy) Decide(c engine.Call, m engine.Mode) engine.Decision {
	if m == "" {
		m = "only"
	}
	if c.Tool == engine.ToolBash && strings.HasPrefix(c.Command, "rm ") {
		return engine.Decision{Outcome: engine.Blocked, Group: engine.GroupBlocked, Step: "dummy rm rule", Mode: m, Label: engine.Label,
			Rule: &engine.RuleRef{Text: "rm *", File: "dummy.conf", Layer: "project", List: "deny"}}
	}
	return engine.Decision{Outcome: engine.Runs, Group: engine.GroupRuns, Step: "dummy default", Mode: m, Label: engine.Label}
}
func (dummyPolicy) Modes() []engine.Mode { return []engine.Mode{"only"} }
func (dummyPolicy) Rules() []engine.RuleInfo {
	return []engine.RuleInfo{{File: "dummy.conf", Layer: "project", List: "deny", Rule: "rm *", InForce: true}}
}
func (dummyPolicy) Problems() []string { return nil }

// TestRegistryDummyHarness shows the issue's "adding a harness = its own
// packages + one registration": a harness registered from a test, with no
// edit anywhere else, is taken by decide, rules, battery --harness all and
// replay (through an imported permsim-jsonl session).
func TestRegistryDummyHarness(t *testing.T) {
	registry.Register(registry.Harness{ID: "dummy", Aliases: []string{"dm"}, Title: "Dummy",
		Simulator: func(registry.SimOptions) engine.Harness { return dummyHarness{} }})
	t.Cleanup(func() { registry.Unregister("dummy") })
	dir := t.TempDir()

	code, out, errs := runCLI(t, `{"tool":"bash","command":"rm -rf build"}`+"\n", "decide", "--harness", "DM", "--project", dir, "--home", dir)
	var got struct{ Harness, Outcome, Step string }
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Harness != "dummy" || got.Outcome != "blocked" || got.Step != "dummy rm rule" {
		t.Errorf("decide --harness DM: exit %d, %s%s; want the dummy harness's block", code, out, errs)
	}

	code, out, errs = runCLI(t, "", "rules", "--harness", "dummy", "--project", dir, "--home", dir)
	if code != 0 || !strings.Contains(out, "dummy rules for") || !strings.Contains(out, "rm *") {
		t.Errorf("rules --harness dummy: exit %d\n%s%s", code, out, errs)
	}

	code, out, errs = runCLI(t, "", "battery", "--project", dir, "--home", dir, "--harness", "all", "--format", "json")
	var bat struct {
		Tables []struct{ Harness, Mode string }
	}
	if code != 0 || json.Unmarshal([]byte(out), &bat) != nil {
		t.Fatalf("battery --harness all: exit %d\n%s", code, errs)
	}
	found := false
	for _, tb := range bat.Tables {
		found = found || tb.Harness == "dummy" && tb.Mode == "only"
	}
	if !found {
		t.Errorf("battery --harness all has no dummy/only table: %+v", bat.Tables)
	}

	// replay: a session of the dummy harness, imported, is decided by it.
	imp := filepath.Join(dir, "calls.jsonl")
	line := `{"harness":"dummy","session_id":"s1","call_id":"c1","project_dir":"` + dir + `","tool":"bash","command":"rm -rf build","ts":"2026-11-01T10:00:00Z"}` + "\n"
	if err := os.WriteFile(imp, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(dir, "store")
	if code, _, errs := runCLI(t, "", "ingest", "--format", "permsim-jsonl", "--out", store, imp); code != 0 {
		t.Fatalf("ingest: exit %d\n%s", code, errs)
	}
	code, _, errs = runCLI(t, "", "replay", "--out", store, "--user-home", dir)
	if code != 0 || !strings.Contains(errs, "1 calls decided") || !strings.Contains(errs, "blocked 1") {
		t.Errorf("replay: exit %d, want the dummy call decided and blocked:\n%s", code, errs)
	}
}
