package verify

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
)

// MockServer is the loopback HTTP server every driver's scripted model
// runs on, with its request log: each driver's mock embeds one and
// supplies only the API it speaks. It listens on 127.0.0.1 on a free port
// and never contacts anything.
type MockServer struct {
	srv *http.Server
	ln  net.Listener

	logMu sync.Mutex
	log   []string // one line per request: what was asked and answered
}

// Serve starts serving h on 127.0.0.1 on a free port: a mock that embeds
// a MockServer calls it once, with itself as h.
func (s *MockServer) Serve(h http.Handler) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	s.ln, s.srv = ln, &http.Server{Handler: h}
	go s.srv.Serve(ln)
	return nil
}

// Addr is the server's base URL, "http://127.0.0.1:PORT".
func (s *MockServer) Addr() string { return "http://" + s.ln.Addr().String() }

// Close stops the server.
func (s *MockServer) Close() error { return s.srv.Close() }

// Log returns one line per request served.
func (s *MockServer) Log() []string {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	return append([]string(nil), s.log...)
}

// Logf adds a line to the request log.
func (s *MockServer) Logf(format string, a ...any) {
	s.logMu.Lock()
	s.log = append(s.log, fmt.Sprintf(format, a...))
	s.logMu.Unlock()
}

// callIDPrefix starts every call id CallID makes, so a mock tells its own
// calls from others in a conversation.
const callIDPrefix = "call_permsim_"

// CallID is the call id a mock gives call i of a case (the Codex, Gemini
// CLI and OpenCode mocks; Claude Code's has its own tool_use ids).
func CallID(i int) string { return fmt.Sprintf(callIDPrefix+"%03d", i) }

// IsCallID reports whether id is one CallID made.
func IsCallID(id string) bool { return strings.HasPrefix(id, callIDPrefix) }

// Outputs records what the harness sent back to the mock for each call,
// by call id; safe for concurrent use. A mock embeds one.
type Outputs[T any] struct {
	mu sync.Mutex
	m  map[string]T
}

// Put records v as call id's output.
func (o *Outputs[T]) Put(id string, v T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.m == nil {
		o.m = map[string]T{}
	}
	o.m[id] = v
}

// Output returns what the harness sent back for call id, if anything.
func (o *Outputs[T]) Output(id string) (T, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	v, ok := o.m[id]
	return v, ok
}

// Text renders a JSON value the harness sent as text: a string as itself,
// nothing as "", anything else as its JSON.
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	b, _ := json.Marshal(v)
	return string(b)
}
