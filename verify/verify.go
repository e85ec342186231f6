package verify

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Options say what Run (and the Codex and Gemini drivers' Run) checks and
// how.
type Options struct {
	Harness string // the harness to verify, as --harness named it (the drivers do not read it)
	Binary  string // the harness binary; "" looks it up on PATH
	Cases   string // the cases file
	Record  string // when set, the results file to write (the corpus's format)
	// Self is the argv that starts the driver inside the sandbox: the
	// permsim executable and the arguments that make it call Inner (the
	// executable is bound read-only into the sandbox).
	Self []string
	Jobs int // cases run at once; default 2
	// Only, when set, runs the cases whose id matches this regular
	// expression.
	Only    string
	Limit   int    // when > 0, run only the first Limit cases (after Only)
	WorkDir string // where batch folders and logs go; "" makes a temporary one, removed at the end
	Out     io.Writer
	Log     io.Writer // progress and problems
}

// Row is one compared call.
type Row struct {
	Key  string    `json:"key"` // <id>#<call>[/<subagent call>]
	Real Result    `json:"real"`
	Sim  Simulated `json:"simulated"`
	// Compared is false for rows that are not a permission decision (an
	// input error, no result); they are recorded as dropped.
	Compared bool `json:"compared"`
	Agree    bool `json:"agree"`
}

// Summary is the outcome of a Run.
type Summary struct {
	Version  string
	Rows     []Row
	Agree    int
	Compared int
	Dropped  int
	Failed   []string // cases that could not be run, with why
}

// claudeDriver is Claude Code's driver: the Agent-SDK host of inner.go.
var claudeDriver = Driver{
	Title: "Claude Code", Binary: "claude", Install: "npm install -g @anthropic-ai/claude-code@2.1.328",
	// Claude Code's install folder is always bound, wherever it lives.
	Binds:   func(bin string) []string { return []string{filepath.Dir(bin)} },
	Timeout: func(c Case) time.Duration { return time.Duration(30+15*countCalls(c.Calls)) * time.Second },
	Prepare: func(batch string, c Case) error {
		for rel, text := range c.ManagedFiles {
			p := filepath.Join(batch, "managed", rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				return err
			}
		}
		return nil
	},
	InnerEnv: InnerEnv,
	Columns:  Columns{Key: 36, Tool: 8, Pattern: 30},
}

// Run runs every case of opts.Cases in the real Claude Code inside the
// sandbox, compares each call with the simulator and prints the rows and
// the agreement to opts.Out (see RunDriver). It refuses to start without
// the sandbox (ErrNoSandbox).
func Run(ctx context.Context, opts Options) (Summary, error) {
	return RunDriver(ctx, claudeDriver, opts)
}

// Runner is one harness's driver as the registry lists it: Run checks a
// cases file against the real harness in the sandbox; Inner is the driver
// inside the sandbox, which a permsim process becomes when InnerEnv is set
// (it is started as `permsim verify --harness ID --inner`).
type Runner struct {
	Run      func(ctx context.Context, opts Options) (Summary, error)
	InnerEnv string
	Inner    func(ctx context.Context, ctl string) error
	// Binary is the executable Run looks for on PATH, and Install how to
	// get the version it was checked against.
	Binary, Install string
}

// ClaudeRunner is Claude Code's driver: the Agent-SDK host of inner.go.
var ClaudeRunner = claudeDriver.Runner(Inner)
