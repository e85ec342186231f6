package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// inAddOnTree reports a path inside one add-on package's own tree,
// /opt/<package>/… (FHS 3.0, 3.13): writing there changes that
// application, not the system. /opt itself and a file at its top level
// belong to no package.
func inAddOnTree(p string) bool {
	rest, ok := strings.CutPrefix(p, "/opt/")
	if !ok {
		return false
	}
	pkg, below, ok := strings.Cut(rest, "/")
	return ok && pkg != "" && pkg != "." && pkg != ".." && below != ""
}

// aclValueOpts are setfacl(1)'s options that take an ACL on the line;
// aclFileOpts take it from a file, which the line does not show.
var (
	aclValueOpts = map[string]bool{"-m": true, "--modify": true, "--set": true}
	aclFileOpts  = map[string]bool{"-M": true, "--modify-file": true, "--set-file": true, "--restore": true}
)

// aclGrants reports whether a setfacl command can give someone other than
// a file's owner a right: an ACL from a file or not literal, or an entry
// of a named user or group, the owning group, others or the mask with any
// permission. The owner's own entry (u::) and entries of "---" or 0 give
// nothing; -x, -b and -k only remove entries.
func aclGrants(args []shell.Word) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			continue
		}
		opt, val, hasVal := strings.Cut(a.Lit, "=")
		if aclFileOpts[opt] {
			return true
		}
		if !aclValueOpts[opt] {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return false
			}
			i++
			if !args[i].Literal {
				return true
			}
			val = args[i].Lit
		}
		for _, e := range strings.Split(val, ",") {
			if aclEntryGrants(e) {
				return true
			}
		}
	}
	return false
}

// aclEntryGrants reports whether one ACL entry, [d[efault]:]TAG:QUAL:PERMS,
// gives a right to anyone but the owner.
func aclEntryGrants(e string) bool {
	f := strings.Split(strings.TrimSpace(e), ":")
	if len(f) > 0 && (f[0] == "d" || f[0] == "default") {
		f = f[1:]
	}
	if len(f) != 3 {
		return len(f) > 0 && f[0] != "" // not an entry setfacl reads as one: judged as before
	}
	tag, qual, perms := f[0], f[1], f[2]
	if (tag == "u" || tag == "user") && qual == "" {
		return false // the owner's own entry
	}
	return strings.Trim(perms, "-0") != ""
}

// printOnlyPrograms read neither their input nor a file: what they print
// is text of the line or what they make (the date, the uptime, the
// kernel's name).
var printOnlyPrograms = map[string]bool{"echo": true, "printf": true, "date": true, "uptime": true, "uname": true, "true": true, "sleep": true}

// printsOnly reports whether script, run for a network peer (nc -c, socat
// SYSTEM:), only prints what its programs make: every command a
// print-only program with no redirection, no printed variable (one may
// hold a secret) and no date -s (which sets the clock).
func printsOnly(script string) bool {
	s := shell.Parse(script)
	if s.Unparseable || len(s.Commands) == 0 {
		return false
	}
	for _, c := range s.Commands {
		name := path.Base(c.Name)
		if c.Dynamic || !printOnlyPrograms[name] || len(c.Redirects) > 0 || c.Inner() != nil {
			return false
		}
		for _, a := range c.Args {
			if name == "date" && a.Literal && (strings.HasPrefix(a.Lit, "-s") || strings.HasPrefix(a.Lit, "--set")) {
				return false
			}
			if !a.Literal {
				if names, ok := shell.ShownVars(a.Raw); !ok || len(names) > 0 {
					return false
				}
			}
		}
	}
	return true
}

// ncServed returns the program or shell command a netcat runs for its peer
// (-e PROG, -ePROG, -c CMD, --exec[=]PROG, --sh-exec[=]CMD) and whether it
// is literal; --lua-exec's script is not on the line.
func ncServed(args []shell.Word) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch {
		case a.Lit == "-e" || a.Lit == "-c" || a.Lit == "--exec" || a.Lit == "--sh-exec":
			if i+1 < len(args) && args[i+1].Literal {
				return args[i+1].Lit, true
			}
			return "", false
		case strings.HasPrefix(a.Lit, "-e/"):
			return a.Lit[2:], true
		case strings.HasPrefix(a.Lit, "--exec="), strings.HasPrefix(a.Lit, "--sh-exec="):
			_, v, _ := strings.Cut(a.Lit, "=")
			return v, true
		}
	}
	return "", false
}

// curlBodyOpts are curl(1)'s options that send a request body: the data
// options, --json, a form (-F) and an uploaded file (-T).
var curlBodyOpts = []string{"-d", "--data", "--json", "-F", "--form", "-T", "--upload-file"}

// curlSendsBody reports whether a curl command sends a request body.
func curlSendsBody(args []shell.Word) bool {
	for _, a := range args {
		if !a.Literal {
			continue
		}
		for _, o := range curlBodyOpts {
			if a.Lit == o || strings.HasPrefix(a.Lit, o+"=") || strings.HasPrefix(a.Lit, "--data") ||
				len(o) == 2 && strings.HasPrefix(a.Lit, o) {
				return true
			}
		}
	}
	return false
}

// queryGiven reports whether a delete-by-query request names its query:
// a body, or q= (Lucene syntax) or source= (the body as a parameter) in
// the URL's query string. Without one the API refuses the request.
func queryGiven(url string, args []shell.Word) bool {
	if curlSendsBody(args) {
		return true
	}
	_, q, _ := strings.Cut(url, "?")
	for _, p := range strings.Split(q, "&") {
		if strings.HasPrefix(p, "q=") || strings.HasPrefix(p, "source=") {
			return true
		}
	}
	return false
}

// socketOnlyOpened reports an "exec" with no command that opens a socket
// on a descriptor of its own (3 and up) in a line that runs nothing else
// (bash(1): exec's redirections take effect in the current shell): no
// command writes to the descriptor, so nothing is sent.
func (c *checker) socketOnlyOpened(u unit, r shell.Redirect) bool {
	if u.cmd.Name != "exec" || len(u.cmd.Args) > 0 || c.line == nil || len(c.line.Commands) != 1 {
		return false
	}
	fd := strings.TrimRight(r.Op, "<>|&")
	n := 0
	for _, d := range fd {
		if d < '0' || d > '9' {
			return false
		}
		n = n*10 + int(d-'0')
	}
	return fd != "" && n >= 3
}

// shortOptsAny reports whether getopt-style words set one of the option
// letters in want; a letter of takesValue takes the rest of its word, or
// the next word, as its value ("-wa github.com" is -w and -a github.com).
func shortOptsAny(words []string, want, takesValue string) bool {
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return false
		}
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		for j := 1; j < len(w); j++ {
			if strings.IndexByte(want, w[j]) >= 0 {
				return true
			}
			if strings.IndexByte(takesValue, w[j]) >= 0 {
				if j == len(w)-1 {
					i++ // the value is the next word
				}
				break
			}
		}
	}
	return false
}

// sqliteValueOpts are sqlite3(1)'s options that take a value; -cmd and
// -init run SQL of their own, -A works on an archive.
var sqliteValueOpts = map[string]bool{"-separator": true, "-newline": true, "-nullvalue": true, "-vfs": true, "-mmap": true, "-maxsize": true, "-lookaside": true, "-pagecache": true, "-heap": true}

// sqliteWaitsForInput reports "sqlite3 [OPTIONS] DB" with no SQL on the
// line, no SQL from -cmd, -init or an archive option, and nothing fed to
// its standard input (no pipe, redirect or here-document, and no command
// before it in a group a pipe could feed): it reads SQL from a standard
// input the agent's shell leaves empty, and prints nothing.
func (c *checker) sqliteWaitsForInput(u unit) bool {
	cmd := &u.cmd
	if cmd.Stdin != "" || c.line == nil || c.at >= len(c.line.Commands) || cmd.Nested {
		return false
	}
	for _, r := range cmd.Redirects {
		if r.Read {
			return false
		}
	}
	for k := 0; k < c.at; k++ {
		if prev := &c.line.Commands[k]; prev.Pipeline == cmd.Pipeline || prev.Nested {
			return false
		}
	}
	n := 0
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			return false
		}
		switch {
		case a.Lit == "-cmd" || a.Lit == "-init" || strings.HasPrefix(a.Lit, "-A") || a.Lit == "-archive":
			return false
		case sqliteValueOpts[a.Lit]:
			i++
		case strings.HasPrefix(a.Lit, "-") && a.Lit != "-" && n == 0:
		default:
			n++
		}
	}
	return n == 1
}
