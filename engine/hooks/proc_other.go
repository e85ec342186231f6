//go:build !unix

package hooks

import "os/exec"

// setProcessGroup does nothing where there are no process groups.
func setProcessGroup(*exec.Cmd) {}

// killGroup kills the hook process itself.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// signalOf is 0 where signals do not end processes.
func signalOf(*exec.ExitError) int { return 0 }
