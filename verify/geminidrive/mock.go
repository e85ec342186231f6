package geminidrive

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/permsim/permsim/verify"
)

// Mock is a scripted Gemini API on 127.0.0.1: a streamed request that
// offers tools is answered with the next call of the case as one
// functionCall (its id echoed back in the functionResponse), and with a
// short text once every call was served; side requests (next-speaker
// check, model router: JSON answers) get fixed JSON. It records the
// functionResponse Gemini CLI sends back for each call. It never contacts
// anything.
type Mock struct {
	calls []verify.Call
	verify.MockServer
	verify.Outputs[Response] // call id → the functionResponse
}

// Response is a functionResponse's result: its output, or its error.
type Response struct {
	Output string `json:"output,omitempty"`
	Error  string `json:"error,omitempty"`
	// Keys are the keys of response, for diagnostics.
	Keys []string `json:"keys,omitempty"`
}

// Text is the response's error, or its output when it has none.
func (r Response) Text() string {
	if r.Error != "" {
		return r.Error
	}
	return r.Output
}

// CallID is the functionCall id the mock gives call i of a case.
func CallID(i int) string { return verify.CallID(i) }

// StartMock serves calls on 127.0.0.1 on a free port (its Mock is of no
// use when the error is not nil).
func StartMock(calls []verify.Call) (*Mock, error) {
	m := &Mock{calls: calls}
	return m, m.Serve(m)
}

// URL is the base URL for GOOGLE_GEMINI_BASE_URL.
func (m *Mock) URL() string { return m.Addr() }

type part struct {
	Text         string `json:"text"`
	FunctionCall *struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string         `json:"id"`
		Name     string         `json:"name"`
		Response map[string]any `json:"response"`
	} `json:"functionResponse"`
}

// ServeHTTP answers one model request with the next scripted call, or text.
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	p := r.URL.Path
	switch {
	case strings.HasSuffix(p, ":countTokens"):
		m.Logf("countTokens")
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"totalTokens": 10}`)
		return
	case strings.HasSuffix(p, ":generateContent"):
		// Side requests want JSON: the next-speaker check and the router.
		m.Logf("generateContent %s", p)
		w.Header().Set("Content-Type", "application/json")
		text := `{"reasoning": "scripted", "next_speaker": "user", "model_choice": "pro"}`
		json.NewEncoder(w).Encode(map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
			"content": map[string]any{"role": "model", "parts": []any{map[string]any{"text": text}}}}},
			"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}})
		return
	case !strings.HasSuffix(p, ":streamGenerateContent"):
		m.Logf("%s %s: 404", r.Method, p)
		http.NotFound(w, r)
		return
	}
	var req struct {
		Contents []struct {
			Role  string `json:"role"`
			Parts []part `json:"parts"`
		} `json:"contents"`
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		m.Logf("%s: bad JSON: %v", p, err)
		http.Error(w, `{"error":{"code":400,"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	turn := 0
	for _, c := range req.Contents {
		for _, pt := range c.Parts {
			if pt.FunctionCall != nil && verify.IsCallID(pt.FunctionCall.ID) {
				turn++
			}
			if fr := pt.FunctionResponse; fr != nil && verify.IsCallID(fr.ID) {
				res := Response{Output: verify.Text(fr.Response["output"]), Error: verify.Text(fr.Response["error"])}
				for k := range fr.Response {
					res.Keys = append(res.Keys, k)
				}
				m.Put(fr.ID, res)
			}
		}
	}
	var parts []any
	if len(req.Tools) > 0 && turn < len(m.calls) {
		c := m.calls[turn]
		args := c.Input
		if args == nil {
			args = map[string]any{}
		}
		parts = []any{map[string]any{"functionCall": map[string]any{"id": CallID(turn), "name": c.Tool, "args": args}}}
		m.Logf("stream tools=%d turn=%d: %s %s", len(req.Tools), turn, CallID(turn), c.Tool)
	} else {
		parts = []any{map[string]any{"text": "Done."}}
		m.Logf("stream tools=%d turn=%d: text", len(req.Tools), turn)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	chunk := map[string]any{"candidates": []any{map[string]any{"index": 0, "finishReason": "STOP",
		"content": map[string]any{"role": "model", "parts": parts}}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "gemini-2.5-pro"}
	b, _ := json.Marshal(chunk)
	fmt.Fprintf(w, "data: %s\n\n", b)
	if fl, ok := w.(http.Flusher); ok {
		fl.Flush()
	}
}
