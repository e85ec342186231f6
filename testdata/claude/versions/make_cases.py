#!/usr/bin/env python3
"""Writes versions.cases.jsonl: the behaviours of Claude Code that changed between versions.

Run from this folder: python3 make_cases.py. Each version is recorded with
    permsim verify --harness claude --binary BIN --cases versions.cases.jsonl \
        --record v<VERSION>.results.jsonl
(README.md lists the versions, dates and binaries). The cases ask one question each:
which mode a session with no mode starts in, what a defaultMode of "auto" in the user's
settings does, which modes --permission-mode takes, and which shell commands run
without asking in default mode (the read-only set).
"""
import json

PROJECT = {
    "README.md": "# shop\nfoo\n",
    "package.json": "{\"name\": \"shop\", \"scripts\": {\"test\": \"echo ok\"}}\n",
    "src/app.py": "print('app')\n",
    "a.txt": "a\n",
    "b.txt": "b\n",
}
HOME = {".bashrc": "# bashrc\n", "scratch/ideas.txt": "ideas\n"}
P = "/home/user/proj"
H = "/home/user"

def sh(cmd): return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}
def rd(p): return {"tool": "Read", "input": {"file_path": p}}
def ed(p, old, new): return {"tool": "Edit", "input": {"file_path": p, "old_string": old, "new_string": new}}
def wr(p, text="x\n"): return {"tool": "Write", "input": {"file_path": p, "content": text}}

# Commands that may or may not be in the read-only set of a version.
READONLY = [
    "ls -la", "pwd", "cat README.md", "head -1 README.md", "tail -1 README.md", "wc -l README.md",
    "grep -r foo .", "find . -name '*.md'", "git status", "git log --oneline -3", "git diff",
    "git branch", "git show --stat HEAD", "echo hi", "which ls", "sort a.txt", "diff a.txt b.txt",
    "stat README.md", "du -sh .", "tree", "file README.md", "sed -n 1p README.md", "jq . package.json",
    "ps aux", "env", "uname -a", "date", "cd src && ls", "ls | grep md", "rg foo",
]
# Commands that write or run something: asked in default mode by every version.
WRITES = ["touch new.txt", "rm -rf build", "echo hi > out.txt", "npm test", "mkdir -p out"]

FILES = [rd(P + "/README.md"), ed(P + "/README.md", "foo", "bar"), wr(P + "/new.md"), rd(H + "/scratch/ideas.txt")]

cases = []
def case(cid, mode=None, calls=(), user_settings=None):
    home = dict(HOME)
    if user_settings is not None:
        home[".claude/settings.json"] = json.dumps(user_settings)
    cases.append({"id": cid, "harness": "claude-code", "config": cid, "git": True, "mode": mode, "trust": True,
                  "home_files": home, "project_files": PROJECT, "args": [], "env": {}, "calls": list(calls)})

# No mode anywhere: the built-in start of claude -p.
case("cv-nomode-readonly-1", None, [sh(c) for c in READONLY[:15]])
case("cv-nomode-readonly-2", None, [sh(c) for c in READONLY[15:]])
case("cv-nomode-writes", None, [sh(c) for c in WRITES] + FILES)
# defaultMode "auto" in the user's settings: a version without auto mode ignores it.
case("cv-settings-auto", None, [sh("touch new.txt"), sh("ls -la"), rd(P + "/README.md"), ed(P + "/README.md", "foo", "bar"), sh("npm test")],
     {"permissions": {"defaultMode": "auto"}})
# defaultMode "acceptEdits": taken by every version.
case("cv-settings-acceptedits", None, [sh("touch new.txt"), rd(P + "/README.md"), ed(P + "/README.md", "foo", "bar")],
     {"permissions": {"defaultMode": "acceptEdits"}})
# --permission-mode, each mode a version may or may not have.
for m in ["default", "acceptEdits", "plan", "bypassPermissions", "dontAsk", "auto"]:
    case("cv-mode-" + m, m, [sh("touch new.txt"), sh("ls -la"), rd(P + "/README.md"), ed(P + "/README.md", "foo", "bar"), sh("npm test")])

with open("versions.cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c) + "\n")
print(len(cases), "cases,", sum(len(c["calls"]) for c in cases), "calls")
