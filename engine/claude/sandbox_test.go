package claude

import (
	"strings"
	"testing"
)

// sandboxOn is a settings file turning the sandbox on, with more sandbox
// keys merged in.
func sandboxOn(extra string) string {
	if extra != "" {
		extra = ", " + extra
	}
	return `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true` + extra + `}}`
}

func TestSeedSandbox(t *testing.T) {
	runSeedCases(t, []seedCase{
		{sentence: "13. With sandbox.enabled and autoAllowBashIfSandboxed left on, a shell command runs in the sandbox without a prompt",
			setup: setup{user: sandboxOn("")}, call: sh("make build"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "13. (autoAllowBashIfSandboxed turned off: the mode decides)",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": false}}`}, call: sh("make build"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "13. (real 2.1.328: autoAllowBashIfSandboxed not set is not \"left on\": python3 -c asked with the sandbox enabled)",
			setup: setup{user: `{"sandbox": {"enabled": true}}`}, call: sh("python3 -c 'print(1)'"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "13. (real 2.1.328: excludedCommands entries are read like Bash rule patterns: \"make\" does not take out make lint)",
			setup: setup{user: sandboxOn(`"excludedCommands": ["docker *", "make"]`)}, call: sh("make lint"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "13. (real 2.1.328: \"docker *\" takes out docker run x)",
			setup: setup{user: sandboxOn(`"excludedCommands": ["docker *", "make"]`)}, call: sh("docker run x"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "13. except in plan mode",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true}, "permissions": {"disableAutoMode": "disable"}}`}, call: sh("make build"), mode: "plan", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "13. and for commands excludedCommands takes out",
			setup: setup{user: sandboxOn(`"excludedCommands": ["docker *"]`)}, call: sh("make build && docker ps"), mode: "default", outcome: asks, group: gMode, step: "14 mode fallback"},
		{sentence: "13. (a deny rule above still wins)",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true}, "permissions": {"deny": ["Bash(make deploy)"]}}`}, call: sh("make deploy"), mode: "default", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "Network: hosts start outside network.allowedDomains. Manual and acceptEdits modes ask (\"asks first (needs network)\", counted as asking only because of the mode)",
			setup: setup{user: sandboxOn("")}, call: sh("curl -sO https://example.org/x.tgz"), mode: "acceptEdits", outcome: asks, group: gMode, step: "13 sandbox", reason: "asks first (needs network)"},
		{sentence: "Network: (a host inside network.allowedDomains runs)",
			setup: setup{user: sandboxOn(`"network": {"allowedDomains": ["*.example.org", "example.org"]}`)}, call: sh("curl -s https://dl.example.org/x"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "Network: (a package manager reaches its registry)",
			setup: setup{user: sandboxOn(`"network": {"allowedDomains": ["registry.npmjs.org"]}`)}, call: sh("npm install"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "Network: auto mode refuses the host unless the classifier approves the hosts the command lists",
			setup: setup{user: sandboxOn("")}, call: sh("curl https://example.org"), mode: "auto", outcome: runs, group: gRuns, step: "13 sandbox", reason: reasonClassifier},
		{sentence: "Network: dontAsk refuses it",
			setup: setup{user: sandboxOn("")}, call: sh("curl https://example.org"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "13 sandbox", reason: "needs network"},
		{sentence: "Network: strictAllowlist (user or managed settings only) refuses it in every mode (\"stopped by the sandbox\")",
			setup: setup{user: sandboxOn(`"network": {"strictAllowlist": true}`)}, call: sh("curl https://example.org"), mode: "acceptEdits", outcome: blocked, group: gBlocked, step: "13 sandbox", reason: "stopped by the sandbox"},
		{sentence: "Network: strictAllowlist (user or managed settings only): in project settings it does not count",
			setup: setup{user: sandboxOn(""), project: `{"sandbox": {"network": {"strictAllowlist": true}}}`}, call: sh("curl https://example.org"), mode: "default", outcome: asks, group: gMode, step: "13 sandbox", reason: "asks first (needs network)"},
		{sentence: "Network: or allowManagedDomainsOnly refuses it in every mode (\"stopped by the sandbox\")",
			setup: setup{managed: `{"sandbox": {"network": {"allowManagedDomainsOnly": true, "allowedDomains": ["corp.example"]}}}`,
				user: sandboxOn(`"network": {"allowedDomains": ["example.org"]}`)},
			call: sh("curl https://example.org"), mode: "default", outcome: blocked, group: gBlocked, step: "13 sandbox", reason: "stopped by the sandbox"},
		{sentence: "Writes outside the working folders and the temp folder fail in the sandbox; Claude may then retry outside the sandbox: that retry asks in Manual and acceptEdits modes",
			setup: setup{user: sandboxOn("")}, call: sh("touch /opt/notes.txt"), mode: "acceptEdits", outcome: asks, group: gMode, step: "13 sandbox", reason: "asks first"},
		{sentence: "(writes in the temp folder run in the sandbox)",
			setup: setup{user: sandboxOn("")}, call: sh("touch /tmp/notes.txt"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "and to .git/hooks or .git/config (protected even inside the project) fail in the sandbox",
			setup: setup{user: sandboxOn("")}, call: sh("git config core.hooksPath hooks"), mode: "default", outcome: asks, group: gMode, step: "13 sandbox", reason: ".git/hooks or .git/config"},
		{sentence: "unless filesystem.disabled (user or managed settings) turns filesystem isolation off",
			setup: setup{user: sandboxOn(`"filesystem": {"disabled": true}`)}, call: sh("touch /opt/notes.txt"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "(filesystem.disabled in project settings does not count)",
			setup: setup{user: sandboxOn(""), project: `{"sandbox": {"filesystem": {"disabled": true}}}`}, call: sh("touch /opt/notes.txt"), mode: "default", outcome: asks, group: gMode, step: "13 sandbox"},
		{sentence: "the retry goes to the classifier in auto mode",
			setup: setup{user: sandboxOn("")}, call: sh("touch /opt/notes.txt"), mode: "auto", outcome: runs, group: gRuns, step: "13 sandbox", reason: reasonClassifier},
		{sentence: "the retry is denied in dontAsk",
			setup: setup{user: sandboxOn("")}, call: sh("touch /opt/notes.txt"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "13 sandbox"},
		{sentence: "and asks in every mode when an ask rule names Bash(dangerouslyDisableSandbox:true)",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true}, "permissions": {"ask": ["Bash(dangerouslyDisableSandbox:true)"]}}`}, call: sh("touch /opt/notes.txt"), mode: "auto", outcome: asks, group: gRule, step: "13 sandbox"},
		{sentence: "or blockReadsOutsideWorkingDirectories is on",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true}, "permissions": {"blockReadsOutsideWorkingDirectories": true}}`}, call: sh("touch /opt/notes.txt"), mode: "auto", outcome: asks, group: gRule, step: "13 sandbox"},
		{sentence: "With allowUnsandboxedCommands: false there is no retry (\"stopped by the sandbox\")",
			setup: setup{user: sandboxOn(`"allowUnsandboxedCommands": false`)}, call: sh("touch /opt/notes.txt"), mode: "default", outcome: blocked, group: gBlocked, step: "13 sandbox", reason: "stopped by the sandbox"},
		{sentence: "Reads that filesystem.denyRead covers (and no narrower allowRead reopens) follow the same retry rules",
			setup: setup{user: sandboxOn(`"filesystem": {"denyRead": ["~/.aws"]}`)}, call: sh("cat ~/.aws/credentials"), mode: "default", outcome: asks, group: gMode, step: "13 sandbox", reason: "denyRead"},
		{sentence: "(a narrower allowRead reopens)",
			setup: setup{user: sandboxOn(`"filesystem": {"denyRead": ["~/.aws"], "allowRead": ["~/.aws/config"]}`)}, call: sh("cat ~/.aws/config"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "Assumption: only absolute and ~ paths in those lists are matched",
			setup: setup{user: sandboxOn(`"filesystem": {"denyRead": [".aws"]}`)}, call: sh("cat ~/.aws/credentials"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "Assumption: only for files a recognized file command or a < redirect names (<)",
			setup: setup{user: sandboxOn(`"filesystem": {"denyRead": ["/etc/shadow"]}`)}, call: sh("python3 x.py < /etc/shadow"), mode: "default", outcome: asks, group: gMode, step: "13 sandbox", reason: "denyRead"},
		{sentence: "Assumption: only for files a recognized file command or a < redirect names (not an unknown command's operand)",
			setup: setup{user: sandboxOn(`"filesystem": {"denyRead": ["/etc/shadow"]}`)}, call: sh("python3 x.py /etc/shadow"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "In-project deletes and secret reads inside the project run without asking",
			setup: setup{user: sandboxOn("")}, call: sh("rm -rf build && base64 .env | python3 -c 'print(1)'"), mode: "default", outcome: runs, group: gRuns, step: "13 sandbox"},
		{sentence: "Assumption: a command an allow rule or the read-only set approves still runs in the sandbox (step 12 decides first)",
			setup: setup{user: `{"sandbox": {"enabled": true, "autoAllowBashIfSandboxed": true, "network": {"strictAllowlist": true}}, "permissions": {"allow": ["Bash(curl *)"]}}`}, call: sh("curl https://example.org"), mode: "default", outcome: runs, group: gRuns, step: "12 allow rule"},
		{sentence: "(bypassPermissions runs everything before the sandbox step)",
			setup: setup{user: sandboxOn(`"network": {"strictAllowlist": true}`)}, call: sh("curl https://example.org"), mode: "bypassPermissions", outcome: runs, group: gRuns, step: "11 bypassPermissions"},
	})
}

// TestSandboxSettingsProblems checks that a sandbox key of the wrong type
// or in a layer that cannot set it is reported with its file.
func TestSandboxSettingsProblems(t *testing.T) {
	p, _ := build(t, setup{user: `{"sandbox": {"enabled": "yes", "excludedCommands": "docker"}}`, project: `{"sandbox": {"filesystem": {"disabled": true}}}`})
	probs := strings.Join(p.Problems(), "\n")
	for _, want := range []string{"sandbox.enabled: want true or false", "sandbox.excludedCommands: want a list of strings", "filesystem.disabled counts only in user or managed settings"} {
		if !strings.Contains(probs, want) {
			t.Errorf("problems %q lack %q", probs, want)
		}
	}
}

func TestSeedStepsFourAndEight(t *testing.T) {
	blockRead := `{"permissions": {"blockReadsOutsideWorkingDirectories": true}}`
	runSeedCases(t, []seedCase{
		{sentence: "4. the file tools refuse paths outside the working folders in every mode (Read, bypassPermissions)",
			setup: setup{user: blockRead}, call: rd("{H}/.profile"), mode: "bypassPermissions", outcome: blocked, group: gBlocked, step: "4 outside working folders"},
		{sentence: "4. (paths inside the working folders are not refused)",
			setup: setup{user: blockRead}, call: rd("{P}/main.go"), mode: "default", outcome: runs, group: gRuns, step: "12 working folder read"},
		{sentence: "4. (an extra working folder counts as inside)",
			setup: setup{user: blockRead, flags: map[string]string{FlagAddDir: "{H}/shared"}, files: map[string]string{"{H}/shared/a.txt": "a"}}, call: rd("{H}/shared/a.txt"), mode: "dontAsk", outcome: runs, group: gRuns},
		{sentence: "4. (a deny rule decides before)",
			setup: setup{user: `{"permissions": {"blockReadsOutsideWorkingDirectories": true, "deny": ["Read(//etc/**)"]}}`}, call: rd("/etc/passwd"), mode: "default", outcome: blocked, group: gBlocked, step: "2 deny rule"},
		{sentence: "8. a shell command that reads outside the working folders with a recognized file command asks in every mode, auto included",
			setup: setup{user: blockRead}, call: sh("head -5 /etc/passwd"), mode: "auto", outcome: asks, group: gRule, step: "8 outside working folders"},
		{sentence: "8. (even past an allow rule)",
			setup: setup{user: `{"permissions": {"blockReadsOutsideWorkingDirectories": true, "allow": ["Bash(head *)"]}}`}, call: sh("head -5 /etc/passwd"), mode: "default", outcome: asks, group: gRule, step: "8 outside working folders"},
		{sentence: "8. or that the parser cannot trace (a subshell)",
			setup: setup{user: blockRead}, call: sh("(cd /etc && ls)"), mode: "bypassPermissions", outcome: asks, group: gRule, step: "8 outside working folders"},
		{sentence: "8. (reads inside the working folders are fine)",
			setup: setup{user: blockRead}, call: sh("cat go.mod"), mode: "default", outcome: runs, group: gRuns, step: "12 read-only command"},
		{sentence: "8. (in dontAsk the ask becomes a denial)",
			setup: setup{user: blockRead}, call: sh("cat /etc/hosts"), mode: "dontAsk", outcome: blocked, group: gBlocked, step: "8 outside working folders"},
	})
}

// TestRulesWhyNotInForce checks that `permsim rules` can say why each rule
// is not in force: an ignored layer, an unknown tool, a form Claude Code
// accepts but never consults, or a deny rule that shadows it (issue #3).
func TestRulesWhyNotInForce(t *testing.T) {
	p, _ := build(t, setup{
		managed: `{"permissions": {"deny": ["Bash(curl *)"]}}`,
		user: `{"permissions": {"allow": ["Bash(git push:*)", "Bash(git status)", "Write(dist/**)", "Frob(x)", "Read(./secrets/a.txt)", "Edit(./secrets/**)", "Edit(./src/**)", "WebFetch"],
			"ask": ["Bash(git push --force *)", "Bash(curl https://example.org/*)"],
			"deny": ["Bash(git *)", "Read(./secrets/**)", "Edit(./src/gen/**)"]}}`,
		project:     allow("Bash(make test)"),
		trustRecord: bptr(false),
	})
	type key struct{ list, rule string }
	got := map[key]string{}
	inForce := map[key]bool{}
	for _, r := range p.Rules() {
		got[key{r.List, r.Rule}] = r.Why
		inForce[key{r.List, r.Rule}] = r.InForce
	}
	cases := []struct {
		k   key
		in  bool
		why string
	}{
		{key{"allow", "Bash(git push:*)"}, false, "shadowed by the deny rule Bash(git *)"},
		{key{"allow", "Bash(git status)"}, false, "shadowed by the deny rule Bash(git *)"},
		{key{"ask", "Bash(git push --force *)"}, false, "shadowed by the deny rule Bash(git *)"},
		{key{"ask", "Bash(curl https://example.org/*)"}, false, "shadowed by the deny rule Bash(curl *)"},
		{key{"allow", "Read(./secrets/a.txt)"}, false, "shadowed by the deny rule Read(./secrets/**)"},
		// "A Read deny rule also blocks Edit and Write on that path."
		{key{"allow", "Edit(./secrets/**)"}, false, "shadowed by the deny rule Read(./secrets/**)"},
		// A narrower deny leaves the rest of the allow rule in force.
		{key{"allow", "Edit(./src/**)"}, true, ""},
		{key{"allow", "WebFetch"}, true, ""},
		{key{"allow", "Write(dist/**)"}, false, "accepted but never used"},
		{key{"allow", "Frob(x)"}, false, "unknown tool"},
		{key{"allow", "Bash(make test)"}, false, "not trusted"},
	}
	for _, c := range cases {
		why, ok := got[c.k]
		if !ok {
			t.Errorf("Rules() lacks %v", c.k)
			continue
		}
		if inForce[c.k] != c.in || !strings.Contains(why, c.why) {
			t.Errorf("%v: in force %v, why %q; want %v, %q", c.k, inForce[c.k], why, c.in, c.why)
		}
	}
}
