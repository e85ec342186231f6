package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The one-line programs interpreters are given (python -c, node -e, perl
// -e, ruby -e, php -r, awk 'PROGRAM', osascript -e) are read as tokens:
// identifiers (dotted names kept whole), string literals and punctuation.
// That is enough to find the shell commands a program hands to system(),
// exec(), execSync(), subprocess.run(), backticks…, the folders it removes
// with rmtree() or rm_rf(), the secret files it names, and whether it
// sends the environment or runs what it downloads. It is not a parser of
// those languages: code that computes its strings is not followed.

// langOf names the language an interpreter runs ("" for other commands).
func langOf(name string) string {
	switch {
	case name == "python" || name == "python2" || name == "python3" || name == "pypy" || name == "pypy3" ||
		strings.HasPrefix(name, "python3.") || versioned(name, "python"):
		return "python"
	case name == "node" || name == "nodejs" || name == "deno" || name == "bun":
		return "js"
	case name == "perl" || versioned(name, "perl"):
		return "perl"
	case name == "ruby" || versioned(name, "ruby"):
		return "ruby"
	case name == "php" || versioned(name, "php"):
		return "php"
	case name == "awk" || name == "gawk" || name == "mawk" || name == "nawk":
		return "awk"
	case name == "osascript":
		return "applescript"
	case name == "lua" || name == "luajit" || versioned(name, "lua"):
		return "lua"
	case name == "julia":
		return "julia"
	case name == "Rscript" || name == "rscript" || name == "R":
		return "r"
	case name == "jrunscript":
		return "js"
	}
	return ""
}

// versioned reports an interpreter's versioned name ("lua5.3", "ruby3.2",
// "php8.1", "perl5.36").
func versioned(name, base string) bool {
	rest, ok := strings.CutPrefix(name, base)
	return ok && rest != "" && strings.Trim(rest, "0123456789.") == ""
}

// codeOpts are, per language, the options whose value is a program.
var codeOpts = map[string][]string{
	"python": {"-c"}, "js": {"-e", "--eval", "-p", "--print", "eval"}, "perl": {"-e", "-E"},
	"ruby": {"-e"}, "php": {"-r"}, "applescript": {"-e"}, "lua": {"-e"}, "julia": {"-e", "-E"},
	"r": {"-e"},
}

// inlineCode returns the programs a command gives its interpreter: the
// values of -c/-e/-r…, awk's program operand, or a literal here-document.
func inlineCode(lang string, cmd *shell.Command) []string {
	var out []string
	args := cmd.Args
	if lang == "awk" {
		skip := false
		for _, a := range args {
			switch {
			case skip:
				skip = false
			case !a.Literal:
				return out
			case a.Lit == "-f" || a.Lit == "--file":
				return out // the program is in a file
			case a.Lit == "-F" || a.Lit == "-v" || a.Lit == "--assign" || a.Lit == "--field-separator":
				skip = true
			case strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1:
			default:
				return append(out, a.Lit)
			}
		}
		return out
	}
	opts := codeOpts[lang]
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		if slices.Contains(opts, a.Lit) {
			if i+1 < len(args) && args[i+1].Literal {
				out = append(out, args[i+1].Lit)
				i++
			}
			continue
		}
		// The program attached to its option: ruby -e'…', perl -e'…'
		// (the word reads "-eCODE"; a cluster of letters is flags).
		if lang != "js" && len(a.Lit) > 2 && a.Lit[1] != '-' && strings.Trim(a.Lit[2:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" &&
			slices.ContainsFunc(opts, func(o string) bool { return len(o) == 2 && strings.HasPrefix(a.Lit, o) }) {
			out = append(out, a.Lit[2:])
			continue
		}
		// A cluster of short flags ending in the code flag: perl -ne, python -Bc.
		if lang != "js" && len(a.Lit) > 2 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.Trim(a.Lit[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			for _, o := range opts {
				if len(o) == 2 && a.Lit[len(a.Lit)-1] == o[1] && i+1 < len(args) && args[i+1].Literal {
					out = append(out, args[i+1].Lit)
					i++
					break
				}
			}
		}
	}
	if len(out) == 0 && cmd.Stdin != "" && readsStdinAsCode(cmd) {
		out = append(out, cmd.Stdin)
	}
	return out
}

// token kinds of codeTokens.
const (
	tokIdent = iota
	tokString
	tokCommand // a backtick string: a shell command in perl, ruby, php
	tokPunct
)

type token struct {
	kind int
	text string // identifier, string value (quotes off, escapes read), or punctuation
}

// codeTokens splits program text into identifiers (letters, digits, _,
// $ and dots: "os.system", "child_process.execSync"), string literals
// ('…', "…", python's triple quotes, `…`) and single punctuation bytes.
func codeTokens(code string) []token {
	var out []token
	for i := 0; i < len(code); i++ {
		ch := code[i]
		switch {
		case ch == '#' && (i == 0 || code[i-1] == '\n' || code[i-1] == ' ' || code[i-1] == ';'):
			// a comment in python, perl, ruby (a JS private name is rare on one line)
			j := strings.IndexByte(code[i:], '\n')
			if j < 0 {
				return out
			}
			i += j
		case ch == '\'' || ch == '"' || ch == '`':
			q := string(ch)
			if strings.HasPrefix(code[i:], q+q+q) {
				q = q + q + q
			}
			j := i + len(q)
			var b strings.Builder
			for j < len(code) && !strings.HasPrefix(code[j:], q) {
				if code[j] == '\\' && j+1 < len(code) {
					if e := code[j+1]; e == '"' || e == '\'' || e == '`' {
						b.WriteByte(e) // an escaped quote is the quote in every language read here
						j += 2
						continue
					}
					b.WriteString(backslashEscapes(code[j : j+2]))
					j += 2
					continue
				}
				b.WriteByte(code[j])
				j++
			}
			kind := tokString
			if ch == '`' {
				kind = tokCommand
			}
			out = append(out, token{kind: kind, text: b.String()})
			i = j + len(q) - 1
		case ch == '_' || ch == '$' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z':
			j := i
			for j < len(code) && (isWordByte(code[j]) || code[j] == '.' || code[j] == '$' || code[j] == ':' && j+1 < len(code) && code[j+1] == ':') {
				if code[j] == ':' {
					j++
				}
				j++
			}
			out = append(out, token{kind: tokIdent, text: code[i:j]})
			i = j - 1
		case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
		default:
			out = append(out, token{kind: tokPunct, text: string(ch)})
		}
	}
	return out
}

// lastName is an identifier's last part: "os.system" → "system",
// "FileUtils::rm_rf" → "rm_rf".
func lastName(id string) string {
	if i := strings.LastIndexAny(id, ".:"); i >= 0 {
		return id[i+1:]
	}
	return id
}

// shellCalls are the functions that hand a string (or a list of words) to
// a shell or run it as a program.
var shellCalls = map[string]bool{
	"system": true, "popen": true, "execSync": true, "exec": true, "execFile": true, "execFileSync": true,
	"spawn": true, "spawnSync": true, "check_output": true, "check_call": true, "call": true, "run": true,
	"Popen": true, "getoutput": true, "getstatusoutput": true, "shell_exec": true, "passthru": true,
	"proc_open": true, "capture2": true, "capture2e": true, "capture3": true, "popen3": true, "execlp": true,
	"execvp": true, "spawnSync2": true, "qx": true,
	// os.exec*/spawn* (python's os module), asyncio's subprocess
	// functions, execa, Deno.Command, R's system2.
	"execv": true, "execve": true, "execl": true, "execle": true, "execvpe": true, "spawnl": true, "spawnv": true,
	"spawnlp": true, "spawnvp": true, "posix_spawn": true, "posix_spawnp": true, "create_subprocess_shell": true,
	"create_subprocess_exec": true, "execa": true, "execaSync": true, "execaCommand": true, "execaCommandSync": true,
	"Command": true, "system2": true,
}

// removeCalls remove a folder tree.
var removeCalls = map[string]bool{
	"rmtree": true, "rm_rf": true, "rm_r": true, "remove_entry_secure": true, "rmSync": true,
	"rmdirSync": true, "removeSync": true, "remove_dir_all": true, "RemoveAll": true, "rimraf": true,
	"emptyDirSync": true, "rmdir": true, "rm": true, "remove_tree": true, "remove_dir": true, "remove_entry": true,
}

// networkNames are the functions and modules that talk to the network.
var networkNames = map[string]bool{
	"urlopen": true, "urlretrieve": true, "requests": true, "httpx": true, "fetch": true, "axios": true,
	"request": true, "post": true, "HTTPConnection": true, "HTTPSConnection": true,
	"socket": true, "connect": true, "Net::HTTP": true, "HTTP": true, "LWP": true, "curl_exec": true,
	"urllib": true, "http": true, "https": true, "open-uri": true, "getstore": true,
	"XMLHttpRequest": true, "WebSocket": true,
}

// evalNames run code given as a string.
var evalNames = map[string]bool{"exec": true, "eval": true, "Function": true, "runInNewContext": true, "runInThisContext": true, "instance_eval": true}

// envNames read the environment.
var envNames = []string{"os.environ", "os.getenv", "environ", "getenv", "process.env", "ENV", "$ENV", "System.getenv", "Deno.env", "Bun.env", "%ENV"}

// isEnvName reports an identifier that reads the environment or one of
// its variables by name ("os.environ", "os.getenv", "process.env").
func isEnvName(id string) bool {
	return slices.Contains(envNames, id) || strings.HasSuffix(id, ".getenv") || strings.HasSuffix(id, ".environ") ||
		strings.HasSuffix(id, ".environ.get") || id == "getenv"
}

// code checks a program of lang given inline.
func (c *checker) code(lang, code, dir string, depth int) {
	if depth >= maxDepth {
		return
	}
	toks := codeTokens(code)
	network, secretEnv, wholeEnv, evals, secretFile := false, false, false, false, false
	spawnsShell, runsReceived := false, false
	for _, q := range quotedCommands(lang, code) {
		c.script(shell.Parse(q), dir, depth+1, false) // perl's qx{…}, ruby's %x(…)
	}
	if lang == "awk" {
		for _, p := range awkPipes(toks) {
			c.script(shell.Parse(p), dir, depth+1, false)
		}
	}
	for i, t := range toks {
		switch t.kind {
		case tokCommand:
			// perl's, ruby's and php's backticks run a shell command, julia's
			// are command literals (run(`…`)); in JS only a template tagged
			// $ does (Bun.$`…`, zx's $`…`).
			tagged := lang == "js" && i > 0 && toks[i-1].kind == tokIdent && (toks[i-1].text == "$" || strings.HasSuffix(toks[i-1].text, ".$"))
			if lang == "perl" || lang == "ruby" || lang == "php" || lang == "julia" || tagged {
				c.script(shell.Parse(t.text), dir, depth+1, false)
				if f := strings.Fields(t.text); len(f) > 0 && shellProgram(f[0]) {
					spawnsShell = true // `/bin/sh -i <&3 >&3`: a shell on the program's descriptors
				}
			}
		case tokString:
			if strings.HasPrefix(t.text, "http://") || strings.HasPrefix(t.text, "https://") || strings.HasPrefix(t.text, "ftp://") ||
				strings.HasPrefix(t.text, "/inet/") || strings.HasPrefix(t.text, "/dev/tcp/") || strings.HasPrefix(t.text, "/dev/udp/") {
				network = true
			}
			if metadataCredentialURL(t.text) {
				c.add(SecretRead) // a cloud instance's credentials (cloudsecrets.go)
			}
			if t.text == "socket" || t.text == "net" || t.text == "luasocket" {
				network = true // require("socket"), require("net")
			}
			if f := strings.Fields(t.text); len(f) > 0 && shellProgram(f[0]) {
				spawnsShell = true // spawn("/bin/sh"), exec("/bin/sh -i <&3 >&3")
			}
			if p := strings.TrimSpace(t.text); p != "" && !strings.ContainsAny(p, " \n") && !unexpandedTilde(lang, code, p) && SecretFile(shell.Resolve(p, dir, c.home)) {
				c.add(SecretRead)
				secretFile = true
			}
			// os.environ['GITHUB_TOKEN'], os.getenv('API_KEY'), ENV["SECRET"]
			if secretName(t.text) && i > 1 && (toks[i-1].text == "[" || toks[i-1].text == "(") && isEnvName(toks[i-2].text) {
				secretEnv = true
			}
		case tokIdent:
			name := lastName(t.text)
			if (lang == "perl" || lang == "ruby") && i+1 < len(toks) && toks[i+1].kind == tokString {
				// system "rm -rf ~", exec "rm", "-rf", "/", unlink "FILE":
				// calls written without parentheses.
				bare := bareArgs(toks, i)
				switch {
				case shellCalls[name] && name != "call" && name != "run":
					c.script(shell.Parse(shellLine(bare)), dir, depth+1, false)
				case fileRemoveCall(lang, t.text):
					for _, b := range bare {
						c.removal(b.text, false, dir, depth)
					}
				}
			}
			// JS's Map and Set have a delete(key) of their own: there only
			// the SDKs' longer names count.
			if (lang == "python" || lang == "js" && name != "delete") && i+1 < len(toks) && toks[i+1].text == "(" && sdkDeleteCall(name) && usesCloudSDK(code) &&
				!(lang == "python" && pyUnbound(code, toks, i)) {
				c.because(t.text)
				c.add(CloudDestructive) // s3.delete_bucket(Bucket="b"), new DeleteBucketCommand(…)
				c.because()
			}
			if (lang == "python" || lang == "ruby") && ormBulkDelete(toks, i) {
				c.add(DatabaseDestructive)
			}
			if lang == "python" && t.text == "unlink" {
				c.removal(pathlibUnlink(toks, i), false, dir, depth)
			}
			for _, e := range envNames {
				if t.text == e || strings.HasPrefix(t.text, e+".") && !isEnvName(t.text) {
					rest := strings.TrimPrefix(strings.TrimPrefix(t.text, e), ".")
					switch {
					case rest != "" && secretName(rest):
						secretEnv = true
					case rest == "" && (i+1 >= len(toks) || toks[i+1].text != "[" && toks[i+1].text != "(" && toks[i+1].text != "{"):
						wholeEnv = true // str(os.environ), JSON.stringify(process.env)
					}
				}
			}
			if socketNames[name] || strings.Contains(t.text, "Socket") {
				network = true
			}
			if networkNames[name] || networkNames[t.text] || strings.HasPrefix(t.text, "urllib.") || strings.HasPrefix(t.text, "requests.") ||
				strings.HasPrefix(t.text, "http.") || strings.HasPrefix(t.text, "https.") || strings.HasPrefix(t.text, "Net::HTTP") {
				network = true
			}
			if evalNames[name] && (lang != "js" || name != "exec") {
				evals = true
			}
			// exec("""…"""): the string is the program itself.
			if evalNames[name] && i+2 < len(toks) && toks[i+1].text == "(" && toks[i+2].kind == tokString && lang != "js" {
				c.code(lang, toks[i+2].text, dir, depth+1)
			}
			// perl's "system$_", ruby's "exec cmd": a shell call given a
			// variable runs what the program computed or received.
			if pre, _, ok := strings.Cut(t.text, "$"); ok && shellCalls[lastName(pre)] && pre != "" {
				runsReceived = true
			}
			if i+1 < len(toks) && toks[i+1].text == "(" && !(lang == "python" && pyUnbound(code, toks, i)) {
				args := callArgs(toks, i+1)
				c.setuidRoot(name, toks[i+1:])
				switch {
				case sqlCalls[name] && len(args) > 0 && args[0].kind == tokString && destructiveSQL(args[0].text):
					// db.execute("DROP TABLE users"): SQL handed to a database.
					c.add(DatabaseDestructive)
				case fileRemoveCall(lang, t.text):
					c.removal(removedPath(toks, i+1, args), recursiveOption(toks, i+1), dir, depth)
				case name == "open" && (lang == "perl" || lang == "ruby"):
					if line := pipedOpen(args); line != "" {
						c.script(shell.Parse(line), dir, depth+1, false)
					}
				case shellCalls[name] && !(lang == "python" && (name == "exec" || name == "call" && !strings.Contains(t.text, "subprocess"))) ||
					lang == "lua" && t.text == "os.execute":
					line := callCommand(toks, i+1, args)
					if name == "Command" {
						line = shellLine(callStrings(toks, i+1)) // Deno.Command("rm", {args: [...]})
					}
					if line != "" {
						c.script(shell.Parse(line), dir, depth+1, false)
					}
					if !slices.ContainsFunc(args, func(a token) bool { return len(a.text) > 2 }) {
						runsReceived = true // popen(cmd, "r"): a command the program computed
					}
				case removeCalls[name] && (name != "rmdir" && name != "rm" || lang == "js"):
					if p := removedPath(toks, i+1, args); p != "" {
						c.script(shell.Parse("rm -rf "+shellQuote(p)), dir, depth+1, false)
					}
				}
			}
			if lang == "applescript" && t.text == "script" && i > 0 && toks[i-1].text == "shell" && i+1 < len(toks) && toks[i+1].kind == tokString {
				c.script(shell.Parse(toks[i+1].text), dir, depth+1, false)
			}
		}
	}
	if lang == "applescript" {
		c.appleScript(toks, dir, depth)
	}
	// A secret file the program reads, or secrets of its environment, and a
	// connection: they are sent (round 5: requests.post(…, open('.env'))).
	if network && (secretEnv || wholeEnv || secretFile) {
		c.add(NetworkExfiltration)
	}
	c.codeSendsFile(lang, toks, network)      // a local file read and sent (round 7)
	c.codeGlobRemoval(lang, toks, dir, depth) // files listed by a pattern and removed (round 7)
	// A reverse or bind shell: a connection and a shell the peer drives
	// (awk's "cmd |& getline" runs what it reads).
	coproc := lang == "awk" && strings.Contains(code, "|&")
	if network && (spawnsShell || runsReceived || coproc) {
		c.add(NetworkExfiltration)
	}
	// AppleScript's "make login item": an app opened at every login.
	if lang == "applescript" && strings.Contains(code, "login item") && strings.Contains(code, "make ") {
		c.add(PersistenceStartupFiles)
	}
	if codeWrites(lang, code, toks) {
		for i, t := range toks {
			if t.kind != tokString || strings.ContainsAny(t.text, " \n") || t.text == "" || unexpandedTilde(lang, code, t.text) {
				continue
			}
			p := shell.Resolve(t.text, dir, c.home)
			if lang == "awk" && (i == 0 || toks[i-1].text != ">") {
				continue // awk writes only with print > "FILE"
			}
			c.add(writeCategories(p, false)...)
		}
	}
	if network && evals {
		c.add(DownloadExecute)
	}
}

// socketNames are the functions and classes that open network sockets.
var socketNames = map[string]bool{
	"fsockopen": true, "pfsockopen": true, "stream_socket_client": true, "stream_socket_server": true,
	"TCPSocket": true, "TCPServer": true, "createServer": true, "createConnection": true, "ztcp": true,
	"socket": true, "Socket": true,
}

// shellProgram reports a word naming a shell: "/bin/sh", "bash", "cmd.exe".
func shellProgram(w string) bool {
	b := w[strings.LastIndexAny(w, "/\\")+1:]
	return shellNames[b] || b == "ash" || b == "cmd.exe" || b == "powershell" || b == "pwsh"
}

// writeCalls are the functions and methods that write files.
var writeCalls = []string{"write", "writefile", "writefilesync", "appendfile", "appendfilesync", "file_put_contents",
	"filewriter", "copy_stream", "urlretrieve", "copyfile", "copyfilesync", "rename", "renamesync", "openfile", "fopen", "dump", "cp"}

// codeWrites reports a program that writes files: a write call, a file
// opened for writing ("w", "wb", "a", ">"), awk's print > "FILE", or
// PowerShell's Out-File and Set-Content.
func codeWrites(lang, code string, toks []token) bool {
	low := strings.ToLower(code)
	if strings.Contains(low, "out-file") || strings.Contains(low, "set-content") || strings.Contains(low, "add-content") {
		return true
	}
	for i, t := range toks {
		switch t.kind {
		case tokIdent:
			n := strings.ToLower(lastName(t.text))
			if slices.Contains(writeCalls, n) || strings.HasPrefix(n, "write") || strings.Contains(t.text, "O_CREAT") || strings.Contains(t.text, "O_WRONLY") {
				return true
			}
		case tokString:
			switch t.text {
			case "w", "wb", "w+", "wb+", "a", "ab", "a+", ">", ">>":
				return true
			}
		case tokPunct:
			if lang == "awk" && t.text == ">" && i+1 < len(toks) && toks[i+1].kind == tokString {
				return true
			}
		}
	}
	return false
}

// callArgs returns the top-level literal arguments of the call whose "("
// is at toks[open]: string literals, and the strings of a [...] list.
func callArgs(toks []token, open int) []token {
	var out []token
	depth := 0
	for _, t := range toks[open:] {
		switch t.text {
		case "(", "[", "{":
			if t.kind == tokPunct {
				depth++
				continue
			}
		case ")", "]", "}":
			if t.kind == tokPunct {
				depth--
				if depth == 0 {
					return out
				}
				continue
			}
		}
		if t.kind == tokString && depth <= 2 {
			out = append(out, t)
		}
	}
	return out
}

// shellLine makes a command line of a call's string arguments: one string
// is a command line; several ("git", "reset", "--hard") are its words.
func shellLine(args []token) string {
	switch len(args) {
	case 0:
		return ""
	case 1:
		return args[0].text
	}
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = shellQuote(a.text)
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes a word for the shell unless it is plain, keeping a
// leading ~ outside the quotes so it still names the home folder.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@+,~") == "" {
		return s
	}
	if rest, ok := strings.CutPrefix(s, "~/"); ok {
		return "~/" + shellQuote(rest)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// setuidCalls set the process's user id (os.setuid, POSIX::setuid,
// Process::Sys.setuid, process.setuid, setresuid, setreuid).
var setuidCalls = map[string]bool{"setuid": true, "setresuid": true, "setreuid": true, "seteuid": true}

// setuidRoot: an inline program that sets its user id to 0 becomes root
// wherever the interpreter holds cap_setuid or is setuid itself (GTFOBins'
// capabilities and SUID entries); a program setting another id drops
// privilege and is everyday.
func (c *checker) setuidRoot(name string, call []token) {
	if setuidCalls[name] && len(call) > 1 && call[0].text == "(" && call[1].text == "0" {
		c.because(name + "(0)")
		c.add(PrivilegeEscalation)
	}
}

// appleScript: a dialog that asks for a password with its answer hidden
// ("display dialog … default answer "" with hidden answer"), a fake
// password prompt the README puts under secret-read; and Finder told to
// delete a POSIX file, judged as rm of that file.
func (c *checker) appleScript(toks []token, dir string, depth int) {
	dialog, hidden := false, false
	for i, t := range toks {
		l := strings.ToLower(t.text)
		if t.kind == tokIdent && l == "dialog" && i > 0 && strings.EqualFold(toks[i-1].text, "display") {
			dialog = true
		}
		if t.kind == tokIdent && l == "answer" && i > 0 && strings.EqualFold(toks[i-1].text, "hidden") {
			hidden = true
		}
		if t.kind == tokIdent && l == "delete" && i+3 < len(toks) && strings.EqualFold(toks[i+1].text, "posix") &&
			strings.EqualFold(toks[i+2].text, "file") && toks[i+3].kind == tokString && toks[i+3].text != "" {
			c.script(shell.Parse("rm -f "+shellQuote(toks[i+3].text)), dir, depth+1, false)
		}
	}
	if dialog && hidden {
		c.because("display", "dialog", "hidden", "answer")
		c.add(SecretRead)
	}
}
