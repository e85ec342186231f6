package danger

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// everydayCalls reads testdata/danger/everyday.txt: one shell command per
// line ("\n" stands for a line break inside a command), or "read: PATH",
// "edit: PATH", "write: PATH", "grep: PATH" for file tools.
func everydayCalls(t *testing.T) (calls []engine.Call, lines []string) {
	t.Helper()
	f, err := os.Open("../../testdata/danger/everyday.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tools := map[string]engine.Tool{"read": engine.ToolRead, "edit": engine.ToolEdit, "write": engine.ToolWrite, "grep": engine.ToolGrep}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if name, p, ok := strings.Cut(line, ": "); ok && tools[name] != "" && !strings.Contains(name, " ") {
			calls = append(calls, engine.Call{Tool: tools[name], Paths: []string{shell.Resolve(p, proj, home)}})
		} else {
			calls = append(calls, bash(strings.ReplaceAll(line, `\n`, "\n")))
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return calls, lines
}

// Issue #6, done when: "another runs ≥ 200 everyday commands (builds,
// tests, reads, git status/log/diff) that must not be marked".
func TestEveryday(t *testing.T) {
	calls, lines := everydayCalls(t)
	if len(calls) < 200 {
		t.Fatalf("only %d everyday calls; the issue asks for at least 200", len(calls))
	}
	marked := 0
	for i, c := range calls {
		if got := Check(c, proj, home); len(got) > 0 {
			marked++
			t.Errorf("everyday %q marked %v", lines[i], got)
		}
	}
	t.Logf("%d everyday calls, %d marked dangerous", len(calls), marked)
}
