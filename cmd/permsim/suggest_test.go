package main

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/permsim/permsim/ingest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/permsim/permsim/suggest"
)

// permsim suggest on the demo store proposes rules the re-simulation
// confirms: every risky call of Claude Code, Cursor and OpenCode in the
// demo is stopped, and Claude Code's secret reads (the Read tool and cat
// on .env in two projects) are covered by one Read(./.env) rule — "`./`
// from the project" and "Read rules cover … cat" (seed, Claude Code, File
// paths).
func TestSuggestDemo(t *testing.T) {
	home, root := demoArgs(t)
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "", "nightly", "--home", home, "--out", out, "--root", "/home="+root); code != 0 {
		t.Fatalf("nightly: exit %d\n%s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "", "suggest", "--out", out, "--root", "/home="+root, "--format", "json")
	if code != 0 {
		t.Fatalf("suggest: exit %d\n%s", code, stderr)
	}
	var res suggest.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("suggest --format json: %v\n%s", err, stdout)
	}
	if res.Risky == 0 {
		t.Fatalf("the demo has risky calls (its report's Approved by section), suggest found none:\n%s", stdout)
	}
	seen := map[string]bool{}
	for _, h := range res.Harnesses {
		seen[h.Harness] = true
		if h.Stopped != h.Risky || len(h.Unstopped) != 0 {
			t.Errorf("%s: stopped %d of %d risky calls; unstopped %v", h.Harness, h.Stopped, h.Risky, h.Unstopped)
		}
		if !strings.HasPrefix(h.Label, "simulated") {
			t.Errorf("%s: label %q does not say the result is simulated", h.Harness, h.Label)
		}
		if h.Harness == "claude-code" {
			var rules []string
			for _, r := range h.Rules {
				rules = append(rules, r.Rule)
			}
			// The secret file wherever it is (issue 30: a rule on the
			// risk, not on one user's folder).
			if !slices.Contains(rules, "Read(**/.env)") {
				t.Errorf("claude-code rules %q lack Read(**/.env)", rules)
			}
		}
	}
	for _, h := range []string{"claude-code", "cursor", "opencode"} {
		if !seen[h] {
			t.Errorf("no suggestion for %s, whose demo calls include risky ones", h)
		}
	}
	code, stdout, _ = runCLI(t, "", "suggest", "--out", out, "--root", "/home="+root)
	if code != 0 || !strings.Contains(stdout, "Checked by re-simulating") || !strings.Contains(stdout, "permissions.deny") {
		t.Errorf("text output: exit %d\n%s", code, stdout)
	}
}

// suggest --battery: the risky calls are the battery's misses for one
// project. The demo project my_app.v2 commits Bash(npm:*), which lets
// `npm publish --access public` run once the folder is trusted (its
// audit's high finding); "Deny rules, from any layer" come first (seed,
// Claude Code, step 2), so a deny rule stops it, and the re-simulation
// must show that.
func TestSuggestBattery(t *testing.T) {
	home, root := demoArgs(t)
	project := filepath.Join(root, "dev", "my_app.v2")
	code, stdout, stderr := runCLI(t, "", "suggest", "--battery", "--project", project, "--home", home, "--harness", "claude",
		"--trust", "yes", "--out", filepath.Join(t.TempDir(), "none"), "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	var res suggest.Result
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Harnesses) != 1 || res.Harnesses[0].Harness != "claude-code" {
		t.Fatalf("want one Claude Code suggestion, got %+v", res.Harnesses)
	}
	h := res.Harnesses[0]
	if h.Risky == 0 || h.Stopped+len(h.Unstopped) != h.Risky || len(h.Rules) == 0 {
		t.Errorf("risky %d stopped %d unstopped %d rules %d", h.Risky, h.Stopped, len(h.Unstopped), len(h.Rules))
	}
	for _, c := range h.Unstopped {
		if strings.HasPrefix(c.Command, "npm publish") {
			t.Errorf("npm publish is not stopped: %+v", c)
		}
	}
	found := false
	for _, r := range h.Rules {
		found = found || strings.HasPrefix(r.Rule, "Bash(npm ")
	}
	if !found {
		t.Errorf("no Bash(npm …) deny rule among %d rules", len(h.Rules))
	}
}

// TestSuggestTimeout: issue 27, "suggest … ran > 10 min … bounded time
// (--timeout)": a run past its --timeout stops with exit 2 and says so.
func TestSuggestTimeout(t *testing.T) {
	out, home := signalStore(t, 2000)
	code, _, stderr := runCLI(t, "", "suggest", "--out", out, "--user-home", home, "--timeout", "1ns")
	if code != 2 || !strings.Contains(stderr, "stopped after --timeout 1ns") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 and the timeout named", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "suggest", "--out", out, "--user-home", home, "--timeout", "-1s"); code != 2 || !strings.Contains(stderr, "--timeout") {
		t.Errorf("a negative --timeout: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestSuggestProgressLines: suggest's progress is the "<stage>:
// <done>/<total> <unit>" line the terminal's bar draws, and ends each
// harness with a newline.
func TestSuggestProgressLines(t *testing.T) {
	var b strings.Builder
	p := suggestProgress(&b)
	p("claude-code", 0, 1200)
	p("claude-code", 1200, 1200)
	lines := strings.FieldsFunc(b.String(), func(r rune) bool { return r == '\r' || r == '\n' })
	if len(lines) != 2 || !strings.HasSuffix(b.String(), "\n") {
		t.Fatalf("progress %q: want two lines, the last ended", b.String())
	}
	for _, l := range lines {
		if !progressLine.MatchString(l) {
			t.Errorf("progress line %q is not the bar's form", l)
		}
	}
	if lines[1] != "suggest: 1,200/1,200 rules, claude-code" {
		t.Errorf("last line %q", lines[1])
	}
	if suggestProgress(nil) != nil {
		t.Error("progress without a writer (not a terminal) is not nil")
	}
}

// TestSuggestReadStopsOnCancel: reading a store's calls (seconds for
// 500,000) stops when the run is cancelled, as Ctrl-C must be honoured
// within a second: no call is handed on after.
func TestSuggestReadStopsOnCancel(t *testing.T) {
	out, _ := signalStore(t, 3000)
	count := func(ctx context.Context) (int, error) {
		n := 0
		scan, _, err := scanStore(ctx, out)
		if err != nil {
			return 0, err
		}
		err = storeSource(ctx, out, scan, nil)(func(*ingest.Row) error { n++; return nil })
		return n, err
	}
	if n, err := count(context.Background()); err != nil || n < 2000 {
		t.Fatalf("not cancelled: %d calls, %v", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := count(ctx); !errors.Is(err, context.Canceled) || n > 0 {
		t.Errorf("cancelled: %d calls, %v; want none and context.Canceled", n, err)
	}
}
