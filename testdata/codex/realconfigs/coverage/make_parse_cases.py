#!/usr/bin/env python3
"""Writes parse.cases.jsonl: rules files with one mistake each, in every
form engine/codex's rules reader tells apart (a syntax error, an unknown or
repeated argument, too many positional ones, *args, a missing or ill-typed
pattern, decision, justification, match or not_match, host_executable()
and network_rule() arguments Codex refuses), and sessions started in each
mode app-server takes. Every rules file starts with a sound rule (ls asks)
so the recorded calls tell whether Codex kept any rule of the file, and
the mistaken rule is about git push. Issue 29, "every branch checked":
these reach the branches of the rules reader and mode parser that the
committed files did not; recorded with the real Codex 0.169.0 through
app-server like coverage.cases.jsonl.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}
SOUND = 'prefix_rule(pattern=["ls"], decision="prompt")\n'


def ex(cmd):
    return {"tool": "exec_command", "input": {"cmd": cmd, "workdir": P, "yield_time_ms": 10000}}


# name -> the mistaken (or unusual) lines after the sound rule.
FILES = {
    "syntax-error": 'prefix_rule(pattern=["git", "push"], decision="forbidden"\n',
    "unknown-param": 'prefix_rule(pattern=["git", "push"], decision="forbidden", reason="x")\n',
    "repeated-keyword": 'prefix_rule(pattern=["git", "push"], pattern=["git", "fetch"], decision="forbidden")\n',
    "positional-and-keyword": 'prefix_rule(["git", "push"], pattern=["git"], decision="forbidden")\n',
    "too-many-positional": 'prefix_rule(["git", "push"], "forbidden", None, None, "why", "me", "extra")\n',
    "all-positional": 'prefix_rule(["git", "push"], "forbidden", ["git push x"], ["git pull"], "never push", "security")\n',
    "positional-three": 'prefix_rule(["git", "push"], "forbidden", ["git push x"])\n',
    "positional-four": 'prefix_rule(["git", "push"], "forbidden", ["git push x"], ["git pull"])\n',
    "positional-five": 'prefix_rule(["git", "push"], "forbidden", ["git push x"], ["git pull"], "never push")\n',
    "reviewer-keyword": 'prefix_rule(pattern=["git", "push"], decision="forbidden", reviewer="security")\n',
    "star-args": 'A = [["git", "push"], "forbidden"]\nprefix_rule(*A)\n',
    "keyword-comparison": 'prefix_rule(pattern == ["git", "push"])\n',
    "missing-pattern": 'prefix_rule(decision="forbidden")\n',
    "pattern-none": 'prefix_rule(pattern=None, decision="forbidden")\n',
    "pattern-string": 'prefix_rule(pattern="git push", decision="forbidden")\n',
    "pattern-empty-alternatives": 'prefix_rule(pattern=["git", []], decision="forbidden")\n',
    "pattern-number-alternative": 'prefix_rule(pattern=["git", ["push", 1]], decision="forbidden")\n',
    "pattern-number": 'prefix_rule(pattern=["git", 1], decision="forbidden")\n',
    "pattern-paren": 'prefix_rule(pattern=(["git", "push"]), decision=("forbidden"))\n',
    "decision-none": 'prefix_rule(pattern=["git", "push"], decision=None)\n',
    "decision-true": 'prefix_rule(pattern=["git", "push"], decision=True)\n',
    "justification-list": 'prefix_rule(pattern=["git", "push"], decision="forbidden", justification=["x"])\n',
    "justification-blank": 'prefix_rule(pattern=["git", "push"], decision="forbidden", justification="   ")\n',
    "match-string": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match="git push")\n',
    "match-true": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=True)\n',
    "match-empty-list": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=[[]])\n',
    "match-number-token": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=[["git", 1]])\n',
    "match-number": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=[1])\n',
    "match-open-quote": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git push \'x"])\n',
    "match-empty-string": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=[""])\n',
    "match-trailing-backslash": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git push \\\\"])\n',
    "match-open-double-quote": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git push \\"x"])\n',
    "match-shell-forms": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git push \\"a \\\\\\"b\\" c\\\\ d # comment", "git\\tpush\\\\\\nx", "# c\\ngit push"])\n',
    "not-match-matches": 'prefix_rule(pattern=["git", "push"], decision="forbidden", not_match=["git push origin"])\n',
    "not-match-string": 'prefix_rule(pattern=["git", "push"], decision="forbidden", not_match="git pull")\n',
    "host-empty-name": 'host_executable(name="", paths=["/usr/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-path-name": 'host_executable(name="bin/git", paths=["/usr/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-paths-string": 'host_executable(name="git", paths="/usr/bin/git")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-paths-number": 'host_executable(name="git", paths=[1])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-relative-path": 'host_executable(name="git", paths=["usr/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-other-basename": 'host_executable(name="git", paths=["/usr/bin/gitx"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-home-and-repeat": 'host_executable(name="git", paths=["~/bin/git", "/usr/bin/git", "/usr/bin//git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-home": 'host_executable(name="git", paths=["~/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-home-exists": 'host_executable(name="git", paths=["~/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-double-slash": 'host_executable(name="git", paths=["/usr/bin//git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-repeat": 'host_executable(name="git", paths=["/usr/bin/git", "/usr/bin/git"])\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-missing-paths": 'host_executable(name="git")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-unknown-param": 'host_executable(name="git", paths=["/usr/bin/git"], why="x")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "host-variable": 'G = ["/usr/bin/git"]\nhost_executable(name="git", paths=G)\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-empty-host": 'network_rule(host="", protocol="https", decision="deny")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-host-space": 'network_rule(host="a b.com", protocol="https", decision="deny")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-protocol": 'network_rule(host="example.com", protocol="ftp", decision="deny")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-decision": 'network_rule(host="example.com", protocol="socks5_tcp", decision="maybe")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-blank-justification": 'network_rule(host="example.com", protocol="http", decision="allow", justification=" ")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "network-variable": 'H = "example.com"\nnetwork_rule(host=H, protocol="https", decision="deny")\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "other-statement": 'load("x.star", "y")\nx = 1\nprefix_rule(pattern=["git", "push"], decision="forbidden")\n',
    "method-call": 'rules.prefix_rule(pattern=["git", "push"], decision="forbidden")\n',
}
CALLS = [ex(c) for c in ["ls", "git push origin main"]]

# Sessions started in each mode app-server takes, each with the calls that
# tell the modes apart.
MODES = ["never:read-only", "never:workspace-write", "on-request:read-only", "on-request:danger-full-access",
         "--dangerously-bypass-approvals-and-sandbox", ":read-only", "never", "untrusted:workspace-write"]
MODE_CALLS = [ex(c) for c in ["ls", "echo hi > out.txt", "touch ../outside.txt", "git push origin main"]]


# Other tools Codex offers, exec_command's shell and login switches, and rm
# spelled the ways Codex's rm guard tells apart.
TOOL_CALLS = [
    {"tool": "update_plan", "input": {"plan": [{"step": "look around", "status": "in_progress"}]}},
    {"tool": "view_image", "input": {"path": P + "/README.md"}},
    {"tool": "exec_command", "input": {"cmd": "ls", "workdir": P, "shell": "/bin/sh", "login": False, "yield_time_ms": 10000}},
] + [ex(c) for c in ["rm -- -f", "sudo rm -rf build", "env rm -rf build", "bash -c 'rm -rf build'", "rm -rf \"$HOME/gone\"",
                     "$RM -rf build", "mkdir -p build && rm -r build"]]


def main():
    cases = []
    cases.append({"harness": "codex", "id": "rc-parse-tools", "config": "parse-tools", "git": True,
                  "mode": "on-request:workspace-write", "trust": True, "home_files": HOME,
                  "project_files": PROJECT, "args": [], "env": {}, "calls": TOOL_CALLS})
    for name, text in FILES.items():
        home = dict(HOME, **{"bin/git": "#!/bin/sh\nexec /usr/bin/git \"$@\"\n"}) if name == "host-home-exists" else HOME
        cases.append({"harness": "codex", "id": "rc-parse-" + name, "config": "parse-" + name, "git": True,
                      "mode": "on-request:workspace-write", "trust": True, "home_files": home,
                      "project_files": dict(PROJECT, **{".codex/rules/default.rules": SOUND + text}), "args": [], "env": {},
                      "calls": CALLS})
    rules = 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'
    for m in MODES:
        name = m.strip("-:").replace(":", "-")
        cases.append({"harness": "codex", "id": "rc-mode-" + name, "config": "mode-" + name, "git": True, "mode": m,
                      "trust": True, "home_files": HOME,
                      "project_files": dict(PROJECT, **{".codex/rules/default.rules": rules}), "args": [], "env": {},
                      "calls": MODE_CALLS})
    with open(os.path.join(HERE, "parse.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
