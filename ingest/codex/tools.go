package codex

import (
	"path/filepath"
	"strconv"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// NormalizeTool maps a Codex tool name (a function_call name, or the item
// type of a local_shell_call or web_search_call) to the calls table's tool
// word. MCP tools are named <server>__<tool>; no built-in name holds "__".
func NormalizeTool(name string) string { return string(toolcall.CodexNames.Normalize(name)) }

// fillFunctionCall copies what the calls table needs out of a
// function_call's arguments into row. Only the built-in tools' own keys
// are read: an MCP tool's "command" or "path" means whatever its server
// says.
func fillFunctionCall(row *ingest.Row, args []byte) {
	if row.Tool == "mcp" || row.Tool == "other" && row.RawTool != "list_dir" && row.RawTool != "view_image" {
		return
	}
	m, ok := readArgs(args)
	if !ok {
		return
	}
	if wd, ok := jsonString(m.get("workdir")); ok {
		row.Cwd = resolve(wd, row.Cwd)
	}
	if s, _ := jsonString(m.get("sandbox_permissions")); s == "require_escalated" || string(m.get("with_escalated_permissions")) == "true" {
		row.Escalated = true
	}
	if n, ok := number(m.get("timeout_ms")); ok {
		row.TimeoutMs = n
	}
	switch row.RawTool {
	case "shell", "container.exec":
		var argv []string
		if json.Unmarshal(m.get("command"), &argv) == nil {
			fillArgv(row, argv)
		} else if s, ok := jsonString(m.get("command")); ok {
			fillScript(row, s)
		}
	case "shell_command":
		s, _ := jsonString(m.get("command"))
		fillScript(row, s)
	case "exec_command":
		s, _ := jsonString(m.get("cmd"))
		fillScript(row, s)
	case "apply_patch":
		patch, ok := jsonString(m.get("input"))
		if !ok {
			patch, _ = jsonString(m.get("patch"))
		}
		row.Paths = patchPaths(patch, row.Cwd)
	case "read_file":
		if p, _ := jsonString(m.get("file_path")); p != "" {
			row.Paths = []string{resolve(p, row.Cwd)}
		}
	case "list_dir":
		if p, _ := jsonString(m.get("dir_path")); p != "" {
			row.Paths = []string{resolve(p, row.Cwd)}
		}
	case "view_image":
		if p, _ := jsonString(m.get("path")); p != "" {
			row.Paths = []string{resolve(p, row.Cwd)}
		}
	case "grep_files":
		row.Pattern, _ = jsonString(m.get("pattern"))
		if p, _ := jsonString(m.get("path")); p != "" {
			row.Paths = []string{resolve(p, row.Cwd)}
		}
	}
}

// fillArgv handles an argv-form shell call (shell, local_shell_call): a
// shell wrapper `bash -lc <script>` is unpacked to its script, any other
// argv is joined with shell quoting, and `apply_patch <patch>` (how older
// sessions ran patches through the shell tool) is an edit of the files
// the patch names.
func fillArgv(row *ingest.Row, argv []string) {
	if len(argv) == 0 {
		return
	}
	if b := filepath.Base(argv[0]); (b == "apply_patch" || b == "applypatch") && len(argv) >= 2 {
		row.Tool = "edit"
		row.Paths = patchPaths(argv[1], row.Cwd)
		return
	}
	if script, ok := unwrapShell(argv); ok {
		fillScript(row, script)
		return
	}
	row.Command = joinArgv(argv)
}

// fillScript records a shell script; a script that only feeds a patch to
// apply_patch (`apply_patch <<'EOF' … EOF`, which Codex intercepts and
// applies itself) is an edit of the files the patch names.
func fillScript(row *ingest.Row, script string) {
	t := strings.TrimSpace(script)
	if (strings.HasPrefix(t, "apply_patch") || strings.HasPrefix(t, "applypatch")) && strings.Contains(t, "*** Begin Patch") {
		row.Tool = "edit"
		row.Paths = patchPaths(t, row.Cwd)
		return
	}
	row.Command = script
}

var shells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "ksh": true, "fish": true,
	"bash.exe": true, "sh.exe": true}

// unwrapShell returns the script of `<shell> [-l] -c <script>` (also
// -lc, -ilc) and `powershell|pwsh … -Command <script>`.
func unwrapShell(argv []string) (string, bool) {
	base := strings.ToLower(filepath.Base(argv[0]))
	if shells[base] {
		i := 1
		for i < len(argv)-1 {
			f := argv[i]
			if f == "-c" || (strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "--") && strings.HasSuffix(f, "c")) {
				if i+2 == len(argv) {
					return argv[i+1], true
				}
				return "", false
			}
			if f == "-l" || f == "-i" || f == "--login" || f == "--noprofile" || f == "--norc" {
				i++
				continue
			}
			return "", false
		}
		return "", false
	}
	if base == "powershell" || base == "powershell.exe" || base == "pwsh" || base == "pwsh.exe" {
		for i := 1; i < len(argv)-1; i++ {
			if f := strings.ToLower(argv[i]); (f == "-command" || f == "-c") && i+2 == len(argv) {
				return argv[i+1], true
			}
		}
	}
	return "", false
}

// joinArgv renders argv as one POSIX shell command line.
func joinArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = shellQuote(a)
	}
	return strings.Join(parts, " ")
}

func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	safe := true
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_./=:,+@%^", c)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// patchPaths returns the files an apply_patch patch names in its
// "*** Add File:", "*** Update File:", "*** Delete File:" and
// "*** Move to:" lines, made absolute against cwd, each once, in order.
func patchPaths(patch, cwd string) []string {
	var paths []string
	seen := map[string]bool{}
	for line := range strings.SplitSeq(patch, "\n") {
		line = strings.TrimRight(line, "\r")
		if !strings.HasPrefix(line, "*** ") {
			continue
		}
		rest := line[4:]
		var p string
		for _, h := range []string{"Add File:", "Update File:", "Delete File:", "Move to:"} {
			if v, ok := strings.CutPrefix(rest, h); ok {
				p = strings.TrimSpace(v)
				break
			}
		}
		if p == "" {
			continue
		}
		p = resolve(p, cwd)
		if !seen[p] {
			seen[p] = true
			paths = append(paths, p)
		}
	}
	return paths
}

// resolve makes p absolute against cwd (when cwd is known); "" stays "".
func resolve(p, cwd string) string {
	if p == "" {
		return cwd
	}
	if !filepath.IsAbs(p) && cwd != "" {
		return filepath.Join(cwd, p)
	}
	return filepath.Clean(p)
}

func number(raw json.RawMessage) (int64, bool) {
	if len(raw) == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil {
		return 0, false
	}
	return int64(f), true
}

// execLike reports whether the call ran (or fed) a process, so that its
// output's exit code is the call's.
func execLike(r ingest.Row) bool {
	return r.Tool == "bash" || r.Tool == "edit" || r.RawTool == "write_stdin"
}

// outputText returns the text of a call output: a string, or the text
// items of the newer content-item form joined.
func outputText(raw json.RawMessage) string {
	if s, ok := ingest.TextOf(raw); ok {
		return s
	}
	var obj struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(raw, &obj) == nil && len(obj.Content) > 0 {
		return outputText(obj.Content)
	}
	return string(raw)
}

// verdict is what a call output says about the call.
type verdict struct {
	result  string // ok, error, denied, unknown
	exit    *int64
	running bool // the process was still running when the output was written
}

// Outputs that say the call never ran because it was refused, from the
// Codex exec and patch handlers (transcript-formats.md §2.5) and the real
// Codex 0.169.0 recordings ("exec_command failed: CreateProcess { message:
// "Rejected(…)" }" for a declined approval or a forbidden rule, "patch
// rejected: …" for a patch the sandbox policy refused).
var (
	deniedExact    = []string{"exec command rejected by user", "patch rejected by user"}
	deniedPrefixes = []string{"patch rejected", "exec command rejected", "approval policy is "}
	deniedPhrases  = []string{"rejected due to unacceptable risk", "rejected by user"}
)

// classify turns a call output into the calls table's result. For calls
// that run a process (exec is set) the exit code comes first: a command's
// own output may contain any phrase below without having been refused.
func classify(text string, exec bool) verdict {
	t := strings.TrimSpace(text)
	for _, d := range deniedExact {
		if t == d {
			return verdict{result: "denied"}
		}
	}
	if exec {
		if n, ok := exitCode(t); ok {
			return exitVerdict(n)
		}
		if runningSession(t) {
			return verdict{result: "unknown", running: true}
		}
	}
	head := t[:min(len(t), 1024)]
	for _, p := range deniedPrefixes {
		if strings.HasPrefix(head, p) {
			return verdict{result: "denied"}
		}
	}
	if strings.HasPrefix(head, "exec_command failed") && strings.Contains(head, "Rejected(") {
		return verdict{result: "denied"}
	}
	for _, p := range deniedPhrases {
		if strings.Contains(head, p) {
			return verdict{result: "denied"}
		}
	}
	if exec && (strings.HasPrefix(head, "exec_command failed") || strings.HasPrefix(head, "execution error") ||
		strings.HasPrefix(head, "failed to ")) {
		return verdict{result: "error"}
	}
	return verdict{result: "ok"}
}

func exitVerdict(n int64) verdict {
	if n == 0 {
		return verdict{result: "ok", exit: &n}
	}
	return verdict{result: "error", exit: &n}
}

// exitCode finds the exit code in the output forms of §2.5: the older
// structured JSON {"output": …, "metadata": {"exit_code": N}}, the freeform
// "Exit code: N" first line, and unified exec's "Process exited with code
// N" header line (before "Output:").
func exitCode(t string) (int64, bool) {
	if strings.HasPrefix(t, "{") && strings.Contains(t, `"exit_code"`) {
		var s struct {
			Metadata *struct {
				ExitCode *int64 `json:"exit_code"`
			} `json:"metadata"`
		}
		if json.Unmarshal([]byte(t), &s) == nil && s.Metadata != nil && s.Metadata.ExitCode != nil {
			return *s.Metadata.ExitCode, true
		}
	}
	h := header(t)
	for i, line := range h.l[:h.n] {
		if i == 0 {
			if v, ok := strings.CutPrefix(line, "Exit code: "); ok {
				return atoi(v)
			}
		}
		if v, ok := strings.CutPrefix(line, "Process exited with code "); ok {
			return atoi(v)
		}
	}
	return 0, false
}

// runningSessionID is N of "Process running with session ID N", or "".
func runningSessionID(t string) string {
	h := header(t)
	for _, line := range h.l[:h.n] {
		if v, ok := strings.CutPrefix(line, "Process running with session ID "); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// qualifiedName is the tool name a call is recorded under: newer Codex
// sends an MCP tool as name "<tool>" with namespace "mcp__<server>__" (or
// "mcp__<server>"); joined, it is the <server>__<tool> form older rollouts
// record, which names the server. Other namespaces (multi_agent_v1, …)
// are Codex's own tool groups: their name stands alone.
func qualifiedName(namespace, name string) string {
	if !strings.HasPrefix(namespace, "mcp__") {
		return name
	}
	if strings.HasSuffix(namespace, "__") {
		return namespace + name
	}
	return namespace + "__" + name
}

func runningSession(t string) bool {
	h := header(t)
	for _, line := range h.l[:h.n] {
		if strings.HasPrefix(line, "Process running with session ID ") {
			return true
		}
	}
	return false
}

// header returns the lines of a freeform exec output before its "Output:"
// line (at most 8): the part Codex writes, not the command's.
func header(t string) headerLines {
	var h headerLines
	for line := range strings.SplitSeq(t, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "Output:" || h.n == len(h.l) {
			break
		}
		h.l[h.n] = line
		h.n++
	}
	return h
}

// headerLines holds header's lines in place (a slice grown per output
// was a heap object for every call output).
type headerLines struct {
	n int
	l [8]string
}

func atoi(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// recorded is what a call output shows happened to the call
// (toolcall.Recorded*) and the evidence, given classify's verdict of the
// same text: the refusal by who refused (the texts of classify's lists:
// the exec and patch handlers, the guardian, the approval policy, the
// forbidden prefix rules and the read-only sandbox of the real 0.169.0
// recordings), the exit code line of a command that ran, the "Process
// running" line of one that outlived its first output.
func recorded(text string, exec bool, v verdict) (string, string) {
	t := strings.TrimSpace(text)
	head := t[:min(len(t), 1024)]
	if v.result == "denied" {
		out := toolcall.RecordedUserRefused
		switch {
		case strings.Contains(head, "rejected due to unacceptable risk"):
			out = toolcall.RecordedClassifierRefused
		case strings.HasPrefix(head, "patch rejected") && strings.Contains(head, "sandbox"):
			out = toolcall.RecordedSandboxRefused
		case strings.HasPrefix(head, "approval policy is "),
			strings.Contains(head, "approval required by policy"),
			strings.Contains(head, "` rejected: "):
			// The approval policy refused to ask, or a prefix rule
			// forbids the command.
			out = toolcall.RecordedRuleBlocked
		}
		return out, toolcall.Evidence(head)
	}
	if v.running {
		return toolcall.RecordedRan, headerLine(t, "Process running with session ID ")
	}
	if exec && v.exit != nil {
		if line := headerLine(t, "Exit code: ", "Process exited with code "); line != "" {
			return toolcall.RecordedRan, line
		}
		return toolcall.RecordedRan, "metadata.exit_code " + strconv.FormatInt(*v.exit, 10)
	}
	switch {
	case strings.HasPrefix(head, "apply_patch verification failed"):
		// The patch did not apply to the files as they were: checked
		// before the patch's safety, it says nothing of the permission.
		return toolcall.RecordedToolError, toolcall.Evidence(head)
	case exec && v.result == "error":
		// The process could not be started (no Rejected(…) in it).
		return toolcall.RecordedToolError, toolcall.Evidence(head)
	case v.result == "ok":
		if head == "" {
			return toolcall.RecordedRan, "an empty output"
		}
		return toolcall.RecordedRan, toolcall.Evidence(head)
	}
	return "", ""
}

// headerLine is the first line of the output's header that starts with
// one of prefixes, or "".
func headerLine(t string, prefixes ...string) string {
	h := header(t)
	for _, line := range h.l[:h.n] {
		for _, p := range prefixes {
			if strings.HasPrefix(line, p) {
				return toolcall.Evidence(line)
			}
		}
	}
	return ""
}
