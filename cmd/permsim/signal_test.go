package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/permsim/permsim/internal/transcriptgen"
)

// signalStore ingests n generated calls into a new store and returns it
// with the home the calls' settings are read from.
func signalStore(t *testing.T, n int) (out, home string) {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "calls.jsonl")
	if err := transcriptgen.WriteCalls(file, n, 27); err != nil {
		t.Fatal(err)
	}
	out, home = filepath.Join(dir, "out"), filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCLI(t, "", "ingest", "--format", "permsim-jsonl", "--out", out, "--home", home, file); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, stderr)
	}
	return out, home
}

// tempLeft lists what a run left in its private TMPDIR.
func tempLeft(t *testing.T, tmp string) []string {
	t.Helper()
	ents, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestSignalStopsAndCleansUp: issue 27, "SIGTERM leaves
// /tmp/permsim-duckdb-* and /tmp/permsim-suggest-* behind" and "Ctrl-C
// honoured within a second everywhere". permsim is started as a process
// with a private TMPDIR and signalled once its temporary folder exists
// (the run is then under way); it must stop by itself — not through
// main's last-resort exit after stopGrace — with exit 2, say which signal
// stopped it, and leave nothing in TMPDIR.
func TestSignalStopsAndCleansUp(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	// Enough calls that suggest is still deciding 200 ms after its folder
	// appears: it decides 20,000 in about 0.7 s on an idle machine.
	out, home := signalStore(t, 80000)
	for _, c := range []struct {
		name   string
		sig    syscall.Signal
		prefix string // the temporary folder that shows the run is under way
		args   []string
	}{
		{"suggest SIGTERM", syscall.SIGTERM, "permsim-suggest-", []string{"suggest", "--out", out, "--user-home", home}},
		{"suggest SIGINT", syscall.SIGINT, "permsim-suggest-", []string{"suggest", "--out", out, "--user-home", home}},
		// A query that runs until it is stopped.
		{"sql SIGTERM", syscall.SIGTERM, "permsim-duckdb-", []string{"sql", "--out", out, "SELECT count(*) FROM range(100000000000) t(a) WHERE a % 7 = 3"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			cmd := exec.Command(os.Args[0], c.args...)
			cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1", "TMPDIR="+tmp)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			started := false
			for deadline := time.Now().Add(2 * time.Minute); !started && time.Now().Before(deadline); {
				for _, n := range tempLeft(t, tmp) {
					started = started || strings.HasPrefix(n, c.prefix)
				}
				select {
				case err := <-exited:
					t.Fatalf("%s ended before it could be signalled (%v): %s", c.args[0], err, stderr.String())
				case <-time.After(5 * time.Millisecond):
				}
			}
			if !started {
				cmd.Process.Kill()
				t.Fatalf("no %s* folder appeared in TMPDIR", c.prefix)
			}
			time.Sleep(200 * time.Millisecond) // inside the run's work, past its setup
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			signalled := time.Now()
			var err error
			select {
			case err = <-exited:
				t.Logf("stopped %s after %v", time.Since(signalled).Round(time.Millisecond), c.sig)
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Fatalf("still running 30 s after %v", c.sig)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 2 {
				t.Errorf("after %v: %v, want exit 2", c.sig, err)
			}
			msg := stderr.String()
			if strings.Contains(msg, "did not stop within") || strings.Contains(msg, "second signal") {
				t.Errorf("the run did not stop by itself:\n%s", msg)
			}
			if want := signalName(c.sig); !strings.Contains(msg, "stopped by "+want) {
				t.Errorf("stderr does not say it was stopped by %s:\n%s", want, msg)
			}
			if left := tempLeft(t, tmp); len(left) > 0 {
				t.Errorf("left in TMPDIR after %v: %v", c.sig, left)
			}
		})
	}
}

// TestSignalStopsStepIgnoringContext: "Ctrl-C honoured within a second
// everywhere", even by a step that does not watch its context: decide
// waiting for its calls on stdin is stopped by main stopGrace after the
// signal, exit 2, saying so.
func TestSignalStopsStepIgnoringContext(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	proj := t.TempDir()
	cmd := exec.Command(os.Args[0], "decide", "--harness", "claude", "--project", proj, "--home", t.TempDir())
	cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1", "TMPDIR="+t.TempDir())
	stdin, err := cmd.StdinPipe() // kept open: decide waits for a line
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	time.Sleep(500 * time.Millisecond) // decide is reading stdin by now
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err = <-exited:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("decide waiting on stdin still running 30 s after Ctrl-C")
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(stderr.String(), "did not stop within "+stopGrace.String()) {
		t.Errorf("after Ctrl-C: %v, stderr %q; want exit 2 and main's last-resort exit named", err, stderr.String())
	}
}
