package codex

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
)

// Match is one prefix rule that matched an argument list.
type Match struct {
	Prefix        []string       `json:"matched_prefix"` // the words the pattern matched
	Decision      string         `json:"decision"`       // allow, prompt or forbidden
	Justification string         `json:"justification,omitempty"`
	Rule          engine.RuleRef `json:"rule"`
}

// Evaluation is what the prefix rules say about an argument list: the
// strictest decision of the rules that match (forbidden, then prompt, then
// allow), or "" when none does.
type Evaluation struct {
	Decision string  `json:"decision,omitempty"`
	Matches  []Match `json:"matched_rules"`
}

// Check is `codex execpolicy check`: it matches argv against the rules in
// force, as they stand (no splitting of `bash -lc` scripts), and returns the
// strictest decision. resolveHostExecutables also lets an absolute program
// path match the rules for its base name (as Codex's own tool calls do;
// `check` does so only with --resolve-host-executables): always when no
// host_executable() names that program, else only for the paths it lists.
// When a .rules file failed to load, no rule is in force and Check matches
// nothing, as Codex would.
func (p *Policy) Check(argv []string, resolveHostExecutables bool) Evaluation {
	var ev Evaluation
	for _, m := range p.rules.match(argv, resolveHostExecutables) {
		ev.Matches = append(ev.Matches, Match{Prefix: append([]string(nil), m.prefix...), Decision: m.rule.decision,
			Justification: m.rule.justification, Rule: m.rule.ref})
		if strictness[m.rule.decision] > strictness[ev.Decision] {
			ev.Decision = m.rule.decision
		}
	}
	return ev
}

// shellNames are the shells whose `-c`/`-lc` script Codex reads.
var shellNames = map[string]bool{"bash": true, "zsh": true, "sh": true}

// shellScript returns the script of an argument list that is exactly
// [bash|zsh|sh, -lc|-c, SCRIPT], as Codex recognizes it.
func shellScript(argv []string) (string, bool) {
	if len(argv) != 3 || (argv[1] != "-lc" && argv[1] != "-c") || !shellNames[path.Base(argv[0])] {
		return "", false
	}
	return argv[2], true
}

// policyCommands is what Codex checks its rules against for one call: each
// command of a plain `bash -lc` script, or else the argument list itself
// (["/bin/bash", "-lc", "<script>"], which prefix rules rarely match). A
// script that feeds one command a here-document is kept whole too: with a
// `cat` or `python3` rule (prompt or forbidden), `cat <<'EOF' … EOF`,
// `cat -n <<EOF …` and `python3 - <<'PY' … PY` ran without a prompt, while
// `cat notes.txt` and `python3 -c …` were asked or refused (recorded with
// the real Codex 0.169.0, app-server; docs/codex-differences.md).
func policyCommands(argv []string) (cmds [][]string, how string) {
	script, ok := shellScript(argv)
	if !ok {
		return [][]string{argv}, "argv"
	}
	if c, ok := shell.PlainCommands(script, false); ok {
		return c, "split"
	}
	return [][]string{argv}, "whole"
}

// dangerousRm reports whether argv is, or a shell script in it holds, an rm
// with a force option (-f, -rf, --force, …, before any "--"), perhaps
// behind sudo: Codex's built-in rm guard.
func dangerousRm(argv []string) bool { return dangerousRmWith(argv, true) }

// dangerousRmWith is dangerousRm; long says whether --force counts, as it
// does from Codex 0.150.0 (0.140.0 and 0.142.0 ran rm --force under
// approval policy never, testdata/codex/versions).
func dangerousRmWith(argv []string, long bool) bool {
	if forcedRm(argv, long) {
		return true
	}
	script, ok := shellScript(argv)
	if !ok {
		return false
	}
	for _, c := range shell.Parse(script).Commands {
		// env is not a wrapper permsim's parser strips: an `env rm …`
		// is the command env, whose arguments forcedRm reads.
		if name := path.Base(c.Name); c.Dynamic || (name != "rm" && name != "env") {
			continue
		}
		onlySudo := true
		for _, w := range c.Wrappers {
			if w != "sudo" {
				onlySudo = false
			}
		}
		if !onlySudo {
			continue
		}
		args := make([]string, 0, len(c.Args)+1)
		args = append(args, path.Base(c.Name))
		for _, a := range c.Args {
			if a.Literal {
				args = append(args, a.Lit)
			} else {
				args = append(args, a.Raw)
			}
		}
		if forcedRm(args, long) {
			return true
		}
	}
	return false
}

func forcedRm(argv []string, long bool) bool {
	if len(argv) == 0 {
		return false
	}
	switch path.Base(argv[0]) {
	case "sudo", "env":
		// Codex 0.169.0 sees through env as through sudo
		// (testdata/codex/realconfigs/coverage, rc-parse-tools#5).
		return forcedRm(argv[1:], long)
	case "rm":
		for _, a := range argv[1:] {
			if a == "--" {
				return false
			}
			if long && a == "--force" || (strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "f")) {
				return true
			}
		}
	}
	return false
}
