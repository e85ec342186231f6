package main

import (
	"context"
	"errors"
	"github.com/rogpeppe/go-internal/testscript"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/verify"
)

// TestMain lets the test binary stand in for permsim inside the sandbox:
// `permsim verify` starts itself there as `<exe> verify --inner`.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "verify" && slices.Contains(os.Args[2:], "--inner") {
		// Started by a driver as its inner half: `verify --harness H --inner`.
		if err := runVerify(context.Background(), os.Args[2:], os.Stdin, os.Stdout, os.Stderr); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	// The store and signal tests start the test binary as permsim (main's
	// signal handling included), to kill it or stop it.
	if os.Getenv("PERMSIM_TEST_AS_PERMSIM") == "1" {
		os.Exit(runMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// The CLI scripts (testdata/script/*.txtar) run this test binary as
	// the permsim command.
	testscript.Main(m, map[string]func(){
		"permsim": func() { os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

func TestVerifyUsage(t *testing.T) {
	err := runVerify(context.Background(), []string{"--harness", "claude"}, nil, io.Discard, io.Discard)
	var ue usageError
	if !errors.As(err, &ue) || !strings.Contains(ue.msg, "--cases") {
		t.Errorf("without --cases: %v, want a usage error naming --cases", err)
	}
}

// TestVerifyRefusesWithoutSandbox checks the issue's "Refuse to run without
// the sandbox": with no bwrap on PATH the harness binary is never started.
func TestVerifyRefusesWithoutSandbox(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "claude")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\ntouch "+filepath.Join(dir, "ran")+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := filepath.Join(dir, "c.jsonl")
	os.WriteFile(cases, []byte(`{"id": "a", "calls": [{"tool": "Bash", "input": {"command": "ls"}}]}`+"\n"), 0o644)
	t.Setenv("PATH", dir)
	err := runVerify(context.Background(), []string{"--harness", "claude", "--binary", fake, "--cases", cases}, nil, io.Discard, io.Discard)
	if !errors.Is(err, verify.ErrNoSandbox) {
		t.Errorf("without bwrap: %v, want %v", err, verify.ErrNoSandbox)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Error("the harness binary ran without the sandbox")
	}
}

// TestVerifyEndToEnd runs `permsim verify --harness claude` against the
// installed Claude Code, inside the sandbox (PERMSIM_REAL_HARNESS=1).
func TestVerifyEndToEnd(t *testing.T) {
	if os.Getenv("PERMSIM_REAL_HARNESS") == "" {
		t.Skip("set PERMSIM_REAL_HARNESS=1 to run the real Claude Code (make verify)")
	}
	if _, err := exec.LookPath("claude"); err != nil {
		t.Skip("no Claude Code on PATH")
	}
	if _, err := exec.LookPath("bwrap"); err != nil {
		t.Skip("no bwrap")
	}
	var out, log strings.Builder
	err := runVerify(context.Background(), []string{"--harness", "claude", "--cases", "../../testdata/verify/smoke.cases.jsonl"}, nil, &out, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	if !strings.Contains(out.String(), "5/5 calls (100.0%)") {
		t.Errorf("output:\n%s\nwant all 5 calls to agree", out.String())
	}
}
