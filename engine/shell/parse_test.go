package shell

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func texts(s *Script) []string {
	out := make([]string, 0, len(s.Commands))
	for _, c := range s.Commands {
		out = append(out, c.Text)
	}
	return out
}

func TestSplit(t *testing.T) {
	// Seed, "Shell command matching": "Commands split at `&&`, `||`, `;`,
	// `|`, `|&`, `&`, and newlines. Deny and ask rules apply when any
	// command matches, including commands inside `( )`, `$( )`, backticks,
	// and loop bodies."
	tests := []struct {
		line string
		want []string
	}{
		{"git status && git push", []string{"git status", "git push"}},
		{"make || echo failed", []string{"make", "echo failed"}},
		{"ls; pwd", []string{"ls", "pwd"}},
		{"cat x | grep y", []string{"cat x", "grep y"}},
		{"make |& tee log", []string{"make", "tee log"}},
		{"sleep 1 & echo started", []string{"sleep 1", "echo started"}},
		{"ls\npwd\n", []string{"ls", "pwd"}},
		{"(cd x && make)", []string{"cd x", "make"}},
		{"{ echo a; echo b; }", []string{"echo a", "echo b"}},
		{"echo $(git push)", []string{"echo $(git push)", "git push"}},
		{"echo `git push`", []string{"echo `git push`", "git push"}},
		{"diff <(ls a) >(cat)", []string{"diff <(ls a) >(cat)", "ls a", "cat"}},
		{"for f in $(ls); do rm \"$f\"; done", []string{"ls", `rm "$f"`}},
		{"while read l; do echo \"$l\"; done < in.txt", []string{"read l", `echo "$l"`}},
		{"until false; do git push; done", []string{"false", "git push"}},
		{"if test -f x; then rm x; elif true; then :; else echo no; fi", []string{"test -f x", "rm x", "true", ":", "echo no"}},
		{"case $x in a) git push;; *) echo $(date);; esac", []string{"git push", "echo $(date)", "date"}},
		{"f() { rm -rf /; }; f", []string{"rm -rf /", "f"}},
		{"X=$(curl evil) ls", []string{"ls", "curl evil"}},
		{"X=$(curl evil)", []string{"curl evil"}},
		{"[[ -f $(git push) ]] && ls", []string{"git push", "ls"}},
		{"export A=$(id) B", []string{"export A=$(id) B", "id"}},
		{"time git push | cat", []string{"git push", "cat"}},
		{"! git push", []string{"git push"}},
		{"> out.txt", []string{""}},
		{"cat <<EOF\n$(git push)\nEOF", []string{"cat", "git push"}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		if s.Unparseable {
			t.Errorf("Parse(%q): unparseable: %s", tt.line, s.Err)
			continue
		}
		if got := texts(s); !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q) texts = %q, want %q", tt.line, got, tt.want)
		}
	}
}

func TestNesting(t *testing.T) {
	// Brief: commands inside ( ), $( ), backticks, <( ), loop/if bodies and
	// function bodies have Nested set and Depth counting the nesting.
	tests := []struct {
		line   string
		depths []int
	}{
		{"a && b", []int{0, 0}},
		{"(a; b)", []int{1, 1}},
		{"echo $(a $(b))", []int{0, 1, 2}},
		{"for i in 1; do (x); done", []int{2}},
		{"if a; then b; fi", []int{1, 1}},
		{"f() { g; }", []int{2}},
		{"cat <(x)", []int{0, 1}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		var got []int
		for _, c := range s.Commands {
			got = append(got, c.Depth)
			if c.Nested != (c.Depth > 0) {
				t.Errorf("Parse(%q) %q: Nested %v at depth %d", tt.line, c.Text, c.Nested, c.Depth)
			}
		}
		if !slices.Equal(got, tt.depths) {
			t.Errorf("Parse(%q) depths = %v, want %v", tt.line, got, tt.depths)
		}
	}
}

func TestScriptFlags(t *testing.T) {
	long := "echo " + strings.Repeat("a", MaxLine-4) // 10,001 characters
	tests := []struct {
		spec        string
		line        string
		unparseable bool
		tooLong     bool
		untraceable bool
		cdCount     int
	}{
		{"\"A trailing `&&` or `||` makes the line unparseable\"", "git push &&", true, false, false, 0},
		{"\"A trailing `&&` or `||` makes the line unparseable\"", "make ||", true, false, false, 0},
		{"a parse error is unparseable", "echo 'unclosed", true, false, false, 0},
		{"a parse error is unparseable", "if true; then", true, false, false, 0},
		{"\"a line over 10,000 characters always asks\"", long, false, true, false, 0},
		{"exactly 10,000 characters is not too long", long[:MaxLine], false, false, false, 0},
		{"\"the parser cannot trace (a subshell, more than one `cd`)\"", "cd a && cd b && ls", false, false, true, 2},
		{"\"the parser cannot trace (a subshell, …)\"", "(cd x; ls)", false, false, true, 1},
		{"one cd is traceable", "cd x && ls", false, false, false, 1},
		{"a cd to a variable cannot be followed", "cd \"$DIR\" && ls", false, false, true, 1},
		{"popd cannot be followed", "pushd x && popd", false, false, true, 2},
		{"plain line", "git status", false, false, false, 0},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		short := tt.line
		if len(short) > 40 {
			short = short[:40] + "…"
		}
		if s.Unparseable != tt.unparseable || s.TooLong != tt.tooLong || s.Untraceable != tt.untraceable || s.CdCount != tt.cdCount {
			t.Errorf("%s: Parse(%q) = unparseable %v, tooLong %v, untraceable %v, cd %d; want %v %v %v %d",
				tt.spec, short, s.Unparseable, s.TooLong, s.Untraceable, s.CdCount,
				tt.unparseable, tt.tooLong, tt.untraceable, tt.cdCount)
		}
		if s.Unparseable && s.Err == "" {
			t.Errorf("%s: Parse(%q): Unparseable without Err", tt.spec, short)
		}
		if s.Source != tt.line {
			t.Errorf("Parse(%q): Source not kept", short)
		}
	}
}

func TestUnparseableKeepsCommands(t *testing.T) {
	// Deny rules must still see "git push" in a line that no allow rule
	// may approve.
	s := Parse("git push origin main &&")
	if !s.Unparseable || !slices.Equal(texts(s), []string{"git push origin main"}) {
		t.Errorf("Parse: unparseable %v, texts %q", s.Unparseable, texts(s))
	}
}

func TestCommand(t *testing.T) {
	tests := []struct {
		spec string
		line string
		want Command // only the fields set here are compared (plus Text)
	}{
		{"\"Words keep their quotes: `git 'push' origin main` does not match `Bash(git push *)`\"",
			"git 'push' origin main", Command{Text: "git 'push' origin main", FullText: "git 'push' origin main", Name: "git"}},
		{"\"Stripped before matching: `timeout`\"", "timeout 5 git push",
			Command{Text: "git push", FullText: "git push", Name: "git", Wrappers: []string{"timeout"}}},
		{"timeout with its flags", "timeout -s KILL --preserve-status 30s make test",
			Command{Text: "make test", Name: "make", Wrappers: []string{"timeout"}}},
		{"\"Stripped …: `time`\" (the keyword)", "time git push",
			Command{Text: "git push", Name: "git", Wrappers: []string{"time"}}},
		{"\"Stripped …: `nice`\" with -n N", "nice -n 10 make",
			Command{Text: "make", Name: "make", Wrappers: []string{"nice"}}},
		{"\"Stripped …: `nohup`\"", "nohup ./server &",
			Command{Text: "./server", Name: "./server", Wrappers: []string{"nohup"}}},
		{"\"Stripped …: `stdbuf`\" with -o flags", "stdbuf -oL -eL tail -f log",
			Command{Text: "tail -f log", Name: "tail", Wrappers: []string{"stdbuf"}}},
		{"\"Stripped …: `command`, `builtin`, `noglob`\"", "command builtin noglob rm x",
			Command{Text: "rm x", Name: "rm", Wrappers: []string{"command", "builtin", "noglob"}}},
		{"\"… and `xargs` with no flags\"", "xargs rm",
			Command{Text: "rm", Name: "rm", Wrappers: []string{"xargs"}}},
		{"wrappers stack, outermost first", "nohup timeout 5 nice git push",
			Command{Text: "git push", Name: "git", Wrappers: []string{"nohup", "timeout", "nice"}}},
		{"\"Not stripped: `command -v`\"", "command -v foo", Command{Text: "command -v foo", Name: "command"}},
		{"\"Not stripped: … `nocorrect`\"", "nocorrect rm x", Command{Text: "nocorrect rm x", Name: "nocorrect"}},
		{"\"Not stripped: … `env`\"", "env rm x", Command{Text: "env rm x", Name: "env"}},
		{"\"Not stripped: … `sudo`\"", "sudo rm x", Command{Text: "sudo rm x", Name: "sudo"}},
		{"\"Not stripped: … `npx`\"", "npx prettier .", Command{Text: "npx prettier .", Name: "npx"}},
		{"\"Not stripped: … `docker exec`\"", "docker exec app rm x", Command{Text: "docker exec app rm x", Name: "docker"}},
		{"\"Not stripped: … `xargs` with flags\"", "xargs -0 rm", Command{Text: "xargs -0 rm", Name: "xargs"}},
		{"a wrapper with nothing to run stays", "timeout 5", Command{Text: "timeout 5", Name: "timeout"}},
		{"\"The exec wrappers `watch`, … are approved only by an allow rule that names the exact command\"",
			"watch rm x", Command{Text: "watch rm x", Name: "watch", ExecWrapper: "watch"}},
		{"exec wrapper setsid", "setsid make", Command{Text: "setsid make", Name: "setsid", ExecWrapper: "setsid"}},
		{"exec wrapper ionice", "ionice -c3 make", Command{Text: "ionice -c3 make", Name: "ionice", ExecWrapper: "ionice"}},
		{"exec wrapper flock", "flock /tmp/l make", Command{Text: "flock /tmp/l make", Name: "flock", ExecWrapper: "flock"}},
		{"\"and `find` with `-exec` or `-delete`\"", "find . -delete",
			Command{Text: "find . -delete", Name: "find", ExecWrapper: "find -delete"}},
		{"find -exec", `find . -name x -exec rm {} \;`,
			Command{Text: `find . -name x -exec rm {} \;`, Name: "find", ExecWrapper: "find -exec"}},
		{"find -execdir", `find . -execdir ls \;`,
			Command{Text: `find . -execdir ls \;`, Name: "find", ExecWrapper: "find -exec"}},
		{"plain find is no exec wrapper", "find . -name '*.go'", Command{Text: "find . -name '*.go'", Name: "find"}},
		{"\"Deny and ask rules match past any leading `NAME=value`\"", "FOO=1 git push",
			Command{Text: "git push", FullText: "FOO=1 git push", Name: "git", Assigns: []Assign{{Name: "FOO", Value: "1"}}}},
		{"assignments with quotes and expansions", `A="x y" B=$HOME git push`,
			Command{Text: "git push", FullText: `A="x y" B=$HOME git push`, Name: "git", Assigns: []Assign{{"A", "x y"}, {"B", "$HOME"}}}},
		{"redirections are left out of the text", "git log > out.txt 2>&1",
			Command{Text: "git log", FullText: "git log", Name: "git"}},
		{"a name from a variable is Dynamic", "$CMD -rf /", Command{Text: "$CMD -rf /", Dynamic: true}},
		{"a name from a substitution is Dynamic", "$(echo rm) -rf /", Command{Text: "$(echo rm) -rf /", Dynamic: true}},
		{"a quoted name is unquoted", `"rm" -rf x`, Command{Text: `"rm" -rf x`, Name: "rm"}},
		{"$'…' escapes are decoded", `$'\x72\x6d' -rf /`, Command{Text: `$'\x72\x6d' -rf /`, Name: "rm"}},
		{"a backslash is removed", `\rm -rf /`, Command{Text: `\rm -rf /`, Name: "rm"}},
		{"extra spaces are one", "rm   -rf   /", Command{Text: "rm -rf /", Name: "rm"}},
		{"Cwd follows a literal cd", "cd /tmp && rm -rf x", Command{Text: "rm -rf x", Name: "rm", Cwd: "/tmp"}},
		{"Cwd joins relative cds", "cd a; cd ../b && ls", Command{Text: "ls", Name: "ls", Cwd: "b"}},
		{"cd with no folder goes home", "cd && ls", Command{Text: "ls", Name: "ls", Cwd: "~"}},
		{"a cd inside a pipe moves nothing", "cd a | ls", Command{Text: "ls", Name: "ls"}},
		{"a here-string feeds Stdin", "bash <<< 'rm -rf /'", Command{Text: "bash", Name: "bash", Stdin: "rm -rf /\n"}},
		{"a quoted here-document feeds Stdin", "sh <<'EOF'\ngit push\nEOF", Command{Text: "sh", Name: "sh", Stdin: "git push\n"}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		if len(s.Commands) == 0 {
			t.Errorf("%s: Parse(%q): no commands", tt.spec, tt.line)
			continue
		}
		var got Command
		for _, c := range s.Commands {
			if !c.Nested {
				got = c // the last top-level command
			}
		}
		if tt.want.FullText == "" {
			tt.want.FullText = got.FullText
		}
		check := func(field string, g, w any) {
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%s: Parse(%q).%s = %#v, want %#v", tt.spec, tt.line, field, g, w)
			}
		}
		check("Text", got.Text, tt.want.Text)
		check("FullText", got.FullText, tt.want.FullText)
		check("Name", got.Name, tt.want.Name)
		check("Wrappers", got.Wrappers, tt.want.Wrappers)
		check("ExecWrapper", got.ExecWrapper, tt.want.ExecWrapper)
		check("Assigns", got.Assigns, tt.want.Assigns)
		check("Dynamic", got.Dynamic, tt.want.Dynamic)
		check("Cwd", got.Cwd, tt.want.Cwd)
		check("Stdin", got.Stdin, tt.want.Stdin)
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		line string
		want []Word
	}{
		{`x plain 'single q' "double q" a\ b`, []Word{
			{Raw: "plain", Lit: "plain", Literal: true},
			{Raw: "'single q'", Lit: "single q", Literal: true},
			{Raw: `"double q"`, Lit: "double q", Literal: true},
			{Raw: `a\ b`, Lit: "a b", Literal: true},
		}},
		{`x $HOME "$X" $(id) ~/x`, []Word{
			{Raw: "$HOME"},
			{Raw: `"$X"`},
			{Raw: "$(id)"},
			{Raw: "~/x", Lit: "~/x", Literal: true},
		}},
		{`x *.go '*.go' a?c [ab] "\$y" {a,b} {} @(x|y)`, []Word{
			{Raw: "*.go", Lit: "*.go", Literal: true, Glob: true},
			{Raw: "'*.go'", Lit: "*.go", Literal: true},
			{Raw: "a?c", Lit: "a?c", Literal: true, Glob: true},
			{Raw: "[ab]", Lit: "[ab]", Literal: true, Glob: true},
			{Raw: `"\$y"`, Lit: "$y", Literal: true},
			{Raw: "{a,b}"},
			{Raw: "{}", Lit: "{}", Literal: true},
			{Raw: "@(x|y)", Lit: "@(x|y)", Literal: true, Glob: true},
		}},
		{`x $'a\tb' $'\101' $'\u00e9'`, []Word{
			{Raw: `$'a\tb'`, Lit: "a\tb", Literal: true},
			{Raw: `$'\101'`, Lit: "A", Literal: true},
			{Raw: `$'\u00e9'`, Lit: "é", Literal: true},
		}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		if len(s.Commands) == 0 {
			t.Fatalf("Parse(%q): no command", tt.line)
		}
		if got := s.Commands[0].Args; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Args =\n %#v\nwant\n %#v", tt.line, got, tt.want)
		}
	}
}

func TestRedirects(t *testing.T) {
	// Brief: "Redirects (Op, Target, Write/Read; fd dups like 2>&1 are not
	// file targets and are left out; heredoc << is not a file)". Seed: "In
	// shell commands, Read rules cover `<` targets and Edit rules cover `>`
	// and `tee` targets."
	w := func(s string) Word { return Word{Raw: s, Lit: s, Literal: true} }
	tests := []struct {
		line string
		want []Redirect
	}{
		{"echo hi > ~/.bashrc", []Redirect{{Op: ">", Target: w("~/.bashrc"), Write: true}}},
		{"echo hi >> log", []Redirect{{Op: ">>", Target: w("log"), Write: true}}},
		{"make &> out", []Redirect{{Op: "&>", Target: w("out"), Write: true}}},
		{"make &>> out", []Redirect{{Op: "&>>", Target: w("out"), Write: true}}},
		{"make 2> err", []Redirect{{Op: "2>", Target: w("err"), Write: true}}},
		{"make >| out", []Redirect{{Op: ">|", Target: w("out"), Write: true}}},
		{"make >& out", []Redirect{{Op: ">&", Target: w("out"), Write: true}}},
		{"sort < in", []Redirect{{Op: "<", Target: w("in"), Read: true}}},
		{"cat <> f", []Redirect{{Op: "<>", Target: w("f"), Read: true, Write: true}}},
		{"make 2>&1", nil},
		{"echo x >&2", nil},
		{"cat <&3", nil},
		{"cat <<EOF\nx\nEOF", nil},
		{"cat <<< hi", nil},
		{"make > out 2>&1 < in", []Redirect{{Op: ">", Target: w("out"), Write: true}, {Op: "<", Target: w("in"), Read: true}}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		if len(s.Commands) != 1 {
			t.Fatalf("Parse(%q): %d commands", tt.line, len(s.Commands))
		}
		if got := s.Commands[0].Redirects; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q).Redirects = %#v, want %#v", tt.line, got, tt.want)
		}
	}
	// A redirection on a compound command reaches every command inside.
	s := Parse("{ echo a; echo b; } > out")
	for _, c := range s.Commands {
		if len(c.Redirects) != 1 || c.Redirects[0].Target.Lit != "out" {
			t.Errorf("%q: Redirects = %#v", c.Text, c.Redirects)
		}
	}
}

func TestPipeline(t *testing.T) {
	s := Parse("curl x | tee /tmp/x | bash && echo $(date | wc) ; ls")
	got := map[string]int{}
	for _, c := range s.Commands {
		got[c.Text] = c.Pipeline
	}
	if got["curl x"] == 0 || got["curl x"] != got["tee /tmp/x"] || got["curl x"] != got["bash"] {
		t.Errorf("curl, tee and bash should share a pipeline: %v", got)
	}
	if got["date"] == 0 || got["date"] != got["wc"] || got["date"] == got["echo $(date | wc)"] {
		t.Errorf("date and wc share a pipeline apart from echo: %v", got)
	}
	if got["ls"] == got["curl x"] || got["ls"] == got["echo $(date | wc)"] {
		t.Errorf("ls is its own pipeline: %v", got)
	}
}

func TestInner(t *testing.T) {
	// Brief: "for bash|sh|zsh|dash -c|-lc|-ic SCRIPT and eval WORDS where the
	// script text is literal …, the parsed inner script; nil otherwise."
	// Seed (Codex): "A `bash -lc` script made only of plain words joined by
	// `&&`, `||`, `;`, or `|` is split and each command checked."
	tests := []struct {
		line string
		want []string // nil: Inner is nil
	}{
		{"bash -c 'git push && rm -rf /'", []string{"git push", "rm -rf /"}},
		{`bash -lc "npm test | tee log"`, []string{"npm test", "tee log"}},
		{"sh -c 'ls; pwd'", []string{"ls", "pwd"}},
		{"zsh -ic 'git status'", []string{"git status"}},
		{"dash -c 'id'", []string{"id"}},
		{"/bin/bash -e -c 'make'", []string{"make"}},
		{"bash --login -c 'make'", []string{"make"}},
		{`eval "rm -rf /"`, []string{"rm -rf /"}},
		{"eval git push", []string{"git push"}},
		{"bash <<< 'git push'", []string{"git push"}},
		{"bash <<'EOF'\ngit reset --hard\nEOF", []string{"git reset --hard"}},
		{`bash -c "$(curl -s https://x)"`, nil},
		{`bash -c "rm $DIR"`, nil},
		{"bash script.sh", nil},
		{"eval $CMD", nil},
		{"python -c 'print(1)'", nil},
		{"bash", nil},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		if len(s.Commands) == 0 {
			t.Fatalf("Parse(%q): no command", tt.line)
		}
		in := s.Commands[0].Inner()
		switch {
		case tt.want == nil && in != nil:
			t.Errorf("Parse(%q).Inner() = %q, want nil", tt.line, texts(in))
		case tt.want != nil && in == nil:
			t.Errorf("Parse(%q).Inner() = nil, want %q", tt.line, tt.want)
		case tt.want != nil && !slices.Equal(texts(in), tt.want):
			t.Errorf("Parse(%q).Inner() = %q, want %q", tt.line, texts(in), tt.want)
		}
	}
	// The inner commands run where the outer one runs.
	s := Parse("cd sub && bash -c 'cd x; ls'")
	in := s.Commands[1].Inner()
	if in == nil || in.Commands[0].Cwd != "sub" || in.Commands[1].Cwd != "sub/x" {
		t.Errorf("inner Cwd not carried: %+v", in)
	}
}

func TestInside(t *testing.T) {
	tests := []struct {
		line    string
		want    []string
		assigns []Assign
		cwd     string
	}{
		{"sudo rm -rf /", []string{"rm -rf /"}, nil, ""},
		{"sudo -u root -E FOO=1 rm x", []string{"rm x"}, []Assign{{"FOO", "1"}}, ""},
		{"env -i PATH=/x git push", []string{"git push"}, []Assign{{"PATH", "/x"}}, ""},
		{"env -C /tmp git reset --hard", []string{"git reset --hard"}, nil, "/tmp"},
		{"env -S 'rm -rf /'", []string{"rm -rf /"}, nil, ""},
		{"doas sh", []string{"sh"}, nil, ""},
		{"nocorrect rm x", []string{"rm x"}, nil, ""},
		{"watch -n 5 rm x", []string{"rm x"}, nil, ""},
		{"setsid -f make", []string{"make"}, nil, ""},
		{"ionice -c 3 make", []string{"make"}, nil, ""},
		{"flock /tmp/lock make", []string{"make"}, nil, ""},
		{"flock /tmp/lock -c 'rm -rf x'", []string{"rm -rf x"}, nil, ""},
		{"xargs -0 rm -rf", []string{"rm -rf"}, nil, ""},
		{"xargs -I{} -n 1 cp {} /tmp", []string{"cp {} /tmp"}, nil, ""},
		{"busybox rm -rf /x", []string{"rm -rf /x"}, nil, ""},
		{`find . -exec grep x {} \; -execdir rm {} +`, []string{"grep x {}", "rm {}"}, nil, ""},
		{"sudo timeout 5 rm x", []string{"rm x"}, nil, ""},
		{"sudo -l", nil, nil, ""},
		{"env", nil, nil, ""},
		{"ionice -p 42", nil, nil, ""},
		{"git push", nil, nil, ""},
	}
	for _, tt := range tests {
		c := Parse(tt.line).Commands[0]
		got := c.Inside()
		var gt []string
		for _, g := range got {
			gt = append(gt, g.Text)
		}
		if !slices.Equal(gt, tt.want) {
			t.Errorf("Parse(%q).Inside() = %q, want %q", tt.line, gt, tt.want)
			continue
		}
		if len(got) > 0 {
			if !reflect.DeepEqual(got[0].Assigns, tt.assigns) || got[0].Cwd != tt.cwd {
				t.Errorf("Parse(%q).Inside()[0]: assigns %v cwd %q, want %v %q", tt.line, got[0].Assigns, got[0].Cwd, tt.assigns, tt.cwd)
			}
		}
	}
}

func TestAssignmentOnly(t *testing.T) {
	// A bare NAME=value runs nothing, even inside a redirected block; with
	// its own redirection it creates the file, so it stays.
	if got := texts(Parse("{ A=1; echo $A; } > out")); !slices.Equal(got, []string{"echo $A"}) {
		t.Errorf("texts = %q", got)
	}
	s := Parse("A=1 > out")
	if len(s.Commands) != 1 || s.Commands[0].FullText != "A=1" || len(s.Commands[0].Redirects) != 1 {
		t.Errorf("Parse(A=1 > out) = %+v", s.Commands)
	}
}

// A command's Text is "the source text of the words … words joined by one
// space" (Command.Text's doc), whether Parse takes it whole from the line (the
// words one space apart there: joinRawIn's span) or joins copies (words
// further apart, a wrapper or an assignment before them).
func TestCommandTextSpanOrJoined(t *testing.T) {
	for _, tc := range []struct{ line, want string }{
		{"git status --short 123", "git status --short 123"},
		{"git  status   --short", "git status --short"},
		{"FOO=1 git push origin main", "git push origin main"},
		{"git log 'a b' \"c d\"", "git log 'a b' \"c d\""},
		{"timeout 5 npm test", "npm test"},
		{"ls -la | head -20", "ls -la"},
		{"declare -x A=1", "declare -x A=1"},
	} {
		s := parseLine(tc.line)
		if len(s.Commands) == 0 || s.Commands[0].Text != tc.want {
			t.Errorf("%q: first command %+v, want Text %q", tc.line, s.Commands, tc.want)
		}
	}
}

// TestNeverRuns: bash(1), Lists: the right side of || runs only when the
// left fails, of && only when it succeeds; true and : always succeed and
// false always fails, so what is right of "true ||" and "false &&" (and
// nested in it) never runs. Other left sides, "! true" and the commands
// after the list run as usual.
func TestNeverRuns(t *testing.T) {
	tests := []struct {
		line  string
		never []bool
	}{
		{"true || rm x", []bool{false, true}},
		{": || rm x", []bool{false, true}},
		{"false && echo $(cat k)", []bool{false, true, true}},
		{"true || rm x; rm y", []bool{false, true, false}},
		{"true && rm x", []bool{false, false}},
		{"false || rm x", []bool{false, false}},
		{"! true || rm x", []bool{false, false}},
		{"test -f x || rm x", []bool{false, false}},
		{"true >/dev/null || rm x", []bool{false, false}},
	}
	for _, tt := range tests {
		s := Parse(tt.line)
		var got []bool
		for _, c := range s.Commands {
			got = append(got, c.NeverRuns)
		}
		if !slices.Equal(got, tt.never) {
			t.Errorf("Parse(%q) NeverRuns = %v, want %v", tt.line, got, tt.never)
		}
	}
}
