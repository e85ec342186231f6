package danger

import (
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The call forms of inline programs the token reader of interp.go did
// not follow (issue 30, round 5), each from its language's reference.

// callCommand returns the command line a shell call at toks[open] ("(")
// runs. A first argument that is a command line (a string with a blank,
// with the literal strings joined to it by + or .) is the whole line: the
// arguments after it are options (node's execSync(cmd, {stdio:
// "inherit"}), popen's mode "r"), no words of it. Otherwise the call's
// strings are the program's words (spawn("rm", ["-rf", "/"])).
func callCommand(toks []token, open int, args []token) string {
	if open+1 < len(toks) && toks[open+1].kind == tokString {
		line := toks[open+1].text
		for j := open + 2; j+1 < len(toks) && toks[j].kind == tokPunct && (toks[j].text == "+" || toks[j].text == ".") &&
			toks[j+1].kind == tokString; j += 2 {
			line += toks[j+1].text
		}
		if strings.ContainsAny(line, " \t\n") {
			return line
		}
	}
	return shellLine(args)
}

// bareArgs returns the strings of a call written without parentheses,
// perl's and ruby's "system "rm", "-rf", "/"": the strings after the
// name, separated by commas.
func bareArgs(toks []token, i int) []token {
	var out []token
	for j := i + 1; j < len(toks) && toks[j].kind == tokString; j += 2 {
		out = append(out, toks[j])
		if j+1 >= len(toks) || toks[j+1].text != "," {
			break
		}
	}
	return out
}

// quotedCommands returns the commands of perl's qx{…} (any delimiter)
// and ruby's %x(…): quote-like operators that run their text as a shell
// command (perlop, "Quote and Quote-like Operators"; ruby's "%x" literal).
func quotedCommands(lang, code string) []string {
	op := ""
	switch lang {
	case "perl":
		op = "qx"
	case "ruby":
		op = "%x"
	default:
		return nil
	}
	var out []string
	for rest := code; ; {
		i := strings.Index(rest, op)
		if i < 0 || i+len(op) >= len(rest) {
			return out
		}
		if i > 0 && isWordByte(rest[i-1]) {
			rest = rest[i+len(op):]
			continue
		}
		open := rest[i+len(op)]
		close := map[byte]byte{'(': ')', '{': '}', '[': ']', '<': '>'}[open]
		if close == 0 {
			close = open
		}
		body := rest[i+len(op)+1:]
		end := strings.IndexByte(body, close)
		if isWordByte(open) || open == ' ' || end < 0 {
			rest = rest[i+len(op):]
			continue
		}
		out = append(out, body[:end])
		rest = body[end+1:]
	}
}

// pipedOpen returns the command of perl's or ruby's open of a pipe: the
// argument after a "|-" or "-|" mode, or a string that starts or ends
// with "|" (perlfunc open; ruby's Kernel#open with "|cmd").
func pipedOpen(args []token) string {
	for k, a := range args {
		switch {
		case (a.text == "|-" || a.text == "-|") && k+1 < len(args):
			return args[k+1].text
		case len(a.text) > 1 && (a.text[0] == '|' || a.text[len(a.text)-1] == '|'):
			return strings.Trim(a.text, "| ")
		}
	}
	return ""
}

// fileRemoveCall reports a call that removes one file (or, with
// recursive, a tree) by its language's own function: python's
// os.remove|unlink, perl's and php's unlink, node's fs.unlink[Sync],
// ruby's File.delete|unlink and FileUtils.rm|rm_f|remove_file, lua's
// os.remove, julia's rm, Deno.remove, R's unlink and file.remove.
func fileRemoveCall(lang, id string) bool {
	switch lang {
	case "python":
		return id == "os.remove" || id == "os.unlink"
	case "perl", "php":
		return id == "unlink"
	case "js":
		return id == "unlinkSync" || id == "fs.unlink" || id == "fs.unlinkSync" || id == "Deno.remove" || id == "Deno.removeSync" ||
			strings.HasSuffix(id, ".unlinkSync")
	case "ruby":
		return id == "File.delete" || id == "File.unlink" || id == "FileUtils.rm" || id == "FileUtils.rm_f" || id == "FileUtils.remove_file"
	case "lua":
		return id == "os.remove"
	case "julia":
		return id == "rm"
	case "r":
		return id == "unlink" || id == "file.remove"
	}
	return false
}

// recursiveOption reports a call's recursive option set, from its "("
// at toks[open] to the matching ")": recursive=true|TRUE,
// {recursive: true}.
func recursiveOption(toks []token, open int) bool {
	depth := 0
	for j := open; j < len(toks); j++ {
		switch toks[j].text {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return false
			}
		}
		if toks[j].kind == tokIdent && toks[j].text == "recursive" && j+2 < len(toks) &&
			(toks[j+2].text == "true" || toks[j+2].text == "TRUE" || toks[j+2].text == "T") {
			return true
		}
	}
	return false
}

// homeIdents name the home folder in a program: ruby's Dir.home, node's
// os.homedir() (also require("os").homedir()), python's Path.home().
var homeIdents = map[string]bool{"Dir.home": true, "os.homedir": true, "homedir": true, "Path.home": true}

// removedPath returns the path a removal call at toks[open] names: its
// first string, or the home folder named by an expression.
func removedPath(toks []token, open int, args []token) string {
	if open+1 < len(toks) && toks[open+1].kind == tokIdent && homeIdents[toks[open+1].text] {
		return "~"
	}
	if open+1 < len(toks) && toks[open+1].kind == tokIdent && open+5 < len(toks) && toks[open+1].text == "require" &&
		homeIdents[strings.TrimPrefix(toks[open+5].text, ".")] {
		return "~" // require("os").homedir()
	}
	if open+1 < len(toks) && toks[open+1].kind == tokIdent {
		// process.env.HOME, ENV["HOME"], os.environ["HOME"],
		// os.getenv("HOME"): the home folder by its variable.
		id := toks[open+1].text
		if id == "process.env.HOME" || open+3 < len(toks) && (isEnvName(id) || id == "ENV" || id == "Deno.env.get") &&
			(toks[open+2].text == "[" || toks[open+2].text == "(") && toks[open+3].kind == tokString && toks[open+3].text == "HOME" {
			return "~"
		}
	}
	for _, a := range args {
		// shelljs's rm("-rf", PATH): the options come first.
		if a.kind == tokString && !strings.HasPrefix(a.text, "-") {
			return a.text
		}
	}
	return ""
}

// removal judges a call that removes path as the rm it amounts to.
func (c *checker) removal(path string, recursive bool, dir string, depth int) {
	if path == "" {
		return
	}
	flag := "-f "
	if recursive {
		flag = "-rf "
	}
	c.script(shell.Parse("rm "+flag+"-- "+shellQuote(path)), dir, depth+1, false)
}

// pathlibUnlink returns the path of python's Path("…").unlink(): the
// ident "unlink" at toks[i] after ".", ")", a string, "(" and Path.
func pathlibUnlink(toks []token, i int) string {
	if i < 5 || toks[i-1].text != "." || toks[i-2].text != ")" || toks[i-3].kind != tokString || toks[i-4].text != "(" ||
		lastName(toks[i-5].text) != "Path" {
		return ""
	}
	return toks[i-3].text
}

// awkPipes returns the commands of awk's pipes: print … | "cmd" runs cmd
// with the printed text as its input (a shell, "sh", then runs that
// text), and "cmd" | getline runs cmd (the awk manual, "Using getline
// from a Pipe", "Redirecting Output of print").
func awkPipes(toks []token) []string {
	var out []string
	for i := 0; i+2 < len(toks); i++ {
		if toks[i].kind != tokString || toks[i+1].text != "|" {
			continue
		}
		next := toks[i+2]
		switch {
		case next.kind == tokIdent && next.text == "getline":
			out = append(out, toks[i].text)
		case next.kind == tokString && shellProgram(strings.TrimSpace(next.text)):
			out = append(out, toks[i].text)
		case next.kind == tokString:
			out = append(out, next.text)
		}
	}
	return out
}

// pyBuiltins are python's built-in names the calls above may start with.
var pyBuiltins = map[string]bool{"exec": true, "eval": true, "open": true, "print": true, "__import__": true, "compile": true}

// pyUnbound reports a python call at toks[i] whose name was never bound:
// a module not imported ("shutil.rmtree(…)" with no "import shutil") or
// a function not imported by name ("rmtree(…)" with no "from shutil
// import rmtree"). Python stops there with a NameError and runs nothing
// of it (README, dev7's call). An attribute of an expression
// ("__import__('os').system(…)") is bound by the expression.
func pyUnbound(code string, toks []token, i int) bool {
	if i > 0 && toks[i-1].text == "." {
		return false
	}
	root, _, _ := strings.Cut(toks[i].text, ".")
	if root == "" || pyBuiltins[root] || strings.Contains(code, "__import__") || strings.Contains(code, "importlib") {
		return false
	}
	for _, line := range strings.Split(code, "\n") {
		for _, st := range strings.Split(line, ";") {
			if pyBinds(strings.TrimSpace(st), root) {
				return false
			}
		}
	}
	return true
}

// pyBinds reports a python statement that binds name: an import of it
// (also "import a.b", "… as name", "from m import name", "from m import
// *"), an assignment, a def or class, a for or with target.
func pyBinds(st, name string) bool {
	if rest, ok := strings.CutPrefix(st, "import "); ok {
		for _, part := range strings.Split(rest, ",") {
			f := strings.Fields(part)
			if len(f) > 0 && (f[0] == name || strings.HasPrefix(f[0], name+".")) || len(f) == 3 && f[1] == "as" && f[2] == name {
				return true
			}
		}
		return false
	}
	if strings.HasPrefix(st, "from ") {
		_, names, ok := strings.Cut(st, " import ")
		if !ok {
			return false
		}
		for _, part := range strings.Split(strings.Trim(names, "() "), ",") {
			f := strings.Fields(part)
			if len(f) > 0 && (f[0] == name || f[0] == "*") || len(f) == 3 && f[1] == "as" && f[2] == name {
				return true
			}
		}
		return false
	}
	if lhs, _, ok := strings.Cut(st, "="); ok && !strings.ContainsAny(lhs, "(<>!") {
		for _, t := range strings.Split(lhs, ",") {
			if strings.TrimSpace(t) == name {
				return true
			}
		}
	}
	return strings.HasPrefix(st, "def "+name) || strings.HasPrefix(st, "class "+name) ||
		strings.HasPrefix(st, "for "+name+" ") || strings.Contains(st, " as "+name)
}

// sqlCalls hand their first argument to a database as SQL: python's DB-API
// execute|executescript|executemany, sqlite and better-sqlite3's exec and
// prepare, perl DBI's do and prepare, PDO's exec and query, knex's and
// Sequelize's raw and query, ActiveRecord's connection.execute.
var sqlCalls = map[string]bool{
	"execute": true, "executescript": true, "executemany": true, "exec": true, "do": true, "query": true,
	"raw": true, "prepare": true, "sql": true, "exec_query": true, "execute_sql": true,
}

// ormBulkDelete reports an ORM deleting every row of a model: Django's
// "Model.objects.all().delete()", ActiveRecord's "Model.delete_all" and
// "Model.destroy_all" on the model itself (a where() before them deletes
// some rows, as SQL's DELETE … WHERE).
func ormBulkDelete(toks []token, i int) bool {
	t := toks[i].text
	switch {
	case strings.HasSuffix(t, ".delete_all") || strings.HasSuffix(t, ".destroy_all"):
		return !strings.Contains(t, "where") && (i == 0 || toks[i-1].text != ".")
	case t == "delete" && i >= 4 && toks[i-1].text == "." && toks[i-2].text == ")" && toks[i-3].text == "(" &&
		strings.HasSuffix(toks[i-4].text, "objects.all"):
		return true
	}
	return false
}

// cloudSDKs are the client libraries of hosted services whose delete
// calls remove hosted resources: AWS (boto3, aws-sdk), Google Cloud,
// Azure, Firebase, Kubernetes' clients, GitHub's and GitLab's, Stripe.
var cloudSDKs = []string{"boto3", "botocore", "aws-sdk", "@aws-sdk/", "google.cloud", "@google-cloud/", "azure.",
	"@azure/", "firebase_admin", "firebase-admin", "kubernetes", "@kubernetes/client-node", "github", "@octokit/",
	"gitlab", "stripe"}

// usesCloudSDK reports inline code that loads a cloud SDK: a python import
// of it, a require() or an import … from of it.
func usesCloudSDK(code string) bool {
	for _, line := range strings.Split(code, "\n") {
		for _, st := range strings.Split(line, ";") {
			st = strings.TrimSpace(st)
			if !strings.HasPrefix(st, "import ") && !strings.HasPrefix(st, "from ") && !strings.Contains(st, "require(") &&
				!strings.Contains(st, "require ") {
				continue
			}
			for _, sdk := range cloudSDKs {
				if strings.Contains(st, sdk) {
					return true
				}
			}
		}
	}
	return false
}

// sdkDeleteCall reports a cloud SDK's call that deletes a hosted resource
// by its method's name: boto3's delete_bucket, delete_objects,
// terminate_instances, …; the AWS SDK's DeleteBucketCommand, …;
// Google's and Azure's delete, delete_blob, begin_delete; Kubernetes'
// delete_namespaced_*; purge_* and destroy.
func sdkDeleteCall(name string) bool {
	l := strings.ToLower(name)
	return l == "delete" || l == "destroy" || strings.HasPrefix(l, "delete_") || strings.HasPrefix(l, "terminate_") ||
		strings.HasPrefix(l, "purge") || l == "begin_delete" || strings.HasPrefix(name, "Delete") && strings.HasSuffix(name, "Command") ||
		strings.HasPrefix(name, "delete") && len(name) > 6 && name[6] >= 'A' && name[6] <= 'Z'
}

// callStrings returns every string literal of the call whose "(" is at
// toks[open], at any depth, in order: Deno.Command's program and the args
// of its options object.
func callStrings(toks []token, open int) []token {
	var out []token
	depth := 0
	for _, t := range toks[open:] {
		if t.kind == tokPunct {
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
				if depth == 0 {
					return out
				}
			}
			continue
		}
		if t.kind == tokString {
			out = append(out, t)
		}
	}
	return out
}
