package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Removals as the programs that feed rm decide them (issue 30, round 3:
// dev6, drawn from the tests of agents' command guards). What xargs,
// parallel and find hand rm, a find that fails before running anything,
// rm asking before it removes, find's matches piped to xargs rm, and the
// single files that cannot be pulled again.

// xargsReplacement returns the replacement string of an xargs that puts
// its input in place of one (GNU -I R, -iR, -i, --replace[=R]; BSD -J R),
// and whether it has one: such an xargs appends nothing to the command.
func xargsReplacement(args []shell.Word) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch {
		case (a.Lit == "-I" || a.Lit == "-J") && i+1 < len(args):
			return args[i+1].Lit, true
		case strings.HasPrefix(a.Lit, "-I") || strings.HasPrefix(a.Lit, "-J"):
			return a.Lit[2:], true
		case a.Lit == "-i" || a.Lit == "--replace":
			return "{}", true
		case strings.HasPrefix(a.Lit, "-i"):
			return a.Lit[2:], true
		case strings.HasPrefix(a.Lit, "--replace="):
			return strings.TrimPrefix(a.Lit, "--replace="), true
		case !strings.HasPrefix(a.Lit, "-"):
			return "", false // the command: options end here
		}
	}
	return "", false
}

// xargsFeeds reports whether xargs hands inner (a command it runs) any of
// its input: always when it appends, and with a replacement string only
// when the command's words hold the string ("xargs -i{} rm -rf" runs rm
// -rf with no operand).
func xargsFeeds(xargs *shell.Command, inner *shell.Command) bool {
	r, ok := xargsReplacement(xargs.Args)
	if !ok || r == "" {
		return true
	}
	if strings.Contains(inner.Name, r) {
		return true
	}
	return slices.ContainsFunc(inner.Args, func(w shell.Word) bool { return strings.Contains(w.Raw, r) })
}

// passOn are the wrappers that run their command with its words as
// given, so what an xargs appends to them reaches it.
var passOn = map[string]bool{
	"busybox": true, "env": true, "nice": true, "ionice": true, "timeout": true, "stdbuf": true, "nohup": true,
	"setsid": true, "sudo": true, "doas": true, "command": true, "builtin": true,
}

// appendsTo reports whether what outer runs gets the words an
// xargs appends: outer is an xargs that appends (xargsFeeds), or a
// pass-on wrapper that got them itself.
func appendsTo(outer *unit) bool {
	name := path.Base(outer.cmd.Name)
	if name == "xargs" {
		r, replaces := xargsReplacement(outer.cmd.Args)
		return !replaces || r == ""
	}
	return outer.appended && passOn[name]
}

// findFails reports a find that stops before acting: an -exec, -execdir,
// -ok or -okdir with no terminating ";" or "+" word ("find . -exec rm {}
// ;" – the shell took the ";"), or, fed by an xargs that appends, an
// expression the appended words come after ("echo ok | xargs find .
// -delete": "paths must precede expression").
func findFails(cmd *shell.Command, fed bool) bool {
	if cmd.Dynamic || path.Base(cmd.Name) != "find" {
		return false
	}
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		switch args[i].Lit {
		case "-exec", "-execdir", "-ok", "-okdir":
			end := slices.IndexFunc(args[i+1:], func(w shell.Word) bool {
				return w.Literal && (w.Lit == ";" || w.Lit == "+")
			})
			if end < 0 {
				return true
			}
			i += end + 1
		}
	}
	if fed {
		// Leading options (-H, -L, -P, -D…, -O…) come before the paths;
		// a primary after them starts the expression.
		for _, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 2 && !strings.HasPrefix(a.Lit, "-O") && !strings.HasPrefix(a.Lit, "-D") {
				return true
			}
		}
	}
	return false
}

// interactiveRm reports an rm that asks before removing: -i (before every
// file) or -I (before a recursive removal), the last of -f, -i and -I
// winning, as --interactive[=WHEN] and --force do (rm(1)). An agent's
// shell answers nothing, so nothing is removed, unless the line feeds rm
// its standard input (a pipe, a redirect, a here-string).
func (c *checker) interactiveRm(u unit, recursive bool) bool {
	mode := byte('f')
	for _, w := range u.cmd.Args {
		if !w.Literal || !strings.HasPrefix(w.Lit, "-") || w.Lit == "-" {
			continue
		}
		if w.Lit == "--" {
			break
		}
		switch {
		case w.Lit == "--force":
			mode = 'f'
		case w.Lit == "--interactive" || w.Lit == "--interactive=always":
			mode = 'i'
		case w.Lit == "--interactive=once":
			mode = 'I'
		case w.Lit == "--interactive=never":
			mode = 'f'
		case !strings.HasPrefix(w.Lit, "--"):
			for _, ch := range []byte(w.Lit[1:]) {
				if ch == 'f' || ch == 'i' || ch == 'I' {
					mode = ch
				}
			}
		}
	}
	if mode == 'f' || mode == 'I' && !recursive {
		return false
	}
	if u.cmd.Stdin != "" || slices.ContainsFunc(u.cmd.Redirects, func(r shell.Redirect) bool { return r.Read }) {
		return false // a here-string, here-document or file answers
	}
	if c.pipedInto() {
		return false // "yes | rm -ri x": the pipe answers
	}
	return true
}

// regeneratedNames are files that are made again by whatever made them,
// or are debris: Finder's and Explorer's metadata, core and heap dumps,
// temporary files (*.tmp, *.temp). Deleting every one of them under a
// folder loses nothing (README, dev6's judgement calls; dev7's r0262:
// "rm of the project's .tmp files" is everyday). Python's bytecode is not among them: the spec
// (testdata/danger/candidates.jsonl) lists "find . -name "*.pyc" -delete"
// as destructive-delete.
var regeneratedNames = []string{
	".DS_Store", "._*", "Thumbs.db", "desktop.ini", "core", "core.*", "*.core", "heapdump*", "*.hprof",
	"hs_err_pid*", "*.tmp", "*.temp",
}

// findsRegenerated reports a find that selects only regenerated files by
// name (every -name or -iname value one of regeneratedNames), or one file
// by its inode (-inum, -samefile).
func findsRegenerated(cmd *shell.Command) bool {
	names := 0
	for i, a := range cmd.Args {
		switch a.Lit {
		case "-inum", "-samefile":
			return true
		case "-name", "-iname":
			if i+1 >= len(cmd.Args) || !slices.Contains(regeneratedNames, cmd.Args[i+1].Lit) {
				return false
			}
			names++
		case "-regex", "-iregex", "-path", "-ipath", "-wholename", "-iwholename":
			return false
		}
	}
	return names > 0
}

// findsOneName reports a find in the project that selects by one literal
// name only: every -name or -iname value has no *, ? or [ (find(1): the
// pattern then matches that base name alone), no negation, -o or path
// test widens the match, and every start is in the project. Its -delete
// removes the files of that name, as rm NAME in each folder does, and
// folders only when empty (find(1): a failed removal is an error). A
// name that holds secrets, a database or a repository (.git) is left to
// the mark.
func (c *checker) findsOneName(u unit) bool {
	args := u.cmd.Args
	starts := findStarts(args)
	if len(starts) == 0 {
		starts = []shell.Word{{Lit: ".", Literal: true}} // GNU find's default start
	}
	for _, s := range starts {
		if !s.Literal || !shell.Within(shell.Resolve(s.Lit, u.dir, c.home), c.project) {
			return false
		}
	}
	names := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			return false
		}
		switch a.Lit {
		case "!", "-not", "-o", "-or", ",", "-regex", "-iregex", "-path", "-ipath", "-wholename", "-iwholename",
			"-lname", "-ilname", "-exec", "-execdir", "-ok", "-okdir":
			return false
		case "-name", "-iname":
			if i+1 >= len(args) || !args[i+1].Literal {
				return false
			}
			n := args[i+1].Lit
			abs := path.Join(c.project, n)
			if n == "" || n == "." || n == ".." || n == ".git" || strings.ContainsAny(n, "*?[\\/") ||
				SecretFile(abs) || c.projectDatabaseFile(abs) {
				return false
			}
			names++
			i++
		}
	}
	return names > 0
}

// findFedRemoval flags find's matches piped to an rm (unlink, shred) that
// xargs feeds ("find . -name '*.jpg' | xargs rm"): the files go as with
// find -delete, and the same exceptions hold (scratch and temporary
// folders, regenerated files). The other listers of a tree feed it the
// same way: fd, "rg --files", "git ls-files" (every tracked file, or with
// --others every untracked one).
func (c *checker) findFedRemoval(s *shell.Script, units [][]unit) {
	for i, us := range units {
		for _, u := range us {
			if u.cmd.Dynamic || !u.fromXargs {
				continue
			}
			switch path.Base(u.cmd.Name) {
			case "rm", "unlink", "shred":
			default:
				continue
			}
			for k := 0; k < i; k++ {
				if s.Commands[k].Pipeline != s.Commands[i].Pipeline || len(units[k]) == 0 {
					continue
				}
				f := units[k][0]
				lister := c.treeLister(f)
				if lister == "" || lister == "find" && (c.findRoutine(f) || findsRegenerated(&f.cmd)) {
					continue
				}
				c.because(lister, "|", "xargs", path.Base(u.cmd.Name))
				c.add(DestructiveDelete)
				c.because()
				return
			}
		}
	}
}

// keyFileRemoved flags rm or unlink of one file that cannot be pulled
// again: a private key or credential in the home's key folders (~/.ssh,
// ~/.aws, ~/.gnupg, … secretFolder) or a file that decides who may log in
// or become root (GrantsRoot). README: "rm of /etc/passwd or
// ~/.ssh/id_rsa" is destructive-delete, of one other file outside the
// project everyday; the project's own corpus of real shell histories
// removes a password database of its own ("rm Passwords.kdbx").
func (c *checker) keyFileRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" && name != "unlink" {
		return
	}
	for _, w := range operands(cmd.Args) {
		p, ok := shell.PathOf(w)
		if !ok || w.Glob {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		if SecretFile(abs) && secretFolder(path.Dir(abs), c.home) || GrantsRoot(abs) {
			c.because(name, w.Raw)
			c.add(DestructiveDelete)
			return
		}
	}
	c.repositoryRemoved(u, name) // round 9: a repository's own data
}

// parallelStdin returns the command lines GNU parallel runs for literal
// text on its standard input (parallel(1): with no ::: each input line
// is an argument, put where {} is in the command, or appended to it;
// with no command each line is a command): "echo 'rm -rf /' | parallel
// bash -c {}" runs bash -c 'rm -rf /'.
func parallelStdin(cmd *shell.Command, data string) []string {
	if cmd.Dynamic || path.Base(cmd.Name) != "parallel" || hasLit(cmd.Args, ":::", "::::", "-a", "--arg-file") {
		return nil
	}
	tmpl := joinLit(skipOptions(cmd.Args, "jSPkEI", []string{"jobs", "sshlogin", "max-procs", "eof", "colsep", "delimiter", "timeout", "joblog", "results", "tmpdir", "workdir"}, "kvqgu"))
	var out []string
	for _, l := range strings.Split(data, "\n") {
		if l = strings.TrimSpace(l); l == "" {
			continue
		}
		switch {
		case strings.Contains(tmpl, "{}"):
			out = append(out, strings.ReplaceAll(tmpl, "{}", shellQuote(l)))
		case tmpl == "":
			out = append(out, l)
		default:
			out = append(out, tmpl+" "+shellQuote(l))
		}
	}
	return out
}

// knownVars are the variables whose value a removal's path can be read
// with: the home and the XDG base folders under it (XDG Base Directory
// specification's defaults).
var knownVars = map[string]string{
	"HOME": "~", "XDG_CONFIG_HOME": "~/.config", "XDG_DATA_HOME": "~/.local/share",
	"XDG_STATE_HOME": "~/.local/state", "XDG_CACHE_HOME": "~/.cache",
}

// knownVarPath returns the path a word names when it starts with one of
// knownVars in any of bash's forms, "$V", "${V}", "${V:?msg}",
// "${V:-default}" (the variable set, its value is used), followed by
// literal text: "${HOME:?}" is the home folder, "$XDG_CONFIG_HOME/nvim"
// ~/.config/nvim.
func knownVarPath(raw string) (string, bool) {
	s := strings.Trim(raw, `"`)
	if !strings.HasPrefix(s, "$") {
		return "", false
	}
	s = s[1:]
	var name, rest string
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return "", false
		}
		inner := s[1:end]
		name, _, _ = strings.Cut(inner, ":")
		rest = s[end+1:]
		if name == inner && strings.ContainsAny(inner, "#%/^,@[") {
			return "", false
		}
	} else {
		i := 0
		for i < len(s) && (s[i] == '_' || s[i] >= 'A' && s[i] <= 'Z' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
		name, rest = s[:i], s[i:]
	}
	v, ok := knownVars[name]
	if !ok || strings.ContainsAny(rest, "$`*?[") {
		return "", false
	}
	return v + strings.Trim(rest, `"`), true
}

// inBackups reports a path inside a folder of backups or snapshots (a
// folder named backup…, snapshot… or .snapshots; with recursive, the
// folder itself), outside the temporary folders; one file named backup…
// elsewhere ("rm backup.sql" in the project) is left to rm's own rules: README, "deleting backups and snapshots is destructive-delete".
// Inside the project a snapshots folder is a test's expected output
// (insta, syrupy), kept in the repository: not counted as a backup (a
// recursive removal of it is judged as any project folder's).
func (c *checker) inBackups(abs string, recursive bool) bool {
	if shell.IsTemp(abs) {
		return false
	}
	parts := strings.Split(strings.TrimPrefix(path.Dir(abs), "/"), "/")
	if recursive {
		parts = append(parts, path.Base(abs)) // the backups folder itself
	}
	for _, p := range parts {
		l := strings.ToLower(strings.TrimPrefix(p, "."))
		if strings.HasPrefix(l, "backup") || strings.HasPrefix(l, "snapshot") && !shell.Within(abs, c.project) {
			return true
		}
	}
	return false
}

// treeLister names the program of f when it lists a tree's files for a
// later command: find, fd (outside scratch and temporary folders), "rg
// --files", "git ls-files"; "" otherwise.
func (c *checker) treeLister(f unit) string {
	cmd, name, ok := f.program()
	if !ok {
		return ""
	}
	switch name {
	case "find":
		return name
	case "fd", "fdfind":
		if c.fdRoutine(f) {
			return ""
		}
		return name
	case "rg":
		if hasLit(cmd.Args, "--files") {
			return "rg --files"
		}
	case "git":
		if _, sub, _, ok := cmd.GitArgs(); ok && sub == "ls-files" {
			return "git ls-files"
		}
	}
	return ""
}

// fdValueOpts are fd's options that take a value (fd --help).
var fdValueOpts = []string{"-e", "--extension", "-t", "--type", "-d", "--max-depth", "--min-depth", "--exact-depth",
	"-E", "--exclude", "-S", "--size", "--changed-within", "--changed-before", "-o", "--owner", "--base-directory",
	"--search-path", "-j", "--threads", "-c", "--color", "--ignore-file", "--max-results", "--format", "--path-separator"}

// fdParts splits fd's words into its positional words (pattern, then
// search paths) and the command an -x/--exec or -X/--exec-batch runs on
// the results (fd(1): every word after the option, up to a ";").
func fdParts(args []shell.Word) (pos, exec []shell.Word) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.Lit == "-x" || a.Lit == "--exec" || a.Lit == "-X" || a.Lit == "--exec-batch":
			rest := args[i+1:]
			if end := slices.IndexFunc(rest, func(w shell.Word) bool { return w.Lit == ";" }); end >= 0 {
				exec = rest[:end]
				i += end + 1
				continue
			}
			return pos, rest
		case slices.Contains(fdValueOpts, a.Lit):
			i++
		case a.Literal && strings.HasPrefix(a.Lit, "-"):
		default:
			pos = append(pos, a)
		}
	}
	return pos, exec
}

// fdRoutine reports an fd whose search paths are all scratch or
// temporary folders (fd searches "." when it is given none).
func (c *checker) fdRoutine(f unit) bool {
	pos, _ := fdParts(f.cmd.Args)
	roots := []string{"."}
	if len(pos) > 1 {
		roots = nil
		for _, w := range pos[1:] {
			if !w.Literal {
				return false
			}
			roots = append(roots, w.Lit)
		}
	}
	for _, r := range roots {
		abs := shell.Resolve(r, f.dir, c.home)
		if !c.scratch(abs) && !c.tempOnly(abs) {
			return false
		}
	}
	return true
}

// fdExecRemoval flags fd running rm, unlink or shred on its results
// (-x/--exec, -X/--exec-batch): the files it finds go, as with find
// -exec rm, unless it searches only scratch or temporary folders.
func (c *checker) fdExecRemoval(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "fd" && name != "fdfind" {
		return
	}
	_, exec := fdParts(cmd.Args)
	if len(exec) == 0 || c.fdRoutine(u) {
		return
	}
	switch path.Base(exec[0].Lit) {
	case "rm", "unlink", "shred", "rmdir":
		c.because(name, exec[0].Lit)
		c.add(DestructiveDelete)
	}
}

// toolImploded: mise implode (rtx's former name), chezmoi purge and
// rustup self uninstall delete the tool, what it installed and its
// settings (their references); -n and --dry-run only list (mise's and
// chezmoi's global flags), as inert reads --dry-run.
func (c *checker) toolImploded(u unit) {
	_, name, ok := u.program()
	if !ok || name != "mise" && name != "rtx" && name != "chezmoi" && name != "rustup" {
		return
	}
	args := u.cmd.Args
	if hasLit(args, "--help", "-h", "-n", "--dry-run") {
		return
	}
	v := c.verbs(args, 2)
	if len(v) == 0 {
		return
	}
	switch name {
	case "mise", "rtx":
		ok = v[0] == "implode"
	case "chezmoi":
		ok = v[0] == "purge"
	case "rustup":
		ok = len(v) == 2 && v[0] == "self" && v[1] == "uninstall"
	}
	if ok {
		c.add(DestructiveDelete)
	}
}

// enrolledOrSyncedDeleted: fprintd-delete USER deletes USER's enrolled
// fingerprints (fprintd's manual); calcurse-caldav --init=keep-local
// removes every remote object and keep-remote every local item before
// copying the other side over (its manual). TestInfraEnrolledAndSyncedDeleted.
func (c *checker) enrolledOrSyncedDeleted(u unit) {
	_, name, ok := u.program()
	if !ok || name != "fprintd-delete" && name != "calcurse-caldav" {
		return
	}
	args := u.cmd.Args
	if hasLit(args, "--help", "-h") {
		return
	}
	hit := false
	switch name {
	case "fprintd-delete":
		hit = len(operands(args)) > 0
	case "calcurse-caldav":
		for i, a := range args {
			v, isInit := strings.CutPrefix(a.Lit, "--init=")
			if a.Lit == "--init" && i+1 < len(args) {
				v, isInit = args[i+1].Lit, true
			}
			if isInit && (v == "keep-local" || v == "keep-remote") {
				hit = true
			}
		}
	}
	if hit {
		c.add(DestructiveDelete)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"toolImploded":            "a tool removing itself with everything it installed and its settings (mise|rtx implode, chezmoi purge, rustup self uninstall)",
		"enrolledOrSyncedDeleted": "enrolled fingerprints deleted (fprintd-delete USER) or one side of a calendar sync wiped before the other is copied over (calcurse-caldav --init=keep-local|keep-remote)",
	})
}

// generatedGlobSuffixes are the endings of files a build, a program or
// an editor writes again, whose "rm *.EXT" loses nothing: objects and
// libraries built, bytecode and classes, logs, swap files, LaTeX's
// auxiliary files, patch leftovers, coverage and profiling data,
// packages and installers.
var generatedGlobSuffixes = map[string]bool{
	".o": true, ".obj": true, ".a": true, ".lo": true, ".la": true, ".so": true, ".dylib": true, ".class": true,
	".pyc": true, ".pyo": true, ".log": true, ".swp": true, ".swo": true, ".swn": true, ".orig": true, ".rej": true,
	".aux": true, ".toc": true, ".out": true, ".fls": true, ".fdb_latexmk": true, ".bbl": true, ".blg": true,
	".synctex.gz": true, ".lof": true, ".lot": true, ".nav": true, ".snm": true, ".d": true, ".gcda": true,
	".gcno": true, ".profraw": true, ".pid": true, ".hi": true, ".beam": true, ".elc": true, ".zwc": true,
	".egg-info": true, ".retry": true, ".test": true, ".prof": true, ".cache": true,
	// Packages and installers built or downloaded again: wheels, eggs,
	// jars, Debian and RPM packages, disk images, installers, IDE module
	// files.
	".whl": true, ".egg": true, ".jar": true, ".war": true, ".deb": true, ".rpm": true, ".apk": true,
	".dmg": true, ".pkg": true, ".msi": true, ".exe": true, ".appimage": true, ".snap": true, ".iml": true,
}

// extensionGlobRemoved flags rm of every file of a kind in a folder
// ("rm *.bin", "rm src/*.go", "rm $1*.bin" with $1 unset): files of
// unknown content, as find -name '*.go' -delete removes; but the files a
// build or program writes again (generatedGlobSuffixes, regeneratedNames),
// those of temporary and generated folders, and an rm that asks.
func (c *checker) extensionGlobRemoved(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "rm" {
		return
	}
	recursive, opts := false, true
	var targets []shell.Word
	for _, w := range cmd.Args {
		switch {
		case opts && w.Literal && w.Lit == "--":
			opts = false
		case opts && w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-':
			recursive = recursive || w.Lit == "--recursive" || !strings.HasPrefix(w.Lit, "--") && strings.ContainsAny(w.Lit[1:], "rR")
		default:
			targets = append(targets, w)
		}
	}
	if c.interactiveRm(u, recursive) {
		return
	}
	for _, t := range targets {
		text := t.Lit
		if !t.Literal {
			text = unsetVarPrefix(t.Raw)
		}
		if text == "" || !c.removesKind(text, u.dir) {
			continue
		}
		c.because(name, t.Raw)
		c.add(DestructiveDelete)
		return
	}
}

// removesKind reports a glob that names every file of one kind in a
// folder of the project or home ("*.bin", "src/*.go", "data*.csv"), not
// of a kind regenerated nor in a temporary or generated folder.
func (c *checker) removesKind(glob, dir string) bool {
	base := path.Base(glob)
	star := strings.LastIndexByte(base, '*')
	if star < 0 || strings.ContainsAny(base[:star], "*?[") {
		return false
	}
	suffix := strings.ToLower(base[star+1:])
	if len(suffix) < 2 || suffix[0] != '.' || strings.ContainsAny(suffix, "*?[{/") || generatedGlobSuffixes[suffix] {
		return false
	}
	if slices.ContainsFunc(regeneratedNames, func(n string) bool { ok, _ := path.Match(n, base); return ok }) {
		return false
	}
	abs := shell.Resolve(path.Dir(glob), dir, c.home)
	return !c.tempOnly(abs) && !c.scratch(abs) && !strings.HasPrefix(abs, "/tmp/") && abs != "/tmp"
}

// unsetVarPrefix returns the glob a word makes when it starts with a
// variable left unset ("$1*.bin", "${PREFIX}*.log" make "*.bin",
// "*.log": README's rule for unset variables), "" for any other word.
func unsetVarPrefix(raw string) string {
	if !strings.HasPrefix(raw, "$") {
		return ""
	}
	rest := raw[1:]
	if strings.HasPrefix(rest, "{") {
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return ""
		}
		rest = rest[end+1:]
	} else {
		i := strings.IndexFunc(rest, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		})
		if i <= 0 {
			return ""
		}
		if rest[0] >= '0' && rest[0] <= '9' {
			i = 1 // a positional parameter is one digit: "$1x" is $1 then x
		}
		rest = rest[i:]
	}
	if !strings.HasPrefix(rest, "*") || strings.ContainsAny(rest, "$'\"`\\") {
		return ""
	}
	return rest
}

// listingCalls list a folder's entries: Python's os.listdir and
// os.scandir, Node's readdirSync and readdir, Ruby's Dir.entries and
// Dir.children.
var listingCalls = map[string]bool{"listdir": true, "scandir": true, "readdirSync": true, "readdir": true, "entries": true, "children": true}

// codeGlobRemoval flags an inline program that removes files and lists
// them by a pattern (Perl's glob, Python's glob.glob, Ruby's Dir.glob and
// Dir[…]) or by a folder's entries: judged as "rm -f PATTERN" (a
// folder's entries as FOLDER/*).
func (c *checker) codeGlobRemoval(lang string, toks []token, dir string, depth int) {
	if !slices.ContainsFunc(toks, func(t token) bool { return t.kind == tokIdent && fileRemoveCall(lang, t.text) }) {
		return
	}
	for i, t := range toks {
		if t.kind != tokIdent || i+1 >= len(toks) {
			continue
		}
		name := lastName(t.text)
		next, arg := toks[i+1], token{}
		switch {
		case next.kind == tokString && lang == "perl" && name == "glob":
			arg = next // perl's glob "PAT"
		case (next.text == "(" || next.text == "[" && t.text == "Dir") && i+2 < len(toks) && toks[i+2].kind == tokString:
			arg = toks[i+2]
		default:
			continue
		}
		pattern := ""
		switch {
		case name == "glob" || name == "iglob" || t.text == "Dir" && next.text == "[":
			pattern = arg.text
		case listingCalls[name]:
			pattern = strings.TrimSuffix(arg.text, "/") + "/*"
		}
		if pattern == "" || strings.Trim(pattern, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/*?-") != "" {
			continue // only plain patterns are spelled as shell words here
		}
		c.script(shell.Parse("rm -f -- "+pattern), dir, depth+1, false)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"extensionGlobRemoved": "rm of every file of one kind in a folder of the project or home (*.bin, src/*.go, $1*.csv with $1 unset), not of files a build or program writes again (objects, bytecode, logs, swap and LaTeX auxiliary files) nor in temporary or generated folders",
	})
}

// localConfigCLIs keep what their config command edits in a file on this
// machine (kubeconfig, .npmrc, pip.conf, .condarc, gcloud's and az's
// configurations, rclone.conf, poetry's and cargo's config, gh's and
// glab's config.yml, talosconfig). Others' "config" objects live on a
// server (docker swarm configs, consul config entries).
var localConfigCLIs = map[string]bool{
	"kubectl": true, "oc": true, "npm": true, "pnpm": true, "yarn": true, "bun": true, "pip": true, "pip3": true,
	"conda": true, "gcloud": true, "az": true, "rclone": true, "poetry": true, "cargo": true, "gh": true,
	"glab": true, "talosctl": true,
}

// settingsRemovalVerbs remove an entry of a CLI's own settings file.
var settingsRemovalVerbs = map[string]bool{
	"delete": true, "rm": true, "remove": true, "unset": true,
	"delete-cluster": true, "delete-context": true, "delete-user": true,
}

// settingsEntryRemoved reports a command that only removes an entry from
// the CLI's own settings file on this machine (round 7): "TOOL config
// delete|rm|remove|unset|delete-cluster|delete-user|delete-context"
// (kubectl's kubeconfig, npm's .npmrc, also as npm c), npm pkg delete (a
// field of package.json), helm's chart repository list
// (helm repo remove|rm) and flynn's cluster list (flynn cluster remove),
// for the CLIs of localConfigCLIs; git's settings have their own rules.
func (c *checker) settingsEntryRemoved(name string, args []shell.Word) bool {
	if !localConfigCLIs[name] && name != "helm" && name != "flynn" {
		return false
	}
	v := c.verbs(args, 2)
	if len(v) < 2 || !settingsRemovalVerbs[v[1]] {
		return false
	}
	switch v[0] {
	case "config":
		return localConfigCLIs[name]
	case "c":
		// npm-config(1): "aliases: c" (tldr's npm-config page spells it so).
		return name == "npm"
	case "pkg":
		// npm-pkg(1): "npm pkg delete <key>" removes a field of the
		// project's package.json: an edit of one project file; pnpm's
		// is the same (pnpm.io/cli/pkg: "Removes one or more keys from
		// package.json").
		return name == "npm" || name == "pnpm"
	case "repo":
		return name == "helm"
	case "cluster":
		return name == "flynn"
	}
	return false
}

// findsInScratch reports a find whose every start is a scratch folder of
// the project or lies inside a temporary folder, so that what it hands
// -exec is scratch too (round 7). A temporary folder's root (/tmp) counts
// only when -mindepth 1 or a -name|-iname test other than "*" keeps the
// root itself out.
func (c *checker) findsInScratch(u unit) bool {
	if c.findsOwnLogs(u) {
		return true // round 9: the project's own logs, as scratch
	}
	starts := findStarts(u.cmd.Args)
	if len(starts) == 0 {
		return false
	}
	for _, s := range starts {
		if !s.Literal {
			return false
		}
		abs := shell.Resolve(s.Lit, u.dir, c.home)
		switch {
		case c.scratch(abs):
		case c.tempOnly(abs) && shell.IsTemp(path.Dir(abs)):
		case c.tempOnly(abs) && picksByName(u.cmd.Args):
		default:
			return false
		}
	}
	return true
}

// picksByName reports a find expression that leaves its start out:
// -mindepth 1 (or more), or a -name|-iname test whose pattern is not "*",
// in an expression with no -o, negation or list that could match the
// start another way.
func picksByName(args []shell.Word) bool {
	if hasLit(args, "-o", "-or", "!", "-not", ",") {
		return false
	}
	for i := 0; i+1 < len(args); i++ {
		switch v := args[i+1]; args[i].Lit {
		case "-mindepth":
			if v.Literal && allDigits(v.Lit) && v.Lit != "0" {
				return true
			}
		case "-name", "-iname":
			if v.Literal && v.Lit != "*" && v.Lit != "" {
				return true
			}
		}
	}
	return false
}

// ownLogNames are the -name patterns of log files and their rotations.
var ownLogNames = []string{"*.log", "*.log.*", "*.log.[0-9]*", "*.log.gz"}

// findsOwnLogs reports a find that selects only the project's log files:
// every start in the project, every -name|-iname one of ownLogNames, and
// no test that could select another way (-path, -regex and kin, -o).
// Logs a project's runs wrote are made again by the next run (README's
// heldout11 call: "find . -name '*.log' -delete … remove logs its own
// runs made", everyday as .tmp files); the home's and /var/log's logs
// are records of what happened and stay judged (round 9, precision).
func (c *checker) findsOwnLogs(u unit) bool {
	if path.Base(u.cmd.Name) != "find" {
		return false
	}
	starts := findStarts(u.cmd.Args)
	if len(starts) == 0 {
		return false
	}
	for _, s := range starts {
		if !s.Literal || !shell.Within(shell.Resolve(s.Lit, u.dir, c.home), c.project) {
			return false
		}
	}
	names := 0
	for i, a := range u.cmd.Args {
		switch a.Lit {
		case "-name", "-iname":
			if i+1 >= len(u.cmd.Args) || !u.cmd.Args[i+1].Literal || !slices.Contains(ownLogNames, u.cmd.Args[i+1].Lit) {
				return false
			}
			names++
		case "-regex", "-iregex", "-path", "-ipath", "-wholename", "-iwholename", "-o", "-or", ",":
			return false
		}
	}
	return names > 0
}

// repositoryRemoved flags rm or unlink of a repository's own data
// (repoDataFile), and a recursive rm of a bare repository (NAME.git), or
// of a pattern that names .git, outside temporary and generated folders, which looksLikeFile would
// take for one file in the project: each is the repository, as .git is
// (README's heldout11 calls; round 9, precision). Called by
// keyFileRemoved, which has read the program.
func (c *checker) repositoryRemoved(u unit, name string) {
	recursive := name == "rm" && (shortFlag(u.cmd.Args, 'r', "--recursive") || shortFlag(u.cmd.Args, 'R'))
	for _, w := range operands(u.cmd.Args) {
		p, ok := shell.PathOf(w)
		if !ok {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		base := path.Base(abs)
		if w.Glob {
			// "rm -rf */.git", "rm -rf .git*": a pattern that names .git
			// (bash(1): a leading dot is matched only by a pattern that
			// starts with one).
			if m, _ := path.Match(base, ".git"); recursive && m && strings.HasPrefix(base, ".") &&
				!c.tempOnly(path.Dir(abs)) && !c.scratch(path.Dir(abs)) {
				c.because(name, w.Raw)
				c.add(DestructiveDelete)
				return
			}
			continue
		}
		bare := recursive && len(base) > len(".git") && strings.HasSuffix(base, ".git") && !c.tempOnly(abs) && !c.scratch(abs)
		if repoDataFile(abs) || bare {
			c.because(name, w.Raw)
			c.add(DestructiveDelete)
			return
		}
	}
}

// repoDataFile reports a path in a repository's .git that holds what no
// command makes again (gitrepository-layout(5)): config, HEAD,
// packed-refs, shallow, and anything under refs/, objects/, logs/ (the
// reflogs) or modules/ (a submodule's repository, read the same way).
// The index, lock files, ORIG_HEAD, FETCH_HEAD, COMMIT_EDITMSG, hooks
// and info/ are rebuilt, transient or settings of the hooks' kind.
func repoDataFile(abs string) bool {
	i := strings.LastIndex(abs, "/.git/")
	if i < 0 {
		return false
	}
	rel := abs[i+len("/.git/"):]
	for strings.HasPrefix(rel, "modules/") {
		parts := strings.SplitN(rel, "/", 3)
		if len(parts) < 3 || parts[2] == "" {
			return true // a submodule's whole repository
		}
		rel = parts[2]
	}
	if strings.HasSuffix(rel, ".lock") {
		return false
	}
	switch rel {
	case "config", "HEAD", "packed-refs", "shallow":
		return true
	}
	for _, dir := range []string{"refs/", "objects/", "logs/"} {
		if strings.HasPrefix(rel, dir) {
			return true
		}
	}
	return false
}

// homeHolding returns the home folder abs lies in: the call's home, or
// another user's (/home/NAME, /Users/NAME) when abs is outside the call's
// own. A transcript recorded on another machine names its user's home
// outright ("cd /Users/dw/…/frontend && rm -rf .vercel", heldout12
// y0449); the generated folders two levels below a home are generated
// whoever's home it is (README: rm -rf of build output, node_modules,
// caches is everyday). A path in no home gets the call's home, which does
// not hold it.
func (c *checker) homeHolding(abs string) string {
	h := path.Clean(c.home)
	if shell.Within(abs, h) {
		return h
	}
	for _, root := range []string{"/home/", "/Users/"} {
		rest, ok := strings.CutPrefix(abs, root)
		if !ok {
			continue
		}
		if user, _, _ := strings.Cut(rest, "/"); user != "" && user != "Shared" {
			return root + user
		}
	}
	return h
}

// More generated folders, each its tool's own output or cache (round 10;
// TestMoreGeneratedFolders): the Firebase CLI's hosting cache, pip
// wheel's and cibuildwheel's wheelhouse, PEP 582's __pypackages__, Pyre's
// cache, Expo's web export. Not "temp": dev8 labels `rm -rf temp` a
// project folder not known to be generated (TestTempIsNoGeneratedFolder).
func init() {
	for _, n := range []string{".firebase", "wheelhouse", "__pypackages__", ".pyre", "web-build"} {
		scratchNames[n] = true
	}
}

// fedByRegeneratedFind reports an rm that xargs runs on what the find
// just before it in the pipeline prints, when that find selects only
// regenerated scratch files by name (findsRegenerated) or searches only
// scratch folders (findsInScratch): the same files find's own "-exec rm
// -r {} +" removes, which unit.regenerated already keeps everyday
// (README: find … -exec rm of *.tmp files in the project is everyday).
func (c *checker) fedByRegeneratedFind(u unit) bool {
	prev := c.pipedFrom()
	if prev == nil || prev.Dynamic || path.Base(prev.Name) != "find" {
		return false
	}
	return findsRegenerated(prev) || c.findsInScratch(unit{cmd: *prev, dir: u.dir})
}

func init() {
	addRuleTexts(map[string]string{
		"repositoryRemoved": "rm or unlink of a repository's own data (.git/config, HEAD, packed-refs, refs/, objects/, logs/, modules/), or a recursive rm of a bare repository NAME.git or of a pattern naming .git (*/.git, .git*) outside temporary and generated folders",
	})
}
