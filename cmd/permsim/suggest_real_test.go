package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// userSpecificPath matches what only one user's machine has: a home
// folder's path, a temporary folder, one run's dated scratch folder.
var userSpecificPath = regexp.MustCompile(`/Users/|/home/|/root/|/tmp/|/var/folders/|[A-Za-z]:\\\\|run-20\d\d-`)

// everydayCommands reads the command of every line of a JSON Lines corpus.
func everydayCommands(t *testing.T, file string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l struct{ Command string }
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, l.Command)
	}
	return out
}

// TestSuggestRealDataDoesNoHarm: on the real-data fixture, no suggested
// rule names a user-specific path (a home folder, one run's temp folder),
// each says its project or user file, its cost and what it stops, and
// none stops an everyday command: every command of two everyday corpora
// nobody here wrote — tldr-pages' examples (what suggest counts a cost on)
// and testdata/danger/everyday.real.jsonl (real agents' commands and shell
// histories, which suggest never sees) — is decided by `permsim decide` in
// every mode the history ran in, with and without the rules placed where
// the harness reads them, and must not become stricter.
func TestSuggestRealDataDoesNoHarm(t *testing.T) {
	store := publicReplayed(t)
	var res struct {
		Harnesses []struct {
			Harness, File, Snippet string
			Rules                  []map[string]any
		}
	}
	out := mustRun(t, "suggest", "--out", store, "--format", "json", "--user-home", t.TempDir())
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var corpus []string
	for _, f := range []string{"../../suggest/everyday.jsonl", "../../testdata/danger/everyday.real.jsonl"} {
		corpus = append(corpus, everydayCommands(t, f)...)
	}
	var lines strings.Builder
	for _, c := range corpus {
		b, _ := json.Marshal(map[string]string{"tool": "bash", "command": c})
		lines.Write(append(b, '\n'))
	}
	rules := 0
	for _, h := range res.Harnesses {
		for _, r := range h.Rules {
			rules++
			text, _ := r["rule"].(string)
			if userSpecificPath.MatchString(text) {
				t.Errorf("%s: rule %s names a user-specific path", h.Harness, text)
			}
			for _, k := range []string{"cost", "cost_everyday", "stops", "example", "belongs_in"} {
				if _, ok := r[k]; !ok {
					t.Errorf("%s: rule %s does not say its %s", h.Harness, text, k)
				}
			}
			if where, _ := r["belongs_in"].(string); where == "" {
				t.Errorf("%s: rule %s does not say which project or user file it belongs in", h.Harness, text)
			}
		}
		if len(h.Rules) == 0 {
			continue
		}
		// The modes the history ran in, for the harness.
		var modes []string
		for _, row := range sqlRows(t, store, "SELECT DISTINCT mode FROM decisions WHERE harness = '"+h.Harness+"' AND mode IS NOT NULL ORDER BY 1") {
			modes = append(modes, row["mode"].(string))
		}
		project, home := t.TempDir(), t.TempDir()
		plain, with := t.TempDir(), t.TempDir()
		switch h.Harness {
		case "claude-code":
			writeFile(t, filepath.Join(with, ".claude", "settings.json"), h.Snippet)
		case "codex":
			writeFile(t, filepath.Join(with, ".codex", "rules", "permsim.rules"), h.Snippet+"\n")
		default:
			t.Errorf("%s: rules the test does not place (%s)", h.Harness, h.File)
			continue
		}
		for _, mode := range modes {
			decide := func(dir string) []map[string]any {
				p, hm := project, home
				if h.Harness == "claude-code" {
					p = dir
				} else {
					hm = dir
				}
				code, stdout, stderr := runCLI(t, lines.String(), "decide", "--harness", h.Harness, "--project", p, "--home", hm, "--mode", mode)
				if code != 0 {
					t.Fatalf("decide %s %s: exit %d\n%s", h.Harness, mode, code, stderr)
				}
				var rows []map[string]any
				for _, l := range strings.Split(strings.TrimSpace(stdout), "\n") {
					var m map[string]any
					json.Unmarshal([]byte(l), &m)
					rows = append(rows, m)
				}
				return rows
			}
			before, after := decide(plain), decide(with)
			if len(before) != len(corpus) || len(after) != len(corpus) {
				t.Fatalf("decide gave %d and %d answers for %d commands", len(before), len(after), len(corpus))
			}
			for i := range corpus {
				if d, _ := before[i]["dangerous"].(bool); d {
					continue // what a rule should stop
				}
				if strictness(after[i]["outcome"]) > strictness(before[i]["outcome"]) {
					t.Errorf("%s (%s): the suggested rules make the everyday command %q %s (was %s)", h.Harness, mode, corpus[i], after[i]["outcome"], before[i]["outcome"])
				}
			}
		}
	}
	if rules == 0 {
		t.Fatal("suggest proposed no rule on the real-data fixture: the test checks nothing")
	}
}

func strictness(o any) int {
	switch o {
	case "runs":
		return 0
	case "asks":
		return 1
	case "blocked":
		return 2
	}
	return -1
}
