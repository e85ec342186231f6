package main

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
)

// readmeSynopses reads the README's "## Commands" block: each line that
// starts with "permsim <command>" and the indented lines after it, merged
// per command (verify has two forms).
func readmeSynopses(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i := strings.Index(text, "\n## Commands\n")
	if i < 0 {
		t.Fatal(`README.md has no "## Commands" section`)
	}
	text = text[i:]
	start := strings.Index(text, "```\n")
	end := strings.Index(text[start+4:], "```")
	if start < 0 || end < 0 {
		t.Fatal(`README.md's "## Commands" section has no code block`)
	}
	out := map[string]string{}
	cur := ""
	for _, line := range strings.Split(text[start+4:start+4+end], "\n") {
		switch {
		case strings.HasPrefix(line, "permsim "):
			cur = strings.Fields(line)[1]
			out[cur] += " " + line
		case strings.HasPrefix(line, " ") && cur != "":
			out[cur] += " " + line
		}
	}
	return out
}

var (
	flagWord = regexp.MustCompile(`--[a-z][a-z0-9-]*`)
	// A pflag usage line: "      --home stringArray   …" or "  -q, --quiet".
	flagLine = regexp.MustCompile(`^\s+(?:-[A-Za-z], )?(--[a-z][a-z0-9-]*)`)
)

func flagSet(words []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range words {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}

// The README's synopsis of each command names exactly the flags its
// --help lists, and --help's own usage line names no flag it does not
// have: docs that say what the commands do.
func TestReadmeSynopsesMatchHelp(t *testing.T) {
	readme := readmeSynopses(t)
	for _, c := range commands {
		forms := [][]string{{c.name, "--help"}}
		switch c.name {
		case "danger":
			forms = [][]string{{"danger", "explain", "--help"}}
		case "verify":
			forms = append(forms, []string{"verify", "--generate", "1", "--help"})
		}
		help := ""
		for _, args := range forms {
			code, stdout, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Errorf("permsim %s: exit %d\n%s", strings.Join(args, " "), code, stdout+stderr)
			}
			help += stdout + stderr + "\n"
		}
		var helpFlags, usageFlags []string
		inFlags := false
		for _, line := range strings.Split(help, "\n") {
			if strings.HasPrefix(line, "Usage: ") {
				usageFlags = append(usageFlags, flagWord.FindAllString(line, -1)...)
			}
			switch {
			case line == "Flags:":
				inFlags = true
				continue
			case strings.HasPrefix(line, "Usage: "):
				inFlags = false
			}
			if m := flagLine.FindStringSubmatch(line); inFlags && m != nil && m[1] != "--help" {
				helpFlags = append(helpFlags, m[1])
			}
		}
		helpFlags = flagSet(helpFlags)
		syn, ok := readme[c.name]
		if !ok {
			t.Errorf("README.md's Commands block has no synopsis of permsim %s", c.name)
			continue
		}
		readmeFlags := flagSet(flagWord.FindAllString(syn, -1))
		for _, f := range readmeFlags {
			if !slices.Contains(helpFlags, f) {
				t.Errorf("README.md: permsim %s %s is not in its --help", c.name, f)
			}
		}
		for _, f := range helpFlags {
			if !slices.Contains(readmeFlags, f) {
				t.Errorf("README.md: the synopsis of permsim %s lacks %s (its --help has it)", c.name, f)
			}
		}
		for _, f := range flagSet(usageFlags) {
			if !slices.Contains(helpFlags, f) {
				t.Errorf("permsim %s --help: its usage line names %s, which is not one of its flags", c.name, f)
			}
		}
	}
	for name := range readme {
		found := name == "--version" // not a command: run answers it (TestVersion)
		for _, c := range commands {
			found = found || c.name == name
		}
		if !found {
			t.Errorf("README.md names permsim %s, which is not a command", name)
		}
	}
}

// jsonNames lists a struct's JSON field names, in order.
func jsonNames(v any) []string {
	var out []string
	t := reflect.TypeOf(v)
	for i := 0; i < t.NumField(); i++ {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// The README's list of decide's fields is the one decide prints: the
// fields of score.Output (error aside: the README says when it appears)
// and of engine.RuleRef, in order.
func TestReadmeDecideFields(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("prints one JSON object per call: `([^`]*)`").FindStringSubmatch(string(data))
	if m == nil {
		t.Fatal("README.md does not list decide's fields (\"prints one JSON object per call: `…`\")")
	}
	list := strings.Join(strings.Fields(m[1]), " ")
	var want []string
	for _, f := range jsonNames(score.Output{}) {
		switch f {
		case "error":
		case "rule":
			want = append(want, "rule {"+strings.Join(jsonNames(engine.RuleRef{}), ", ")+"}")
		default:
			want = append(want, f)
		}
	}
	if got := strings.Join(want, ", "); list != got {
		t.Errorf("README.md lists decide's fields as\n  %s\ndecide prints\n  %s", list, got)
	}
}
