// Package shell reads a shell command line the way the permission rules
// need it: split into simple commands (at &&, ||, ;, |, |&, &, newlines, and
// into ( ), $( ), backticks and loop bodies), with wrappers stripped,
// redirect targets set apart, and what each command needs (network, writes
// outside the project, writes into .git, writes inside the project).
// It parses with mvdan.cc/sh/v3/syntax; it never uses regular expressions
// over the raw line.
package shell

// The types below are the package's contract with the harness simulators
// (engine/claude and later ones). Parse fills them.

// MaxLine is the longest command line the rules look at; Claude Code always
// asks for a longer one (seed, "Shell command matching").
const MaxLine = 10000

// Script is a parsed command line.
type Script struct {
	Source   string    // the line as given
	Commands []Command // every simple command, in source order, nested ones included
	// Unparseable is set when the parser could not read the line (or a
	// trailing && / || left it incomplete); no allow rule approves it.
	Unparseable bool
	Err         string // the parser's message when Unparseable
	TooLong     bool   // len(Source) > MaxLine
	// Untraceable is set when the line's effect on the working folder cannot
	// be followed: a subshell, or more than one cd (seed step 8); also a cd
	// whose folder is not literal ("cd $DIR", "cd -") and popd.
	Untraceable bool
	CdCount     int // cd, pushd and popd commands anywhere in the line
	// Grouping is set when the line holds a subshell ( ), a brace group
	// { }, a case statement or a select loop; Background when a command runs in the
	// background (&); HereDoc when a command reads a here-document (<<,
	// <<-; a here-string <<< does not count). Claude Code 2.1.328 approves
	// none of these lines by its read-only set or an allow rule.
	Grouping   bool
	Background bool
	HereDoc    bool
	// Subst is set when the line holds a command substitution ($( ) or
	// backticks) or a process substitution (<( ), >( )) anywhere, a
	// here-string's word and a redirection target included.
	Subst bool

	// Sets are the line's commands that only set variables ("TOKEN=$(gh
	// auth token); curl …"), every assignment of each, in source order:
	// Commands leaves them out, as they run no program. Value is the
	// source text of the value, quotes kept.
	Sets []Assign

	// firstSubst and bareAssign are what FirstSubst and BareAssign return.
	firstSubst string
	bareAssign string
}

// FirstSubst is the first command or process substitution in the line, in
// the order syntax.Walk visits the parser's tree: "command" for $( ) or
// backticks, "process" for <( ) or >( ), "" for none, and "" when the line
// is Unparseable.
func (s *Script) FirstSubst() string { return s.firstSubst }

// BareAssign names the variable of the first command, in syntax.Walk
// order, that only sets variables ("PATH=.; git status" sets PATH for the
// commands after it); "" when there is none or the line is Unparseable.
func (s *Script) BareAssign() string { return s.bareAssign }

// Command is one simple command.
type Command struct {
	// Text is the command as rules match it: the source text of the words
	// after leading NAME=value assignments and stripped wrappers, quotes kept
	// exactly as written, redirections left out, words joined by one space.
	Text string
	// FullText is Text with the leading assignments kept ("FOO=1 git push").
	FullText string
	// WrappedText is the source text of the words before wrappers were
	// stripped ("nice -n 5 make lint"), assignments left out; it equals
	// Text when there is no wrapper.
	WrappedText string
	Assigns     []Assign // leading NAME=value words
	Name        string   // command name after unquoting ("git"); "" when not a literal
	Args        []Word   // the words after the name, in order
	Wrappers    []string // stripped wrappers, outermost first ("timeout", "nice", "xargs")
	// ExecWrapper names an exec wrapper that is not stripped (watch, setsid,
	// ionice, flock) or "find -exec"/"find -delete": only an exact allow rule
	// approves such a command.
	ExecWrapper string
	Redirects   []Redirect
	// Nested is set for commands inside ( ), $( ), backticks, <( ), or a
	// loop or if body; Depth counts the nesting.
	Nested bool
	Depth  int
	// InBody is set for a nested command that sits only in if, while/until
	// or for bodies (no subshell or substitution around it): it runs in
	// the line's own shell, as written.
	InBody bool
	// InFunc names the function defined on the line whose body holds the
	// command (at any depth): it runs only when that function is called.
	InFunc string
	// NeverRuns is set for a command on the right of "true ||" or "false
	// &&" (also ":" for true), at any depth: bash(1)'s lists run the
	// right side of || only when the left fails and of && only when it
	// succeeds, and these builtins always succeed or fail.
	NeverRuns bool
	// Dynamic is set when the command name comes from a variable or a
	// substitution, so no rule can know what runs.
	Dynamic bool
	// Cwd is the working folder the command runs in when a preceding cd in
	// the same line could be followed ("" = the line's starting folder).
	// It is written as the cd arguments combine ("a/b", "~/x", "/abs"),
	// not resolved: pass it through Resolve with the call's folder.
	Cwd string
	// Stdin is the text a here-document (<<, <<-) or here-string (<<<)
	// feeds the command, when it is literal (no expansions); "" otherwise.
	// It lets "bash <<EOF … EOF" be read like "bash -c".
	Stdin string
	// Pipeline numbers the pipeline the command belongs to, from 1 in
	// source order: commands joined by | or |& share one number, so a
	// caller can see that "curl … | sh" feeds one into the other. A lone
	// command is a pipeline of one; a nested command never shares its
	// number with the command around it.
	Pipeline int

	// files is Files of the command as Parse made it, worked out once and
	// shared by its copies (files.go); nil for commands made otherwise.
	files *filesMemo
}

// Assign is a leading NAME=value.
type Assign struct {
	Name  string
	Value string // literal value, or the source text when not literal
}

// Word is one argument word.
type Word struct {
	Raw     string // source text, quotes kept
	Lit     string // value after unquoting; valid only when Literal
	Literal bool   // no expansions ($VAR, $( ), globs are still literal text but see Glob)
	Glob    bool   // contains unquoted *, ? or [
}

// Redirect is one redirection with a file target. Descriptor duplications
// (2>&1, >&2, <&0), here-documents (<<, <<-) and here-strings (<<<) name
// no file and are left out; ">& FILE" with a file name is kept as a write.
type Redirect struct {
	Op     string // "<", ">", ">>", "&>", "2>", "<<<", …
	Target Word
	Write  bool // the target is written (>, >>, &>, >|, <>)
	Read   bool // the target is read (<, <>)
}

// File use by a command, for path rules, the read-only set and the sandbox.
type FileUse struct {
	Path  string // as written, unquoted; resolve against Command.Cwd / the call's cwd
	Write bool   // written, created, moved onto or deleted
	Read  bool
	// Via says how the path was found: "redirect", "tee", or the file
	// command's name ("cat", "rm", "sed -i", …).
	Via string
}
