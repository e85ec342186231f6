#!/usr/bin/env python3
"""Writes versions.cases.jsonl: the behaviours of Codex that changed between versions.

Run from this folder: python3 make_cases.py. Each version is recorded with
    permsim verify --harness codex --binary BIN --cases versions.cases.jsonl \
        --record v<VERSION>.results.jsonl
(README.md lists the versions, dates and binaries). The cases ask: which rm commands the
built-in rm guard stops (asks, or refuses under approval policy never), in each approval
policy; what the sandbox lets a plain write do; and which commands run without asking
under untrusted (the read-only set).
"""
import json

PROJECT = {
    "README.md": "# shop\nfoo\n",
    "build/out.o": "o\n",
    "dist/app.js": "js\n",
    "tmp/x": "x\n",
    "a.txt": "a\n",
}
HOME = {".bashrc": "# bashrc\n"}
P = "/home/user/proj"

def ex(cmd): return {"tool": "exec_command", "input": {"cmd": cmd, "workdir": P, "yield_time_ms": 10000}}

RM = ["rm -rf build", "rm -f a.txt", "rm -r dist", "rm --force tmp/x", "sudo rm -rf build", "rm README.md",
      "ls && rm -rf build"]
READONLY = ["ls -la", "cat README.md", "git status", "grep -r foo .", "find . -name '*.md'", "head -1 README.md",
            "wc -l README.md", "git log --oneline -1", "pwd", "echo hi", "sed -n 1p README.md", "git diff"]
WRITES = ["touch new.txt", "mkdir -p out", "touch /home/user/outside.txt"]

cases = []
def case(cid, approval, sandbox, calls):
    home = dict(HOME)
    # approval_policy = "untrusted" in config.toml stops Codex 0.150.0 and later at start
    # ("is no longer supported; remove this setting"): the thread's approvalPolicy (the
    # case's mode) sets it instead.
    if approval == "untrusted":
        home[".codex/config.toml"] = 'sandbox_mode = "%s"\n' % sandbox
    else:
        home[".codex/config.toml"] = 'approval_policy = "%s"\nsandbox_mode = "%s"\n' % (approval, sandbox)
    cases.append({"id": cid, "harness": "codex", "config": cid, "git": True, "mode": approval + ":" + sandbox,
                  "trust": True, "home_files": home, "project_files": PROJECT, "args": [], "env": {},
                  "calls": list(calls)})

# Each rm command in a fresh case: a command that ran removes what the next would.
for i, cmd in enumerate(RM):
    for approval, sandbox in [("on-request", "workspace-write"), ("never", "workspace-write"),
                              ("never", "danger-full-access"), ("on-request", "danger-full-access")]:
        case("xv-rm%d-%s-%s" % (i, approval, sandbox), approval, sandbox, [ex(cmd)])
case("xv-readonly-untrusted", "untrusted", "workspace-write", [ex(c) for c in READONLY])
case("xv-writes-on-request", "on-request", "workspace-write", [ex(c) for c in WRITES])
case("xv-writes-untrusted", "untrusted", "read-only", [ex(c) for c in WRITES])

with open("versions.cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c) + "\n")
print(len(cases), "cases,", sum(len(c["calls"]) for c in cases), "calls")
