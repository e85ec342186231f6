package danger

import (
	"encoding/base64"
	"encoding/hex"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// This file reads through the disguises a command line can wear when the
// text they hide is literal: words glued with $IFS, a name built by
// $(echo …), text piped into a shell, commands that runners and remote
// shells run, and sed's e command. What it finds is checked like any
// other command line, one level deeper.

// joinRaw joins words' source text with blanks, so a parse of the result
// gives the same words back.
func joinRaw(words []shell.Word) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w.Raw
	}
	return strings.Join(parts, " ")
}

// nameRaw is the source text of a command's name word.
func nameRaw(cmd *shell.Command) string {
	if len(cmd.Args) == 0 {
		return cmd.Text
	}
	return strings.TrimSuffix(cmd.Text, " "+joinRaw(cmd.Args))
}

// rewriteLine rebuilds a line whose commands hide their words: $IFS and
// ${IFS} (a blank, by default) are read as blanks, and a name word that is
// only "$(echo WORDS)", "`echo WORDS`" or "$(printf WORD)" with literal
// words is read as those words, and "$(which NAME)" (command -v, type -P)
// as NAME, whose path it prints. ok is false when nothing was rewritten.
func rewriteLine(s *shell.Script) (string, bool) {
	line := s.Source
	changed := false
	for i := range s.Commands {
		cmd := &s.Commands[i]
		if !cmd.Dynamic && !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool { return !w.Literal }) {
			continue // every word is literal: nothing is hidden
		}
		words := append([]shell.Word{{Raw: nameRaw(cmd), Literal: !cmd.Dynamic}}, cmd.Args...)
		for j, w := range words {
			if w.Literal || w.Raw == "" {
				continue
			}
			nw, ok := readIFS(w.Raw)
			if !ok && j == 0 {
				nw, ok = echoed(w.Raw)
			}
			if !ok && j > 0 {
				nw, ok = braceWords(w.Raw) // "{src,lib}": the words bash makes
			}
			if ok && strings.Contains(line, w.Raw) {
				line = strings.Replace(line, w.Raw, nw, 1)
				changed = true
			}
		}
	}
	return line, changed
}

// readIFS replaces unquoted $IFS and ${IFS} in a word's text by a blank.
func readIFS(raw string) (string, bool) {
	if strings.ContainsAny(raw, `'"`) || !strings.Contains(raw, "IFS") {
		return "", false
	}
	out := strings.ReplaceAll(strings.ReplaceAll(raw, "${IFS}", " "), "$IFS", " ")
	return out, out != raw
}

// echoed reads a word that is only a command substitution of echo or
// printf with literal words, and returns what it prints.
func echoed(raw string) (string, bool) {
	var inner string
	switch {
	case strings.HasPrefix(raw, "$(") && strings.HasSuffix(raw, ")"):
		inner = raw[2 : len(raw)-1]
	case strings.HasPrefix(raw, "`") && strings.HasSuffix(raw, "`") && len(raw) > 1:
		inner = raw[1 : len(raw)-1]
	default:
		return "", false
	}
	s := shell.Parse(inner)
	if s.Unparseable || len(s.Commands) != 1 {
		return "", false
	}
	if name, ok := foundByPath(&s.Commands[0]); ok {
		return name, true // "$(which sudo)": the path of sudo, which then runs
	}
	out, ok := printed(&s.Commands[0])
	if !ok || strings.TrimSpace(out) == "" {
		return "", false
	}
	return strings.TrimSpace(out), true
}

// foundByPath reads which(1) NAME, "command -v NAME" and "type -P NAME":
// they print the path of the program NAME, returned as NAME.
func foundByPath(cmd *shell.Command) (string, bool) {
	if cmd.Dynamic || len(cmd.Redirects) > 0 {
		return "", false
	}
	ops := operands(cmd.Args)
	if len(ops) != 1 || !ops[0].Literal || strings.ContainsAny(ops[0].Lit, "/ ") {
		return "", false
	}
	switch path.Base(cmd.Name) {
	case "which":
		return ops[0].Lit, true
	case "command":
		return ops[0].Lit, hasLit(cmd.Args, "-v")
	case "type":
		return ops[0].Lit, hasLit(cmd.Args, "-P", "-p")
	}
	return "", false
}

// printed returns what an echo or printf with literal words prints.
func printed(cmd *shell.Command) (string, bool) {
	if cmd.Dynamic || len(cmd.Redirects) > 0 {
		return "", false
	}
	var parts []string
	escapes := false
	for i, a := range cmd.Args {
		if !a.Literal {
			return "", false
		}
		if path.Base(cmd.Name) == "echo" && i == len(parts) && strings.HasPrefix(a.Lit, "-") && strings.Trim(a.Lit[1:], "neE") == "" && len(a.Lit) > 1 {
			escapes = escapes || strings.Contains(a.Lit, "e")
			continue
		}
		parts = append(parts, a.Lit)
	}
	switch path.Base(cmd.Name) {
	case "echo":
		out := strings.Join(parts, " ")
		if escapes {
			out = backslashEscapes(out)
		}
		return out + "\n", true
	case "printf":
		if len(parts) == 0 {
			return "", false
		}
		format := parts[0]
		if len(parts) > 1 {
			// printf '%s\n' WORDS… prints each word; other formats are not read.
			if format != "%s\n" && format != "%s" && format != `%s\n` {
				return "", false
			}
			return strings.Join(parts[1:], "\n") + "\n", true
		}
		if strings.Contains(strings.ReplaceAll(format, "%%", ""), "%") {
			return "", false
		}
		return backslashEscapes(strings.ReplaceAll(format, "%%", "%")), true
	}
	return "", false
}

// backslashEscapes reads \n, \t, \\ and \xHH, as printf and echo -e do.
func backslashEscapes(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '\\':
			b.WriteByte('\\')
		case 'x':
			if i+2 < len(s) {
				if v, err := hex.DecodeString(s[i+1 : i+3]); err == nil {
					b.Write(v)
					i += 2
					continue
				}
			}
			b.WriteString(`\x`)
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// literalPipes follows literal text through a pipeline: what echo, printf
// or a here-string starts with, through base64 -d, xxd -r -p, rev and
// cat, into a shell (checked as a command line), an interpreter (checked
// as code) or a database client (checked as SQL).
func (c *checker) literalPipes(s *shell.Script, cwd string, depth int) {
	byPipe := map[int][]int{}
	var order []int
	for i := range s.Commands {
		p := s.Commands[i].Pipeline
		if _, ok := byPipe[p]; !ok {
			order = append(order, p)
		}
		byPipe[p] = append(byPipe[p], i)
	}
	for _, p := range order {
		idx := byPipe[p]
		if len(idx) < 2 {
			continue
		}
		data, known := "", false
		for k, i := range idx {
			cmd := &s.Commands[i]
			if cmd.Nested && !cmd.InBody {
				// (A pipe in an if, while or for body runs in the line's
				// own shell as written: its literal text flows as at the
				// top level.)
				known = false
				continue
			}
			dir := c.dirOf(cmd, cwd)
			if k == 0 {
				data, known = source(cmd)
				continue
			}
			if !known {
				continue
			}
			if out, ok := transform(cmd, data); ok {
				data = out
				continue
			}
			c.sink(cmd, data, dir, depth)
			known = false
		}
	}
}

// source returns the literal text a pipeline's first command writes.
func source(cmd *shell.Command) (string, bool) {
	if out, ok := printed(cmd); ok {
		return out, true
	}
	if cmd.Stdin != "" {
		return transform(cmd, cmd.Stdin)
	}
	return "", false
}

// transform returns what a filter makes of literal input: base64 -d,
// xxd -r -p, rev, cat and tr's ROT13; ok is false for any other command.
func transform(cmd *shell.Command, in string) (string, bool) {
	if cmd.Dynamic {
		return "", false
	}
	args := cmd.Args
	switch path.Base(cmd.Name) {
	case "base64", "gbase64":
		if !shortFlag(args, 'd', "--decode") && !shortFlag(args, 'D') {
			return "", false
		}
		clean := strings.Join(strings.Fields(in), "")
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(clean); err == nil {
				return string(b), true
			}
		}
	case "openssl":
		if len(args) > 0 && (args[0].Lit == "base64" || args[0].Lit == "enc" && hasLit(args, "-base64", "-a")) && hasLit(args, "-d") {
			if b, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(in), "")); err == nil {
				return string(b), true
			}
		}
	case "xxd":
		if shortFlag(args, 'r') && (shortFlag(args, 'p') || hasLit(args, "-ps", "-plain", "-postscript")) {
			if b, err := hex.DecodeString(strings.Join(strings.Fields(in), "")); err == nil {
				return string(b), true
			}
		}
	case "rev":
		if len(args) > 0 {
			return "", false
		}
		lines := strings.Split(strings.TrimSuffix(in, "\n"), "\n")
		for i, l := range lines {
			r := []rune(l)
			slices.Reverse(r)
			lines[i] = string(r)
		}
		return strings.Join(lines, "\n") + "\n", true
	case "cat":
		if len(args) == 0 || len(args) == 1 && args[0].Lit == "-" {
			return in, true
		}
	case "tr":
		if len(args) == 2 && args[0].Lit == "A-Za-z" && args[1].Lit == "N-ZA-Mn-za-m" {
			return rot13(in), true
		}
	}
	return "", false
}

func rot13(s string) string {
	b := []byte(s)
	for i, ch := range b {
		switch {
		case ch >= 'a' && ch <= 'z':
			b[i] = 'a' + (ch-'a'+13)%26
		case ch >= 'A' && ch <= 'Z':
			b[i] = 'A' + (ch-'A'+13)%26
		}
	}
	return string(b)
}

// sink checks literal text arriving on a command's standard input.
func (c *checker) sink(cmd *shell.Command, data, dir string, depth int) {
	name := path.Base(cmd.Name)
	for _, l := range parallelStdin(cmd, data) {
		c.script(shell.Parse(l), dir, depth+1, false)
	}
	c.edScript(cmd, data)
	switch {
	case readsStdinAsCode(cmd) && shellNames[name], readsStdinAsCode(cmd) && (name == "source" || name == "."):
		c.script(shell.Parse(data), dir, depth+1, false)
	case readsStdinAsCode(cmd):
		c.code(langOf(name), data, dir, depth)
	case cmd.Name != "" && !cmd.Dynamic:
		if opts, ok := sqlClients[name]; ok && len(sqlStatements(name, opts, cmd.Args, "")) == 0 && destructiveSQL(data) {
			c.add(DatabaseDestructive)
		}
		if (name == "redis-cli" || name == "valkey-cli") && redisFlush(wordsOf(data)) {
			c.add(DatabaseDestructive)
		}
		if (name == "mongosh" || name == "mongo") && destructiveMongo(data) {
			c.add(DatabaseDestructive)
		}
		c.runtimeAPIStops(cmd, name, data)   // runtimeapi.go
		c.databaseAccessFed(cmd, name, data) // database.go
		c.sqlFed(cmd, name, data)            // database.go
	}
}

// runners run the command their words name, after their own options
// (npx/bunx: the package's binary; ssh: on another machine).
var runners = map[string]bool{
	"rtk": true, "npx": true, "pnpx": true, "bunx": true, "caffeinate": true, "unbuffer": true,
	"proxychains": true, "proxychains4": true, "torsocks": true, "chronic": true, "systemd-run": true,
	"firejail": true, "tsocks": true, "catchsegv": true,
}

// packageManagerCommands are pnpm's and yarn's own commands (their CLI
// references, with the npm commands pnpm passes on and yarn classic's and
// berry's together): any other first word runs a package's binary.
var packageManagerCommands = map[string]map[string]bool{
	"pnpm": wordSet("add i install up update upgrade remove rm uninstall un uni link ln unlink import rb rebuild prune fetch it install-test dedupe patch patch-commit patch-remove audit list ls ll la outdated why licenses run run-script t tst test exec dlx create start stop restart publish pack recursive multi m server store root bin setup init deploy doctor c config get set cat-file cat-index find-hash env self-update approve-builds ignored-builds sbom version help access adduser bugs deprecate dist-tag docs edit info login logout owner ping prefix profile pkg repo s search set-script show star stars team token unpublish unstar v view whoami xmas completion node cache catalog"),
	"yarn": wordSet("add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init install licenses link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove run search set stage tag team test unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces start"),
}

// wordSet returns the words of s as a set.
func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// runnerValueOpts are runner options that take a value.
var runnerValueOpts = []string{"-p", "--package", "-c", "--call", "--unit", "-u", "--property", "-E", "--setenv", "--profile"}

// hidden checks what a command runs without naming it as a command:
// runners (rtk, npx, bundle exec, uv run, …), ssh's remote command,
// Windows' cmd /c, sed's e command, and interpreters' one-line programs.
func (c *checker) hidden(u unit) {
	cmd := &u.cmd
	if cmd.Dynamic || cmd.Name == "" || u.depth >= maxDepth {
		return
	}
	args := cmd.Args
	name := path.Base(cmd.Name)
	switch {
	case runners[name]:
		rest := args
		for len(rest) > 0 && rest[0].Literal && strings.HasPrefix(rest[0].Lit, "-") {
			if slices.Contains(runnerValueOpts, rest[0].Lit) && len(rest) > 1 {
				rest = rest[1:]
			}
			rest = rest[1:]
		}
		c.runWords(rest, u)
	case name == "uv" && len(args) > 1 && (args[0].Lit == "run" || args[0].Lit == "tool" && args[1].Lit == "run") || name == "uvx":
		// uv run's and uv tool run's (uvx's) own options come before
		// the command (uv run --help, uv tool run --help).
		rest := args[1:]
		switch {
		case name == "uvx":
			rest = args
		case args[0].Lit == "tool":
			rest = args[2:]
		}
		c.runWords(skipOptions(rest, uvValueShort, uvValueLong, ""), u)
	case name == "deno" && len(args) > 2 && args[0].Lit == "task" && args[1].Lit == "--eval":
		// deno task --eval: "Evaluate the passed value as if it was a
		// task in a configuration file" (deno task --help).
		c.runWords(args[2:], u)
	case (name == "bundle" || name == "pnpm" || name == "yarn" || name == "bun" || name == "pipenv" || name == "poetry" || name == "uv" || name == "hatch" || name == "pdm") && len(args) > 1 &&
		(args[0].Lit == "exec" || args[0].Lit == "run" || args[0].Lit == "dlx" || args[0].Lit == "x"):
		c.runWords(args[1:], u)
	case (name == "pnpm" || name == "yarn") && len(args) > 0 && args[0].Literal && !strings.HasPrefix(args[0].Lit, "-") &&
		!packageManagerCommands[name][args[0].Lit]:
		// "pnpm jest": pnpm exec's docs, "the exec part is optional when
		// the command does not conflict with a built-in pnpm command";
		// yarn runs a dependency's binary by its name the same way
		// ("yarn <bin>", yarn run's docs).
		c.runWords(args, u)
	case name == "ssh":
		c.remote(u)
	case name == "cmd" || name == "cmd.exe":
		c.windows(args)
	case name == "sed" || name == "gsed":
		c.sedExec(u)
	}
	if lang := langOf(name); lang != "" {
		for _, code := range inlineCode(lang, cmd) {
			c.code(lang, code, u.dir, u.depth)
		}
	}
}

// uvValueLong are the long options of uv run and uv tool run (uvx) that
// take a value, uvValueShort their short ones (uv run --help, uv tool run
// --help).
var uvValueLong = []string{
	"extra", "group", "only-group", "no-group", "package", "with", "with-editable", "with-requirements",
	"from", "python", "env-file", "index", "default-index", "index-url", "extra-index-url",
	"find-links", "directory", "project", "config-file", "cache-dir", "color", "upgrade-package",
	"reinstall-package", "no-binary-package", "no-build-package", "refresh-package", "resolution",
	"prerelease", "fork-strategy", "exclude-newer", "index-strategy", "keyring-provider", "link-mode",
	"config-setting", "no-build-isolation-package", "python-platform", "constraints",
	"overrides", "build-constraints", "allow-insecure-host", "exclude-newer-package",
}

const uvValueShort = "pifPCcb"

// runWords checks the command a runner's remaining words form.
func (c *checker) runWords(words []shell.Word, u unit) {
	if len(words) == 0 {
		return
	}
	c.script(shell.Parse(joinRaw(words)), u.dir, u.depth+1, u.fromXargs)
}

// sshValueOpts are ssh options that take a value.
const sshValueOpts = "bcDEeFIiJLlmOopQRSWw"

// remote checks the command ssh runs on the other machine, where it starts
// in the home folder. The remote shell reads the words joined by blanks.
func (c *checker) remote(u unit) {
	args := u.cmd.Args
	i := 0
	for i < len(args) {
		a := args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || len(a.Lit) < 2 {
			break
		}
		if a.Lit == "--" {
			i++
			break
		}
		last := a.Lit[len(a.Lit)-1]
		if len(a.Lit) == 2 && strings.IndexByte(sshValueOpts, last) >= 0 {
			i++
		}
		i++
	}
	if i+1 >= len(args) {
		return // no remote command: a login shell
	}
	parts := make([]string, 0, len(args)-i-1)
	for _, w := range args[i+1:] {
		if w.Literal {
			parts = append(parts, w.Lit)
		} else {
			parts = append(parts, w.Raw)
		}
	}
	c.script(shell.Parse(strings.Join(parts, " ")), c.home, u.depth+1, false)
}

// windows reads "cmd /c COMMAND": rd or rmdir with /s removes a folder
// tree, del with /s or /q on a drive's root or a wildcard removes files,
// and format wipes a drive.
func (c *checker) windows(args []shell.Word) {
	i := slices.IndexFunc(args, func(w shell.Word) bool {
		return w.Literal && (strings.EqualFold(w.Lit, "/c") || strings.EqualFold(w.Lit, "/k"))
	})
	if i < 0 || i+1 >= len(args) {
		return
	}
	rest := args[i+1:]
	verb := strings.ToLower(rest[0].Lit)
	hasSwitch := func(sw string) bool {
		return slices.ContainsFunc(rest[1:], func(w shell.Word) bool { return strings.EqualFold(w.Lit, sw) })
	}
	switch verb {
	case "rd", "rmdir":
		if hasSwitch("/s") {
			c.add(DestructiveDelete)
		}
	case "del", "erase":
		if hasSwitch("/s") || hasSwitch("/q") && slices.ContainsFunc(rest[1:], func(w shell.Word) bool {
			return strings.Contains(w.Lit, "*") || len(w.Lit) <= 3 && strings.Contains(w.Lit, ":")
		}) {
			c.add(DestructiveDelete)
		}
	case "format", "diskpart":
		c.add(DiskSystem)
	}
}

// sedExec checks GNU sed's e command ("1e rm -rf ~"), which runs its text
// as a shell command.
func (c *checker) sedExec(u unit) {
	var scripts []string
	args := u.cmd.Args
	sawE := false
	for i, a := range args {
		if (a.Lit == "-e" || a.Lit == "--expression") && i+1 < len(args) {
			scripts = append(scripts, args[i+1].Lit)
			sawE = true
		}
	}
	if !sawE {
		if ops := operands(args); len(ops) > 0 && ops[0].Literal {
			scripts = append(scripts, ops[0].Lit)
		}
	}
	for _, sc := range scripts {
		for _, line := range strings.FieldsFunc(sc, func(r rune) bool { return r == '\n' || r == ';' }) {
			cmd := strings.TrimLeft(line, " \t0123456789$,!")
			if strings.HasPrefix(cmd, "e ") && len(cmd) > 2 {
				c.script(shell.Parse(cmd[2:]), u.dir, u.depth+1, false)
			}
		}
	}
}

// podExec reads the command "kubectl exec POD -- CMD" (or oc's) runs in
// a pod as ssh's remote commands are read: a shell of the cluster's
// machines, where nsenter into the host or the pod's token are as
// dangerous as here.
func (c *checker) podExec(u unit) {
	cmd, name, ok := u.program()
	// verbs skips kubectl's global options and their values ("--context
	// kind-a exec", "-n prod exec").
	if v := c.verbs(cmd.Args, 1); !ok || name != "kubectl" && name != "oc" || len(v) == 0 || v[0] != "exec" || u.depth >= maxDepth {
		return
	}
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == "--" && i+1 < len(cmd.Args) {
			parts := make([]string, 0, len(cmd.Args)-i-1)
			for _, w := range cmd.Args[i+1:] {
				if w.Literal {
					parts = append(parts, shellQuote(w.Lit))
				} else {
					parts = append(parts, w.Raw)
				}
			}
			c.script(shell.Parse(strings.Join(parts, " ")), "/", u.depth+1, false)
			return
		}
	}
}
