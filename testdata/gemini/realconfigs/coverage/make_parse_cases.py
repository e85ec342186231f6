#!/usr/bin/env python3
"""Writes parse.cases.jsonl: policy files with one mistake each in every
form engine/gemini's schema check tells apart (a missing or ill-typed
toolName, decision, priority, modes, interactive, toolAnnotations, an
unknown key, an empty commandPrefix, rule tables of the wrong kind, a
[[safety_checker]] table), each beside a sound rule that allows `make
check`, so the recorded calls tell whether Gemini CLI kept the file; and
one policy whose argsPattern rules meet arguments of every JSON kind
(numbers JavaScript prints in exponent form, true, null, lists, nested
objects), which tell whether the arguments are written as Gemini CLI's
stable JSON writes them. Issue 29, "every branch checked"; recorded with
the real Gemini CLI 0.61.0 through ACP like coverage.cases.jsonl.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n", "notes.md": "n\n", "Makefile": "check:\n\t@echo ok\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}
SOUND = '''[[rule]]
toolName = "run_shell_command"
commandPrefix = "make check"
decision = "allow"
priority = 100

'''


def sh(c):
    return {"tool": "run_shell_command", "input": {"command": c, "description": "rh"}}


BROKEN = {
    "no-toolname": 'decision = "deny"\npriority = 500\n',
    "toolname-number": 'toolName = 5\ndecision = "deny"\npriority = 500\n',
    "toolname-list-number": 'toolName = ["glob", 5]\ndecision = "deny"\npriority = 500\n',
    "toolname-empty": 'toolName = ""\ndecision = "deny"\npriority = 500\n',
    "argspattern-number": 'toolName = "glob"\nargsPattern = 5\ndecision = "deny"\npriority = 500\n',
    "no-decision": 'toolName = "glob"\npriority = 500\n',
    "decision-unknown": 'toolName = "glob"\ndecision = "maybe"\npriority = 500\n',
    "no-priority": 'toolName = "glob"\ndecision = "deny"\n',
    "priority-fraction": 'toolName = "glob"\ndecision = "deny"\npriority = 1.5\n',
    "priority-string": 'toolName = "glob"\ndecision = "deny"\npriority = "high"\n',
    "priority-1000": 'toolName = "glob"\ndecision = "deny"\npriority = 1000\n',
    "modes-string": 'toolName = "glob"\ndecision = "deny"\npriority = 500\nmodes = "yolo"\n',
    "modes-unknown": 'toolName = "glob"\ndecision = "deny"\npriority = 500\nmodes = ["fast"]\n',
    "interactive-string": 'toolName = "glob"\ndecision = "deny"\npriority = 500\ninteractive = "yes"\n',
    "annotations-string": 'toolName = "glob"\ndecision = "deny"\npriority = 500\ntoolAnnotations = "x"\n',
    "annotations-table": 'toolName = "glob"\ndecision = "deny"\npriority = 500\ntoolAnnotations = { readOnlyHint = true }\n',
    "unknown-key": 'toolName = "glob"\ndecision = "deny"\npriority = 500\nreason = "x"\n',
    "prefix-empty-list": 'toolName = "run_shell_command"\ncommandPrefix = []\ndecision = "deny"\npriority = 500\n',
    "prefix-empty-string": 'toolName = "run_shell_command"\ncommandPrefix = ""\ndecision = "deny"\npriority = 500\n',
    "subagent": 'toolName = "glob"\nsubagent = "helper"\ndecision = "deny"\npriority = 500\n',
    "mcpname-empty": 'toolName = "glob"\nmcpName = ""\ndecision = "deny"\npriority = 500\n',
    "deny-message-snake": 'toolName = "glob"\ndecision = "deny"\npriority = 500\ndeny_message = "no globbing"\n',
}
WHOLE = {
    "rule-string": SOUND.replace("[[rule]]\n", "").replace("\n\n", "\n") + 'rule = "x"\n',
    "rule-numbers": 'rule = [1, 2]\n',
    "safety-checker": SOUND + '[[safety_checker]]\ntoolName = "glob"\n',
}
CALLS = [sh("make check"), {"tool": "glob", "input": {"pattern": "**/*.md"}}]

ARGS = '''[[rule]]
toolName = "read_file"
argsPattern = '"limit":1e-7'
decision = "deny"
priority = 500

[[rule]]
toolName = "read_file"
argsPattern = '"offset":1e\\+21'
decision = "deny"
priority = 500

[[rule]]
toolName = "glob"
argsPattern = '"case_sensitive":true'
decision = "deny"
priority = 500

[[rule]]
toolName = "list_directory"
argsPattern = '"ignore":\\["a","b"\\]'
decision = "deny"
priority = 500

[[rule]]
toolName = "list_directory"
argsPattern = '"file_filtering_options":\\{"respect_gemini_ignore":false,"respect_git_ignore":false\\}'
decision = "deny"
priority = 500

[[rule]]
toolName = "grep_search"
argsPattern = '"include":null'
decision = "deny"
priority = 500
'''
ARG_CALLS = [
    {"tool": "read_file", "input": {"file_path": P + "/README.md", "offset": 0, "limit": 1e-7}},
    {"tool": "read_file", "input": {"file_path": P + "/README.md", "offset": 1e21, "limit": 5}},
    {"tool": "read_file", "input": {"file_path": P + "/README.md", "offset": 0, "limit": 5}},
    {"tool": "glob", "input": {"pattern": "**/*.md", "case_sensitive": True}},
    {"tool": "glob", "input": {"pattern": "**/*.md", "case_sensitive": False}},
    {"tool": "list_directory", "input": {"dir_path": P + "/src", "ignore": ["a", "b"]}},
    {"tool": "list_directory", "input": {"dir_path": P + "/src", "file_filtering_options": {"respect_git_ignore": False, "respect_gemini_ignore": False}}},
    {"tool": "list_directory", "input": {"dir_path": P + "/src"}},
    {"tool": "grep_search", "input": {"pattern": "hi", "include": None}},
    {"tool": "grep_search", "input": {"pattern": "hi"}},
]


def main():
    cases = []

    def add(name, policy, calls):
        cid = "rg-parse-" + name
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": "default", "trust": True,
                      "home_files": dict(HOME, **{".gemini/policies/cov.toml": policy}), "project_files": PROJECT,
                      "args": [], "env": {}, "calls": calls})
    for name, text in BROKEN.items():
        add(name, SOUND + "[[rule]]\n" + text, CALLS)
    for name, text in WHOLE.items():
        add(name, text, CALLS)
    add("args-json", ARGS, ARG_CALLS)
    with open(os.path.join(HERE, "parse.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
