package verify

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"
)

// RPCMessage is one line of a JSON-RPC conversation: a request (ID and
// Method), a notification (Method only) or an answer (ID, Result or Error).
type RPCMessage struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// RPCClient is the client side of a line-delimited JSON-RPC connection
// to a harness's stdio server (Codex app-server, Gemini ACP). It numbers
// its requests, matches answers to them, hands the server's own requests
// and notifications to the driver, and records every line both ways.
// Fill the exported fields before Read starts; they are not changed after.
type RPCClient struct {
	// Version, when not empty, goes out as every message's "jsonrpc"
	// member: ACP wants "2.0", app-server omits it.
	Version string
	// Exited, when not nil, is what Call answers once the server's
	// output has ended; when nil, Call waits for ctx instead.
	Exited func(method string) error
	// OnRequest handles a request from the server (an ID and a method);
	// it must answer it with Reply or ReplyError. Nil answers every
	// request with "unsupported request".
	OnRequest func(m RPCMessage)
	// OnNotify handles a notification from the server (a method, no ID).
	OnNotify func(m RPCMessage)

	mu      sync.Mutex
	w       *bufio.Writer
	rec     io.Writer
	next    int
	pending map[int]chan RPCMessage
	done    chan struct{}
}

// NewRPCClient returns a client writing requests to w and recording each
// line, time-stamped and marked > (sent) or < (received), to rec (nil:
// no record).
func NewRPCClient(w io.Writer, rec io.Writer) *RPCClient {
	return &RPCClient{w: bufio.NewWriter(w), rec: rec, pending: map[int]chan RPCMessage{}, done: make(chan struct{})}
}

// Done is closed when Read has returned: the server's output has ended.
func (r *RPCClient) Done() <-chan struct{} { return r.done }

// record writes one line of the record; the caller holds r.mu.
func (r *RPCClient) record(dir string, b []byte) {
	if r.rec != nil {
		r.rec.Write(append(append([]byte(time.Now().Format("15:04:05.000 "+dir+" ")), b...), '\n'))
	}
}

// Send writes v as one JSON line, adding the "jsonrpc" member to v when
// Version is set. Lines of concurrent senders are never interleaved.
func (r *RPCClient) Send(v map[string]any) {
	if r.Version != "" {
		v["jsonrpc"] = r.Version
	}
	b, _ := json.Marshal(v)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.record(">", b)
	r.w.Write(append(b, '\n'))
	r.w.Flush()
}

// Notify sends a notification: method, and params unless nil.
func (r *RPCClient) Notify(method string, params any) {
	m := map[string]any{"method": method}
	if params != nil {
		m["params"] = params
	}
	r.Send(m)
}

// Reply answers the server's request id with result.
func (r *RPCClient) Reply(id json.RawMessage, result any) {
	r.Send(map[string]any{"id": id, "result": result})
}

// ReplyError answers the server's request id with a JSON-RPC error.
func (r *RPCClient) ReplyError(id json.RawMessage, code int, message string) {
	r.Send(map[string]any{"id": id, "error": map[string]any{"code": code, "message": message}})
}

// Call sends a request and waits for its answer, the end of the server's
// output (when Exited is set) or ctx, whichever comes first. An error
// answer becomes an error naming the method.
func (r *RPCClient) Call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	r.mu.Lock()
	r.next++
	id := r.next
	ch := make(chan RPCMessage, 1)
	r.pending[id] = ch
	r.mu.Unlock()
	r.Send(map[string]any{"id": id, "method": method, "params": params})
	var done <-chan struct{} // nil blocks forever: without Exited only ctx ends the wait
	if r.Exited != nil {
		done = r.done
	}
	select {
	case m := <-ch:
		if len(m.Error) > 0 && string(m.Error) != "null" {
			return nil, fmt.Errorf("%s: %s", method, m.Error)
		}
		return m.Result, nil
	case <-done:
		return nil, r.Exited(method)
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: no answer: %w", method, ctx.Err())
	}
}

// Read handles every line of the server's output until it ends, then
// closes Done. Lines that are not JSON are recorded and skipped; answers
// to unknown ids are dropped.
func (r *RPCClient) Read(sc *bufio.Scanner) {
	defer close(r.done)
	for sc.Scan() {
		line := sc.Bytes()
		if r.rec != nil {
			r.mu.Lock()
			r.record("<", line)
			r.mu.Unlock()
		}
		var m RPCMessage
		if json.Unmarshal(line, &m) != nil {
			continue
		}
		hasID := len(m.ID) > 0 && string(m.ID) != "null"
		switch {
		case hasID && m.Method == "":
			var id int
			if json.Unmarshal(m.ID, &id) == nil {
				r.mu.Lock()
				ch := r.pending[id]
				delete(r.pending, id)
				r.mu.Unlock()
				if ch != nil {
					ch <- m
				}
			}
		case hasID && r.OnRequest != nil:
			r.OnRequest(m)
		case hasID:
			r.ReplyError(m.ID, -32601, "permsim verifier: unsupported request "+m.Method)
		case r.OnNotify != nil:
			r.OnNotify(m)
		}
	}
}
