package gemini

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/safefile"
)

// builtinPolicies are the default policies Gemini CLI 0.61.0 ships
// (packages/core/src/policy/policies), the lowest tier.
//
//go:embed policies/*.toml
var builtinPolicies embed.FS

// policyFile is one policy TOML file to load, with its tier.
type policyFile struct {
	path  string // as reported (the embedded ones as "builtin:<name>")
	data  []byte
	tier  int
	layer string
}

// tierLayer names a tier as Rules() reports it.
func tierLayer(tier int) string {
	switch tier {
	case tierAdmin:
		return LayerAdmin
	case tierUser:
		return LayerUser
	case tierWorkspace:
		return LayerWorkspace
	}
	return LayerBuiltin
}

// builtinFiles returns the embedded default policies, in name order.
func builtinFiles() []policyFile {
	entries, _ := fs.ReadDir(builtinPolicies, "policies")
	var out []policyFile
	for _, e := range entries {
		data, err := builtinPolicies.ReadFile("policies/" + e.Name())
		if err != nil {
			continue
		}
		out = append(out, policyFile{path: "builtin:" + e.Name(), data: data, tier: tierDefault, layer: LayerBuiltin})
	}
	return out
}

// readPolicyPath reads a policy path the way Gemini CLI's readPolicyFiles
// does: every *.toml file directly in a folder (name order), or one file
// whose name ends in .toml. A missing path gives nothing.
func readPolicyPath(path string, tier int) ([]policyFile, engine.ProblemLog) {
	st, err := os.Stat(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, engine.ProblemLog{engine.Warnf(path, 0, "%v", err)}
	}
	var names []string
	if st.IsDir() {
		entries, err := safefile.ReadDir(path)
		if err != nil {
			return nil, engine.ProblemLog{engine.Warnf(path, 0, "%v", err)}
		}
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".toml") {
				names = append(names, filepath.Join(path, e.Name()))
			}
		}
		sort.Strings(names)
	} else if strings.HasSuffix(path, ".toml") {
		names = []string{path}
	} else {
		return nil, engine.ProblemLog{engine.Warnf(path, 0, "not a .toml file or a folder; Gemini CLI loads nothing from it")}
	}
	var out []policyFile
	var probs engine.ProblemLog
	for _, n := range names {
		data, err := safefile.ReadConfig(n, safefile.TOML)
		if err != nil {
			probs.Add(n, 0, "%v", err)
			continue
		}
		out = append(out, policyFile{path: n, data: data, tier: tier, layer: tierLayer(tier)})
	}
	return out, probs
}

// ruleKeys are the keys Gemini CLI's policy schema knows for a [[rule]].
var ruleKeys = map[string]bool{
	"toolName": true, "subagent": true, "mcpName": true, "argsPattern": true, "commandPrefix": true,
	"commandRegex": true, "decision": true, "priority": true, "modes": true, "interactive": true,
	"toolAnnotations": true, "allowRedirection": true, "allow_redirection": true, "denyMessage": true,
	"deny_message": true, "name": true,
}

// ruleHeader finds the [[rule]] lines, so a rule's problems can name its
// line.
var ruleHeader = regexp.MustCompile(`(?m)^[ \t]*\[\[[ \t]*rule[ \t]*\]\]`)

// parsedRule is one [[rule]] after schema validation.
type parsedRule struct {
	index       int
	line        int
	toolNames   []string
	mcpName     *string
	subagent    string
	argsPattern *string
	prefixes    []string
	prefixSet   bool // commandPrefix is present
	hasPrefix   bool // and not the empty string, which JavaScript reads as absent
	regex       *string
	decision    string
	priority    int
	modes       []string
	interactive *bool
	annotations map[string]any
	redirection bool
	denyMessage string
	text        string
}

// loadPolicyFile parses one policy file into rules, as Gemini CLI's
// loadPoliciesFromToml does: a TOML error or a rule that breaks the schema
// drops the whole file; a bad pattern drops only its rule. Every problem
// names the file and the rule's line.
func loadPolicyFile(pf policyFile, order *int) (rules []*rule, skipped []skippedRule, problems engine.ProblemLog) {
	var doc map[string]any
	if _, err := toml.Decode(string(pf.data), &doc); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, nil, engine.ProblemLog{engine.Errorf(pf.path, pe.Position.Line, "TOML: %s; Gemini CLI skips the whole file", pe.Message)}
		}
		return nil, nil, engine.ProblemLog{engine.Errorf(pf.path, 0, "TOML: %v; Gemini CLI skips the whole file", err)}
	}
	headers := ruleHeader.FindAllStringIndex(string(pf.data), -1)
	lineOf := func(i int) int {
		if i < len(headers) {
			return strings.Count(string(pf.data[:headers[i][0]]), "\n") + 1
		}
		return 0
	}
	// at is a problem of rule i (0-based), at its [[rule]] line.
	at := func(i int, format string, args ...any) engine.Problem {
		return engine.Warnf(pf.path, lineOf(i), "rule #%d: "+format, append([]any{i + 1}, args...)...)
	}
	// refused is at for what makes Gemini CLI skip the file or refuse to
	// start.
	refused := func(i int, format string, args ...any) engine.Problem {
		p := at(i, format, args...)
		p.Severity = engine.SeverityError
		return p
	}
	var raws []map[string]any
	switch v := doc["rule"].(type) {
	case nil:
	case []map[string]any:
		raws = v
	case []any:
		for _, e := range v {
			m, ok := e.(map[string]any)
			if !ok {
				return nil, nil, engine.ProblemLog{engine.Errorf(pf.path, 0, "rule: want [[rule]] tables; Gemini CLI skips the whole file")}
			}
			raws = append(raws, m)
		}
	default:
		return nil, nil, engine.ProblemLog{engine.Errorf(pf.path, 0, "rule: want [[rule]] tables; Gemini CLI skips the whole file")}
	}
	if _, ok := doc["safety_checker"]; ok && pf.layer != LayerBuiltin {
		problems.Add(pf.path, 0, "[[safety_checker]] rules are not simulated")
	}

	var parsed []parsedRule
	for i, raw := range raws {
		pr, errs, warns := validateRule(raw)
		pr.index, pr.line = i, lineOf(i)
		if len(errs) > 0 {
			for _, e := range errs {
				problems = append(problems, refused(i, "%s; Gemini CLI skips the whole file", e))
			}
			return nil, nil, problems
		}
		if pf.layer != LayerBuiltin {
			for _, w := range warns {
				problems = append(problems, at(i, "%s", w))
			}
		}
		parsed = append(parsed, pr)
	}

	for _, pr := range parsed {
		if msg := shellSyntaxProblem(pr); msg != "" {
			problems = append(problems, at(pr.index, "%s", msg))
		}
		if slicesContains(pr.toolNames, "") {
			problems = append(problems, refused(pr.index, "toolName is empty (use \"*\" for every tool); Gemini CLI refuses to start with it; rule ignored"))
			skipped = append(skipped, skippedRule{pr: pr, why: "empty toolName"})
			continue
		}
		var patterns []*string
		switch {
		case pr.hasPrefix:
			for _, p := range pr.prefixes {
				pat := prefixPattern(p)
				patterns = append(patterns, &pat)
			}
		case pr.regex != nil && *pr.regex != "":
			pat := regexPattern(*pr.regex)
			patterns = []*string{&pat}
		default:
			patterns = []*string{pr.argsPattern}
		}
		if len(patterns) == 0 {
			skipped = append(skipped, skippedRule{pr: pr, why: "commandPrefix is an empty list, so Gemini CLI makes no rule of it"})
			continue
		}
		for _, pat := range patterns {
			var re *regexp.Regexp
			if pat != nil && *pat != "" {
				if why := unsafeRegex(*pat); why != "" {
					problems = append(problems, at(pr.index, "pattern %q: %s; Gemini CLI drops the rule", *pat, why))
					skipped = append(skipped, skippedRule{pr: pr, why: "Gemini CLI drops it: " + why})
					continue
				}
				var err error
				if re, err = compileJS(*pat); err != nil {
					problems = append(problems, at(pr.index, "pattern %q %v; the rule is not simulated", *pat, err))
					skipped = append(skipped, skippedRule{pr: pr, why: "not simulated: the pattern " + err.Error()})
					continue
				}
			}
			for _, name := range pr.toolNames {
				r := &rule{
					tool: name, subagent: pr.subagent, decision: pr.decision,
					priority:    float64(pf.tier) + float64(pr.priority)/1000,
					modes:       pr.modes,
					interactive: pr.interactive, annotations: pr.annotations, args: re,
					redirection: pr.redirection, denyMessage: pr.denyMessage,
					file: pf.path, layer: pf.layer, text: pr.text, order: *order, index: pr.index + 1, line: pr.line,
				}
				*order++
				if pr.mcpName != nil {
					r.mcpName, r.hasMCP = *pr.mcpName, true
					r.tool = mcpToolName(*pr.mcpName, name)
				}
				if pr.subagent != "" {
					r.note = "applies only inside the subagent " + pr.subagent + "; permsim decides the main agent's calls"
				}
				if pr.annotations != nil {
					r.note = "matches by tool annotations, which permsim does not know; never applied"
				}
				if pr.regex != nil && strings.HasPrefix(*pr.regex, "^") {
					r.note = "commandRegex is tested after `\"command\":\"`, so a leading ^ never matches: this rule matches nothing"
				}
				rules = append(rules, r)
			}
		}
	}
	return rules, skipped, problems
}

// skippedRule is a rule that is not in force, and why.
type skippedRule struct {
	pr  parsedRule
	why string
}

// mcpToolName is Gemini CLI's formatMcpToolName.
func mcpToolName(server, tool string) string {
	switch {
	case server == "*" && (tool == "" || tool == "*"):
		return "mcp_*"
	case server == "*":
		return "mcp_*_" + tool
	case tool == "" || tool == "*":
		return "mcp_" + server + "_*"
	}
	return "mcp_" + server + "_" + tool
}

func slicesContains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// validModes are the mode names the policy schema accepts.
var validModes = map[string]bool{"default": true, "autoEdit": true, "yolo": true, "plan": true}

// validateRule checks one raw rule against Gemini CLI's schema. errs make
// Gemini CLI reject the whole file; warns are keys it silently ignores.
func validateRule(raw map[string]any) (pr parsedRule, errs, warns []string) {
	strField := func(key string) (*string, bool) {
		v, ok := raw[key]
		if !ok {
			return nil, true
		}
		s, ok := v.(string)
		if !ok {
			errs = append(errs, fmt.Sprintf("%s: want a string", key))
			return nil, false
		}
		return &s, true
	}
	boolField := func(key string) *bool {
		v, ok := raw[key]
		if !ok {
			return nil
		}
		b, ok := v.(bool)
		if !ok {
			errs = append(errs, fmt.Sprintf("%s: want true or false", key))
			return nil
		}
		return &b
	}
	strList := func(key string, v any) ([]string, bool) {
		switch x := v.(type) {
		case string:
			return []string{x}, true
		case []any:
			out := make([]string, 0, len(x))
			for _, e := range x {
				s, ok := e.(string)
				if !ok {
					errs = append(errs, fmt.Sprintf("%s: want a string or a list of strings", key))
					return nil, false
				}
				out = append(out, s)
			}
			return out, true
		}
		errs = append(errs, fmt.Sprintf("%s: want a string or a list of strings", key))
		return nil, false
	}

	if v, ok := raw["toolName"]; !ok {
		errs = append(errs, "toolName is required")
	} else {
		pr.toolNames, _ = strList("toolName", v)
	}
	if s, _ := strField("subagent"); s != nil {
		pr.subagent = *s
	}
	pr.mcpName, _ = strField("mcpName")
	if pr.mcpName != nil && *pr.mcpName == "" {
		pr.mcpName = nil // an empty mcpName is no mcpName, as the loader's truthiness test has it
	}
	pr.argsPattern, _ = strField("argsPattern")
	if v, ok := raw["commandPrefix"]; ok {
		pr.prefixes, _ = strList("commandPrefix", v)
		pr.prefixSet = true
		// An empty string is falsy in JavaScript: no prefix, so argsPattern
		// (or nothing) applies.
		pr.hasPrefix = !(len(pr.prefixes) == 1 && pr.prefixes[0] == "" && isString(v))
	}
	pr.regex, _ = strField("commandRegex")
	if v, ok := raw["decision"]; !ok {
		errs = append(errs, "decision is required (allow, deny, ask_user)")
	} else if s, _ := v.(string); s != decAllow && s != decDeny && s != decAsk {
		errs = append(errs, fmt.Sprintf("decision %v: want allow, deny or ask_user", v))
	} else {
		pr.decision = s
	}
	switch v := raw["priority"].(type) {
	case nil:
		errs = append(errs, "priority is required")
	case int64:
		pr.priority = int(v)
	case float64:
		if v != math.Trunc(v) {
			errs = append(errs, "priority must be an integer")
		}
		pr.priority = int(v)
	default:
		errs = append(errs, "priority must be a number")
	}
	if _, ok := raw["priority"]; ok && (pr.priority < 0 || pr.priority > 999) {
		errs = append(errs, fmt.Sprintf("priority %d: must be between 0 and 999 (1000 would reach the next tier)", pr.priority))
	}
	if v, ok := raw["modes"]; ok {
		arr, ok := v.([]any)
		if !ok {
			errs = append(errs, "modes: want a list of modes")
		}
		for _, e := range arr {
			s, _ := e.(string)
			if !validModes[s] {
				errs = append(errs, fmt.Sprintf("modes: %v is not a mode the policy engine knows (default, autoEdit, yolo, plan)", e))
				continue
			}
			pr.modes = append(pr.modes, s)
		}
	}
	pr.interactive = boolField("interactive")
	if v, ok := raw["toolAnnotations"]; ok {
		m, ok := v.(map[string]any)
		if !ok {
			errs = append(errs, "toolAnnotations: want a table")
		}
		pr.annotations = m
		if pr.annotations == nil {
			pr.annotations = map[string]any{}
		}
	}
	if b := boolField("allowRedirection"); b != nil {
		pr.redirection = *b
	} else if b := boolField("allow_redirection"); b != nil {
		pr.redirection = *b
	}
	if s, _ := strField("denyMessage"); s != nil {
		pr.denyMessage = *s
	} else if s, _ := strField("deny_message"); s != nil {
		pr.denyMessage = *s
	}
	var unknown []string
	for k := range raw {
		if !ruleKeys[k] {
			unknown = append(unknown, k)
		}
	}
	sort.Strings(unknown)
	for _, k := range unknown {
		warns = append(warns, fmt.Sprintf("unknown key %q; Gemini CLI ignores it", k))
	}
	pr.text = renderRule(raw)
	return pr, errs, warns
}

func isString(v any) bool { _, ok := v.(string); return ok }

// shellSyntaxProblem is Gemini CLI's validateShellCommandSyntax: a warning
// only, the rule is kept.
func shellSyntaxProblem(pr parsedRule) string {
	hasPrefix, hasRegex := pr.prefixSet, pr.regex != nil
	if !hasPrefix && !hasRegex {
		return ""
	}
	switch {
	case len(pr.toolNames) != 1 || pr.toolNames[0] != shellTool:
		return "commandPrefix and commandRegex work only with toolName = \"run_shell_command\" (a single name); the rule matches no shell command"
	case pr.argsPattern != nil:
		return "commandPrefix/commandRegex and argsPattern cannot be combined; Gemini CLI uses the command form"
	case hasPrefix && hasRegex:
		return "commandPrefix and commandRegex cannot be combined; Gemini CLI uses commandPrefix"
	}
	return ""
}

// renderKeys is the order renderRule writes a rule's keys in.
var renderKeys = []string{"name", "toolName", "mcpName", "subagent", "commandPrefix", "commandRegex", "argsPattern",
	"decision", "priority", "modes", "interactive", "allowRedirection", "allow_redirection", "denyMessage", "deny_message", "toolAnnotations"}

// renderRule writes a rule on one line, TOML style, for reports.
func renderRule(raw map[string]any) string {
	var parts []string
	for _, k := range renderKeys {
		if v, ok := raw[k]; ok {
			parts = append(parts, k+" = "+renderValue(v))
		}
	}
	return strings.Join(parts, ", ")
}

func renderValue(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, renderValue(e))
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		var parts []string
		for _, k := range keys {
			parts = append(parts, k+" = "+renderValue(x[k]))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return fmt.Sprint(v)
}
