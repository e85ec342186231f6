package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// catchAll reports OpenCode permission objects where a "*" pattern comes
// after a deny: "The last matching pattern wins, so a "*" catch-all listed
// after a deny cancels it" (seed 002, OpenCode). There is no OpenCode
// simulator yet, so opencode.json is read here, as little as that needs:
// the permission object, its keys in the order written.
func (a *auditor) catchAll() {
	for _, name := range []string{"opencode.json", "opencode.jsonc", filepath.Join(".opencode", "opencode.json"), filepath.Join(".opencode", "opencode.jsonc")} {
		path := filepath.Join(a.opts.Project, name)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		hits, err := catchAllsAfterDeny(stripJSONC(data))
		if err != nil {
			a.rep.Problems = append(a.rep.Problems, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		for _, h := range hits {
			sev := High
			if h.action == "ask" {
				sev = Medium
			}
			a.add(Finding{Kind: KindCatchAll, File: path, Line: h.line, Severity: sev, Harnesses: []string{HarnessOpenCode},
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

// stripJSONC blanks // and /* */ comments outside strings and drops
// trailing commas before } or ], keeping every newline so lines still
// count.
func stripJSONC(data []byte) []byte {
	out := make([]byte, len(data))
	copy(out, data)
	inStr, esc := false, false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n'; i++ {
				out[i] = ' '
			}
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			out[i], out[i+1] = ' ', ' '
			for i += 2; i < len(out) && !(out[i] == '*' && i+1 < len(out) && out[i+1] == '/'); i++ {
				if out[i] != '\n' {
					out[i] = ' '
				}
			}
			if i+1 < len(out) {
				out[i], out[i+1] = ' ', ' '
				i++
			}
		case c == ',':
			j := i + 1
			for j < len(out) && (out[j] == ' ' || out[j] == '\t' || out[j] == '\n' || out[j] == '\r') {
				j++
			}
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
			}
		}
	}
	return out
}
