package secrets

import (
	"errors"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// passwordClients are the programs that take a password glued to -p or
// after --password= (MySQL's and MariaDB's clients). Such a password has
// no keyword before it and is often short and plain (-phunter2), so none
// of gitleaks' rules finds it; the command is read by the shell parser to
// know which words are the client's arguments.
var passwordClients = map[string]bool{
	"mysql": true, "mysqldump": true, "mysqladmin": true, "mysqlimport": true, "mysqlshow": true,
	"mysqlcheck": true, "mysqlpump": true, "mysqlbinlog": true, "mysqlslap": true, "mysqlsh": true,
	"mariadb": true, "mariadb-dump": true, "mariadb-admin": true, "mariadb-import": true,
	"mariadb-show": true, "mariadb-check": true, "mariadb-binlog": true, "mariadb-slap": true,
}

// maxCommandParses bounds the shell parses of one text: a text naming a
// client a thousand times is not parsed a thousand times.
const maxCommandParses = 16

// commandPasswords finds the passwords given to a MySQL or MariaDB client
// on its command line: -pPASSWORD, -p'PASSWORD', --password=PASSWORD
// (a bare -p or --password asks for it and holds none). The text need
// not be a command as a whole (a rule "Bash(mysql -px:*)", a report
// line): the shell parser reads from each word naming a client up to
// where the text stops being shell.
func commandPasswords(s string) []Finding {
	lower := asciiLower(s) // byte for byte: strings.ToLower may change the length
	if !strings.Contains(lower, "mysql") && !strings.Contains(lower, "mariadb") {
		return nil
	}
	var out []Finding
	parsed := 0
	for i := 0; i < len(s) && parsed < maxCommandParses; {
		j := indexClient(lower[i:])
		if j < 0 {
			break
		}
		start := wordStart(s, i+j)
		i += j + 5
		if !passwordClients[path.Base(s[start:wordEnd(s, i)])] {
			continue
		}
		parsed++
		out = append(out, parseClientCall(s, start)...)
	}
	return out
}

func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// indexClient is the first index of a client's name ("mysql" or "mariadb")
// in lower, or -1.
func indexClient(lower string) int {
	a, b := strings.Index(lower, "mysql"), strings.Index(lower, "mariadb")
	switch {
	case a < 0:
		return b
	case b < 0:
		return a
	}
	return min(a, b)
}

// wordBreak are the bytes a shell word (or a rule's pattern) stops at.
const wordBreak = " \t\r\n;&|()<>'\"`"

func wordStart(s string, i int) int {
	for i > 0 && !strings.ContainsRune(wordBreak, rune(s[i-1])) {
		i--
	}
	return i
}

func wordEnd(s string, i int) int {
	for i < len(s) && !strings.ContainsRune(wordBreak, rune(s[i])) {
		i++
	}
	return i
}

// parseClientCall parses s from start, where a client's name begins, as
// shell, and returns the password spans of the call it begins. Where the
// text stops being shell (a rule's closing parenthesis, an unclosed quote
// of an outer command), it is cut at the parser's error and read again.
func parseClientCall(s string, start int) []Finding {
	src := s[start:]
	for range 4 {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
		if err == nil {
			return clientPasswords(f, start)
		}
		cut := errorOffset(err)
		if cut <= 0 || cut >= len(src) {
			return nil
		}
		src = src[:cut]
	}
	return nil
}

// errorOffset is the byte offset a parse error points at, or -1.
func errorOffset(err error) int {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return int(pe.Pos.Offset())
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return int(le.Pos.Offset())
	}
	return -1
}

// clientPasswords walks the calls of f whose program is a client and
// returns their password arguments' spans, shifted by base.
func clientPasswords(f *syntax.File, base int) []Finding {
	var out []Finding
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) < 2 {
			return true
		}
		if name := call.Args[0].Lit(); name == "" || !passwordClients[path.Base(name)] {
			return true
		}
		for _, w := range call.Args[1:] {
			if from, ok := passwordStart(w); ok {
				out = append(out, Finding{Start: base + from, End: base + int(w.End().Offset()), RuleID: "client-password"})
			}
		}
		return true
	})
	return out
}

// passwordStart is where the password of an argument word begins: after
// "-p" or "--password=" written as plain text at the word's start, with
// something after it. A word quoted as a whole ("-pPASS") is masked
// whole.
func passwordStart(w *syntax.Word) (int, bool) {
	if len(w.Parts) == 0 {
		return 0, false
	}
	wordFrom, wordTo := int(w.Pos().Offset()), int(w.End().Offset())
	lit, isLit := w.Parts[0].(*syntax.Lit)
	if isLit {
		for _, prefix := range []string{"--password=", "-p"} {
			if !strings.HasPrefix(lit.Value, prefix) {
				continue
			}
			from := wordFrom + len(prefix)
			if from >= wordTo {
				return 0, false // a bare -p or --password= asks for the password
			}
			return from, true
		}
		return 0, false
	}
	// The word's first part is quoted: its text as the shell reads it.
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				}
			}
		}
	}
	v := b.String()
	if strings.HasPrefix(v, "--password=") && len(v) > len("--password=") ||
		strings.HasPrefix(v, "-p") && len(v) > 2 && !strings.HasPrefix(v, "--") {
		return wordFrom, true
	}
	return 0, false
}
