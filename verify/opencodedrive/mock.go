package opencodedrive

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/permsim/permsim/verify"
)

// Mock is a scripted OpenAI-compatible chat-completions API on 127.0.0.1:
// a streamed request that offers tools is answered with the next call of
// the case as one tool call, and with a short text once every call of
// this process was served; a request without tools (the session title)
// gets text. OpenCode stops a run on every ask, so the driver starts a
// new process for the remaining calls and tells the mock where to start
// (SetBase). It records the tool results OpenCode sends back. It never
// contacts anything.
type Mock struct {
	calls []verify.Call
	verify.MockServer
	verify.Outputs[string] // call id → the role:"tool" message content

	mu   sync.Mutex
	base int
}

// CallID is the tool-call id the mock gives call i of a case.
func CallID(i int) string { return verify.CallID(i) }

// StartMock serves calls on 127.0.0.1 on a free port (its Mock is of no
// use when the error is not nil).
func StartMock(calls []verify.Call) (*Mock, error) {
	m := &Mock{calls: calls}
	return m, m.Serve(m)
}

// URL is the base URL for the provider's baseURL option.
func (m *Mock) URL() string { return m.Addr() + "/v1" }

// SetBase makes the next process's first tool call call i of the case.
func (m *Mock) SetBase(i int) {
	m.mu.Lock()
	m.base = i
	m.mu.Unlock()
}

func contentText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		var parts []string
		for _, p := range x {
			if mp, ok := p.(map[string]any); ok {
				if t, ok := mp["text"].(string); ok {
					parts = append(parts, t)
				}
			}
		}
		return strings.Join(parts, "\n")
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// ServeHTTP answers one chat-completions request.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		m.Logf("%s %s: 404", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	var req struct {
		Messages []struct {
			Role       string `json:"role"`
			Content    any    `json:"content"`
			ToolCallID string `json:"tool_call_id"`
			ToolCalls  []struct {
				ID string `json:"id"`
			} `json:"tool_calls"`
		} `json:"messages"`
		Tools  []json.RawMessage `json:"tools"`
		Stream bool              `json:"stream"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		m.Logf("bad JSON: %v", err)
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	served := 0
	for _, msg := range req.Messages {
		for _, tc := range msg.ToolCalls {
			if verify.IsCallID(tc.ID) {
				served++
			}
		}
		if msg.Role == "tool" && verify.IsCallID(msg.ToolCallID) {
			m.Put(msg.ToolCallID, contentText(msg.Content))
		}
	}
	m.mu.Lock()
	turn := m.base + served
	m.mu.Unlock()
	var chunks []map[string]any
	chunk := func(delta map[string]any, finish any) map[string]any {
		return map[string]any{"id": "chatcmpl-permsim", "object": "chat.completion.chunk", "created": 0, "model": Model,
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
	}
	if len(req.Tools) > 0 && turn < len(m.calls) {
		c := m.calls[turn]
		args, _ := json.Marshal(c.Input)
		if c.Input == nil {
			args = []byte("{}")
		}
		chunks = append(chunks, chunk(map[string]any{"role": "assistant", "tool_calls": []any{map[string]any{"index": 0, "id": CallID(turn), "type": "function",
			"function": map[string]any{"name": c.Tool, "arguments": string(args)}}}}, nil))
		chunks = append(chunks, chunk(map[string]any{}, "tool_calls"))
		m.Logf("tools=%d turn=%d: %s %s", len(req.Tools), turn, CallID(turn), c.Tool)
	} else {
		text := "Done."
		if len(req.Tools) == 0 {
			text = "Scripted session"
		}
		chunks = append(chunks, chunk(map[string]any{"role": "assistant", "content": text}, nil))
		chunks = append(chunks, chunk(map[string]any{}, "stop"))
		m.Logf("tools=%d turn=%d: text", len(req.Tools), turn)
	}
	chunks[len(chunks)-1]["usage"] = map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		msg := map[string]any{"role": "assistant", "content": "Scripted session"}
		json.NewEncoder(w).Encode(map[string]any{"id": "chatcmpl-permsim", "object": "chat.completion", "created": 0, "model": Model,
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	for _, c := range chunks {
		b, _ := json.Marshal(c)
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	io.WriteString(w, "data: [DONE]\n\n")
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}
