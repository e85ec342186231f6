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

// This file holds what every harness driver (verify/claudedrive,
// codexdrive, geminidrive, opencodedrive) shares: the outer control loop
// that runs each case in its own sandbox, the job and answer handed
// through the control folder, case selection, comparison and the summary.

// Job is what the outer process hands the driver inside the sandbox, as
// ctl/job.json.
type Job struct {
	Case    Case          `json:"case"`
	Binary  string        `json:"binary"`
	Timeout time.Duration `json:"timeout"`
}

// Answer is what the driver inside the sandbox hands back, as
// ctl/out.json: the real harness's version, one Result per call, the
// simulator's verdict per call (and per subagent call, Claude Code only),
// problems found in the case's settings, and why the run failed, if it did.
type Answer struct {
	Version   string        `json:"version"`
	Results   []Result      `json:"results"`
	Simulated []Simulated   `json:"simulated"`
	SubSims   [][]Simulated `json:"subagent_simulated,omitempty"`
	Problems  []string      `json:"problems,omitempty"`
	Err       string        `json:"error,omitempty"`
}

// Columns are the widths of PrintSummary's key, tool and pattern columns.
type Columns struct{ Key, Tool, Pattern int }

// Driver is what RunDriver needs to know about one harness's driver.
type Driver struct {
	// Title names the harness in messages ("Codex CLI").
	Title string
	// Binary is the harness executable's name on PATH, and Install the
	// command that installs the version the simulator is checked against.
	Binary, Install string
	// VersionPrefix goes before `Binary --version`'s output in the
	// results ("gemini-cli ").
	VersionPrefix string
	// Binds are the folders to bind read-only into the sandbox so the
	// harness executable bin can run there.
	Binds func(bin string) []string
	// Base and PerCall make how long the driver may take for one case
	// (Timeout); the sandbox is stopped 30 seconds after that.
	Base, PerCall time.Duration
	// Prepare, when set, adds case-specific content to the batch folder
	// before the run (Claude Code's managed settings).
	Prepare func(batch string, c Case) error
	// WholeLog quotes the driver's whole output, not its last five lines,
	// when it wrote no answer.
	WholeLog bool
	Columns  Columns // the summary's column widths
	// SandboxStep is the simulator's step for a decision made by what the
	// harness's sandbox would do (Agrees); "" when it has none.
	SandboxStep string
}

// CaseFunc runs one case inside the sandbox: it lays out the case, starts
// the mock model and the harness, and returns each call's result; out
// carries what the simulator said.
type CaseFunc func(ctx context.Context, j Job, ctl string, out *Answer) ([]Result, error)

// serve makes the driver's inner half from its CaseFunc: the function a
// permsim process started inside the sandbox runs. It reads ctl/job.json
// from the control folder ctl ("" means CtlDir), notes the harness's
// version, lets run fill the answer's results (run may set the answer's
// other fields as it goes), records run's error in the answer, and writes
// it to ctl/out.json. It returns an error only when the job cannot be
// read or the answer cannot be written.
func (d Driver) serve(run CaseFunc) func(ctx context.Context, ctl string) error {
	return func(ctx context.Context, ctl string) error {
		if ctl == "" {
			ctl = CtlDir
		}
		data, err := os.ReadFile(filepath.Join(ctl, "job.json"))
		if err != nil {
			return err
		}
		var j Job
		if err := json.Unmarshal(data, &j); err != nil {
			return fmt.Errorf("job.json: %w", err)
		}
		out := Answer{Version: Version(j.Binary, d.VersionPrefix)}
		out.Results, err = run(ctx, j, ctl, &out)
		if err != nil {
			out.Err = err.Error()
		}
		b, _ := json.Marshal(out)
		return os.WriteFile(filepath.Join(ctl, "out.json"), b, 0o644)
	}
}

// CtlDir is where the control folder is bound inside the sandbox, for
// every driver.
const CtlDir = "/tmp/.permsim-ctl"

// DriverPath is where the driver executable (permsim itself) is bound
// inside the sandbox.
const DriverPath = "/run/permsim/driver"

// FindBinary finds the harness executable from --binary ("" looks it up on
// PATH), with symlinks followed so its install folder can be bound.
func (d Driver) FindBinary(given string) (string, error) {
	return FindBinary(given, d.Binary, fmt.Sprintf("no %s: none on PATH and no --binary given (install it with %s)", d.Title, d.Install))
}

// Timeout is how long the driver may take for case c: Base, and PerCall
// for each of its calls, subagent calls included.
func (d Driver) Timeout(c Case) time.Duration {
	n := len(c.Calls)
	for _, call := range c.Calls {
		n += len(call.SubagentCalls)
	}
	return d.Base + time.Duration(n)*d.PerCall
}

// InnerEnv is the environment variable set, inside the sandbox, to the
// control folder: a permsim process that sees it is the driver's inner
// half. Each driver has its own, PERMSIM_<BINARY>DRIVE_INNER.
func (d Driver) InnerEnv() string {
	return "PERMSIM_" + strings.ToUpper(d.Binary) + "DRIVE_INNER"
}

// Runner turns a driver and its CaseFunc into the Runner the registry
// lists: Run is RunDriver with d; Inner, the process started inside the
// sandbox, answers each job with run (see serve).
func (d Driver) Runner(run CaseFunc) Runner {
	return Runner{
		Run:      func(ctx context.Context, o Options) (Summary, error) { return RunDriver(ctx, d, o) },
		InnerEnv: d.InnerEnv(), Inner: d.serve(run), Binary: d.Binary, Install: d.Install,
	}
}

// RunDriver runs every case opts selects in the real harness d describes,
// one sandbox and harness process per case, opts.Jobs at once, compares
// each call (and subagent call) with the simulator, prints the rows and
// the agreement to opts.Out and, with opts.Record, writes the compared
// results there and the others next to it as *.dropped.jsonl. It refuses
// to start without the sandbox (ErrNoSandbox); a case that cannot be run
// is counted in Summary.Failed and the others go on.
func RunDriver(ctx context.Context, d Driver, opts Options) (Summary, error) {
	var sum Summary
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if len(opts.Self) == 0 {
		return sum, fmt.Errorf("no driver command for inside the sandbox")
	}
	bin, err := d.FindBinary(opts.Binary)
	if err != nil {
		return sum, err
	}
	sb, err := FindSandbox(ctx)
	if err != nil {
		return sum, err
	}
	cases, err := SelectCases(opts.Cases, opts.Only, opts.Limit, opts.Log)
	if err != nil {
		return sum, err
	}
	work := opts.WorkDir
	if work == "" {
		if work, err = os.MkdirTemp("", "permsim-verify-"+d.Binary+"-"); err != nil {
			return sum, err
		}
		defer os.RemoveAll(work)
	}
	self, err := filepath.EvalSymlinks(opts.Self[0])
	if err != nil {
		return sum, fmt.Errorf("driver %s: %w", opts.Self[0], err)
	}
	binds := d.Binds(bin)
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = 2
	}

	outs := make([]Answer, len(cases))
	errs := make([]error, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	var logMu sync.Mutex
	finished := 0
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
			b := Batch{Dir: filepath.Join(work, safeName(cases[i].ID)), Self: self, SelfAt: DriverPath, Binds: binds, InnerEnv: d.InnerEnv()}
			outs[i], errs[i] = d.runOne(ctx, sb, b, opts.Self[1:], bin, cases[i])
			logMu.Lock()
			fmt.Fprintf(opts.Log, "%s: %d calls in %.1fs\n", cases[i].ID, len(cases[i].Calls), time.Since(start).Seconds())
			// The count line is what a terminal's progress bar redraws
			// (cmd/permsim's progress.go); in a log it reads as is.
			finished++
			fmt.Fprintf(opts.Log, "verify: %d/%d cases\n", finished, len(cases))
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
			row := Compare(fmt.Sprintf("%s#%d", c.ID, r.CallIndex), r, SimAt(o.Simulated, k), d.SandboxStep)
			sum.Add(row)
			var subs []Result
			for s, sr := range r.SubagentResults {
				var sim Simulated
				if k < len(o.SubSims) {
					sim = SimAt(o.SubSims[k], s)
				}
				sub := Compare(fmt.Sprintf("%s#%d/%d", c.ID, r.CallIndex, s), sr, sim, d.SandboxStep)
				sum.Add(sub)
				// Every subagent row is kept, in its call's place (one that is
				// not a decision carries its drop_reason): a differential test
				// pairs subagent_results[k] with subagent_calls[k].
				subs = append(subs, sr)
			}
			r.SubagentResults = subs
			r.HarnessVersion = o.Version
			if row.Compared {
				recorded = append(recorded, r)
			}
		}
	}
	PrintSummary(opts.Out, sum, d.Columns)
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

// runOne runs one case in its own sandbox and harness process.
func (d Driver) runOne(ctx context.Context, sb *Sandbox, b Batch, selfArgs []string, bin string, c Case) (Answer, error) {
	var out Answer
	for _, dir := range []string{"home", "ctl"} {
		if err := os.MkdirAll(filepath.Join(b.Dir, dir), 0o755); err != nil {
			return out, err
		}
	}
	if d.Prepare != nil {
		if err := d.Prepare(b.Dir, c); err != nil {
			return out, err
		}
	}
	j := Job{Case: c, Binary: bin, Timeout: d.Timeout(c)}
	data, _ := json.Marshal(j)
	if err := os.WriteFile(filepath.Join(b.Dir, "ctl", "job.json"), data, 0o644); err != nil {
		return out, err
	}
	argv := append([]string{b.SelfAt}, selfArgs...)
	log, err := sb.Run(ctx, b, argv, j.Timeout+30*time.Second)
	_ = os.WriteFile(filepath.Join(b.Dir, "ctl", "driver.log"), log, 0o644)
	data, rerr := os.ReadFile(filepath.Join(b.Dir, "ctl", "out.json"))
	if rerr != nil {
		if err == nil {
			err = rerr
		}
		quoted := lastLines(log, 5)
		if d.WholeLog {
			quoted = strings.TrimSpace(string(log))
		}
		return out, fmt.Errorf("the driver wrote no answer (%v): %s", err, quoted)
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, fmt.Errorf("out.json: %w", err)
	}
	return out, nil
}

// SelectCases reads a cases file and keeps the cases whose id matches the
// regular expression only ("" keeps all), then the first limit of them
// (0 keeps all); unreadable lines are reported to log and skipped. No case
// left is an error naming the file.
func SelectCases(file, only string, limit int, log io.Writer) ([]Case, error) {
	cases, problems, err := ReadCases(file)
	if err != nil {
		return nil, err
	}
	for _, p := range problems {
		fmt.Fprintln(log, p)
	}
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			return nil, fmt.Errorf("--only: %v", err)
		}
		var kept []Case
		for _, c := range cases {
			if re.MatchString(c.ID) {
				kept = append(kept, c)
			}
		}
		cases = kept
	}
	if limit > 0 && len(cases) > limit {
		cases = cases[:limit]
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no cases to run", file)
	}
	return cases, nil
}

// FindBinary finds a harness executable: the given path, or name on PATH
// (missing is the error when neither exists); symlinks are followed and
// the path made absolute, so its install folder can be bound.
func FindBinary(given, name, missing string) (string, error) {
	p := given
	if p == "" {
		var err error
		if p, err = exec.LookPath(name); err != nil {
			return "", fmt.Errorf("%s", missing)
		}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("--binary %s: %w", p, err)
	}
	return filepath.Abs(real)
}

// BindIfHidden is a Driver.Binds for a harness installed wherever npm
// put it: the folder levels above the executable (1: its own folder),
// bound only when the executable lies where the sandbox hides (the
// read-only root shows the rest).
func BindIfHidden(levels int) func(bin string) []string {
	return func(bin string) []string {
		if !HiddenBySandbox(bin) {
			return nil
		}
		dir := bin
		for range levels {
			dir = filepath.Dir(dir)
		}
		return []string{dir}
	}
}

// HiddenBySandbox reports whether p lies under a folder the sandbox
// replaces with an empty one (/home, /tmp, /var/tmp, /run), so it must be
// bound to be seen inside.
func HiddenBySandbox(p string) bool {
	for _, hidden := range []string{"/home", "/tmp", "/var/tmp", "/run"} {
		if strings.HasPrefix(p, hidden+"/") {
			return true
		}
	}
	return false
}

// SimAt is the simulator's verdict at index i, or "not simulated" when
// the simulator gave none.
func SimAt(s []Simulated, i int) Simulated {
	if i < len(s) {
		return s[i]
	}
	return Simulated{Skipped: "not simulated"}
}

// Compare makes one compared row under key: rows with a drop reason are
// not a permission decision and are not compared; sandboxStep is as for
// Agrees.
func Compare(key string, r Result, sim Simulated, sandboxStep string) Row {
	row := Row{Key: key, Real: r, Sim: sim, Compared: r.DropReason == ""}
	row.Agree = row.Compared && Agrees(r, sim, sandboxStep)
	return row
}

// Add appends a row to the summary and counts it as dropped, agreeing or
// disagreeing.
func (s *Summary) Add(r Row) {
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

// PrintSummary prints one line per row (columns padded to cols), the
// cases that failed, the agreement per real outcome and the overall
// agreement line.
func PrintSummary(w io.Writer, s Summary, cols Columns) {
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
		fmt.Fprintf(w, "%s %-*s %-*s real %-7s %-*s permsim %-7s at %q\n", mark, cols.Key, r.Key, cols.Tool, r.Real.Tool, r.Real.Outcome, cols.Pattern, "("+r.Real.Pattern+")", sim, r.Sim.Step)
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

// WriteFiles writes files (relative path → content) under base, in path
// order, creating folders; content starting with "#!" is made executable.
// A path that is absolute or climbs out of base is an error.
func WriteFiles(base string, files map[string]string) error {
	return eachPath(base, files, "file", func(p, text string) error {
		mode := os.FileMode(0o644)
		if strings.HasPrefix(text, "#!") {
			mode = 0o755
		}
		return os.WriteFile(p, []byte(text), mode)
	})
}

// eachPath calls fn with every entry of m (path relative to base →
// value), in path order, as its path under base with its folder made. A
// path that is absolute or climbs out of base is an error naming what it
// is.
func eachPath(base string, m map[string]string, what string, fn func(p, v string) error) error {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, rel := range names {
		if !safeRel(rel) {
			return fmt.Errorf("%s path %q must be relative, without ..", what, rel)
		}
		p := filepath.Join(base, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := fn(p, m[rel]); err != nil {
			return err
		}
	}
	return nil
}

// WriteCaseFiles writes the case's home files under home and its project
// files under proj (created even when the case has none), as WriteFiles.
func WriteCaseFiles(c Case, home, proj string) error {
	if err := WriteFiles(home, c.HomeFiles); err != nil {
		return err
	}
	if err := os.MkdirAll(proj, 0o755); err != nil {
		return err
	}
	if err := WriteFiles(proj, c.ProjectFiles); err != nil {
		return err
	}
	return WriteSymlinks(proj, c.Symlinks)
}

// WriteCase lays a case out under home as every driver does: its home
// files under home, its project files and links under home/proj, and the
// project made a git repository when the case says so (git run with env
// added). A driver then adds its own files under home.
func WriteCase(c Case, home string, env ...string) error {
	proj := filepath.Join(home, "proj")
	if err := WriteCaseFiles(c, home, proj); err != nil {
		return err
	}
	if c.Git {
		return InitGit(proj, home, env...)
	}
	return nil
}

// WriteSymlinks makes the links of links (path relative to base →
// target) under base, in name order, replacing what is there.
func WriteSymlinks(base string, links map[string]string) error {
	return eachPath(base, links, "symlink", func(p, target string) error {
		_ = os.Remove(p)
		return os.Symlink(target, p)
	})
}

// InitGit makes proj a git repository on branch main with one commit of
// everything in it and a second branch, feature, at that commit (the
// shell grammar of verify/generate deletes it: `git branch -D feature`
// must find it, or it fails before anything a rule or sandbox judges),
// run with HOME=home and env added to this process's environment.
func InitGit(proj, home string, env ...string) error {
	cmd := exec.Command("sh", "-c", "git init -q -b main && git add -A && git -c user.name=permsim -c user.email=permsim@example.invalid commit -qm init --allow-empty && git branch feature")
	cmd.Dir = proj
	cmd.Env = append(append(os.Environ(), "HOME="+home), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git init: %v: %s", err, out)
	}
	return nil
}

// Truncate cuts s to at most n bytes, marking a cut with "…".
func Truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
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
