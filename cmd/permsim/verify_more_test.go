package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestVerifyMoreHarness(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"--harness", "codex", "--cases", "x"}, true},
		{[]string{"--cases", "x", "--harness=gemini"}, true},
		{[]string{"--harness", "opencode", "--cases", "x"}, true},
		{[]string{"--harness", "claude"}, false},
		{[]string{"--cases", "codex"}, false},
	}
	for _, tt := range tests {
		if got := verifyMoreHarness(tt.args); got != tt.want {
			t.Errorf("verifyMoreHarness(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}

// Bad usage is a usageError (exit 2) naming what is wrong; none of these
// reaches the sandbox or a harness.
func TestRunVerifyMoreUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--harness", "cursor", "--cases", "x"}, `--harness "cursor"`},
		{[]string{"--harness", "codex"}, "--cases is required"},
		{[]string{"--harness", "gemini", "--bogus"}, "unknown flag"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		err := runVerifyMore(context.Background(), tt.args, strings.NewReader(""), &out, &errb)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("runVerifyMore(%q) = %v, want a usage error with %q", tt.args, err, tt.want)
		}
	}
	// --inner outside the sandbox refuses: the control folder variable is
	// only set by the sandbox.
	t.Setenv("PERMSIM_CODEXDRIVE_INNER", "")
	err := runVerifyMore(context.Background(), []string{"--harness", "codex", "--inner"}, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "inside the sandbox") {
		t.Errorf("--inner outside the sandbox: %v", err)
	}
}
