#!/usr/bin/env python3
"""Writes branch.cases.jsonl: the inputs that reach the branches of
engine/opencode no earlier recording reached (issue 29, "every branch
checked"): the configuration OpenCode's environment variables add
(OPENCODE_CONFIG_CONTENT, OPENCODE_CONFIG_DIR, a moved XDG_CONFIG_HOME,
OPENCODE_PERMISSION that is not a JSON object), the legacy `mode` table
beside `agent`, `tools` switched on, shell forms (a redirect before the
command, quoted and globbed file arguments, $HOME in an argument, a line
that does not parse, `~` as a pattern, patterns over 4096 characters),
reads of folders, of `~` and of a relative path, the tool-output folder
denied, skill and todowrite calls, the home's .opencode folder outside git,
plugins and Markdown agents, and configuration files OpenCode may refuse
(empty, not JSON, not an object, null, nested deep, bad actions and
values, an agent that is a string, a default_agent that is missing, no
primary agent left). Recorded with the real OpenCode 1.18.33 (README.md
in the folder above says how).
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "a.txt": "hello\n", "src/main.go": "package main\n"}
HOME = {"other/notes.txt": "notes\n", "x/y.txt": "y\n"}
A = "a" * 4100
B = "b" * 4100


def bash(c):
    return {"tool": "bash", "input": {"command": c, "description": "scripted"}}


def read(p):
    return {"tool": "read", "input": {"filePath": p}}


def js(v):
    return json.dumps(v, indent=2) + "\n"


def case(cid, calls, project=None, home=None, env=None, git=True, mode=None):
    return {"id": "ro-br-" + cid, "harness": "opencode", "config": "br-" + cid, "git": git, "mode": mode, "trust": True,
            "home_files": dict(HOME, **(home or {})), "project_files": dict(PROJECT, **(project or {})),
            "args": [], "env": env or {}, "calls": calls}


LS = [bash("ls")]
DENY_LS = {"permission": {"bash": {"ls*": "deny"}}}
DEEP = {}
d = DEEP
for _ in range(205):
    d["a"] = {}
    d = d["a"]

# Deeper than permsim opens a JSON file (internal/safefile: 512 levels),
# written as text: Python's json does not nest that deep. (10,001 levels
# were read by OpenCode too, but sent on to the mock, whose Go decoder
# stops at 10,000: no decision.)
DEEP600 = ('{"agent": {"build": {"options": ' + '{"a": ' * 600 + '{}' + '}' * 600 +
           '}}, "permission": {"bash": {"ls*": "deny"}}}\n')

CASES = [
    # The layers the environment adds: XDG_CONFIG_HOME moves the global
    # folder (the default one's id deny is not read), OPENCODE_CONFIG_DIR
    # adds a folder, OPENCODE_CONFIG_CONTENT comes after the project's file.
    case("env", [bash("ls"), bash("id"), bash("pwd"), bash("whoami"), bash("date"), bash("uname")],
         project={"opencode.json": js(DENY_LS)},
         home={".config/opencode/opencode.json": js({"permission": {"bash": {"id": "deny"}}}),
               "xdg/opencode/opencode.json": js({"permission": {"bash": {"date": "deny"}}}),
               "cfgdir/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})},
         env={"XDG_CONFIG_HOME": "/home/user/xdg", "OPENCODE_CONFIG_DIR": "/home/user/cfgdir",
              "OPENCODE_CONFIG_CONTENT": json.dumps({"permission": {"bash": {"*": "allow", "ls*": "allow", "pwd": "deny", "uname": "ask"}}})}),
    # The same layers, each decisive: no "*" rule in the inline config to
    # hide the denies before it.
    case("env2", [bash("ls"), bash("id"), bash("pwd"), bash("whoami"), bash("date")],
         project={"opencode.json": js(DENY_LS)},
         home={".config/opencode/opencode.json": js({"permission": {"bash": {"id": "deny"}}}),
               "xdg/opencode/opencode.json": js({"permission": {"bash": {"date": "deny"}}}),
               "cfgdir/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})},
         env={"XDG_CONFIG_HOME": "/home/user/xdg", "OPENCODE_CONFIG_DIR": "/home/user/cfgdir",
              "OPENCODE_CONFIG_CONTENT": json.dumps({"permission": {"bash": {"ls*": "allow", "pwd": "deny"}}})}),
    # Exa makes OpenCode offer websearch and codesearch; a search folder
    # spelled with ~ is the project's ~ folder (every external folder denied).
    case("exa", [{"tool": "grep", "input": {"pattern": "notes", "path": "~/other"}},
                 {"tool": "glob", "input": {"pattern": "*.txt", "path": "~"}},
                 {"tool": "websearch", "input": {"query": "opencode permissions"}},
                 {"tool": "codesearch", "input": {"query": "opencode permissions", "tokensNum": 1000}}],
         project={"~/other/notes.txt": "notes\n",
                  "opencode.json": js({"permission": {"external_directory": "deny", "websearch": "ask", "codesearch": "ask"}})},
         env={"OPENCODE_ENABLE_EXA": "1"}),
    case("null-instructions", LS, project={"opencode.json": js({"instructions": None, **DENY_LS})}),
    # A pattern over 4096 characters ending in "*" (matched without a
    # regular expression), an empty read path (the worktree), a null where
    # OpenCode takes any value, a file in the plugin folder that is no plugin.
    case("tails", [bash("printf " + A), read("")],
         home={".config/opencode/plugin/README.md": "not a plugin\n"},
         project={"opencode.json": js({"agent": {"build": {"options": {"x": None}}},
                                       "permission": {"bash": {"*": "ask", "printf " + A + "*": "allow"},
                                                      "read": {"*": "allow", "": "deny"}}})}),
    # Config files OpenCode may pass over: a folder named opencode.json, a
    # file holding only a comment, a file nested deeper than permsim opens.
    case("dir-config", [bash("whoami"), bash("ls")], project={"opencode.json/x.txt": "x\n"},
         home={".config/opencode/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})}),
    case("comment-only", [bash("whoami"), bash("ls")], project={"opencode.json": "// nothing here\n"},
         home={".config/opencode/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})}),
    case("deep600", LS, project={"opencode.json": DEEP600}),
    case("permission-invalid", [bash("ls"), bash("pwd")], project={"opencode.json": js({"permission": {"bash": {"pwd": "deny"}}})},
         env={"OPENCODE_PERMISSION": '{"bash": {"ls*": "deny"}'}),
    case("permission-string", [bash("ls"), bash("pwd")], project={"opencode.json": js({"permission": {"bash": {"pwd": "deny"}}})},
         env={"OPENCODE_PERMISSION": '"deny"'}),
    # mode and agent both set; tools switching read on and webfetch off.
    case("legacy", [bash("ls"), bash("pwd"), bash("uname"), bash("echo hi"), read(P + "/.env"),
                    {"tool": "webfetch", "input": {"url": "https://example.com", "format": "text"}}, bash("whoami")],
         project={".env": "SECRET=1\n", "opencode.json": js({
             "mode": {"build": {"permission": {"bash": {"ls*": "deny"}}}},
             "agent": {"build": {"permission": {"bash": {"pwd": "deny"}}}},
             "tools": {"read": True, "webfetch": False},
             "permission": {"bash": {"*": "ask", "echo *": "allow", "ls*": "allow", "pwd": "allow", "uname": "allow"}}})}),
    case("shell", [bash('echo a"b"'), bash("cat '/home/user/other/notes.txt'"), bash("rm /home/user/other/*.tmp"),
                   bash("rm *.tmp"), bash("cat $HOME/other/notes.txt"), bash("echo 'oops"), bash("printf " + A),
                   bash("printf a" + B), bash(">out.txt echo hi"), bash("~")],
         project={"opencode.json": js({"permission": {
             "bash": {"*": "ask", "echo *": "allow", "cat *": "allow", "rm *": "allow", "printf " + A + " *": "allow",
                      "printf *" + B: "deny", "~": "allow"},
             "external_directory": {"/home/user/other/*": "deny"}}})}),
    case("paths", [read(P), read("a.txt"), read("/home/user/other"), read("~"),
                   read("/home/user/.local/share/opencode/tool-output/x.txt"),
                   {"tool": "skill", "input": {"name": "customize-opencode"}},
                   {"tool": "todowrite", "input": {"todos": [{"content": "x", "status": "pending", "priority": "high", "id": "1"}]}},
                   read(P + "/README.md"), bash("ls")],
         home={".local/share/opencode/tool-output/x.txt": "out\n"},
         project={"opencode.json": js({"permission": {
             "read": {"*": "allow", "": "deny", "a.txt": "deny"},
             "external_directory": {"*": "ask", "/home/user/*": "deny", "/home/user/other/*": "allow",
                                    "/home/user/.local/share/opencode/tool-output/*": "deny"},
             "skill": {"customize-opencode": "deny"}, "todowrite": "deny"}})}),
    # Outside git the home's .opencode folder is also a project folder.
    case("dirs", [bash("whoami"), bash("ls"), bash("10"), bash("9")], git=False,
         home={".opencode/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})},
         project={"opencode.json": js({"permission": {"bash": {"*": "allow", "10": "deny", "9": "deny"}}}) + "// {env:NOPE\n"}),
    case("plugin", [bash("ls"), bash("whoami")],
         home={".config/opencode/plugin/noop.js": "export const Noop = async () => ({})\n"},
         project={".opencode/agent/reviewer.md": "---\ndescription: Reviews code\nmode: subagent\n---\nYou review code.\n",
                  "opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})}),
    case("empty", [bash("whoami"), bash("ls")], project={"opencode.json": ""},
         home={".config/opencode/opencode.json": js({"permission": {"bash": {"whoami": "deny"}}})}),
    case("broken-json", LS, project={"opencode.json": '{"permission": {"bash": {"ls*": "deny"}}\n'}),
    case("not-object", LS, project={"opencode.json": '["permission"]\n'}),
    case("null", [bash("ls"), bash("pwd")], project={"opencode.json": js({"permission": {"bash": {"ls*": "deny", "pwd": None}}})}),
    case("deep", LS, project={"opencode.json": js({"agent": {"build": {"options": DEEP}}, **DENY_LS})}),
    case("agent-string", LS, project={"opencode.json": js({"agent": {"helper": "x"}, **DENY_LS})}),
    case("default-missing", LS, project={"opencode.json": js({"default_agent": "nosuch", **DENY_LS})}),
    case("no-primary", LS, project={"opencode.json": js({"agent": {"build": {"disable": True}, "plan": {"disable": True}}})}),
    case("bad-action", LS, project={"opencode.json": js({"permission": {"bash": "never"}})}),
    case("bad-pattern-action", LS, project={"opencode.json": js({"permission": {"bash": {"ls*": "never"}}})}),
    case("number-value", LS, project={"opencode.json": js({"permission": {"bash": 1}})}),
    case("pattern-number", LS, project={"opencode.json": js({"permission": {"bash": {"ls*": 1}}})}),
]


def main():
    import sys
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "branch.cases.jsonl")
    with open(out, "w") as f:
        for c in CASES:
            f.write(json.dumps(c) + "\n")


main()
