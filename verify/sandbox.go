package verify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNoSandbox is returned when bubblewrap is missing or cannot build the
// sandbox: allowed commands really execute, so the real harness is never
// run without it.
var ErrNoSandbox = errors.New("refusing to run the real harness without the sandbox")

// Sandbox runs processes inside bubblewrap: read-only root, a new network
// namespace with loopback only, new user, pid, ipc and uts namespaces, all
// capabilities dropped, uid and gid 1000, private /tmp, /var/tmp, /run and
// /home, and only the batch's home folder and control folder writable.
type Sandbox struct {
	Bwrap string // the bwrap executable
}

// FindSandbox finds bwrap and checks that it can build the sandbox here
// (user namespaces allowed, network namespace with loopback). It returns
// an error wrapping ErrNoSandbox with the reason and the fix otherwise.
func FindSandbox(ctx context.Context) (*Sandbox, error) {
	path, err := exec.LookPath("bwrap")
	if err != nil {
		return nil, fmt.Errorf("%w: bubblewrap (bwrap) is not installed; on Debian or Ubuntu: apt-get install -y bubblewrap", ErrNoSandbox)
	}
	sb := &Sandbox{Bwrap: path}
	dir, err := os.MkdirTemp("", "permsim-sbcheck-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	for _, d := range []string{"home", "ctl"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return nil, err
		}
	}
	// The check itself: inside, the root is read-only, only loopback
	// exists, and we are uid 1000 without capabilities.
	probe := `id -u; touch /usr/.permsim-probe 2>/dev/null && echo root-writable; ` +
		`sed -n 's/^ *\([^:]*\):.*/\1/p' /proc/net/dev | tr '\n' ' '; echo; grep CapEff /proc/self/status`
	cmd := exec.CommandContext(ctx, path, append(Batch{Dir: dir, InnerEnv: probeEnv}.Args(), "sh", "-c", probe)...)
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("%w: bwrap could not build it: %v: %s", ErrNoSandbox, err, bytes.TrimSpace(out))
	}
	s := string(out)
	switch {
	case !strings.HasPrefix(s, "1000\n"):
		return nil, fmt.Errorf("%w: inside bwrap the uid is not 1000: %q", ErrNoSandbox, s)
	case strings.Contains(s, "root-writable"):
		return nil, fmt.Errorf("%w: inside bwrap the root is writable", ErrNoSandbox)
	case !strings.Contains(s, "CapEff:\t0000000000000000"):
		return nil, fmt.Errorf("%w: inside bwrap capabilities remain: %q", ErrNoSandbox, s)
	}
	for _, iface := range strings.Fields(strings.SplitN(s, "\n", 3)[1]) {
		if iface != "lo" {
			return nil, fmt.Errorf("%w: inside bwrap a network interface other than loopback exists: %s", ErrNoSandbox, iface)
		}
	}
	return sb, nil
}

// probeEnv is the control-folder variable of FindSandbox's probe (the
// sandbox needs one; no driver reads it).
const probeEnv = "PERMSIM_VERIFY_INNER"

// Batch is one case's run in the sandbox: its folder on the host, holding
// home/ (bound at Home), ctl/ (the control folder) and, for Claude Code,
// managed/ (the managed settings, at /etc/claude-code), and what starts
// the driver inside.
type Batch struct {
	Dir      string   // the batch folder
	Self     string   // the driver executable on the host; "" binds none
	SelfAt   string   // where Self is bound read-only inside the sandbox
	Binds    []string // extra folders bound read-only at their own path
	InnerEnv string   // set, inside, to the control folder
}

// Args are bwrap's arguments for the batch (reference/real-harnesses.md,
// "Safety"): read-only root, new user, pid, network (loopback only), ipc
// and uts namespaces, all capabilities dropped, uid and gid 1000, private
// /tmp, /var/tmp, /run and /home, and only the batch's home (at Home) and
// control folder writable; the working folder is Home.
func (b Batch) Args() []string {
	a := []string{
		"--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
		"--cap-drop", "ALL", "--uid", "1000", "--gid", "1000", "--die-with-parent", "--new-session",
		"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
		"--tmpfs", "/tmp", "--tmpfs", "/var/tmp", "--tmpfs", "/run", "--tmpfs", "/home",
		"--bind", filepath.Join(b.Dir, "home"), Home,
		"--bind", filepath.Join(b.Dir, "ctl"), CtlDir,
	}
	if st, err := os.Stat(filepath.Join(b.Dir, "managed")); err == nil && st.IsDir() {
		a = append(a, etcWith(filepath.Join(b.Dir, "managed"))...)
	}
	if b.Self != "" {
		a = append(a, "--ro-bind", b.Self, b.SelfAt)
	}
	for _, d := range b.Binds {
		a = append(a, "--ro-bind", d, d)
	}
	return append(a, "--chdir", Home, "--setenv", "HOME", Home, "--setenv", b.InnerEnv, CtlDir)
}

// etcWith rebuilds /etc inside the sandbox with the case's managed
// settings folder at /etc/claude-code: the host's /etc may have no such
// folder to mount onto, and the root is read-only. Every host entry is
// bound read-only into a fresh /etc, which is then made read-only too.
func etcWith(managed string) []string {
	a := []string{"--tmpfs", "/etc"}
	entries, _ := os.ReadDir("/etc")
	for _, e := range entries {
		p := filepath.Join("/etc", e.Name())
		if p == Managed {
			continue
		}
		if e.Type()&os.ModeSymlink != 0 {
			if t, err := os.Readlink(p); err == nil {
				a = append(a, "--symlink", t, p)
			}
			continue
		}
		a = append(a, "--ro-bind", p, p)
	}
	return append(a, "--ro-bind", managed, Managed, "--remount-ro", "/etc")
}

// Run runs argv inside the sandbox for the batch, for at most timeout,
// and returns its combined output. Without a sandbox it returns
// ErrNoSandbox and runs nothing.
func (sb *Sandbox) Run(ctx context.Context, b Batch, argv []string, timeout time.Duration) ([]byte, error) {
	if sb == nil || sb.Bwrap == "" {
		return nil, ErrNoSandbox
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, sb.Bwrap, append(b.Args(), argv...)...)
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"}
	cmd.WaitDelay = 5 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() == context.DeadlineExceeded {
		return out, fmt.Errorf("the sandboxed run took longer than %s and was stopped", timeout)
	}
	return out, err
}
