package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// replay --shard K/N (issue 31): the demo store replayed once whole and
// then as 2 and as 3 shards — one after the other, and the 2 shards as two
// processes at once — holds the same decisions and rules (sorted rows of
// `permsim sql`) and gives the same `report --format json`.
func TestShardedReplayIsOneReplay(t *testing.T) {
	home, root := demoArgs(t)
	out := t.TempDir()
	mustRun(t, "ingest", "--home", home, "--out", out)
	replayArgs := []string{"replay", "--out", out, "--root", "/home=" + root, "--user-home", home, "--quiet"}
	snapshot := func() (string, string, string) {
		t.Helper()
		decs := mustRun(t, "sql", "--out", out, "--format", "csv", "SELECT * FROM decisions ORDER BY ALL")
		rules := mustRun(t, "sql", "--out", out, "--format", "csv", "SELECT * FROM rules ORDER BY ALL")
		report := mustRun(t, "report", "--out", out, "--format", "json")
		return decs, rules, report
	}
	mustRun(t, replayArgs...)
	wantDecs, wantRules, wantReport := snapshot()
	if n := strings.Count(wantDecs, "\n"); n < 20 {
		t.Fatalf("the whole replay wrote %d decision lines; the demo has more", n)
	}
	check := func(what string) {
		t.Helper()
		decs, rules, report := snapshot()
		if decs != wantDecs {
			t.Errorf("%s: decisions differ from the whole replay's:\n%s\nwant:\n%s", what, decs, wantDecs)
		}
		if rules != wantRules {
			t.Errorf("%s: rules differ from the whole replay's:\n%s\nwant:\n%s", what, rules, wantRules)
		}
		if report != wantReport {
			t.Errorf("%s: report differs from the whole replay's:\n%s\nwant:\n%s", what, report, wantReport)
		}
	}
	for _, shards := range []string{"0/2 1/2", "0/3 1/3 2/3"} {
		for _, s := range strings.Fields(shards) {
			mustRun(t, append(replayArgs, "--shard", s)...)
		}
		check("shards " + shards + " in sequence")
	}
	// Two processes at once, as two pods of an Indexed Job (auto/N).
	var cmds []*exec.Cmd
	var errs [2]strings.Builder
	for k, idx := range []string{"0", "1"} {
		cmd := exec.Command(os.Args[0], append(replayArgs, "--shard", "auto/2")...)
		cmd.Env = append(os.Environ(), "PERMSIM_TEST_AS_PERMSIM=1", "JOB_COMPLETION_INDEX="+idx)
		cmd.Stderr = &errs[k]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for k, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("shard %d/2: %v\n%s", k, err, errs[k].String())
		}
		if want := "shard " + []string{"0", "1"}[k] + "/2: "; !strings.Contains(errs[k].String(), want) {
			t.Errorf("shard %d/2's summary lacks %q:\n%s", k, want, errs[k].String())
		}
	}
	check("2 shards at once")
	mustRun(t, replayArgs...)
	check("a whole replay after the shards")

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "2/2"}, "is not a number from 0 to 1"},
		{[]string{"--shard", "auto/3"}, "JOB_COMPLETION_INDEX, which is not set"},
		{[]string{"--shard", "0/2", "--newest", "5"}, "--newest cannot be used with --shard"},
	} {
		t.Setenv("JOB_COMPLETION_INDEX", "")
		code, _, stderr := runCLI(t, "", append(replayArgs, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("replay %v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}
