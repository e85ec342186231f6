package verify

import (
	"fmt"
	"net"
	"net/http"
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

// ServeMock starts serving h on 127.0.0.1 on a free port.
func ServeMock(h http.Handler) (*MockServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &MockServer{ln: ln, srv: &http.Server{Handler: h}}
	go s.srv.Serve(ln)
	return s, nil
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
