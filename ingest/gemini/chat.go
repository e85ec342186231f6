package gemini

import (
	"bytes"
	"sort"
	"time"

	json "github.com/goccy/go-json"
)

// message is one chat message record (ConversationRecord.messages[], or a
// message line of a .jsonl chat).
type message struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Model     string          `json:"model"`
	ToolCalls []toolCall      `json:"toolCalls"`
	Content   json.RawMessage `json:"content"`
}

// toolCall is a ToolCallRecord: the call and its result in one record.
type toolCall struct {
	ID            string          `json:"id"`
	Name          string          `json:"name"`
	Args          json.RawMessage `json:"args"`
	Result        json.RawMessage `json:"result"`
	Status        string          `json:"status"`
	Timestamp     string          `json:"timestamp"`
	AgentID       string          `json:"agentId"`
	ResultDisplay json.RawMessage `json:"resultDisplay"`

	// valid says the record was read by the fast path (fastMessage): its
	// raw fields are valid JSON, which fastResultText relies on.
	valid bool
	// raw is the whole record's JSON when valid; the raw fields above
	// are slices of it (fastMessage compares a re-appended copy with it).
	raw []byte
}

// meta is the chat's metadata: the whole-file record's top level, a .jsonl
// chat's first line (and any later header line), or a $set update.
type meta struct {
	SessionID   string    `json:"sessionId"`
	ProjectHash string    `json:"projectHash"`
	StartTime   string    `json:"startTime"`
	Kind        string    `json:"kind"`
	Directories []string  `json:"directories"`
	Messages    []message `json:"messages"`
}

// line is one line of a .jsonl chat: a message (it has an id), a
// {"$rewindTo": id}, a {"$set": {…}} metadata update, or a metadata line.
type line struct {
	message
	RewindTo *string `json:"$rewindTo"`
	Set      *meta   `json:"$set"`
	meta
}

// call is one tool call as read from a chat, before its project root is
// known and it becomes a row.
type call struct {
	rec     toolCall
	model   string
	line    int64 // line of the record that first held the call
	orphan  bool  // known only from a functionResponse in a user message
	respond json.RawMessage
	ts      time.Time
	rewound bool
}

// entry is one message of the conversation being rebuilt, in the order
// the Gemini CLI keeps (a message re-appended later replaces the earlier
// one in place; see loadConversationRecord in chatRecordingService.ts).
type entry struct {
	id        string
	pos       int
	calls     []*call
	spare     []*call // the calls of the copy before, its array reused
	responses []*call // functionResponse parts of a user message
}

// sameCall says k was read from a record equal to tc in a message of the
// same model.
func sameCall(k *call, tc *toolCall, model string) bool {
	r := &k.rec
	return !k.orphan && k.model == model && r.ID == tc.ID && r.Name == tc.Name && r.Status == tc.Status &&
		r.Timestamp == tc.Timestamp && r.AgentID == tc.AgentID && r.valid == tc.valid &&
		bytes.Equal(r.Args, tc.Args) && bytes.Equal(r.Result, tc.Result) && bytes.Equal(r.ResultDisplay, tc.ResultDisplay)
}

// own gives tc's raw fields their own copy (one allocation for the three,
// or for the whole record when raw holds it).
func (tc *toolCall) own() {
	if tc.raw != nil && tc.ownRaw() {
		return
	}
	tc.raw = nil
	buf := make([]byte, 0, len(tc.Args)+len(tc.Result)+len(tc.ResultDisplay))
	keep := func(s []byte) []byte {
		if s == nil {
			return nil
		}
		start := len(buf)
		buf = append(buf, s...)
		return buf[start:len(buf):len(buf)]
	}
	tc.Args, tc.Result, tc.ResultDisplay = keep(tc.Args), keep(tc.Result), keep(tc.ResultDisplay)
}

// ownRaw copies raw and makes the raw fields the same slices of the copy;
// false, changing nothing, when a field is not a slice of raw. Both are
// slices of one array (the line, or an earlier copy), so the distance of
// a field from raw's start is the difference of their capacities.
func (tc *toolCall) ownRaw() bool {
	fields := [...]*json.RawMessage{&tc.Args, &tc.Result, &tc.ResultDisplay}
	var offs [3]int
	for i, f := range fields {
		if *f == nil {
			continue
		}
		offs[i] = cap(tc.raw) - cap(*f)
		if len(*f) == 0 || offs[i] < 0 || offs[i]+len(*f) > len(tc.raw) || &tc.raw[offs[i]] != &(*f)[0] {
			return false
		}
	}
	buf := bytes.Clone(tc.raw)
	for i, f := range fields {
		if *f != nil {
			*f = buf[offs[i] : offs[i]+len(*f)]
		}
	}
	tc.raw = buf
	return true
}

// chat rebuilds one chat file's conversation from its records.
type chat struct {
	meta
	live     map[string]*entry
	next     int
	rewound  []*entry // messages dropped by $rewindTo (their calls ran)
	first    map[string]int64
	restart  bool // a $rewindTo named a message read before this pass
	resuming bool // this pass started after the start of the file
	// callBuf is fastMessage's array for a line's calls, reused from
	// line to line: upsert copies what it keeps.
	callBuf []toolCall
}

func newChat() *chat {
	return &chat{live: map[string]*entry{}, first: map[string]int64{}}
}

func (c *chat) setMeta(m *meta) {
	if m.SessionID != "" {
		c.SessionID = m.SessionID
	}
	if m.ProjectHash != "" {
		c.ProjectHash = m.ProjectHash
	}
	if m.StartTime != "" && c.StartTime == "" {
		c.StartTime = m.StartTime
	}
	if m.Kind != "" {
		c.Kind = m.Kind
	}
	if len(m.Directories) > 0 {
		c.Directories = m.Directories
	}
}

// upsert adds or replaces a message read at line n. When aliased, the
// raw fields of m's calls alias a buffer that is reused: what is kept is
// copied.
func (c *chat) upsert(m *message, n int64, aliased bool) {
	if m.ID == "" {
		return
	}
	e, ok := c.live[m.ID]
	if !ok {
		e = &entry{id: m.ID, pos: c.next}
		c.next++
		c.live[m.ID] = e
	}
	old := e.calls
	e.calls = e.spare[:0]
	for i := range m.ToolCalls {
		tc := m.ToolCalls[i]
		if tc.ID == "" {
			continue
		}
		// The CLI re-appends a message each time one of its calls
		// finishes: a call the earlier copy held at the same place, byte
		// for byte, is that copy's call.
		if j := len(e.calls); j < len(old) && sameCall(old[j], &tc, m.Model) {
			e.calls = append(e.calls, old[j])
			continue
		}
		if _, seen := c.first[tc.ID]; !seen {
			c.first[tc.ID] = n
		}
		if aliased {
			tc.own()
		}
		e.calls = append(e.calls, &call{rec: tc, model: m.Model, line: c.first[tc.ID], ts: parseTs(tc.Timestamp)})
	}
	e.spare = old
	e.responses = e.responses[:0]
	if m.Type == "user" && bytes.Contains(m.Content, []byte(`"functionResponse"`)) {
		for _, fr := range functionResponses(m.Content) {
			key := "\x00" + fr.ID
			if _, seen := c.first[key]; !seen {
				c.first[key] = n
			}
			e.responses = append(e.responses, &call{rec: toolCall{ID: fr.ID, Name: fr.Name}, respond: fr.Response,
				orphan: true, line: c.first[key], ts: parseTs(m.Timestamp)})
		}
	}
}

// rewind applies {"$rewindTo": id}: the message and every later one leave
// the conversation. An id not in the conversation clears it, as the CLI's
// loader does, unless the message may be in the part of the file an
// earlier run read: then the file is read again from its start.
func (c *chat) rewind(id string) {
	target, ok := c.live[id]
	if !ok && c.resuming {
		c.restart = true
		return
	}
	for k, e := range c.live {
		if !ok || e.pos >= target.pos {
			c.rewound = append(c.rewound, e)
			delete(c.live, k)
		}
	}
}

// calls returns every call of the chat once, in the order their records
// first appeared: those of the live conversation, those dropped by a
// rewind (flagged), and those known only from a functionResponse.
func (c *chat) calls() []*call {
	var out []*call
	have := map[string]bool{}
	// keep adds the calls each entry of es lists under pick that are not
	// in out yet.
	keep := func(es []*entry, rewound bool, pick func(*entry) []*call) {
		for _, e := range es {
			for _, k := range pick(e) {
				if !have[k.rec.ID] {
					have[k.rec.ID] = true
					k.rewound = rewound
					out = append(out, k)
				}
			}
		}
	}
	live := make([]*entry, 0, len(c.live))
	for _, e := range c.live {
		live = append(live, e)
	}
	for _, es := range [][]*entry{live, c.rewound} {
		sort.Slice(es, func(i, j int) bool { return es[i].pos < es[j].pos })
	}
	calls := func(e *entry) []*call { return e.calls }
	responses := func(e *entry) []*call { return e.responses }
	keep(live, false, calls)
	keep(c.rewound, true, calls)
	keep(live, false, responses)
	keep(c.rewound, true, responses)
	sort.SliceStable(out, func(i, j int) bool { return out[i].line < out[j].line })
	return out
}

type functionResponse struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Response json.RawMessage `json:"response"`
}

// functionResponses returns the functionResponse parts of a user
// message's content.
func functionResponses(content json.RawMessage) []functionResponse {
	if out, ok := fastFunctionResponses(content); ok {
		return out
	}
	return decodeFunctionResponses(content)
}

// decodeFunctionResponses is functionResponses decoded with go-json: for
// what the fast path leaves, and the reference it is tested against.
func decodeFunctionResponses(content json.RawMessage) []functionResponse {
	var parts []struct {
		FunctionResponse *functionResponse `json:"functionResponse"`
	}
	if json.Unmarshal(content, &parts) != nil {
		return nil
	}
	var out []functionResponse
	for _, p := range parts {
		if p.FunctionResponse != nil && p.FunctionResponse.ID != "" {
			out = append(out, *p.FunctionResponse)
		}
	}
	return out
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
