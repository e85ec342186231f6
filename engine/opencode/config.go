package opencode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
)

// value is one JSON value that keeps its object keys in the order they were
// written. OpenCode evaluates permission rules in that order ("the last
// matching pattern wins"), so a Go map, which forgets it, will not do.
type value struct {
	str  *string  // a string
	obj  []member // an object, keys in written order (nil for other kinds)
	isOb bool
	raw  json.RawMessage // anything else, as written
}

type member struct {
	key string
	val value
}

// get returns the member named key.
func (v value) get(key string) (value, bool) {
	for _, m := range v.obj {
		if m.key == key {
			return m.val, true
		}
	}
	return value{}, false
}

// parseJSONC reads a JSON-with-comments document (opencode.jsonc, and
// opencode.json, which OpenCode reads with the same JSONC parser) into a
// value. Errors name the line.
func parseJSONC(data []byte) (value, error) {
	std, err := hujson.Standardize(data)
	if err != nil {
		return value{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(std))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return value{}, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return value{}, fmt.Errorf("more than one value")
	}
	return v, nil
}

// maxDepth bounds the nesting decodeValue follows, so a hostile text cannot
// exhaust the stack: encoding/json's own limit. OpenCode's JSON.parse read a
// config nested 205 deep (realconfigs/coverage, ro-br-deep), so a low cap
// would skip files OpenCode reads. Files reach it through internal/safefile,
// which refuses nesting past safefile.MaxDepth (512) first (OpenCode read one
// 600 deep: a known difference, ro-br-deep600); the inline JSON of
// OPENCODE_PERMISSION and OPENCODE_CONFIG_CONTENT does not.
const maxDepth = 10000

func decodeValue(dec *json.Decoder, depth int) (value, error) {
	if depth > maxDepth {
		return value{}, fmt.Errorf("nested more than %d deep", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := value{isOb: true}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return value{}, err
				}
				k, _ := kt.(string)
				mv, err := decodeValue(dec, depth+1)
				if err != nil {
					return value{}, err
				}
				// A repeated key keeps the first key's place and the last
				// value, as JSON.parse does.
				replaced := false
				for i := range v.obj {
					if v.obj[i].key == k {
						v.obj[i].val = mv
						replaced = true
					}
				}
				if !replaced {
					v.obj = append(v.obj, member{k, mv})
				}
			}
			if _, err := dec.Token(); err != nil {
				return value{}, err
			}
			return v, nil
		case '[':
			var parts []string
			for dec.More() {
				var raw json.RawMessage
				if err := dec.Decode(&raw); err != nil {
					return value{}, err
				}
				parts = append(parts, string(raw))
			}
			if _, err := dec.Token(); err != nil {
				return value{}, err
			}
			return value{raw: json.RawMessage("[" + strings.Join(parts, ",") + "]")}, nil
		}
	case string:
		s := t
		return value{str: &s}, nil
	case nil:
		return value{raw: json.RawMessage("null")}, nil
	}
	b, _ := json.Marshal(tok)
	return value{raw: b}, nil
}

// mergeDeep merges src into dst the way OpenCode merges its config files
// (remeda's mergeDeep): objects merge key by key, recursively; a key dst
// already has keeps its place, new keys go after; anything else in src
// replaces what dst had.
func mergeDeep(dst, src value) value {
	if !dst.isOb || !src.isOb {
		return src
	}
	out := value{isOb: true, obj: append([]member(nil), dst.obj...)}
	for _, m := range src.obj {
		found := false
		for i := range out.obj {
			if out.obj[i].key == m.key {
				out.obj[i].val = mergeDeep(out.obj[i].val, m.val)
				found = true
				break
			}
		}
		if !found {
			out.obj = append(out.obj, m)
		}
	}
	return out
}

// jsKeyOrder puts an object's keys in the order JavaScript enumerates them:
// keys that are array indices ("0", "12") first, ascending, then the others
// as written. OpenCode reads permission objects with Object.entries.
func jsKeyOrder(ms []member) []member {
	var idx, rest []member
	for _, m := range ms {
		if isArrayIndex(m.key) {
			idx = append(idx, m)
		} else {
			rest = append(rest, m)
		}
	}
	if len(idx) == 0 {
		return ms
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && indexLess(idx[j].key, idx[j-1].key); j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return append(idx, rest...)
}

func isArrayIndex(s string) bool {
	if s == "" || len(s) > 10 || (len(s) > 1 && s[0] == '0') {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func indexLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// readConfigFile reads one opencode.json(c). A missing file is (false,
// nil); a file that cannot be parsed is an error naming file and line.
func readConfigFile(path string, env func(string) string) (value, bool, error) {
	data, err := safefile.ReadConfig(path, safefile.JSON)
	if err != nil {
		if os.IsNotExist(err) {
			return value{}, false, nil
		}
		return value{}, false, err
	}
	return parseConfigFile(path, data, env)
}

// parseConfigFile parses the bytes of one config file read from path: an
// empty file counts as absent (false), a file that is not a JSONC object
// is an error naming the file and line.
func parseConfigFile(path string, data []byte, env func(string) string) (value, bool, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return value{}, false, nil
	}
	data = substituteEnv(data, env)
	v, err := parseJSONC(data)
	if err != nil {
		return value{}, false, fmt.Errorf("%s: %s", path, jsonpos.WithLine(data, err))
	}
	if !v.isOb {
		return value{}, false, fmt.Errorf("%s:1: not a JSON object", path)
	}
	return v, true, nil
}

// substituteEnv replaces {env:NAME} as OpenCode does before parsing.
func substituteEnv(data []byte, env func(string) string) []byte {
	s := string(data)
	if !strings.Contains(s, "{env:") {
		return data
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "{env:")
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		if env != nil {
			b.WriteString(env(s[i+5 : i+j]))
		}
		s = s[i+j+1:]
	}
	return []byte(b.String())
}
