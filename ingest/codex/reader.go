package codex

import (
	"bytes"
	"path/filepath"
	"strings"
	"time"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// item is one rollout line. An envelope line ({timestamp, type, payload})
// has its payload in Payload; a bare 2025 line is the response item (or
// the session header, or a state marker) itself, so the same struct serves
// for both and for the payload.
type item struct {
	Timestamp  string `json:"timestamp"`
	Type       string `json:"type"`
	RecordType string `json:"record_type"`
	Payload    *item  `json:"payload"`

	// session_meta (and the bare first line)
	ID             string          `json:"id"`
	Cwd            string          `json:"cwd"`
	CLIVersion     string          `json:"cli_version"`
	Source         json.RawMessage `json:"source"`
	ParentThreadID string          `json:"parent_thread_id"`
	ForkedFromID   string          `json:"forked_from_id"`

	// turn_context
	ApprovalPolicy json.RawMessage `json:"approval_policy"`
	SandboxPolicy  json.RawMessage `json:"sandbox_policy"`
	Model          string          `json:"model"`

	// response items
	Role      string          `json:"role"`
	Content   json.RawMessage `json:"content"`
	Name      string          `json:"name"`
	Namespace string          `json:"namespace"`
	Arguments json.RawMessage `json:"arguments"`
	Input     json.RawMessage `json:"input"`
	CallID    string          `json:"call_id"`
	Output    json.RawMessage `json:"output"`
	Status    string          `json:"status"`
	Action    json.RawMessage `json:"action"`
}

// maxPending bounds the calls a file keeps waiting for their output. A
// call left without one (an interrupt, a crash) never gets it later; the
// oldest beyond the bound go out as unknown and are forgotten.
const maxPending = 256

// fileReader reads one rollout (or its new tail).
type fileReader struct {
	path     string
	base     string // file name without .zst: copies of one rollout (archived, compressed) rank alike
	st       *fileState
	sink     ingest.Sink
	line     int64
	first    bool // the first non-empty line of the file is still to come
	pend     *ingest.Pending
	fl       fastLine  // the fast path's scratch (fast.go)
	rankTime time.Time // the time of the last rank made, and the rank
	rankStr  string
	// noFast turns the fast path off: the tests compare the two paths.
	noFast bool
}

func newFileReader(path string, st *fileState, sink ingest.Sink) *fileReader {
	fr := &fileReader{path: path, base: strings.TrimSuffix(filepath.Base(path), ".zst"), st: st, sink: sink,
		pend: ingest.NewPending(maxPending, sink, st.Pending, path), first: st.SessionID == "" && !st.SawMeta}
	for _, p := range st.Background {
		p.InFile(path)
	}
	return fr
}

// Markers of the lines worth decoding. Inside a JSON string the quote
// after each word would be escaped, so text that only mentions them does
// not match.
var (
	callMarker    = []byte(`_call"`)   // function_call, local_shell_call, custom_tool_call, web_search_call
	outputMarker  = []byte(`_output"`) // function_call_output, custom_tool_call_output
	metaMarker    = []byte(`"session_meta"`)
	turnMarker    = []byte(`"turn_context"`)
	envCtxMarker  = []byte(`<environment_context>`)
	envCtxEscaped = []byte(`\u003cenvironment_context\u003e`)
)

func mayMatter(line []byte) bool {
	return bytes.Contains(line, callMarker) || bytes.Contains(line, outputMarker) ||
		bytes.Contains(line, metaMarker) || bytes.Contains(line, turnMarker) ||
		bytes.Contains(line, envCtxMarker) || bytes.Contains(line, envCtxEscaped)
}

// process handles one complete line. It returns an error for a line that
// is not a JSON object; lines that cannot matter are not decoded at all.
func (fr *fileReader) process(text []byte) error {
	text, err := ingest.ObjectLine(text, fr.line == 1, ingest.TrimLine)
	if err != nil || len(text) == 0 {
		return err
	}
	first := fr.first
	fr.first = false
	if !first && !fr.noFast && fr.fast(text) {
		return nil
	}
	if !first && !mayMatter(text) {
		return nil
	}
	var it item
	if err := json.Unmarshal(text, &it); err != nil {
		if json.Valid(text) && !handled(text) {
			// A record of a kind this reader does not read (newer event
			// or item types) whose members merely have other types than
			// the ones of the same name it reads: not corrupt.
			return nil
		}
		return err
	}
	if it.Payload != nil {
		ts := parseTs(it.Timestamp)
		fr.noteTs(ts)
		switch it.Type {
		case "session_meta":
			fr.meta(it.Payload)
		case "turn_context":
			fr.turn(it.Payload)
		case "response_item":
			fr.item(it.Payload, ts)
		}
		return nil
	}
	switch {
	case it.RecordType != "":
		// {"record_type":"state"} markers of the bare format
	case it.Type == "" && it.ID != "":
		// the bare format's first line {id, timestamp, instructions, git}
		fr.noteTs(parseTs(it.Timestamp))
		fr.meta(&it)
	default:
		fr.item(&it, time.Time{})
	}
	return nil
}

// handled reports whether a valid JSON line is of a kind the reader reads:
// a session header, a turn context, or one of the response items item
// switches on (bare or inside a response_item envelope).
func handled(text []byte) bool {
	var l struct {
		Type    string `json:"type"`
		Payload *struct {
			Type string `json:"type"`
		} `json:"payload"`
	}
	if json.Unmarshal(text, &l) != nil {
		return true
	}
	if l.Payload == nil {
		return itemTypes[l.Type] || l.Type == ""
	}
	switch l.Type {
	case "session_meta", "turn_context":
		return true
	case "response_item":
		return itemTypes[l.Payload.Type]
	}
	return false
}

var itemTypes = map[string]bool{"message": true, "function_call": true, "local_shell_call": true, "custom_tool_call": true,
	"web_search_call": true, "function_call_output": true, "custom_tool_call_output": true}

func (fr *fileReader) noteTs(ts time.Time) {
	if fr.st.FirstTs.IsZero() && !ts.IsZero() {
		fr.st.FirstTs = ts
	}
}

// meta takes the session facts from the file's first session header only:
// a fork re-writes its parent's header after its own.
func (fr *fileReader) meta(p *item) {
	if fr.st.SawMeta {
		// A fork re-writes its parent's header (and the parent's copies
		// of its own parent's): follow the chain to the first session.
		if p.ID != "" && p.ID == fr.st.Lineage && p.ForkedFromID != "" {
			fr.st.Lineage = p.ForkedFromID
		}
		return
	}
	fr.st.SawMeta = true
	fr.st.SessionID = p.ID
	if p.Cwd != "" {
		fr.st.ProjectDir = p.Cwd
	}
	fr.st.Version = p.CLIVersion
	if parent, sub := subagentOf(p.Source); sub {
		fr.st.Sub = true
		fr.st.Parent = parent
	}
	if p.ParentThreadID != "" {
		fr.st.Sub = true
		if fr.st.Parent == "" {
			fr.st.Parent = p.ParentThreadID
		}
	}
	// The lineage is the session whose calls this file's calls are, or
	// copy: a fork's (forked_from_id), a subagent's parent's (the child
	// may begin by replaying the parent's history), else its own.
	switch {
	case p.ForkedFromID != "":
		fr.st.Lineage = p.ForkedFromID
	case fr.st.Parent != "":
		fr.st.Lineage = fr.st.Parent
	default:
		fr.st.Lineage = p.ID
	}
}

// subagentOf reads session_meta.source: "cli", "vscode", "exec", … or
// {"subagent": {"thread_spawn": {"parent_thread_id": …}}} (or another
// subagent kind, such as "review", without a parent).
func subagentOf(raw json.RawMessage) (parent string, sub bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return "", false
	}
	var src struct {
		Subagent json.RawMessage `json:"subagent"`
	}
	if json.Unmarshal(raw, &src) != nil || len(src.Subagent) == 0 || string(src.Subagent) == "null" {
		return "", false
	}
	var sa struct {
		ThreadSpawn struct {
			ParentThreadID string `json:"parent_thread_id"`
		} `json:"thread_spawn"`
	}
	_ = json.Unmarshal(src.Subagent, &sa)
	return sa.ThreadSpawn.ParentThreadID, true
}

func (fr *fileReader) turn(p *item) {
	fr.st.Approval = approvalOf(p.ApprovalPolicy)
	fr.st.Sandbox = sandboxOf(p.SandboxPolicy)
	fr.st.ModeSource = "turn_context"
	if p.Model != "" {
		fr.st.Model = p.Model
	}
	if p.Cwd != "" {
		fr.st.TurnCwd = p.Cwd
		if fr.st.ProjectDir == "" {
			fr.st.ProjectDir = p.Cwd
		}
	}
}

// approvalOf spells turn_context.approval_policy: a plain word
// ("untrusted", "on-failure", "on-request", "never"), or for the newer
// object form ({"granular": {…}}) its one key.
func approvalOf(raw json.RawMessage) string {
	if s, ok := jsonString(raw); ok {
		return s
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) == nil && len(m) == 1 {
		for k := range m {
			return k
		}
	}
	return ""
}

// sandboxOf spells turn_context.sandbox_policy: its "type" (older builds:
// "mode"), or the plain word of builds that wrote one.
func sandboxOf(raw json.RawMessage) string {
	if s, ok := jsonString(raw); ok {
		return s
	}
	var p struct {
		Type string `json:"type"`
		Mode string `json:"mode"`
	}
	if json.Unmarshal(raw, &p) != nil {
		return ""
	}
	if p.Type != "" {
		return p.Type
	}
	return p.Mode
}

func (fr *fileReader) item(p *item, ts time.Time) {
	switch p.Type {
	case "message":
		if p.Role == "user" {
			fr.environment(p.Content)
		}
	case "function_call":
		fr.functionCall(p, ts)
	case "local_shell_call":
		fr.localShellCall(p, ts)
	case "custom_tool_call":
		fr.customToolCall(p, ts)
	case "web_search_call":
		fr.webSearchCall(p, ts)
	case "function_call_output", "custom_tool_call_output":
		fr.output(p.CallID, p.Output, ts)
	}
}

// environment reads an <environment_context> message: the bare format's
// only record of the cwd and mode. In an envelope rollout the turn_context
// is the record, and the message only fills in what is still missing.
func (fr *fileReader) environment(content json.RawMessage) {
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(content, &parts) != nil {
		var s string
		if json.Unmarshal(content, &s) != nil {
			return
		}
		parts = append(parts, struct {
			Text string `json:"text"`
		}{s})
	}
	for _, part := range parts {
		t := part.Text
		if !strings.Contains(t, "<environment_context>") {
			continue
		}
		cwd := tagValue(t, "cwd")
		if cwd != "" {
			if fr.st.ProjectDir == "" {
				fr.st.ProjectDir = cwd
			}
			if fr.st.ModeSource != "turn_context" {
				fr.st.TurnCwd = cwd
			}
		}
		if fr.st.ModeSource == "turn_context" {
			continue
		}
		if a := tagValue(t, "approval_policy"); a != "" {
			fr.st.Approval = a
			fr.st.ModeSource = "environment_context"
		}
		if sb := tagValue(t, "sandbox_mode"); sb != "" {
			fr.st.Sandbox = sb
			fr.st.ModeSource = "environment_context"
		}
	}
}

// tagValue returns the trimmed text between <tag> and </tag>.
func tagValue(s, tag string) string {
	i := strings.Index(s, "<"+tag+">")
	if i < 0 {
		return ""
	}
	rest := s[i+len(tag)+2:]
	j := strings.Index(rest, "</"+tag+">")
	if j < 0 {
		return ""
	}
	return strings.TrimSpace(rest[:j])
}

// newRow starts the row of a call made at ts under the mode in force.
func (fr *fileReader) newRow(callID, rawTool string, ts time.Time) ingest.Row {
	fr.st.Seq++
	mode, src := fr.st.Approval, fr.st.ModeSource
	if mode == "" && fr.st.Sandbox == "" {
		src = "none"
	}
	cwd := fr.st.TurnCwd
	if cwd == "" {
		cwd = fr.st.ProjectDir
	}
	row := ingest.Row{
		Harness:        Harness,
		HarnessVersion: fr.st.Version,
		SessionID:      fr.st.SessionID,
		ProjectDir:     fr.st.ProjectDir,
		Cwd:            cwd,
		Ts:             ts,
		Seq:            fr.st.Seq,
		CallID:         callID,
		Tool:           NormalizeTool(rawTool),
		RawTool:        rawTool,
		Mode:           mode,
		ModeSource:     src,
		Sandbox:        fr.st.Sandbox,
		Result:         "unknown",
		Model:          fr.st.Model,
		SourceFile:     fr.path,
		SourceOffset:   fr.line,
		CallKey:        "codex:" + fr.st.Lineage + ":" + callID,
		CopyRank:       fr.rank(ts),
	}
	if fr.st.Sub {
		row.IsSubagent = true
		row.ParentSessionID = fr.st.Parent
		row.AgentID = fr.st.SessionID
	}
	return row
}

// rank is the copy rank: the call record's time (for bare lines, which
// have none, the file's first time), so the original of a forked or
// replayed call sorts before its copies; then the file name, the same for
// a rollout, its .zst form and its archived copy, so that among those the
// row of the later ingest run wins. Times are fixed-width UTC, so string
// order is time order.
func (fr *fileReader) rank(ts time.Time) string {
	if ts.IsZero() {
		ts = fr.st.FirstTs
	}
	// Calls of one turn often share their time: the last rank is kept.
	if fr.rankStr == "" || !ts.Equal(fr.rankTime) {
		fr.rankTime, fr.rankStr = ts, rankTs(ts)+"|"+fr.base
	}
	return fr.rankStr
}

func rankTs(t time.Time) string {
	if t.IsZero() {
		return "9999-12-31T23:59:59.999999999Z"
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z")
}

func (fr *fileReader) functionCall(p *item, ts time.Time) {
	if p.CallID == "" {
		return
	}
	row := fr.newRow(p.CallID, qualifiedName(p.Namespace, p.Name), ts)
	args := p.Arguments
	if s, ok := jsonString(args); ok {
		args = json.RawMessage(s)
	}
	row.InputJSON = ingest.ShortenJSON(args)
	fillFunctionCall(&row, args)
	fr.addPending(row)
}

func (fr *fileReader) localShellCall(p *item, ts time.Time) {
	if p.CallID == "" {
		return
	}
	row := fr.newRow(p.CallID, "local_shell_call", ts)
	row.InputJSON = ingest.ShortenJSON(p.Action)
	var a struct {
		Command          []string `json:"command"`
		TimeoutMs        *float64 `json:"timeout_ms"`
		WorkingDirectory string   `json:"working_directory"`
	}
	_ = json.Unmarshal(p.Action, &a)
	if a.TimeoutMs != nil {
		row.TimeoutMs = int64(*a.TimeoutMs)
	}
	row.Cwd = resolve(a.WorkingDirectory, row.Cwd)
	fillArgv(&row, a.Command)
	fr.addPending(row)
}

func (fr *fileReader) customToolCall(p *item, ts time.Time) {
	if p.CallID == "" {
		return
	}
	row := fr.newRow(p.CallID, p.Name, ts)
	input, _ := jsonString(p.Input)
	if b, err := json.Marshal(map[string]string{"input": ingest.ShortenString(input)}); err == nil {
		row.InputJSON = string(b)
	}
	if p.Name == "apply_patch" {
		row.Paths = patchPaths(input, row.Cwd)
	}
	fr.addPending(row)
}

// webSearchCall records a web search. The item has no call_id, so the key
// is the file name and line (fork copies of a search are not recognised);
// it carries its own status, so it needs no output.
func (fr *fileReader) webSearchCall(p *item, ts time.Time) {
	row := fr.newRow("", "web_search_call", ts)
	row.CallKey = "codex:" + fr.base + ":" + itoa(fr.line)
	row.InputJSON = ingest.ShortenJSON(p.Action)
	var a struct {
		Type    string   `json:"type"`
		Query   string   `json:"query"`
		Queries []string `json:"queries"`
		URL     string   `json:"url"`
	}
	_ = json.Unmarshal(p.Action, &a)
	row.Query = a.Query
	if row.Query == "" && len(a.Queries) > 0 {
		row.Query = a.Queries[0]
	}
	row.URL = a.URL
	switch p.Status {
	case "completed":
		row.Result = "ok"
		row.RecordedOutcome, row.RecordedEvidence = toolcall.RecordedRan, "web_search_call status completed"
	case "failed":
		row.Result = "error"
	}
	fr.sink.Row(row)
}

func (fr *fileReader) addPending(row ingest.Row) {
	if !fr.pend.Add(row) {
		// The same call_id twice in one file: the first record is the
		// call, a repeat adds nothing.
		fr.st.Seq--
	}
}

// output joins a call output to its call and sends the finished row.
func (fr *fileReader) output(callID string, raw json.RawMessage, ts time.Time) {
	p, ok := fr.pend.Get(callID)
	if !ok {
		return
	}
	fr.complete(p, outputText(headOf(raw)), ts)
}

// complete finishes the waiting call p with the text of its output.
func (fr *fileReader) complete(p *ingest.PendingCall, text string, ts time.Time) {
	exec := execLike(p.Row)
	res := classify(text, exec)
	p.Row.Result, p.Row.ExitCode = res.result, res.exit
	p.Row.RecordedOutcome, p.Row.RecordedEvidence = recorded(text, exec, res)
	if p.Row.RawTool == "write_stdin" {
		fr.stdinOutput(p.Row.InputJSON, text, ts)
	}
	if res.running {
		p.Row.Background = true
		// A write_stdin poll that finds the process still running is a
		// call of its own and goes out now: only the command that started
		// the process waits for its exit (a poll kept in its place pushed
		// the command out of Background and its row was lost).
		if sid := runningSessionID(text); sid != "" && p.Row.RawTool != "write_stdin" && fr.waitBackground(sid, p) {
			return
		}
	}
	p.Row.ResultTs = ts
	if p.Row.RawTool == "spawn_agent" {
		p.Row.SpawnsAgent = spawnedAgent(text)
	}
	fr.sink.Row(p.Row)
	fr.pend.Drop(p)
}

// waitBackground keeps a call whose process still runs under exec session
// sid until a write_stdin output reports its exit ("a later write_stdin
// output carries the final exit", transcript-formats.md 2.5). It reports
// false when too many already wait (the call then goes out as unknown).
func (fr *fileReader) waitBackground(sid string, p *ingest.PendingCall) bool {
	if len(fr.st.Background) >= maxPending {
		return false
	}
	if fr.st.Background == nil {
		fr.st.Background = map[string]*ingest.PendingCall{}
	}
	if old, ok := fr.st.Background[sid]; ok {
		// The session id was reused without its exit being seen: the
		// older command goes out as it stands rather than being lost.
		ingest.EmitOnce(fr.sink, old)
	}
	fr.pend.Drop(p) // out of Pending: Background holds it now
	fr.st.Background[sid] = p
	return true
}

// stdinOutput completes the background call a write_stdin fed when its
// output says the process exited.
func (fr *fileReader) stdinOutput(input, text string, ts time.Time) {
	var in struct {
		SessionID json.RawMessage `json:"session_id"`
	}
	if json.Unmarshal([]byte(input), &in) != nil || len(in.SessionID) == 0 {
		return
	}
	sid := strings.Trim(string(in.SessionID), `"`)
	bg, ok := fr.st.Background[sid]
	if !ok {
		return
	}
	n, ok := exitCode(strings.TrimSpace(text))
	if !ok {
		return
	}
	v := exitVerdict(n)
	bg.Row.Result, bg.Row.ExitCode, bg.Row.ResultTs = v.result, v.exit, ts
	bg.Row.RecordedOutcome, bg.Row.RecordedEvidence = recorded(text, true, v)
	fr.sink.Row(bg.Row)
	delete(fr.st.Background, sid)
}

// finish sends the calls still waiting for their output as unknown (once)
// and keeps them in the state so a later read can complete them.
func (fr *fileReader) finish() {
	for _, p := range fr.st.Background {
		ingest.EmitOnce(fr.sink, p)
	}
	fr.st.Pending = fr.pend.Finish()
}

// headOf returns a large output string cut to its head, re-closed as a
// JSON string: what classify reads of a freeform output is its header, and
// unescaping kilobytes of command output for it would dominate the read.
// Structured JSON outputs ({"output": …, "metadata": …}), whose exit code
// sits at the end, and other forms are returned whole.
func headOf(raw json.RawMessage) json.RawMessage {
	i := headEnd(raw)
	if i < 0 {
		return raw
	}
	head := make([]byte, 0, i+1)
	head = append(head, raw[:i]...)
	return append(head, '"')
}

// headEnd is where headOf cuts raw (the head is raw[:i] and a closing
// quote), or -1 when it keeps raw whole.
func headEnd(raw []byte) int {
	if !cuts(raw) {
		return -1
	}
	return cutAt(raw, headKeep)
}

// headKeep is about how much of a long output headOf keeps.
const headKeep = 1024

// cuts reports whether headOf cuts raw.
func cuts(raw []byte) bool {
	return len(raw) > 2*headKeep && raw[0] == '"' && raw[1] != '{'
}

// cutAt returns where to cut the JSON string raw (longer than keep plus
// an escape) near keep bytes: not inside an escape, nor inside a UTF-8
// sequence.
func cutAt(raw []byte, keep int) int {
	i := 1
	for i < keep {
		// Between escapes, jump (bytes.IndexByte is vectorised).
		j := bytes.IndexByte(raw[i:keep], '\\')
		if j < 0 {
			i = keep
			break
		}
		i += j
		if raw[i+1] == 'u' {
			i += 6
		} else {
			i += 2
		}
	}
	for i > 1 && raw[i]&0xC0 == 0x80 {
		i--
	}
	return i
}

// spawnedAgent reads the child's thread id from a spawn_agent output
// ({"agent_id": "…", "nickname": "…"}).
func spawnedAgent(text string) string {
	var out struct {
		AgentID  string `json:"agent_id"`
		ThreadID string `json:"thread_id"`
	}
	if json.Unmarshal([]byte(strings.TrimSpace(text)), &out) != nil {
		return ""
	}
	if out.AgentID != "" {
		return out.AgentID
	}
	return out.ThreadID
}

// jsonString decodes raw when it is a JSON string.
func jsonString(raw json.RawMessage) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

func parseTs(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// wholeObject reports whether t is one complete JSON object.
func wholeObject(t []byte) bool {
	return len(t) > 1 && t[0] == '{' && t[len(t)-1] == '}' && json.Valid(t)
}

func itoa(n int64) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
