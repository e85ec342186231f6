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


SETTINGS2 = {
    "disable-always-allow": {"security": {"disableAlwaysAllow": True, "folderTrust": {"enabled": True}},
                             "tools": {"confirmationRequired": ["read_file"], "allowed": ["run_shell_command(git)"]}},
    "policy-paths": {"policyPaths": ["/home/user/pol"], "context": {"includeDirectories": ["/home/user/other"]},
                     "general": {"plan": {"enabled": False}}},
}
POLICIES2 = {
    "field-forms": '''[[rule]]
toolName = "run_shell_command"
commandPrefix = "git"
decision = "allow"
priority = 100.5

[[rule]]
toolName = "run_shell_command"
commandPrefix = "make"
decision = "allow"
priority = 100
modes = ["default", "turbo"]

[[rule]]
toolName = "run_shell_command"
commandPrefix = "echo"
decision = "allow"
priority = 200
allow_redirection = true
deny_message = "x"

[[rule]]
toolName = ""
decision = "deny"
priority = 300
''',
    "toml-error": '''[[rule]]
toolName = "run_shell_command"
decision = "deny
priority = 10
''',
    "regex-forms": '''[[rule]]
toolName = "read_file"
argsPattern = "(notes)\\\\1"
decision = "deny"
priority = 500

[[rule]]
toolName = "read_file"
argsPattern = '"limit":5'
decision = "deny"
priority = 400

[[rule]]
toolName = "write_file"
argsPattern = "\\\\t"
decision = "deny"
priority = 400

[[rule]]
toolName = "run_shell_command"
commandRegex = "(?<=git) status"
decision = "deny"
priority = 400
''',
}
CALLS2 = CALLS + [
    {"tool": "read_file", "input": {"file_path": P + "/README.md", "offset": 0, "limit": 5}},
    {"tool": "write_file", "input": {"file_path": P + "/tab.txt", "content": "a\tb\r\n\u0001\f\b"}},
    {"tool": "read_file", "input": {"file_path": H + "/other/x.txt"}},
]


def main():
    cases = []
    def add(name, home, mode="default", calls=CALLS):
        cid = f"rg-cov-{name}-{mode.lower()}"
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": mode, "trust": True,
                      "home_files": home, "project_files": PROJECT, "args": [], "env": {}, "calls": calls})
    for name, s in SETTINGS.items():
        add(name, dict(HOME, **{".gemini/settings.json": json.dumps(s, indent=2) + "\n"}))
    add("comments", dict(HOME, **{".gemini/settings.json": '{\n  // the user\'s own\n  "tools": {\n    /* allowed */ "allowed": ["run_shell_command(git)"]\n  }\n}\n'}))
    for name, text in POLICIES.items():
        add(name, dict(HOME, **{".gemini/policies/cov.toml": text}))
    add("args-pattern", dict(HOME, **{".gemini/policies/cov.toml": POLICIES["args-pattern"]}), mode="auto_edit")
    home2 = dict(HOME, **{"other/x.txt": "x\n", "pol/p.toml": POLICIES["star-and-redirect"]})
    for name, s2 in SETTINGS2.items():
        add(name, dict(home2, **{".gemini/settings.json": json.dumps(s2, indent=2) + "\n"}), calls=CALLS2)
    for name, text in POLICIES2.items():
        add(name, dict(home2, **{".gemini/policies/cov.toml": text}), calls=CALLS2)
    with open(os.path.join(HERE, "coverage.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
