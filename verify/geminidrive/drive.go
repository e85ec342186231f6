// Package geminidrive checks the Gemini CLI simulator (engine/gemini)
// against the real Gemini CLI 0.61.0: it runs `gemini --acp` offline,
// inside the bubblewrap sandbox of package verify, against a scripted mock
// of the Gemini API on 127.0.0.1, serves the calls of a case file one per
// model turn, answers every session/request_permission with reject, reads
// each call's outcome from the protocol and the functionResponse
// (reference/real-harnesses.md), and compares it with the simulator.
//
// The sandbox, case selection, comparison and summary are shared with
// package codexdrive.
package geminidrive

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
	"strings"
	"sync"
	"time"

	"github.com/permsim/permsim/verify"
	"github.com/permsim/permsim/verify/codexdrive"
)

// InnerEnv is set, inside the sandbox, to the control folder; a process
// that sees it is the driver and should call Inner.
const InnerEnv = "PERMSIM_GEMINIDRIVE_INNER"

const (
	ctlDir   = "/tmp/.permsim-ctl"
	selfPath = "/run/permsim/driver"
)

// Options say what Run checks and how; they mean what codexdrive.Options
// mean, with Binary the gemini executable ("" looks it up on PATH).
type Options = codexdrive.Options

// FindBinary finds the gemini executable (given, or on PATH), following
// symlinks so its install folder is known.
func FindBinary(given string) (string, error) {
	p := given
	if p == "" {
		var err error
		if p, err = exec.LookPath("gemini"); err != nil {
			return "", fmt.Errorf("no Gemini CLI: none on PATH and no --binary given (install it with npm install -g @google/gemini-cli@0.61.0)")
		}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("--binary %s: %w", p, err)
	}
	return filepath.Abs(real)
}

// Run runs every selected case in the real Gemini CLI inside the sandbox,
// one process per case, compares each call with the simulator and prints
// the rows and the agreement to opts.Out. It refuses to start without the
// sandbox (verify.ErrNoSandbox).
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
	cases, err := codexdrive.SelectCases(opts.Cases, opts.Only, opts.Limit, opts.Log)
	if err != nil {
		return sum, err
	}
	work := opts.WorkDir
	if work == "" {
		if work, err = os.MkdirTemp("", "permsim-verify-gemini-"); err != nil {
			return sum, err
		}
		defer os.RemoveAll(work)
	}
	self, err := filepath.EvalSymlinks(opts.Self[0])
	if err != nil {
		return sum, fmt.Errorf("driver %s: %w", opts.Self[0], err)
	}
	var binds []string
	for _, hidden := range []string{"/home", "/tmp", "/var/tmp", "/run"} {
		if strings.HasPrefix(bin, hidden+"/") {
			// The whole package folder: gemini's entry point loads its
			// siblings.
			binds = append(binds, filepath.Dir(filepath.Dir(bin)))
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
			row := codexdrive.Compare(r, sim)
			codexdrive.AddRow(&sum, row)
			if row.Compared {
				recorded = append(recorded, r)
			} else {
				dropped = append(dropped, r)
			}
		}
	}
	codexdrive.PrintSummary(opts.Out, sum)
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

func runOne(ctx context.Context, sb *verify.Sandbox, work, self string, selfArgs, binds []string, bin string, c verify.Case) (innerOut, error) {
	var out innerOut
	batch := filepath.Join(work, safeName(c.ID))
	for _, d := range []string{"home", "ctl"} {
		if err := os.MkdirAll(filepath.Join(batch, d), 0o755); err != nil {
			return out, err
		}
	}
	j := job{Case: c, Binary: bin, Timeout: time.Duration(60+20*len(c.Calls)) * time.Second}
	b, _ := json.Marshal(j)
	if err := os.WriteFile(filepath.Join(batch, "ctl", "job.json"), b, 0o644); err != nil {
		return out, err
	}
	argv := append([]string{selfPath}, selfArgs...)
	log, err := codexdrive.RunSandboxed(ctx, sb, batch, self, binds, InnerEnv, argv, j.Timeout+30*time.Second)
	_ = os.WriteFile(filepath.Join(batch, "ctl", "driver.log"), log, 0o644)
	data, rerr := os.ReadFile(filepath.Join(batch, "ctl", "out.json"))
	if rerr != nil {
		if err == nil {
			err = rerr
		}
		return out, fmt.Errorf("the driver wrote no answer (%v): %s", err, strings.TrimSpace(string(log)))
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return out, fmt.Errorf("out.json: %w", err)
	}
	return out, nil
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

func safeName(s string) string { return unsafeChars.ReplaceAllString(s, "_") }

func safeRel(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\x00") {
		return false
	}
	c := path.Clean(p)
	return c != ".." && !strings.HasPrefix(c, "../") && c != "."
}
