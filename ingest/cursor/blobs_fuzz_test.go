package cursor

import (
	"encoding/hex"
	"testing"
	"unicode/utf8"

	"github.com/permsim/permsim/ingest"
)

// FuzzDecodeBlob: a blob of Cursor's store.db (a chat database outside
// input) never makes the reader panic, however broken: decodeBlob reads
// the JSON message, the protobuf-wrapped one and the tree of references,
// and each call's arguments go through pathsIn and fillArgs as readChat
// does. A reference is always the hex of a 32-byte sha256. Seeds:
// testdata/fuzz/FuzzDecodeBlob (the shapes of TestDecodeBlob).
func FuzzDecodeBlob(f *testing.F) {
	f.Add([]byte(`{"role":"tool","content":[{"type":"tool-result","toolCallId":"x","toolName":"Shell","result":"Exit code: 2"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := decodeBlob(1, "id", data)
		for _, r := range b.refs {
			if raw, err := hex.DecodeString(r); err != nil || len(raw) != 32 {
				t.Fatalf("reference %q is not a sha256", r)
			}
		}
		for _, c := range b.calls {
			_ = pathsIn(c.args)
			var row ingest.Row
			fillArgs(&row, c.args)
			_ = utf8.ValidString(c.name)
		}
	})
}
