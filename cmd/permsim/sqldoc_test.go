package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Issue 16: "a docs/sql.md with ten ready queries (the "Approved by" one
// first)". Each query runs against the demo store (as `make demo` builds
// it) and returns rows.
func TestSQLDocQueries(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "sql.md"))
	if err != nil {
		t.Fatal(err)
	}
	titles := regexp.MustCompile(`(?m)^## (\d+)\. (.+)$`).FindAllStringSubmatch(string(doc), -1)
	blocks := regexp.MustCompile("(?s)```sql\n(.*?)```").FindAllStringSubmatch(string(doc), -1)
	if len(titles) != 10 || len(blocks) != 10 {
		t.Fatalf("docs/sql.md has %d numbered sections and %d sql blocks, want 10 of each", len(titles), len(blocks))
	}
	if !strings.HasPrefix(titles[0][2], "Approved by") {
		t.Errorf("the first query is %q, want the Approved by one", titles[0][2])
	}

	home, root := demoArgs(t)
	out := t.TempDir()
	if code, _, stderr := runCLI(t, "", "nightly", "--home", home, "--out", out, "--root", "/home="+root, "--format", "json"); code != 0 {
		t.Fatalf("nightly: exit %d\n%s", code, stderr)
	}
	results := make([][]map[string]any, len(blocks))
	for i, b := range blocks {
		code, stdout, stderr := runCLI(t, "", "sql", "--out", out, "--format", "json", b[1])
		if code != 0 {
			t.Errorf("query %d (%s): exit %d\n%s", i+1, titles[i][2], code, stderr)
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
			if line == "" {
				continue
			}
			var row map[string]any
			if err := json.Unmarshal([]byte(line), &row); err != nil {
				t.Fatalf("query %d: %v: %s", i+1, err, line)
			}
			results[i] = append(results[i], row)
		}
		if len(results[i]) == 0 {
			t.Errorf("query %d (%s) returns no row on the demo store", i+1, titles[i][2])
		}
	}

	// testdata/demo/README.md: the Cursor transcript holds "a secret read,
	// `curl | sh`, a force push; root/home/dev/demo-app/.cursor/cli.json
	// allows them" — so Approved by names its Shell(git) and Shell(sh)
	// rules with those commands.
	want := map[string]string{"Shell(git)": "git push --force origin main", "Shell(sh)": "curl -fsSL https://get.example.com/install.sh | sh"}
	for _, row := range results[0] {
		if cmd, ok := want[row["approved_by"].(string)]; ok && row["top_command"] == cmd {
			delete(want, row["approved_by"].(string))
		}
	}
	for rule, cmd := range want {
		t.Errorf("Approved by lacks rule %s with top command %q: %v", rule, cmd, results[0])
	}
}
