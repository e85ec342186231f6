package verify

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// This file holds what every driver's CaseFunc does around the harness
// process inside the sandbox: the harness's version, its environment,
// starting it with pipes and a stderr log, wiring a JSON-RPC client to it,
// and keeping the mock's request log.

// Version is `bin --version`'s output, trimmed, after prefix; "" when the
// command fails.
func Version(bin, prefix string) string {
	v, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return ""
	}
	return prefix + strings.TrimSpace(string(v))
}

// Environ is a harness's environment for case c, as sorted KEY=VALUE: the
// sandbox's home and user, a plain PATH and locale, package managers kept
// offline; then the harness's own variables (its mock, its telemetry off);
// then the case's own, which win.
func Environ(c Case, own map[string]string) []string {
	env := map[string]string{
		"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": Home, "USER": "user", "LOGNAME": "user",
		"LANG": "C.UTF-8", "TMPDIR": "/tmp", "SHELL": "/bin/bash",
		"npm_config_offline": "true", "npm_config_fetch_retries": "0", "PIP_NO_INDEX": "1",
	}
	for k, v := range own {
		env[k] = v
	}
	for k, v := range c.Env {
		env[k] = v
	}
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// TimeoutOr is the job's time limit for its case, or def's for a job that
// names none.
func (j Job) TimeoutOr(def func(Case) time.Duration) time.Duration {
	if j.Timeout > 0 {
		return j.Timeout
	}
	return def(j.Case)
}

// WriteLog writes lines, one a line, to ctl/name: a record for whoever
// reads the kept batch folder, so a failure to write it is ignored.
func WriteLog(ctl, name string, lines []string) {
	_ = os.WriteFile(filepath.Join(ctl, name), []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}

// Process is a harness process started for one case: its stdin, and its
// stdout read line by line (lines up to 64 MiB).
type Process struct {
	Cmd    *exec.Cmd
	Stdin  io.WriteCloser
	Stdout *bufio.Scanner
	ctl    string
	files  []*os.File // logs closed once the process has ended
}

// Start starts bin with args in the project folder, with env, stopped when
// ctx ends (its pipes closed 5 seconds later at the most); its stderr goes
// to ctl/stderrName.
func Start(ctx context.Context, bin string, args, env []string, ctl, stderrName string) (*Process, error) {
	return startIn(ctx, Project, bin, args, env, ctl, stderrName)
}

// startIn is Start in folder dir (a test has no sandbox, so no Project).
func startIn(ctx context.Context, dir, bin string, args, env []string, ctl, stderrName string) (*Process, error) {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 5 * time.Second
	p := &Process{Cmd: cmd, ctl: ctl}
	if f := p.LogFile(stderrName); f != nil {
		cmd.Stderr = f
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		p.closeFiles()
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		p.closeFiles()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		p.closeFiles()
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	p.Stdin = stdin
	p.Stdout = bufio.NewScanner(stdout)
	p.Stdout.Buffer(make([]byte, 1<<20), 64<<20)
	return p, nil
}

// LogFile creates ctl/name for a record of the run, closed by Wait; nil
// when it cannot be created (the run goes on without it).
func (p *Process) LogFile(name string) *os.File {
	f, err := os.Create(filepath.Join(p.ctl, name))
	if err != nil {
		return nil
	}
	p.files = append(p.files, f)
	return f
}

func (p *Process) closeFiles() {
	for _, f := range p.files {
		f.Close()
	}
	p.files = nil
}

// Wait waits for the process to end and closes its logs.
func (p *Process) Wait() error {
	err := p.Cmd.Wait()
	p.closeFiles()
	return err
}

// Stop closes the process's stdin, kills it and waits for it.
func (p *Process) Stop() {
	p.Stdin.Close()
	p.Cmd.Process.Kill()
	p.Wait()
}

// RPC wires a JSON-RPC client to the process: requests go to its stdin,
// every line both ways is recorded in ctl/record. setup, when not nil,
// fills the client's fields before its reading starts (handlers set later
// could miss the server's first messages); after, when not nil, runs once
// the process's output has ended.
func (p *Process) RPC(record string, setup func(*RPCClient), after func()) *RPCClient {
	var rec io.Writer
	if f := p.LogFile(record); f != nil {
		rec = f
	}
	r := NewRPCClient(p.Stdin, rec)
	if setup != nil {
		setup(r)
	}
	go func() {
		r.Read(p.Stdout)
		if after != nil {
			after()
		}
	}()
	return r
}
