package opencode

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// rnovatorov/dotfiles (testdata/opencode/realconfigs) disables the
// built-in build and plan agents and names its own default_agent. Deciding
// a call for the disabled plan agent, or listing the rules, dereferenced
// the missing build agent: `permsim verify` panicked on case
// ro-rnovatorov-dotfiles-plan before the real OpenCode ran it. A
// configuration without the agent asked for falls back to its default
// agent, then to any agent it has.
func TestDisabledBuiltinAgents(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"default_agent": "zen", "permission": {"*": "ask", "read": "allow"},
  "agent": {"zen": {"mode": "primary", "permission": {"bash": {"ls *": "allow"}}},
            "build": {"disable": true}, "plan": {"disable": true}}}`)
	p := f.load()
	for _, mode := range []engine.Mode{"", "plan", "build"} {
		d := p.Decide(bash("ls -la"), mode)
		if d.Outcome != engine.Runs {
			t.Errorf("mode %q: ls -la %s (%s), want runs under zen's rule", mode, d.Outcome, d.Reason)
		}
	}
	if len(p.Rules()) == 0 {
		t.Error("no rules listed")
	}
}

// OpenCode 1.18.33 answers --agent for an agent the configuration lacks
// with `agent "plan" not found. Falling back to default agent`
// (testdata/opencode/realconfigs, ro-rnovatorov-dotfiles-plan): the
// default agent is default_agent when the configuration names one, also
// when build is still there.
func TestMissingAgentFallsBackToDefaultAgent(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"default_agent": "zen", "permission": {"edit": "deny"},
  "agent": {"zen": {"mode": "primary", "permission": {"edit": "allow"}}, "plan": {"disable": true}}}`)
	p := f.load()
	if d := p.Decide(write("notes.md"), "plan"); d.Outcome != engine.Runs {
		t.Errorf("write as the missing plan agent: %s (%s), want runs under zen's edit allow", d.Outcome, d.Reason)
	}
}

// With build and plan disabled and no default_agent, OpenCode 1.18.33
// ran the calls under the one visible primary agent, zeta, not under a
// hidden built-in one: pwd (zeta allows it) ran, uname asked
// (testdata/opencode/realconfigs/coverage, ro-parse-fallback#1-#3, also
// with --agent nosuch: ro-parse-fallback-nosuch).
func TestFallbackSkipsHiddenAgents(t *testing.T) {
	f := newFixture(t, true)
	f.global(`{"agent": {"build": {"disable": true}, "plan": {"disable": true},
  "alpha": {"mode": "subagent", "permission": {"bash": "allow"}},
  "zeta": {"mode": "primary", "permission": {"bash": {"*": "ask", "ls*": "deny", "pwd": "allow"}}}}}`)
	p := f.load()
	for _, mode := range []engine.Mode{"", "nosuch"} {
		if d := p.Decide(bash("pwd"), mode); d.Outcome != engine.Runs {
			t.Errorf("mode %q: pwd %s (%s), want runs under zeta's allow", mode, d.Outcome, d.Reason)
		}
		if d := p.Decide(bash("uname"), mode); d.Outcome != engine.Asks {
			t.Errorf("mode %q: uname %s (%s), want asks under zeta's *", mode, d.Outcome, d.Reason)
		}
	}
}
