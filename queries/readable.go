package queries

import (
	"html/template"
	"strings"
	"unicode/utf8"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/danger"
)

// stepWords is a decision step as the user reads it: the simulator's
// step number dropped ("12 working folder read" → "working folder
// read"); the JSON keeps the step as recorded.
func stepWords(step string) string {
	return strings.TrimLeft(step, "0123456789 ")
}

// dangerSpan is where, in a command, the part that makes it dangerous
// is: the first simple command engine/danger gave a reason on, found in
// the text as written; ok is false when none is (a path, or a reason on
// the whole line).
func dangerSpan(what string) (start, end int, ok bool) {
	for _, r := range danger.Explain(engine.Call{Tool: engine.ToolBash, Command: what}, "", "") {
		if r.Command == "" {
			continue
		}
		if i := strings.Index(what, r.Command); i >= 0 {
			return i, i + len(r.Command), true
		}
	}
	return 0, 0, false
}

// flat is a command on one line: a line break shows as " ⏎ ", a tab as a
// space.
func flat(s string) string {
	return strings.NewReplacer("\r\n", " ⏎ ", "\n", " ⏎ ", "\r", " ⏎ ", "\t", " ").Replace(s)
}

// riskyLine is one risky call on one line of at most n characters (n <= 0:
// whole), its dangerous part between mark's two halves, the rest cut
// around it with "…" so the dangerous part stays in view.
func riskyLine(what string, n int, open, close string) string {
	s, e, ok := dangerSpan(what)
	if !ok {
		return cutRunes(flat(what), n)
	}
	pre, mid, post := flat(what[:s]), flat(what[s:e]), flat(what[e:])
	if n > 0 {
		room := n - 2 // the marks
		rl := func(x string) int { return utf8.RuneCountInString(x) }
		if rl(mid)+1 > room {
			// The dangerous part alone fills the line: "…" says what
			// came before it.
			if pre != "" {
				pre = "…"
			}
			mid = cutRunes(mid, max(room-rl(pre), 8))
			post = ""
		}
		if rl(pre)+rl(mid)+rl(post) > room {
			left := room - rl(mid)
			keepPre := min(rl(pre), max(left/3, min(left, 12)))
			if rl(pre) > keepPre {
				r := []rune(pre)
				pre = "…" + string(r[len(r)-max(keepPre-1, 0):])
			}
			post = cutRunes(post, max(left-rl(pre), 0))
		}
	}
	return pre + open + mid + close + post
}

// cutRunes keeps s within n characters, ending "…" when cut (n <= 0:
// whole).
func cutRunes(s string, n int) string {
	if n <= 0 || utf8.RuneCountInString(s) <= n {
		return s
	}
	if n == 1 {
		return "…"
	}
	return string([]rune(s)[:n-1]) + "…"
}

// htmlRisky is a risky call for the HTML report: one line, its dangerous
// part marked, the whole command a click away.
func htmlRisky(what string) template.HTML {
	// Private-use characters stand for the marks while the text is
	// escaped (HTMLEscapeString turns NUL into U+FFFD).
	line := riskyLine(what, 140, "\ue000", "\ue001")
	line = strings.NewReplacer("\ue000", "<mark>", "\ue001", "</mark>").Replace(template.HTMLEscapeString(line))
	return template.HTML("<details><summary><code>" + line + "</code></summary><code>" + template.HTMLEscapeString(what) + "</code></details>")
}

// visibleLen is how many characters of s a terminal shows: escape
// sequences of colour take none.
func visibleLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := strings.IndexByte(s[i:], 'm')
			if j < 0 {
				break
			}
			i += j + 1
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return n
}

// wrapText wraps every line of s longer than width at spaces, each
// continuation indented two past the line's own indent. A line with no
// space to wrap at is left as it is.
func wrapText(s string, width int) string {
	if width <= 0 {
		return s
	}
	var b strings.Builder
	for i, line := range strings.Split(s, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		for visibleLen(line) > width {
			cut := -1
			for j := len(indent) + 3; j < len(line); j++ {
				if line[j] == ' ' && visibleLen(line[:j]) <= width {
					cut = j
				}
			}
			if cut < 0 {
				break
			}
			b.WriteString(line[:cut] + "\n")
			line = indent + "  " + strings.TrimLeft(line[cut:], " ")
		}
		b.WriteString(line)
	}
	return b.String()
}
