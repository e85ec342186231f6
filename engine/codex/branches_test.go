package codex

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
)

// The rm guard's prompt is not a sandbox escalation: under a granular
// policy with sandbox_approval = false (and under rules = false) the real
// Codex 0.169.0 still asked for `rm -rf build`, `rm -f README.md` and
// `sudo rm -rf build` (testdata/codex/realconfigs/coverage/branches,
// rc-br-granular-no-sandbox-approval#0-2, rc-br-granular-no-rules#0).
func TestGranularRmGuardAsks(t *testing.T) {
	const all = "mcp_elicitations = true, request_permissions = true, skill_approval = true"
	for _, cfg := range []string{
		"approval_policy = { granular = { sandbox_approval = false, rules = true, " + all + " } }\n",
		"approval_policy = { granular = { sandbox_approval = true, rules = false, " + all + " } }\n",
	} {
		p, d := build(t, setup{userConfig: cfg + "sandbox_mode = \"workspace-write\"\n"})
		for _, cmd := range []string{"rm -rf build", "rm -f README.md", "sudo rm -rf build"} {
			got := p.Decide(d.call(execCmd(cmd)), "")
			if got.Outcome != engine.Asks || got.Step != stepRmGuard {
				t.Errorf("%s, %q: %s at %q (%s), want asks at %q", strings.TrimSpace(cfg), cmd, got.Outcome, got.Step, got.Reason, stepRmGuard)
			}
		}
	}
}

// approval_policy = "on-failure" in config.toml: Codex 0.169.0 starts with
// on-request, the sandbox chosen as without it; a write the sandbox
// stops is handed back to the model (no retry prompt), and a patch the
// sandbox would refuse asks (rc-br-on-failure-config, -read-only,
// -workspace-write, -session-sandbox). The session's own "on-failure" is
// refused by app-server (rc-br-on-failure-session), so a mode given per
// call keeps Codex's documented on-failure.
func TestOnFailureConfigIsOnRequest(t *testing.T) {
	for _, c := range []struct {
		cfg   string
		flags map[string]string
		mode  string
	}{
		{`approval_policy = "on-failure"` + "\n", nil, "on-request:workspace-write"},
		{`approval_policy = "on-failure"` + "\nsandbox_mode = \"read-only\"\n", nil, "on-request:read-only"},
		{`approval_policy = "on-failure"` + "\nsandbox_mode = \"workspace-write\"\n", nil, "on-request:workspace-write"},
		{`approval_policy = "on-failure"` + "\n", map[string]string{FlagMode: ":workspace-write"}, "on-request:workspace-write"},
	} {
		p, d := build(t, setup{userConfig: c.cfg, flags: c.flags})
		if got := p.Modes()[0]; string(got) != c.mode {
			t.Errorf("%q %v: mode %s, want %s", c.cfg, c.flags, got, c.mode)
		}
		if got := p.Decide(d.call(execCmd("touch {H}/a.txt")), ""); got.Outcome != engine.Blocked || got.Step != stepSandbox {
			t.Errorf("%q: touch outside: %s at %q (%s), want blocked by the sandbox", c.cfg, got.Outcome, got.Step, got.Reason)
		}
		if got := p.Decide(d.call(patchCall(addFile("{H}/p.txt"))), ""); got.Outcome != engine.Asks {
			t.Errorf("%q: patch outside: %s (%s), want asks", c.cfg, got.Outcome, got.Reason)
		}
	}
	// Given per call, on-failure stays as Codex documented it.
	p, d := build(t, setup{})
	if got := p.Decide(d.call(execCmd("touch {H}/a.txt")), "on-failure:workspace-write"); got.Outcome != engine.Asks {
		t.Errorf("per-call on-failure: touch outside %s, want asks", got.Outcome)
	}
}

// A top-level profile = "…" in the user's config.toml: Codex 0.169.0
// refuses to start ("legacy `profile = \"strict\"` config is no longer
// supported; use `--profile strict` with `strict.config.toml` instead",
// rc-br-user-profile). The loader says so as an error, and does not pick
// the profile's table.
func TestUserProfileKeyRefused(t *testing.T) {
	p, _ := build(t, setup{userConfig: "profile = \"strict\"\n\n[profiles.strict]\napproval_policy = \"never\"\nsandbox_mode = \"read-only\"\n"})
	probs := engine.ProblemsOf(p)
	if len(probs) != 1 || probs[0].Severity != engine.SeverityError || !strings.Contains(probs[0].Msg, "refuses to start") {
		t.Errorf("problems %+v, want one error saying Codex refuses to start", probs)
	}
	if got := p.Modes()[0]; got != "on-request:workspace-write" {
		t.Errorf("mode %s, want the defaults (the profile is not picked)", got)
	}
}

// Values Codex 0.169.0's config loader does not take make it refuse to
// start (rc-br-sandbox-readonly-spelling, -approval-underscore-spelling,
// -trust-level-unknown, -writable-roots-number: "failed to load
// configuration: … unknown variant …"); the loader says so as an error.
func TestConfigValuesCodexRefuses(t *testing.T) {
	for _, c := range []struct{ cfg, want string }{
		{"sandbox_mode = \"readonly\"\n", "sandbox_mode"},
		{"approval_policy = \"on_request\"\n", "approval_policy"},
		{"[sandbox_workspace_write]\nwritable_roots = [1]\n", "writable_roots"},
	} {
		p, _ := build(t, setup{userConfig: c.cfg})
		probs := engine.ProblemsOf(p)
		if len(probs) != 1 || probs[0].Severity != engine.SeverityError || !strings.Contains(probs[0].Msg, c.want) || !strings.Contains(probs[0].Msg, "refuses to start") {
			t.Errorf("%q: problems %+v, want one error on %s saying Codex refuses to start", c.cfg, probs, c.want)
		}
	}
	p, _ := build(t, setup{trustRecord: "maybe"})
	probs := engine.ProblemsOf(p)
	if len(probs) != 1 || probs[0].Severity != engine.SeverityError || !strings.Contains(probs[0].Msg, "refuses to start") {
		t.Errorf("trust_level maybe: problems %+v, want one error saying Codex refuses to start", probs)
	}
}

// A command that changes the machine outside any folder (sudo, mount)
// fails in Codex's sandbox with its own words ("no new privileges",
// "must be superuser"), which Codex does not take for a sandbox denial: a
// granular policy with sandbox_approval = true did not ask to run it
// again outside (rc-br-granular-retry-system#0, #1), as it did for a write
// the sandbox stopped (rc-br-granular-no-rules#2).
func TestSystemChangeNoRetryPrompt(t *testing.T) {
	cfg := "approval_policy = { granular = { sandbox_approval = true, rules = true, mcp_elicitations = true, request_permissions = true, skill_approval = true } }\nsandbox_mode = \"workspace-write\"\n"
	p, d := build(t, setup{userConfig: cfg})
	for _, cmd := range []string{"sudo true", "mount -t tmpfs none /mnt"} {
		if got := p.Decide(d.call(execCmd(cmd)), ""); got.Outcome != engine.Blocked || got.Step != stepSandbox {
			t.Errorf("%q: %s at %q (%s), want blocked by the sandbox, no retry prompt", cmd, got.Outcome, got.Step, got.Reason)
		}
	}
	if got := p.Decide(d.call(execCmd("touch {H}/out.txt")), ""); got.Outcome != engine.Asks {
		t.Errorf("a write outside: %s (%s), want asks (retry without the sandbox)", got.Outcome, got.Reason)
	}
}

// Two trust records naming the project, one with a trailing slash: which
// one decides must not depend on Go's map order. The records are read in
// name order, so "/…/proj" (trusted) comes before "/…/proj/" (untrusted).
func TestTrustRecordsReadInOrder(t *testing.T) {
	for i := 0; i < 40; i++ {
		p, d := build(t, setup{userConfig: "[projects.\"{P}/\"]\ntrust_level = \"untrusted\"\n\n[projects.\"{P}\"]\ntrust_level = \"trusted\"\n\n[projects.\"{H}/a\"]\ntrust_level = \"trusted\"\n\n[projects.\"{H}/b\"]\ntrust_level = \"untrusted\"\n"})
		if trusted, why := p.Trusted(); !trusted {
			t.Fatalf("load %d: untrusted (%s), want the record %s read first", i, why, d.project)
		}
	}
}
