package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// runsAll is a policy that lets every call run: the scoring record must
// carry its decision unchanged and add engine/danger's marking.
type runsAll struct{}

func (runsAll) Decide(c engine.Call, m engine.Mode) engine.Decision {
	return engine.Decision{Outcome: engine.Runs, Group: engine.GroupRuns, Step: "test", Mode: m}
}
func (runsAll) Modes() []engine.Mode     { return nil }
func (runsAll) Rules() []engine.RuleInfo { return nil }
func (runsAll) Problems() []string       { return nil }

// The battery lists `rm -rf ~/` as destructive-delete (engine/battery
// case del-002); `ls` is on the everyday list
// (testdata/danger/everyday.txt).
func TestScoreMarksDanger(t *testing.T) {
	s := &Scorer{Harness: "test", Policy: runsAll{}, Project: "/p", Home: "/home/u"}
	rec := s.Score(engine.Call{Tool: engine.ToolBash, Command: "rm -rf ~/", Cwd: "/p"}, "default")
	if rec.Decision.Outcome != engine.Runs || rec.Decision.Mode != "default" || rec.Harness != "test" {
		t.Errorf("decision not carried: %+v", rec)
	}
	if !rec.Dangerous() || !slices.Contains(rec.Danger, "destructive-delete") {
		t.Errorf("rm -rf ~/: danger %v, want destructive-delete", rec.Danger)
	}
	// The cache gives the same answer the second time.
	if again := s.Score(engine.Call{Tool: engine.ToolBash, Command: "rm -rf ~/", Cwd: "/p"}, ""); !slices.Equal(again.Danger, rec.Danger) {
		t.Errorf("cached danger %v, first %v", again.Danger, rec.Danger)
	}
	if rec := s.Score(engine.Call{Tool: engine.ToolBash, Command: "ls", Cwd: "/p"}, ""); rec.Dangerous() {
		t.Errorf("ls marked dangerous: %v", rec.Danger)
	}
}

// DESIGN.md, decide: "one JSON object out per line in: harness, mode, tool,
// command, path, outcome, group, step, rule, reason, needs, dangerous,
// danger, notes, label"; lists are never null.
func TestJSONHandlerContract(t *testing.T) {
	var b bytes.Buffer
	h := NewJSONHandler(&b)
	rec := Record{Harness: "claude-code", Call: engine.Call{Tool: engine.ToolRead, Paths: []string{"/p/.env"}},
		Decision: engine.Decision{Outcome: engine.Blocked, Group: engine.GroupBlocked, Step: "2 deny rule", Mode: "default"},
		Danger:   []string{"secret-read"}}
	if err := h.Record(rec); err != nil {
		t.Fatal(err)
	}
	if err := h.Error("claude-code", "stdin:2", errors.New("not a JSON object")); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", b.String())
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(lines[0]), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"harness", "mode", "tool", "path", "outcome", "group", "step", "rule", "needs", "dangerous", "danger", "notes", "label"} {
		if _, ok := m[k]; !ok {
			t.Errorf("record line lacks %q: %s", k, lines[0])
		}
	}
	if m["path"] != "/p/.env" || m["dangerous"] != true || m["label"] != engine.Label {
		t.Errorf("record line: %s", lines[0])
	}
	if m["needs"] == nil || m["notes"] == nil {
		t.Errorf("null lists: %s", lines[0])
	}
	if !strings.Contains(lines[1], `"error":"stdin:2: not a JSON object"`) {
		t.Errorf("error line: %s", lines[1])
	}
}
