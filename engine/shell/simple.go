package shell

import "mvdan.cc/sh/v3/syntax"

// simpleFile returns the tree the bash parser makes of a line that is one
// simple command of plain words ("npm test", "git diff --stat src/a.go"),
// built directly, or nil for any other line, which the parser reads.
//
// Most command lines an agent runs are such lines, and most of a distinct
// line's parse went to the parser's own work and allocation (it makes its
// nodes 32 at a time): on replay's 1M-call store, parsing was a sixth of
// the CPU time (issue 15). The tree is the parser's exactly, positions
// included (TestSimpleFileIsTheParsersTree, FuzzSimpleFile), so the walker
// cannot tell the two apart.
//
// A plain word is a run of letters, digits and _ . / : @ % + , - (and = past
// the first word), characters the parser reads as themselves; words are
// separated by spaces. The first word is not a reserved word or a builtin
// the parser reads as a clause of its own (declare, export, let, …), and
// holds no = (an assignment).
func simpleFile(line string) *syntax.File {
	if len(line) > simpleMax {
		return nil
	}
	n := 0 // words
	in := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == ' ' {
			in = false
			continue
		}
		if !in {
			in = true
			n++
			// The first word is whole when the second starts (or at the
			// line's end, below).
			if n == 2 && !simpleName(line, i) {
				return nil
			}
		}
		// '=' in the first word would make it an assignment.
		if !plainByte[c] && (c != '=' || n == 1) {
			return nil
		}
	}
	if n == 0 || n == 1 && !simpleName(line, len(line)) {
		return nil
	}
	// One allocation for the words' nodes, one for the word list and one
	// for the nodes above them (eight allocations a line were a tenth of
	// a distinct line's parse, issue 15).
	nodes := make([]simpleWord, n)
	args := make([]*syntax.Word, n)
	k := 0
	for i := 0; i < len(line); {
		if line[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(line) && line[j] != ' ' {
			j++
		}
		nd := &nodes[k]
		nd.lit = syntax.Lit{ValuePos: pos(i), ValueEnd: pos(j), Value: line[i:j]}
		nd.part[0] = &nd.lit
		nd.word = syntax.Word{Parts: nd.part[:]}
		args[k] = &nd.word
		k++
		i = j
	}
	t := &simpleTree{}
	t.call = syntax.CallExpr{Args: args}
	t.stmt = syntax.Stmt{Cmd: &t.call, Position: nodes[0].lit.ValuePos}
	t.stmts[0] = &t.stmt
	t.file = syntax.File{Stmts: t.stmts[:]}
	return &t.file
}

// simpleWord holds the nodes of one word of a simple line.
type simpleWord struct {
	lit  syntax.Lit
	part [1]syntax.WordPart
	word syntax.Word
}

// simpleTree holds the nodes of a simple line above its words.
type simpleTree struct {
	file  syntax.File
	stmts [1]*syntax.Stmt
	stmt  syntax.Stmt
	call  syntax.CallExpr
}

// simpleMax bounds the lines simpleFile builds: longer ones go to the
// parser (and seldom repeat the shape).
const simpleMax = 1024

// pos is the parser's position of byte offset i of a one-line source.
func pos(i int) syntax.Pos { return syntax.NewPos(uint(i), 1, uint(i)+1) }

// simpleName reports whether the first word of line, which ends before
// end (at the start of the second word, or the line's end), is a command
// name the parser reads as a simple command's.
func simpleName(line string, end int) bool {
	i := 0
	for i < end && line[i] == ' ' {
		i++
	}
	j := i
	for j < end && line[j] != ' ' {
		j++
	}
	return !clauseWords[line[i:j]]
}

// clauseWords are the words that, first on a line, start something other
// than a simple command in the bash parser: reserved words and the
// builtins it reads as declarations, let, time and coproc clauses.
var clauseWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "do": true, "done": true,
	"case": true, "esac": true, "while": true, "until": true, "for": true, "in": true,
	"function": true, "select": true, "time": true, "coproc": true, "let": true,
	"declare": true, "local": true, "export": true, "readonly": true, "typeset": true, "nameref": true,
}

// plainByte marks the bytes a plain word is made of.
var plainByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "_./:@%+,-" {
		t[c] = true
	}
	return t
}()
