package replay

import (
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// inputPathKeys are the tool-argument names that hold one path (or working
// folder) across the harnesses: Claude Code file_path/notebook_path/path,
// Gemini file_path/dir_path/absolute_path, OpenCode filePath, Codex
// workdir/working_directory.
var inputPathKeys = []string{"file_path", "notebook_path", "path", "filePath", "absolute_path", "dir_path",
	"dir", "directory", "workdir", "working_directory", "cwd"}

// mapInput rewrites, in place, the path arguments of a call's recorded
// input with the --root rewrites that apply to its home: a simulator that
// reads its own argument (Gemini's file_path) must see the same folder as
// the call's mapped paths, or every in-project call looks outside the
// workspace.
func mapInput(in map[string]any, home string, roots []RootMap) {
	if len(roots) == 0 {
		return
	}
	for _, k := range inputPathKeys {
		if s, ok := in[k].(string); ok {
			in[k] = MapPath(s, home, roots)
		}
	}
}

// MapCommand rewrites the paths a shell command names under a recorded
// project (cd targets, redirect targets, file arguments, --opt=PATH) with
// the --root rewrites that apply to calls ingested from home. It edits
// only the bytes of the words it maps, so the rest of the command — what
// prefix rules match — stays as recorded. A command the parser cannot read
// is returned as is.
func MapCommand(cmd, home string, roots []RootMap) string {
	if len(roots) == 0 || cmd == "" {
		return cmd
	}
	applies := false
	for _, r := range roots {
		if (r.Home == "" || r.Home == filepath.Clean(home)) && strings.Contains(cmd, r.From) {
			applies = true
			break
		}
	}
	if !applies {
		return cmd
	}
	f, err := syntax.NewParser(syntax.KeepComments(false)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return cmd
	}
	type edit struct {
		start, end int
		text       string
	}
	var edits []edit
	// mapLit maps a literal word part that starts with a recorded root, or
	// whose text after its first "=" does (--file=PATH). Only the root's
	// bytes are replaced: globs and escapes after it keep their meaning.
	mapLit := func(val string, start int, quote byte) {
		try := func(off int, p string) bool {
			r, ok := matchRoot(p, home, roots)
			if !ok {
				return false
			}
			if text, ok := quoteFor(r.To, quote); ok {
				edits = append(edits, edit{start + off, start + off + len(r.From), text})
			}
			return true
		}
		if try(0, val) {
			return
		}
		if i := strings.IndexByte(val, '='); i >= 0 {
			try(i+1, val[i+1:])
		}
	}
	hdoc := map[*syntax.Word]bool{} // here-document bodies are data, not paths
	syntax.Walk(f, func(n syntax.Node) bool {
		if r, ok := n.(*syntax.Redirect); ok && r.Hdoc != nil {
			hdoc[r.Hdoc] = true
		}
		w, ok := n.(*syntax.Word)
		if !ok || len(w.Parts) == 0 || hdoc[w] {
			return true
		}
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			mapLit(p.Value, int(p.ValuePos.Offset()), 0)
		case *syntax.SglQuoted:
			if !p.Dollar {
				mapLit(p.Value, int(p.Left.Offset())+1, '\'')
			}
		case *syntax.DblQuoted:
			if len(p.Parts) > 0 {
				if l, ok := p.Parts[0].(*syntax.Lit); ok {
					mapLit(l.Value, int(l.ValuePos.Offset()), '"')
				}
			}
		}
		return true
	})
	if len(edits) == 0 {
		return cmd
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
	out := cmd
	last := len(cmd)
	for _, e := range edits {
		if e.end > last || e.start < 0 || e.start >= e.end {
			continue // overlapping or out of range: leave it
		}
		out = out[:e.start] + e.text + out[e.end:]
		last = e.start
	}
	return out
}

// quoteFor renders a mapped path for the quoting context it replaces: as is
// inside quotes when it holds nothing that ends or expands there, and
// unquoted only when it holds nothing the shell would split or expand
// (else single-quoted). ok is false when it cannot be written there.
func quoteFor(p string, quote byte) (string, bool) {
	switch quote {
	case '\'':
		return p, !strings.ContainsRune(p, '\'')
	case '"':
		return p, !strings.ContainsAny(p, "\"$`\\")
	}
	if strings.IndexFunc(p, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '_' || r == '-' || r == '+' || r == '@' || r == ',' || r == ':' ||
			r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) < 0 {
		return p, true
	}
	if strings.ContainsRune(p, '\'') {
		return "", false
	}
	return "'" + p + "'", true
}
