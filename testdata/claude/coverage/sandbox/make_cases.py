#!/usr/bin/env python3
"""Writes claude.cases.jsonl: the sandbox past its auto-allow, with Claude Code's
own sandbox working (issue 29).

Every configuration sets sandbox.enableWeakerNestedSandbox: Claude Code's bubblewrap
then binds the host /proc instead of mounting a fresh one, which is what stopped it
from starting nested inside the verifier's bubblewrap ("bwrap: Can't mount proc").
It also needs socat on the machine (apt install socat). Run from this folder:
    python3 make_cases.py
then record as the README says.
"""
import json

PROJECT = {
    "README.md": "# shop\n",
    "src/app.py": "print('app')\n",
    "package.json": "{\"name\": \"shop\"}\n",
}
HOME = {
    ".bashrc": "# bashrc\n",
    "outside/data.txt": "outside\n",
    "outside/public/ok.txt": "ok\n",
    "outside/logs/a.log": "log\n",
}


def bash(cmd, **extra):
    inp = {"command": cmd, "description": "probe"}
    inp.update(extra)
    return {"tool": "Bash", "input": inp}


NETWORK = [
    bash("curl -s https://example.com/x"),          # allowed domain
    bash("curl -s https://raw.githubusercontent.com/a/b"),  # allowed by a wildcard
    bash("curl -s https://other.org/x"),            # outside allowedDomains
    bash("npm view left-pad"),                      # a package manager's registry
    bash("wget -q -O- \"$URL\""),                   # a host the command does not name
    bash("git ls-remote https://other.org/r.git"),
]
FILES = [
    bash("echo hi > /opt/permsim-new.txt"),         # write outside the working folders
    bash("touch .git/hooks/x"),                     # write to .git/hooks
    bash("cat ~/outside/data.txt"),                 # filesystem.denyRead
    bash("wc -l < ~/outside/data.txt"),             # denyRead through a < redirect
    bash("cat ~/outside/public/ok.txt"),            # allowRead reopens it
    bash("cat ~/outside/logs/a.log"),               # a denyRead glob
    bash("touch new.txt"),                          # write inside the project
    bash("echo hi > /opt/permsim-new.txt", dangerouslyDisableSandbox=True),  # the retry outside the sandbox
    bash("ls -la", dangerouslyDisableSandbox=True),
    bash("make lint"),                              # excludedCommands
]

BASE = {
    "enabled": True,
    "autoAllowBashIfSandboxed": True,
    "enableWeakerNestedSandbox": True,
    "excludedCommands": ["make *"],
    "network": {"allowedDomains": ["example.com", "*.githubusercontent.com"]},
    "filesystem": {"denyRead": ["~/outside", "~/outside/logs/*.log"], "allowRead": ["~/outside/public"]},
}


def sandbox(**over):
    s = json.loads(json.dumps(BASE))
    for k, v in over.items():
        if isinstance(v, dict):
            s.setdefault(k, {}).update(v)
        else:
            s[k] = v
    return s


def settings(sb, perms=None, **top):
    d = {"sandbox": sb}
    if perms:
        d["permissions"] = perms
    d.update(top)
    return json.dumps(d, indent=2)


CONFIGS = []


def config(name, modes, calls, home=None, project=None, managed=None):
    CONFIGS.append((name, modes, calls, home or {}, project or {}, managed or {}))


ALL = NETWORK + FILES
config("sb-user", [None, "acceptEdits", "dontAsk", "auto"], ALL,
       home={".claude/settings.json": settings(sandbox())})
config("sb-strict", [None], ALL,
       home={".claude/settings.json": settings(sandbox(network={"strictAllowlist": True}))})
config("sb-strict-top", [None], NETWORK,
       home={".claude/settings.json": settings(sandbox(strictAllowlist=True))})
config("sb-strict-project", [None], NETWORK,
       home={".claude/settings.json": settings(sandbox())},
       project={".claude/settings.json": settings({"network": {"strictAllowlist": True}, "filesystem": {"disabled": True}})})
config("sb-managed-domains", [None], NETWORK,
       home={".claude/settings.json": settings(sandbox(network={"allowedDomains": ["other.org"]}))},
       managed={"managed-settings.json": settings({"network": {"allowManagedDomainsOnly": True, "allowedDomains": ["example.com"]}})})
config("sb-nounsandboxed", [None, "acceptEdits"], ALL,
       home={".claude/settings.json": settings(sandbox(allowUnsandboxedCommands=False))})
config("sb-fsdisabled", [None], FILES,
       home={".claude/settings.json": settings(sandbox(filesystem={"disabled": True}))})
config("sb-askrule", [None, "acceptEdits"], FILES,
       home={".claude/settings.json": settings(sandbox(), {"ask": ["Bash(dangerouslyDisableSandbox:true)"]})})
config("sb-blockreads", [None], FILES,
       home={".claude/settings.json": settings(sandbox(), {"blockReadsOutsideWorkingDirectories": True})})
config("sb-noauto", [None], NETWORK[:3] + FILES[:3],
       home={".claude/settings.json": settings(sandbox(autoAllowBashIfSandboxed=False))})
config("sb-plan", ["plan"], NETWORK[:3] + FILES[:3],
       home={".claude/settings.json": settings(sandbox())})

with open("claude.cases.jsonl", "w") as out:
    for name, modes, calls, home, project, managed in CONFIGS:
        for mode in modes:
            cfg = name + "-" + (mode or "default")
            c = {"id": cfg + "-00", "harness": "claude", "config": cfg, "git": True, "mode": mode,
                 "trust": True, "home_files": dict(HOME, **home), "project_files": dict(PROJECT, **project),
                 "args": [], "env": {}, "calls": calls}
            if managed:
                c["managed_files"] = managed
            out.write(json.dumps(c) + "\n")
