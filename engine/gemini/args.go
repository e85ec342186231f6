package gemini

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// stableStringify renders a tool's arguments the way Gemini CLI's policy
// engine does before testing argsPattern: JSON with sorted keys and no
// spaces, and every top-level "key":value pair wrapped in NUL bytes so a
// pattern can anchor on a whole argument.
func stableStringify(v any) string {
	var b strings.Builder
	writeJS(&b, v, true)
	return b.String()
}

func writeJS(b *strings.Builder, v any, top bool) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		b.WriteString(jsString(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case float64:
		b.WriteString(jsNumber(x))
	case float32:
		b.WriteString(jsNumber(float64(x)))
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case json.Number:
		if f, err := x.Float64(); err == nil {
			b.WriteString(jsNumber(f))
		} else {
			b.WriteString(x.String())
		}
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJS(b, e, false)
		}
		b.WriteByte(']')
	case []string:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(jsString(e))
		}
		b.WriteByte(']')
	case map[string]any:
		keys := slices.Sorted(maps.Keys(x))
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			if top {
				b.WriteByte(0)
			}
			b.WriteString(jsString(k))
			b.WriteByte(':')
			writeJS(b, x[k], false)
			if top {
				b.WriteByte(0)
			}
		}
		b.WriteByte('}')
	default:
		// Anything else came from Go code, not from a transcript: render it
		// through encoding/json and re-read it as plain JSON values.
		data, err := json.Marshal(x)
		if err != nil {
			b.WriteString("null")
			return
		}
		var plain any
		if json.Unmarshal(data, &plain) != nil {
			b.WriteString("null")
			return
		}
		writeJS(b, plain, top)
	}
}

// jsString is JavaScript's JSON.stringify of a string: only the quote, the
// backslash and control characters are escaped (encoding/json also escapes
// <, >, & and U+2028/9, which would change what a pattern sees).
func jsString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r == utf8.RuneError && size == 1:
			// A byte that is not UTF-8 reached node as U+FFFD.
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// jsNumber formats a number as JavaScript prints it.
func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return "null"
	case f == 0:
		return "0"
	}
	abs := math.Abs(f)
	if abs >= 1e21 || abs < 1e-6 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		sign := exp[:1]
		digits := strings.TrimLeft(exp[1:], "0")
		return mant + "e" + sign + digits
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// regexSpecial is the character set Gemini CLI's escapeRegex escapes.
var regexSpecial = regexp.MustCompile(`[-\[\]{}()*+?.,\\^$|#\s"]`)

// escapeRegex is Gemini CLI's escapeRegex: a backslash before every
// character of the set. RE2 reads an escaped punctuation or blank as the
// character itself, as JavaScript does. (RE2's \s is ASCII only, so a
// non-ASCII blank stays unescaped here; unescaped it matches itself, which
// is what the escaped form does in JavaScript.)
func escapeRegex(s string) string {
	return regexSpecial.ReplaceAllString(s, `\$0`)
}

// prefixPattern is the argsPattern a commandPrefix becomes: the JSON text
// `"command":"<prefix>` followed by a blank, a closing quote or an escaped
// quote, so the prefix matches only whole words at the start of the
// command.
func prefixPattern(prefix string) string {
	enc := jsString(prefix)
	open := enc[:len(enc)-1]
	return escapeRegex(`"command":`+open) + `(?:[\s"]|\\")`
}

// regexPattern is the argsPattern a commandRegex becomes. The regex is
// glued after `"command":"`, so a leading ^ can never match.
func regexPattern(re string) string { return `"command":"` + re }

// nestedQuantifier is Gemini CLI's ReDoS heuristic: a group holding a
// quantifier, itself quantified.
var nestedQuantifier = regexp.MustCompile(`\([^)]*[*+?{].*\)[*+?{]`)

// unsafeRegex reports why Gemini CLI refuses a pattern as a ReDoS risk, or
// "" when it accepts it.
func unsafeRegex(p string) string {
	switch {
	case len(p) > 2048:
		return "pattern longer than 2048 characters"
	case nestedQuantifier.MatchString(p):
		return "nested quantifiers (possible ReDoS)"
	}
	return ""
}

// re2Lacks lists JavaScript regular-expression forms Go's RE2 cannot run.
var re2Lacks = []struct{ form, what string }{
	{"(?=", "lookahead"}, {"(?!", "negative lookahead"}, {"(?<=", "lookbehind"},
	{"(?<!", "negative lookbehind"}, {`\k<`, "named backreference"},
}

var backref = regexp.MustCompile(`\\[1-9]`)

// compileJS compiles a JavaScript pattern (no flags) with Go's RE2. It
// fails with a message naming the JavaScript feature RE2 lacks when it can
// tell which one.
func compileJS(p string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(p)
	if err == nil {
		return re, nil
	}
	for _, l := range re2Lacks {
		if strings.Contains(p, l.form) {
			return nil, fmt.Errorf("uses %s (%s), which Go's RE2 regular expressions lack", l.what, l.form)
		}
	}
	if backref.MatchString(p) {
		return nil, fmt.Errorf("uses a backreference, which Go's RE2 regular expressions lack")
	}
	return nil, fmt.Errorf("RE2 cannot compile it: %v", err)
}
