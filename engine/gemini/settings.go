package gemini

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/shell"
	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
)

// sourced is one settings value with the file and layer it came from.
type sourced struct {
	value string
	file  string
	layer string
}

// settingsFile is one settings.json as read from disk.
type settingsFile struct {
	path  string
	layer string
	raw   []byte // comments blanked out, so offsets still give lines
	data  map[string]any
}

// hookDef is one BeforeTool hook command from the settings.
type hookDef struct {
	matcher string
	command string
	timeout float64 // milliseconds; 0 when not set
	file    string
	layer   string
	line    int
}

// mergedSettings are the settings that matter for permissions, merged the
// way Gemini CLI merges its layers: single values and most lists from the
// last layer that sets them, tools.exclude and hooks added up.
type mergedSettings struct {
	approvalMode                        string
	approvalFile, approvalLayer         string
	planEnabled                         *bool
	disableYolo                         bool
	disableAlwaysAllow                  bool
	folderTrust                         *bool
	core, allowed, confirm, exclude     []sourced
	coreSet                             bool
	coreFile, coreLayer                 string
	mcpAllowed, mcpExcluded, trustedMCP []sourced
	// mcpServers are the names every layer's mcpServers object
	// configures, trusted or not.
	mcpServers                    []string
	policyPaths, adminPolicyPaths []sourced
	includeDirs                   []sourced
	hooks                         []hookDef
	hooksEnabled                  *bool
	hooksDisabled                 map[string]bool
}

// readSettings reads one settings file. A missing file gives nil and no
// problem; an unreadable or invalid one gives a problem and nil.
func readSettings(path, layer string) (*settingsFile, engine.ProblemLog) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, engine.ProblemLog{engine.Warnf(path, 0, "%v", err)}
	}
	return parseSettings(path, layer, data)
}

// parseSettings parses the bytes of one settings file read from path (its
// comments blanked out first). Invalid JSON is a problem naming the file
// and line, and no settings.
func parseSettings(path, layer string, data []byte) (*settingsFile, engine.ProblemLog) {
	raw := stripComments(data)
	var top map[string]any
	if err := json.Unmarshal(raw, &top); err != nil {
		p := jsonProblem(raw, path, err)
		p.Msg += "; the file is ignored"
		return nil, engine.ProblemLog{p}
	}
	return &settingsFile{path: path, layer: layer, raw: raw, data: top}, nil
}

// jsonProblem is a JSON error at its file and line.
func jsonProblem(data []byte, path string, err error) engine.Problem {
	switch off, syntax := jsonpos.Offset(err); {
	case syntax:
		return engine.Warnf(path, jsonpos.Line(data, off), "invalid JSON: %v", err)
	case off >= 0:
		return engine.Warnf(path, jsonpos.Line(data, off), "not a settings object: %v", err)
	}
	return engine.Warnf(path, 0, "invalid JSON: %v", err)
}

// keyLine is the line of the first `"key"` in data, 0 when absent.
func keyLine(data []byte, key string) int {
	if i := bytes.Index(data, []byte(`"`+key+`"`)); i >= 0 {
		return jsonpos.Line(data, int64(i))
	}
	return 0
}

// stripComments blanks out // and /* */ comments outside strings (Gemini
// CLI reads its JSON files through strip-json-comments), keeping every
// newline so error lines stay right.
func stripComments(data []byte) []byte {
	out := bytes.Clone(data)
	inStr, esc := false, false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			out[i], out[i+1] = ' ', ' '
			for i += 2; i < len(out); i++ {
				if out[i] == '*' && i+1 < len(out) && out[i+1] == '/' {
					out[i], out[i+1] = ' ', ' '
					i++
					break
				}
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
		}
	}
	return out
}

// lookup walks a dotted path through nested objects.
func (f *settingsFile) lookup(path ...string) (any, bool) {
	var cur any = f.data
	for _, k := range path {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

// settingsReader pulls typed values out of settings files, turning a value
// of the wrong type into a problem.
type settingsReader struct{ problems engine.ProblemLog }

func (sr *settingsReader) bad(f *settingsFile, path []string, want string) {
	key := strings.Join(path, ".")
	sr.problems.Add(f.path, keyLine(f.raw, path[len(path)-1]), "%s: want %s; ignored", key, want)
}

func (sr *settingsReader) str(f *settingsFile, path ...string) (string, bool) {
	v, ok := f.lookup(path...)
	if !ok || v == nil {
		return "", false
	}
	s, ok := v.(string)
	if !ok {
		sr.bad(f, path, "a string")
	}
	return s, ok
}

func (sr *settingsReader) boolean(f *settingsFile, path ...string) (bool, bool) {
	v, ok := f.lookup(path...)
	if !ok || v == nil {
		return false, false
	}
	b, ok := v.(bool)
	if !ok {
		sr.bad(f, path, "true or false")
	}
	return b, ok
}

func (sr *settingsReader) list(f *settingsFile, path ...string) ([]sourced, bool) {
	v, ok := f.lookup(path...)
	if !ok || v == nil {
		return nil, false
	}
	arr, ok := v.([]any)
	if !ok {
		sr.bad(f, path, "a list of strings")
		return nil, false
	}
	// Gemini CLI 0.61.0 only warns about an entry that is not a string
	// and uses the list as written (mcp.allowed ["srv", 3] still allowed
	// srv: coverage/branches2); where it meets such an entry it may also
	// fail to start (tools.allowed, tools.exclude, includeDirectories).
	out := make([]sourced, 0, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			sr.problems.Add(f.path, keyLine(f.raw, path[len(path)-1]), "%s[%d]: want a string; Gemini CLI only warns, and permsim ignores the entry", strings.Join(path, "."), i)
			continue
		}
		out = append(out, sourced{value: s, file: f.path, layer: f.layer})
	}
	return out, true
}

// merge reads the permission settings out of files, lowest precedence
// first (system defaults, user, project, system overrides).
func merge(files []*settingsFile) (*mergedSettings, engine.ProblemLog) {
	sr := &settingsReader{}
	m := &mergedSettings{hooksDisabled: map[string]bool{}}
	seenExclude := map[string]bool{}
	for _, f := range files {
		if v, ok := sr.str(f, "general", "defaultApprovalMode"); ok {
			m.approvalMode, m.approvalFile, m.approvalLayer = v, f.path, f.layer
		}
		if v, ok := sr.boolean(f, "general", "plan", "enabled"); ok {
			m.planEnabled = &v
		}
		if v, ok := sr.boolean(f, "security", "disableYoloMode"); ok {
			m.disableYolo = v
		}
		if v, ok := sr.boolean(f, "security", "disableAlwaysAllow"); ok {
			m.disableAlwaysAllow = v
		}
		if v, ok := sr.boolean(f, "security", "folderTrust", "enabled"); ok {
			m.folderTrust = &v
		}
		if v, ok := sr.list(f, "tools", "core"); ok {
			m.core, m.coreSet, m.coreFile, m.coreLayer = v, true, f.path, f.layer
		}
		if v, ok := sr.list(f, "tools", "allowed"); ok {
			m.allowed = v
		}
		if v, ok := sr.list(f, "tools", "confirmationRequired"); ok {
			m.confirm = v
		}
		if v, ok := sr.list(f, "tools", "exclude"); ok {
			for _, e := range v {
				if !seenExclude[e.value] {
					seenExclude[e.value] = true
					m.exclude = append(m.exclude, e)
				}
			}
		}
		if v, ok := sr.list(f, "mcp", "allowed"); ok {
			m.mcpAllowed = v
		}
		if v, ok := sr.list(f, "mcp", "excluded"); ok {
			m.mcpExcluded = v
		}
		if v, ok := f.lookup("mcpServers"); ok {
			if servers, ok := v.(map[string]any); ok {
				for name, cfg := range servers {
					if !slices.Contains(m.mcpServers, name) {
						m.mcpServers = append(m.mcpServers, name)
					}
					c, _ := cfg.(map[string]any)
					trusted, _ := c["trust"].(bool)
					m.trustedMCP = dropSourced(m.trustedMCP, name)
					if trusted {
						m.trustedMCP = append(m.trustedMCP, sourced{value: name, file: f.path, layer: f.layer})
					}
				}
			} else {
				sr.bad(f, []string{"mcpServers"}, "an object")
			}
		}
		if v, ok := sr.list(f, "policyPaths"); ok {
			m.policyPaths = v
		}
		if v, ok := sr.list(f, "adminPolicyPaths"); ok {
			m.adminPolicyPaths = v
		}
		if v, ok := sr.list(f, "context", "includeDirectories"); ok {
			m.includeDirs = append(m.includeDirs, v...)
		}
		if v, ok := sr.boolean(f, "hooksConfig", "enabled"); ok {
			m.hooksEnabled = &v
		}
		if v, ok := sr.list(f, "hooksConfig", "disabled"); ok {
			for _, e := range v {
				m.hooksDisabled[e.value] = true
			}
		}
		m.hooks = append(m.hooks, sr.beforeTool(f)...)
	}
	return m, sr.problems
}

// dropSourced removes the entries whose value is v.
func dropSourced(list []sourced, v string) []sourced {
	out := list[:0]
	for _, e := range list {
		if e.value != v {
			out = append(out, e)
		}
	}
	return out
}

// beforeTool reads hooks.BeforeTool: a list of {matcher, hooks: [{type,
// command, timeout}]}.
func (sr *settingsReader) beforeTool(f *settingsFile) []hookDef {
	v, ok := f.lookup("hooks", "BeforeTool")
	if !ok || v == nil {
		return nil
	}
	groups, ok := v.([]any)
	if !ok {
		sr.bad(f, []string{"hooks", "BeforeTool"}, "a list of hook groups")
		return nil
	}
	line := keyLine(f.raw, "BeforeTool")
	var out []hookDef
	for _, g := range groups {
		gm, ok := g.(map[string]any)
		if !ok {
			sr.bad(f, []string{"hooks", "BeforeTool"}, "a list of hook groups")
			continue
		}
		matcher, _ := gm["matcher"].(string)
		hooks, _ := gm["hooks"].([]any)
		for _, h := range hooks {
			hm, ok := h.(map[string]any)
			if !ok {
				continue
			}
			cmd, _ := hm["command"].(string)
			timeout, _ := hm["timeout"].(float64)
			out = append(out, hookDef{matcher: matcher, command: cmd, timeout: timeout, file: f.path, layer: f.layer, line: line})
		}
	}
	return out
}

// trustRecord reads ~/.gemini/trustedFolders.json and returns the trust
// level of the longest rule path that contains project (TRUST_PARENT
// counts for the rule folder's parent). found is false when no rule
// covers the project.
func trustRecord(path, project string) (trusted, found bool, problems engine.ProblemLog) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return false, false, nil
		}
		return false, false, engine.ProblemLog{engine.Warnf(path, 0, "%v", err)}
	}
	raw := stripComments(data)
	var rules map[string]any
	if err := json.Unmarshal(raw, &rules); err != nil {
		p := jsonProblem(raw, path, err)
		p.Msg += "; Gemini CLI refuses to start with it"
		p.Severity = engine.SeverityError
		return false, false, engine.ProblemLog{p}
	}
	best := -1
	for rulePath, v := range rules {
		level, _ := v.(string)
		eff := filepath.Clean(rulePath)
		switch level {
		case "TRUST_FOLDER", "DO_NOT_TRUST":
		case "TRUST_PARENT":
			eff = filepath.Dir(eff)
		default:
			problems = append(problems, engine.Errorf(path, keyLine(raw, rulePath), "%q: invalid trust level %v (TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST); Gemini CLI refuses to start with it",
				rulePath, v))
			continue
		}
		if !shell.Within(project, eff) || len(rulePath) <= best {
			continue
		}
		best = len(rulePath)
		trusted, found = level != "DO_NOT_TRUST", true
	}
	return trusted, found, problems
}
