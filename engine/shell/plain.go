package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// This file answers, from the syntax tree, two questions Codex asks about a
// `bash -lc SCRIPT` before it checks its prefix rules: is the script made
// only of plain words joined by &&, ||, ; and | (then each command is
// checked on its own), and is it one command fed a here-document (then
// that command's words are checked).

// PlainCommands returns the words of every command in script when the
// script is made only of plain commands joined by &&, ||, ; or |: each
// command a list of words, each word built from unquoted text, '…' strings
// and "…" strings without expansions. Anything else makes ok false:
// redirections (here-documents included), $VAR and ${…}, $( ) and
// backticks, NAME=value, subshells and { } groups, control flow, &, |&, !,
// comments, $'…' and $"…", and words bash would expand: a leading ~,
// unquoted *, ? or [, and any unquoted brace or backslash. A script that
// does not parse, or holds no command, is not plain either.
//
// Commands separated by a newline instead of ";" are accepted only when
// splitNewlines is set.
//
// A word's text is what the script spells between the quotes. The command
// name itself must be unquoted text: Codex's parser takes a command whose
// name is a string ("git", 'git', g"it") as not plain.
func PlainCommands(script string, splitNewlines bool) (cmds [][]string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).
		Parse(strings.NewReader(script), "")
	if err != nil || len(f.Stmts) == 0 || len(f.Last) > 0 {
		return nil, false
	}
	for i, st := range f.Stmts {
		// Every statement but the last must end in ";" to count as joined
		// by ";" rather than by a newline.
		if i < len(f.Stmts)-1 && !st.Semicolon.IsValid() && !splitNewlines {
			return nil, false
		}
		if !plainStmt(st, &cmds) {
			return nil, false
		}
	}
	return cmds, len(cmds) > 0
}

func plainStmt(st *syntax.Stmt, cmds *[][]string) bool {
	if st == nil || st.Negated || st.Background || st.Coprocess || st.Disown ||
		len(st.Redirs) > 0 || len(st.Comments) > 0 {
		return false
	}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(x.Assigns) > 0 || len(x.Args) == 0 {
			return false
		}
		if len(x.Args[0].Parts) != 1 {
			return false
		}
		if _, lit := x.Args[0].Parts[0].(*syntax.Lit); !lit {
			return false
		}
		words := make([]string, 0, len(x.Args))
		for _, w := range x.Args {
			s, ok := plainWord(w)
			if !ok {
				return false
			}
			words = append(words, s)
		}
		*cmds = append(*cmds, words)
		return true
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.AndStmt, syntax.OrStmt, syntax.Pipe:
			return plainStmt(x.X, cmds) && plainStmt(x.Y, cmds)
		}
	}
	return false
}

// plainWord returns a word's text when it is plain.
func plainWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(p.Value, "~") {
				return "", false
			}
			// Unquoted braces and backslashes are not plain to Codex
			// 0.169.0: under echo and find forbidden rules, `echo {}`,
			// `echo \;`, `echo a\;b` and `find . -exec cat {} +` ran
			// (recorded through app-server; docs/codex-differences.md).
			if strings.ContainsAny(p.Value, "{}\\") {
				return "", false
			}
			if plainExpands(p.Value) {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false
			}
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// plainExpands reports whether unquoted text holds a glob character or a brace
// form bash would expand; a backslash-escaped character does not count.
func plainExpands(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		case '{':
			if strings.ContainsAny(s[i:], ",.") && strings.Contains(s[i:], "}") {
				return true
			}
		}
	}
	return false
}

// HeredocCommand returns the words of script's one command when the script
// is a single command fed a here-document (<<, <<-), perhaps with
// here-strings too, and has no other redirection anywhere: Codex checks
// `python3 - <<'PY' … PY` against its rules as ["python3", "-"]. Every word
// must be unquoted text without expansions; a NAME=value, a second command
// (a pipe, a substitution inside the body) or any file redirection makes ok
// false.
func HeredocCommand(script string) (words []string, ok bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(script), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	call, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || st.Coprocess || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return nil, false
	}
	heredoc := false
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			heredoc = true
		case syntax.WordHdoc:
		default:
			return nil, false
		}
	}
	if !heredoc {
		return nil, false
	}
	// A substitution anywhere (in the words, a here-string or an unquoted
	// body) runs a second command.
	second := false
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			second = true
		}
		return !second
	})
	if second {
		return nil, false
	}
	for _, w := range call.Args {
		if len(w.Parts) != 1 {
			return nil, false
		}
		lit, isLit := w.Parts[0].(*syntax.Lit)
		if !isLit || plainExpands(lit.Value) {
			return nil, false
		}
		words = append(words, lit.Value)
	}
	return words, true
}
