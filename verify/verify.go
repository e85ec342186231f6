package verify

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

// Options say what Run checks and how.
type Options struct {
	Harness string // "claude"
	Binary  string // the harness binary; "" looks up "claude" on PATH
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

// Run runs every case of opts.Cases in the real harness inside the
// sandbox, compares each call with the simulator and prints the rows and
// the agreement to opts.Out. It refuses to start without the sandbox
// (ErrNoSandbox).
func Run(ctx context.Context, opts Options) (Summary, error) {
	var sum Summary
	if opts.Harness != "claude" {
		return sum, fmt.Errorf("--harness %q: only claude can be verified so far", opts.Harness)
	}
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if len(opts.Self) == 0 {
		return sum, fmt.Errorf("no driver command for inside the sandbox")
	}
	bin, err := findBinary(opts.Binary)
	if err != nil {
		return sum, err
	}
	sb, err := FindSandbox(ctx)
	if err != nil {
		return sum, err
	}
	cases, problems, err := ReadCases(opts.Cases)
	if err != nil {
		return sum, err
	}
	for _, p := range problems {
		fmt.Fprintln(opts.Log, p)
	}
	if opts.Only != "" {
		re, err := regexp.Compile(opts.Only)
		if err != nil {
			return sum, fmt.Errorf("--only: %v", err)
		}
		var kept []Case
		for _, c := range cases {
			if re.MatchString(c.ID) {
				kept = append(kept, c)
			}
		}
		cases = kept
	}
	if len(cases) == 0 {
		return sum, fmt.Errorf("%s: no cases to run", opts.Cases)
	}
	work := opts.WorkDir
	if work == "" {
		if work, err = os.MkdirTemp("", "permsim-verify-"); err != nil {
			return sum, err
		}
		defer os.RemoveAll(work)
	}
	self, err := filepath.EvalSymlinks(opts.Self[0])
	if err != nil {
		return sum, fmt.Errorf("driver %s: %w", opts.Self[0], err)
	}
	binDir := filepath.Dir(bin)
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = 2
	}

	outs := make([]innerOut, len(cases))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	var logMu sync.Mutex
	for i := range cases {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			if ctx.Err() != nil {
				errs[i] = ctx.Err()
				return
			}
			start := time.Now()
			outs[i], errs[i] = runOne(ctx, sb, work, self, opts.Self[1:], bin, binDir, cases[i])
			logMu.Lock()
			fmt.Fprintf(opts.Log, "%s: %d calls in %.1fs\n", cases[i].ID, len(cases[i].Calls), time.Since(start).Seconds())
			logMu.Unlock()
		}(i)
	}
	wg.Wait()

	var recorded []Result
	for i, c := range cases {
		o := outs[i]
		if errs[i] == nil && o.Err != "" {
			errs[i] = fmt.Errorf("%s", o.Err)
		}
		if errs[i] != nil {
			sum.Failed = append(sum.Failed, fmt.Sprintf("%s: %v", c.ID, errs[i]))
			continue
		}
		if sum.Version == "" {
			sum.Version = o.Version
		}
		for _, p := range o.Problems {
			fmt.Fprintf(opts.Log, "%s: settings problem: %s\n", c.ID, p)
		}
		for k, r := range o.Results {
			row := compare(fmt.Sprintf("%s#%d", c.ID, r.CallIndex), r, simAt(o.Simulated, k))
			sum.add(row)
			var subs []Result
			for s, sr := range r.SubagentResults {
				var sim Simulated
				if k < len(o.SubSims) {
					sim = simAt(o.SubSims[k], s)
				}
				sub := compare(fmt.Sprintf("%s#%d/%d", c.ID, r.CallIndex, s), sr, sim)
				sum.add(sub)
				if sub.Compared {
					subs = append(subs, sr)
				}
			}
			r.SubagentResults = subs
			if row.Compared {
				recorded = append(recorded, r)
			}
		}
	}
	printSummary(opts.Out, sum)
	if opts.Record != "" {
		if err := WriteResults(opts.Record, recorded); err != nil {
			return sum, fmt.Errorf("--record: %w", err)
		}
		var dropped []Result
		for _, r := range sum.Rows {
			if !r.Compared && !strings.Contains(r.Key, "/") {
				dropped = append(dropped, r.Real)
			}
		}
		if err := WriteResults(strings.TrimSuffix(opts.Record, ".results.jsonl")+".dropped.jsonl", dropped); err != nil {
			return sum, fmt.Errorf("--record: %w", err)
		}
	}
	return sum, nil
}

func simAt(s []Simulated, i int) Simulated {
	if i < len(s) {
		return s[i]
	}
	return Simulated{Skipped: "not simulated"}
}

func compare(key string, r Result, sim Simulated) Row {
	row := Row{Key: key, Real: r, Sim: sim, Compared: r.DropReason == ""}
	row.Agree = row.Compared && Agrees(r.Outcome, sim)
	return row
}

func (s *Summary) add(r Row) {
	s.Rows = append(s.Rows, r)
	switch {
	case !r.Compared:
		s.Dropped++
	case r.Agree:
		s.Agree++
		s.Compared++
	default:
		s.Compared++
	}
}

// runOne runs one case in its own sandbox and harness process.
func runOne(ctx context.Context, sb *Sandbox, work, self string, selfArgs []string, bin, binDir string, c Case) (innerOut, error) {
	var out innerOut
	batch := filepath.Join(work, safeName(c.ID))
	for _, d := range []string{"home", "ctl"} {
		if err := os.MkdirAll(filepath.Join(batch, d), 0o755); err != nil {
			return out, err
		}
	}
	if len(c.ManagedFiles) > 0 {
		for rel, text := range c.ManagedFiles {
			p := filepath.Join(batch, "managed", rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return out, err
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				return out, err
			}
		}
	}
	calls := countCalls(c.Calls)
	j := job{Case: c, Binary: bin, Timeout: time.Duration(30+15*calls) * time.Second}
	b, _ := json.Marshal(j)
	if err := os.WriteFile(filepath.Join(batch, "ctl", "job.json"), b, 0o644); err != nil {
		return out, err
	}
	argv := append([]string{selfPath}, selfArgs...)
	log, err := sb.run(ctx, batch, self, []string{binDir}, argv, j.Timeout+30*time.Second)
	_ = os.WriteFile(filepath.Join(batch, "ctl", "driver.log"), log, 0o644)
	data, rerr := os.ReadFile(filepath.Join(batch, "ctl", "out.json"))
	if rerr != nil {
		if err == nil {
			err = rerr
		}
		return out, fmt.Errorf("the driver wrote no answer (%v): %s", err, lastLines(log, 5))
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, fmt.Errorf("out.json: %w", err)
	}
	return out, nil
}

func lastLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func safeName(s string) string { return unsafeChars.ReplaceAllString(s, "_") }

// findBinary finds the harness binary: the given path, or claude on PATH;
// symlinks are followed so the install folder can be bound.
func findBinary(given string) (string, error) {
	p := given
	if p == "" {
		var err error
		if p, err = exec.LookPath("claude"); err != nil {
			return "", fmt.Errorf("no Claude Code binary: none on PATH and no --binary given (install it with npm install -g @anthropic-ai/claude-code@2.1.328)")
		}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("--binary %s: %w", p, err)
	}
	abs, err := filepath.Abs(real)
	if err != nil {
		return "", err
	}
	return abs, nil
}

// printSummary prints one line per compared call and the agreement.
func printSummary(w io.Writer, s Summary) {
	for _, r := range s.Rows {
		mark := "agree"
		switch {
		case !r.Compared:
			mark = "drop "
		case !r.Agree:
			mark = "DIFF "
		}
		sim := r.Sim.Outcome
		if r.Sim.Skipped != "" {
			sim = r.Sim.Skipped
		}
		fmt.Fprintf(w, "%s %-36s %-8s real %-7s %-30s permsim %-7s at %q\n", mark, r.Key, r.Real.Tool, r.Real.Outcome, "("+r.Real.Pattern+")", sim, r.Sim.Step)
	}
	for _, f := range s.Failed {
		fmt.Fprintf(w, "FAILED %s\n", f)
	}
	byOutcome := map[string][2]int{}
	for _, r := range s.Rows {
		if !r.Compared {
			continue
		}
		v := byOutcome[r.Real.Outcome]
		v[1]++
		if r.Agree {
			v[0]++
		}
		byOutcome[r.Real.Outcome] = v
	}
	var outs []string
	for o := range byOutcome {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, o := range outs {
		fmt.Fprintf(w, "outcome %-8s %d/%d agree\n", o, byOutcome[o][0], byOutcome[o][1])
	}
	pct := 0.0
	if s.Compared > 0 {
		pct = 100 * float64(s.Agree) / float64(s.Compared)
	}
	fmt.Fprintf(w, "agreement with %s: %d/%d calls (%.1f%%) by outcome; %d not a permission decision (dropped); %d cases failed\n",
		s.Version, s.Agree, s.Compared, pct, s.Dropped, len(s.Failed))
}
