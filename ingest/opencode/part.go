package opencode

import (
	"bytes"
	stdjson "encoding/json"
	"hash/fnv"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// session is what a call row takes from its OpenCode session.
type session struct {
	ID        string `json:"id,omitempty"`
	ParentID  string `json:"parent,omitempty"`
	Directory string `json:"dir,omitempty"`
	Version   string `json:"version,omitempty"`
	Created   int64  `json:"created,omitempty"` // unix ms
}

// message is what a call row takes from the assistant message that made it.
type message struct {
	ID        string `json:"id,omitempty"`
	SessionID string `json:"session,omitempty"`
	Agent     string `json:"agent,omitempty"` // agent, else the deprecated mode
	Cwd       string `json:"cwd,omitempty"`
	Root      string `json:"root,omitempty"`
	Model     string `json:"model,omitempty"`
}

// msTime is a time in unix milliseconds. It takes any JSON number, and
// reads anything else as no time, so that a build writing times another
// way loses the times, not the calls.
type msTime int64

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (t *msTime) UnmarshalJSON(b []byte) error {
	if f, err := strconv.ParseFloat(string(b), 64); err == nil {
		*t = msTime(f)
	}
	return nil
}

// modelRef is a user message's model object {providerID, modelID}; a plain
// string is taken as the model id.
type modelRef struct{ ModelID string }

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (m *modelRef) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		m.ModelID = s
		return nil
	}
	var o struct {
		ModelID string `json:"modelID"`
	}
	if json.Unmarshal(b, &o) == nil {
		m.ModelID = o.ModelID
	}
	return nil
}

// rawSession is a session as OpenCode's JSON storage writes it.
type rawSession struct {
	ID        string `json:"id"`
	ParentID  string `json:"parentID"`
	Directory string `json:"directory"`
	Version   string `json:"version"`
	Time      struct {
		Created msTime `json:"created"`
	} `json:"time"`
}

func (r rawSession) session() session {
	return session{ID: r.ID, ParentID: r.ParentID, Directory: r.Directory, Version: r.Version, Created: int64(r.Time.Created)}
}

// rawMessage is a message as both stores write it (the database leaves
// out id and sessionID, which are columns there).
type rawMessage struct {
	ID        string   `json:"id"`
	SessionID string   `json:"sessionID"`
	Role      string   `json:"role"`
	Agent     string   `json:"agent"`
	Mode      string   `json:"mode"`
	ModelID   string   `json:"modelID"`
	Model     modelRef `json:"model"`
	Path      struct {
		Cwd  string `json:"cwd"`
		Root string `json:"root"`
	} `json:"path"`
}

func (r rawMessage) message() message {
	m := message{ID: r.ID, SessionID: r.SessionID, Agent: r.Agent, Cwd: r.Path.Cwd, Root: r.Path.Root, Model: r.ModelID}
	if m.Agent == "" {
		m.Agent = r.Mode // deprecated name of the same thing
	}
	if m.Model == "" {
		m.Model = r.Model.ModelID
	}
	return m
}

// part is a message part; only tool parts (Type "tool") are calls.
type part struct {
	ID        string `json:"id"`
	SessionID string `json:"sessionID"`
	MessageID string `json:"messageID"`
	Type      string `json:"type"`
	CallID    string `json:"callID"`
	Tool      string `json:"tool"`
	State     struct {
		Status string          `json:"status"`
		Input  json.RawMessage `json:"input"`
		Error  json.RawMessage `json:"error"`
		// Only what the table needs of metadata: a bash part repeats its
		// whole output there.
		Metadata struct {
			Exit      *float64 `json:"exit"`
			SessionID string   `json:"sessionId"`
		} `json:"metadata"`
		Time struct {
			Start msTime `json:"start"`
			End   msTime `json:"end"`
		} `json:"time"`
	} `json:"state"`

	raw []byte // the whole record, for the rare field read only for some tools
}

// isCall reports whether the part is a tool call: a tool part whose input
// has finished streaming. A pending part is the model still writing the
// call; OpenCode has neither asked nor run anything yet.
func (p *part) isCall() bool {
	return p.Type == "tool" && p.State.Status != "pending"
}

// final reports whether the part can no longer change in a way the calls
// table sees.
func (p *part) final() bool {
	return p.State.Status == "completed" || p.State.Status == "error"
}

// NormalizeTool maps an OpenCode tool name to the calls table's tool word
// (transcript-formats.md §7.1): bash → bash; read → read; edit, multiedit,
// apply_patch, patch → edit; write → write; glob → glob (list → other);
// grep → grep; webfetch → webfetch; websearch → websearch; the other
// built-in tools → other; any other name is an MCP tool (OpenCode names
// them <server>_<tool>) → mcp, except a name without an underscore, which
// no MCP tool has and a user-defined tool may: other.
func NormalizeTool(name string) string { return string(toolcall.OpenCodeNames.Normalize(name)) }

// Refusal texts in an error part (transcript-formats.md §4.4; the real
// OpenCode 1.18.33 recordings carry both).
var deniedPhrases = []string{
	"rejected permission to use this specific tool call",                // asked, and the user said no
	"specified a rule which prevents you from using this specific tool", // a deny rule
}

// classify turns a part's state into the calls table's result and exit code.
func classify(p *part, tool string) (string, *int64) {
	var exit *int64
	if tool == "bash" && p.State.Metadata.Exit != nil {
		n := int64(*p.State.Metadata.Exit)
		exit = &n
	}
	switch p.State.Status {
	case "completed":
		if exit != nil && *exit != 0 {
			return "error", exit
		}
		return "ok", exit
	case "error":
		msg := jsonString(p.State.Error)
		for _, d := range deniedPhrases {
			if strings.Contains(msg, d) {
				return "denied", nil
			}
		}
		return "error", exit
	}
	return "unknown", nil
}

// recorded is what a part's state shows happened to its call
// (toolcall.Recorded*) and the evidence, given the exit code classify read.
func recorded(p *part, exit *int64) (string, string) {
	exitText := ""
	if exit != nil {
		exitText = ", exit " + strconv.FormatInt(*exit, 10)
	}
	switch p.State.Status {
	case "completed":
		return toolcall.RecordedRan, "state completed" + exitText
	case "error":
		msg := jsonString(p.State.Error)
		switch {
		case strings.Contains(msg, deniedPhrases[0]):
			return toolcall.RecordedUserRefused, toolcall.Evidence(msg)
		case strings.Contains(msg, deniedPhrases[1]):
			return toolcall.RecordedRuleBlocked, toolcall.Evidence(msg)
		case exit != nil:
			return toolcall.RecordedRan, toolcall.Evidence("state error" + exitText + ": " + msg)
		}
		// The tool failed (a file not found, a patch that does not
		// apply): before or after its permission was asked, it does not
		// say.
		return toolcall.RecordedToolError, toolcall.Evidence(msg)
	}
	return "", ""
}

// jsonString returns the value of a JSON string, or the raw text of any
// other value.
func jsonString(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// input holds the tool arguments the calls table reads.
type input struct {
	Command   string  `json:"command"`
	Workdir   string  `json:"workdir"`
	Timeout   float64 `json:"timeout"`
	FilePath  string  `json:"filePath"`
	Path      string  `json:"path"`
	Pattern   string  `json:"pattern"`
	URL       string  `json:"url"`
	Query     string  `json:"query"`
	PatchText string  `json:"patchText"`
}

// where says where a row came from.
type where struct {
	file   string
	offset int64
	store  string // "0" for the database, "1" for JSON storage: breaks a tie between migrated copies
}

// buildRow makes the calls row of a tool part. m and s may be nil when the
// message or session record could not be found.
func buildRow(p *part, m *message, s *session, seq int64, at where) ingest.Row {
	if m == nil {
		m = &message{}
	}
	if s == nil {
		s = &session{ID: p.SessionID}
	}
	sess := s.ID
	if sess == "" {
		sess = p.SessionID
	}
	if sess == "" {
		sess = m.SessionID
	}
	project := s.Directory
	if project == "" {
		project = m.Root
	}
	cwd := m.Cwd
	if cwd == "" {
		cwd = project
	}
	tool := NormalizeTool(p.Tool)
	var in input
	if tool != "mcp" {
		// An MCP tool's "command" or "path" means whatever its server says.
		_ = json.Unmarshal(p.State.Input, &in)
	}
	if tool == "bash" && in.Workdir != "" {
		cwd = abs(in.Workdir, cwd)
	}
	row := ingest.Row{
		Harness:         Harness,
		HarnessVersion:  s.Version,
		SessionID:       sess,
		ParentSessionID: s.ParentID,
		IsSubagent:      s.ParentID != "",
		ProjectDir:      project,
		Cwd:             cwd,
		Ts:              msToTime(int64(p.State.Time.Start)),
		ResultTs:        msToTime(int64(p.State.Time.End)),
		Seq:             seq,
		CallID:          p.CallID,
		Tool:            tool,
		RawTool:         p.Tool,
		InputJSON:       string(ingest.ShortenJSONKeepHTML(p.State.Input)),
		Mode:            m.Agent,
		ModeSource:      "agent",
		Model:           m.Model,
		SourceFile:      at.file,
		SourceOffset:    at.offset,
		CallKey:         callKey(p),
		CopyRank:        copyRank(s, at),
	}
	if row.Mode == "" {
		row.ModeSource = "none"
	}
	row.Result, row.ExitCode = classify(p, tool)
	row.RecordedOutcome, row.RecordedEvidence = recorded(p, row.ExitCode)
	switch tool {
	case "bash":
		row.Command = in.Command
		if in.Timeout > 0 {
			row.TimeoutMs = int64(in.Timeout)
		}
	case "read", "write":
		row.Paths = ingest.AppendPath(nil, in.FilePath, cwd)
	case "edit":
		if p.Tool == "apply_patch" || p.Tool == "patch" {
			row.Paths = patchPaths(in.PatchText, cwd)
		} else {
			row.Paths = ingest.AppendPath(nil, in.FilePath, cwd)
		}
	case "glob", "grep":
		row.Pattern = in.Pattern
		row.Paths = ingest.AppendPath(nil, or(in.Path, cwd), cwd)
	case "webfetch":
		row.URL = in.URL
	case "websearch":
		row.Query = in.Query
	case "other":
		if p.Tool == "list" {
			row.Paths = ingest.AppendPath(nil, or(in.Path, cwd), cwd)
		}
		if p.Tool == "task" {
			row.SpawnsAgent = spawned(p)
		}
	}
	return row
}

// callKey is "opencode:<callID>:<state.time.start>:<content>", content
// being a hash of the tool name and the compacted input. A fork (and the
// JSON→SQLite migration) copies a call's part under a new id but keeps its
// callID, tool, input and times, so every copy shares the key. The callID
// alone is not enough: a scripted model gives every session the same ids
// (the real OpenCode 1.18.33 sandboxes of testdata/ingest/opencode/real
// both hold call_rh0000, started 143 ms apart), so homes collected from
// machines running such sessions at once collide on callID and start; the
// content tells their calls apart. Two calls identical in id, start time,
// tool and input still count once: nothing in OpenCode's records tells a
// fork from an unrelated session (a fork has no parent link).
func callKey(p *part) string {
	h := fnv.New64a()
	h.Write([]byte(p.Tool))
	h.Write([]byte{0})
	var buf bytes.Buffer
	// The JSON files are indented, the database's data is not: compact
	// both to the same bytes.
	if stdjson.Compact(&buf, p.State.Input) == nil {
		h.Write(buf.Bytes())
	} else {
		h.Write(p.State.Input)
	}
	return "opencode:" + p.CallID + ":" + strconv.FormatInt(int64(p.State.Time.Start), 10) + ":" + strconv.FormatUint(h.Sum64(), 16)
}

// copyRank sorts the original of a forked call first: the session created
// first holds it. Migrated copies of one session tie on that; the
// database's then sorts first. The file ends it, so that no two copies
// have the same rank (ingest.Run may keep either of two equal ones).
func copyRank(s *session, at where) string {
	t := "9999-12-31T23:59:59.000Z"
	if s.Created > 0 {
		t = time.UnixMilli(s.Created).UTC().Format("2006-01-02T15:04:05.000Z")
	}
	return t + "|" + s.ID + "|" + at.store + "|" + at.file
}

func msToTime(ms int64) time.Time {
	if ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

func abs(p, cwd string) string {
	if !filepath.IsAbs(p) && cwd != "" {
		return filepath.Join(cwd, p)
	}
	return p
}

// patchPaths returns the files an apply_patch text names in its
// "*** Add File:", "*** Update File:", "*** Delete File:" and
// "*** Move to:" lines, made absolute against cwd.
func patchPaths(text, cwd string) []string {
	var paths []string
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, "\r")
		for _, h := range []string{"*** Add File:", "*** Update File:", "*** Delete File:", "*** Move to:"} {
			if rest, ok := strings.CutPrefix(line, h); ok {
				if p := strings.TrimSpace(rest); p != "" {
					paths = append(paths, abs(p, cwd))
				}
			}
		}
	}
	return paths
}

var taskSession = regexp.MustCompile(`session_id:\s*(ses_[0-9A-Za-z]+)`)

// spawned returns the child session a task call started: metadata.sessionId,
// else the session_id line of the <task_metadata> block in its output.
func spawned(p *part) string {
	if p.State.Metadata.SessionID != "" {
		return p.State.Metadata.SessionID
	}
	var out struct {
		State struct {
			Output json.RawMessage `json:"output"`
		} `json:"state"`
	}
	if json.Unmarshal(p.raw, &out) == nil {
		if m := taskSession.FindStringSubmatch(jsonString(out.State.Output)); m != nil {
			return m[1]
		}
	}
	return ""
}
