package verify

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// startRPC connects a client to a fake server and starts its Read loop:
// what the client writes the test reads from toServer, what the test
// writes to fromServer the client reads.
func startRPC(t *testing.T, setup func(c *RPCClient)) (c *RPCClient, toServer *bufio.Scanner, fromServer io.WriteCloser, rec *bytes.Buffer) {
	t.Helper()
	cr, cw := io.Pipe()
	sr, sw := io.Pipe()
	rec = &bytes.Buffer{}
	c = NewRPCClient(cw, rec)
	setup(c)
	go c.Read(bufio.NewScanner(sr))
	t.Cleanup(func() { cw.Close(); sw.Close() })
	return c, bufio.NewScanner(cr), sw, rec
}

func nextLine(t *testing.T, sc *bufio.Scanner) map[string]any {
	t.Helper()
	if !sc.Scan() {
		t.Fatal("the client sent nothing")
	}
	var m map[string]any
	if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
		t.Fatalf("client line %q: %v", sc.Text(), err)
	}
	return m
}

type callAnswer struct {
	res json.RawMessage
	err error
}

func callAsync(c *RPCClient, ctx context.Context, method string) chan callAnswer {
	got := make(chan callAnswer, 1)
	go func() {
		res, err := c.Call(ctx, method, map[string]any{})
		got <- callAnswer{res, err}
	}()
	return got
}

// JSON-RPC 2.0: the Response's "id ... MUST be the same as the value of
// the id member in the Request Object", so an answer to an id never asked
// must not end the call. "jsonrpc" goes out only when Version is set:
// app-server's lines carry none, ACP's carry "2.0".
func TestRPCClientCall(t *testing.T) {
	for _, version := range []string{"", "2.0"} {
		c, toServer, fromServer, rec := startRPC(t, func(c *RPCClient) { c.Version = version })
		got := callAsync(c, context.Background(), "initialize")
		req := nextLine(t, toServer)
		if req["method"] != "initialize" || req["id"] != float64(1) {
			t.Errorf("version %q: request %v, want method initialize id 1", version, req)
		}
		if v, ok := req["jsonrpc"]; (version != "") != ok || (ok && v != version) {
			t.Errorf("version %q: jsonrpc member %v (present %v)", version, v, ok)
		}
		io.WriteString(fromServer, "not json\n"+`{"id":7,"result":"stray"}`+"\n"+`{"id":1,"result":{"ok":true}}`+"\n")
		a := <-got
		if a.err != nil || string(a.res) != `{"ok":true}` {
			t.Errorf("version %q: Call = %s, %v; want {\"ok\":true}", version, a.res, a.err)
		}
		if !strings.Contains(rec.String(), " > {") || !strings.Contains(rec.String(), " < not json") {
			t.Errorf("version %q: record lacks the sent or the received line:\n%s", version, rec)
		}
	}
}

// JSON-RPC 2.0: "-32601 Method not found": a server request nobody
// handles is answered with that code; an error answer fails the call.
func TestRPCClientRequestsAndErrors(t *testing.T) {
	var notes []string
	c, toServer, fromServer, _ := startRPC(t, func(c *RPCClient) {
		c.OnNotify = func(m RPCMessage) { notes = append(notes, m.Method) }
	})
	io.WriteString(fromServer, `{"method":"turn/completed"}`+"\n"+`{"id":"s1","method":"fs/read"}`+"\n")
	ans := nextLine(t, toServer)
	e, _ := ans["error"].(map[string]any)
	if ans["id"] != "s1" || e["code"] != float64(-32601) {
		t.Errorf("answer to an unhandled request = %v, want id s1 and error code -32601", ans)
	}
	got := callAsync(c, context.Background(), "thread/start")
	nextLine(t, toServer)
	io.WriteString(fromServer, `{"id":1,"error":{"code":-1,"message":"no"}}`+"\n")
	if a := <-got; a.err == nil || !strings.HasPrefix(a.err.Error(), "thread/start: ") {
		t.Errorf("Call on an error answer = %v, want an error naming thread/start", a.err)
	}
	if len(notes) != 1 || notes[0] != "turn/completed" {
		t.Errorf("notifications = %v, want [turn/completed]", notes)
	}
}

// Exited decides whether the end of the server's output ends a pending
// call (Gemini) or only the context does (Codex).
func TestRPCClientExited(t *testing.T) {
	gone := errors.New("server exited")
	tests := []struct {
		name    string
		exited  func(string) error
		wantErr error
	}{
		{"with Exited", func(string) error { return gone }, gone},
		{"without Exited", nil, context.DeadlineExceeded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, toServer, fromServer, _ := startRPC(t, func(c *RPCClient) { c.Exited = tt.exited })
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			got := callAsync(c, ctx, "session/prompt")
			nextLine(t, toServer)
			fromServer.Close()
			<-c.Done()
			if a := <-got; !errors.Is(a.err, tt.wantErr) {
				t.Errorf("Call after the output ended = %v, want %v", a.err, tt.wantErr)
			}
		})
	}
}
