package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// Bad usage is a usageError (exit 2) naming what is wrong; none of these
// reaches the sandbox or a harness.
func TestRunVerifyUsageAllHarnesses(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--harness", "cursor", "--cases", "x"}, "no verify driver"},
		{[]string{"--harness", "nosuch", "--cases", "x"}, "not a harness permsim knows"},
		{[]string{"--harness", "codex"}, "--cases is required"},
		{[]string{"--cases", "x"}, "--harness is required"},
		{[]string{"--harness", "gemini", "--bogus"}, "unknown flag"},
	}
	for _, tt := range tests {
		var out, errb bytes.Buffer
		err := runVerify(context.Background(), tt.args, strings.NewReader(""), &out, &errb)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("runVerify(%q) = %v, want a usage error with %q", tt.args, err, tt.want)
		}
	}
	// --inner outside the sandbox refuses: the control folder variable is
	// only set by the sandbox.
	t.Setenv("PERMSIM_CODEXDRIVE_INNER", "")
	err := runVerify(context.Background(), []string{"--harness", "codex", "--inner"}, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "inside the sandbox") {
		t.Errorf("--inner outside the sandbox: %v", err)
	}
}
