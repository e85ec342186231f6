package jsonscan

// MaxGrammarDepth bounds the nesting SkipGrammar follows, so that a
// hostile line cannot exhaust the stack.
const MaxGrammarDepth = 512

// SkipGrammar returns the index just past the JSON value that starts at
// b[i] (no leading spaces), or -1 when the value is malformed, cut short
// or nested deeper than MaxGrammarDepth. The grammar outside strings is
// checked as strictly as a decoder checks it (structure, literals,
// numbers); the contents of strings are only scanned for their closing
// quote (SkipString), which is what makes it several times faster than a
// validating decoder on lines made mostly of text. Readers use it for the
// values they do not decode: a line cut short or glued to another stays
// an error, and only a control character or a bad escape inside a string
// no row reads goes unnoticed.
func SkipGrammar(b []byte, i int) int { return skipGrammar(b, i, 0) }

// SkipGrammarAt is SkipGrammar for a value found depth levels down in a
// walk of its own (the walker counts the levels it went down, so the bound
// holds for the whole line).
func SkipGrammarAt(b []byte, i, depth int) int { return skipGrammar(b, i, depth) }

func skipGrammar(b []byte, i, depth int) int {
	if i >= len(b) || depth > MaxGrammarDepth {
		return -1
	}
	switch c := b[i]; c {
	case '"':
		return SkipString(b, i)
	case '{':
		var done bool
		if i, done = Enter(b, i, '{', '}'); done {
			return i
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return -1
			}
			if i = SkipString(b, i); i < 0 {
				return -1
			}
			if i = SkipWS(b, i); i >= len(b) || b[i] != ':' {
				return -1
			}
			if i = skipGrammar(b, SkipWS(b, i+1), depth+1); i < 0 {
				return -1
			}
			if i, done = AfterValue(b, i, '}'); done || i < 0 {
				return i
			}
		}
	case '[':
		var done bool
		if i, done = Enter(b, i, '[', ']'); done {
			return i
		}
		for {
			if i = skipGrammar(b, i, depth+1); i < 0 {
				return -1
			}
			if i, done = AfterValue(b, i, ']'); done || i < 0 {
				return i
			}
		}
	default:
		return skipScalar(b, i)
	}
}

// skipScalar returns the index just past the true, false, null or number
// that starts at b[i], or -1: the values both grammars check the same way.
func skipScalar(b []byte, i int) int {
	switch b[i] {
	case 't':
		return lit(b, i, "true")
	case 'f':
		return lit(b, i, "false")
	case 'n':
		return lit(b, i, "null")
	}
	return SkipNumber(b, i)
}

func lit(b []byte, i int, word string) int {
	if len(b)-i >= len(word) && string(b[i:i+len(word)]) == word {
		return i + len(word)
	}
	return -1
}

// SkipNumber returns the index just past the JSON number that starts at
// b[i] (-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?), or -1 when there
// is none.
func SkipNumber(b []byte, i int) int {
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i >= len(b):
		return -1
	case b[i] == '0':
		i++
	case b[i] >= '1' && b[i] <= '9':
		i = digits(b, i)
	default:
		return -1
	}
	if i < len(b) && b[i] == '.' {
		j := digits(b, i+1)
		if j == i+1 {
			return -1
		}
		i = j
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		j := digits(b, i)
		if j == i {
			return -1
		}
		i = j
	}
	return i
}

func digits(b []byte, i int) int {
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		i++
	}
	return i
}
