package claude

import (
	"bytes"
	"io"
	"strings"
	"time"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/jsonscan"
)

// rec holds the raw top-level values of one transcript entry that the
// reader looks at. Strings keep their quotes; they are decoded on use.
type rec struct {
	typ, sessionID, cwd, ts, version, agentID, permMode []byte
	uuid                                                []byte
	message, toolUseResult, permDecision, denialKind    []byte
	isSidechain, forked                                 bool

	// Read from message in the same pass that checks it (see walkMessage):
	// tool output is most of a line, and walking it once per nesting level
	// was most of the reader's time.
	msgResults []toolResult // tool_result blocks of the first content member
	msgModel   []byte       // the last model member
	msgUses    []useBlock   // tool_use blocks of the last content member

	results     []toolResult // tool_result blocks of message, once asked for
	resultsDone bool
}

// useBlock holds the raw id, name and input of a tool_use block.
type useBlock struct {
	id, name, input []byte
}

// parse reads the top-level members of line. After each member it asks
// enough whether the rest of the line can be left unread (see
// fileReader.enough); a line read to its end must be one whole object.
func (r *rec) parse(line []byte, enough func(*rec) bool) error {
	return eachMember(line, true, func(k []byte, vs int) (int, bool) {
		if string(k) == "message" {
			ve := r.walkMessage(line, vs)
			if ve < 0 {
				return -1, false
			}
			r.message = line[vs:ve]
			return ve, enough == nil || !enough(r)
		}
		ve := skipValue(line, vs)
		if ve < 0 {
			return -1, false
		}
		v := line[vs:ve]
		switch string(k) {
		case "type":
			r.typ = v
		case "sessionId":
			r.sessionID = v
		case "uuid":
			r.uuid = v
		case "cwd":
			r.cwd = v
		case "timestamp":
			r.ts = v
		case "version":
			r.version = v
		case "agentId":
			r.agentID = v
		case "permissionMode":
			r.permMode = v
		case "isSidechain":
			r.isSidechain = isTrue(v)
		case "forkedFrom":
			r.forked = string(v) != "null"
		case "toolUseResult":
			r.toolUseResult = v
		case "permissionDecision":
			r.permDecision = v
		case "toolDenialKind":
			r.denialKind = v
		}
		return ve, enough == nil || !enough(r)
	})
}

// walkMessage checks the message value that starts at b[vs] exactly as
// skipValue would and, in the same pass, records what toolResults and
// assistant need from it: the tool_result blocks of the first content
// member, and the model and tool_use blocks of the last (the members a
// decoder keeping the last duplicate would see). It returns the index just
// past the value, or -1 when it is malformed.
func (r *rec) walkMessage(b []byte, vs int) int {
	r.msgResults, r.msgModel, r.msgUses = nil, nil, nil
	if vs >= len(b) || b[vs] != '{' {
		return skipValue(b, vs)
	}
	seen := false
	return walkObj(b, vs, 0, func(k []byte, fs, d int) int {
		fs = jsonscan.SkipWS(b, fs)
		switch string(k) {
		case "model":
			fe := skipDepth(b, fs, d)
			if fe >= 0 {
				r.msgModel = b[fs:fe]
			}
			return fe
		case "content":
		default:
			return skipDepth(b, fs, d)
		}
		first := !seen
		seen = true
		r.msgUses = nil
		if fs >= len(b) || b[fs] != '[' {
			return skipDepth(b, fs, d)
		}
		return walkArr(b, fs, d, func(es, d int) int {
			es = jsonscan.SkipWS(b, es)
			if es >= len(b) || b[es] != '{' {
				return skipDepth(b, es, d)
			}
			var typ, id, useID, name, input, isErr, c []byte
			end := walkObj(b, es, d, func(k []byte, fs, d int) int {
				fs = jsonscan.SkipWS(b, fs)
				fe := skipDepth(b, fs, d)
				if fe < 0 {
					return -1
				}
				switch string(k) {
				case "type":
					typ = b[fs:fe]
				case "id":
					id = b[fs:fe]
				case "tool_use_id":
					useID = b[fs:fe]
				case "name":
					name = b[fs:fe]
				case "input":
					input = b[fs:fe]
				case "is_error":
					isErr = b[fs:fe]
				case "content":
					c = b[fs:fe]
				}
				return fe
			})
			if end < 0 {
				return -1
			}
			switch string(typ) {
			case `"tool_use"`:
				r.msgUses = append(r.msgUses, useBlock{id, name, input})
			case `"tool_result"`:
				if first {
					r.msgResults = append(r.msgResults, toolResult{str(useID), isTrue(isErr), c})
				}
			}
			return end
		})
	})
}

// toolResults returns the tool_result blocks of a user entry's message
// (fixed at the first call, like the message it was first asked about).
func (r *rec) toolResults() []toolResult {
	if !r.resultsDone {
		r.resultsDone = true
		r.results = r.msgResults
	}
	return r.results
}

// rejected reports whether the entry itself records that the permission
// check refused the call (Claude Code 2.1.3xx writes permissionDecision and
// toolDenialKind next to the tool_result), and whether it says a rule or
// the configuration did (toolDenialKind "permission-rule", a decision
// whose source is "config" or whose reasonCode names a rule) rather than
// the user.
func (r *rec) rejected() (rejected, byRule bool) {
	if isString(r.denialKind) && len(r.denialKind) > 2 {
		return true, str(r.denialKind) == "permission-rule"
	}
	if len(r.permDecision) == 0 {
		return false, false
	}
	var source, code string
	_ = eachField(r.permDecision, false, func(k, v []byte) bool {
		switch string(k) {
		case "decision":
			rejected = string(v) == `"reject"`
		case "source":
			source = str(v)
		case "reasonCode":
			code = str(v)
		}
		return true
	})
	return rejected, source == "config" || strings.HasPrefix(code, "rule:")
}

// The pre-filter looks for `_use"`, `_result"` and `Mode"`: their first
// bytes are rare in transcript text, so bytes.Index runs at memory speed,
// whereas a pattern starting with a quote stops at every quote of a JSON
// line. Each hit is then checked in place.
var (
	useMarker    = []byte(`_use"`)
	resultMarker = []byte(`_result"`)
	modeMarker   = []byte(`Mode"`)
)

// mayMatter reports whether line can hold a tool_use or tool_result block
// (the string value "tool_use"/"tool_result" of a "type" key) or a
// permissionMode key. Inside a JSON string the quotes around such words
// would be escaped, so text that only mentions them does not match; nor
// does "stop_reason":"tool_use" on text and thinking lines.
func mayMatter(line []byte) bool {
	return hasTypeValue(line, useMarker, "tool_use") || hasTypeValue(line, resultMarker, "tool_result") ||
		hasSuffixed(line, modeMarker, `"permission`)
}

// hasTypeValue finds marker (the tail of "word") and checks that the whole
// string "word" is the value of a "type" key.
func hasTypeValue(line, marker []byte, word string) bool {
	head := len(word) - len(marker) + 2 // bytes of `"word` before the marker
	for i := 0; ; {
		k := bytes.Index(line[i:], marker)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(marker)
		s := at - head
		if s < 0 || line[s] != '"' || string(line[s+1:at+len(marker)-1]) != word {
			continue
		}
		j := s - 1
		for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
			j--
		}
		if j < 0 || line[j] != ':' {
			continue
		}
		j--
		for j >= 0 && (line[j] == ' ' || line[j] == '\t') {
			j--
		}
		if j >= 5 && string(line[j-5:j+1]) == `"type"` {
			return true
		}
	}
}

// hasSuffixed finds marker preceded by prefix.
func hasSuffixed(line, marker []byte, prefix string) bool {
	for i := 0; ; {
		k := bytes.Index(line[i:], marker)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(marker)
		if at >= len(prefix) && string(line[at-len(prefix):at]) == prefix {
			return true
		}
	}
}

func parseTs(v []byte) time.Time {
	s := strRaw(v)
	if len(s) == 0 {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, string(s))
	if err != nil {
		return time.Time{}
	}
	return t.UTC()
}

// maxPending bounds the calls a file keeps waiting for a result. A call
// left without one (an interrupt, a crash) never gets it later; the oldest
// beyond the bound go out as unknown and are forgotten.
const maxPending = 64

// resultPrefix is how much of a result text is kept for classification.
const resultPrefix = 512

// fileReader reads one transcript file (or its new tail).
type fileReader struct {
	path      string
	sub       bool // a subagent transcript (its own file)
	st        *fileState
	sink      ingest.Sink
	project   string  // project folder for subagent files: the parent's
	fileAgent string  // agentId from a subagent file's name
	subMode   modeRec // the mode every call of a subagent file takes
	lastTs    time.Time
	line      int64
	firstDone bool // a user/assistant entry was seen: first-record facts are settled
	seen      map[string]struct{}
	pend      *ingest.Pending
	// ranks caches the copy ranks built (unforked, forked) with the first
	// and last timestamps of rankedTs: a file's calls share one rank, and a
	// new string of ~170 bytes per call was a sixth of ingest's live heap
	// (1 GB of transcripts at real call density, permsim-bench -memprofile).
	ranks    [2]string
	rankedTs [2]time.Time
}

func newFileReader(path string, st *fileState, sink ingest.Sink) *fileReader {
	fr := &fileReader{path: path, st: st, sink: sink,
		seen: map[string]struct{}{}, pend: ingest.NewPending(maxPending, sink, st.Pending, path)}
	for _, p := range st.Pending {
		fr.seen[p.Row.CallID] = struct{}{}
	}
	fr.firstDone = st.SessionID != "" && st.ProjectDir != "" && !st.FirstTs.IsZero()
	return fr
}

// process handles one complete line. It returns an error for a line that
// is not a JSON object; lines that cannot matter are not decoded at all.
func (fr *fileReader) process(text []byte) error {
	text, err := ingest.ObjectLine(text, fr.line == 1, ingest.TrimLine)
	if err != nil || len(text) == 0 {
		return err
	}
	if fr.firstDone && !mayMatter(text) {
		return nil
	}
	var r rec
	if err := r.parse(text, fr.enough); err != nil {
		return err
	}
	fr.noteFirst(&r)
	switch string(r.typ) {
	case `"assistant"`:
		fr.assistant(&r)
	case `"user"`:
		fr.user(&r)
	case `"permission-mode"`:
		if !fr.sub {
			if m := str(r.permMode); m != "" {
				fr.st.Mode, fr.st.ModeSource = m, "mode-entry"
			}
		}
	}
	// progress entries (and every other type) are never read for calls:
	// they echo subagent messages that are counted from the subagent's own
	// records.
	return nil
}

func (fr *fileReader) noteFirst(r *rec) {
	if fr.st.SessionID == "" {
		fr.st.SessionID = str(r.sessionID)
	}
	if fr.st.ProjectDir == "" {
		fr.st.ProjectDir = str(r.cwd)
	}
	if fr.st.FirstTs.IsZero() {
		fr.st.FirstTs = parseTs(r.ts)
	}
	if t := string(r.typ); t == `"user"` || t == `"assistant"` {
		fr.firstDone = true
	}
}

func (fr *fileReader) assistant(r *rec) {
	if len(r.msgUses) == 0 {
		return
	}
	m := str(r.msgModel)
	for _, u := range r.msgUses {
		fr.call(r, str(u.id), str(u.name), u.input, m)
	}
}

func (fr *fileReader) call(r *rec, id, name string, input []byte, model string) {
	if id == "" {
		return
	}
	if _, dup := fr.seen[id]; dup {
		return
	}
	fr.seen[id] = struct{}{}
	fr.st.Seq++

	var m modeRec
	switch {
	case fr.sub:
		m = fr.subMode
	case r.isSidechain:
		m = modeRec{fr.st.Mode, "parent"}
	default:
		m = modeRec{fr.st.Mode, fr.st.ModeSource}
	}
	if m.Mode == "" {
		m.Source = "none"
	}
	sess := str(r.sessionID)
	if sess == "" {
		sess = fr.st.SessionID
	}
	project := fr.st.ProjectDir
	if fr.project != "" {
		project = fr.project
	}
	cwd := str(r.cwd)
	if cwd == "" {
		cwd = project
	}
	row := ingest.Row{
		Harness:        Harness,
		HarnessVersion: str(r.version),
		SessionID:      sess,
		ProjectDir:     project,
		Cwd:            cwd,
		Ts:             parseTs(r.ts),
		Seq:            fr.st.Seq,
		CallID:         id,
		Tool:           NormalizeTool(name),
		RawTool:        name,
		InputJSON:      cutLongStrings(input),
		Mode:           m.Mode,
		ModeSource:     m.Source,
		Result:         "unknown",
		Model:          model,
		SourceFile:     fr.path,
		SourceOffset:   fr.line,
		CallKey:        callKey(r, sess, id),
		CopyRank:       fr.rank(r.forked),
	}
	if fr.sub || r.isSidechain {
		row.IsSubagent = true
		row.ParentSessionID = sess
		row.AgentID = str(r.agentID)
		if row.AgentID == "" {
			row.AgentID = fr.fileAgent
		}
	}
	fillInput(&row, input)
	if spawnsAgent(name) {
		if fr.st.Spawn == nil {
			fr.st.Spawn = map[string]modeRec{}
		}
		fr.st.Spawn[id] = m
	}
	fr.pend.Add(row) // seen above: never a repeat
}

// callKey is the call's identity: the tool_use id within the record that
// holds it. Claude Code copies records (old --resume, --fork-session,
// /branch, a forked parent's subagent) with their uuid kept and their
// sessionId rewritten (transcript-formats.md 1.5), so the record's uuid
// makes every copy of one call share a key while calls of unrelated
// sessions that happen to reuse a tool_use id (a scripted model, homes
// collected from many machines) stay apart. A record without a uuid falls
// back to its session.
func callKey(r *rec, sess, id string) string {
	if u := str(r.uuid); u != "" {
		return "claude:" + u + ":" + id
	}
	return "claude:" + sess + ":" + id
}

// rank builds the copy rank: records copied by /branch (forkedFrom) after
// all others, then the file whose first timestamp is earliest, then the one
// whose last timestamp is earliest, then the path so the order is total.
// Timestamps are fixed-width UTC so that string order is time order.
func (fr *fileReader) rank(forked bool) string {
	f, i := "0|", 0
	if forked {
		f, i = "1|", 1
	}
	if fr.ranks[i] == "" || !fr.rankedTs[0].Equal(fr.st.FirstTs) || !fr.rankedTs[1].Equal(fr.lastTs) {
		if !fr.rankedTs[0].Equal(fr.st.FirstTs) || !fr.rankedTs[1].Equal(fr.lastTs) {
			fr.ranks = [2]string{}
			fr.rankedTs = [2]time.Time{fr.st.FirstTs, fr.lastTs}
		}
		fr.ranks[i] = f + rankTs(fr.st.FirstTs) + "|" + rankTs(fr.lastTs) + "|" + fr.path
	}
	return fr.ranks[i]
}

func rankTs(t time.Time) string {
	if t.IsZero() {
		return "9999-12-31T23:59:59.999999999Z"
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z")
}

// toolResult is one tool_result block of a user entry.
type toolResult struct {
	id      string
	isError bool
	content []byte
}

func (fr *fileReader) user(r *rec) {
	if !fr.sub && !r.isSidechain {
		if m := str(r.permMode); m != "" {
			fr.st.Mode, fr.st.ModeSource = m, "prompt"
		}
	}
	results := r.toolResults()
	// The entry-level permission decision speaks for its one result; an
	// entry with several results does not say which one it means.
	var rejected, byRule bool
	if len(results) == 1 {
		rejected, byRule = r.rejected()
	}
	for _, tr := range results {
		fr.result(r, tr, rejected, byRule)
	}
}

// enough reports whether the rest of a tool_result line can go unread.
// Such a line is mostly the tool's output, twice (in the result block and
// again in toolUseResult), and the members that follow toolUseResult only
// matter for a refused call (permissionDecision, toolDenialKind, which are
// only read when is_error is set). Once the entry is known to be a user
// entry holding results, its timestamp is known, no result is an error and
// every spawned agent's toolUseResult has been seen, reading stops: this
// halves the bytes scanned on a typical transcript. Members are matched by
// name, not position, so another key order only means reading further.
func (fr *fileReader) enough(r *rec) bool {
	if !fr.firstDone || string(r.typ) != `"user"` || r.message == nil || r.ts == nil {
		return false
	}
	results := r.toolResults()
	if len(results) == 0 {
		return false // a prompt: its permissionMode may come later
	}
	for _, tr := range results {
		if tr.isError {
			return false
		}
		if p, ok := fr.pend.Get(tr.id); ok && spawnsAgent(p.Row.RawTool) && r.toolUseResult == nil {
			return false
		}
	}
	return true
}

func (fr *fileReader) result(r *rec, tr toolResult, rejected, byRule bool) {
	p, ok := fr.pend.Get(tr.id)
	if !ok {
		return
	}
	info := resultInfo{isError: tr.isError, rejected: rejected, byRule: byRule, text: resultText(tr.content)}
	p.Row.Result, p.Row.ExitCode = classify(info, p.Row.Tool)
	p.Row.RecordedOutcome, p.Row.RecordedEvidence = recorded(info, p.Row.Tool)
	p.Row.ResultTs = parseTs(r.ts)
	if spawnsAgent(p.Row.RawTool) {
		if a := agentIDOf(r.toolUseResult); a != "" {
			p.Row.SpawnsAgent = a
			if m, ok := fr.st.Spawn[tr.id]; ok {
				if fr.st.Agents == nil {
					fr.st.Agents = map[string]modeRec{}
				}
				fr.st.Agents[a] = m
			}
		}
	}
	fr.sink.Row(p.Row)
	fr.pend.Drop(p)
}

// resultText returns the start of a tool_result's text (the string, or the
// first text block), still JSON-escaped, at most resultPrefix bytes.
func resultText(c []byte) []byte {
	var s []byte
	switch {
	case isString(c):
		s = strRaw(c)
	case len(c) > 0 && c[0] == '[':
		_ = eachElem(c, func(b []byte) bool {
			var typ, text []byte
			_ = eachField(b, false, func(k, v []byte) bool {
				switch string(k) {
				case "type":
					typ = v
				case "text":
					text = v
				}
				return true
			})
			if string(typ) == `"text"` {
				s = strRaw(text)
				return false
			}
			return true
		})
	}
	if len(s) > resultPrefix {
		s = s[:resultPrefix]
	}
	return s
}

func agentIDOf(v []byte) string {
	if len(v) == 0 || v[0] != '{' {
		return ""
	}
	var id string
	_ = eachField(v, false, func(k, val []byte) bool {
		if string(k) == "agentId" {
			id = str(val)
			return false
		}
		return true
	})
	return id
}

// finish sends the calls still waiting for a result as unknown (once) and
// keeps them in the state so a later read can complete them.
func (fr *fileReader) finish() { fr.st.Pending = fr.pend.Finish() }

// lastTimestamp finds the last "timestamp" value among the complete lines
// of the first size bytes of r, reading backwards from the end, so that a
// file's copy rank is known before its rows are sent. It may be a nested
// timestamp of the last entry (a snapshot's, a progress echo's): those are
// no later than the entry. Zero when none is found within a bounded tail.
func lastTimestamp(r io.ReaderAt, size int64) time.Time {
	const block = 64 << 10
	const overlap = 64 // keeps a match that spans two blocks
	const budget = 16 << 20
	limit := size - budget
	// A small file needs no more than its own length (most are a few KB;
	// 64 KB for each was a third of what ingest allocated per file).
	buf := make([]byte, min(block, max(size, 0))+overlap)
	end := size
	found := false
	for end > 0 && end > limit && !found {
		start := max(end-block, 0)
		n := int(end - start)
		if _, err := r.ReadAt(buf[:n], start); err != nil {
			return time.Time{}
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			end = start + int64(i) + 1
			found = true
		} else {
			end = start
		}
	}
	if !found {
		return time.Time{}
	}
	key := []byte(`"timestamp"`)
	carry := make([]byte, 0, overlap)
	for end > 0 && end > limit {
		start := max(end-block, 0)
		n := int(end - start)
		if _, err := r.ReadAt(buf[:n], start); err != nil {
			return time.Time{}
		}
		data := append(buf[:n], carry...)
		for j := len(data); ; {
			k := bytes.LastIndex(data[:j], key)
			if k < 0 {
				break
			}
			if t, ok := tsAfterKey(data, k+len(key)); ok {
				return t
			}
			j = k
		}
		carry = append(carry[:0], buf[:min(overlap, n)]...)
		end = start
	}
	return time.Time{}
}

func tsAfterKey(b []byte, i int) (time.Time, bool) {
	i = jsonscan.SkipWS(b, i)
	if i >= len(b) || b[i] != ':' {
		return time.Time{}, false
	}
	i = jsonscan.SkipWS(b, i+1)
	if i >= len(b) || b[i] != '"' {
		return time.Time{}, false
	}
	j := bytes.IndexByte(b[i+1:min(len(b), i+48)], '"')
	if j < 0 {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, string(b[i+1:i+1+j]))
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}
