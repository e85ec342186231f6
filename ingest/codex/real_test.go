package codex

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// The real fixtures were written by Codex CLI 0.169.0 (codex app-server)
// driven by a scripted model; CASE.json holds the scripted calls and
// RESULTS.jsonl what the harness did with each (fixtures/real/README.md).

type realCall struct {
	Tool  string `json:"tool"`
	Input struct {
		Command  string `json:"command"`
		FilePath string `json:"file_path"`
	} `json:"input"`
}

type realResult struct {
	CallIndex     int    `json:"call_index"`
	Outcome       string `json:"outcome"`
	Pattern       string `json:"pattern"`
	Raw           string `json:"raw"`
	EffectiveMode string `json:"effective_mode"`
}

// wantResult maps a RESULTS row to the calls table's result: the harness
// refused the call (blocked) or asked and was answered no (asks) → denied;
// the call ran → ok or error. A "sandbox-denied(ran sandboxed)" block is a
// command that ran inside the sandbox and failed there: transcript-formats
// §2.5 "sandbox failures are ordinary non-zero exits" → error.
func wantResult(r realResult) string {
	switch {
	case strings.HasPrefix(r.Pattern, "sandbox-denied(ran sandboxed)"):
		return "error"
	case r.Outcome == "blocked" || r.Outcome == "asks":
		return "denied"
	case r.Outcome == "runs" && (strings.Contains(r.Raw, "exited with code 0") || strings.HasPrefix(r.Raw, "Exit code: 0")):
		return "ok"
	case r.Outcome == "runs":
		return "error"
	}
	return "unknown"
}

func loadReal(t *testing.T, dir string) ([]realCall, []realResult) {
	t.Helper()
	return ingesttest.LoadCase[realCall](t, dir), ingesttest.ReadJSONL[realResult](t, filepath.Join(dir, "RESULTS.jsonl"))
}

// TestRealFixtures: "one row per call their RESULTS.jsonl shows", each with
// the command or file the scripted call named, the mode the harness ran it
// in, and the result the harness gave.
func TestRealFixtures(t *testing.T) {
	for _, id := range []string{"fx-codex-read-only", "fx-codex-workspace-write"} {
		t.Run(id, func(t *testing.T) {
			dir := filepath.Join("../../testdata/ingest/codex/real", id)
			calls, results := loadReal(t, dir)
			sink, _ := readHome(t, filepath.Join(dir, "home/user"), nil)
			if len(sink.Problems) != 0 {
				t.Errorf("problems: %v", sink.Problems)
			}
			got := ingesttest.KeepOriginals(sink.Rows)
			if len(got) != len(results) {
				t.Fatalf("calls: got %d (%v), RESULTS has %d", len(got), ingesttest.Keys(got), len(results))
			}
			rows := ingesttest.BySeq(got)
			for i, res := range results {
				r, call := rows[i], calls[res.CallIndex]
				if w := wantResult(res); r.Result != w {
					t.Errorf("call %d (%s %s): result %s, want %s (RESULTS %s/%s)", i, r.RawTool, r.Command, r.Result, w, res.Outcome, res.Pattern)
				}
				if m := joinMode(r.Mode, r.Sandbox); m != res.EffectiveMode {
					t.Errorf("call %d: mode %q, harness ran it in %q", i, m, res.EffectiveMode)
				}
				switch call.Tool {
				case "Bash":
					if r.Tool != "bash" || r.Command != call.Input.Command {
						t.Errorf("call %d: %s %q, CASE Bash %q", i, r.Tool, r.Command, call.Input.Command)
					}
				case "Edit", "Write":
					want := filepath.Join("/home/user/proj", call.Input.FilePath)
					if r.Tool != "edit" || r.RawTool != "apply_patch" || !slices.Equal(r.Paths, []string{want}) {
						t.Errorf("call %d: %s %s %v, CASE %s %s", i, r.RawTool, r.Tool, r.Paths, call.Tool, want)
					}
				}
				if r.ProjectDir != "/home/user/proj" || r.Cwd != "/home/user/proj" || r.HarnessVersion != "0.169.0" {
					t.Errorf("call %d: project %q cwd %q version %q", i, r.ProjectDir, r.Cwd, r.HarnessVersion)
				}
			}
		})
	}
}
