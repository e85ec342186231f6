#!/usr/bin/env python3
"""Writes parse.cases.jsonl: configuration forms and layers the committed
files and coverage.cases.jsonl did not use — opencode.jsonc with comments,
trailing commas, a repeated key, numbers, booleans and lists; the global
~/.config/opencode/opencode.jsonc and the home's ~/.opencode/opencode.json;
OPENCODE_CONFIG given as a relative path beside OPENCODE_DISABLE_PROJECT_CONFIG;
an agent OpenCode falls back from when build and plan are disabled and no
default_agent is set; a permission pattern longer than 4096 characters; and
bash commands and file paths spelled with ~. Issue 29, "every branch
checked"; recorded with the real OpenCode 1.18.33 like coverage.cases.jsonl.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "a.txt": "hello\n", "src/main.go": "package main\n"}
HOME = {"other/notes.txt": "notes\n", "x/y.txt": "y\n"}
LONG = "echo " + "a" * 4100


def bash(c, workdir=None):
    i = {"command": c, "description": "scripted"}
    if workdir:
        i["workdir"] = workdir
    return {"tool": "bash", "input": i}


JSONC = '''{
  // the project's own
  "$schema": "https://opencode.ai/config.json",
  "instructions": ["README.md", "a.txt",],
  "autoupdate": false,
  "permission": {"bash": "deny"},
  "permission": {
    "bash": {
      "*": "ask",
      "ls*": "deny",
      "ls*": "allow", /* the last value wins */
      "pwd": "allow",
      "%s*": "deny",
    },
    "edit": "ask",
  },
  "agent": {"build": {"temperature": 0.25, "steps": 40}},
}
''' % LONG
GLOBAL = '{\n  // global\n  "permission": {"bash": {"whoami": "deny"}, "external_directory": {"~/other/*": "allow"}},\n}\n'
HOME_DOT = json.dumps({"permission": {"bash": {"date": "deny"}}}) + "\n"
CALLS = [
    bash("ls"), bash("ls -la"), bash("pwd"), bash("whoami"), bash("date"), bash("uname"),
    bash(LONG + " b"), bash("echo short"),
    bash("cat ~/other/notes.txt"), bash("cd ~ && ls"), bash("ls ~"), bash("ls", workdir="~/other"),
    {"tool": "read", "input": {"filePath": "~/other/notes.txt"}},
    {"tool": "edit", "input": {"filePath": P + "/README.md", "oldString": "# app", "newString": "# App"}},
]
NO_PROJECT_CALLS = [bash("ls"), bash("pwd"), bash("uname"), bash("date")]
FALLBACK = {"agent": {"build": {"disable": True}, "plan": {"disable": True},
                      "alpha": {"mode": "subagent", "permission": {"bash": "allow"}},
                      "zeta": {"mode": "primary", "permission": {"bash": {"*": "ask", "ls*": "deny", "pwd": "allow"}}}}}


def main():
    cases = [
        {"id": "ro-parse-jsonc", "harness": "opencode", "config": "parse-jsonc", "git": True, "mode": None, "trust": True,
         "home_files": dict(HOME, **{".config/opencode/opencode.jsonc": GLOBAL, ".opencode/opencode.json": HOME_DOT}),
         "project_files": dict(PROJECT, **{"opencode.jsonc": JSONC}), "args": [], "env": {}, "calls": CALLS},
        {"id": "ro-parse-no-project", "harness": "opencode", "config": "parse-no-project", "git": True, "mode": None, "trust": True,
         "home_files": HOME,
         "project_files": dict(PROJECT, **{"opencode.json": json.dumps({"permission": {"bash": {"ls*": "deny"}}}) + "\n",
                                           "extra.json": json.dumps({"permission": {"bash": {"pwd": "deny", "date": "allow"}}}) + "\n"}),
         "args": [], "env": {"OPENCODE_CONFIG": "extra.json", "OPENCODE_DISABLE_PROJECT_CONFIG": "1"}, "calls": NO_PROJECT_CALLS},
    ]
    for agent in [None, "nosuch"]:
        cid = "ro-parse-fallback" + ("-" + agent if agent else "")
        cases.append({"id": cid, "harness": "opencode", "config": cid[3:], "git": True, "mode": agent, "trust": True,
                      "home_files": HOME, "project_files": dict(PROJECT, **{"opencode.json": json.dumps(FALLBACK, indent=2) + "\n"}),
                      "args": [], "env": {}, "calls": NO_PROJECT_CALLS})
    with open(os.path.join(HERE, "parse.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
