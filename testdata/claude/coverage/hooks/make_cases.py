#!/usr/bin/env python3
"""Writes claude.cases.jsonl: PreToolUse hook outputs no other recording produced,
hooks on WebFetch, Agent, Edit and MCP tools, and hooks switched off by managed
settings (issue 29). Run from this folder: python3 make_cases.py, then record as
the README says.
"""
import json

GATE = r'''#!/bin/sh
# Prints the verdict the command names: reads the PreToolUse JSON on stdin.
input=$(cat)
out() { printf '%s\n' "$1"; exit 0; }
case "$input" in
  *defer-me*) out '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"defer","permissionDecisionReason":"later"}}' ;;
  *odd-me*) out '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe","permissionDecisionReason":"odd"}}' ;;
  *approve-me*) out '{"decision":"approve","reason":"legacy approve"}' ;;
  *badjson-me*) out '{"decision": "block", oops' ;;
  *quiet-deny*) exit 2 ;;
  *exit3-me*) exit 3 ;;
  *noevent-me*) out '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no event"}}' ;;
esac
exit 0
'''
ASK = r'''#!/bin/sh
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"hook asks"}}'
'''
ALLOW = r'''#!/bin/sh
cat >/dev/null
printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"hook allows"}}'
'''
DENY = r'''#!/bin/sh
cat >/dev/null
echo "denied by the deny hook" >&2
exit 2
'''

SERVER = r'''import json, sys
for line in sys.stdin:
    try:
        msg = json.loads(line)
    except ValueError:
        continue
    if "id" not in msg:
        continue
    m, res = msg.get("method"), {}
    if m == "initialize":
        res = {"protocolVersion": msg["params"].get("protocolVersion", "2024-11-05"),
               "capabilities": {"tools": {}}, "serverInfo": {"name": "permsim-probe", "version": "1"}}
    elif m == "tools/list":
        res = {"tools": [{"name": "echo", "description": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]}
    elif m == "tools/call":
        res = {"content": [{"type": "text", "text": "called"}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": res}) + "\n")
    sys.stdout.flush()
'''
MCP = json.dumps({"mcpServers": {"srv": {"command": "python3", "args": ["/home/user/proj/tools/mcp_server.py"]}}}, indent=2)

PROJECT = {"README.md": "# shop\n", "src/app.py": "print('app')\n", ".mcp.json": MCP, "tools/mcp_server.py": SERVER}
SCRIPTS = {".claude/hooks/gate.sh": GATE, ".claude/hooks/ask.sh": ASK, ".claude/hooks/allow.sh": ALLOW,
           ".claude/hooks/deny.sh": DENY}
HOME = dict({".bashrc": "# bashrc\n"}, **SCRIPTS)


def hook(matcher, script, **extra):
    h = {"type": "command", "command": "sh /home/user/.claude/hooks/" + script}
    h.update(extra)
    return {"matcher": matcher, "hooks": [h]}


def bash(cmd):
    return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}


def js(d):
    return json.dumps(d, indent=2)


# "defer" last: it may end the -p session.
OUTPUT_CALLS = [bash("touch odd-me.txt"), bash("touch approve-me.txt"), bash("touch badjson-me.txt"),
                bash("echo quiet-deny"), bash("echo exit3-me"), bash("echo noevent-me"), bash("touch made.txt"),
                bash("echo defer-me")]
TOOL_CALLS = [
    {"tool": "WebFetch", "input": {"url": "https://example.com/page", "prompt": "summarize"}},
    {"tool": "mcp__srv__echo", "input": {"text": "hi"}},
    {"tool": "Edit", "input": {"file_path": "/home/user/proj/src/app.py", "old_string": "app", "new_string": "shop"}},
    {"tool": "Write", "input": {"file_path": "/home/user/proj/new.md", "content": "new\n"}},
    {"tool": "WebSearch", "input": {"query": "permsim"}},
]
AGENT = {"tool": "Agent", "input": {"description": "look", "prompt": "list files"},
         "subagent_calls": [bash("ls")]}

CONFIGS = [
    ("hk-outputs", [None, "acceptEdits"], {"hooks": {"PreToolUse": [hook("Bash", "gate.sh")]}}, {}, OUTPUT_CALLS),
    ("hk-timeout", [None], {"hooks": {"PreToolUse": [hook("Bash", "gate.sh", timeout=5)]}}, {}, OUTPUT_CALLS[:2]),
    ("hk-ask-tools", [None, "bypassPermissions"],
     {"enableAllProjectMcpServers": True, "permissions": {"allow": ["WebFetch", "mcp__srv__echo", "Edit", "Write", "WebSearch"]},
      "hooks": {"PreToolUse": [hook("WebFetch|mcp__srv__echo|Edit|Write|WebSearch", "ask.sh")]}}, {}, TOOL_CALLS),
    ("hk-allow-tools", [None],
     {"enableAllProjectMcpServers": True,
      "hooks": {"PreToolUse": [hook("WebFetch|mcp__srv__echo|Edit|Write|WebSearch|Agent", "allow.sh")]}}, {}, TOOL_CALLS + [AGENT]),
    ("hk-deny-tools", [None],
     {"enableAllProjectMcpServers": True,
      "hooks": {"PreToolUse": [hook("WebFetch|mcp__srv__echo|Agent|WebSearch", "deny.sh")]}}, {}, TOOL_CALLS[:2] + [TOOL_CALLS[4], AGENT]),
    ("hk-managed-disable", [None], {"hooks": {"PreToolUse": [hook("Bash", "deny.sh")]}},
     {"managed-settings.json": js({"disableAllHooks": True, "hooks": {"PreToolUse": [hook("Bash", "deny.sh")]}})},
     [bash("ls"), bash("echo hi")]),
    ("hk-managed-only", [None], {"hooks": {"PreToolUse": [hook("Bash", "deny.sh")]}},
     {"managed-settings.json": js({"allowManagedHooksOnly": True, "hooks": {"PreToolUse": [hook("Read", "deny.sh")]}})},
     [bash("ls"), {"tool": "Read", "input": {"file_path": "/home/user/proj/README.md"}}]),
    ("hk-bad-hooks", [None], {"hooks": "PreToolUse", "permissions": {"allow": ["Bash(echo *)"]}}, {}, [bash("echo hi"), bash("ls")]),
]

with open("claude.cases.jsonl", "w") as out:
    for name, modes, user, managed, calls in CONFIGS:
        for mode in modes:
            cfg = name + "-" + (mode or "default")
            c = {"id": cfg + "-00", "harness": "claude", "config": cfg, "git": True, "mode": mode, "trust": True,
                 "home_files": dict(HOME, **{".claude/settings.json": js(user)}), "project_files": PROJECT,
                 "args": [], "env": {}, "calls": calls}
            if managed:
                c["managed_files"] = managed
            out.write(json.dumps(c) + "\n")
