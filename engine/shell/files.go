package shell

import (
	"path"
	"slices"
	"strings"
	"sync"
	"unsafe"
)

// fileCommand finds the files one command names, given its parsed words.
type fileCommand func(name string, words []Word) []FileUse

// readers are commands that read every operand, with the options whose
// value must not be taken for a file.
var readers = map[string]optSpec{
	"cat":     {},
	"tac":     {},
	"head":    {short: "nc", long: []string{"lines", "bytes"}},
	"tail":    {short: "ncs", long: []string{"lines", "bytes", "sleep-interval", "pid", "max-unchanged-stats"}},
	"less":    {short: "pxyhbjkzotTP", long: []string{"pattern", "tag", "log-file"}},
	"more":    {short: "n", long: []string{"lines"}},
	"nl":      {short: "bdfhilnsvw"},
	"cut":     {short: "bcdf", long: []string{"bytes", "characters", "delimiter", "fields", "output-delimiter"}},
	"strings": {short: "ntTe", long: []string{"bytes", "radix", "encoding", "target", "output-separator"}},
	"od":      {short: "AjNtwS", long: []string{"address-radix", "skip-bytes", "read-bytes", "format", "width", "strings"}},
	"hexdump": {short: "enNsf"},
	"base64":  {short: "w", long: []string{"wrap"}},
	"wc":      {},
	// Plain text filters the real Claude Code 2.1.328 checked as readers
	// (a link among their operands counted as the file it points at).
	"paste":     {short: "d", long: []string{"delimiters"}},
	"expand":    {short: "t", long: []string{"tabs"}},
	"unexpand":  {short: "t", long: []string{"tabs"}},
	"fold":      {short: "w", long: []string{"width"}},
	"rev":       {},
	"tsort":     {},
	"diff":      {short: "CUxXILFDWS", long: []string{"context", "unified", "exclude", "exclude-from", "ignore-matching-lines", "label", "show-function-line", "ifdef", "width", "starting-file", "from-file", "to-file", "line-format", "horizon-lines"}},
	"cmp":       {short: "in", long: []string{"ignore-initial", "bytes"}},
	"stat":      {short: "c", long: []string{"format", "printf"}},
	"file":      {short: "mfFeP", long: []string{"magic-file", "files-from", "separator", "exclude", "parameter"}},
	"md5sum":    {},
	"sha1sum":   {},
	"sha224sum": {},
	"sha256sum": {},
	"sha384sum": {},
	"sha512sum": {},
	"b2sum":     {short: "l", long: []string{"length"}},
	"shasum":    {short: "a", long: []string{"algorithm"}},
	"cksum":     {short: "al", long: []string{"algorithm", "length"}},
	"sum":       {},
}

// writers are commands that write (create, change or delete) every operand.
var writers = map[string]optSpec{
	"rm":       {},
	"rmdir":    {},
	"unlink":   {},
	"shred":    {short: "ns", long: []string{"iterations", "size", "random-source"}},
	"mkdir":    {short: "m", long: []string{"mode", "context"}},
	"tee":      {},
	"touch":    {short: "dtr", long: []string{"date", "reference", "time"}},
	"truncate": {short: "sr", long: []string{"size", "reference"}},
}

var fileCommands map[string]fileCommand

func init() {
	fileCommands = map[string]fileCommand{
		"sort":    sortFiles,
		"uniq":    inOut(optSpec{short: "fsw", long: []string{"skip-fields", "skip-chars", "check-chars", "group", "all-repeated"}}),
		"xxd":     inOut(optSpec{short: "cglsonC", long: []string{"cols", "groupsize", "len", "seek", "name"}}),
		"grep":    grepFiles(grepSpec),
		"egrep":   grepFiles(grepSpec),
		"fgrep":   grepFiles(grepSpec),
		"rg":      grepFiles(rgSpec),
		"sed":     sedFiles,
		"source":  sourceFiles,
		".":       sourceFiles,
		"cp":      copyFiles("cp", false),
		"install": copyFiles("install", false),
		"ln":      copyFiles("ln", true),
		"mv":      moveFiles,
		"chmod":   modeFiles("chmod"),
		"chown":   modeFiles("chown"),
		"chgrp":   modeFiles("chgrp"),
		"dd":      ddFiles,
		"tar":     tarFiles,
		"zip":     zipFiles,
		"unzip":   unzipFiles,
		"find":    findFiles,
	}
	for name, spec := range readers {
		fileCommands[name] = allOperands(spec, false)
	}
	for name, spec := range writers {
		fileCommands[name] = allOperands(spec, true)
	}
}

// Files returns the files the command names: the operands of a recognized
// file command (seed, "File paths": the docs name cat, head, tail, sed and
// tee, and the tester adds grep, wc, diff and stat), and every redirect
// target (< read, > >> &> write). Options and option values are skipped,
// as is the pattern of grep/rg and the script of sed. A folder the
// command names is returned like a file ("grep -r x ." names "."); the
// caller decides. Words with expansions are left out, except a leading
// $HOME or ${HOME}, read as "~", $TMPDIR, read as "/tmp", and $PWD, read
// as ".".
//
// The slice may be shared with other callers of the same parsed command:
// it must not be changed.
func (c *Command) Files() []FileUse {
	if m := c.files; m != nil && m.of(c) {
		m.once.Do(func() { m.uses = slices.Clip(c.files0()) })
		return m.uses
	}
	return c.files0()
}

// filesMemo holds Files of a parsed command. A command's Files was worked
// out again by every caller — the simulator, its needs and danger's several
// checks each asked it of the same command, a fifth of a distinct line's
// checks on replay's 1M-call store (issue 15) — so Parse gives each
// command one, which its copies share. What Files reads of a command is
// its name, whether it is dynamic, and its words and redirections: a copy
// changed in any of them (danger's lowered names, a wrapper's derived
// command) no longer matches the memo and works Files out itself.
type filesMemo struct {
	once          sync.Once
	name          string
	dynamic       bool
	args, redirs  *byte // the slices' arrays, compared by address
	nargs, nredir int
	uses          []FileUse
}

// memoFiles gives c a memo of its Files as c now is.
func memoFiles(c *Command) {
	c.files = &filesMemo{name: c.Name, dynamic: c.Dynamic, args: sliceAddr(c.Args), nargs: len(c.Args),
		redirs: sliceAddr(c.Redirects), nredir: len(c.Redirects)}
}

// of reports whether the memo was made for a command like c.
func (m *filesMemo) of(c *Command) bool {
	return m.name == c.Name && m.dynamic == c.Dynamic && m.nargs == len(c.Args) && m.nredir == len(c.Redirects) &&
		m.args == sliceAddr(c.Args) && m.redirs == sliceAddr(c.Redirects)
}

func sliceAddr[E any](s []E) *byte { return (*byte)(unsafe.Pointer(unsafe.SliceData(s))) }

// files0 is Files worked out.
func (c *Command) files0() []FileUse {
	var out []FileUse
	if !c.Dynamic && c.Name != "" {
		if fc, ok := fileCommands[path.Base(c.Name)]; ok {
			out = fc(path.Base(c.Name), c.Args)
		}
	}
	for _, r := range c.Redirects {
		if p, ok := PathOf(r.Target); ok {
			out = append(out, FileUse{Path: p, Write: r.Write, Read: r.Read, Via: "redirect"})
		}
	}
	return out
}

// PathOf returns the path a word names: its literal value, or, for a word
// that starts with $HOME, ${HOME} (→ "~"), $TMPDIR (→ "/tmp") or $PWD
// (→ ".") followed by literal text, the path with that variable read.
// False for "-" (standard input), the empty word and other expansions.
func PathOf(w Word) (string, bool) {
	if w.Literal {
		if w.Lit == "" || w.Lit == "-" {
			return "", false
		}
		return w.Lit, true
	}
	return expandVarPrefix(w.Raw)
}

// varPrefixes are the variables PathOf reads, and what it reads them as.
var varPrefixes = []struct{ name, value string }{
	{"HOME", "~"}, {"TMPDIR", "/tmp"}, {"PWD", "."},
}

func expandVarPrefix(raw string) (string, bool) {
	for _, v := range varPrefixes {
		// "${TMPDIR:-/tmp}" and its kin name the same folder whether
		// the variable is set or not (bash(1), Parameter Expansion).
		forms := []string{"${" + v.name + "}", "$" + v.name}
		for _, op := range []string{":-", "-", ":=", "="} {
			forms = append(forms, "${"+v.name+op+v.value+"}")
		}
		for _, form := range forms {
			rest, ok := cutVar(raw, form)
			if !ok {
				continue
			}
			if rest == "" {
				return v.value, true
			}
			tail := Parse(": " + rest)
			if tail.Unparseable || len(tail.Commands) != 1 || len(tail.Commands[0].Args) != 1 {
				return "", false
			}
			t := tail.Commands[0].Args[0]
			if !t.Literal || !strings.HasPrefix(t.Lit, "/") {
				return "", false
			}
			return cleanKeepTilde(v.value + t.Lit), true
		}
	}
	return "", false
}

// cutVar removes a leading variable form from raw, bare or inside double
// quotes, and returns the rest as shell text.
func cutVar(raw, form string) (string, bool) {
	quoted := strings.HasPrefix(raw, `"`)
	s := raw
	if quoted {
		s = raw[1:]
	}
	if !strings.HasPrefix(s, form) {
		return "", false
	}
	rest := s[len(form):]
	if form[1] != '{' && rest != "" && isNameByte(rest[0]) {
		return "", false // $HOMEDIR is another variable
	}
	if quoted {
		if strings.HasPrefix(rest, `"`) {
			rest = rest[1:]
		} else {
			rest = `"` + rest
		}
	}
	return rest, true
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func use(w Word, write, read bool, via string) (FileUse, bool) {
	p, ok := PathOf(w)
	return FileUse{Path: p, Write: write, Read: read, Via: via}, ok
}

func appendUses(out []FileUse, words []Word, write, read bool, via string) []FileUse {
	for _, w := range words {
		if u, ok := use(w, write, read, via); ok {
			out = append(out, u)
		}
	}
	return out
}

func allOperands(spec optSpec, write bool) fileCommand {
	return func(name string, words []Word) []FileUse {
		a := spec.parse(words, false)
		ops := a.operands
		if name == "less" || name == "more" {
			// "+G", "+/pattern": commands to the pager, not files.
			ops = slices.DeleteFunc(slices.Clone(ops), func(w Word) bool { return strings.HasPrefix(w.Raw, "+") })
		}
		out := appendUses(nil, ops, write, !write, name)
		switch name {
		case "touch", "truncate":
			out = appendUses(out, a.values("-r", "--reference"), false, true, name)
		case "diff":
			out = appendUses(out, a.values("-X", "--exclude-from", "--from-file", "--to-file"), false, true, name)
		case "file":
			out = appendUses(out, a.values("-m", "-f", "--magic-file", "--files-from"), false, true, name)
		}
		return out
	}
}

func sortFiles(name string, words []Word) []FileUse {
	a := optSpec{short: "kotTSy", long: []string{"key", "output", "field-separator", "temporary-directory", "buffer-size", "parallel", "files0-from", "batch-size", "compress-program", "sort", "random-source"}}.parse(words, false)
	out := appendUses(nil, a.operands, false, true, name)
	return appendUses(out, a.values("-o", "--output"), true, false, name)
}

// inOut is a command with "[INPUT [OUTPUT]]" operands (uniq, xxd).
func inOut(spec optSpec) fileCommand {
	return func(name string, words []Word) []FileUse {
		a := spec.parse(words, false)
		var out []FileUse
		for i, w := range a.operands {
			if i > 1 {
				break
			}
			if u, ok := use(w, i == 1, i == 0, name); ok {
				out = append(out, u)
			}
		}
		return out
	}
}

var grepSpec = optSpec{short: "efmABCdD", long: []string{"regexp", "file", "max-count", "after-context", "before-context", "context", "devices", "directories", "label", "include", "exclude", "exclude-dir", "exclude-from", "group-separator", "binary-files"}}

var rgSpec = optSpec{short: "efgtTmABCjMrEd", long: []string{"regexp", "file", "glob", "iglob", "type", "type-not", "type-add", "type-clear", "max-count", "after-context", "before-context", "context", "threads", "max-columns", "replace", "encoding", "max-depth", "max-filesize", "sort", "sortr", "ignore-file", "pre", "pre-glob", "path-separator", "colors", "color", "engine", "dfa-size-limit", "regex-size-limit", "context-separator", "field-match-separator", "field-context-separator", "hostname-bin", "hyperlink-format", "generate"}}

// grepFiles reads the operands after the pattern; with -e or -f there is
// no pattern operand.
func grepFiles(spec optSpec) fileCommand {
	return func(name string, words []Word) []FileUse {
		a := spec.parse(words, false)
		ops := a.operands
		if !a.has("-e", "-f", "--regexp", "--file") && len(ops) > 0 {
			ops = ops[1:]
		}
		out := appendUses(nil, ops, false, true, name)
		return appendUses(out, a.values("-f", "--file", "--exclude-from", "--ignore-file"), false, true, name)
	}
}

// sedFiles reads the operands after the script; -i writes them.
func sedFiles(name string, words []Word) []FileUse {
	inPlace := false
	rest := make([]Word, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w.Literal && isSedInPlace(w.Lit) {
			inPlace = true
			// BSD sed: "-i ''" gives an empty backup suffix as its own word.
			if w.Lit == "-i" && i+1 < len(words) && words[i+1].Literal && words[i+1].Lit == "" {
				i++
			}
			continue
		}
		rest = append(rest, w)
	}
	a := optSpec{short: "efl", long: []string{"expression", "file", "line-length"}}.parse(rest, false)
	ops := a.operands
	if !a.has("-e", "-f", "--expression", "--file") && len(ops) > 0 {
		ops = ops[1:]
	}
	out := appendUses(nil, a.values("-f", "--file"), false, true, name)
	if inPlace {
		return appendUses(out, ops, true, true, "sed -i")
	}
	return appendUses(out, ops, false, true, name)
}

// isSedInPlace recognizes -i, -i.bak, --in-place[=SUF], and -ni style
// clusters (whatever follows the i is its backup suffix).
func isSedInPlace(s string) bool {
	if s == "--in-place" || strings.HasPrefix(s, "--in-place=") {
		return true
	}
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return false
	}
	for _, c := range s[1:] {
		switch c {
		case 'i':
			return true
		case 'n', 'r', 'E', 's', 'u', 'z':
		default:
			return false
		}
	}
	return false
}

// sourceFiles reads the script; later operands are its arguments.
func sourceFiles(name string, words []Word) []FileUse {
	a := optSpec{}.parse(words, true)
	if a.end < len(words) {
		return appendUses(nil, words[a.end:a.end+1], false, true, name)
	}
	return nil
}

// copyFiles reads the sources and writes the target (the last operand, or
// the -t folder). ln reads its sources in the sense that the link exposes
// them; with one operand it creates a link of that name in the folder.
func copyFiles(name string, link bool) fileCommand {
	spec := optSpec{short: "tS", long: []string{"target-directory", "suffix"}}
	if name == "install" {
		spec = optSpec{short: "mogtSZ", long: []string{"mode", "owner", "group", "target-directory", "suffix", "strip-program", "context"}}
	}
	return func(_ string, words []Word) []FileUse {
		a := spec.parse(words, false)
		ops := a.operands
		if t := a.values("-t", "--target-directory"); len(t) > 0 {
			out := appendUses(nil, ops, false, true, name)
			return appendUses(out, t, true, false, name)
		}
		if name == "install" && a.has("-d", "--directory") {
			return appendUses(nil, ops, true, false, name)
		}
		switch len(ops) {
		case 0:
			return nil
		case 1:
			if link {
				out := appendUses(nil, ops, false, true, name)
				if p, ok := PathOf(ops[0]); ok {
					out = append(out, FileUse{Path: path.Base(p), Write: true, Via: name})
				}
				return out
			}
			return appendUses(nil, ops, false, true, name)
		}
		out := appendUses(nil, ops[:len(ops)-1], false, true, name)
		return appendUses(out, ops[len(ops)-1:], true, false, name)
	}
}

// moveFiles: mv writes both what it moves away and where it moves it.
func moveFiles(name string, words []Word) []FileUse {
	a := optSpec{short: "tS", long: []string{"target-directory", "suffix"}}.parse(words, false)
	out := appendUses(nil, a.operands, true, false, name)
	return appendUses(out, a.values("-t", "--target-directory"), true, false, name)
}

// modeFiles: chmod MODE FILE…, chown OWNER FILE…; with --reference there
// is no MODE/OWNER operand.
func modeFiles(name string) fileCommand {
	return func(_ string, words []Word) []FileUse {
		rest := words
		var mode bool
		if name == "chmod" {
			// "chmod -x file": a mode that starts with "-" is not an option.
			rest = make([]Word, 0, len(words))
			for _, w := range words {
				if !mode && w.Literal && isChmodMode(w.Lit) {
					mode = true
					continue
				}
				rest = append(rest, w)
			}
		}
		a := optSpec{long: []string{"from"}}.parse(rest, false)
		ops := a.operands
		if !mode && len(a.values("--reference")) == 0 && len(ops) > 0 {
			ops = ops[1:]
		}
		out := appendUses(nil, a.values("--reference"), false, true, name)
		return appendUses(out, ops, true, false, name)
	}
}

func isChmodMode(s string) bool {
	if len(s) < 2 || s[0] != '-' {
		return false
	}
	for _, c := range s[1:] {
		if !strings.ContainsRune("rwxXst", c) {
			return false
		}
	}
	return true
}

func ddFiles(name string, words []Word) []FileUse {
	var out []FileUse
	for _, w := range words {
		if !w.Literal {
			continue
		}
		switch {
		case strings.HasPrefix(w.Lit, "if="):
			out = append(out, FileUse{Path: w.Lit[3:], Read: true, Via: name})
		case strings.HasPrefix(w.Lit, "of="):
			out = append(out, FileUse{Path: w.Lit[3:], Write: true, Via: name})
		}
	}
	return out
}

// tarFiles is best effort: creating reads the operands and writes the
// archive; extracting reads the archive and writes into -C (or ".").
func tarFiles(name string, words []Word) []FileUse {
	if len(words) > 0 && words[0].Literal && words[0].Lit != "" && !strings.HasPrefix(words[0].Lit, "-") {
		// Old-style bundle: "tar czf out.tgz dir".
		b := words[0]
		b.Lit, b.Raw = "-"+b.Lit, "-"+b.Raw
		words = append([]Word{b}, words[1:]...)
	}
	a := optSpec{short: "fCbTXKNVgHI", long: []string{"file", "directory", "blocking-factor", "files-from", "exclude-from", "starting-file", "newer", "label", "listed-incremental", "format", "use-compress-program", "transform", "owner", "group", "mode", "mtime", "suffix", "to-command", "info-script", "rsh-command", "record-size"}}.parse(words, false)
	archive := a.values("-f", "--file")
	var out []FileUse
	switch {
	case a.has("-c", "-r", "-u", "-A", "--create", "--append", "--update", "--catenate", "--concatenate", "--delete"):
		out = appendUses(out, a.operands, false, true, name)
		out = appendUses(out, a.values("-T", "--files-from"), false, true, name)
		out = appendUses(out, archive, true, false, name)
	case a.has("-x", "--extract", "--get"):
		out = appendUses(out, archive, false, true, name)
		if dirs := a.values("-C", "--directory"); len(dirs) > 0 {
			out = appendUses(out, dirs, true, false, name)
		} else if !a.has("-O", "--to-stdout") {
			out = append(out, FileUse{Path: ".", Write: true, Via: name})
		}
	default: // -t and anything else reads the archive
		out = appendUses(out, archive, false, true, name)
	}
	return out
}

// zipFiles: "zip [opts] ARCHIVE FILE…"; -x/-i start a pattern list.
func zipFiles(name string, words []Word) []FileUse {
	for i, w := range words {
		if w.Literal && (w.Lit == "-x" || w.Lit == "-i" || w.Lit == "--exclude" || w.Lit == "--include") {
			words = words[:i]
			break
		}
	}
	a := optSpec{short: "bnOPtZ", long: []string{"temp-path", "suffixes", "output-file", "password", "compression-method"}}.parse(words, false)
	if len(a.operands) == 0 {
		return nil
	}
	out := appendUses(nil, a.operands[:1], true, false, name)
	return appendUses(out, a.operands[1:], false, true, name)
}

func unzipFiles(name string, words []Word) []FileUse {
	a := optSpec{short: "dPx"}.parse(words, false)
	if len(a.operands) == 0 {
		return nil
	}
	out := appendUses(nil, a.operands[:1], false, true, name)
	if a.has("-l", "-t", "-p", "-Z", "-v") {
		return out
	}
	if d := a.values("-d"); len(d) > 0 {
		return appendUses(out, d, true, false, name)
	}
	return append(out, FileUse{Path: ".", Write: true, Via: name})
}

// findFiles: find names only folders to search, which no file rule reads;
// with -delete, or an -exec of a command that writes (rm, mv, chmod,
// sed -i, …), what it finds under those folders is written.
func findFiles(name string, words []Word) []FileUse {
	via := ""
	for i, w := range words {
		if !w.Literal {
			continue
		}
		switch findActions[w.Lit] {
		case "find -delete":
			via = "find -delete"
		case "find -exec":
			if via == "" && i+1 < len(words) && execWrites(words[i+1:]) {
				via = "find -exec"
			}
		}
	}
	if via == "" {
		return nil
	}
	var starts []Word
	for _, w := range words {
		if w.Literal && (strings.HasPrefix(w.Lit, "-") || w.Lit == "(" || w.Lit == "!") {
			break
		}
		starts = append(starts, w)
	}
	if len(starts) == 0 {
		return []FileUse{{Path: ".", Write: true, Via: via}}
	}
	return appendUses(nil, starts, true, false, via)
}

// execWrites reports whether the command that find -exec runs writes the
// files it is given.
func execWrites(words []Word) bool {
	rest, _ := strip(words)
	if len(rest) == 0 || !rest[0].Literal {
		return false
	}
	switch n := path.Base(rest[0].Lit); n {
	case "mv", "chmod", "chown", "chgrp":
		return true
	case "sed":
		for _, w := range rest[1:] {
			if w.Literal && isSedInPlace(w.Lit) {
				return true
			}
		}
		return false
	default:
		_, ok := writers[n]
		return ok
	}
}
