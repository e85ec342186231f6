//go:build unix

package hooks

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the hook in a process group of its own, so killing
// it at the limit also kills what it started (a `sleep` under `sh -c`).
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the hook's whole process group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}

// signalOf is the number of the signal that ended the process, 0 if none.
func signalOf(e *exec.ExitError) int {
	if ws, ok := e.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return int(ws.Signal())
	}
	return 0
}
