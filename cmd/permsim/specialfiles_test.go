package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// demoCopy copies the demo's project folders to a new folder and returns
// its home/ folder (for --root /home=…).
func demoCopy(t *testing.T) string {
	t.Helper()
	_, root := demoArgs(t)
	dst := filepath.Join(t.TempDir(), "home")
	if err := os.CopyFS(dst, os.DirFS(root)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// special puts a FIFO, or a link to a device, at path (replacing any file).
func special(t *testing.T, path, kind string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	var err error
	switch kind {
	case "fifo":
		err = syscall.Mkfifo(path, 0o644)
	default:
		err = os.Symlink(kind, path)
	}
	if err != nil {
		t.Skip("cannot make", kind, err)
	}
}

// runBounded runs permsim as a process and fails the test if it has not
// ended within 20 s (it is killed then).
func runBounded(t *testing.T, args ...string) (code int, output string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1", "TMPDIR="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Errorf("permsim %s: still running after 20 s (killed); output so far:\n%.2000s", strings.Join(args, " "), out.String())
		return -1, out.String()
	}
	return cmd.ProcessState.ExitCode(), out.String()
}

// TestSpecialSettingsFiles: issue 27, "audit reads a committed
// settings.json that links to /dev/zero, /dev/urandom or a FIFO without
// limit; replay and nightly block forever on a project's FIFO
// settings.json — one safe-open for every file any command reads". Each
// command ends (within the 20 s runBounded gives it, where it used to
// run until killed) and names the file in a problem.
func TestSpecialSettingsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	home, _ := demoArgs(t)
	for _, kind := range []string{"fifo", "/dev/zero", "/dev/urandom"} {
		t.Run(strings.TrimPrefix(kind, "/dev/"), func(t *testing.T) {
			root := demoCopy(t)
			proj := filepath.Join(root, "dev", "demo-app")
			settings := filepath.Join(proj, ".claude", "settings.json")
			special(t, settings, kind)
			userHome := t.TempDir()
			for _, args := range [][]string{
				{"audit", "--project", proj, "--home", userHome},
				{"nightly", "--home", home, "--out", filepath.Join(t.TempDir(), "out"), "--root", "/home=" + root, "--user-home", userHome},
				{"replay", "--out", "", "--root", "/home=" + root, "--user-home", userHome},
			} {
				if args[0] == "replay" {
					out := filepath.Join(t.TempDir(), "out")
					if code, _, stderr := runCLI(t, "", "ingest", "--home", home, "--out", out); code != 0 {
						t.Fatalf("ingest: exit %d: %s", code, stderr)
					}
					args[2] = out
				}
				code, output := runBounded(t, args...)
				if code == 2 || !strings.Contains(output, settings) || !strings.Contains(output, "not a regular file") {
					t.Errorf("permsim %s with %s as settings.json: exit %d, want a problem naming %s as not a regular file; output:\n%.3000s", args[0], kind, code, settings, output)
				}
			}
		})
	}
}

// TestAuditSpecialFiles: audit reads every agent file of the repository
// through the same safe open: a FIFO in place of any of them is a problem
// naming it, and the audit ends.
func TestAuditSpecialFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts permsim processes")
	}
	for _, name := range []string{
		"CLAUDE.md", ".mcp.json", ".gemini/settings.json", ".cursor/hooks.json", ".cursor/cli.json",
		"opencode.json", ".codex/config.toml", ".codex/rules/default.rules",
	} {
		t.Run(name, func(t *testing.T) {
			root := demoCopy(t)
			proj := filepath.Join(root, "dev", "demo-app")
			path := filepath.Join(proj, filepath.FromSlash(name))
			special(t, path, "fifo")
			code, output := runBounded(t, "audit", "--project", proj, "--home", t.TempDir())
			if code == 2 || !strings.Contains(output, path) || !strings.Contains(output, "not a regular file") {
				t.Errorf("audit with a FIFO as %s: exit %d, want a problem naming %s as not a regular file; output:\n%.3000s", name, code, path, output)
			}
		})
	}
}
