package gemini

import (
	"bytes"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// Names read in a user message's content parts.
var (
	partKeys     = []string{"functionResponse"}
	responseKeys = []string{"id", "name", "response"}
)

// fastFunctionResponses is functionResponses walking content (valid JSON:
// the fast path validated it, or go-json decoded it as a RawMessage) in
// the plain case: an array of objects, each with at most one
// functionResponse, an object or null, whose id and name are strings and
// whose response is not null. ok is false for anything else — not an
// array, a part of another type, a key given twice or only
// case-insensitively equal, a field of another type — and
// functionResponses then decodes with go-json as before. Decoding these
// small messages was ~8% of BenchmarkRead: go-json's cost per call, not
// per byte. The responses are copies: content may alias a reused buffer.
func fastFunctionResponses(content []byte) (out []functionResponse, ok bool) {
	end := jsonscan.Elems(content, 0, func(es int) int {
		seen := false
		return jsonscan.Members(content, es, func(key []byte, vs int) int {
			k, ok := keyIndex(key, partKeys, partKeys)
			if !ok || (k == 0 && seen) {
				return -1
			}
			if k < 0 {
				return jsonscan.SkipValue(content, vs)
			}
			seen = true
			if vs < len(content) && content[vs] == 'n' { // null: no response
				return jsonscan.SkipValue(content, vs)
			}
			var fr functionResponse
			var fseen [3]bool
			end := jsonscan.Members(content, vs, func(key []byte, vs int) int {
				k, ok := keyIndex(key, responseKeys, responseKeys)
				if !ok || (k >= 0 && fseen[k]) {
					return -1
				}
				ve, val := value(content, vs)
				if k < 0 || ve < 0 {
					return ve
				}
				fseen[k] = true
				switch k {
				case 0:
					fr.ID, ok = plainString(val)
				case 1:
					fr.Name, ok = plainString(val)
				case 2:
					var raw []byte
					if raw, ok = rawValue(val); ok {
						fr.Response = bytes.Clone(raw)
					}
				}
				if !ok {
					return -1
				}
				return ve
			})
			if end >= 0 && fr.ID != "" {
				out = append(out, fr)
			}
			return end
		})
	})
	if end != len(content) {
		return nil, false
	}
	return out, true
}
