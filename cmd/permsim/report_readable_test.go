package main

import (
	stdhtml "html"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestReportReadable: on the real-data fixture, the report reads in the
// user's words and fits: no internal step numbers ("step 12 working
// folder read"), no literal \n inside a command, every line of the text
// report within the terminal's width (COLUMNS), each risky call of
// "Approved by" on one line with its dangerous part marked (» «), the
// whole command with --verbose, and in HTML the whole command a click away
// (<details>) with the dangerous part marked (<mark>).
func TestReportReadable(t *testing.T) {
	store := publicReplayed(t)
	t.Setenv("COLUMNS", "100")
	text := mustRun(t, "report", "--out", store)
	md := mustRun(t, "report", "--out", store, "--format", "markdown")
	page := mustRun(t, "report", "--out", store, "--format", "html")
	step := regexp.MustCompile(`step \d+|\(\d+ [a-z]`)
	for name, out := range map[string]string{"text": text, "markdown": md, "html": stdhtml.UnescapeString(page)} {
		if m := step.FindString(out); m != "" {
			t.Errorf("%s: an internal step number shows (%q)", name, m)
		}
	}
	if strings.Contains(text, `\n`) {
		t.Errorf("text: a command shows a literal \\n")
	}
	for _, l := range strings.Split(text, "\n") {
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("text: a line of %d characters in a terminal of 100: %s", n, l)
		}
	}
	approved := text[strings.Index(text, "Approved by"):strings.Index(text, "Per week")]
	if !strings.Contains(approved, "»") || !strings.Contains(approved, "«") {
		t.Errorf("text: no dangerous part marked in Approved by:\n%s", approved)
	}
	// A part of a long risky call the one-line form leaves out (the
	// fixture's Codex session: the branch -D's operand after the branch -f,
	// which is marked first since git branch -f is git-history-rewrite).
	const long = "agentv/wip/entity-vps/20260626T221618Z-composite-dryrun"
	if strings.Contains(approved, long) {
		t.Errorf("text: a long command is printed whole without --verbose")
	}
	verbose := mustRun(t, "report", "--out", store, "--verbose")
	if !strings.Contains(verbose, long) {
		t.Errorf("text --verbose: the whole command is not printed")
	}
	if !regexp.MustCompile(`<details><summary><code>[^<]*<mark>`).MatchString(page) {
		t.Errorf("html: the risky calls are not one line with the dangerous part marked and the whole command in <details>")
	}
}
