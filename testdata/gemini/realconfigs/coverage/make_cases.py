#!/usr/bin/env python3
"""Writes coverage.cases.jsonl: settings.json and policy forms the
committed files did not use — tools.allowed/core/exclude with and without
a command, the settings' legacy names, comments in settings.json, argsPattern
on file and shell tools, toolName "*", allowRedirection, a rule with both
commandPrefix and commandRegex, an out-of-range priority, an unknown
decision — with the calls that tell whether Gemini CLI applied them. They
check the branches of engine/gemini the committed files did not reach
(issue 29, "every branch checked"); recorded with the real Gemini CLI
0.61.0 through ACP like the real-configuration corpus.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
H = "/home/user"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n", "notes.md": "n\n", "Makefile": "check:\n\t@echo ok\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}


def sh(c):
    return {"tool": "run_shell_command", "input": {"command": c, "description": "rh"}}


CALLS = [
    sh("git status"), sh("git log --oneline -1"), sh("make check"), sh("echo hi > out.txt"), sh("ls | wc -l"),
    sh("git status && make check"), sh("rm -rf build"),
    {"tool": "read_file", "input": {"file_path": P + "/README.md"}},
    {"tool": "read_file", "input": {"file_path": P + "/notes.md"}},
    {"tool": "write_file", "input": {"file_path": P + "/src/new.py", "content": "x = 1\n"}},
    {"tool": "replace", "input": {"file_path": P + "/notes.md", "old_string": "n", "new_string": "m", "instruction": "rh edit"}},
    {"tool": "list_directory", "input": {"dir_path": P + "/src"}},
    {"tool": "glob", "input": {"pattern": "**/*.md"}},
]
SETTINGS = {
    "tools-allowed": {"tools": {"allowed": ["run_shell_command(git status)", "write_file", "ShellTool(make)"]}},
    "tools-core": {"tools": {"core": ["read_file", "run_shell_command(git)", "list_directory"]}},
    "tools-exclude": {"tools": {"exclude": ["write_file", "run_shell_command(rm)"]}},
    "legacy-names": {"coreTools": ["read_file", "run_shell_command"], "excludeTools": ["replace"], "autoAccept": True},
}
POLICIES = {
    "args-pattern": '''[[rule]]
toolName = "read_file"
argsPattern = "notes\\\\.md"
decision = "deny"
priority = 500

[[rule]]
toolName = "run_shell_command"
argsPattern = "\\"command\\":\\"git "
decision = "allow"
priority = 400

[[rule]]
toolName = "write_file"
argsPattern = "\\\\.py\\""
decision = "ask_user"
priority = 300
''',
    "star-and-redirect": '''[[rule]]
toolName = "*"
decision = "allow"
priority = 50

[[rule]]
toolName = "run_shell_command"
commandPrefix = "echo"
decision = "allow"
priority = 600
allowRedirection = true

[[rule]]
toolName = "run_shell_command"
commandPrefix = "rm"
decision = "deny"
priority = 600
denyMessage = "no rm here"
''',
    "both-matchers": '''[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
commandRegex = "git .*"
decision = "allow"
priority = 100
''',
    "bad-priority": '''[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
decision = "allow"
priority = 1000
''',
    "bad-decision": '''[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
decision = "approve"
priority = 100
''',
}


def main():
    cases = []
    def add(name, home, mode="default"):
        cid = f"rg-cov-{name}-{mode.lower()}"
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": mode, "trust": True,
                      "home_files": home, "project_files": PROJECT, "args": [], "env": {}, "calls": CALLS})
    for name, s in SETTINGS.items():
        add(name, dict(HOME, **{".gemini/settings.json": json.dumps(s, indent=2) + "\n"}))
    add("comments", dict(HOME, **{".gemini/settings.json": '{\n  // the user\'s own\n  "tools": {\n    /* allowed */ "allowed": ["run_shell_command(git)"]\n  }\n}\n'}))
    for name, text in POLICIES.items():
        add(name, dict(HOME, **{".gemini/policies/cov.toml": text}))
    add("args-pattern", dict(HOME, **{".gemini/policies/cov.toml": POLICIES["args-pattern"]}), mode="auto_edit")
    with open(os.path.join(HERE, "coverage.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
