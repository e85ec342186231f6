package codex

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/permsim/permsim/engine"
)

// Approval policies, spelled as Codex spells them.
const (
	approvalUntrusted = "untrusted"
	approvalOnRequest = "on-request"
	approvalOnFailure = "on-failure"
	approvalNever     = "never"
	approvalGranular  = "granular"
)

// Sandbox modes, spelled as Codex spells them.
const (
	sandboxReadOnly       = "read-only"
	sandboxWorkspaceWrite = "workspace-write"
	sandboxFullAccess     = "danger-full-access"
)

// bypassFlag is the command-line flag that turns both approvals and the
// sandbox off; as a mode string it stands for never:danger-full-access.
const bypassFlag = "--dangerously-bypass-approvals-and-sandbox"

// granularSwitches are the switches of a granular approval policy, in the
// order Codex documents them.
var granularSwitches = []string{"sandbox_approval", "rules", "mcp_elicitations", "request_permissions", "skill_approval"}

// approval is one approval policy. For the granular form, off lists the
// switches that are false: a prompt of that kind is refused instead.
type approval struct {
	kind string
	off  map[string]bool
	// bare is set for "granular" written without switches: it takes the
	// switches of a granular policy in config.toml when there is one.
	bare bool
}

// refuses reports whether the policy turns a prompt into a refusal:
// "never" refuses every prompt; a granular policy refuses a rule's prompt
// when rules is off and any other (sandbox, escalation) when
// sandbox_approval is off.
func (a approval) refuses(fromRule bool) bool {
	switch a.kind {
	case approvalNever:
		return true
	case approvalGranular:
		if fromRule {
			return a.off["rules"]
		}
		return a.off["sandbox_approval"]
	}
	return false
}

// retriesOutside reports whether Codex asks to run a command again outside
// the sandbox after the sandbox stopped it: on-failure always, a granular
// policy when sandbox_approval is on. on-request and never hand the failure
// back to the model.
func (a approval) retriesOutside() bool {
	return a.kind == approvalOnFailure || (a.kind == approvalGranular && !a.off["sandbox_approval"])
}

// String spells the policy for a mode string: the kind, and for the
// granular form every switch, "granular(sandbox_approval=true,rules=false,…)".
func (a approval) String() string {
	if a.kind != approvalGranular {
		return a.kind
	}
	parts := make([]string, 0, len(granularSwitches))
	for _, s := range granularSwitches {
		parts = append(parts, s+"="+strconv.FormatBool(!a.off[s]))
	}
	return approvalGranular + "(" + strings.Join(parts, ",") + ")"
}

// modeParts is a mode string taken apart. An empty field was not given and
// comes from the configuration.
type modeParts struct {
	approval *approval
	sandbox  string
}

// parseMode reads a mode string: "APPROVAL:SANDBOX", "APPROVAL" alone,
// ":SANDBOX" alone, or --dangerously-bypass-approvals-and-sandbox.
// APPROVAL is untrusted (or unless-trusted), on-request, on-failure, never,
// granular (the switches of config.toml's granular policy, else every
// switch on), granular(name=bool,…), or the JSON object a
// rollout records ({"granular":{"rules":false,…}}, Python's True/False
// accepted). SANDBOX is read-only, workspace-write or danger-full-access,
// with "_" read as "-".
func parseMode(s string) (modeParts, error) {
	s = strings.TrimSpace(s)
	switch s {
	case "":
		return modeParts{}, nil
	case bypassFlag, strings.TrimPrefix(bypassFlag, "--"):
		return modeParts{approval: &approval{kind: approvalNever}, sandbox: sandboxFullAccess}, nil
	}
	var ap, sb string
	if strings.HasPrefix(s, "{") {
		end := matchingBrace(s)
		if end < 0 {
			return modeParts{}, fmt.Errorf("mode %q: unbalanced braces", s)
		}
		ap, sb = s[:end+1], strings.TrimPrefix(s[end+1:], ":")
	} else if i := strings.IndexByte(s, ':'); i >= 0 && !strings.Contains(s[:i], "(") {
		ap, sb = s[:i], s[i+1:]
	} else if i := strings.LastIndex(s, "):"); i >= 0 {
		ap, sb = s[:i+1], s[i+2:]
	} else {
		ap = s
	}
	var m modeParts
	if ap = strings.TrimSpace(ap); ap != "" {
		a, err := parseApproval(ap)
		if err != nil {
			return modeParts{}, err
		}
		m.approval = &a
	}
	if sb = strings.TrimSpace(sb); sb != "" {
		v, ok := normalizeSandbox(sb)
		if !ok {
			return modeParts{}, fmt.Errorf("unknown sandbox mode %q (want read-only, workspace-write or danger-full-access)", sb)
		}
		m.sandbox = v
	}
	return m, nil
}

func matchingBrace(s string) int {
	depth := 0
	for i, c := range s {
		switch c {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// normalizeSandbox spells a sandbox mode the way Codex's config does.
func normalizeSandbox(s string) (string, bool) {
	v := strings.ReplaceAll(strings.ToLower(strings.TrimSpace(s)), "_", "-")
	switch v {
	case sandboxReadOnly, sandboxWorkspaceWrite, sandboxFullAccess:
		return v, true
	case "readonly":
		return sandboxReadOnly, true
	case "workspacewrite":
		return sandboxWorkspaceWrite, true
	case "dangerfullaccess", "full-access":
		return sandboxFullAccess, true
	}
	return "", false
}

// parseApproval reads one approval policy as a mode string or config value
// spells it.
func parseApproval(s string) (approval, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	switch v {
	case approvalUntrusted, "unless-trusted", "unlesstrusted", "unless_trusted":
		return approval{kind: approvalUntrusted}, nil
	case approvalOnRequest, "onrequest", "on_request":
		return approval{kind: approvalOnRequest}, nil
	case approvalOnFailure, "onfailure", "on_failure":
		return approval{kind: approvalOnFailure}, nil
	case approvalNever:
		return approval{kind: approvalNever}, nil
	case approvalGranular:
		return approval{kind: approvalGranular, off: map[string]bool{}, bare: true}, nil
	}
	if strings.HasPrefix(v, "granular(") && strings.HasSuffix(v, ")") {
		a := approval{kind: approvalGranular, off: map[string]bool{}}
		for _, kv := range strings.Split(v[len("granular("):len(v)-1], ",") {
			if kv = strings.TrimSpace(kv); kv == "" {
				continue
			}
			k, val, ok := strings.Cut(kv, "=")
			b, err := strconv.ParseBool(strings.TrimSpace(val))
			if !ok || err != nil {
				return approval{}, fmt.Errorf("approval %q: want name=true|false, got %q", s, kv)
			}
			if !b {
				a.off[strings.TrimSpace(k)] = true
			}
		}
		return a, nil
	}
	if strings.HasPrefix(v, "{") {
		return parseGranularJSON(s)
	}
	return approval{}, fmt.Errorf("unknown approval policy %q (want untrusted, on-request, on-failure, never or granular)", s)
}

// parseGranularJSON reads {"granular": {"rules": false, …}}, the form a
// rollout's turn context records, also when written with Python's quotes
// and True/False.
func parseGranularJSON(s string) (approval, error) {
	text := strings.NewReplacer("'", `"`, "True", "true", "False", "false").Replace(s)
	var m map[string]map[string]bool
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		return approval{}, fmt.Errorf("approval %q: %v", s, err)
	}
	g, ok := m[approvalGranular]
	if !ok || len(m) != 1 {
		return approval{}, fmt.Errorf("approval %q: want {\"granular\": {…}}", s)
	}
	return granularFrom(g), nil
}

// granularFrom builds a granular policy from its switches; a switch not
// given counts as on.
func granularFrom(g map[string]bool) approval {
	a := approval{kind: approvalGranular, off: map[string]bool{}}
	keys := make([]string, 0, len(g))
	for k := range g {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !g[k] {
			a.off[k] = true
		}
	}
	return a
}

// modeString joins an approval policy and a sandbox mode the way permsim
// spells Codex modes.
func modeString(a approval, sandbox string) engine.Mode {
	return engine.Mode(a.String() + ":" + sandbox)
}
