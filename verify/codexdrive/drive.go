// Package codexdrive checks the Codex CLI simulator (engine/codex)
// against the real Codex CLI 0.169.0: it runs `codex app-server` offline,
// inside the bubblewrap sandbox of package verify, against a scripted mock
// of the OpenAI Responses API on 127.0.0.1, serves the calls of a case
// file one per model turn, answers every approval request with decline,
// reads each call's outcome from the protocol and the tool output
// (reference/real-harnesses.md), and compares it with the simulator.
//
// Results are written in the differential corpus's format
// (testdata/codex/differential/README.md).
package codexdrive

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/permsim/permsim/verify"
)

// InnerEnv is set, inside the sandbox, to the control folder; a process
// that sees it is the driver and should call Inner.
const InnerEnv = "PERMSIM_CODEXDRIVE_INNER"

// ctlDir is where the control folder is bound inside the sandbox; selfPath
// is where the driver executable is bound.
const (
	ctlDir   = "/tmp/.permsim-ctl"
	selfPath = "/run/permsim/driver"
)

// Options say what Run checks and how.
type Options struct {
	Binary string // the codex executable; "" looks up codex on PATH
	Cases  string // the cases file (the corpus's codex.cases.jsonl format)
	Record string // when set, the results file to write
	// Self is the argv that starts the driver inside the sandbox (the
	// executable is bound read-only; InnerEnv is set for it).
	Self    []string
	Jobs    int    // cases run at once; default 2
	Only    string // run only the cases whose id matches this regular expression
	Limit   int    // when > 0, run only the first Limit cases (after Only)
	WorkDir string // batch folders and logs; "" makes a temporary one, removed at the end
	Out     io.Writer
	Log     io.Writer
}

// FindBinary finds the codex executable (given, or on PATH) and follows
// symlinks to the native binary, so its folder can be bound.
func FindBinary(given string) (string, error) {
	p := given
	if p == "" {
		var err error
		if p, err = exec.LookPath("codex"); err != nil {
			return "", fmt.Errorf("no Codex CLI: none on PATH and no --binary given (install it with npm install -g @openai/codex@0.169.0)")
		}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("--binary %s: %w", p, err)
	}
	return filepath.Abs(real)
}

// Run runs every selected case in the real Codex inside the sandbox, one
// app-server process per case, compares each call with the simulator and
// prints the rows and the agreement to opts.Out. It refuses to start
// without the sandbox (verify.ErrNoSandbox).
func Run(ctx context.Context, opts Options) (verify.Summary, error) {
	var sum verify.Summary
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if len(opts.Self) == 0 {
		return sum, fmt.Errorf("no driver command for inside the sandbox")
	}
	bin, err := FindBinary(opts.Binary)
	if err != nil {
		return sum, err
	}
	sb, err := verify.FindSandbox(ctx)
	if err != nil {
		return sum, err
	}
	cases, err := SelectCases(opts.Cases, opts.Only, opts.Limit, opts.Log)
	if err != nil {
		return sum, err
	}
	work := opts.WorkDir
	if work == "" {
		if work, err = os.MkdirTemp("", "permsim-verify-codex-"); err != nil {
			return sum, err
		}
		defer os.RemoveAll(work)
	}
	self, err := filepath.EvalSymlinks(opts.Self[0])
	if err != nil {
		return sum, fmt.Errorf("driver %s: %w", opts.Self[0], err)
	}
	// Node-installed codex is a launcher; the native binary sits in the
	// per-platform package, under the npm folder, which the read-only
	// root already shows. Bind it anyway when it lives under /home or
	// /tmp, which the sandbox replaces.
	var binds []string
	for _, hidden := range []string{"/home", "/tmp", "/var/tmp", "/run"} {
		if strings.HasPrefix(bin, hidden+"/") {
			binds = append(binds, filepath.Dir(bin))
		}
	}
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
			outs[i], errs[i] = runOne(ctx, sb, work, self, opts.Self[1:], binds, bin, cases[i])
			logMu.Lock()
			fmt.Fprintf(opts.Log, "%s: %d calls in %.1fs\n", cases[i].ID, len(cases[i].Calls), time.Since(start).Seconds())
			logMu.Unlock()
		}(i)
	}
	wg.Wait()
	var recorded, dropped []verify.Result
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
			sim := verify.Simulated{Skipped: "not simulated"}
			if k < len(o.Simulated) {
				sim = o.Simulated[k]
			}
			row := Compare(r, sim)
			AddRow(&sum, row)
			if row.Compared {
				recorded = append(recorded, r)
			} else {
				dropped = append(dropped, r)
			}
		}
	}
	PrintSummary(opts.Out, sum)
	if opts.Record != "" {
		if err := verify.WriteResults(opts.Record, recorded); err != nil {
			return sum, fmt.Errorf("--record: %w", err)
		}
		if err := verify.WriteResults(strings.TrimSuffix(opts.Record, ".results.jsonl")+".dropped.jsonl", dropped); err != nil {
			return sum, fmt.Errorf("--record: %w", err)
		}
	}
	return sum, nil
}

// SelectCases reads a cases file and keeps those --only and --limit
// select; unreadable lines are reported to log and skipped.
func SelectCases(file, only string, limit int, log io.Writer) ([]verify.Case, error) {
	cases, problems, err := verify.ReadCases(file)
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
		var kept []verify.Case
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

// Compare makes one compared row: rows with a drop reason are not a
// permission decision and are not compared.
func Compare(r verify.Result, sim verify.Simulated) verify.Row {
	row := verify.Row{Key: fmt.Sprintf("%s#%d", r.ID, r.CallIndex), Real: r, Sim: sim, Compared: r.DropReason == ""}
	row.Agree = row.Compared && verify.Agrees(r.Outcome, sim)
	return row
}

// AddRow adds a compared row to the summary's counts.
func AddRow(s *verify.Summary, r verify.Row) {
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
func runOne(ctx context.Context, sb *verify.Sandbox, work, self string, selfArgs, binds []string, bin string, c verify.Case) (innerOut, error) {
	var out innerOut
	batch := filepath.Join(work, safeName(c.ID))
	for _, d := range []string{"home", "ctl"} {
		if err := os.MkdirAll(filepath.Join(batch, d), 0o755); err != nil {
			return out, err
		}
	}
	j := job{Case: c, Binary: bin, Timeout: time.Duration(40+15*len(c.Calls)) * time.Second}
	b, _ := json.Marshal(j)
	if err := os.WriteFile(filepath.Join(batch, "ctl", "job.json"), b, 0o644); err != nil {
		return out, err
	}
	argv := append([]string{selfPath}, selfArgs...)
	log, err := RunSandboxed(ctx, sb, batch, self, binds, InnerEnv, argv, j.Timeout+30*time.Second)
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

// SandboxArgs are bwrap's arguments for a batch folder holding home/ and
// ctl/, as package verify builds them (reference/real-harnesses.md,
// "Safety"): read-only root, new user, pid, network (loopback only), ipc
// and uts namespaces, all capabilities dropped, uid and gid 1000, private
// /tmp, /var/tmp, /run and /home, only the batch's home (at /home/user)
// and control folder writable. self is bound read-only at the driver's
// path, binds at their own paths, and innerEnv is set to the control
// folder.
func SandboxArgs(batch, self string, binds []string, innerEnv string) []string {
	a := []string{
		"--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--cap-drop", "ALL", "--uid", "1000", "--gid", "1000", "--die-with-parent", "--new-session",
		"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
		"--tmpfs", "/tmp", "--tmpfs", "/var/tmp", "--tmpfs", "/run", "--tmpfs", "/home",
		"--bind", filepath.Join(batch, "home"), verify.Home,
		"--bind", filepath.Join(batch, "ctl"), ctlDir,
	}
	if self != "" {
		a = append(a, "--ro-bind", self, selfPath)
	}
	for _, b := range binds {
		a = append(a, "--ro-bind", b, b)
	}
	return append(a, "--chdir", verify.Home, "--setenv", "HOME", verify.Home, "--setenv", innerEnv, ctlDir)
}

// RunSandboxed runs argv inside the sandbox for one batch folder, for at
// most timeout, and returns its combined output.
func RunSandboxed(ctx context.Context, sb *verify.Sandbox, batch, self string, binds []string, innerEnv string, argv []string, timeout time.Duration) ([]byte, error) {
	if sb == nil || sb.Bwrap == "" {
		return nil, verify.ErrNoSandbox
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sb.Bwrap, append(SandboxArgs(batch, self, binds, innerEnv), argv...)...)
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"}
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() == context.DeadlineExceeded {
		return out, fmt.Errorf("the sandboxed run took longer than %s and was stopped", timeout)
	}
	return out, err
}

// PrintSummary prints one line per call and the agreement by outcome.
func PrintSummary(w io.Writer, s verify.Summary) {
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
		fmt.Fprintf(w, "%s %-40s %-18s real %-7s %-40s permsim %-7s at %q\n", mark, r.Key, r.Real.Tool, r.Real.Outcome, "("+r.Real.Pattern+")", sim, r.Sim.Step)
	}
	for _, f := range s.Failed {
		fmt.Fprintf(w, "FAILED %s\n", f)
	}
	by := map[string][2]int{}
	for _, r := range s.Rows {
		if !r.Compared {
			continue
		}
		v := by[r.Real.Outcome]
		v[1]++
		if r.Agree {
			v[0]++
		}
		by[r.Real.Outcome] = v
	}
	var outs []string
	for o := range by {
		outs = append(outs, o)
	}
	sort.Strings(outs)
	for _, o := range outs {
		fmt.Fprintf(w, "outcome %-8s %d/%d agree\n", o, by[o][0], by[o][1])
	}
	pct := 0.0
	if s.Compared > 0 {
		pct = 100 * float64(s.Agree) / float64(s.Compared)
	}
	fmt.Fprintf(w, "agreement with %s: %d/%d calls (%.1f%%) by outcome; %d not a permission decision (dropped); %d cases failed\n",
		s.Version, s.Agree, s.Compared, pct, s.Dropped, len(s.Failed))
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

// safeRel reports whether p is a relative path that stays inside its base.
func safeRel(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\x00") {
		return false
	}
	c := path.Clean(p)
	return c != ".." && !strings.HasPrefix(c, "../") && c != "."
}
