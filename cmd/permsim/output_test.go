package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The secrets of the fixture: a GitHub token in one of the project's
// rules, a MySQL password in the command of a transcript's call.
const (
	ruleSecret    = "ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R"
	commandSecret = "S3cretPw1"
	secretCommand = "mysql -uroot -p" + commandSecret + " -e 'DROP DATABASE shop'"
)

// secretsFixture is a project whose settings allow mysql and hold a rule
// with a token, and a home with one Claude Code session that ran
// secretCommand there.
func secretsFixture(t *testing.T) (project, home string) {
	t.Helper()
	dir := t.TempDir()
	project, home = filepath.Join(dir, "proj"), filepath.Join(dir, "home")
	settings := `{"permissions":{"allow":["Bash(mysql:*)","Bash(curl -H \"Authorization: Bearer ` + ruleSecret + `\" https://api.github.com/user)"]}}`
	// The project is a git repository whose last commit adds the settings,
	// so that check sees the token's rule arrive.
	writeFile(t, filepath.Join(project, "README.md"), "demo\n")
	gitIn(t, project, "init", "-q", "-b", "main")
	gitIn(t, project, "add", "README.md")
	gitIn(t, project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "base")
	writeFile(t, filepath.Join(project, ".claude", "settings.json"), settings)
	gitIn(t, project, "add", ".claude/settings.json")
	gitIn(t, project, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "head")
	session := "11111111-2222-4333-8444-555555555555"
	slug := strings.NewReplacer("/", "-", ".", "-", "_", "-").Replace(project)
	line := func(s string) string {
		return strings.NewReplacer("CWD", project, "SESSION", session).Replace(s) + "\n"
	}
	transcript := line(`{"parentUuid":null,"isSidechain":false,"userType":"external","cwd":"CWD","sessionId":"SESSION","version":"2.1.62","type":"user","message":{"role":"user","content":"drop the db"},"uuid":"a0000000-0000-4000-8000-000000000001","timestamp":"2026-03-14T09:00:00.000Z","permissionMode":"default"}`) +
		line(`{"parentUuid":"a0000000-0000-4000-8000-000000000001","isSidechain":false,"userType":"external","cwd":"CWD","sessionId":"SESSION","version":"2.1.62","type":"assistant","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"`+secretCommand+`"}}]},"uuid":"a0000000-0000-4000-8000-000000000002","timestamp":"2026-03-14T09:00:01.000Z"}`) +
		line(`{"parentUuid":"a0000000-0000-4000-8000-000000000002","isSidechain":false,"userType":"external","cwd":"CWD","sessionId":"SESSION","version":"2.1.62","type":"user","message":{"role":"user","content":[{"tool_use_id":"toolu_1","type":"tool_result","content":""}]},"uuid":"a0000000-0000-4000-8000-000000000003","timestamp":"2026-03-14T09:00:02.000Z","permissionMode":"default"}`)
	writeFile(t, filepath.Join(home, ".claude", "projects", slug, session+".jsonl"), transcript)
	return project, home
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// outputCases are every command that prints what the fixture holds, with
// the secrets its output shows when --show-secrets is given. store is
// replaced by a store nightly made of the fixture.
func outputCases(project, home, cases string) []struct {
	name  string
	stdin string
	args  []string
	shows []string
} {
	decideIn := `{"tool":"bash","command":"` + strings.ReplaceAll(secretCommand, `"`, `\"`) + `"}` + "\n" +
		`{"tool":"bash","command":"curl -H \"Authorization: Bearer ` + ruleSecret + `\" https://api.github.com/user"}` + "\n"
	both := []string{ruleSecret, commandSecret}
	return []struct {
		name  string
		stdin string
		args  []string
		shows []string
	}{
		{"report text", "", []string{"report", "--out", "STORE"}, []string{commandSecret}},
		{"report json", "", []string{"report", "--out", "STORE", "--format", "json"}, []string{commandSecret}},
		{"report html", "", []string{"report", "--out", "STORE", "--format", "html"}, []string{commandSecret}},
		{"sql", "", []string{"sql", "--out", "STORE", "--format", "json", "SELECT command FROM calls"}, []string{commandSecret}},
		{"suggest text", "", []string{"suggest", "--out", "STORE"}, []string{commandSecret}},
		{"suggest json", "", []string{"suggest", "--out", "STORE", "--format", "json"}, []string{commandSecret}},
		{"rules text", "", []string{"rules", "--harness", "claude", "--project", project, "--home", home}, []string{ruleSecret}},
		{"rules json", "", []string{"rules", "--harness", "claude", "--project", project, "--home", home, "--format", "json"}, []string{ruleSecret}},
		{"audit text", "", []string{"audit", "--project", project, "--home", home}, []string{ruleSecret}},
		{"audit json", "", []string{"audit", "--project", project, "--home", home, "--format", "json"}, []string{ruleSecret}},
		{"audit sarif", "", []string{"audit", "--project", project, "--home", home, "--format", "sarif"}, []string{ruleSecret}},
		{"decide json", decideIn, []string{"decide", "--harness", "claude", "--project", project, "--home", home}, both},
		{"decide text", decideIn, []string{"decide", "--harness", "claude", "--project", project, "--home", home, "--format", "text"}, both},
		{"danger explain text", "", []string{"danger", "explain", "--project", project, "--home", home, secretCommand}, []string{commandSecret}},
		{"danger explain json", "", []string{"danger", "explain", "--project", project, "--home", home, "--format", "json", secretCommand}, []string{commandSecret}},
		{"battery", "", []string{"battery", "--project", project, "--home", home, "--harness", "claude", "--cases", cases}, []string{commandSecret}},
		{"check text", "", []string{"check", "--repo", project, "--harness", "claude"}, []string{ruleSecret}},
		{"check json", "", []string{"check", "--repo", project, "--harness", "claude", "--format", "json"}, []string{ruleSecret}},
		{"check sarif", "", []string{"check", "--repo", project, "--harness", "claude", "--format", "sarif"}, []string{ruleSecret}},
	}
}

// findsExit1 are the commands whose exit status 1 reports what they found
// (battery: a case not stopped; check: a finding at or above --fail-on).
var findsExit1 = map[string]bool{"battery": true, "check": true}

// battery's --cases file with the fixture's command as a case.
func secretCases(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cases.jsonl")
	writeFile(t, path, `{"id":"my-1","category":"database-destructive","command":"`+secretCommand+`","expect":"block","needs":["write-outside"]}`+"\n")
	return path
}

// Issue 27: "Secrets in clear in nightly's new: lines, suggest (text and
// JSON), rules and audit (SARIF included) when a rule holds a token,
// decide and danger explain echoing their input — while report and sql
// mask the same strings. One masking step sits at every output
// (--show-secrets the only way past it)." Every command, on stdout and
// stderr: neither secret without --show-secrets, each one its output
// holds with it.
func TestSecretsMaskedAtEveryOutput(t *testing.T) {
	project, home := secretsFixture(t)
	cases := secretCases(t)
	// nightly: its new: lines (stderr) and its report. A store each, so
	// that the call is new in both runs.
	var store string
	for _, show := range []bool{false, true} {
		out := t.TempDir()
		args := []string{"nightly", "--home", home, "--out", out}
		if show {
			args = append(args, "--show-secrets")
		}
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 || !strings.Contains(stderr, "  new: ") {
			t.Fatalf("%v: exit %d, want 0 with a new: line\n%s", args, code, stderr)
		}
		checkSecrets(t, "nightly", show, stdout+stderr, []string{commandSecret})
		store = out
	}
	for _, c := range outputCases(project, home, cases) {
		for _, show := range []bool{false, true} {
			args := slicesReplace(c.args, "STORE", store)
			if show {
				args = append(args[:len(args):len(args)], "--show-secrets")
				if c.args[0] == "danger" || c.args[0] == "sql" { // flags before the COMMAND / query
					args = append(append(append([]string{}, args[:len(args)-2]...), "--show-secrets"), args[len(args)-2])
				}
			}
			code, stdout, stderr := runCLI(t, c.stdin, args...)
			if code != 0 && !(findsExit1[c.args[0]] && code == 1) {
				t.Errorf("%s %v: exit %d\n%s", c.name, args, code, stderr)
				continue
			}
			checkSecrets(t, c.name, show, stdout+stderr, c.shows)
		}
	}
}

func checkSecrets(t *testing.T, name string, show bool, out string, shows []string) {
	t.Helper()
	if !show {
		for _, s := range []string{ruleSecret, commandSecret} {
			if strings.Contains(out, s) {
				t.Errorf("%s: the secret %s is in clear without --show-secrets:\n%s", name, s, out)
			}
		}
		if !strings.Contains(out, "[masked]") {
			t.Errorf("%s: nothing masked — the fixture's secrets are not in its output?\n%s", name, out)
		}
		return
	}
	for _, s := range shows {
		if !strings.Contains(out, s) {
			t.Errorf("%s --show-secrets: %s not shown:\n%s", name, s, out)
		}
	}
}

// slicesReplace is args with every from replaced by to.
func slicesReplace(args []string, from, to string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if a == from {
			a = to
		}
		out[i] = a
	}
	return out
}

// A secret written in two pieces (a bufio writer's blocks) is masked
// whole: stdout holds a line back until it ends.
func TestOutWriterMasksAcrossWrites(t *testing.T) {
	var stdout, stderr bytes.Buffer
	out, _ := wrapOutputs(&stdout, &stderr)
	line := "run: " + secretCommand + "\n"
	for _, piece := range []string{line[:20], line[20:], "no newline " + secretCommand} {
		if _, err := out.Write([]byte(piece)); err != nil {
			t.Fatal(err)
		}
	}
	if err := out.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "run: mysql -uroot -p[masked] -e 'DROP DATABASE shop'\nno newline mysql -uroot -p[masked] -e 'DROP DATABASE shop'"
	if stdout.String() != want {
		t.Errorf("got  %q\nwant %q", stdout.String(), want)
	}
}

// Issue 27: "battery and rules exit 0 and print nothing when their output
// cannot be written (> /dev/full); every command checks its writes and
// exits non-zero." Every command that prints to stdout, with stdout
// /dev/full: exit 2 and a message on stderr. (ingest, replay, push and
// pull print to stderr only.)
func TestEveryCommandFailsOnUnwritableOutput(t *testing.T) {
	stderrOnly := map[string]bool{"ingest": true, "replay": true, "push": true, "pull": true}
	project, home := secretsFixture(t)
	cases := secretCases(t)
	store := t.TempDir()
	if code, _, stderr := runCLI(t, "", "nightly", "--home", home, "--out", store); code != 0 {
		t.Fatalf("nightly: exit %d\n%s", code, stderr)
	}
	type cmd struct {
		name, stdin string
		args        []string
	}
	cmds := []cmd{
		{"nightly", "", []string{"nightly", "--home", home, "--out", t.TempDir()}},
		{"help", "", []string{"help"}},
		{"version", "", []string{"--version"}},
		{"verify --generate", "", []string{"verify", "--generate", "20", "--seed", "1", "--harness", "claude"}},
		{"sql --schema", "", []string{"sql", "--schema"}},
		{"replay --problems", "", []string{"replay", "--problems", "--out", store}},
	}
	for _, c := range outputCases(project, home, cases) {
		cmds = append(cmds, cmd{c.name, c.stdin, slicesReplace(c.args, "STORE", store)})
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		seen[c.args[0]] = true
		t.Run(c.name, func(t *testing.T) {
			full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
			if err != nil {
				t.Skipf("no /dev/full: %v", err)
			}
			defer full.Close()
			var stderr bytes.Buffer
			code := run(context.Background(), c.args, strings.NewReader(c.stdin), full, &stderr)
			if code == 0 || code == 1 && !findsExit1[c.args[0]] {
				t.Errorf("%v > /dev/full: exit %d, want 2", c.args, code)
			}
			if !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("%v > /dev/full: stderr does not say the output could not be written:\n%s", c.args, stderr.String())
			}
		})
	}
	// Every command that prints to stdout is in the table; ingest, replay,
	// push and pull print their summaries on stderr only.
	for _, c := range commands {
		if !seen[c.name] && !stderrOnly[c.name] {
			t.Errorf("command %s is not tried with stdout /dev/full", c.name)
		}
	}
}
