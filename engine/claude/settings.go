package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
)

// settingsFile is one settings source as read from disk or the command line.
type settingsFile struct {
	path  string // the file, or "--settings", "--allowedTools", "--disallowedTools"
	layer string
	root  string // what a "/" path pattern in this file is relative to
	order int    // position in file order, for carve-outs and Rules()

	lists map[string][]ruleSource // "allow", "deny", "ask" → rules in file order

	defaultMode    string
	hasDefaultMode bool
	addDirs        []string
	disableBypass  bool
	disableAuto    bool
	autoInPlan     *bool // useAutoModeDuringPlan
	blockReads     *bool // permissions.blockReadsOutsideWorkingDirectories
	managedOnly    bool  // allowManagedPermissionRulesOnly
	hooks          json.RawMessage
	hooksAt        int // byte offset of the "hooks" value, for problem lines
	data           []byte
	disableHooks   bool // disableAllHooks
	managedHooks   bool // allowManagedHooksOnly
	sandbox        sandboxSettings
	plugins        map[string]bool // enabledPlugins
	plugin         string          // the plugin whose hooks.json this is; "" for settings files
}

// ruleSource is a rule as written, with the line it sits on (0 = unknown).
type ruleSource struct {
	text string
	line int
}

// ruleLists are the permission lists, in the order Rules() reports them.
var ruleLists = []string{"allow", "ask", "deny"}

// readSettingsFile reads and parses one settings file. A missing file gives
// (nil, nil); an unreadable or invalid one gives a problem and no settings.
func readSettingsFile(path, layer, root string) (*settingsFile, engine.ProblemLog) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, engine.ProblemLog{engine.Warnf(path, 0, "%v", err)}
	}
	return parseSettings(data, path, layer, root)
}

// parseSettings parses settings JSON. Invalid JSON yields a problem naming
// the file, line and column and no settings; a field of the wrong type
// yields a problem and the rest of the file still counts.
func parseSettings(data []byte, path, layer, root string) (sf *settingsFile, probs engine.ProblemLog) {
	sf = &settingsFile{path: path, layer: layer, root: root, lists: map[string][]ruleSource{}}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, engine.ProblemLog{jsonProblem(data, path, err)}
	}
	// A field of the wrong type fails Claude Code's settings schema, and
	// the whole file is then ignored: recorded with real Claude Code
	// 2.1.328 (testdata/claude/coverage/settings), "allow" written as a
	// string took the file's deny rules with it, a "sandbox" whose "network"
	// was a list left the sandbox off, and wrong-typed
	// additionalDirectories, blockReadsOutsideWorkingDirectories,
	// disableAllHooks, enabledPlugins and the like took the file's allow
	// rules. In managed settings only the field is ignored: their deny
	// rules stayed in force next to "defaultMode": 3.
	wrongType := false
	bad := func(key, want string) {
		if layer == LayerManaged {
			probs.Add(path, keyLine(data, key, 0), "%s: want %s; field ignored", key, want)
			return
		}
		wrongType = true
		probs = append(probs, engine.Errorf(path, keyLine(data, key, 0), "%s: want %s; Claude Code ignores the whole file", key, want))
	}
	defer func() {
		if wrongType && sf != nil {
			sf = &settingsFile{path: path, layer: layer, root: root, lists: map[string][]ruleSource{}}
		}
	}()

	var perms map[string]json.RawMessage
	if raw, ok := top["permissions"]; ok {
		if err := json.Unmarshal(raw, &perms); err != nil {
			bad("permissions", "an object")
		}
	}
	for _, list := range ruleLists {
		raw, ok := perms[list]
		if !ok {
			continue
		}
		var texts []string
		if err := json.Unmarshal(raw, &texts); err != nil {
			bad("permissions."+list, "a list of strings")
			continue
		}
		lines := rulesLines(data, list, raw, len(texts))
		for i, t := range texts {
			sf.lists[list] = append(sf.lists[list], ruleSource{text: t, line: lines[i]})
		}
	}

	if raw, ok := perms["defaultMode"]; ok {
		// A defaultMode that is not one of the modes fails Claude Code's
		// settings schema, and the whole file is then ignored: recorded
		// with real Claude Code 2.1.328 (testdata/claude/generated), the
		// allow, ask and deny rules next to "defaultMode": "yolo", "Plan"
		// or 3 were not in force. The seed says only that the mode is
		// ignored. Managed settings are the exception: their deny rules
		// stayed in force next to "defaultMode": "accept-edits", and only
		// the mode was ignored.
		var mode string
		err := json.Unmarshal(raw, &mode)
		_, known := normalizeMode(mode)
		known = known && err == nil && !strings.Contains(mode, "dangerously")
		switch {
		case known:
			sf.defaultMode, sf.hasDefaultMode = mode, true
		case layer == LayerManaged && err != nil:
			bad("permissions.defaultMode", "a string")
		case layer == LayerManaged:
			probs.Add(path, keyLine(data, "defaultMode", 0), "defaultMode %q: unknown mode; ignored", mode)
		default:
			what := fmt.Sprintf("defaultMode %q: unknown mode", mode)
			if err != nil {
				what = "permissions.defaultMode: not a string"
			}
			return &settingsFile{path: path, layer: layer, root: root, lists: map[string][]ruleSource{}},
				engine.ProblemLog{engine.Errorf(path, keyLine(data, "defaultMode", 0), "%s; Claude Code ignores the whole file", what)}
		}
	}
	if raw, ok := perms["additionalDirectories"]; ok {
		if err := json.Unmarshal(raw, &sf.addDirs); err != nil {
			bad("permissions.additionalDirectories", "a list of strings")
		}
	}
	// Only under "permissions": "disableBypassPermissionsMode": true at the
	// top level left bypassPermissions on in the real 2.1.328
	// (testdata/claude/coverage/settings st-bypass-off).
	sf.disableBypass = disabled(perms["disableBypassPermissionsMode"])
	sf.disableAuto = disabled(perms["disableAutoMode"]) || disabled(top["disableAutoMode"])
	sf.blockReads = boolField(perms, "blockReadsOutsideWorkingDirectories", bad)
	sf.autoInPlan = boolField(top, "useAutoModeDuringPlan", bad)
	if b := boolField(top, "allowManagedPermissionRulesOnly", bad); b != nil {
		sf.managedOnly = *b
	}
	if b := boolField(perms, "allowManagedPermissionRulesOnly", bad); b != nil && *b {
		sf.managedOnly = true
	}
	sf.hooks = top["hooks"]
	if sf.hooks != nil {
		sf.hooksAt, sf.data = keyOffset(data, "hooks", 0), data
	}
	if b := boolField(top, "disableAllHooks", bad); b != nil {
		sf.disableHooks = *b
	}
	if b := boolField(top, "allowManagedHooksOnly", bad); b != nil {
		sf.managedHooks = *b
	}
	sf.sandbox = parseSandbox(top["sandbox"], bad)
	if raw, ok := top["enabledPlugins"]; ok {
		if err := json.Unmarshal(raw, &sf.plugins); err != nil {
			bad("enabledPlugins", "an object of plugin names and true or false")
		}
	}
	return sf, probs
}

// disabled reads a disable*Mode value: the string "disable" (or true).
func disabled(raw json.RawMessage) bool {
	if raw == nil {
		return false
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s == "disable"
	}
	var b bool
	return json.Unmarshal(raw, &b) == nil && b
}

// boolField reads an optional boolean, reporting a value of another type.
func boolField(m map[string]json.RawMessage, key string, bad func(key, want string)) *bool {
	raw, ok := m[key]
	if !ok {
		return nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err != nil {
		bad(key, "true or false")
		return nil
	}
	return &b
}

// jsonProblem is a JSON error at its file, line and column.
func jsonProblem(data []byte, path string, err error) engine.Problem {
	off, _ := jsonpos.Offset(err)
	if off < 0 {
		return engine.Warnf(path, 0, "invalid JSON: %v; file skipped", err)
	}
	line, col := jsonpos.LineCol(data, off)
	p := engine.Warnf(path, line, "invalid JSON: %v; file skipped", err)
	p.Column = col
	return p
}

// rulesLines returns the line of each string of a rule list (0 where it
// cannot tell), in one pass over the list: a settings file with a million
// rules loads in linear time.
func rulesLines(data []byte, list string, raw json.RawMessage, n int) []int {
	lines := make([]int, n)
	// raw holds the list's bytes as written, so it is found whole once.
	from := keyOffset(data, list, 0)
	at := bytes.Index(data[from:], raw)
	if at < 0 {
		return lines
	}
	base := from + at
	line, counted := lineAt(data, base), base
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil { // [
		return lines
	}
	for i := 0; i < n && dec.More(); i++ {
		// InputOffset is where the last token ended: before the comma and
		// blanks ahead of this element, which hold no newline of it.
		off := base + int(dec.InputOffset())
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			break
		}
		// the element starts after the blanks and comma
		start := off + bytes.Index(data[off:], skip)
		line += bytes.Count(data[counted:start], []byte("\n"))
		counted = start
		lines[i] = line
	}
	return lines
}

// lineAt is the 1-based line of a byte offset.
func lineAt(data []byte, off int) int {
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// keyOffset finds where the key "name" (the last dotted part) is written,
// searching from off; 0 when it is not found.
func keyOffset(data []byte, name string, off int) int {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	if i := bytes.Index(data[off:], []byte(strconv.Quote(name))); i >= 0 {
		return off + i
	}
	return 0
}

// keyLine is the line of a key, 1 when it cannot be found.
func keyLine(data []byte, name string, off int) int {
	return lineAt(data, keyOffset(data, name, off))
}

// source is one settings file Claude Code may read, with its layer and
// the folder its "/" path patterns start from.
type source struct {
	path, layer, root string
}

// managedSources are managed-settings.json and then managed-settings.d/*.json
// in name order.
func managedSources(dir string) []source {
	out := []source{{filepath.Join(dir, "managed-settings.json"), LayerManaged, dir}}
	matches, _ := filepath.Glob(filepath.Join(dir, "managed-settings.d", "*.json"))
	sort.Strings(matches)
	for _, m := range matches {
		out = append(out, source{m, LayerManaged, dir})
	}
	return out
}

// projectSources are the local files (at the git root, then the older copy
// in the project folder) and the project file.
func projectSources(project string) []source {
	var out []source
	if root := engine.GitRoot(project); root != "" {
		out = append(out, source{filepath.Join(root, ".claude", "settings.local.json"), LayerLocal, root})
		if filepath.Clean(root) != filepath.Clean(project) {
			out = append(out, source{filepath.Join(project, ".claude", "settings.local.json"), LayerLocal, project})
		}
	} else {
		out = append(out, source{filepath.Join(project, ".claude", "settings.local.json"), LayerLocal, project})
	}
	out = append(out, source{filepath.Join(project, ".claude", "settings.json"), LayerProject, project})
	return out
}

// trustRecord reads ~/.claude.json (or $CLAUDE_CONFIG_DIR/.claude.json) and
// says whether the project's trust question was answered. found is false
// when neither the project nor a parent folder has an entry.
func trustRecord(configDir, home, project string) (trusted, found bool, file string) {
	var candidates []string
	if configDir != "" {
		candidates = append(candidates, filepath.Join(configDir, ".claude.json"))
	}
	if home != "" {
		candidates = append(candidates, filepath.Join(home, ".claude.json"))
	}
	for _, f := range candidates {
		data, err := safefile.ReadConfig(f, safefile.JSON)
		if err != nil {
			continue
		}
		var doc struct {
			Projects map[string]struct {
				HasTrustDialogAccepted *bool `json:"hasTrustDialogAccepted"`
			} `json:"projects"`
		}
		if json.Unmarshal(data, &doc) != nil {
			continue
		}
		// Only the project's own entry decides: trust accepted for a parent
		// folder did not count in the real 2.1.328, not even for a project
		// whose entry lacked the answer (testdata/claude/coverage/settings
		// st-parent-trust, st-parent-noanswer).
		if e, ok := doc.Projects[filepath.Clean(project)]; ok && e.HasTrustDialogAccepted != nil {
			return *e.HasTrustDialogAccepted, true, f
		}
		if _, ok := doc.Projects[filepath.Clean(project)]; ok {
			// An entry without the answer: the question was never accepted.
			return false, true, f
		}
	}
	return false, false, ""
}
