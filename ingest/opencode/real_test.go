package opencode

import (
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// The real fixtures were written by OpenCode 1.18.33 driven by a scripted
// model; CASE.json holds the scripted calls and RESULTS.jsonl what the
// harness did with each (fixtures/real/README.md).

type realCall struct {
	Tool  string `json:"tool"`
	Input struct {
		Command  string `json:"command"`
		FilePath string `json:"file_path"`
	} `json:"input"`
}

type realResult struct {
	CallIndex int    `json:"call_index"`
	Tool      string `json:"tool"`
	Outcome   string `json:"outcome"`
}

// realTools maps CASE.json's tool names (Claude Code's spelling, which the
// scripted model was given) to the OpenCode tool the harness ran.
var realTools = map[string]string{"Bash": "bash", "Read": "read", "Write": "write", "Edit": "edit"}

// wantResult maps a RESULTS outcome to the calls table's result: refused
// by a rule (blocked) or asked and answered no (asks) → denied; ran → ok
// or error.
func wantResult(outcome string) []string {
	switch outcome {
	case "blocked", "asks":
		return []string{"denied"}
	case "runs":
		return []string{"ok", "error"}
	case "error":
		return []string{"error"}
	}
	return nil
}

// TestRealFixtures: "Distinct tool calls each case's transcripts hold (one
// per RESULTS row …)" — fx-opencode-default 3, fx-opencode-rules 6. Each
// row must be the scripted call, in order, with the outcome the harness
// reported.
func TestRealFixtures(t *testing.T) {
	clearEnv(t)
	cases := []struct {
		id    string
		calls int
	}{
		{"fx-opencode-default", 3},
		{"fx-opencode-rules", 6},
	}
	const project = "/home/user/proj" // README: "HOME=/home/user, project /home/user/proj"
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			dir := filepath.Join("../../testdata/ingest/opencode/real", c.id)
			calls := ingesttest.LoadCase[realCall](t, dir)
			results := ingesttest.ReadJSONL[realResult](t, filepath.Join(dir, "RESULTS.jsonl"))
			if len(results) != c.calls || len(calls) != c.calls {
				t.Fatalf("fixture: %d results, %d scripted calls, README says %d", len(results), len(calls), c.calls)
			}

			sink, _ := readHome(t, filepath.Join(dir, "home/user"), nil)
			if len(sink.Problems) != 0 {
				t.Errorf("problems: %v", sink.Problems)
			}
			rows := sink.Rows
			if len(rows) != c.calls {
				t.Fatalf("rows: got %d, want %d", len(rows), c.calls)
			}
			sort.Slice(rows, func(i, j int) bool { return rows[i].Seq < rows[j].Seq })
			keys := map[string]bool{}
			for i, r := range rows {
				call, res := calls[i], results[i]
				if res.CallIndex != i {
					t.Fatalf("RESULTS row %d has call_index %d", i, res.CallIndex)
				}
				if r.Seq != int64(i+1) {
					t.Errorf("call %d: seq %d, want %d", i, r.Seq, i+1)
				}
				if want := realTools[call.Tool]; r.Tool != want || r.RawTool != want {
					t.Errorf("call %d: tool %s/%s, want %s", i, r.RawTool, r.Tool, want)
				}
				if call.Input.Command != r.Command {
					t.Errorf("call %d: command %q, want %q", i, r.Command, call.Input.Command)
				}
				if call.Input.FilePath != "" {
					want := call.Input.FilePath
					if !filepath.IsAbs(want) {
						want = filepath.Join(project, want)
					}
					if len(r.Paths) != 1 || r.Paths[0] != want {
						t.Errorf("call %d: paths %v, want [%s]", i, r.Paths, want)
					}
				}
				if !slices.Contains(wantResult(res.Outcome), r.Result) {
					t.Errorf("call %d (%s): result %s, want one of %v", i, res.Outcome, r.Result, wantResult(res.Outcome))
				}
				if r.Tool == "bash" && res.Outcome == "runs" && (r.ExitCode == nil || *r.ExitCode != 0) {
					t.Errorf("call %d: exit %s, want 0 for a command that ran", i, ingesttest.FmtPtr(r.ExitCode))
				}
				if r.Mode != "build" || r.ModeSource != "agent" {
					t.Errorf("call %d: mode %q (%s), want the build agent", i, r.Mode, r.ModeSource)
				}
				if r.ProjectDir != project || r.Cwd != project {
					t.Errorf("call %d: project %q cwd %q, want %s", i, r.ProjectDir, r.Cwd, project)
				}
				if r.HarnessVersion != "1.18.33" {
					t.Errorf("call %d: harness_version %q", i, r.HarnessVersion)
				}
				if r.Ts.IsZero() || r.Ts.Year() != 2026 {
					t.Errorf("call %d: ts %v, want a 2026 time (README: the clock said 2026-11-30)", i, r.Ts)
				}
				keys[r.CallKey] = true
			}
			if len(keys) != c.calls {
				t.Errorf("call keys: %d distinct, want %d", len(keys), c.calls)
			}
		})
	}
}
