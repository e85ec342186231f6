package codex

import (
	"reflect"
	"strings"
	"testing"
)

// parseRules reads one .rules text the way Load does.
func parseRules(t *testing.T, src string) *rulesFile {
	t.Helper()
	rf := &rulesFile{path: "t.rules", layer: LayerUser, host: map[string][]string{}}
	rf.parse(src)
	return rf
}

// Errors Codex's parser raises for prefix_rule(), host_executable() and
// network_rule() arguments (codex-rs/execpolicy/src/parser.rs); each makes
// Codex load no rules.
func TestRulesErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // substring of the error; "" for none
	}{
		{`prefix_rule(pattern=["git"], decision="allow")`, ""},
		{`prefix_rule(["git", "push"], "forbidden")`, ""},
		// decision=None disabled the file's rules in Codex 0.169.0 as
		// justification=None does: a prompt rule for ls beside it did not
		// ask (testdata/codex/realconfigs/coverage, rc-parse-decision-none#0).
		{`prefix_rule(pattern=["git"], decision=None)`, "decision must be"},
		// Codex 0.169.0's prefix_rule() has no reviewer parameter, so a
		// sixth positional argument is one too many
		// (rc-parse-reviewer-keyword#0, rc-parse-all-positional#0; five
		// positional ones were read: rc-parse-positional-five#1).
		{`prefix_rule(pattern=["git"], decision="forbidden", reviewer="security")`, "unexpected parameter"},
		{`prefix_rule(["git", "push"], "forbidden", ["git push x"], ["git pull"], "never push", "security")`, "too many positional"},
		{`prefix_rule(["git", "push"], "forbidden", ["git push x"], ["git pull"], "never push")`, ""},
		// A comparison is a boolean (or names an undefined variable):
		// never a value any parameter takes, and Codex loaded no rule of
		// the file (rc-parse-keyword-comparison#0).
		{`prefix_rule(pattern == ["git", "push"])`, "comparison"},
		// A missing host_executable() argument is an error, not a rule
		// permsim cannot read (rc-parse-host-missing-paths#0).
		{`host_executable(name="git")`, "missing argument for paths"},
		// Codex 0.169.0 refused a ~/ path, also one that exists
		// (rc-parse-host-home#0, rc-parse-host-home-exists#0).
		{`host_executable(name="git", paths=["~/bin/git"])`, "must be absolute"},
		// load() made Codex load no rule of the file (rc-parse-other-statement#0).
		{"load(\"x.star\", \"y\")\nprefix_rule(pattern=[\"ls\"])", "load"},
		{`prefix_rule(pattern=[], decision="allow")`, "pattern cannot be empty"},
		{`prefix_rule(pattern=["git", []], decision="allow")`, "alternatives cannot be empty"},
		{`prefix_rule(pattern=["git", [1]], decision="allow")`, "alternative must be a string"},
		{`prefix_rule(pattern="git", decision="allow")`, "pattern must be a list"},
		{`prefix_rule(decision="allow")`, "missing argument for pattern"},
		{`prefix_rule(pattern=["git"], decision="ask")`, "decision must be"},
		{`prefix_rule(pattern=["git"], justification="  ")`, "justification cannot be empty"},
		// justification=None disabled the file's rules in Codex 0.169.0: a
		// prompt rule for ls beside it did not ask
		// (testdata/codex/realconfigs/coverage, rc-cov-none-justification#3).
		{`prefix_rule(pattern=["cat"], decision="prompt", justification=None)`, "justification must be a string"},
		{`prefix_rule(pattern=["git"], colour="red")`, "unexpected parameter"},
		{`prefix_rule(pattern=["git"], pattern=["ls"])`, "given twice"},
		{`prefix_rule(pattern=["git"], match=[[]])`, "example cannot be an empty list"},
		{`prefix_rule(pattern=["git"], match=["'unterminated"])`, "invalid shell syntax"},
		{`prefix_rule(pattern=["git"], match=["git status"], not_match=["git"])`, "not_match example"},
		{`prefix_rule(pattern=["git", "status"], match=["git"])`, "match example"},
		{`host_executable(name="git", paths=["/usr/bin/git"])`, ""},
		{`host_executable(name="git", paths=["usr/bin/git"])`, "must be absolute"},
		{`host_executable(name="git", paths=["/usr/bin/gitk"])`, "must have basename"},
		{`host_executable(name="bin/git", paths=["/usr/bin/git"])`, "bare executable name"},
		{`network_rule(host="example.com", protocol="https", decision="deny")`, ""},
		{`network_rule(host="https://example.com", protocol="https", decision="allow")`, "network_rule host"},
		{`network_rule(host="example.com", protocol="ftp", decision="allow")`, "protocol"},
		{"prefix_rule(pattern=[\"git\"]", "syntax error"},
	}
	for _, tc := range tests {
		rf := parseRules(t, tc.src)
		switch {
		case tc.want == "" && rf.err != nil:
			t.Errorf("%s: unexpected error %v", tc.src, rf.err)
		case tc.want != "" && (rf.err == nil || !strings.Contains(rf.err.Error(), tc.want)):
			t.Errorf("%s: error %v, want it to say %q", tc.src, rf.err, tc.want)
		}
	}
}

// A host_executable() later in the file counts for an earlier rule's
// examples: Codex checks them when the whole file is read.
func TestExamplesUseHostExecutables(t *testing.T) {
	rf := parseRules(t, `prefix_rule(pattern=["tf", "apply"], decision="forbidden", match=[["/opt/tf", "apply"]])
host_executable(name="tf", paths=["/opt/tf"])`)
	if rf.err != nil {
		t.Fatalf("unexpected error %v", rf.err)
	}
	rf = parseRules(t, `prefix_rule(pattern=["tf", "apply"], decision="forbidden", match=[["/usr/bin/tf", "apply"]])
host_executable(name="tf", paths=["/opt/tf"])`)
	if rf.err == nil {
		t.Fatal("an example naming a path host_executable() does not list should fail")
	}
}

func TestRuleSetMatch(t *testing.T) {
	rf := parseRules(t, `
prefix_rule(pattern=[["kubectl", "k"], ["get", "describe"], "pods"], decision="prompt")
prefix_rule(pattern=["make"], decision="prompt")
host_executable(name="kubectl", paths=["/usr/bin/kubectl"])`)
	if rf.err != nil {
		t.Fatal(rf.err)
	}
	s := newRuleSet()
	for _, r := range rf.rules {
		s.add(r)
	}
	s.hostExec = rf.host
	tests := []struct {
		argv        []string
		resolveHost bool
		want        []string // the matched prefix; nil for no match
	}{
		{[]string{"kubectl", "get", "pods", "-A"}, false, []string{"kubectl", "get", "pods"}},
		{[]string{"k", "describe", "pods"}, false, []string{"k", "describe", "pods"}},
		{[]string{"kubectl", "get"}, false, nil},
		{[]string{"kubectl", "get", "pods svc"}, false, nil},
		{[]string{"KUBECTL", "get", "pods"}, false, nil},
		{[]string{"/usr/bin/kubectl", "get", "pods"}, false, nil},
		{[]string{"/usr/bin/kubectl", "get", "pods"}, true, []string{"kubectl", "get", "pods"}},
		{[]string{"/tmp/kubectl", "get", "pods"}, true, nil},
		{[]string{"/usr/bin/make"}, true, []string{"make"}},
		{[]string{"./make"}, true, nil},
	}
	for _, tc := range tests {
		ms := s.match(tc.argv, tc.resolveHost)
		var got []string
		if len(ms) > 0 {
			got = ms[0].prefix
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("match(%q, %v) = %q, want %q", tc.argv, tc.resolveHost, got, tc.want)
		}
	}
}

// Examples given as strings are split like a POSIX shell (Codex uses the
// shlex crate).
func TestShlexSplit(t *testing.T) {
	tests := []struct {
		in   string
		want []string // nil with ok false
	}{
		{"git status", []string{"git", "status"}},
		{`git commit -m "a b"`, []string{"git", "commit", "-m", "a b"}},
		{`echo 'a "b"' c\ d`, []string{"echo", `a "b"`, "c d"}},
		{`echo "a \"q\" \$x \n"`, []string{"echo", `a "q" $x \n`}},
		{"a # comment", []string{"a"}},
		{"a#b", []string{"a#b"}},
		{`'open`, nil},
		{`trailing\`, nil},
	}
	for _, tc := range tests {
		got, ok := shlexSplit(tc.in)
		if ok != (tc.want != nil) || (ok && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("shlexSplit(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// Check is `codex execpolicy check`: the rules alone, no script splitting.
func TestCheck(t *testing.T) {
	p, _ := build(t, setup{userRules: map[string]string{"r.rules": `
prefix_rule(pattern=["psql"], decision="prompt", justification="database access")
prefix_rule(pattern=["psql", "-c"], decision="forbidden", justification="no ad-hoc SQL")
`}})
	ev := p.Check([]string{"psql", "-c", "select 1"}, false)
	if ev.Decision != decisionForbidden || len(ev.Matches) != 2 {
		t.Fatalf("%+v, want forbidden with both rules matched", ev)
	}
	if ev.Matches[1].Justification != "no ad-hoc SQL" || ev.Matches[1].Rule.Decision != decisionForbidden {
		t.Errorf("%+v", ev.Matches[1])
	}
	if ev := p.Check([]string{"bash", "-lc", "psql -c 'select 1'"}, false); ev.Decision != "" {
		t.Errorf("check looked inside bash -lc: %+v", ev)
	}
}
