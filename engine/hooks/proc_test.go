package hooks

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// liveWith lists the processes whose command line holds tag: what a hook
// left behind.
func liveWith(t *testing.T, tag string) []string {
	t.Helper()
	ents, err := os.ReadDir("/proc")
	if err != nil {
		t.Skip("no /proc to read the process table from")
	}
	var out []string
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil {
			// A zombie has ended; only its parent's wait is missing.
			if f := strings.Fields(string(stat)); len(f) > 2 && f[2] == "Z" {
				continue
			}
		}
		if cl := strings.ReplaceAll(string(b), "\x00", " "); strings.Contains(cl, tag) {
			out = append(out, e.Name()+": "+cl)
		}
	}
	return out
}

// runners returns the ways hooks can be contained here: in the sandbox,
// outside it with bubblewrap's PID namespace, and with neither (process
// group plus the environment marker).
func runners(t *testing.T, l Limits) map[string]*Runner {
	out := map[string]*Runner{}
	if Bwrap() != "" {
		on := l
		on.Sandbox = SandboxOn
		out["sandbox on"] = NewRunner(on)
		off := l
		off.Sandbox = SandboxOff
		out["sandbox off, bubblewrap PID namespace"] = NewRunner(off)
	}
	bare := l
	bare.Sandbox = SandboxOff
	r := NewRunner(bare)
	r.box = &boxer{} // as on a machine without bubblewrap
	out["no bubblewrap"] = r
	return out
}

// The issue's done-when: "A hook that sleeps forever, floods output, forks
// a child that keeps running, or detaches one with setsid is stopped within
// the limit in every harness, leaving no process behind (the test checks
// the process table)".
func TestNoProcessLeftBehind(t *testing.T) {
	cases := []struct {
		name, script string
		want         Status
	}{
		{"sleeps forever", "sleep %d", TimedOut},
		{"floods output", "yes flood-%d", TimedOut},
		{"forks a child that keeps running and exits", "sleep %d & echo started", Ran},
		{"forks a child that keeps running, output closed", "sleep %d >/dev/null 2>&1 </dev/null & echo started", Ran},
		{"detaches a child with setsid and exits", "setsid sleep %d >/dev/null 2>&1 </dev/null & sleep 0.2; echo started", Ran},
		{"detaches a child with setsid and hangs", "setsid sleep %d >/dev/null 2>&1 </dev/null & sleep 1000", TimedOut},
	}
	n := 7300000 + os.Getpid()%1000*100
	for _, c := range cases {
		// A hook that should finish gets room to, on a loaded machine; one
		// that hangs is cut at 700 ms.
		limit := 5 * time.Second
		if c.want == TimedOut {
			limit = 700 * time.Millisecond
		}
		for mode, r := range runners(t, Limits{Timeout: limit, MaxOutput: 4096}) {
			n++
			t.Run(mode+"/"+c.name, func(t *testing.T) {
				tag := fmt.Sprint(n)
				start := time.Now()
				res := r.Run(context.Background(), Handler{Command: fmt.Sprintf(c.script, n), Timeout: time.Hour}, nil)
				if res.Status != c.want {
					t.Fatalf("status %s (%v; %s; stderr %q), want %s", res.Status, res.Err, res.Note, res.Stderr, c.want)
				}
				if el := time.Since(start); el > limit+3*time.Second {
					t.Errorf("took %s, the limit is %s", el, limit)
				}
				// The kill is sent before Run returns; give the kernel a
				// moment to tear the processes down.
				var left []string
				for i := 0; i < 20; i++ {
					if left = liveWith(t, tag); len(left) == 0 {
						break
					}
					time.Sleep(50 * time.Millisecond)
				}
				if len(left) > 0 {
					t.Errorf("left behind: %v", left)
				}
			})
		}
	}
}

// "no rerun after two timeouts — fix the race seen with several workers
// where a hook ran a third time after two timeouts".
func TestNoThirdRunAfterTwoTimeouts(t *testing.T) {
	r := NewRunner(Limits{Timeout: 300 * time.Millisecond, Workers: 2, Sandbox: SandboxOff})
	r.box = &boxer{}
	hang := Handler{Command: "sleep 30"}
	var wg sync.WaitGroup
	results := make([]Result, 3)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = r.Run(context.Background(), hang, nil)
		}()
	}
	wg.Wait()
	var timedOut, skipped int
	for _, res := range results {
		switch res.Status {
		case TimedOut:
			timedOut++
		case Skipped:
			skipped++
		}
	}
	if timedOut != 2 || skipped != 1 {
		t.Errorf("%d timed out and %d skipped of 3 calls with 2 workers; want 2 and 1 (the third waited for a worker and must not run after two timeouts)", timedOut, skipped)
	}
}

// "after two timeouts say so once, rather than turning every later call
// into unknown without a word".
func TestTimeoutNoteSaidOnce(t *testing.T) {
	r := NewRunner(Limits{Timeout: 200 * time.Millisecond, Sandbox: SandboxOff})
	hang := Handler{Command: "sleep 30"}
	for i := 0; i < 6; i++ {
		r.Run(context.Background(), hang, nil)
	}
	notes := r.Notes()
	if len(notes) != 1 || !strings.Contains(notes[0], "not run again") || !strings.Contains(notes[0], "unknown") {
		t.Errorf("notes %q; want one note saying the hook is not run again and its calls are unknown", notes)
	}
	st := r.Stats()
	if st.TimedOut != 2 || st.Skipped["timed out too often; not run again"] != 4 {
		t.Errorf("stats %+v; want 2 timed out and 4 skipped for timing out", st)
	}
	if s := st.Summary(); !strings.Contains(s, "2 timed out") || !strings.Contains(s, "4 skipped") {
		t.Errorf("summary %q", s)
	}
}

// The issue, Containment: "Where bubblewrap is available, hooks run inside
// it by default (project read-only, throwaway home and temp, no network,
// only the environment the harness documents)" and its done-when: "a
// sandboxed hook that tries to write outside its throwaway folders or reach
// the network fails (the test shows it)".
func TestSandboxContains(t *testing.T) {
	if Bwrap() == "" {
		t.Skip("bubblewrap is not available here")
	}
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	for _, d := range []string{proj, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	outside, err := os.MkdirTemp("/var/tmp", "permsim-hook-")
	if err != nil {
		t.Skip("no /var/tmp to test writes outside the throwaway folders")
	}
	defer os.RemoveAll(outside)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var mu sync.Mutex
	connected := false
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			connected = true
			mu.Unlock()
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	t.Setenv("PERMSIM_TEST_SECRET", "hunter2")

	r := NewRunner(Limits{Timeout: 5 * time.Second})
	vars := map[string]string{"CLAUDE_PROJECT_DIR": proj}
	run := func(script string) Result {
		t.Helper()
		res := r.Run(context.Background(), Handler{Command: script, Shell: "bash", Dir: proj, Home: home, Vars: vars}, nil)
		if res.Status != Ran {
			t.Fatalf("%q: status %s (%v, %s)", script, res.Status, res.Err, res.Note)
		}
		return res
	}
	cases := []struct {
		name, script string
		fails        bool
	}{
		{"write into the project", "echo x > " + filepath.Join(proj, "written"), true},
		{"write outside the throwaway folders", "echo x > " + filepath.Join(outside, "written"), true},
		{"reach the network", fmt.Sprintf("exec 3<>/dev/tcp/127.0.0.1/%d", port), true},
		{"write in the throwaway home", "echo x > \"$HOME/written\" && test -s \"$HOME/written\"", false},
		{"write in the throwaway temp folder", "echo x > /tmp/written && test -s /tmp/written", false},
		{"read the project", "test -d " + proj, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := run(c.script)
			if (res.ExitCode != 0) != c.fails {
				t.Errorf("exit %d (stderr %q); want failure %v", res.ExitCode, res.Stderr, c.fails)
			}
		})
	}
	for _, p := range []string{filepath.Join(proj, "written"), filepath.Join(outside, "written"), filepath.Join(home, "written")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists after the run: the sandbox let a write through", p)
		}
	}
	mu.Lock()
	if connected {
		t.Error("the listener outside the sandbox got a connection")
	}
	mu.Unlock()
	res := run("env")
	if strings.Contains(res.Stdout, "hunter2") {
		t.Error("the sandboxed hook saw the tester's environment")
	}
	if !strings.Contains(res.Stdout, "CLAUDE_PROJECT_DIR="+proj) || !strings.Contains(res.Stdout, "HOME="+home) {
		t.Errorf("the sandboxed hook lacks the harness's documented environment:\n%s", res.Stdout)
	}
}

// "without bubblewrap, say so and require --hook-sandbox=off to run hooks
// at all".
func TestNoBubblewrapNeedsSandboxOff(t *testing.T) {
	r := NewRunner(Limits{})
	r.box = &boxer{sandbox: true} // on, but no bubblewrap
	res := r.Run(context.Background(), Handler{Command: "true"}, nil)
	if res.Status != Skipped || !strings.Contains(res.Note, "--hook-sandbox=off") {
		t.Errorf("without bubblewrap: %s (%q); want skipped naming --hook-sandbox=off", res.Status, res.Note)
	}
	off := NewRunner(Limits{Sandbox: SandboxOff})
	off.box = &boxer{}
	if res := off.Run(context.Background(), Handler{Command: "true"}, nil); res.Status != Ran {
		t.Errorf("with --hook-sandbox=off: %s, want ran", res.Status)
	}
}

// A hook that runs in the home folder itself (a user-layer hook) sees the
// throwaway home, not the user's files.
func TestSandboxHomeAsDir(t *testing.T) {
	if Bwrap() == "" {
		t.Skip("bubblewrap is not available here")
	}
	home, err := os.MkdirTemp("/var/tmp", "permsim-home-")
	if err != nil {
		t.Skip("no /var/tmp")
	}
	defer os.RemoveAll(home)
	if err := os.WriteFile(filepath.Join(home, "secret"), []byte("hunter2"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := NewRunner(Limits{Timeout: 5 * time.Second})
	res := r.Run(context.Background(), Handler{Command: "cat secret; pwd", Dir: home, Home: home}, nil)
	if res.Status != Ran || strings.Contains(res.Stdout, "hunter2") {
		t.Errorf("%s: stdout %q; the home's files must stay hidden", res.Status, res.Stdout)
	}
}

// Issue 27: "A sandboxed hook run as root reads /etc/shadow and the first
// line of its stderr goes into decisions.reason and the report. Run hooks
// under an unprivileged uid inside the sandbox, with only the project, a
// throwaway home and the system's read-only binaries visible." The tests
// run as root here and in CI; run as another user, the files the hook
// must not see are still not there.
func TestSandboxUnprivilegedAndNarrow(t *testing.T) {
	if Bwrap() == "" {
		t.Skip("bubblewrap is not available here")
	}
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj")
	home := filepath.Join(dir, "home")
	for _, d := range []string{proj, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(proj, "hook.sh"), []byte("#!/bin/sh\necho project-readable\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Another home than the hook's and the tester's: a user's files.
	other, err := os.MkdirTemp("/var/tmp", "permsim-other-home-")
	if err != nil {
		t.Skip("no /var/tmp")
	}
	defer os.RemoveAll(other)
	if err := os.WriteFile(filepath.Join(other, "notes"), []byte("hunter2"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := NewRunner(Limits{Timeout: 10 * time.Second})
	run := func(script string) Result {
		t.Helper()
		res := r.Run(context.Background(), Handler{Command: script, Shell: "bash", Dir: proj, Home: home}, nil)
		if res.Status != Ran {
			t.Fatalf("%q: status %s (%v, %s)", script, res.Status, res.Err, res.Note)
		}
		return res
	}
	cases := []struct {
		name, script string
		fails        bool
	}{
		{"read /etc/shadow", "cat /etc/shadow", true},
		{"list /root", "ls /root", true},
		{"read another folder of the machine", "cat " + filepath.Join(other, "notes"), true},
		{"see no other home", `test -z "$(ls -A /home 2>/dev/null)"`, false},
		{"run as a uid other than root", `test "$(id -u)" != 0 && test "$(id -g)" != 0`, false},
		{"run the system's programs", "sh -c true && /usr/bin/env true && /bin/true && { ! command -v python3 >/dev/null || python3 -c 1; }", false},
		{"read the project", "./hook.sh | grep -q project-readable", false},
		{"write in the throwaway home", `echo x > "$HOME/w" && test -s "$HOME/w"`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := run(c.script)
			if (res.ExitCode != 0) != c.fails {
				t.Errorf("exit %d (stdout %q, stderr %q); want failure %v", res.ExitCode, res.Stdout, res.Stderr, c.fails)
			}
			if strings.Contains(res.Stdout, "root:") || strings.Contains(res.Stdout, "hunter2") {
				t.Errorf("the hook read what it must not see: %q", res.Stdout)
			}
		})
	}
}
