package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// FirstSubst and BareAssign stand for a walk of the parser's own tree
// (Codey's simulator used to parse each line again for them), so the
// expected values are that walk's, on lines with and without the
// characters the shortcut looks for.
func TestSyntaxFactsMatchTheTree(t *testing.T) {
	lines := []string{
		"git status", "ls -la src", "PATH=.; git status", "FOO=1 make", "a=(1 2); echo",
		"echo $(whoami)", "echo `id`", "diff <(ls a) <(ls b)", "tee >(wc -l) < f",
		"x=$(date); echo $x", "cat <(echo $(id))", "echo ${x:-$(id)}", "echo ${ pwd; }",
		"echo $((1+2))", "git log --format=%H", "[[ a == b ]] && X=1", "f() { Y=2; }; f",
		"for i in 1 2; do Z=$i; done", "echo 'a=b' \"$(x)\"", "let a=1", "declare b=2",
		"echo a=b", "if true; then W=1; fi", "ls &&", "echo \"unclosed",
	}
	for _, line := range lines {
		var wantSubst, wantAssign string
		if f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), ""); err == nil {
			syntax.Walk(f, func(n syntax.Node) bool {
				switch x := n.(type) {
				case *syntax.CmdSubst:
					if wantSubst == "" {
						wantSubst = "command"
					}
				case *syntax.ProcSubst:
					if wantSubst == "" {
						wantSubst = "process"
					}
				case *syntax.CallExpr:
					if wantAssign == "" && len(x.Args) == 0 && len(x.Assigns) > 0 && x.Assigns[0].Name != nil {
						wantAssign = x.Assigns[0].Name.Value
					}
				}
				return true
			})
		}
		s := parseLine(line)
		if s.FirstSubst() != wantSubst || s.BareAssign() != wantAssign {
			t.Errorf("%q: FirstSubst %q, BareAssign %q; the tree's walk gives %q, %q", line, s.FirstSubst(), s.BareAssign(), wantSubst, wantAssign)
		}
	}
}
