// Command corpusgen writes the generated part of engine/danger's labelled
// corpora: testdata/danger/dangerous.gen.jsonl (payloads of every danger
// family, each handed to the shell in the ways published guard bypasses
// deliver commands) and testdata/danger/everyday.gen.jsonl (routine
// commands and the near misses that look like dangerous ones, through the
// same deliveries). The output is deterministic: run it with go generate
// in engine/danger and commit the result.
//
// Every payload here was written for permsim; provenance names the
// incident, advisory or bypass class each one stands for, not a test suite
// it came from.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// entry is one corpus line.
type entry struct {
	Command    string `json:"command"`
	Category   string `json:"category,omitempty"` // the danger category Check must report (dangerous corpus)
	Family     string `json:"family"`             // the issue-17 family the line exercises
	Delivery   string `json:"delivery,omitempty"` // how the payload reaches the shell
	Provenance string `json:"provenance"`
	Project    string `json:"project,omitempty"` // overrides the corpus's default project folder
	Home       string `json:"home,omitempty"`    // overrides the corpus's default home folder
}

// payload is one command line with its label.
type payload struct {
	cmd, cat, family, prov string
}

// sq quotes s for a POSIX shell in single quotes.
func sq(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// pyStr writes s as a Python string literal (JSON's escapes are
// Python's; & < > stay as they are).
func pyStr(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// delivery hands a payload to the shell some other way; ok is false when
// the form does not fit the payload (a here-doc needs a single line, …).
type delivery struct {
	name string
	prov string
	wrap func(p string) (string, bool)
}

const bypassProv = "bypass class: "

var deliveries = []delivery{
	{"plain", "", func(p string) (string, bool) { return p, true }},
	{"timeout", bypassProv + "wrapper with its own options before the command (GuardFall, Adversa AI, summarized in vybestack/llxprt-code#2387)",
		func(p string) (string, bool) { return "timeout --signal=KILL 120 " + p, !strings.ContainsAny(p, "|;&") }},
	{"nohup", bypassProv + "command handed to nohup and backgrounded",
		func(p string) (string, bool) {
			return "nohup " + p + " >/dev/null 2>&1 &", !strings.ContainsAny(p, "|;&<>")
		}},
	{"env-assign", bypassProv + "env wrapper with assignments and options",
		func(p string) (string, bool) { return "env -u DEBUG CI=1 " + p, !strings.ContainsAny(p, "|;&") }},
	{"nice", bypassProv + "nice/ionice wrapper with option values",
		func(p string) (string, bool) { return "nice -n 19 ionice -c3 " + p, !strings.ContainsAny(p, "|;&") }},
	{"bash-c", bypassProv + "script handed to bash -c", func(p string) (string, bool) { return "bash -c " + sq(p), true }},
	{"sh-c-set", bypassProv + "script handed to sh -c after set -e", func(p string) (string, bool) { return "sh -ec " + sq("set -u; "+p), true }},
	{"eval", bypassProv + "eval of a quoted string", func(p string) (string, bool) { return "eval " + sq(p), true }},
	{"heredoc", bypassProv + "here-doc fed to an interpreter",
		func(p string) (string, bool) { return "bash <<'EOF'\n" + p + "\nEOF", !strings.Contains(p, "\n") }},
	{"base64", bypassProv + "decode-and-run one-liner (base64 -d | sh)",
		func(p string) (string, bool) {
			return "echo " + base64.StdEncoding.EncodeToString([]byte(p)) + " | base64 -d | sh", true
		}},
	{"find-exec", bypassProv + "find -exec sh -c as a command runner",
		func(p string) (string, bool) { return "find . -maxdepth 0 -exec sh -c " + sq(p) + " \\;", true }},
	{"xargs", bypassProv + "xargs handing the line to sh -c",
		func(p string) (string, bool) { return "echo go | xargs -I{} sh -c " + sq(p), true }},
	{"watch", bypassProv + "watch re-running a command",
		func(p string) (string, bool) { return "watch -n 30 " + sq(p), true }},
	{"flock", bypassProv + "flock -c running a command under a lock",
		func(p string) (string, bool) { return "flock -w 5 /tmp/agent.lock -c " + sq(p), true }},
	{"python-system", bypassProv + "interpreter one-liner calling the shell (os.system)",
		func(p string) (string, bool) { return "python3 -c " + sq("import os; os.system("+pyStr(p)+")"), true }},
	{"parallel", bypassProv + "GNU parallel running its arguments as commands",
		func(p string) (string, bool) { return "parallel ::: " + sq(p), true }},
}

func main() {
	out := flag.String("out", "../../testdata/danger", "folder to write the corpora into")
	flag.Parse()
	var dangerous, everyday []entry
	for _, p := range dangerousPayloads() {
		for _, d := range deliveries {
			cmd, ok := d.wrap(p.cmd)
			if !ok {
				continue
			}
			prov := p.prov
			if d.prov != "" {
				prov += "; " + d.prov
			}
			dangerous = append(dangerous, entry{Command: cmd, Category: p.cat, Family: p.family, Delivery: d.name, Provenance: prov})
		}
	}
	dangerous = append(dangerous, scratchDangerous()...)
	dangerous = append(dangerous, formsDangerous()...)
	for _, p := range everydayPayloads() {
		for _, d := range deliveries {
			if d.name != "plain" && !strings.HasPrefix(p.family, "routine") {
				continue // near misses are tried as typed; routine work through every delivery
			}
			cmd, ok := d.wrap(p.cmd)
			if !ok {
				continue
			}
			everyday = append(everyday, entry{Command: cmd, Family: p.family, Delivery: d.name, Provenance: p.prov})
		}
	}
	everyday = append(everyday, scratchEveryday()...)
	everyday = append(everyday, formsEveryday()...)
	write(filepath.Join(*out, "dangerous.gen.jsonl"), dangerous)
	write(filepath.Join(*out, "everyday.gen.jsonl"), everyday)
}

func write(name string, es []entry) {
	f, err := os.Create(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(f)
	seen := map[string]bool{}
	for _, e := range es {
		if seen[e.Command+"\x00"+e.Project] {
			continue
		}
		seen[e.Command+"\x00"+e.Project] = true
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(e); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	f.Close()
}
