package claudedrive

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/permsim/permsim/verify"
)

// Mock is a scripted Anthropic Messages API: in a conversation that
// offers tools it answers each turn with the next call of the case as one
// tool_use, and with a short text once the calls are done; any other
// request (titles, summaries) gets a short text. It never contacts
// anything. A Task call's prompt carries a marker, so the subagent's own
// conversation is served that call's subagent calls.
type Mock struct {
	calls []verify.Call
	verify.MockServer
}

// subMarker tags a Task prompt with the index of the call whose subagent
// calls the subagent's conversation gets.
var subMarker = regexp.MustCompile(`\[permsim-sub:(\d+)\]`)

// ToolUseID is the tool_use id the mock gives call i of the main
// conversation, or call j of call i's subagent when sub is true.
func ToolUseID(i, j int, sub bool) string {
	if sub {
		return fmt.Sprintf("toolu_permsim_%03d_%03d", i, j)
	}
	return fmt.Sprintf("toolu_permsim_%03d", i)
}

// StartMock serves calls on 127.0.0.1 on a free port (its Mock is of no
// use when the error is not nil).
func StartMock(calls []verify.Call) (*Mock, error) {
	m := &Mock{calls: calls}
	return m, m.Serve(m)
}

// URL is the base URL to give the harness.
func (m *Mock) URL() string { return m.Addr() }

// request is the part of a Messages API request the mock reads.
type request struct {
	Model    string            `json:"model"`
	Stream   bool              `json:"stream"`
	Tools    []json.RawMessage `json:"tools"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

type block struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
}

func blocks(raw json.RawMessage) []block {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []block{{Type: "text", Text: s}}
	}
	var bs []block
	_ = json.Unmarshal(raw, &bs)
	return bs
}

// ServeHTTP answers one request of the Messages API, as Mock says.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/v1/messages") {
		m.Logf("%s %s: 404", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		m.Logf("POST %s: bad JSON: %v", r.URL.Path, err)
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	if strings.HasSuffix(r.URL.Path, "/count_tokens") {
		m.Logf("count_tokens")
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"input_tokens": 100}`)
		return
	}
	calls, sub, idx := m.calls, false, -1
	if len(req.Messages) > 0 {
		for _, b := range blocks(req.Messages[0].Content) {
			if mm := subMarker.FindStringSubmatch(b.Text); mm != nil {
				idx, _ = strconv.Atoi(mm[1])
				if idx >= 0 && idx < len(m.calls) {
					calls, sub = m.calls[idx].SubagentCalls, true
				}
			}
		}
	}
	turn := 0
	for _, msg := range req.Messages {
		if msg.Role != "assistant" {
			continue
		}
		for _, b := range blocks(msg.Content) {
			if b.Type == "tool_use" && strings.HasPrefix(b.ID, "toolu_permsim_") {
				turn++
				break
			}
		}
	}
	if len(req.Tools) == 0 || turn >= len(calls) {
		m.Logf("model=%s tools=%d sub=%v turn=%d: text", req.Model, len(req.Tools), sub, turn)
		m.reply(w, req, nil)
		return
	}
	c := calls[turn]
	input := map[string]any{}
	for k, v := range c.Input {
		input[k] = v
	}
	if !sub && (c.Tool == "Task" || c.Tool == "Agent") {
		p, _ := input["prompt"].(string)
		input["prompt"] = strings.TrimSpace(p + fmt.Sprintf(" [permsim-sub:%d]", turn))
	}
	id := ToolUseID(turn, 0, false)
	if sub {
		id = ToolUseID(idx, turn, true)
	}
	m.Logf("model=%s sub=%v turn=%d: tool_use %s %s", req.Model, sub, turn, id, c.Tool)
	m.reply(w, req, &block{Type: "tool_use", ID: id, Name: c.Tool, Input: mustJSON(input)})
}

func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// reply answers with one tool_use block, or a short text, streamed when
// the request asked for a stream.
func (m *Mock) reply(w http.ResponseWriter, req request, tu *block) {
	model := req.Model
	if model == "" {
		model = "claude-mock"
	}
	stop := "end_turn"
	var content any = []any{map[string]any{"type": "text", "text": "Done."}}
	if tu != nil {
		stop = "tool_use"
		content = []any{map[string]any{"type": "tool_use", "id": tu.ID, "name": tu.Name, "input": tu.Input}}
	}
	usage := map[string]any{"input_tokens": 10, "output_tokens": 5, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
	msgID := "msg_permsim_" + strconv.Itoa(len(m.Log()))
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"id": msgID, "type": "message", "role": "assistant", "model": model,
			"content": content, "stop_reason": stop, "stop_sequence": nil, "usage": usage})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fl, _ := w.(http.Flusher)
	event := func(name string, data any) {
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, mustJSON(data))
		if fl != nil {
			fl.Flush()
		}
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": msgID, "type": "message",
		"role": "assistant", "model": model, "content": []any{}, "stop_reason": nil, "stop_sequence": nil, "usage": usage}})
	if tu != nil {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": tu.ID, "name": tu.Name, "input": map[string]any{}}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(tu.Input)}})
	} else {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": "Done."}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": 5}})
	event("message_stop", map[string]any{"type": "message_stop"})
}
