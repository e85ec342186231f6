package opencode

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Commands of OpenCode 1.18.33's shell tool (ShellTool.collect): cdLike
// commands are not asked about themselves; the file commands' arguments
// are checked for paths outside the project.
var (
	cdLike   = map[string]bool{"cd": true, "chdir": true, "popd": true, "pushd": true, "push-location": true, "set-location": true}
	fileCmds = map[string]bool{"rm": true, "cp": true, "mv": true, "mkdir": true, "touch": true, "chmod": true, "chown": true, "cat": true,
		"get-content": true, "set-content": true, "add-content": true, "copy-item": true, "move-item": true, "remove-item": true,
		"new-item": true, "rename-item": true}
)

// shellAsk is what the shell tool asks before running a command line:
// external_directory for the folders outside the project its file commands
// name, then bash for the text of each command.
type shellAsk struct {
	dirs     []string
	patterns []string
}

// collectShell does what ShellTool.collect does with tree-sitter, with
// mvdan.cc/sh: every simple command anywhere in the line (pipelines,
// lists, subshells, substitutions) is one pattern, its text as written
// with its redirections; cd-like commands are not patterns; the
// arguments of file commands that name a path outside the project add
// that folder. ok is false when the line does not parse.
func (p *Policy) collectShell(line, cwd string) (shellAsk, bool) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return shellAsk{}, false
	}
	var out shellAsk
	seenP := map[string]bool{}
	seenD := map[string]bool{}
	text := func(a, b syntax.Pos) string {
		s, e := int(a.Offset()), int(b.Offset())
		if s < 0 || e > len(line) || s > e {
			return ""
		}
		return line[s:e]
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		if tc, ok := st.Cmd.(*syntax.TimeClause); ok {
			// tree-sitter reads `time cmd …` as a command named time:
			// one pattern, nothing inside it (recorded: "time rm -rf
			// build" runs under "rm *": deny).
			// Its redirects are the timed statement's (mvdan.cc/sh never
			// gives the time clause's own statement any), so tc.End()
			// already ends after them.
			pat := strings.TrimSpace(text(tc.Pos(), tc.End()))
			if !seenP[pat] {
				seenP[pat] = true
				out.patterns = append(out.patterns, pat)
			}
			return false
		}
		ce, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) == 0 {
			return true
		}
		var elems []string
		for i, w := range ce.Args {
			if i > 0 && onlyExpansion(w) {
				continue
			}
			elems = append(elems, text(w.Pos(), w.End()))
		}
		name := elems[0]
		// cd's argument is checked as a file command's is (while cd is
		// no pattern): `cd ~ && ls` asked external_directory in OpenCode
		// 1.18.33 under an ls* allow (realconfigs/coverage, ro-parse-jsonc#9).
		if fileCmds[name] || name == "cd" {
			for _, a := range elems[1:] {
				if strings.HasPrefix(a, "-") || (name == "chmod" && strings.HasPrefix(a, "+")) {
					continue
				}
				if d := p.argDir(a, cwd); d != "" && !seenD[d] {
					seenD[d] = true
					out.dirs = append(out.dirs, d)
				}
			}
		}
		if !cdLike[name] {
			start, end := ce.Pos(), ce.End()
			for _, r := range st.Redirs {
				if r.Pos().Offset() < start.Offset() {
					start = r.Pos()
				}
				if r.End().Offset() > end.Offset() {
					end = r.End()
				}
			}
			pat := strings.TrimSpace(text(start, end))
			if !seenP[pat] {
				seenP[pat] = true
				out.patterns = append(out.patterns, pat)
			}
		}
		return true
	})
	return out, true
}

// onlyExpansion reports whether a word is a lone $VAR, ${…}, $(…), $((…))
// or <(…): tree-sitter gives those their own node types, which the shell
// tool leaves out of a command's arguments.
func onlyExpansion(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	switch w.Parts[0].(type) {
	case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
		return true
	}
	return false
}

// argDir resolves one file-command argument as ShellTool.argPath does and
// returns the folder to ask external_directory about, or "" when the
// argument is inside the project, has a glob at its start or an
// expansion in it.
func (p *Policy) argDir(arg, cwd string) string {
	if len(arg) >= 2 && (arg[0] == '"' || arg[0] == '\'') && arg[len(arg)-1] == arg[0] {
		arg = arg[1 : len(arg)-1]
	}
	switch {
	case arg == "~":
		arg = p.home
	case strings.HasPrefix(arg, "~/"):
		arg = filepath.Join(p.home, arg[2:])
	}
	if i := strings.IndexAny(arg, "?*["); i >= 0 {
		if i == 0 {
			return ""
		}
		arg = arg[:i]
	}
	if arg == "" || strings.Contains(arg, "$") || strings.Contains(arg, "`") || strings.HasPrefix(arg, "(") {
		return ""
	}
	abs := arg
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, abs)
	}
	abs = filepath.Clean(abs)
	if p.inside(abs) {
		return ""
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return abs
	}
	return filepath.Dir(abs)
}
