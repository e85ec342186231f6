#!/usr/bin/env python3
"""Writes branches.cases.jsonl: one configuration per branch of engine/codex
that no earlier real recording reached (issue 29, "every branch checked";
testdata/codex/COVERAGE.md lists them), each with the calls that tell what
the real Codex 0.169.0 does there: a profile chosen in the user's
config.toml, other projects' trust records, a granular approval policy
that may not ask, the session's $TMPDIR, apply_patch run through the shell,
host_executable() paths, commands that change the machine, a hooks.json
that does not parse, an MCP server with enabled_tools/disabled_tools, the
shell tools Codex offers when unified exec is off, and config values Codex
may refuse. Recorded through app-server like the other corpora here.
"""
import hashlib, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}
GRANULAR_OFF = ("approval_policy = { granular = { sandbox_approval = false, rules = true, mcp_elicitations = true, "
                "request_permissions = true, skill_approval = true } }\n")
PATCH_ADD = "*** Begin Patch\n*** Add File: {0}\n+hi\n*** End Patch\n"

# A stdio MCP server (JSON-RPC, one message a line) offering four tools,
# two of them marked read-only.
MCP_SERVER = r'''import json, sys
TOOLS = {"search": {"readOnlyHint": True}, "write_note": None, "delete_all": {"destructiveHint": True},
         "fetch_page": {"readOnlyHint": True, "openWorldHint": True}}
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if "id" not in m or "method" not in m:
        continue
    meth, res = m["method"], None
    if meth == "initialize":
        res = {"protocolVersion": m.get("params", {}).get("protocolVersion", "2025-06-18"),
               "capabilities": {"tools": {}}, "serverInfo": {"name": "notes", "version": "1"}}
    elif meth == "tools/list":
        res = {"tools": [dict({"name": n, "description": "the " + n + " tool",
                               "inputSchema": {"type": "object", "properties": {}}}, **({"annotations": a} if a else {}))
                          for n, a in TOOLS.items()]}
    elif meth == "tools/call":
        res = {"content": [{"type": "text", "text": "ok " + m["params"]["name"]}]}
    elif meth == "ping":
        res = {}
    if res is None:
        out = {"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32601, "message": "no " + meth}}
    else:
        out = {"jsonrpc": "2.0", "id": m["id"], "result": res}
    sys.stdout.write(json.dumps(out) + "\n")
    sys.stdout.flush()
'''


def hook_trust(file, matcher, command):
    """The [hooks.state] record /hooks writes when the user trusts a
    command hook (engine/codex.HookHash: the SHA-256 of the compact JSON,
    keys sorted, of the handler with its default timeout)."""
    h = {"event_name": "pre_tool_use", "matcher": matcher,
         "hooks": [{"async": False, "command": command, "timeout": 600, "type": "command"}]}
    digest = hashlib.sha256(json.dumps(h, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()
    return '[hooks.state."%s:pre_tool_use:0:0"]\ntrusted_hash = "sha256:%s"\n' % (file, digest)


def ex(cmd, **kw):
    return {"tool": "exec_command", "input": dict({"cmd": cmd, "workdir": P, "yield_time_ms": 10000}, **kw)}


def patch_shell(path):
    return ex("apply_patch <<'EOF'\n" + PATCH_ADD.format(path) + "EOF")


def patch(path):
    return {"tool": "apply_patch", "input": {"input": PATCH_ADD.format(path)}}


def case(name, calls, mode="on-request:workspace-write", home=None, project=None, env=None, git=True, trust=True):
    return {"harness": "codex", "config": "br-" + name, "git": git, "mode": mode, "trust": trust,
            "home_files": dict(HOME, **(home or {})), "project_files": dict(PROJECT, **(project or {})),
            "args": [], "env": env or {}, "id": "rc-br-" + name, "calls": calls}


def main():
    cases = [
        # The user's config.toml picks a profile, whose mode wins over the
        # top-level one; another project's trust record is passed over.
        case("user-profile", [ex("echo hi"), ex("touch new.txt"), ex("git push origin main"), patch("added.txt")], mode=None,
             home={".codex/config.toml": 'profile = "strict"\napproval_policy = "on-request"\nsandbox_mode = "workspace-write"\n\n'
                   '[profiles.strict]\napproval_policy = "never"\nsandbox_mode = "read-only"\n\n'
                   '[projects."/home/user/other"]\ntrust_level = "trusted"\n',
                   ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'}),
        # A granular policy without sandbox_approval cannot ask: the rm
        # guard, an escalation and a write the sandbox stops.
        case("granular-no-sandbox-approval", [ex("rm -rf build"), ex("rm -f README.md"), ex("sudo rm -rf build"),
                                              ex("touch /home/user/out.txt"), ex("echo hi"),
                                              ex("touch x.txt", sandbox_permissions="require_escalated", justification="need it"),
                                              ex("git push origin main"), patch("/home/user/outside.txt")],
             mode=None, project={".codex/config.toml": GRANULAR_OFF + 'sandbox_mode = "workspace-write"\n',
                                 ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'}),
        # rules = false: does the rm guard's prompt count as a rule's?
        case("granular-no-rules", [ex("rm -rf build"), ex("git push origin main"), ex("touch /home/user/out.txt"),
                                   ex("touch x.txt", sandbox_permissions="require_escalated", justification="need it")],
             mode=None, project={".codex/config.toml": GRANULAR_OFF.replace("sandbox_approval = false, rules = true", "sandbox_approval = true, rules = false")
                                 + 'sandbox_mode = "workspace-write"\n',
                                 ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'}),
        # A granular policy that retries outside the sandbox, for a command
        # that changes the machine but writes no file; rm behind wrappers
        # the rm guard may not see through; another project's trust record.
        case("granular-retry-system", [ex("sudo true"), ex("mount -t tmpfs none /mnt"), ex("echo ok")],
             mode=None, home={".codex/config.toml": GRANULAR_OFF.replace("sandbox_approval = false", "sandbox_approval = true")
                              + 'sandbox_mode = "workspace-write"\n\n[projects."/home/user/elsewhere"]\ntrust_level = "untrusted"\n'}),
        case("rm-wrappers", [ex("nice rm -rf build"), ex("timeout 5 rm -rf build"), ex("command rm -rf build"), ex("time rm -rf build"),
                             ex("nohup rm -rf build"), ex("exec rm -rf build")], mode="never:workspace-write"),
        case("rm-wrappers-on-request", [ex("nice rm -rf build"), ex("timeout 5 rm -rf build"), ex("command rm -rf build")]),
        # workspace-write lets commands write the session's $TMPDIR, unless
        # exclude_tmpdir_env_var is set.
        case("tmpdir", [ex("touch /home/user/tmpd/a.txt"), ex('touch "$TMPDIR/b.txt"'), ex("touch /home/user/c.txt"), patch("/home/user/tmpd/p.txt")],
             home={"tmpd/.keep": ""}, env={"TMPDIR": "/home/user/tmpd"}),
        case("tmpdir-excluded", [ex("touch /home/user/tmpd/a.txt"), ex('touch "$TMPDIR/b.txt"'), patch("/home/user/tmpd/p.txt")],
             home={"tmpd/.keep": "", ".codex/config.toml": "[sandbox_workspace_write]\nexclude_tmpdir_env_var = true\n"},
             env={"TMPDIR": "/home/user/tmpd"}),
        # apply_patch given to the shell is read as a patch.
        case("patch-through-shell", [patch_shell("shell-added.txt"), patch_shell("/home/user/shell-outside.txt"),
                                     patch_shell(".codex/x.txt")]),
        case("patch-through-shell-read-only", [patch_shell("shell-added.txt"), ex("echo hi")], mode="on-request:read-only"),
        case("patch-through-shell-never", [patch_shell("/home/user/never-outside.txt"), patch_shell("inside.txt")], mode="never:workspace-write"),
        # host_executable(): a program path it does not list is not the
        # rule's program; one it lists is. A match example by path checks
        # the file's host_executable() too. A file not named *.rules is no
        # rules file.
        case("host-path", [ex("git push origin main"), ex("/usr/bin/git push origin main"), ex("/opt/git/bin/git push origin main"),
                           ex("ls"), ex("cat README.md")],
             project={".codex/rules/default.rules": 'host_executable(name="git", paths=["/opt/git/bin/git"])\n'
                      'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["/opt/git/bin/git push x"])\n',
                      ".codex/rules/README.md": 'prefix_rule(pattern=["ls"], decision="forbidden")\n',
                      ".codex/rules/extra.rules.bak": 'prefix_rule(pattern=["cat"], decision="forbidden")\n'}),
        # Rules files Codex reads its own way: a justification that is
        # False, a match example
        # continued on the next line with a backslash.
        case("rules-edges", [ex("ls"), ex("cat README.md"), ex("git push origin main"), ex("git status")],
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["ls"], decision="prompt")\n'},
             home={".codex/rules/false.rules": 'prefix_rule(pattern=["cat"], decision="forbidden", justification=False)\n'
                   'prefix_rule(pattern=["git", "status"], decision="prompt")\n'}),
        # A positional argument after a named one; a match example
        # continued inside double quotes.
        case("rules-positional-after-named", [ex("ls"), ex("cat README.md")],
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["cat"], ["cat"])\n'
                      'prefix_rule(pattern=["ls"], decision="prompt")\n'}),
        case("rules-continued-in-quotes", [ex("git push origin main"), ex("ls")],
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=[\'git push "or\\\\\\nigin"\'])\n'
                      'prefix_rule(pattern=["ls"], decision="prompt")\n'}),
        # A trusted hook that lets every call go on: Codex runs it, and
        # the differential test decides these calls without running hooks
        # (permsim decide without --run-hooks).
        case("hooks-not-run", [ex("echo hi"), ex("ls"), ex("touch /home/user/h.txt")],
             home={".codex/hooks.json": '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "exit 0"}]}]}}',
                   ".codex/config.toml": hook_trust("/home/user/.codex/hooks.json", "Bash", "exit 0")}),
        case("rules-continued-example", [ex("git push origin main"), ex("ls")],
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="forbidden", match=["git \\\\\\npush origin"])\n'
                      'prefix_rule(pattern=["ls"], decision="prompt")\n'}),
        # git subcommands that write .git's object store, which the
        # workspace-write sandbox keeps read-only.
        case("git-object-store", [ex("git multi-pack-index write"), ex("git multi-pack-index expire"),
                                  ex("git commit-graph write --reachable"), ex("git commit-graph write --split"),
                                  ex("git gc --auto"), ex("git repack -a")]),
        # Commands that change the machine outside any folder.
        case("system", [ex("sudo true"), ex("mount -t tmpfs none /mnt"), ex("systemctl restart nginx"), ex("echo ok")]),
        case("system-read-only", [ex("sudo true"), ex("echo ok")], mode="on-request:read-only"),
        # A hooks.json that does not parse.
        case("hooks-bad-json", [ex("echo hi"), ex("touch a.txt")],
             home={".codex/hooks.json": '{"hooks": {"PreToolUse": [ {"matcher": "Bash", '}),
        # An MCP server: enabled_tools and disabled_tools pick the tools
        # Codex offers; a disabled server offers none.
        case("mcp", [{"tool": "mcp__notes__search", "input": {}}, {"tool": "mcp__notes__write_note", "input": {}},
                     {"tool": "mcp__notes__delete_all", "input": {}}, {"tool": "mcp__notes__fetch_page", "input": {}},
                     {"tool": "mcp__plain__search", "input": {}},
                     {"tool": "mcp__plain__delete_all", "input": {}}, {"tool": "mcp__off__search", "input": {}}, ex("echo hi")],
             home={"mcp_server.py": MCP_SERVER,
                   ".codex/config.toml": '[mcp_servers.notes]\ncommand = "python3"\nargs = ["/home/user/mcp_server.py"]\n'
                   'enabled_tools = ["search", "write_note", "delete_all"]\ndisabled_tools = ["write_note"]\n\n'
                   '[mcp_servers.plain]\ncommand = "python3"\nargs = ["/home/user/mcp_server.py"]\nenabled = true\n\n'
                   '[mcp_servers.off]\ncommand = "python3"\nargs = ["/home/user/mcp_server.py"]\nenabled = false\n'}),
    ]
    # Codex asks before an MCP tool call (an mcpServer/elicitation/request)
    # unless its approval mode or the tool's annotations let it run:
    # each mode, each approval_mode setting.
    plain = '[mcp_servers.plain]\ncommand = "python3"\nargs = ["/home/user/mcp_server.py"]\n'
    mcp_calls = [{"tool": "mcp__plain__" + t, "input": {}} for t in ["search", "write_note", "delete_all", "fetch_page"]]
    for name, mode, cfg in [
        ("mcp-read-only", "on-request:read-only", plain),
        ("mcp-full-access", "on-request:danger-full-access", plain),
        ("mcp-never", "never:workspace-write", plain),
        ("mcp-bypass", "--dangerously-bypass-approvals-and-sandbox", plain),
        ("mcp-untrusted", "untrusted:workspace-write", plain),
        ("mcp-prompt", "on-request:workspace-write", plain + 'default_tools_approval_mode = "prompt"\n\n[mcp_servers.plain.tools.fetch_page]\napproval_mode = "approve"\n'),
        ("mcp-approve", "on-request:workspace-write", plain + 'default_tools_approval_mode = "approve"\n\n[mcp_servers.plain.tools.search]\napproval_mode = "prompt"\n'
         '\n[mcp_servers.plain.tools.write_note]\napproval_mode = "auto"\n'),
        ("mcp-prompt-bypass", "--dangerously-bypass-approvals-and-sandbox", plain + 'default_tools_approval_mode = "prompt"\n'),
        ("mcp-approve-never", "never:workspace-write", plain + 'default_tools_approval_mode = "approve"\n\n[mcp_servers.plain.tools.search]\napproval_mode = "prompt"\n'),
        ("mcp-granular-no-elicitations", None, plain + GRANULAR_OFF.replace("sandbox_approval = false", "sandbox_approval = true")
         .replace("mcp_elicitations = true", "mcp_elicitations = false")),
        ("mcp-granular-no-sandbox-approval", None, plain + GRANULAR_OFF),
    ]:
        cases.append(case(name, mcp_calls, mode=mode, home={"mcp_server.py": MCP_SERVER, ".codex/config.toml": cfg}))
    cases += [
        # The other shell tools, offered when unified exec is off.
        case("shell-tools", [{"tool": "shell_command", "input": {"command": "echo hi", "workdir": P}},
                             {"tool": "shell_command", "input": {"command": "touch /home/user/sc.txt", "workdir": P}},
                             {"tool": "shell", "input": {"command": ["echo", "hi"], "workdir": P}},
                             {"tool": "shell", "input": {"command": ["touch", "/home/user/sh.txt"], "workdir": P}},
                             {"tool": "shell", "input": {"command": ["git", "push", "origin", "main"], "workdir": P}},
                             {"tool": "local_shell_call", "input": {"action": {"type": "exec", "command": ["echo", "hi"], "working_directory": P}}},
                             ex("echo via exec_command")],
             home={".codex/config.toml": "[features]\nunified_exec = false\n",
                   ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'}),
        # Config values Codex may refuse or read its own way.
        case("sandbox-readonly-spelling", [ex("echo hi"), ex("touch a.txt")], mode=None,
             home={".codex/config.toml": 'sandbox_mode = "readonly"\n'}),
        case("approval-underscore-spelling", [ex("echo hi"), ex("touch /home/user/a.txt")], mode=None,
             home={".codex/config.toml": 'approval_policy = "on_request"\n'}),
        case("on-failure-config", [ex("echo hi"), ex("touch /home/user/a.txt"), patch("/home/user/p.txt")], mode=None,
             home={".codex/config.toml": 'approval_policy = "on-failure"\n'}),
        case("on-failure-session", [ex("echo hi"), ex("touch /home/user/a.txt"), patch("/home/user/p.txt")], mode="on-failure:workspace-write"),
        case("on-failure-read-only", [ex("echo hi"), ex("touch a.txt"), patch("p.txt"), ex("rm -rf build")], mode=None,
             home={".codex/config.toml": 'approval_policy = "on-failure"\nsandbox_mode = "read-only"\n'}),
        case("on-failure-workspace-write", [ex("echo hi"), ex("touch a.txt"), ex("touch /home/user/a.txt"), patch("p.txt")], mode=None,
             home={".codex/config.toml": 'approval_policy = "on-failure"\nsandbox_mode = "workspace-write"\n'}),
        case("on-failure-session-sandbox", [ex("echo hi"), ex("touch a.txt"), patch("p.txt")], mode=":workspace-write",
             home={".codex/config.toml": 'approval_policy = "on-failure"\n'}),
        case("on-request-config", [ex("echo hi"), ex("touch a.txt")], mode=None, home={".codex/config.toml": 'approval_policy = "on-request"\n'}),
        case("never-config", [ex("echo hi"), ex("touch a.txt")], mode=None, home={".codex/config.toml": 'approval_policy = "never"\n'}),
        case("profiles-table-only", [ex("echo hi"), ex("touch a.txt")], mode=None,
             home={".codex/config.toml": '[profiles.strict]\napproval_policy = "never"\nsandbox_mode = "read-only"\n'}),
        case("trust-level-unknown", [ex("ls"), ex("touch a.txt")], mode=None,
             home={".codex/config.toml": '[projects."/home/user/proj"]\ntrust_level = "maybe"\n'},
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["ls"], decision="forbidden")\n'}),
        case("writable-roots-number", [ex("echo hi")], home={".codex/config.toml": "[sandbox_workspace_write]\nwritable_roots = [1]\n"}),
        # The project inside a repository whose root is the home folder:
        # ~/.codex is then both the user's folder and a folder on the way
        # down from the repository's root.
        case("home-repository", [ex("ls"), ex("cat README.md"), ex("touch a.txt")], git=False,
             home={".git/HEAD": "ref: refs/heads/main\n", ".git/config": "[core]\n\trepositoryformatversion = 0\n\tbare = false\n",
                   ".git/objects/.keep": "", ".git/refs/heads/.keep": "",
                   ".codex/rules/default.rules": 'prefix_rule(pattern=["cat"], decision="prompt")\n'},
             project={".codex/rules/default.rules": 'prefix_rule(pattern=["ls"], decision="forbidden")\n'}),
    ]
    with open(os.path.join(HERE, "branches.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")

    # Recorded with Codex 0.140.0 (branches-0.140.cases.jsonl): it still
    # offers shell_command when unified exec is off, and under approval
    # policy untrusted it runs its known-safe commands (find without
    # -exec, -delete, …) without asking.
    sc = lambda cmd: {"tool": "shell_command", "input": {"command": cmd, "workdir": P}}
    old = [
        case("0140-shell-command", [sc("echo hi"), sc("touch /home/user/sc.txt"), sc("git push origin main"), sc("touch x.txt")],
             home={".codex/config.toml": "[features]\nunified_exec = false\n",
                   ".codex/rules/default.rules": 'prefix_rule(pattern=["git", "push"], decision="prompt")\n'}),
        case("0140-untrusted-find", [ex("find . -name '*.md'"), ex("find . -name '*.md' -exec cat {} +"), ex("find . -delete -name zzz"),
                                     ex("git log"), ex("sed -n 1p README.md"), ex("ls")], mode="untrusted:workspace-write"),
    ]
    with open(os.path.join(HERE, "branches-0.140.cases.jsonl"), "w") as f:
        for c in old:
            f.write(json.dumps(c) + "\n")


main()
