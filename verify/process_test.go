package verify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestEnviron(t *testing.T) {
	// The harness's own variables add to the shared ones, the case's win
	// over both, and the result is sorted (a stable environment for the
	// recorded runs).
	env := Environ(Case{Env: map[string]string{"NO_COLOR": "0", "EXTRA": "x"}}, map[string]string{"NO_COLOR": "1", "HOME": "/elsewhere"})
	got := strings.Join(env, " ")
	for _, want := range []string{"EXTRA=x", "NO_COLOR=0", "HOME=/elsewhere", "npm_config_offline=true", "PATH=/usr/local/bin:/usr/bin:/bin"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("environment %q lacks %s", got, want)
		}
	}
	for i := 1; i < len(env); i++ {
		if env[i-1] > env[i] {
			t.Errorf("not sorted: %q before %q", env[i-1], env[i])
		}
	}
}

func TestVersion(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "h")
	os.WriteFile(bin, []byte("#!/bin/sh\necho ' 1.2.3 '\n"), 0o755)
	if v := Version(bin, "h "); v != "h 1.2.3" {
		t.Errorf("Version = %q, want %q", v, "h 1.2.3")
	}
	if v := Version(filepath.Join(dir, "missing"), "h "); v != "" {
		t.Errorf("Version of a missing binary = %q, want empty", v)
	}
}

func TestProcessRPC(t *testing.T) {
	// A stand-in server: answers the first request, complains on stderr,
	// sends a notification and ends.
	ctl := t.TempDir()
	script := `read line; echo '{"id":1,"result":{"ok":true}}'; echo oops >&2; echo '{"method":"bye"}'`
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := startIn(ctx, t.TempDir(), "sh", []string{"-c", script}, []string{"PATH=/usr/bin:/bin"}, ctl, "h.stderr")
	if err != nil {
		t.Fatal(err)
	}
	notes := make(chan string, 1)
	ended := make(chan struct{})
	r := p.RPC("rpc.jsonl", func(c *RPCClient) {
		c.OnNotify = func(m RPCMessage) { notes <- m.Method }
	}, func() { close(ended) })
	res, err := r.Call(ctx, "initialize", map[string]any{})
	if err != nil || string(res) != `{"ok":true}` {
		t.Fatalf("Call = %s, %v; want the server's answer", res, err)
	}
	if m := <-notes; m != "bye" {
		t.Errorf("notification %q, want bye", m)
	}
	<-ended
	p.Stop()
	if b, _ := os.ReadFile(filepath.Join(ctl, "h.stderr")); strings.TrimSpace(string(b)) != "oops" {
		t.Errorf("stderr log %q, want oops", b)
	}
	b, _ := os.ReadFile(filepath.Join(ctl, "rpc.jsonl"))
	if !strings.Contains(string(b), ` > {"id":1,"method":"initialize"`) || !strings.Contains(string(b), ` < {"id":1,"result"`) {
		t.Errorf("record %q lacks the request or the answer", b)
	}
}

func TestStartMissingBinary(t *testing.T) {
	_, err := startIn(context.Background(), t.TempDir(), filepath.Join(t.TempDir(), "nope"), nil, nil, t.TempDir(), "x.stderr")
	if err == nil || !strings.Contains(err.Error(), "starting ") {
		t.Errorf("Start of a missing binary: %v, want an error naming it", err)
	}
}

func TestBindIfHidden(t *testing.T) {
	// The sandbox replaces /home, /tmp, /var/tmp and /run (sandbox.go):
	// an install there must be bound; one under /usr is seen anyway.
	if got := BindIfHidden(2)("/home/u/.npm/lib/gemini-cli/dist/index.js"); len(got) != 1 || got[0] != "/home/u/.npm/lib/gemini-cli" {
		t.Errorf("BindIfHidden(2) under /home = %v", got)
	}
	if got := BindIfHidden(1)("/usr/lib/node_modules/@openai/codex/bin/codex"); got != nil {
		t.Errorf("BindIfHidden(1) under /usr = %v, want nothing", got)
	}
}

func TestWriteFilesAndLinks(t *testing.T) {
	base := t.TempDir()
	if err := WriteFiles(base, map[string]string{"a/run.sh": "#!/bin/sh\n", "b.txt": "x"}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(base, "a/run.sh")); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Errorf("a script is written executable: %v %v", st, err)
	}
	if err := WriteSymlinks(base, map[string]string{"l/to-b": "../b.txt"}); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(base, "l/to-b")); err != nil || string(b) != "x" {
		t.Errorf("link reads %q, %v; want the target's x", b, err)
	}
	for _, bad := range []string{"../out", "/etc/passwd"} {
		if err := WriteFiles(base, map[string]string{bad: "x"}); err == nil || !strings.Contains(err.Error(), "file path") {
			t.Errorf("WriteFiles(%q): %v, want a refusal", bad, err)
		}
		if err := WriteSymlinks(base, map[string]string{bad: "x"}); err == nil || !strings.Contains(err.Error(), "symlink path") {
			t.Errorf("WriteSymlinks(%q): %v, want a refusal", bad, err)
		}
	}
}
