package gemini

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// What calls drawn at random showed about the real Gemini CLI 0.61.0
// (recorded through ACP; testdata/gemini/generated, seeds 1301 and 1302,
// and the probes named below). Each expectation is a recorded answer.
func TestDrawnFindings(t *testing.T) {
	cases := []struct {
		name string
		s    setup
		call engine.Call
		mode engine.Mode
		want engine.Outcome
		step string
	}{
		// pg-g1301-00…#3: tools.core without read_file; a user allow on
		// "*" at priority 500 does not bring it back.
		{"tools.core leaves read_file unregistered",
			setup{trust: "TRUST_FOLDER", user: `{"tools": {"core": ["list_directory", "run_shell_command(rm)"]}}`,
				policies: map[string]string{"u.toml": "[[rule]]\ntoolName = \"*\"\ndecision = \"allow\"\npriority = 500\n"}},
			rd("{P}/go.mod"), ModeYolo, engine.Blocked, stepRegistry},
		// pg-g1301-12…#0, -02…#18: save_memory is not registered in 0.61.0.
		{"save_memory is not registered", setup{trust: "TRUST_FOLDER"},
			tool("save_memory", map[string]any{"fact": "x"}), ModeYolo, engine.Blocked, stepRegistry},
		// pg-g1302-00…#7, #14, -16…#10: read-only commands reading outside
		// the workspace are not "known safe".
		{"cat outside the workspace asks", setup{trust: "TRUST_FOLDER"}, sh("cat ~/scratch/ideas.txt"), ModeDefault, engine.Asks, ""},
		{"ls / asks", setup{trust: "TRUST_FOLDER"}, sh("ls /"), ModeDefault, engine.Asks, ""},
		{"ls .. asks", setup{trust: "TRUST_FOLDER"}, sh("ls .."), ModeDefault, engine.Asks, ""},
		{"cat inside the workspace runs", setup{trust: "TRUST_FOLDER"}, sh("cat notes.txt"), ModeDefault, engine.Runs, stepHeuristics},
		// pg-g1302-38…#2: Build File Protection in yolo mode.
		{"write_file package.json asks in yolo", setup{trust: "TRUST_FOLDER"}, wr("{P}/package.json"), ModeYolo, engine.Asks, stepBuildFile},
		{"write_file of another file runs in yolo", setup{trust: "TRUST_FOLDER"}, wr("{P}/notes.txt"), ModeYolo, engine.Runs, ""},
	}
	for _, c := range cases {
		p, d := build(t, c.s)
		got := p.Decide(expandCall(d, c.call), c.mode)
		if got.Outcome != c.want || c.step != "" && got.Step != c.step {
			t.Errorf("%s: %s at %q (%s), want %s at %q", c.name, got.Outcome, got.Step, got.Reason, c.want, c.step)
		}
	}
}

// Probe pg-gbis-A (recorded): in yolo mode, `find . -type f` printed
// ./notes.txt and the next call, `cp notes.txt n2.txt`, asked; alone in a
// fresh session it ran (pg-gprobe-asis#0).
func TestDecideInSession(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER"})
	cp := expandCall(d, sh("cp notes.txt n2.txt"))
	if got := p.DecideInSession(cp, ModeYolo, nil); got.Outcome != engine.Runs {
		t.Errorf("cp alone in yolo: %s, want runs", got.Outcome)
	}
	find := "<untrusted_context>\nOutput: ./go.mod\n./notes.txt\n./src/app.py\nProcess Group PGID: 60\n</untrusted_context>"
	if got := p.DecideInSession(cp, ModeYolo, []string{find}); got.Outcome != engine.Asks || got.Step != stepHistory {
		t.Errorf("cp after find printed ./notes.txt: %s at %q, want asks at %q", got.Outcome, got.Step, stepHistory)
	}
	// Output outside <untrusted_context> (a file tool's result) does not count.
	if got := p.DecideInSession(cp, ModeYolo, []string{"Directory listing:\nnotes.txt"}); got.Outcome != engine.Runs {
		t.Errorf("cp after a directory listing: %s, want runs", got.Outcome)
	}
}

// An output recorded or logged cut short loses its closing
// </untrusted_context>; Gemini CLI saw the whole output. In held-out row
// rg-ken109-dotfiles-home-default#11 (testdata/gemini/realconfigs), `ls
// --help` printed "single-column -1" and the later `fd | head -1`, whose
// parts allow rules cover, asked; the recorded result text stops at 2,000
// characters, before the closing tag. The block runs to the end of the text.
// Three rows of testdata/gemini/generated, listed as known differences
// until now, were the same cut (pg-g1301-03-…#20, pg-g1302-04-…#21,
// pg-g1302-47-…#15).
func TestDecideInSessionCutOutput(t *testing.T) {
	p, d := build(t, setup{trust: "TRUST_FOLDER"})
	head := expandCall(d, sh("head -1 notes.txt"))
	cut := "<untrusted_context>\nOutput: Usage: ls [OPTION]...\n      --format=WORD  across -x, commas -m, horizontal -x, long -l,\n  single-column -1, verbose -l, vertical -C\n"
	if got := p.DecideInSession(head, ModeYolo, []string{cut}); got.Outcome != engine.Asks || got.Step != stepHistory {
		t.Errorf("head -1 after a cut ls --help: %s at %q, want asks at %q", got.Outcome, got.Step, stepHistory)
	}
}

// Headless Gemini CLI has no one to confirm with, and the guard against
// commands built from earlier output is a confirmation: in
// testdata/gemini/realconfigs/headless, `echo hi > out.txt` after `ls`
// printed out.txt ran in yolo mode (rg-tissanr-scan-man-user-headless-yolo#7)
// and was refused like any other ask in default mode
// (rg-yuler-typo-user-headless-default#12), where through ACP it asks
// first in every mode.
func TestDecideInSessionHeadless(t *testing.T) {
	ls := "<untrusted_context>\nOutput: README.md\nout.txt\nProcess Group PGID: 70\n</untrusted_context>"
	p, d := build(t, setup{trust: "TRUST_FOLDER", flags: map[string]string{FlagHeadless: "true"}})
	echo := expandCall(d, sh("echo hi > out.txt"))
	if got := p.DecideInSession(echo, ModeYolo, []string{ls}); got.Outcome != engine.Runs {
		t.Errorf("headless yolo after ls printed out.txt: %s at %q, want runs", got.Outcome, got.Step)
	}
	if got := p.DecideInSession(echo, ModeDefault, []string{ls}); got.Outcome != engine.Blocked {
		t.Errorf("headless default after ls printed out.txt: %s at %q, want blocked", got.Outcome, got.Step)
	}
	p, d = build(t, setup{trust: "TRUST_FOLDER"})
	if got := p.DecideInSession(expandCall(d, sh("echo hi > out.txt")), ModeYolo, []string{ls}); got.Outcome != engine.Asks {
		t.Errorf("ACP yolo after ls printed out.txt: %s, want asks", got.Outcome)
	}
}
