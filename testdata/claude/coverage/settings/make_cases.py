#!/usr/bin/env python3
"""Writes claude.cases.jsonl: malformed settings files, fields of the wrong type,
--settings given as a file, and trust recorded for a parent folder (issue 29).
Run from this folder: python3 make_cases.py, then record as the README says.
"""
import json

PROJECT = {"README.md": "# shop\n", "src/app.py": "print('app')\n"}
HOME = {".bashrc": "# bashrc\n", "outside/data.txt": "outside\n"}


def bash(cmd):
    return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}


def js(d):
    return json.dumps(d, indent=2)


# Each call tells whether a rule is in force: touch asks without an allow
# rule, mkdir asks without one and is blocked under a deny rule.
PROBE = [bash("touch a.txt"), bash("mkdir newdir"), bash("ls")]
OK = js({"permissions": {"allow": ["Bash(mkdir *)"]}})

CONFIGS = [
    # name, mode, trust, home files, project files, managed files, args
    ("st-badjson", None, True, {".claude/settings.json": '{\n  "permissions": {\n    "allow": ["Bash(touch *)"],\n  }\n}\n'},
     {".claude/settings.json": OK}, {}, []),
    ("st-perms-list", None, True, {".claude/settings.json": js({"permissions": ["Bash(touch *)"]})},
     {".claude/settings.json": OK}, {}, []),
    ("st-allow-string", None, True, {".claude/settings.json": js({"permissions": {"allow": "Bash(touch *)", "deny": ["Bash(mkdir *)"]}})},
     {}, {}, []),
    ("st-wrong-types", None, True, {".claude/settings.json": js({
        "permissions": {"allow": ["Bash(touch *)"], "additionalDirectories": "/home/user/outside",
                        "blockReadsOutsideWorkingDirectories": "yes"},
        "disableAllHooks": "no", "allowManagedHooksOnly": "no", "enabledPlugins": ["x@y"], "sandbox": "on",
        "useAutoModeDuringPlan": 1, "allowManagedPermissionRulesOnly": "no"})},
     {}, {}, []),
    ("st-sandbox-types", None, True, {".claude/settings.json": js({"sandbox": {
        "enabled": True, "autoAllowBashIfSandboxed": True, "enableWeakerNestedSandbox": True,
        "network": ["example.com"], "filesystem": "none", "excludedCommands": "make", "allowUnsandboxedCommands": "no"}})},
     {}, {}, []),
    ("st-managed-mode", None, True, {}, {}, {"managed-settings.json": js({"permissions": {"defaultMode": 3, "deny": ["Bash(mkdir *)"]}})}, []),
    ("st-bad-rules", None, True, {".claude/settings.json": js({"permissions": {
        "allow": ["Bash(touch *", "Read([)", "Bash(mkdir *)"], "deny": ["(ls)"]}})}, {}, {}, []),
    ("st-bypass-off", "bypassPermissions", True, {".claude/settings.json": js({"disableBypassPermissionsMode": True})}, {}, {}, []),
    ("st-settings-file", None, True, {"cli/settings.json": js({"permissions": {"allow": ["Bash(touch *)"]}})}, {}, {},
     ["--settings", "/home/user/cli/settings.json"]),
    ("st-settings-relative", None, True, {}, {"conf/cli.json": js({"permissions": {"allow": ["Bash(touch *)"]}})}, {},
     ["--settings", "conf/cli.json"]),
    ("st-settings-badfile", None, True, {"cli/bad.json": '{"permissions": {"allow": ["Bash(touch *)"]'}, {}, {},
     ["--settings", "/home/user/cli/bad.json"]),
    ("st-parent-trust", None, False, {".claude.json": js({"projects": {"/home/user": {"hasTrustDialogAccepted": True}}})},
     {".claude/settings.json": js({"permissions": {"allow": ["Bash(touch *)"]}})}, {}, []),
    ("st-parent-noanswer", None, False, {".claude.json": js({"projects": {"/home/user": {"hasTrustDialogAccepted": True},
                                                                       "/home/user/proj": {"allowedTools": []}}})},
     {".claude/settings.json": js({"permissions": {"allow": ["Bash(touch *)"]}})}, {}, []),
    ("st-entry-noanswer", None, False, {".claude.json": js({"projects": {"/home/user/proj": {"allowedTools": []}}})},
     {".claude/settings.json": js({"permissions": {"allow": ["Bash(touch *)"]}})}, {}, []),
]

with open("claude.cases.jsonl", "w") as out:
    for name, mode, trust, home, project, managed, args in CONFIGS:
        cfg = name + "-" + (mode or "default")
        c = {"id": cfg + "-00", "harness": "claude", "config": cfg, "git": True, "mode": mode, "trust": trust,
             "home_files": dict(HOME, **home), "project_files": dict(PROJECT, **project),
             "args": args, "env": {}, "calls": PROBE}
        if managed:
            c["managed_files"] = managed
        out.write(json.dumps(c) + "\n")
