package hooks

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// SandboxMode says where hooks run.
type SandboxMode string

// The sandbox modes (--hook-sandbox).
const (
	// SandboxOn runs each hook inside bubblewrap as nobody in its own user
	// namespace: the project and the system's programs read-only and
	// nothing else of the file system (sandboxArgs), a throwaway home and
	// /tmp, no network, and only the environment the harness documents.
	// Without bubblewrap no hook runs. It is the zero value.
	SandboxOn SandboxMode = ""
	// SandboxOff runs hooks as the harness would: with the user's files,
	// network and environment. Processes are still ended with the hook.
	SandboxOff SandboxMode = "off"
)

// ParseSandbox reads a --hook-sandbox value: on (or empty) or off.
func ParseSandbox(s string) (SandboxMode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "on", "yes", "true":
		return SandboxOn, nil
	case "off", "no", "false":
		return SandboxOff, nil
	}
	return SandboxOn, fmt.Errorf("--hook-sandbox %q: want on or off", s)
}

// Stats counts what a Runner did, for the summary a command prints.
type Stats struct {
	Ran      int            // handlers that ran to an end (any exit code)
	TimedOut int            // handlers killed at a limit (the tester's or the harness's)
	Failed   int            // handlers that could not be started
	Skipped  map[string]int // handlers not run, by reason
}

// Summary is the one-line account of Stats: how many hooks ran, timed out
// or were skipped, and why.
func (s Stats) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "hooks: %d ran, %d timed out", s.Ran, s.TimedOut)
	if s.Failed > 0 {
		fmt.Fprintf(&b, ", %d could not start", s.Failed)
	}
	total := 0
	reasons := make([]string, 0, len(s.Skipped))
	for why, n := range s.Skipped {
		total += n
		reasons = append(reasons, fmt.Sprintf("%d: %s", n, why))
	}
	sort.Strings(reasons)
	fmt.Fprintf(&b, ", %d skipped", total)
	if len(reasons) > 0 {
		b.WriteString(" (" + strings.Join(reasons, "; ") + ")")
	}
	return b.String()
}

// Stats returns a copy of what the Runner did so far.
func (r *Runner) Stats() Stats {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.stats
	s.Skipped = make(map[string]int, len(r.stats.Skipped))
	for k, v := range r.stats.Skipped {
		s.Skipped[k] = v
	}
	return s
}

// Notes returns what the Runner said once for the whole run: that a
// handler will not be run again after timing out, that hooks run outside
// the sandbox.
func (r *Runner) Notes() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.once...)
}

func (r *Runner) count(res Result) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch res.Status {
	case Ran:
		r.stats.Ran++
	case TimedOut, HarnessTimedOut:
		r.stats.TimedOut++
	case Failed:
		r.stats.Failed++
	case Skipped:
		why := res.Note
		if strings.HasPrefix(why, "not run again") || strings.Contains(why, "not run again, so") {
			why = "timed out too often; not run again"
		}
		if why == "" {
			why = "skipped"
		}
		r.stats.Skipped[why]++
		if strings.Contains(res.Note, "not run again, so") {
			r.once = append(r.once, fmt.Sprintf("hook %q %s", res.Handler.Name(), res.Note))
		}
	}
}

// boxer builds the process for a hook and ends everything it started.
type boxer struct {
	bwrap   string // bubblewrap's path; "" when it is not usable
	sandbox bool   // contain the hook (SandboxOn)
	seq     atomic.Int64
}

// ErrNoSandbox is why hooks are not run when the sandbox is on and
// bubblewrap cannot be used.
var ErrNoSandbox = errors.New("bubblewrap (bwrap) is not available, so hooks cannot run sandboxed; pass --hook-sandbox=off to run them as the harness would (they run real programs with your files and network)")

var (
	bwrapOnce sync.Once
	bwrapPath string
)

// Bwrap is the path of a working bubblewrap, or "" when there is none
// (not installed, or unable to make namespaces here).
func Bwrap() string {
	bwrapOnce.Do(func() {
		p, err := exec.LookPath("bwrap")
		if err != nil {
			return
		}
		// A trial run: bwrap may be installed yet unable to create
		// namespaces (a container without user namespaces).
		// The user namespace and uid are the sandbox's own (sandboxArgs).
		if exec.Command(p, "--unshare-all", "--unshare-user", "--uid", sandboxUID, "--gid", sandboxUID, "--die-with-parent", "--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev", "true").Run() == nil {
			bwrapPath = p
		}
	})
	return bwrapPath
}

func (r *Runner) boxer() (*boxer, error) {
	r.boxMu.Lock()
	defer r.boxMu.Unlock()
	if r.box == nil {
		b := &boxer{bwrap: Bwrap(), sandbox: r.lim.Sandbox != SandboxOff}
		r.box = b
		if b.sandbox && b.bwrap == "" {
			return nil, ErrNoSandbox
		}
	}
	if r.box.sandbox && r.box.bwrap == "" {
		return nil, ErrNoSandbox
	}
	return r.box, nil
}

// markerVar marks every process a hook starts (its environment is
// inherited), so the ones that escape its process group can be found.
const markerVar = "PERMSIM_HOOK_RUN"

// command builds the process for h. With bubblewrap, the hook runs as the
// child of a new PID namespace's init: when the hook exits or bubblewrap
// is killed, the kernel kills everything left in the namespace, including
// children that called setsid. Without it, the hook's process group is
// killed and reap finds the rest by the marker in their environment.
func (b *boxer) command(h Handler) (*exec.Cmd, func(), error) {
	argv, err := h.argv()
	if err != nil {
		return nil, func() {}, err
	}
	if h.Dir != "" {
		// Checked here: bubblewrap would fail on --chdir with exit 1,
		// which would read as the hook's own answer.
		if fi, err := os.Stat(h.Dir); err != nil || !fi.IsDir() {
			return nil, func() {}, fmt.Errorf("hook %s: its folder %s does not exist", h.Name(), h.Dir)
		}
	}
	marker := fmt.Sprintf("%d-%d", os.Getpid(), b.seq.Add(1))
	if b.bwrap == "" {
		cmd, err := h.command()
		if err != nil {
			return nil, func() {}, err
		}
		cmd.Env = append(cmd.Env, markerVar+"="+marker)
		return cmd, func() {}, nil
	}
	if !b.sandbox {
		args := []string{"--dev-bind", "/", "/", "--unshare-pid", "--die-with-parent", "--proc", "/proc"}
		if h.Dir != "" {
			args = append(args, "--chdir", h.Dir)
		}
		args = append(args, "--")
		cmd := exec.Command(b.bwrap, append(args, argv...)...)
		cmd.Env = append(os.Environ(), markerVar+"="+marker)
		for k, v := range h.Vars {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		return cmd, func() {}, nil
	}
	args, home := sandboxArgs(h)
	if len(h.Args) > 0 {
		// The exec form's program may live outside the bound folders.
		args = append(args, "--ro-bind", argv[0], argv[0])
	}
	args = append(args, "--setenv", markerVar, marker, "--")
	cmd := exec.Command(b.bwrap, append(args, argv...)...)
	cmd.Env = []string{"PATH=" + sandboxPath(), "HOME=" + home}
	return cmd, func() {}, nil
}

// sandboxUID is the user and group a sandboxed hook runs as: nobody, in
// bubblewrap's user namespace, with no capabilities. Run as root, a hook
// was root in the sandbox too and read /etc/shadow (issue 27). Outside,
// the namespace's nobody is still the caller (bubblewrap maps the sandbox
// uid to the caller's), so what keeps root's files from such a hook is
// that they are not in its file system at all (systemDirs, systemEtc) and
// that what is there is read-only.
const sandboxUID = "65534"

// systemDirs are the system's folders a sandboxed hook sees, read-only:
// its programs and their libraries. A link (/bin → usr/bin on a merged
// /usr) is made as the same link.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt"}

// systemEtc are the files of /etc that programs need to start and to name
// users, hosts and time (the loader's cache, passwd and group for id and
// whoami, certificates, the time zone, alternatives' links); the rest of
// /etc — shadow, gshadow, sudoers, ssh host keys, credentials — is not
// there.
var systemEtc = []string{
	"passwd", "group", "nsswitch.conf", "hosts", "host.conf", "resolv.conf", "localtime", "timezone",
	"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "ssl/certs", "ca-certificates",
	"ca-certificates.conf", "pki/tls/certs", "mime.types", "os-release", "protocols", "services",
	"profile", "bash.bashrc", "environment", "inputrc", "magic", "locale.alias", "locale.conf",
	"gitconfig", "python3", "perl",
}

// sandboxArgs are bubblewrap's arguments for a contained hook and the home
// folder it sees (empty, writable, thrown away). The hook sees the
// system's programs (systemDirs, systemEtc), its project and the folders
// the simulator names, read-only, and nothing else of the machine: no
// other home, no /root, no /etc/shadow; it runs as nobody in its own user
// namespace.
func sandboxArgs(h Handler) ([]string, string) {
	home := h.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	args := []string{
		"--unshare-all", // network, PID, IPC, UTS, cgroup and user namespaces
		"--unshare-user", "--uid", sandboxUID, "--gid", sandboxUID,
		"--die-with-parent", "--new-session",
	}
	for _, d := range systemDirs {
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if target, err := os.Readlink(d); err == nil {
				args = append(args, "--symlink", target, d)
			}
		case fi.IsDir():
			args = append(args, "--ro-bind", d, d)
		}
	}
	for _, f := range systemEtc {
		p := filepath.Join("/etc", f)
		args = append(args, "--ro-bind-try", p, p)
	}
	args = append(args,
		"--dev", "/dev", "--proc", "/proc",
		"--tmpfs", "/tmp",
	)
	// The homes are empty, writable folders: the user's secrets are not
	// the hook's to read, and what it writes there goes.
	hidden := map[string]bool{}
	for _, d := range []string{userHome(), home} {
		if d != "" && d != "/" && !hidden[d] && !under("/tmp", d) {
			hidden[d] = true
		}
	}
	if home != "" && home != "/" {
		if under("/tmp", home) {
			args = append(args, "--dir", home)
		} else {
			args = append(args, "--tmpfs", home)
		}
	}
	// Then the folders the hook needs to read come back, read-only: the
	// project (hooks are its scripts) and what the simulator names.
	// A folder that holds a hidden home (a hook that runs in the home
	// folder itself) is not bound: that would show the home again.
binds:
	for _, d := range append([]string{h.Dir}, h.ReadOnly...) {
		if d == "" {
			continue
		}
		d = filepath.Clean(d)
		for hd := range hidden {
			if under(d, hd) {
				continue binds
			}
		}
		if _, err := os.Stat(d); err == nil {
			args = append(args, "--ro-bind", d, d)
		}
	}
	if h.Dir != "" {
		args = append(args, "--chdir", h.Dir)
	}
	args = append(args, "--clearenv",
		"--setenv", "PATH", sandboxPath(),
		"--setenv", "HOME", home,
		"--setenv", "TMPDIR", "/tmp",
		"--setenv", "LANG", "C.UTF-8")
	keys := slices.Sorted(maps.Keys(h.Vars))
	for _, k := range keys {
		args = append(args, "--setenv", k, h.Vars[k])
	}
	return args, home
}

func userHome() string {
	d, _ := os.UserHomeDir()
	return filepath.Clean(d)
}

// under reports whether p is dir or inside it.
func under(dir, p string) bool {
	p = filepath.Clean(p)
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// sandboxPath is the PATH a sandboxed hook gets: the user's, so the tools a
// hook calls (jq, python3) are found where they are installed.
func sandboxPath() string {
	if p := os.Getenv("PATH"); p != "" {
		return p
	}
	return "/usr/local/bin:/usr/bin:/bin"
}

// reap ends whatever the hook started and is still running.
func (b *boxer) reap(cmd *exec.Cmd) {
	killGroup(cmd)
	if b.bwrap == "" && cmd.Env != nil {
		for _, kv := range cmd.Env {
			if strings.HasPrefix(kv, markerVar+"=") {
				killMarked(kv)
			}
		}
	}
}
