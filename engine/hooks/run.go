package hooks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Defaults of Limits.
const (
	// DefaultTimeout is the tester's own limit per hook (--hook-timeout).
	DefaultTimeout = 10 * time.Second
	// DefaultHarnessTimeout is how long Claude Code waits for a command
	// hook that sets no timeout of its own.
	DefaultHarnessTimeout = 600 * time.Second
	// DefaultMaxOutput is how much of each of stdout and stderr is kept.
	DefaultMaxOutput = 64 << 10
	// DefaultMaxTimeouts is how many times a handler may hit the tester's
	// limit before it is not run again.
	DefaultMaxTimeouts = 2
)

// Limits bound what running hooks may cost. Zero fields take the defaults.
type Limits struct {
	Timeout        time.Duration // the tester's limit per run (--hook-timeout)
	HarnessTimeout time.Duration // the harness's default for a handler without a timeout
	MaxOutput      int           // bytes kept of stdout and of stderr; the rest is read and dropped
	Workers        int           // hooks running at once, across all callers (--hook-workers); default 1
	MaxTimeouts    int           // tester timeouts after which a handler is not run again
	// Sandbox says where hooks run: SandboxOn (the zero value) inside
	// bubblewrap, SandboxOff as the harness would run them.
	Sandbox SandboxMode
}

// Status is how one run of a handler ended.
type Status string

// The ways a run ends.
const (
	// Ran: the process exited; ExitCode, Stdout and Stderr hold what it did.
	Ran Status = "ran"
	// TimedOut: the tester's limit killed it while the harness would have
	// waited longer, so what the harness decides cannot be told.
	TimedOut Status = "timed-out"
	// HarnessTimedOut: the handler's own (or the harness's default) timeout
	// is within the tester's limit and was hit: the harness gives up on it
	// too, so it decides nothing.
	HarnessTimedOut Status = "harness-timed-out"
	// Skipped: not run (not a runnable handler, or it timed out too often
	// before); Note says why.
	Skipped Status = "skipped"
	// Failed: the process could not be started; Err says why.
	Failed Status = "failed"
)

// Result is what one run of a handler gave.
type Result struct {
	Handler   Handler
	Status    Status
	ExitCode  int
	Stdout    string
	Stderr    string
	Truncated bool // the hook wrote more than Limits.MaxOutput on a stream; the rest was dropped
	Elapsed   time.Duration
	Err       error
	Note      string // why it was skipped, or what to know about the run
	gaveUp    bool   // skipped because the handler timed out too often before
}

// Failure is a harness's words for what happens when it gives up on a
// hook itself. TimedOut follows the hook's name when the harness's own
// timeout ended it; CouldNotRun follows "<name> could not run (<error>)"
// when the hook could not start. A harness that says the same of both
// leaves CouldNotRun empty: TimedOut, after the name, serves both.
type Failure struct {
	TimedOut, CouldNotRun string
}

// note is the note f makes of res for the hook called name.
func (f Failure) note(res Result, name string) string {
	if res.Status == HarnessTimedOut || f.CouldNotRun == "" {
		return name + f.TimedOut
	}
	return fmt.Sprintf("%s could not run (%v)%s", name, res.Err, f.CouldNotRun)
}

// Triage sorts a finished run before its output is read, the same way for
// every harness: res's note goes to *notes under name; a run the tester's
// limit decided (Undecided) adds name to *undecided; a run the harness
// itself gives up on — its own timeout, or a hook that could not start —
// adds the harness's words for what then happens (failed) to *notes.
// It reports whether the hook ran and its output is the harness's to read.
func Triage(res Result, name string, notes, undecided *[]string, failed Failure) bool {
	if res.Note != "" {
		*notes = append(*notes, name+": "+res.Note)
	}
	switch res.Status {
	case Skipped, TimedOut:
		if res.Undecided() {
			*undecided = append(*undecided, name)
		}
		return false
	case HarnessTimedOut, Failed:
		*notes = append(*notes, failed.note(res, name))
		return false
	}
	return true
}

// Undecided reports whether the tester's limit, not the hook, decided how
// this run ended: it timed out at the limit now, or was not run because it
// had timed out too often before. The call the hook guards cannot be
// decided then; every harness's simulator says unknown.
func (r Result) Undecided() bool {
	return r.Status == TimedOut || r.Status == Skipped && r.gaveUp
}

// Runner runs handlers within Limits. It is safe for concurrent use; one
// Runner should serve a whole replay so the timeout memory and the worker
// bound cover every call.
type Runner struct {
	lim  Limits
	sem  chan struct{}
	mu   sync.Mutex
	outs map[string]int // handler key → tester timeouts so far
	// said holds the handlers whose "not run again" was already reported
	// in full; later skips carry a short note.
	said map[string]bool
	// inflight counts each handler's runs under way, and done is signalled
	// when one ends: once a handler has timed out, a run that could be the
	// one past the limit waits to see how the runs under way end.
	inflight map[string]int
	done     *sync.Cond
	stats    Stats
	once     []string // notes to show once per run of permsim (Notes)
	box      *boxer   // how processes are contained; nil until first use
	boxMu    sync.Mutex
}

// NewRunner returns a Runner with the given limits (zero fields take the
// defaults).
func NewRunner(l Limits) *Runner {
	if l.Timeout <= 0 {
		l.Timeout = DefaultTimeout
	}
	if l.HarnessTimeout <= 0 {
		l.HarnessTimeout = DefaultHarnessTimeout
	}
	if l.MaxOutput <= 0 {
		l.MaxOutput = DefaultMaxOutput
	}
	if l.Workers <= 0 {
		l.Workers = 1
	}
	if l.MaxTimeouts <= 0 {
		l.MaxTimeouts = DefaultMaxTimeouts
	}
	return &Runner{lim: l, sem: make(chan struct{}, l.Workers), outs: map[string]int{}, said: map[string]bool{},
		stats: Stats{Skipped: map[string]int{}}}
}

// Limits returns the limits in force, defaults filled in.
func (r *Runner) Limits() Limits { return r.lim }

// Run runs one handler with input on its stdin and waits for it, at most
// the smaller of the tester's limit and the handler's own timeout. The
// process and everything it started are killed at the limit. Run never
// returns an error: how the run ended is in Result.Status.
func (r *Runner) Run(ctx context.Context, h Handler, input []byte) (res Result) {
	res = Result{Handler: h}
	defer func() { r.count(res) }()
	if ok, why := h.Runnable(); !ok {
		res.Status, res.Note = Skipped, why
		return res
	}
	box, err := r.boxer()
	if err != nil {
		res.Status, res.Note = Skipped, err.Error()
		return res
	}

	select {
	case r.sem <- struct{}{}:
	case <-ctx.Done():
		res.Status, res.Err = Failed, ctx.Err()
		return res
	}
	defer func() { <-r.sem }()

	// The timeout record is read only once a worker is ours: a caller that
	// waited for a worker while two other runs of this handler timed out
	// must not start a third (the race seen with several workers).
	key := h.Key()
	if note, skip := r.admit(key); skip {
		res.Status, res.Note, res.gaveUp = Skipped, note, true
		return res
	}
	defer r.leave(key)

	own := h.Timeout
	if own <= 0 {
		own = r.lim.HarnessTimeout
	}
	limit, harnessGivesUp := r.lim.Timeout, false
	if own <= limit {
		limit, harnessGivesUp = own, true
	}

	cmd, cleanup, err := box.command(h)
	if err != nil {
		res.Status, res.Err = Failed, err
		return res
	}
	defer cleanup()
	cmd.Stdin = bytes.NewReader(input)
	stdout := &capped{max: r.lim.MaxOutput}
	stderr := &capped{max: r.lim.MaxOutput}
	// The output pipes are ours, not exec's: Wait then returns when the hook
	// exits, even while a child it left behind still holds them open.
	outR, outW, err := os.Pipe()
	if err != nil {
		res.Status, res.Err = Failed, err
		return res
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		res.Status, res.Err = Failed, err
		return res
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	setProcessGroup(cmd)
	// The input is copied by exec; a child that keeps stdin open without
	// reading must not hold Wait for long.
	cmd.WaitDelay = time.Second

	start := time.Now()
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		res.Status, res.Err = Failed, fmt.Errorf("starting %s: %w", h.Name(), err)
		return res
	}
	var copying sync.WaitGroup
	copying.Add(2)
	go func() { defer copying.Done(); _, _ = io.Copy(stdout, outR) }()
	go func() { defer copying.Done(); _, _ = io.Copy(stderr, errR) }()
	// Whatever way the run ends, nothing it started outlives it: a child
	// that detached with setsid or kept running after the hook exited.
	// Then the pipes' last writers are gone and the copies end.
	defer func() {
		box.reap(cmd)
		drained := make(chan struct{})
		go func() { copying.Wait(); close(drained) }()
		select {
		case <-drained:
		case <-time.After(time.Second):
		}
		outR.Close()
		errR.Close()
		<-drained
		res.Stdout, res.Stderr = stdout.String(), stderr.String()
		res.Truncated = stdout.dropped > 0 || stderr.dropped > 0
		if res.Truncated {
			res.Note = joinNote(fmt.Sprintf("output cut at %d bytes per stream (%d bytes of stdout and %d of stderr dropped)", r.lim.MaxOutput, stdout.dropped, stderr.dropped), res.Note)
		}
	}()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	var waitErr error
	timedOut := false
	select {
	case waitErr = <-done:
	case <-timer.C:
		timedOut = true
		killGroup(cmd)
		waitErr = <-done
	case <-ctx.Done():
		killGroup(cmd)
		<-done
		res.Status, res.Err = Failed, ctx.Err()
		return res
	}
	res.Elapsed = time.Since(start)
	if timedOut {
		if harnessGivesUp {
			res.Status = HarnessTimedOut
			res.Note = joinNote(res.Note, fmt.Sprintf("timed out after %s, the harness's own limit for it", limit))
			return res
		}
		r.mu.Lock()
		r.outs[key]++
		n := r.outs[key]
		r.mu.Unlock()
		res.Status = TimedOut
		res.Note = joinNote(res.Note, fmt.Sprintf("killed at the tester's limit of %s (the harness would wait up to %s); timeout %d of %d", limit, own, n, r.lim.MaxTimeouts))
		return res
	}
	res.Status = Ran
	var exit *exec.ExitError
	switch {
	case waitErr == nil:
	case errors.As(waitErr, &exit):
		res.ExitCode = exit.ExitCode()
		if res.ExitCode < 0 {
			res.ExitCode = 128 + signalOf(exit)
		}
	case errors.Is(waitErr, exec.ErrWaitDelay):
		// The hook exited but left a child holding its output open: its
		// exit code stands.
		res.ExitCode = cmd.ProcessState.ExitCode()
	default:
		res.Status, res.Err = Failed, waitErr
	}
	return res
}

// tooManyTimeouts says whether the handler hit the tester's limit
// MaxTimeouts times already. The first such skip explains itself in full
// and is kept for Notes; later ones carry a short note, so a long replay
// says it once instead of on every call.
// admit says whether a run of handler key may start, and marks it under
// way when it may. After a first timeout, a run that would be past the
// limit should the runs under way time out too waits for them to end:
// with several workers, a third run must not start in the gap between the
// first timeout and the second (the race issue 12 reports). Before any
// timeout, runs of one handler go ahead in parallel.
func (r *Runner) admit(key string) (string, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.inflight == nil {
		r.inflight, r.done = map[string]int{}, sync.NewCond(&r.mu)
	}
	for n := r.outs[key]; n > 0 && n < r.lim.MaxTimeouts && n+r.inflight[key] >= r.lim.MaxTimeouts; n = r.outs[key] {
		r.done.Wait()
	}
	if note, skip := r.tooManyTimeoutsLocked(key); skip {
		return note, true
	}
	r.inflight[key]++
	return "", false
}

// leave marks a run of handler key as ended (its timeout, if any, already
// counted) and wakes the runs waiting in admit.
func (r *Runner) leave(key string) {
	r.mu.Lock()
	r.inflight[key]--
	r.mu.Unlock()
	r.done.Broadcast()
}

func (r *Runner) tooManyTimeoutsLocked(key string) (string, bool) {
	n := r.outs[key]
	if n < r.lim.MaxTimeouts {
		return "", false
	}
	if !r.said[key] {
		r.said[key] = true
		return fmt.Sprintf("timed out %d times at the tester's limit of %s; not run again, so every later call it matches is unknown", n, r.lim.Timeout), true
	}
	return "not run again (timed out before)", true
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// command builds the process for h: `sh -c` or `bash -c` for the shell
// form, the program itself for the exec form with ${NAME} filled in.
func (h Handler) command() (*exec.Cmd, error) {
	argv, err := h.argv()
	if err != nil {
		return nil, err
	}
	env := os.Environ()
	for k, v := range h.Vars {
		env = append(env, k+"="+v)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	cmd.Dir = h.Dir
	return cmd, nil
}

// argv is the program and arguments h runs: `sh -c` or `bash -c` for the
// shell form, the program itself (looked up on PATH) for the exec form.
func (h Handler) argv() ([]string, error) {
	if len(h.Args) > 0 {
		argv := append([]string{h.Command}, h.Args...)
		if strings.TrimSpace(h.Command) == "" {
			argv = append([]string(nil), h.Args...)
		}
		for i, a := range argv {
			argv[i] = h.expand(a)
		}
		path, err := exec.LookPath(argv[0])
		if err != nil {
			return nil, fmt.Errorf("exec-form hook %s: %w", h.Name(), err)
		}
		argv[0] = path
		return argv, nil
	}
	shell := "sh"
	if h.Shell == "bash" {
		shell = "bash"
	}
	path, err := exec.LookPath(shell)
	if err != nil {
		return nil, fmt.Errorf("hook %s: %w", h.Name(), err)
	}
	return []string{path, "-c", h.Command}, nil
}

// expand fills in ${NAME} (and $NAME) for the handler's Vars, leaving any
// other reference as written: no shell runs to expand it.
func (h Handler) expand(s string) string {
	if !strings.Contains(s, "$") {
		return s
	}
	for k, v := range h.Vars {
		s = strings.ReplaceAll(s, "${"+k+"}", v)
		s = strings.ReplaceAll(s, "$"+k, v)
	}
	return s
}

// capped keeps the first max bytes written to it and counts the rest.
type capped struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	max     int
	dropped int64
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.max - c.buf.Len()
	if room >= len(p) {
		c.buf.Write(p)
		return len(p), nil
	}
	if room > 0 {
		c.buf.Write(p[:room])
	}
	c.dropped += int64(len(p) - max(room, 0))
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}
