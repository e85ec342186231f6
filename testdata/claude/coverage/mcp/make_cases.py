#!/usr/bin/env python3
"""Writes claude.cases.jsonl: calls to the tools of a project's .mcp.json servers
under every way of approving them (issue 29).

The servers are a small stdio MCP server (SERVER below, run by python3, no
network) the case writes into the project. Run from this folder:
    python3 make_cases.py
then record as the README says.
"""
import json

SERVER = r'''import json, sys
TOOLS = [{"name": n, "description": n, "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}
         for n in ("echo", "danger")]
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
        res = {"tools": TOOLS}
    elif m == "tools/call":
        res = {"content": [{"type": "text", "text": "called " + msg["params"]["name"]}]}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": res}) + "\n")
    sys.stdout.flush()
'''

MCP = json.dumps({"mcpServers": {
    "srv": {"command": "python3", "args": ["/home/user/proj/tools/mcp_server.py"]},
    "other": {"command": "python3", "args": ["/home/user/proj/tools/mcp_server.py"]},
}}, indent=2)
PROJECT = {"README.md": "# shop\n", ".mcp.json": MCP, "tools/mcp_server.py": SERVER}
HOME = {".bashrc": "# bashrc\n"}


def call(server, tool):
    return {"tool": "mcp__%s__%s" % (server, tool), "input": {"text": "hi"}}


CALLS = [call("srv", "echo"), call("srv", "danger"), call("other", "echo"), call("other", "danger")]
PERMS = {"allow": ["mcp__srv__echo"], "deny": ["mcp__srv__danger"], "ask": ["mcp__other"]}


def js(d):
    return json.dumps(d, indent=2)


CONFIGS = [
    # name, mode list, trust, home files, project files
    ("mcp-all-user", [None, "dontAsk"], True, {".claude/settings.json": js({"enableAllProjectMcpServers": True, "permissions": PERMS})}, {}),
    ("mcp-all-norules", [None, "acceptEdits", "bypassPermissions"], True, {".claude/settings.json": js({"enableAllProjectMcpServers": True})}, {}),
    ("mcp-enabled-project", [None], True, {}, {".claude/settings.json": js({"enabledMcpjsonServers": ["srv"], "permissions": PERMS})}),
    ("mcp-enabled-local", [None], True, {}, {".claude/settings.local.json": js({"enabledMcpjsonServers": ["other"]})}),
    ("mcp-enabled-untrusted", [None], False, {}, {".claude/settings.json": js({"enabledMcpjsonServers": ["srv", "other"]})}),
    ("mcp-disabled", [None], True, {".claude/settings.json": js({"enableAllProjectMcpServers": True, "disabledMcpjsonServers": ["srv"]})}, {}),
    ("mcp-pending", [None], True, {}, {}),
    ("mcp-claudejson", [None], True, {".claude.json": js({"projects": {"/home/user/proj": {"enabledMcpjsonServers": ["srv"], "disabledMcpjsonServers": ["other"]}}})}, {}),
    ("mcp-tool-rules", [None], True, {".claude/settings.json": js({"enableAllProjectMcpServers": True, "permissions": {"allow": ["mcp__srv__*"], "deny": ["mcp__other__echo"]}})}, {}),
]

with open("claude.cases.jsonl", "w") as out:
    for name, modes, trust, home, project in CONFIGS:
        for mode in modes:
            cfg = name + "-" + (mode or "default")
            c = {"id": cfg + "-00", "harness": "claude", "config": cfg, "git": True, "mode": mode,
                 "trust": trust, "home_files": dict(HOME, **home), "project_files": dict(PROJECT, **project),
                 "args": [], "env": {}, "calls": CALLS}
            out.write(json.dumps(c) + "\n")
