package generate

import (
	"fmt"
	"math/rand"
	"strings"
)

// This file is the shell grammar the Gemini CLI and Codex generators share:
// a project layout, pools of simple commands (the read-only set both
// harnesses know and its look-alikes, writes, version and help queries,
// commands that reach outside the project) and the constructs that combine
// them (pipes, lists, subshells, brace groups, substitutions, here-docs,
// redirections, env prefixes, wrappers, globs, continuations, syntax
// errors). Names carry the gcsh prefix so they stay apart from the other
// generators' files in this package.

// gcshConfigName names the k-th configuration drawn from seed, the same
// way for Gemini CLI (letter "g") and Codex ("x"): its tags joined by "+"
// ("bare" when it has none), its mode's name, and its trust.
func gcshConfigName(letter string, seed int64, k int, tags []string, mode string, trust bool) string {
	if len(tags) == 0 {
		tags = []string{"bare"}
	}
	t := "trusted"
	if !trust {
		t = "untrusted"
	}
	return fmt.Sprintf("%s%d-%02d-%s-%s-%s", letter, seed, k, strings.Join(tags, "+"), mode, t)
}

// gcshProject is the project every drawn Gemini CLI and Codex case starts
// from (relative to /home/user/proj). The files the calls name exist.
var gcshProject = map[string]string{
	"README.md":        "# ledger\nA small service.\n",
	"go.mod":           "module example.com/ledger\n\ngo 1.22\n",
	"Makefile":         ".PHONY: test lint deploy clean\ntest:\n\t@echo test-ok\nlint:\n\t@echo lint-ok\ndeploy:\n\t@echo deploying\nclean:\n\t@echo cleaned\n",
	"package.json":     "{\"name\": \"ledger\", \"scripts\": {\"test\": \"echo test-ok\", \"build\": \"echo build-ok\"}}\n",
	"notes.txt":        "alpha\nbeta\ngamma\nTODO: tidy\n",
	"src/app.py":       "def main():\n    print('app')\n\nif __name__ == '__main__':\n    main()\n",
	"src/util.py":      "def helper():\n    return 42  # TODO\n",
	"docs/guide.md":    "# Guide\nSetup steps\n",
	"data/seed.csv":    "id,amount\n1,10\n2,32\n",
	"config/dev.yaml":  "debug: true\n",
	"scripts/run.sh":   "#!/bin/sh\necho run-ok\n",
	"build/out.o":      "not-really-an-object\n",
	".env":             "DB_PASSWORD=not-a-real-password\n",
	".gitignore":       "build/\n",
	"credentials.json": "{\"token\": \"not-a-real-token\"}\n",
}

// gcshHome are the files outside the project (relative to /home/user).
var gcshHome = map[string]string{
	".bash_profile":        "# profile\n",
	".netrc":               "machine example.com login u password not-real\n",
	"work/other/README.md": "another project\n",
	"scratch/ideas.txt":    "ideas\n",
}

// gcshFiles are project files the shell commands read (never deleted by a
// drawn call, so later calls find them).
var gcshFiles = []string{"README.md", "notes.txt", "src/app.py", "src/util.py", "docs/guide.md", "data/seed.csv", "config/dev.yaml", "go.mod", "Makefile"}

// gcshReadOnly are commands both harnesses count as read-only (Gemini
// CLI's commandSafety.ts and Codex's is_known_safe_command share one
// list), with and without flags; %s is a project file.
var gcshReadOnly = []string{
	"ls", "ls -la", "ls -l src", "ls docs", "cat %s", "head -n 2 %s", "head -1 %s", "tail -n 2 %s", "wc -l %s",
	"grep -n TODO %s", "grep -r TODO .", "grep -ri alpha .", "pwd", "echo hello", "echo $HOME", "which git",
	"whoami", "id", "uname -a", "stat %s", "cut -d, -f1 data/seed.csv", "nl %s", "rev %s", "seq 3", "expr 1 + 2",
	"true", "false", "uniq %s", "tac %s", "numfmt --to=si 1000", "base64 %s", "find . -name '*.py'",
	"find . -type f", "find src -maxdepth 1", "git status", "git status --short", "git log --oneline -3",
	"git log -1", "git diff", "git diff --stat", "git show --stat HEAD", "git branch", "git branch -a",
	"sed -n 1p %s", "sed -n '1,3p' %s", "cd src", "paste -s %s", "tr a-z A-Z < %s",
}

// gcshLookAlike look read-only but write, run code, or leave the list:
// unsafe flags of listed commands, and common text and environment
// commands outside it.
var gcshLookAlike = []string{
	"find . -name '*.o' -delete", "find . -name '*.py' -exec cat {} \\;", "git branch -D feature", "git branch topic",
	"git -c core.pager=cat log -1", "git log --output=/tmp/log.txt -1", "git diff --output=diff.txt", "sed -i s/alpha/ALPHA/ notes.txt",
	"sed -n '1w copy.txt' notes.txt", "base64 -o out.b64 notes.txt", "sort notes.txt", "awk '{print $1}' data/seed.csv",
	"printf 'x\\n'", "date", "env", "printenv HOME", "du -sh .", "df -h", "file README.md", "diff notes.txt README.md",
	"md5sum notes.txt", "sha256sum go.mod", "ls -R", "readlink -f notes.txt", "realpath notes.txt", "basename src/app.py",
	"dirname src/app.py", "od -c go.mod", "strings README.md", "git remote -v", "git config --get user.name",
	"git rev-parse HEAD", "git blame README.md", "git tag", "git stash list", "git ls-files", "cat --version",
	"ls --help", "python3 --version", "node --version", "git --version", "sort --version", "echo --version",
	"rg TODO", "rg --pre cat TODO", "xargs --version", "column -t data/seed.csv", "comm notes.txt README.md",
	"tree", "less --version", "hostname", "sleep 0", "test -f notes.txt", "[ -d src ]", "type ls", "command -v git",
}

// gcshWrites change the project, run code, or use the network.
var gcshWrites = []string{
	"touch new.txt", "mkdir -p build/tmp", "cp notes.txt notes.bak", "mv build/out.o build/moved.o", "rm -f build/out.o",
	"rm -rf build", "rm new.txt", "chmod +x scripts/run.sh", "ln -s notes.txt link.txt", "python3 -c 'print(1)'",
	"python3 src/app.py", "node -e 'console.log(1)'", "bash scripts/run.sh", "sh scripts/run.sh", "./scripts/run.sh",
	"make test", "make lint", "make deploy", "make clean", "npm test", "npm run build", "npm install left-pad",
	"pip install requests", "curl -s https://example.com", "git add -A", "git commit -m wip", "git push origin main",
	"git checkout -b topic", "git reset --hard", "git clean -fd", "git stash", "kubectl get pods", "kubectl delete pod web",
	"docker ps", "terraform plan", "terraform apply", "go test ./...", "go build ./...", "sudo ls", "tar czf /tmp/src.tgz src",
	"echo data >> notes.txt", "echo x > out.txt", "dd if=/dev/zero of=zero.bin count=1", "truncate -s 0 notes.bak",
}

// gcshOutside read or write outside the project.
var gcshOutside = []string{
	"cat ~/.netrc", "cat /etc/hostname", "ls ~/work", "ls /", "touch ~/scratch/x.txt", "cp notes.txt /tmp/",
	"rm -f /tmp/nothing", "cat ../work/other/README.md", "echo x >> ~/.bash_profile", "mkdir -p /tmp/rh",
	"ls ..", "head -1 /etc/os-release", "cat ~/scratch/ideas.txt", "cp notes.txt ~/work/other/", "touch ../sibling.txt",
	"echo x > ~/.bashrc", "cat /home/user/.netrc", "find / -maxdepth 1",
}

// gcshFilters follow a pipe.
var gcshFilters = []string{"grep a", "head -3", "wc -l", "sort", "tr a-z A-Z", "tee out.txt", "cut -c1-3", "uniq", "xargs echo", "sed -n 1p", "awk '{print $1}'", "cat", "tail -1", "tee /tmp/tee.txt", "base64"}

// gcshRedirects are redirections of every kind, inside and outside the
// project.
var gcshRedirects = []string{"> out.txt", ">> notes.txt", "2>/dev/null", "> /dev/null 2>&1", "> /tmp/out.txt", ">> ~/scratch/log.txt",
	"> ../escape.txt", "&> build/log.txt", "2> err.txt", "< notes.txt", ">| out2.txt", "> ~/.bashrc", "1>&2"}

// gcshWrappers run the command they wrap.
var gcshWrappers = []string{"timeout 5 ", "nice ", "env ", "env FOO=1 ", "nohup ", "time ", "command ", "stdbuf -oL ", "exec "}

// gcshSyntaxErrors are lines the shell cannot parse.
var gcshSyntaxErrors = []string{"echo 'unterminated", "if then fi", "ls &&", "(ls", "ls | | wc", "echo $(ls", "for x in; do", "}", "ls ;; pwd", "cat <<", "echo `ls"}

// gcshPick picks one string of list.
func gcshPick(r *rand.Rand, list []string) string { return list[r.Intn(len(list))] }

// gcshFill puts a project file into a command that names one.
func gcshFill(r *rand.Rand, cmd string) string {
	if strings.Contains(cmd, "%s") {
		return fmt.Sprintf(cmd, gcshPick(r, gcshFiles))
	}
	return cmd
}

// gcshSimple draws one simple command from the shared pools, or from
// extra (the commands a harness's rules name) when it is not empty.
func gcshSimple(r *rand.Rand, extra []string) string {
	x := r.Intn(100)
	switch {
	case x < 30:
		return gcshFill(r, gcshPick(r, gcshReadOnly))
	case x < 48:
		return gcshPick(r, gcshLookAlike)
	case x < 62:
		return gcshPick(r, gcshWrites)
	case x < 72:
		return gcshPick(r, gcshOutside)
	case len(extra) > 0:
		return gcshFill(r, gcshPick(r, extra))
	}
	return gcshFill(r, gcshPick(r, gcshReadOnly))
}

// gcshReadOnlySimple draws a command from the read-only set.
func gcshReadOnlySimple(r *rand.Rand) string { return gcshFill(r, gcshPick(r, gcshReadOnly)) }

// gcshCommand draws a command line: a simple command (half the time) or
// a construct around simple commands.
func gcshCommand(r *rand.Rand, extra []string) string {
	s := func() string { return gcshSimple(r, extra) }
	ro := func() string { return gcshReadOnlySimple(r) }
	// Half the constructs are built from read-only parts only: those are
	// the lines where a harness's read-only set and its grouping rules
	// decide.
	part := s
	if r.Intn(2) == 0 {
		part = ro
	}
	x := r.Intn(100)
	switch {
	case x < 45:
		return s()
	case x < 52:
		return part() + " | " + gcshPick(r, gcshFilters)
	case x < 58:
		return part() + " " + gcshPick(r, []string{"&&", "||", ";"}) + " " + part()
	case x < 61:
		return part() + " && " + part() + " | " + gcshPick(r, gcshFilters)
	case x < 65:
		return "(" + part() + "; " + part() + ")"
	case x < 68:
		return "{ " + part() + "; " + part() + "; }"
	case x < 72:
		return gcshPickf(r, []string{"echo $(%s)", "echo \"`%s`\"", "x=$(%s); echo $x", "echo \"$(%s)\" | wc -c"}, part())
	case x < 74:
		return fmt.Sprintf("diff <(%s) <(%s)", part(), part())
	case x < 77:
		return gcshPickf(r, []string{"cat <<'EOF'\nhello\nEOF", "cat <<EOF > heredoc.txt\nhello $HOME\nEOF", "python3 - <<'EOF'\nprint(1)\nEOF",
			"wc -l <<EOF\na\nb\nEOF", "cat > ~/scratch/h.txt <<'EOF'\nx\nEOF", "bash <<'EOF'\nls\nEOF"}, "")
	case x < 84:
		return part() + " " + gcshPick(r, gcshRedirects)
	case x < 87:
		return gcshPickf(r, []string{"FOO=1 ", "LC_ALL=C ", "GIT_PAGER=cat ", "PATH=/usr/bin:$PATH ", "A=1 B=2 "}, "") + part()
	case x < 91:
		return gcshPickf(r, gcshWrappers, "") + part()
	case x < 94:
		inner := part()
		q := "'" + strings.ReplaceAll(inner, "'", `'\''`) + "'"
		return gcshPickf(r, []string{"bash -c ", "sh -c ", "bash -lc "}, "") + q
	case x < 96:
		return gcshPickf(r, []string{"ls *.md", "cat src/*.py", "rm -f build/*.o", "wc -l docs/*", "ls ~/work/*", "cp *.txt /tmp/", "echo ??.txt", "ls {src,docs}"}, "")
	case x < 98:
		return gcshPickf(r, []string{"ls \\\n  -la", "grep -n \\\n TODO notes.txt", "echo a \\\n && touch cont.txt", "ls\\"}, "")
	}
	return gcshPick(r, gcshSyntaxErrors)
}

// gcshPickf picks a format from list and fills in arg when the format
// has a %s.
func gcshPickf(r *rand.Rand, list []string, arg string) string {
	f := gcshPick(r, list)
	if strings.Contains(f, "%s") {
		return fmt.Sprintf(f, arg)
	}
	return f
}
