package codex

import (
	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest/jsonscan"
)

// argKeys are the members of a function_call's arguments that
// fillFunctionCall reads.
var argKeys = [...]string{"workdir", "sandbox_permissions", "with_escalated_permissions", "timeout_ms",
	"command", "cmd", "input", "patch", "file_path", "dir_path", "path", "pattern"}

// args holds the values of argKeys in a function_call's arguments, by
// key: a lookup of a key it does not hold gives nil, as a map does.
type args [len(argKeys)]json.RawMessage

func (a *args) get(key string) json.RawMessage {
	for i, k := range argKeys {
		if k == key {
			return a[i]
		}
	}
	return nil
}

// readArgs reads the arguments object as json.Unmarshal into a
// map[string]json.RawMessage reads it (false where that fails; null is an
// empty map), keeping only argKeys. Decoding the map was a tenth of the
// reader's time (a map and a copy of every value per call); the arguments
// are validated and then walked in place. A key with an escape, which
// the decoder would unescape, sends the line to the map.
func readArgs(raw []byte) (args, bool) {
	var a args
	if !json.Valid(raw) {
		return a, false
	}
	i := jsonscan.SkipWS(raw, 0)
	switch raw[i] {
	case 'n':
		return a, true
	case '{':
	default:
		return a, false
	}
	plain := true
	jsonscan.Members(raw, i, func(key []byte, vs int) int {
		for _, c := range key {
			if c == '\\' {
				plain = false
				return -1
			}
		}
		ve := jsonscan.SkipValue(raw, vs)
		for j, k := range argKeys {
			if string(key) == k {
				a[j] = raw[vs:ve] // the last of a key given twice, as in a map
				break
			}
		}
		return ve
	})
	if plain {
		return a, true
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return a, false
	}
	for j, k := range argKeys {
		a[j] = m[k]
	}
	return a, true
}
