#!/usr/bin/env python3
"""Writes claude.cases.jsonl: single shell forms no other recording drew (issue 29):
rm of variable paths and globs, git subcommand forms, sed and find forms, $((…)),
taskset, awk program files, redirect forms, an over-long line, and file targets
under path rules. Run from this folder: python3 make_cases.py, then record as the
README says.
"""
import json

PROJECT = {"README.md": "# shop\n", "src/app.py": "print('app')\n", "docs/guide.md": "guide\n",
           "prog.awk": "{ print $1 }\n", "build/out.o": "o\n", "data.txt": "a\nb\n"}
HOME = {".bashrc": "# bashrc\n", "outside/data.txt": "outside\n"}


def bash(cmd):
    return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}


FORMS = [
    # rm: a variable path naming a top-level folder, a variable path elsewhere,
    # a command substitution's output, globs, behind a wrapper
    'rm -rf "$PREFIX"/usr', "rm -rf $BUILD_DIR/cache", "rm -rf $(ls -d build)", "rm $(ls build)",
    "rm -rf build/*", "nice rm -rf /",
    # git forms
    "git branch -al", "git branch -d old", "git branch --set-upstream-to=origin/main", "git tag -l 'v*'",
    "git tag -d v1", "git remote", "git remote -v", "git remote add up https://example.com/r.git",
    "git config --get user.name", "git config --unset user.name", "git log -- README.md",
    "git diff --output=out.txt", "git reflog",
    # sed, find
    "sed -n -- 1p README.md", "sed -n", "sed -n '1,$x' README.md", "sed -i 's/a/b/c/' data.txt",
    "find . -name '*.o' -delete",
    # arithmetic, substitutions, globs with variables
    "echo $((1+2))", "echo $((x+1))", "ls $(pwd)", 'ls "$HOME"/*.txt',
    # taskset, awk, dynamic names
    "taskset -c 1 ls", "taskset -c", "awk -f prog.awk data.txt", "$AWK '{print}' data.txt", "$CMD ls",
    # redirects
    "cat <>data.txt", "ls 1>&2",
    # too long
    "echo " + "a" * 10010,
    # file targets under path rules
    "echo x > docs/new.md", "cat < ~/outside/data.txt", "cat ../proj/README.md",
]
ACCEPT = ["cp --verbose -- data.txt copy.txt", "cat > out.txt <<'EOF'\nhi\nEOF", "echo x > docs/more.md"]

RULES = json.dumps({"permissions": {"allow": ["Edit(docs/**)", "Read(~/outside/**)"]}}, indent=2)

CONFIGS = [("sh-forms", None, [bash(c) for c in FORMS]), ("sh-accept", "acceptEdits", [bash(c) for c in ACCEPT])]

with open("claude.cases.jsonl", "w") as out:
    for name, mode, calls in CONFIGS:
        cfg = name + "-" + (mode or "default")
        c = {"id": cfg + "-00", "harness": "claude", "config": cfg, "git": True, "mode": mode, "trust": True,
             "home_files": dict(HOME, **{".claude/settings.json": RULES}), "project_files": PROJECT,
             "args": [], "env": {}, "calls": calls}
        out.write(json.dumps(c) + "\n")
