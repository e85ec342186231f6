#!/usr/bin/env python3
"""Writes coverage.cases.jsonl: opencode.json forms the committed files did
not use (the legacy "mode" table, a disabled and a hidden agent, a
permission given as one action, "~" and "$HOME" in external_directory
patterns, integer-like pattern keys, tools switched off) and calls that
reach the tools and arguments the real-configuration corpus did not (a
bash workdir, task, skill, websearch, codesearch, list). They check the
branches of engine/opencode the committed files did not reach (issue 29,
"every branch checked"); recorded with the real OpenCode 1.18.33 like the
real-configuration corpus.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "a.txt": "hello\n", "src/main.go": "package main\n", "1.txt": "one\n"}
HOME = {"other/notes.txt": "notes\n", "x/y.txt": "y\n"}


def bash(c, workdir=None):
    i = {"command": c, "description": "scripted"}
    if workdir:
        i["workdir"] = workdir
    return {"tool": "bash", "input": i}


def read(p):
    return {"tool": "read", "input": {"filePath": p if p.startswith("/") else f"{P}/{p}"}}


CONFIGS = {
    "legacy-mode": {"mode": {"build": {"permission": {"bash": {"*": "ask", "ls*": "allow"}}}}},
    "agents": {"agent": {"plan": {"disable": True}, "helper": {"mode": "primary", "hidden": True, "permission": "allow"}},
               "permission": {"bash": "ask"}},
    "one-action": {"permission": "ask"},
    "home-patterns": {"permission": {"external_directory": {"~/other/*": "allow", "$HOME/x/*": "deny", "*": "ask"},
                                     "read": {"~/other/*": "allow"}}},
    "number-keys": {"permission": {"bash": {"*": "ask", "1": "deny", "0": "allow", "cat *": "allow"}}},
    "tools-off": {"tools": {"bash": False, "webfetch": False}, "permission": {"edit": "deny"}},
}
CALLS = [
    bash("ls"), bash("ls", workdir=P + "/src"), bash("cat a.txt"), bash("cat 1.txt", workdir=P),
    read("/home/user/other/notes.txt"), read("/home/user/x/y.txt"),
    {"tool": "list", "input": {"path": "/home/user/other"}},
    {"tool": "websearch", "input": {"query": "opencode permissions"}},
    {"tool": "codesearch", "input": {"query": "opencode permissions", "tokensNum": 1000}},
    {"tool": "skill", "input": {"name": "missing"}},
    {"tool": "task", "input": {"description": "look", "prompt": "list files", "subagent_type": "general"}},
    bash("ls /home/user/other"), bash("ls", workdir="/home/user/other"),
    {"tool": "edit", "input": {"filePath": P + "/README.md", "oldString": "# app", "newString": "# App"}},
]


def main():
    cases = []
    for name, cfg in CONFIGS.items():
        agents = [None]
        if name == "agents":
            agents = [None, "helper", "plan"]
        for agent in agents:
            cid = "ro-cov-" + name + ("-" + agent if agent else "")
            cases.append({"id": cid, "harness": "opencode", "config": cid[3:], "git": True, "mode": agent, "trust": True,
                          "home_files": HOME, "project_files": dict(PROJECT, **{"opencode.json": json.dumps(cfg, indent=2) + "\n"}),
                          "args": [], "env": {}, "calls": CALLS})
    with open(os.path.join(HERE, "coverage.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
