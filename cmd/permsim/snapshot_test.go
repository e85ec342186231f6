package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestSnapshotReplayFile is issue 31's central replay against each host's
// settings snapshot: two hosts whose calls name the same project folder
// and home, with different settings (host a's project allows Bash(rm:*),
// host b's denies it, and host b's user settings only set the mode), each
// replay locally and push to a file:// bucket. The test then removes the
// project and home (the central machine has neither), pulls into fresh
// caches and replays there, in one run and in 2 shards: every call's
// outcome, mode, rule and rule file (the host's path, not the cache's)
// equal the host's own.
func TestSnapshotReplayFile(t *testing.T) {
	snapshotReplay(t, "file://"+t.TempDir(), nil)
}

// snapshotReplay is TestSnapshotReplayFile's scenario against the bucket
// at where (endpoint: its extra flags).
func snapshotReplay(t *testing.T, where string, endpoint []string) {
	work := t.TempDir()
	home := filepath.Join(work, "home", "dev")
	proj := filepath.Join(home, "proj")
	projSettings := filepath.Join(proj, ".claude", "settings.json")
	userSettings := filepath.Join(home, ".claude", "settings.json")
	hosts := []struct {
		id, project, user string
	}{
		{"laptop-a", `{"permissions":{"allow":["Bash(rm:*)"]}}`, ""},
		{"laptop-b", `{"permissions":{"deny":["Bash(rm:*)"]}}`, `{"permissions":{"defaultMode":"acceptEdits"}}`},
	}
	// Every column of the decisions (rule_file and policy_hash included),
	// and the rules tables.
	queries := []string{"SELECT * FROM decisions ORDER BY ALL", "SELECT * FROM rules ORDER BY ALL"}
	rowsOf := func(store, q string) []string {
		out := strings.Split(strings.TrimSpace(mustRun(t, "sql", "--out", store, "--format", "csv", q)), "\n")
		return out[1:]
	}
	// Each host's home is the same folder: ingest records it as the home
	// of its calls, whose user settings apply.
	t.Setenv("HOME", home)
	want := make([][]string, len(queries))
	for _, h := range hosts {
		os.RemoveAll(filepath.Join(work, "home"))
		writeFileT(t, projSettings, h.project)
		if h.user != "" {
			writeFileT(t, userSettings, h.user)
		}
		// Calls in no recorded mode: the settings' mode decides the write.
		var lines []map[string]any
		t0 := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		for i, c := range []map[string]any{
			{"tool": "bash", "raw_tool": "Bash", "command": "rm -rf build"},
			{"tool": "bash", "raw_tool": "Bash", "command": "rm notes.txt"},
			{"tool": "write", "raw_tool": "Write", "paths": []string{filepath.Join(proj, "notes.txt")},
				"input_json": map[string]any{"file_path": filepath.Join(proj, "notes.txt"), "content": "x"}},
		} {
			c["harness"], c["session_id"], c["call_id"] = "claude-code", h.id+"-s1", fmt.Sprintf("c%d", i)
			c["project_dir"], c["cwd"], c["result"] = proj, proj, "ok"
			c["ts"] = t0.Add(time.Duration(i) * time.Minute).Format(time.RFC3339)
			lines = append(lines, c)
		}
		calls := filepath.Join(work, h.id+".jsonl")
		writeJSONL(t, calls, lines)
		store := filepath.Join(work, "store-"+h.id)
		mustRun(t, "ingest", "--format", "permsim-jsonl", calls, "--out", store, "--quiet")
		mustRun(t, "replay", "--out", store, "--quiet")
		for i, q := range queries {
			want[i] = append(want[i], rowsOf(store, q)...)
		}
		mustRun(t, append(append([]string{"push", "--to", where}, endpoint...), "--host", h.id, "--out", store)...)
	}
	// The hosts decided differently (else the test proves nothing): host
	// a's rule allows rm, host b's denies it, and host b's user settings
	// select acceptEdits.
	local := rowsOf(filepath.Join(work, "store-laptop-a"), "SELECT outcome, rule_file FROM decisions WHERE command = 'rm notes.txt'")
	local = append(local, rowsOf(filepath.Join(work, "store-laptop-b"), "SELECT outcome, rule_file FROM decisions WHERE command = 'rm notes.txt'")...)
	local = append(local, rowsOf(filepath.Join(work, "store-laptop-b"), "SELECT DISTINCT mode FROM decisions")...)
	if w := []string{"runs," + projSettings, "blocked," + projSettings, "acceptEdits"}; strings.Join(local, "\n") != strings.Join(w, "\n") {
		t.Fatalf("the hosts' local decisions are not the ones the test is built on:\n%s\nwant:\n%s", strings.Join(local, "\n"), strings.Join(w, "\n"))
	}
	for i := range want {
		sort.Strings(want[i])
	}
	// The central machine has no project and no home.
	if err := os.RemoveAll(filepath.Join(work, "home")); err != nil {
		t.Fatal(err)
	}
	centralHome := filepath.Join(work, "central-home")
	os.MkdirAll(centralHome, 0o755)
	t.Setenv("HOME", centralHome)
	for _, shards := range []int{0, 2} {
		cache := filepath.Join(work, fmt.Sprintf("cache-%d", shards))
		mustRun(t, append(append([]string{"pull", "--from", where}, endpoint...), "--out", cache)...)
		if shards == 0 {
			mustRun(t, "replay", "--out", cache, "--quiet")
		}
		for k := range shards {
			mustRun(t, "replay", "--out", cache, "--quiet", "--shard", fmt.Sprintf("%d/%d", k, shards))
		}
		for i, q := range queries {
			got := rowsOf(cache, q)
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(want[i], "\n") {
				t.Errorf("%s: central replay (%d shards) of the pulled calls:\n%s\nwant each host's own:\n%s",
					q, shards, strings.Join(got, "\n"), strings.Join(want[i], "\n"))
			}
		}
	}
}
