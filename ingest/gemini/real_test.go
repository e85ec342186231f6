package gemini

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/internal/ingesttest"
)

// The real fixtures were written by Gemini CLI 0.61.0 (gemini --acp)
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
	CallIndex int    `json:"call_index"`
	Outcome   string `json:"outcome"`
	Pattern   string `json:"pattern"`
}

// wantResult maps a RESULTS outcome to the calls table's result: the
// harness refused (blocked) or asked and was answered no (asks) → denied;
// the call ran → ok (every scripted call that ran here succeeded).
func wantResult(outcome string) string {
	switch outcome {
	case "blocked", "asks":
		return "denied"
	case "runs":
		return "ok"
	}
	return "unknown"
}

// rawTools maps the scripted tools to the Gemini CLI tools the mock model
// called for them.
var rawTools = map[string]string{"Read": "read_file", "Edit": "replace", "Write": "write_file", "Bash": "run_shell_command"}

func loadReal(t *testing.T, dir string) ([]realCall, []realResult) {
	t.Helper()
	return ingesttest.LoadCase[realCall](t, dir), ingesttest.ReadJSONL[realResult](t, filepath.Join(dir, "RESULTS.jsonl"))
}

// TestRealFixtures: "one row per call their RESULTS.jsonl shows". The
// chats sit in tmp/proj/ with neither .project_root nor projects.json, so
// the project root comes from hashing the calls' paths against the chats'
// projectHash. One call of the default-policy case, the Edit the user
// cancelled at the prompt, was never written as a toolCalls record: the
// chat holds only the functionResponse the CLI sent back for it, so its
// row has the tool's name and result but no path.
func TestRealFixtures(t *testing.T) {
	cases := []struct {
		id       string
		noRecord int // call index known only from its functionResponse, -1 for none
	}{
		{"fx-gemini-auto_edit", -1},
		{"fx-gemini-default-policy", 3},
	}
	for _, c := range cases {
		t.Run(c.id, func(t *testing.T) {
			dir := filepath.Join("../../testdata/ingest/gemini/real", c.id)
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
				if w := wantResult(res.Outcome); r.Result != w {
					t.Errorf("call %d (%s): result %s, want %s (RESULTS %s/%s)", i, r.RawTool, r.Result, w, res.Outcome, res.Pattern)
				}
				if r.RawTool != rawTools[call.Tool] {
					t.Errorf("call %d: raw tool %s, CASE %s", i, r.RawTool, call.Tool)
				}
				if r.Mode != "" || r.ModeSource != "none" {
					t.Errorf("call %d: mode %q (%s); Gemini records none", i, r.Mode, r.ModeSource)
				}
				if r.ProjectDir != "/home/user/proj" || r.Cwd != "/home/user/proj" {
					t.Errorf("call %d: project %q cwd %q", i, r.ProjectDir, r.Cwd)
				}
				if call.Input.Command != r.Command {
					t.Errorf("call %d: command %q, CASE %q", i, r.Command, call.Input.Command)
				}
				var want []string
				if p := call.Input.FilePath; p != "" && i != c.noRecord {
					if !filepath.IsAbs(p) {
						p = filepath.Join("/home/user/proj", p)
					}
					want = []string{p}
				}
				if !slices.Equal(r.Paths, want) {
					t.Errorf("call %d: paths %v, want %v", i, r.Paths, want)
				}
				if fromResponse := strings.HasPrefix(r.CopyRank, "1|"); fromResponse != (i == c.noRecord) {
					t.Errorf("call %d: known only from its functionResponse: %v", i, fromResponse)
				}
			}
		})
	}
}

// TestProjectHashKept: chats that record no project folder, and whose
// calls name no absolute path (the public transcripts' Gemini CLI chats),
// keep the chat's projectHash in project_hash, so replay can find the
// folder by it (--projects, --root).
func TestProjectHashKept(t *testing.T) {
	home := "../../testdata/ingest/gemini/public/home"
	sink, _ := readHome(t, home, nil)
	got := ingesttest.KeepOriginals(sink.Rows)
	if len(got) != 22 {
		t.Fatalf("calls: got %d, want the 22 of expected-calls.jsonl", len(got))
	}
	for _, r := range got {
		// The folder a chat sits in is named by its projectHash here.
		want := filepath.Base(filepath.Dir(filepath.Dir(r.SourceFile)))
		if r.ProjectHash != want {
			t.Errorf("%s %s: project_hash %q, want %q", filepath.Base(r.SourceFile), r.CallID, r.ProjectHash, want)
		}
		if r.ProjectDir != "" {
			t.Errorf("%s: project %q, but nothing names it", r.CallID, r.ProjectDir)
		}
	}
}
