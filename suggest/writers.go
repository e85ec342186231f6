package suggest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/internal/storelock"
	"github.com/permsim/permsim/toolcall"
)

// Writer speaks one harness's rule syntax: it turns a candidate into a
// rule as the harness's own file spells it, and loads rules into the
// harness's simulator the way the harness would read them, so the
// suggestion is checked by the simulator itself rather than by a matcher
// of permsim's own.
type Writer interface {
	// Where names the file a team adds the rules to.
	Where(list string) string
	// Rule spells c as a rule of list (deny or ask); ok is false when the
	// harness's syntax cannot say it.
	Rule(c Candidate, list string) (rule string, ok bool)
	// Snippet is the text to add to Where, holding every rule.
	Snippet(rules []string, list string) string
	// Add returns env with rules added, writing what it needs under tmp
	// (an empty folder of its own).
	Add(env engine.Env, rules []string, list, tmp string) (engine.Env, error)
}

// Writers are the harnesses permsim can write rules for, by canonical ID.
// Codey has no writer: it reads Claude Code's files, whose rules it may
// ignore until the folder is trusted, and it has no transcripts to learn
// from.
var Writers = map[toolcall.Harness]Writer{
	toolcall.ClaudeCode: claudeWriter{},
	toolcall.Codex:      codexWriter{},
	toolcall.Gemini:     geminiWriter{},
	toolcall.OpenCode:   opencodeWriter{},
	toolcall.Cursor:     cursorWriter{},
}

// plainWord reports whether a shell word can go into a rule as written:
// literal text with none of the characters the rule syntaxes give a
// meaning (wildcards, brackets, quotes, separators).
func plainWord(w string) bool {
	return w != "" && !strings.ContainsAny(w, "*?[](){}\"'\\`$,:;!#\n\t ") && printable(w)
}

func plainPath(p string) bool { return plainWord(p) }

// printable rejects control characters and invalid UTF-8: no rule file's
// quoting should have to carry them.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// copyConfig copies a harness config folder's regular files (not its
// transcripts: only the top level and the named subfolders, files up to
// 4 MiB) to dst, so a simulator pointed at dst reads the same settings
// plus what the caller adds.
func copyConfig(src, dst string, subdirs ...string) error {
	if err := storelock.MkdirAll(dst); err != nil {
		return err
	}
	copyDir := func(from, to string) error {
		entries, err := safefile.ReadDir(from)
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if err := storelock.MkdirAll(to); err != nil {
			return err
		}
		for _, e := range entries {
			if !e.Type().IsRegular() {
				continue
			}
			info, err := e.Info()
			if err != nil || info.Size() > 4<<20 {
				continue
			}
			data, err := safefile.ReadFile(filepath.Join(from, e.Name()), 4<<20)
			if err != nil {
				continue
			}
			if err := storelock.WriteFile(filepath.Join(to, e.Name()), data); err != nil {
				return err
			}
		}
		return nil
	}
	if err := copyDir(src, dst); err != nil {
		return err
	}
	for _, s := range subdirs {
		if err := copyDir(filepath.Join(src, s), filepath.Join(dst, s)); err != nil {
			return err
		}
	}
	return nil
}

func withFlag(env engine.Env, k, v string) engine.Env {
	flags := map[string]string{}
	for a, b := range env.Flags {
		flags[a] = b
	}
	flags[k] = v
	env.Flags = flags
	return env
}

func homeOf(env engine.Env) string {
	if env.HomeDir != "" {
		return env.HomeDir
	}
	h, _ := os.UserHomeDir()
	return h
}

// relPath spells an absolute path for a path rule: relative to the
// project when inside it (ok), else under home, else absolute.
func relPath(p, project, home string) (rel string, where string) {
	if r, err := filepath.Rel(project, p); err == nil && r != "." && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r), "project"
	}
	if r, err := filepath.Rel(home, p); err == nil && home != "" && r != "." && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r), "home"
	}
	return p, "abs"
}

func jsonSnippet(v any) string {
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}

// Claude Code: permissions.deny / permissions.ask in .claude/settings.json.
// The seed: "Deny rules, from any layer" and ask rules come before any
// allow rule, so the simulator is handed the rules as one more settings
// layer (--settings) and decides as it would with them in the project's
// file.
type claudeWriter struct{}

func (claudeWriter) Where(list string) string {
	return ".claude/settings.json (permissions." + list + ")"
}

func (claudeWriter) Rule(c Candidate, list string) (string, bool) {
	switch c.Kind {
	case KindCommand:
		// "a trailing ` *` that is the only wildcard also matches the bare
		// command" (seed, Shell command matching).
		return "Bash(" + strings.Join(c.Words, " ") + " *)", true
	case KindPath:
		tool := "Read"
		if c.Write {
			tool = "Edit"
		}
		if !plainPath(c.Path) {
			return "", false
		}
		if c.Anywhere {
			// A gitignore-style pattern: the file's name in any folder.
			return tool + "(**/" + filepath.Base(c.Path) + ")", true
		}
		// "`//` from the filesystem root, `~/` from the home folder, …
		// `./` from the project" (seed, File paths).
		rel, where := relPath(c.Path, c.Project, c.Home)
		switch where {
		case "project":
			return tool + "(./" + rel + ")", true
		case "home":
			return tool + "(~/" + rel + ")", true
		}
		return tool + "(/" + rel + ")", true
	}
	return "", false
}

func (claudeWriter) Snippet(rules []string, list string) string {
	return jsonSnippet(map[string]any{"permissions": map[string]any{list: rules}})
}

func (claudeWriter) Add(env engine.Env, rules []string, list, _ string) (engine.Env, error) {
	return withFlag(env, claude.FlagSettings, jsonSnippet(map[string]any{"permissions": map[string]any{list: rules}})), nil
}

// Codex: prefix_rule() in ~/.codex/rules/default.rules. The seed: "The
// strictest match wins: forbidden, then prompt, then allow", whichever
// layer holds the rule; the check copies the user's Codex folder (its
// config.toml and rules/) and adds a rules file beside the others.
type codexWriter struct{}

func (codexWriter) Where(string) string { return "~/.codex/rules/default.rules" }

func (codexWriter) Rule(c Candidate, list string) (string, bool) {
	if c.Kind != KindCommand {
		return "", false // Codex has no path rules: its sandbox decides file writes
	}
	decision := "forbidden"
	if list == "ask" {
		decision = "prompt"
	}
	q := make([]string, len(c.Lits))
	for i, w := range c.Lits {
		q[i] = strconv.Quote(w)
	}
	return fmt.Sprintf("prefix_rule(pattern=[%s], decision=%q)", strings.Join(q, ", "), decision), true
}

func (codexWriter) Snippet(rules []string, _ string) string {
	return strings.Join(rules, "\n")
}

func (codexWriter) Add(env engine.Env, rules []string, list, tmp string) (engine.Env, error) {
	return withRuleFile(env, tmp, ".codex", "rules", "zz-permsim-suggest.rules", strings.Join(rules, "\n")+"\n")
}

// withRuleFile is env with its config folder (env.ConfigDir, else
// ~/<dotDir>) copied to tmp (see copyConfig) and the suggested rules added
// there as sub/name: Codex's rules and Gemini CLI's policies both live in a
// folder of the config folder, every file of which is read.
func withRuleFile(env engine.Env, tmp, dotDir, sub, name, content string) (engine.Env, error) {
	src := env.ConfigDir
	if src == "" {
		src = filepath.Join(homeOf(env), dotDir)
	}
	if err := copyConfig(src, tmp, sub); err != nil {
		return env, err
	}
	if err := storelock.MkdirAll(filepath.Join(tmp, sub)); err != nil {
		return env, err
	}
	if err := storelock.WriteFile(filepath.Join(tmp, sub, name), []byte(content)); err != nil {
		return env, err
	}
	env.ConfigDir = tmp
	return env, nil
}

// Gemini CLI: a policy file in ~/.gemini/policies/ (user tier). The seed:
// "The project's .gemini/policies folder does not work yet (issue
// #18186)", so the user tier is where a rule takes effect; "Final priority
// is the tier plus priority/1000, highest wins", so the rule carries a
// high priority to beat the user's own allow rules.
type geminiWriter struct{}

// geminiPriority is under 1000 so the rule stays in the user tier.
const geminiPriority = 950

func (geminiWriter) Where(string) string { return "~/.gemini/policies/permsim-suggested.toml" }

func (geminiWriter) Rule(c Candidate, list string) (string, bool) {
	if c.Kind != KindCommand {
		return "", false
	}
	decision := "deny"
	if list == "ask" {
		decision = "ask_user"
	}
	// "commandPrefix is a plain string prefix" (seed).
	return fmt.Sprintf("[[rule]]\ntoolName = \"run_shell_command\"\ncommandPrefix = %s\ndecision = %q\npriority = %d",
		strconv.Quote(strings.Join(c.Words, " ")), decision, geminiPriority), true
}

func (geminiWriter) Snippet(rules []string, _ string) string { return strings.Join(rules, "\n\n") }

func (w geminiWriter) Add(env engine.Env, rules []string, list, tmp string) (engine.Env, error) {
	return withRuleFile(env, tmp, ".gemini", "policies", "permsim-suggested.toml", w.Snippet(rules, list)+"\n")
}

// OpenCode: the permission object of the project's opencode.json. The
// seed: "merged by key" and "The last matching pattern wins", so the rules
// go last; the check hands them to the simulator as inline config
// (OPENCODE_CONFIG_CONTENT), merged after the project's files.
type opencodeWriter struct{}

func (opencodeWriter) Where(string) string { return "opencode.json (permission; keep these keys last)" }

// opencodeRule is one rule as (permission, pattern).
func opencodeRule(c Candidate) (perm, pattern string, ok bool) {
	switch c.Kind {
	case KindCommand:
		return "bash", strings.Join(c.Words, " ") + " *", true
	case KindPath:
		if c.Anywhere {
			// "*" matches any text, "/" included: the file's name under
			// any folder of the worktree.
			if !plainPath(filepath.Base(c.Path)) {
				return "", "", false
			}
			if c.Write {
				return "edit", "*" + filepath.Base(c.Path), true
			}
			return "read", "*" + filepath.Base(c.Path), true
		}
		// OpenCode matches read and edit patterns against the path
		// relative to its worktree: the git root, or "/" outside git.
		rel, err := filepath.Rel(opencode.Worktree(c.Project), c.Path)
		if err != nil || strings.HasPrefix(rel, "..") || !plainPath(rel) {
			return "", "", false
		}
		rel = filepath.ToSlash(rel)
		if c.Write {
			return "edit", rel, true
		}
		return "read", rel, true
	}
	return "", "", false
}

func (opencodeWriter) Rule(c Candidate, list string) (string, bool) {
	perm, pat, ok := opencodeRule(c)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%s %s: %s", perm, strconv.Quote(pat), strconv.Quote(list)), true
}

// opencodeObject rebuilds the permission object from the rules' text.
func opencodeObject(rules []string) map[string]any {
	perm := map[string]any{}
	for _, r := range rules {
		kind, rest, _ := strings.Cut(r, " ")
		i := strings.LastIndex(rest, ": ")
		pat, _ := strconv.Unquote(rest[:i])
		list, _ := strconv.Unquote(rest[i+2:])
		m, _ := perm[kind].(map[string]any)
		if m == nil {
			m = map[string]any{}
			perm[kind] = m
		}
		m[pat] = list
	}
	return map[string]any{"permission": perm}
}

func (opencodeWriter) Snippet(rules []string, _ string) string {
	return jsonSnippet(opencodeObject(rules))
}

func (opencodeWriter) Add(env engine.Env, rules []string, _, _ string) (engine.Env, error) {
	return withFlag(env, opencode.FlagConfigContent, jsonSnippet(opencodeObject(rules))), nil
}

// Cursor CLI: permissions.deny in the project's .cursor/cli.json. The
// seed: "Deny beats allow" and the user and project lists are read
// together, so the check adds the rules to a copy of the user's
// cli-config.json. Cursor has no ask list.
type cursorWriter struct{}

func (cursorWriter) Where(string) string { return ".cursor/cli.json (permissions.deny)" }

func (cursorWriter) Rule(c Candidate, list string) (string, bool) {
	if list != "deny" {
		return "", false
	}
	switch c.Kind {
	case KindCommand:
		// "Shell(name) matches the first word of a command …
		// Shell(curl:*) adds an argument pattern" (seed).
		if len(c.Words) == 1 {
			return "Shell(" + c.Words[0] + ")", true
		}
		return "Shell(" + c.Words[0] + ":" + strings.Join(c.Words[1:], " ") + "*)", true
	case KindPath:
		if c.Anywhere {
			return "", false // only the path a call used
		}
		rel, where := relPath(c.Path, c.Project, c.Home)
		if where != "project" {
			rel = c.Path
			if !filepath.IsAbs(rel) {
				return "", false
			}
		}
		if !plainPath(rel) {
			return "", false
		}
		if c.Write {
			return "Write(" + rel + ")", true
		}
		return "Read(" + rel + ")", true
	}
	return "", false
}

func (cursorWriter) Snippet(rules []string, _ string) string {
	return jsonSnippet(map[string]any{"permissions": map[string]any{"deny": rules}})
}

func (cursorWriter) Add(env engine.Env, rules []string, _, tmp string) (engine.Env, error) {
	user := filepath.Join(homeOf(env), ".cursor", "cli-config.json")
	if env.ConfigDir != "" {
		user = filepath.Join(env.ConfigDir, "cli-config.json")
	}
	cfg := map[string]any{}
	if data, err := safefile.ReadConfig(user, safefile.JSON); err == nil {
		if err := json.Unmarshal(data, &cfg); err != nil {
			return env, fmt.Errorf("%s: %v", user, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) && !isNotDir(err) {
		return env, err
	}
	perms, _ := cfg["permissions"].(map[string]any)
	if perms == nil {
		perms = map[string]any{}
	}
	deny, _ := perms["deny"].([]any)
	for _, r := range rules {
		deny = append(deny, r)
	}
	perms["deny"] = deny
	cfg["permissions"] = perms
	if err := storelock.WriteFile(filepath.Join(tmp, "cli-config.json"), []byte(jsonSnippet(cfg))); err != nil {
		return env, err
	}
	env.ConfigDir = tmp
	return env, nil
}

func isNotDir(err error) bool { return errors.Is(err, syscall.ENOTDIR) }
