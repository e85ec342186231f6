package cursor

import (
	"bytes"
	"encoding/hex"
	"errors"

	json "github.com/goccy/go-json"
	"github.com/permsim/permsim/ingest"
)

// A store.db keeps a chat as content-addressed blobs (id = sha256 of the
// data, in hex). What is known of their shapes (transcript-formats.md §5;
// all reverse-engineered, low confidence):
//
//   - a message is JSON in the AI SDK's shape {id?, role, content, …}, with
//     content parts "tool-call" {toolCallId, toolName, args} and
//     "tool-result" {toolCallId, toolName, result};
//   - some messages are wrapped in a protobuf record whose field 4 holds
//     that JSON (field 1 the text, 2 a uuid, 8 references);
//   - a tree is a protobuf record of field-8 entries, each the 32 raw bytes
//     of another blob's id; meta's latestRootBlobId names the current
//     tree, and a message version no tree reaches is superseded.

// blob is what the reader keeps of one blob: its references and the
// calls and results of its message, not the message's text.
type blob struct {
	rowid   int64
	id      string
	refs    []string // blob ids it references (field 8)
	calls   []call
	results []result
	known   bool // a shape above, even when it holds no message
}

// call is one tool-call content part.
type call struct {
	id, name, model string
	args            []byte
}

// result is the start of one tool-result content part.
type result struct {
	callID  string
	text    []byte // the result's text (a JSON string decoded), cut to resultPrefix bytes
	isError bool
}

// resultPrefix is how much of a result is kept: enough for "Exit code: N".
const resultPrefix = 256

// chatMessage is an AI SDK message.
type chatMessage struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

// contentPart is one part of a message's content.
type contentPart struct {
	Type            string          `json:"type"`
	ToolCallID      string          `json:"toolCallId"`
	ToolName        string          `json:"toolName"`
	Args            json.RawMessage `json:"args"`
	Input           json.RawMessage `json:"input"` // AI SDK 5 names args "input"
	Result          json.RawMessage `json:"result"`
	Output          json.RawMessage `json:"output"` // and result "output"
	IsError         bool            `json:"isError"`
	ProviderOptions struct {
		Cursor struct {
			ModelName string `json:"modelName"`
		} `json:"cursor"`
	} `json:"providerOptions"`
}

// parts decodes the content parts of a message (none when content is a
// plain string).
func (m *chatMessage) parts() []contentPart {
	if len(m.Content) == 0 || m.Content[0] != '[' {
		return nil
	}
	var ps []contentPart
	if json.Unmarshal(m.Content, &ps) != nil {
		return nil
	}
	return ps
}

// decodeBlob classifies one blob's data.
func decodeBlob(rowid int64, id string, data []byte) blob {
	b := blob{rowid: rowid, id: id}
	if t := bytes.TrimSpace(data); len(t) > 0 && t[0] == '{' {
		if m, ok := jsonMessage(t); ok {
			b.known = true
			b.take(m)
		}
		return b
	}
	var payloads [][]byte
	err := eachField(data, func(num int, wire int, v []byte) {
		if wire != wireBytes {
			return
		}
		if num == 8 && len(v) == 32 {
			b.refs = append(b.refs, hex.EncodeToString(v))
			return
		}
		if len(v) > 0 && v[0] == '{' {
			payloads = append(payloads, v)
		}
	})
	if err != nil {
		return b
	}
	b.known = true
	for _, p := range payloads {
		if m, ok := jsonMessage(p); ok {
			b.take(m)
			break
		}
	}
	return b
}

// take keeps the calls and results of a message.
func (b *blob) take(m *chatMessage) {
	for _, p := range m.parts() {
		switch p.Type {
		case "tool-call":
			if p.ToolCallID != "" {
				b.calls = append(b.calls, call{id: p.ToolCallID, name: p.ToolName,
					model: p.ProviderOptions.Cursor.ModelName, args: ingest.ShortenJSONKeepHTML(orRaw(p.Args, p.Input))})
			}
		case "tool-result":
			if p.ToolCallID != "" {
				b.results = append(b.results, result{callID: p.ToolCallID, text: resultText(orRaw(p.Result, p.Output)), isError: p.IsError})
			}
		}
	}
}

func orRaw(a, b []byte) []byte {
	if len(a) > 0 && string(a) != "null" {
		return a
	}
	return b
}

// resultText returns the start of a result: the text of a JSON string,
// else the raw JSON.
func resultText(raw []byte) []byte {
	text := raw
	var s string
	if len(raw) > 0 && raw[0] == '"' && json.Unmarshal(raw, &s) == nil {
		text = []byte(s)
	}
	if len(text) > resultPrefix {
		text = text[:resultPrefix]
	}
	return bytes.Clone(text)
}

// jsonMessage decodes a JSON message; ok is false for JSON of another shape.
func jsonMessage(data []byte) (*chatMessage, bool) {
	var m chatMessage
	if json.Unmarshal(data, &m) != nil || m.Role == "" {
		return nil, false
	}
	return &m, true
}

// Protobuf wire types.
const (
	wireVarint  = 0
	wireFixed64 = 1
	wireBytes   = 2
	wireFixed32 = 5
)

var errWire = errors.New("not a protobuf record")

// eachField walks the top-level fields of a protobuf record, giving each
// length-delimited value (other values as nil). It fails on anything that
// is not well-formed, so that random bytes are not taken for a record.
func eachField(b []byte, fn func(num int, wire int, v []byte)) error {
	if len(b) == 0 {
		return errWire
	}
	for len(b) > 0 {
		key, n := uvarint(b)
		if n <= 0 {
			return errWire
		}
		b = b[n:]
		num, wire := int(key>>3), int(key&7)
		if num == 0 {
			return errWire
		}
		switch wire {
		case wireVarint:
			_, n := uvarint(b)
			if n <= 0 {
				return errWire
			}
			b = b[n:]
			fn(num, wire, nil)
		case wireFixed64:
			if len(b) < 8 {
				return errWire
			}
			b = b[8:]
			fn(num, wire, nil)
		case wireFixed32:
			if len(b) < 4 {
				return errWire
			}
			b = b[4:]
			fn(num, wire, nil)
		case wireBytes:
			l, n := uvarint(b)
			if n <= 0 || l > uint64(len(b)-n) {
				return errWire
			}
			fn(num, wire, b[n:n+int(l)])
			b = b[n+int(l):]
		default:
			return errWire // groups (3, 4) are long deprecated; 6 and 7 do not exist
		}
	}
	return nil
}

// uvarint decodes a varint; n ≤ 0 when b holds none.
func uvarint(b []byte) (uint64, int) {
	var x uint64
	for i := 0; i < len(b) && i < 10; i++ {
		c := b[i]
		x |= uint64(c&0x7f) << (7 * i)
		if c < 0x80 {
			return x, i + 1
		}
	}
	return 0, 0
}
