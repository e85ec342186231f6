package verify

import (
	"context"
	"io"
)

// Options say what a driver's Run checks and how.
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
