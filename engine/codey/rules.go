package codey

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/links"
	"github.com/permsim/permsim/engine/pathrule"
)

// Policy is Codey's compiled rules for one project. It is immutable after
// Load and safe for concurrent use.
type Policy struct {
	project     string
	realProject string // the project with symlinks resolved
	home        string

	// links resolves the symbolic links on the paths calls name, keeping
	// how each folder resolved (nil: none kept).
	links *links.Cache

	files    []*settingsFile
	infos    []engine.RuleInfo
	problems engine.ProblemLog

	deny, ask, allow []*rule // rules in force, in file order

	trusted  bool
	trustWhy string

	mode      engine.Mode // the mode the command line and files select
	modeLabel string
	modeNotes []string

	always map[string]bool // tools the user said "always this tool" for
}

// ruleKind says how a rule's specifier is read.
type ruleKind int

const (
	kindTool   ruleKind = iota // no specifier: every call of the tool
	kindBash                   // Bash(command pattern)
	kindPath                   // Read/Edit/MultiEdit/Write(path)
	kindDomain                 // WebFetch(domain:host)
)

// rule is one rule in force.
type rule struct {
	text  string
	list  string
	file  *settingsFile
	line  int
	tools []string // the Codey tools it covers; mcp__… names as written
	kind  ruleKind

	bash   string
	path   pathrule.Pattern
	domain string
}

// ref is the rule as a Decision names it.
func (r *rule) ref() *engine.RuleRef {
	return &engine.RuleRef{Text: r.text, File: r.file.path, Layer: r.file.layer, List: r.list}
}

// where is "FILE:LINE", for the denial the model reads.
func (r *rule) where() string {
	if r.line > 0 {
		return fmt.Sprintf("%s:%d", r.file.path, r.line)
	}
	return r.file.path
}

// toolMap is the seed's mapping of Claude Code's names onto Codey's: "Bash
// is bash, Read is read_file (and, as best it can, glob and grep), Edit is
// both edit_file and write_file, MultiEdit is edit_file, Write is
// write_file, Glob, Grep, WebFetch, WebSearch and TodoWrite are the obvious
// ones".
var toolMap = map[string][]string{
	"Bash":      {ToolBash},
	"Read":      {ToolReadFile, ToolGlob, ToolGrep},
	"Edit":      {ToolEditFile, ToolWriteFile},
	"MultiEdit": {ToolEditFile},
	"Write":     {ToolWriteFile},
	"Glob":      {ToolGlob},
	"Grep":      {ToolGrep},
	"WebFetch":  {ToolWebFetch},
	"WebSearch": {ToolWebSearch},
	"TodoWrite": {ToolTodoWrite},
}

// pathTools are the Claude Code names whose specifier is a path.
var pathTools = map[string]bool{"Read": true, "Edit": true, "MultiEdit": true, "Write": true}

var ruleForm = regexp.MustCompile(`^([A-Za-z0-9_*-]+)(?:\((.*)\))?$`)

// compileRule reads one rule. notInForce says why a rule takes no part: a
// tool Codey does not have, or a form it does not understand.
func compileRule(text, list string, f *settingsFile, line int) (r *rule, notInForce string) {
	r = &rule{text: text, list: list, file: f, line: line}
	m := ruleForm.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return r, "a form Codey does not understand (not Tool or Tool(specifier)); takes no part"
	}
	name, hasSpec, spec := m[1], m[2] != "" || strings.Contains(text, "("), m[2]
	if strings.HasPrefix(name, "mcp__") {
		// "mcp__server and mcp__server__tool are unchanged."
		if hasSpec {
			return r, "an MCP rule takes no (specifier): a form Codey does not understand; takes no part"
		}
		if strings.TrimPrefix(name, "mcp__") == "" {
			return r, "names no MCP server; takes no part"
		}
		r.tools, r.kind = []string{name}, kindTool
		return r, ""
	}
	tools, ok := toolMap[name]
	if !ok {
		return r, "Codey has no tool " + name + "; takes no part"
	}
	r.tools = tools
	if !hasSpec || strings.TrimSpace(spec) == "" {
		r.kind = kindTool
		return r, ""
	}
	switch {
	case name == "Bash":
		r.kind, r.bash = kindBash, spec
	case pathTools[name]:
		if strings.HasPrefix(spec, "!") {
			return r, "a \"!\" carve-out is a form Codey does not understand; takes no part"
		}
		pat, err := pathrule.Parse(spec)
		if err != nil {
			return r, "a path Codey cannot read (" + err.Error() + "); takes no part"
		}
		r.kind, r.path = kindPath, pat
	case name == "WebFetch":
		d, ok := strings.CutPrefix(spec, "domain:")
		if !ok || d == "" {
			return r, "WebFetch rules take domain:host; takes no part"
		}
		r.kind, r.domain = kindDomain, strings.ToLower(d)
	default:
		return r, name + " takes no (specifier): a form Codey does not understand; takes no part"
	}
	return r, ""
}

// compile turns every file's lists into rules, and records every rule
// under its file with whether it is in force and why not.
func (p *Policy) compile() {
	for _, f := range p.files {
		for _, list := range []string{"allow", "ask", "deny"} {
			for _, rt := range f.s.Rules[list] {
				r, why := compileRule(rt.Text, list, f, rt.Line)
				if why != "" {
					p.problems.Add(f.path, rt.Line, "%s rule %q: %s", list, rt.Text, why)
				}
				if why == "" && list == "allow" && f.shared && !p.trusted {
					// "The shared file's allow rules therefore wait for the
					// same trust question as its .mcp.json, and until you
					// answer it they are listed and ignored."
					why = "an allow rule the repository wrote: waits for the trust question (not answered)"
					if f.layer == LayerLocal {
						why += "; " + f.why
					}
				}
				info := engine.RuleInfo{File: f.path, Layer: f.layer, List: list, Rule: rt.Text, InForce: why == "", Why: why}
				if why == "" && f.shared && f.layer == LayerLocal {
					info.Why = f.why
				}
				if why == "" && list == "allow" && f.shared {
					info.Why = strings.TrimPrefix(info.Why+"; ", "; ") + "the repository's allow rule, in force because the project is trusted (" + p.trustWhy + ")"
				}
				p.infos = append(p.infos, info)
				if why != "" {
					continue
				}
				switch list {
				case "allow":
					p.allow = append(p.allow, r)
				case "ask":
					p.ask = append(p.ask, r)
				case "deny":
					p.deny = append(p.deny, r)
				}
			}
		}
	}
}

// resolveMode picks the mode the settings select: the command line's, else
// defaultMode "acceptEdits" from a file of the user's, else default. Every
// other defaultMode, and any defaultMode of the repository's, is ignored
// with a notice.
func (p *Policy) resolveMode(env engine.Env) {
	p.mode, p.modeLabel = ModeDefault, "built-in default"
	for _, f := range p.files {
		if !f.s.HasDefaultMode {
			continue
		}
		m := f.s.DefaultMode
		at := fmt.Sprintf("%s:%d", f.path, lineOfKey(f, "defaultMode"))
		var why string
		switch {
		case f.shared:
			why = "the repository's defaultMode is ignored"
		case m == "acceptEdits":
			p.mode, p.modeLabel = ModeAcceptEdits, "defaultMode in "+f.path
		case m == "default":
			p.mode, p.modeLabel = ModeDefault, "defaultMode in "+f.path
		case m == "bypassPermissions":
			why = "bypassPermissions is ignored: in Codey the way to stop being asked is -yolo, typed on the command line for one run"
		default:
			why = "Codey has no mode " + m + "; ignored"
		}
		if why != "" {
			note := fmt.Sprintf("%s: defaultMode %q: %s", at, m, why)
			p.modeNotes = append(p.modeNotes, note)
			p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: f.layer, List: "defaultMode", Rule: m, Why: why})
		} else {
			p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: f.layer, List: "defaultMode", Rule: m, InForce: true})
		}
	}
	if v := env.Flags[FlagMode]; v != "" {
		if m, ok := normalizeMode(v); ok {
			p.mode, p.modeLabel = m, "command line"
		} else {
			p.modeNotes = append(p.modeNotes, fmt.Sprintf("mode %q: Codey's modes are default, acceptEdits and -yolo; default used", v))
		}
	}
}

// normalizeMode reads a mode as the command line or an imported call
// spells it.
func normalizeMode(s string) (engine.Mode, bool) {
	switch s {
	case "default", "":
		return ModeDefault, true
	case "acceptEdits":
		return ModeAcceptEdits, true
	case "yolo", "-yolo", "--yolo":
		return ModeYolo, true
	}
	return ModeDefault, false
}

// lineOfKey is the line of key in f, 1 when not found.
func lineOfKey(f *settingsFile, key string) int {
	if f.s.Data == nil {
		return 1
	}
	i := strings.Index(string(f.s.Data), `"`+key+`"`)
	if i < 0 {
		return 1
	}
	return strings.Count(string(f.s.Data[:i]), "\n") + 1
}

// Why lines for what the seed says is not carried over.
const (
	whyHooks    = "not carried over: Claude Code's hooks (PreToolUse, PostToolUse and the rest); Codey's hooks watch and cannot veto, so a script written to block a tool call would silently block nothing here"
	whySetting  = "not carried over: a non-permission setting; Codey has its own config for the ones it has an equivalent of"
	whyAddDirs  = "not carried over: permissions.additionalDirectories; the file tools keep the working root as their only root"
	whyMCPNames = "not carried over: .mcp.json servers approved by name; a server whose command changed under the same name would still count, so Codey asks its own question about the exact definitions"
	whyRulesDir = "not carried over: .claude/rules/"
	whyPermKey  = "not a permission rule list; Codey reads only allow, ask, deny and defaultMode"
)

// notCarried lists, under their files, the settings Codey reads no
// meaning from, with the seed's reason.
func (p *Policy) notCarried() {
	for _, f := range p.files {
		keys := slices.Sorted(maps.Keys(f.s.Top))
		for _, k := range keys {
			info := engine.RuleInfo{File: f.path, Layer: f.layer, List: "setting", Rule: k}
			switch k {
			case "permissions", "$schema":
				continue
			case "hooks":
				info.Why = whyHooks
			case "enabledMcpjsonServers", "enableAllProjectMcpServers", "disabledMcpjsonServers":
				info.Why = whyMCPNames
			default:
				info.Why = whySetting
			}
			p.infos = append(p.infos, info)
		}
		for _, d := range f.s.AdditionalDirectories {
			p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: f.layer, List: "additionalDirectories", Rule: d, Why: whyAddDirs})
		}
		var perms map[string]json.RawMessage
		if json.Unmarshal(f.s.Top["permissions"], &perms) == nil {
			keys = keys[:0]
			for k := range perms {
				switch k {
				case "allow", "ask", "deny", "defaultMode", "additionalDirectories":
				default:
					keys = append(keys, k)
				}
			}
			sort.Strings(keys)
			for _, k := range keys {
				p.infos = append(p.infos, engine.RuleInfo{File: f.path, Layer: f.layer, List: "setting", Rule: "permissions." + k, Why: whyPermKey})
			}
		}
	}
	dir := filepath.Join(p.project, ".claude", "rules")
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		p.infos = append(p.infos, engine.RuleInfo{File: dir, Layer: LayerProject, List: "rules-dir", Rule: ".claude/rules/", Why: whyRulesDir})
	}
}

// Rules lists every rule under its file, in force or not, and why.
func (p *Policy) Rules() []engine.RuleInfo { return append([]engine.RuleInfo(nil), p.infos...) }

// Problems lists files that could not be read and rules that take no part.
func (p *Policy) Problems() []string { return p.problems.Strings() }

// ProblemList is Problems as values, as the loaders wrote them
// (engine.ProblemLister).
func (p *Policy) ProblemList() []engine.Problem { return p.problems.List() }

// Modes lists the settings' mode first, then Codey's other modes.
func (p *Policy) Modes() []engine.Mode {
	out := []engine.Mode{p.mode}
	for _, m := range []engine.Mode{ModeDefault, ModeAcceptEdits, ModeYolo} {
		if m != p.mode {
			out = append(out, m)
		}
	}
	return out
}

// OnlyAllow returns a copy of the policy whose only allow rule in force is
// the one written as text in file (deny and ask rules unchanged), so a
// caller can see what that one rule lets run (permsim audit). The copy
// shares the original's read-only state.
func (p *Policy) OnlyAllow(file, text string) *Policy {
	q := *p
	q.allow = nil
	for _, r := range p.allow {
		if r.file.path == file && r.text == text {
			q.allow = append(q.allow, r)
		}
	}
	return &q
}
