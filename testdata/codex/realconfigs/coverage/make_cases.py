#!/usr/bin/env python3
"""Writes coverage.cases.jsonl: rules files written the ways people write
them beyond plain prefix_rule() calls (network_rule(), host_executable(),
a rule inside def or if, a pattern kept in a variable, None and number
arguments, string and list match examples, a file Codex refuses), each with
the calls that tell whether Codex applied the rule. They reach the
branches of engine/codex's rules reader that the committed files did not
(issue 29, "every branch checked"); recorded with the real Codex 0.169.0
through app-server like the real-configuration corpora.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}


def ex(cmd):
    return {"tool": "exec_command", "input": {"cmd": cmd, "workdir": P, "yield_time_ms": 10000}}


FILES = {
    "network": '''network_rule(host="example.com", protocol="https", decision="deny", justification="no")
network_rule(host="api.example.com", protocol="http", decision="allow")
prefix_rule(pattern=["git", "push"], decision="forbidden")
''',
    "bad-network": '''network_rule(host="example.com/x", protocol="https", decision="deny")
prefix_rule(pattern=["git", "push"], decision="forbidden")
''',
    "host-executable": '''host_executable(name="git", paths=["/usr/bin/git"])
prefix_rule(pattern=["git", "push"], decision="forbidden")
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "def-and-if": '''def team(cmd):
    prefix_rule(pattern=cmd, decision="forbidden")

team(["git", "push"])

if True:
    prefix_rule(pattern=["ls"], decision="prompt")

prefix_rule(pattern=["cat"], decision="prompt")
''',
    "variable": '''PUSH = ["git", "push"]
prefix_rule(pattern=PUSH, decision="forbidden")
prefix_rule(pattern=["cat"], decision="prompt", justification=None)
''',
    "none-justification": '''prefix_rule(pattern=["cat"], decision="prompt", justification=None)
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "variable-only": '''P = ["cat"]
prefix_rule(pattern=P, decision="prompt")
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "quoted-names": '''prefix_rule(pattern=["git", "push"], decision="forbidden")
prefix_rule(pattern=["ls"], decision="prompt")
prefix_rule(pattern=["cat"], decision="prompt")
''',
    "examples": '''prefix_rule(
    pattern=["git", ["push", "fetch"]],
    decision="prompt",
    match=["git push origin main", ["git", "fetch"], "git push 'a b'"],
    not_match=["git pull", ["git", "status"]],
)
prefix_rule(pattern=["ls"], decision="forbidden", match=["ls -la"])
''',
    "failing-example": '''prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git pull"])
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "bad-decision": '''prefix_rule(pattern=["git", "push"], decision="deny")
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "empty-pattern": '''prefix_rule(pattern=[], decision="forbidden")
prefix_rule(pattern=["ls"], decision="prompt")
''',
    "positional": '''prefix_rule(["git", "push"], "forbidden")
prefix_rule(pattern=["ls"], decision="prompt")
''',
}
QUOTED = [ex(c) for c in ["'git' push origin main", "g\"it\" push origin main", "l''s", "'ls' -la", "git 'push' origin main",
                           "\"cat\" README.md", "c'a't README.md", "ls"]]
CALLS = [ex(c) for c in ["git push origin main", "/usr/bin/git push origin main", "git fetch", "ls", "ls -la", "cat README.md",
                         "git status", "curl -s https://example.com/", "echo done"]]


GIT = [ex(c) for c in [
    "git rm README.md", "git restore --staged README.md", "git apply --index /dev/null", "git tag -a v1 -m x",
    "git config --global user.name x", "git config --system user.name x", "git config --unset user.name",
    "git remote add origin https://example.com/r.git", "git submodule add https://example.com/s.git s",
    "git notes add -m n", "git worktree add ../wt", "git reflog expire --all", "git bisect start",
    "git symbolic-ref HEAD refs/heads/x", "git commit-graph write", "git log --output=log.txt",
    "git log --output /tmp/log.txt", "git diff -- --output=x", "git clean -- x", "git clean --force -n",
    "git commit --message", "git hash-object README.md", "git notes list", "git worktree list",
    "git config user.name", "git log $X --output=y",
]]
CONFIGS = {
    "profile": 'profile = "strict"\n\n[profiles.strict]\napproval_policy = "untrusted"\nsandbox_mode = "read-only"\n',
    "granular": 'approval_policy = { granular = { sandbox_approval = false, rules = true } }\nsandbox_mode = "read-only"\n',
    "granular-bad": 'approval_policy = { granular = { rules = "no" } }\n',
    "untrusted": 'approval_policy = "untrusted"\nsandbox_mode = "workspace-write"\n',
    "bad-toml": 'approval_policy = "never\n',
}
CFG_CALLS = [ex(c) for c in ["ls", "echo hi > out.txt", "git push origin main", "touch .git/x", "cat README.md"]]


def main():
    cases = []
    base = {"harness": "codex", "config": "cov-git", "git": True, "mode": "on-request:workspace-write", "trust": True,
            "home_files": HOME, "project_files": PROJECT, "args": [], "env": {}}
    cases.append(dict(base, id="rc-cov-git", calls=GIT))
    for name, text in CONFIGS.items():
        rules = 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'
        cases.append(dict(base, id="rc-cov-cfg-" + name, config="cov-cfg-" + name, mode=None,
                          project_files=dict(PROJECT, **{".codex/config.toml": text, ".codex/rules/default.rules": rules}), calls=CFG_CALLS))
    for name, text in FILES.items():
        base = {"harness": "codex", "config": "cov-" + name, "git": True, "mode": "on-request:workspace-write", "trust": True,
                "home_files": HOME, "project_files": dict(PROJECT, **{".codex/rules/default.rules": text}), "args": [], "env": {}}
        cases.append(dict(base, id="rc-cov-" + name, calls=QUOTED if name == "quoted-names" else CALLS))
    with open(os.path.join(HERE, "coverage.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
