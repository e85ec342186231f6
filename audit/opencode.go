package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/tailscale/hujson"

	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// openCodeConfigs are the project's OpenCode config files, relative to it:
// the files catchAll and openCodePlugins read.
var openCodeConfigs = []string{"opencode.json", "opencode.jsonc", filepath.Join(".opencode", "opencode.json"), filepath.Join(".opencode", "opencode.jsonc")}

// catchAll reports OpenCode permission objects where a "*" pattern comes
// after a deny: "The last matching pattern wins, so a "*" catch-all listed
// after a deny cancels it" (seed 002, OpenCode). opencode.json is read
// here as little as that needs — the permission object, its keys in the
// order written, with the line of each — because the finding names a line;
// engine/opencode's Rules() flags the same catch-alls for `permsim rules`.
func (a *auditor) catchAll() {
	for _, name := range openCodeConfigs {
		path := filepath.Join(a.opts.Project, name)
		data := a.read(path, safefile.JSON)
		if data == nil {
			continue
		}
		std, err := standardJSON(data)
		var hits []catchHit
		if err == nil {
			hits, err = catchAllsAfterDeny(std)
		}
		if err != nil {
			a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		for _, h := range hits {
			sev := High
			if h.action == "ask" {
				sev = Medium
			}
			a.add(Finding{Kind: KindCatchAll, File: path, Line: h.line, Severity: sev, Harnesses: []string{toolcall.OpenCode},
				Message: fmt.Sprintf("permission.%s: the catch-all \"*\": %q comes after the deny %q; OpenCode takes the last matching pattern, so the deny is cancelled", h.tool, h.action, h.deny)})
		}
	}
}

// catchHit is one "*" after a deny.
type catchHit struct {
	tool, deny, action string
	line               int
}

// catchAllsAfterDeny walks permission.<tool> objects in key order.
func catchAllsAfterDeny(data []byte) ([]catchHit, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := expectDelim(dec, '{'); err != nil {
		return nil, err
	}
	var hits []catchHit
	for dec.More() {
		key, err := stringToken(dec)
		if err != nil {
			return nil, err
		}
		if key != "permission" {
			if err := skipValue(dec); err != nil {
				return nil, err
			}
			continue
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			continue // "permission": "allow" and the like: no patterns
		}
		for dec.More() {
			tool, err := stringToken(dec)
			if err != nil {
				return nil, err
			}
			tok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if d, ok := tok.(json.Delim); !ok || d != '{' {
				if ok {
					if err := skipRest(dec); err != nil {
						return nil, err
					}
				}
				continue
			}
			deny := ""
			for dec.More() {
				pat, err := stringToken(dec)
				if err != nil {
					return nil, err
				}
				at := dec.InputOffset()
				tok, err := dec.Token()
				if err != nil {
					return nil, err
				}
				action, isString := tok.(string)
				if !isString {
					if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
						if err := skipRest(dec); err != nil {
							return nil, err
						}
					}
					continue
				}
				switch {
				case action == "deny" && pat != "*":
					if deny == "" {
						deny = pat
					}
				case pat == "*" && deny != "" && action != "deny":
					hits = append(hits, catchHit{tool: tool, deny: deny, action: action, line: bytes.Count(data[:at], []byte("\n")) + 1})
				}
			}
			if _, err := dec.Token(); err != nil { // }
				return nil, err
			}
		}
		if _, err := dec.Token(); err != nil { // }
			return nil, err
		}
	}
	return hits, nil
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("want %q at offset %d", want, dec.InputOffset())
	}
	return nil
}

func stringToken(dec *json.Decoder) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("want a key at offset %d", dec.InputOffset())
	}
	return s, nil
}

// skipValue skips one whole value.
func skipValue(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); ok && (d == '{' || d == '[') {
		return skipRest(dec)
	}
	return nil
}

// skipRest skips to the end of the object or array just opened.
func skipRest(dec *json.Decoder) error {
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
		}
	}
	return nil
}

// standardJSON turns OpenCode's JSONC into standard JSON with
// tailscale/hujson, the library engine/opencode reads it with: comments
// and trailing commas become spaces, so byte offsets and lines still count.
func standardJSON(data []byte) ([]byte, error) { return hujson.Standardize(bytes.Clone(data)) }
