package codexdrive

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/permsim/permsim/verify"
)

// Mock is a scripted OpenAI Responses API on 127.0.0.1: in a request that
// offers tools it answers with the next call of the case, as one
// function_call (exec_command and other JSON tools) or custom_tool_call
// (apply_patch, a freeform tool), and with a short text once every call
// was served. It records the tool output Codex sends back for each call,
// which is the text the outcome is read from. It never contacts anything.
type Mock struct {
	calls []verify.Call
	verify.MockServer
	verify.Outputs[string] // call id → the tool output Codex returned

	mu     sync.Mutex
	served int
	last   string // the call id served last
}

// LastServed is the id of the call the mock served last ("" before the
// first): the call an approval request that names none is about.
func (m *Mock) LastServed() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.last
}

// CallID is the call id the mock gives call i of a case.
func CallID(i int) string { return verify.CallID(i) }

// freeform tools are sent as custom_tool_call with their text input.
var freeform = map[string]string{"apply_patch": "input"}

// StartMock serves calls on 127.0.0.1 on a free port (its Mock is of no
// use when the error is not nil).
func StartMock(calls []verify.Call) (*Mock, error) {
	m := &Mock{calls: calls}
	return m, m.Serve(m)
}

// URL is the base URL for Codex's model provider (with /v1).
func (m *Mock) URL() string { return m.Addr() + "/v1" }

type inputItem struct {
	Type   string          `json:"type"`
	CallID string          `json:"call_id"`
	Output json.RawMessage `json:"output"`
}

// outputText reads a function_call_output's output: a string, or a list
// of content items with text.
func outputText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	var obj struct {
		Content string `json:"content"`
	}
	_ = json.Unmarshal(raw, &obj)
	return obj.Content
}

// ServeHTTP answers one model request with the next scripted call, or text.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/models") {
		m.Logf("GET %s", r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"object":"list","data":[],"models":[]}`)
		return
	}
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/responses") {
		m.Logf("%s %s: 404", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req struct {
		Model string            `json:"model"`
		Tools []json.RawMessage `json:"tools"`
		Input []inputItem       `json:"input"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		m.Logf("POST %s: bad JSON: %v", r.URL.Path, err)
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	// The turn is the number of our calls already in the conversation, so
	// a retried or re-prompted request gets the same next call.
	turn := 0
	for _, it := range req.Input {
		if !verify.IsCallID(it.CallID) {
			continue
		}
		switch it.Type {
		case "function_call", "custom_tool_call":
			turn++
		case "function_call_output", "custom_tool_call_output":
			m.Put(it.CallID, outputText(it.Output))
		}
	}
	m.mu.Lock()
	m.served++
	n := m.served
	m.mu.Unlock()
	respID := fmt.Sprintf("resp_permsim_%d", n)
	var item map[string]any
	if len(req.Tools) > 0 && turn < len(m.calls) {
		c := m.calls[turn]
		id := CallID(turn)
		if field, ok := freeform[c.Tool]; ok {
			text, _ := c.Input[field].(string)
			item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + id, "call_id": id, "name": c.Tool, "input": text, "status": "completed"}
		} else {
			args, _ := json.Marshal(c.Input)
			item = map[string]any{"type": "function_call", "id": "fc_" + id, "call_id": id, "name": c.Tool, "arguments": string(args), "status": "completed"}
			// Codex offers a server's MCP tools as a namespace
			// ("mcp__notes" holding "search") and looks a call up by
			// both: mcp__notes__search is sent in that form.
			if rest, ok := strings.CutPrefix(c.Tool, "mcp__"); ok {
				if server, tool, ok := strings.Cut(rest, "__"); ok && server != "" && tool != "" {
					item["namespace"], item["name"] = "mcp__"+server, tool
				}
			}
		}
		m.mu.Lock()
		m.last = id
		m.mu.Unlock()
		m.Logf("model=%s tools=%d turn=%d: %s %s", req.Model, len(req.Tools), turn, id, c.Tool)
	} else {
		item = map[string]any{"type": "message", "id": fmt.Sprintf("msg_permsim_%d", n), "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": "Done.", "annotations": []any{}}}}
		m.Logf("model=%s tools=%d turn=%d: text", req.Model, len(req.Tools), turn)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	fl, _ := w.(http.Flusher)
	event := func(name string, data map[string]any) {
		data["type"] = name
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
		if fl != nil {
			fl.Flush()
		}
	}
	resp := map[string]any{"id": respID, "object": "response", "model": req.Model, "status": "in_progress", "output": []any{}}
	event("response.created", map[string]any{"response": resp})
	event("response.output_item.added", map[string]any{"output_index": 0, "item": item})
	event("response.output_item.done", map[string]any{"output_index": 0, "item": item})
	done := map[string]any{"id": respID, "object": "response", "model": req.Model, "status": "completed", "output": []any{item},
		"usage": map[string]any{"input_tokens": 10, "input_tokens_details": map[string]any{"cached_tokens": 0},
			"output_tokens": 5, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 15}}
	event("response.completed", map[string]any{"response": done})
}
