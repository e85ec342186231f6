#!/usr/bin/env python3
"""Writes branches.cases.jsonl: the cases for engine/gemini's branches that
no earlier recording reached (issue 29, "every branch checked"): MCP server
tools under settings (mcpServers trust, mcp.allowed, mcp.excluded,
tools.allowed) and policy rules (mcpName, mcp_<server>_*, mcp_*, qualified
names), a server whose name holds "_", served by mcp_srv.py (a stdio MCP
server of two tools, echo and wipe, that only prints its arguments);
plan-mode and temp-folder paths; headless denials (build files, commands
that cannot be parsed, a tool registered by an argument rule);
security.disableAlwaysAllow over priority-950 rules; settings of the wrong
type; context.includeDirectories and --include-directories; policy paths
that are missing or not TOML; a policy file that is not TOML;
allow_redirection and commandPrefix with argsPattern; the read-only shell
forms Gemini CLI's heuristics single out; trust records that do not list
the project; mode settings Gemini CLI ignores or refuses.
Recorded with the real Gemini CLI 0.61.0 like coverage.cases.jsonl (README).
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
H = "/home/user"
P = H + "/proj"
with open(os.path.join(HERE, "mcp_srv.py")) as f:
    MCP_SRV = f.read()
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n", "Makefile": "check:\n\t@echo ok\n",
           "package.json": '{"name": "app"}\n', "pat.txt": "app\n"}
HOME = {"notes.txt": "notes\n", "mcp_srv.py": MCP_SRV, "extra/e.txt": "extra\n", "side/s.txt": "side\n",
        ".gemini/GEMINI.md": "# memory\n"}


def sh(c, **kw):
    i = {"command": c, "description": "rh"}
    i.update(kw)
    return {"tool": "run_shell_command", "input": i}


def mcp(tool, text="hi", server="srv"):
    return {"tool": "mcp_%s_%s" % (server, tool), "input": {"text": text}}


def read(p):
    return {"tool": "read_file", "input": {"file_path": p}}


def write(p, content="x\n"):
    return {"tool": "write_file", "input": {"file_path": p, "content": content}}


def srv(**kw):
    s = {"command": "python3", "args": [H + "/mcp_srv.py"]}
    s.update(kw)
    return s


MCP_CALLS = [mcp("echo"), mcp("wipe"), sh("git status")]
BASIC = [sh("make check"), sh("git status"), {"tool": "glob", "input": {"pattern": "**/*.md"}}, write(P + "/src/new.py")]


def settings(obj):
    return {".gemini/settings.json": json.dumps(obj, indent=2) + "\n"}


def policy(text, name="rules.toml"):
    return {".gemini/policies/" + name: text}


def main():
    cases = []

    def add(name, calls, home=None, project=PROJECT, trust=True, args=(), mode="default", env=None):
        cid = "rg-br-" + name
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": mode, "trust": trust,
                      "home_files": dict(HOME, **(home or {})), "project_files": project, "args": list(args),
                      "env": env or {}, "calls": calls})

    one = {"mcpServers": {"srv": srv()}}
    # MCP tools under settings.
    add("mcp-default", MCP_CALLS, home=settings(one))
    add("mcp-trust", MCP_CALLS, home=settings({"mcpServers": {"srv": srv(trust=True)}}))
    add("mcp-allowed", MCP_CALLS, home=settings({"mcpServers": {"srv": srv()}, "mcp": {"allowed": ["srv"]}}))
    add("mcp-excluded", MCP_CALLS, home=settings({"mcpServers": {"srv": srv()}, "mcp": {"excluded": ["srv"]}}))
    add("mcp-tools-lists", MCP_CALLS, home=settings({"mcpServers": {"srv": srv()},
                                                     "tools": {"allowed": ["mcp_srv_echo"], "exclude": ["mcp_srv_wipe"]}}))
    add("mcp-underscore", [mcp("echo", server="my_srv"), mcp("wipe", server="my_srv"), sh("git status")],
        home=settings({"mcpServers": {"my_srv": srv(trust=True)}}))
    add("mcp-underscore-excluded", [mcp("echo", server="my_srv"), sh("git status")],
        home=settings({"mcpServers": {"my_srv": srv(), "other": srv()}, "mcp": {"excluded": ["my_srv"]}}))
    add("mcp-yolo", MCP_CALLS, home=settings(one), mode="yolo")
    add("mcp-plan", MCP_CALLS, home=settings({"mcpServers": {"srv": srv(trust=True)}}), mode="plan")
    add("mcp-headless", MCP_CALLS, home=settings(one), env={"PERMSIM_GEMINI_HEADLESS": "1"})
    add("mcp-headless-trust", MCP_CALLS, home=settings({"mcpServers": {"srv": srv(trust=True)}}), env={"PERMSIM_GEMINI_HEADLESS": "1"})
    # MCP tools under policy rules.
    add("mcp-policy-names", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\nmcpName = "srv"\ntoolName = "echo"\ndecision = "allow"\npriority = 100\n\n'
        '[[rule]]\nmcpName = "srv"\ntoolName = "wipe"\ndecision = "deny"\npriority = 100\n')))
    add("mcp-policy-server-wild", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\ntoolName = "mcp_srv_*"\ndecision = "allow"\npriority = 100\n\n'
        '[[rule]]\nmcpName = "*"\ntoolName = "wipe"\ndecision = "deny"\npriority = 200\n')))
    add("mcp-policy-any-server", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\ntoolName = "mcp_*"\ndecision = "deny"\npriority = 100\n')))
    add("mcp-policy-mcpname-star", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\nmcpName = "*"\ntoolName = "*"\ndecision = "allow"\npriority = 100\n')))
    add("mcp-policy-qualified", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\ntoolName = "mcp_srv_echo"\ndecision = "allow"\npriority = 100\n\n'
        '[[rule]]\nmcpName = "srv"\ntoolName = "mcp_srv_wipe"\ndecision = "deny"\npriority = 100\n')))
    add("mcp-policy-other-server", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\ntoolName = "mcp_other_*"\ndecision = "deny"\npriority = 100\n\n'
        '[[rule]]\nmcpName = "other"\ntoolName = "echo"\ndecision = "deny"\npriority = 100\n')))

    # Plan mode and the temp folder.
    add("plan-paths", [write(H + "/.gemini/tmp/proj/plans/plan.md"), write(H + "/.gemini/tmp/proj/s1/plans/p.md"),
                       write("../up.md"), write(".."), write("plans/p.md"), write(H + "/.gemini/tmp/proj/x.md"),
                       write("notes/a/b.md")], mode="plan")
    add("temp-paths", [write(H + "/.gemini/tmp/proj/notes.txt"), read(H + "/.gemini/GEMINI.md"),
                       {"tool": "list_directory", "input": {"dir_path": H + "/.gemini/tmp"}},
                       {"tool": "list_directory", "input": {"dir_path": H + "/.gemini"}},
                       read(H + "/.gemini/settings.json")], mode="auto_edit")

    # Headless denials.
    add("headless-build-yolo", [write(P + "/package.json", '{"name": "b"}\n'), write(P + "/src/x.py"),
                                {"tool": "replace", "input": {"file_path": P + "/Makefile", "old_string": "ok", "new_string": "fine", "instruction": "rh"}}],
        mode="yolo", env={"PERMSIM_GEMINI_HEADLESS": "1"})
    add("headless-build-allowed", [write(P + "/package.json", '{"name": "b"}\n'), write(P + "/src/x.py")],
        home=settings({"tools": {"allowed": ["write_file"]}}), env={"PERMSIM_GEMINI_HEADLESS": "1"})
    add("headless-unparsed", [sh("ls \\"), sh('echo "x'), sh("ls"), sh("echo a && echo b > out.txt"),
                              {"tool": "web_fetch", "input": {"prompt": "get https://other.invalid/x"}},
                              {"tool": "web_fetch", "input": {"prompt": "get https://example.com/x"}}],
        home=policy('[[rule]]\ntoolName = "web_fetch"\nargsPattern = "example\\\\.com"\ndecision = "allow"\npriority = 100\n\n'
                    '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 100\n'),
        env={"PERMSIM_GEMINI_HEADLESS": "1"})

    # Always-allow rules switched off.
    always = policy('[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "make check"\ndecision = "allow"\npriority = 950\n\n'
                    '[[rule]]\ntoolName = "glob"\ndecision = "allow"\npriority = 950\n\n'
                    '[[rule]]\ntoolName = "write_file"\ndecision = "allow"\npriority = 950\n', "auto-saved.toml")
    add("always-allow-off", BASIC, home=dict(settings({"security": {"disableAlwaysAllow": True}}), **always))
    add("always-allow-on", BASIC, home=always)

    # Settings of the wrong type (Gemini CLI warns and uses them as they are).
    for name, obj in [("allowed-string", {"tools": {"allowed": "run_shell_command(make check)"}}),
                      ("exclude-number", {"tools": {"exclude": ["glob", 3]}}),
                      ("mode-number", {"general": {"defaultApprovalMode": 5}}),
                      ("yolo-string", {"security": {"disableYoloMode": "yes"}}),
                      ("mcpservers-list", {"mcpServers": []}),
                      ("hooks-object", {"hooks": {"BeforeTool": {}}}),
                      ("hooks-numbers", {"hooks": {"BeforeTool": [5, {"matcher": "glob", "hooks": [5]}]}}),
                      ("tools-string", {"tools": "run_shell_command"}),
                      ("core-string", {"tools": {"core": "glob"}})]:
        add("bad-" + name, BASIC, home=settings(obj))

    # Workspace folders.
    ws = [read(H + "/extra/e.txt"), read(H + "/side/s.txt"), read(H + "/notes.txt"), read(P + "/README.md")]
    add("include-dirs", ws, home=settings({"context": {"includeDirectories": ["~/extra", "../side"]}}))
    add("include-home", ws, home=settings({"context": {"includeDirectories": ["~"]}}))
    add("include-flag", ws, args=["--include-directories", H + "/extra"])

    # Policy paths and files.
    add("policy-missing", BASIC, args=["--policy", H + "/nope.toml"])
    add("admin-policy-missing", BASIC, args=["--admin-policy", H + "/nope.toml"])
    add("policy-not-toml", BASIC, args=["--policy", H + "/notes.txt"])
    add("policy-syntax", BASIC + [sh("touch made.txt")], home=dict(
        policy('[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "touch"\ndecision = "allow"\npriority = 100\n[[rule\n', "bad.toml"),
        **policy('[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "make check"\ndecision = "allow"\npriority = 100\n', "good.toml")))
    add("policy-forms", [sh("echo hi > out.txt"), sh("make check"), sh("make other"), sh("echo a >> out.txt")], home=policy(
        '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "echo"\nallow_redirection = true\ndecision = "allow"\npriority = 100\n\n'
        '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "make"\nargsPattern = "other"\ndecision = "allow"\npriority = 100\n'))

    # Shell forms the read-only heuristics single out (no rule: default asks).
    add("heuristics", [sh(c) for c in [
        "cat ~/notes.txt", "zsh -c 'ls'", "bash -c 'ls (x)'", "find /etc -name hostname", "find . -name nothing -delete",
        "find . -name nothing -exec echo {} \\;", "/usr/bin/ls", "/opt/tools/ls", "rg -z app", "rg app",
        "git -C src status", "git -cfoo.bar=1 status", "git --git-dir=.git status", "git -c core.pager=cat log -1",
        "git diff --output x.txt", "git log --paginate -1", "git branch --format='%(refname)'", 'bash -c "echo \\"a\\"b\\""',
        'bash -c "echo \\q"', "bash -c \"ls\"", "cat ''", "git --no-pager status", "git --work-tree . status",
    ]] + [sh("ls", dir_path="src"), sh("ls && pwd", dir_path="src"), sh("ls", dir_path="/tmp"), sh("cat main.py", dir_path=P + "/src")])

    # Trust records that do not list the project.
    proj_allow = dict(PROJECT, **{".gemini/settings.json": json.dumps({"tools": {"allowed": ["run_shell_command(make check)"]}}) + "\n"})
    unlisted = {".gemini/trustedFolders.json": json.dumps({H + "/elsewhere": "TRUST_FOLDER"}) + "\n"}
    add("trust-unlisted", BASIC, home=unlisted, project=proj_allow, trust=None)
    add("trust-unlisted-off", BASIC, home=dict(unlisted, **settings({"security": {"folderTrust": {"enabled": False}}})),
        project=proj_allow, trust=None)

    # Modes Gemini CLI ignores or refuses.
    add("mode-setting-yolo", BASIC, home=settings({"general": {"defaultApprovalMode": "yolo"}}), mode=None)
    add("mode-setting-bogus", BASIC, home=settings({"general": {"defaultApprovalMode": "sometimes"}}), mode=None)
    add("mode-flag-bogus", BASIC, mode="sometimes")
    add("plan-disabled", BASIC, home=settings({"general": {"plan": {"enabled": False}}}), mode="plan")
    add("yolo-disabled", BASIC, home=settings({"security": {"disableYoloMode": True}}), mode="yolo")

    with open(os.path.join(HERE, "branches.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


def second():
    """branches2.cases.jsonl: what the first recording left unreached."""
    cases = []

    def add(name, calls, home=None, project=PROJECT, trust=True, args=(), mode="default", env=None):
        cid = "rg-br2-" + name
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": mode, "trust": trust,
                      "home_files": dict(HOME, **(home or {})), "project_files": project, "args": list(args),
                      "env": env or {}, "calls": calls})

    one = {"mcpServers": {"srv": srv()}}
    # GEMINI_CLI_HOME moves ~/.gemini: the user settings (with the API-key
    # auth the runner writes into the default one) are read from there.
    alt = {"security": {"auth": {"selectedType": "gemini-api-key"}}, "privacy": {"usageStatisticsEnabled": False},
           "general": {"disableAutoUpdate": True}, "tools": {"allowed": ["run_shell_command(make check)"]}}
    add("cli-home", BASIC + [sh("ls")], home={"alt/.gemini/settings.json": json.dumps(alt, indent=2) + "\n"},
        trust=False, env={"GEMINI_CLI_HOME": H + "/alt"})
    # BeforeTool hooks: the ACP front end runs none (verify/geminidrive),
    # so they decide nothing there.
    exit2 = "echo no >&2; exit 2"
    hooks = {"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": exit2}]},
                                      {"matcher": "run_shell_command", "hooks": [{"type": "command", "command": exit2}]},
                                      {"matcher": "glob", "hooks": [{"type": "command", "command": exit2, "timeout": 5000}]}]}}
    add("hooks-acp", BASIC + [sh("ls")], home=settings(hooks))
    add("hooks-acp-untrusted", BASIC + [sh("ls")], home=settings(hooks), trust=False)
    # tools.allowed forms.
    add("allowed-legacy", BASIC + [sh("ls"), sh("git log -1")],
        home=settings({"tools": {"allowed": ["glob(**/*.md)", "run_shell_command()", "ShellTool(git status)"]}}))
    add("confirmation-required", BASIC + [sh("ls")], home=settings({"tools": {"confirmationRequired": ["ShellTool", "glob"]}}))
    add("mcp-policy-server-any-tool", MCP_CALLS, home=dict(settings(one), **policy(
        '[[rule]]\nmcpName = "srv"\ntoolName = "*"\ndecision = "deny"\npriority = 100\n')))
    # List entries that are not strings.
    add("bad-allowed-number", BASIC, home=settings({"tools": {"allowed": ["run_shell_command(make check)", 3]}}))
    add("bad-include-number", [read(H + "/extra/e.txt"), read(P + "/README.md")],
        home=settings({"context": {"includeDirectories": ["~/extra", 3]}}))
    add("bad-mcp-allowed-number", MCP_CALLS, home=settings({"mcpServers": {"srv": srv()}, "mcp": {"allowed": ["srv", 3]}}))
    # admin.secureModeEnabled in the user's settings.
    add("secure-mode-user", BASIC, home=dict(settings({"admin": {"secureModeEnabled": True}}), **policy(
        '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "make check"\ndecision = "allow"\npriority = 950\n', "auto-saved.toml")))
    add("secure-mode-user-yolo", BASIC, home=settings({"admin": {"secureModeEnabled": True}}), mode="yolo")
    with open(os.path.join(HERE, "branches2.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


def third():
    """branches3.cases.jsonl: shell forms the read-only heuristics meet
    only inside bash -c, through cd, ~user or an absolute rg; the
    adminPolicyPaths setting."""
    calls = [sh(c) for c in [
        "cat ~root/x", "cd /etc", "cd src", 'bash -c "find . -name nothing -delete"', 'bash -c "find . -name nothing"',
        "/usr/bin/rg app", "/opt/tools/rg app", 'bash -c "echo "hi""', "bash -c ls", "sh -c 'cat README.md'",
    ]]
    c = {"id": "rg-br3-heuristics", "harness": "gemini", "config": "br3-heuristics", "git": True, "mode": "default", "trust": True,
         "home_files": HOME, "project_files": PROJECT, "args": [], "env": {}, "calls": calls}
    admin = {"org/admin.toml": '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "make check"\ndecision = "deny"\npriority = 100\n\n'
                               '[[rule]]\ntoolName = "glob"\ndecision = "allow"\npriority = 100\n'}
    more = []
    for name, path in [("admin-paths-setting", H + "/org/admin.toml"), ("admin-paths-setting-tilde", "~/org/admin.toml")]:
        more.append({"id": "rg-br3-" + name, "harness": "gemini", "config": "br3-" + name, "git": True, "mode": "default", "trust": True,
                     "home_files": dict(HOME, **admin, **settings({"adminPolicyPaths": [path]})), "project_files": PROJECT,
                     "args": [], "env": {}, "calls": BASIC})
    with open(os.path.join(HERE, "branches3.cases.jsonl"), "w") as f:
        for x in [c] + more:
            f.write(json.dumps(x) + "\n")


def fourth():
    """branches4.cases.jsonl: the environment variables Gemini CLI reads
    for trust (checkPathTrust, Storage.getTrustedFoldersPath):
    GEMINI_CLI_TRUST_WORKSPACE, GEMINI_RESTRICTED_MODE and
    GEMINI_CLI_TRUSTED_FOLDERS_PATH. The project's settings allow make
    check and the mode is auto_edit: a trusted folder runs make check and
    the write, an untrusted one asks (its project settings are not read
    and its mode falls back to default)."""
    cases = []
    proj = dict(PROJECT, **{".gemini/settings.json": json.dumps({"tools": {"allowed": ["run_shell_command(make check)"]}}, indent=2) + "\n"})
    calls = [sh("make check"), write(P + "/src/new.py"), sh("git status")]
    no = {".gemini/trustedFolders.json": json.dumps({P: "DO_NOT_TRUST"}) + "\n"}
    yes = {P: "TRUST_FOLDER"}

    def add(name, trust, env, home=None):
        cid = "rg-br4-" + name
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": "auto_edit", "trust": trust,
                      "home_files": dict(HOME, **(home or {})), "project_files": proj, "args": [], "env": env, "calls": calls})

    add("baseline-trusted", True, {})
    add("baseline-untrusted", False, {}, home=no)
    add("trust-workspace-true", False, {"GEMINI_CLI_TRUST_WORKSPACE": "true"}, home=no)
    add("trust-workspace-TRUE", False, {"GEMINI_CLI_TRUST_WORKSPACE": "TRUE"}, home=no)
    add("trust-workspace-false", True, {"GEMINI_CLI_TRUST_WORKSPACE": "false"})
    add("restricted-mode", True, {"GEMINI_RESTRICTED_MODE": "true"})
    add("restricted-over-trust-workspace", False, {"GEMINI_RESTRICTED_MODE": "true", "GEMINI_CLI_TRUST_WORKSPACE": "true"}, home=no)
    add("trusted-folders-path-trusts", False, {"GEMINI_CLI_TRUSTED_FOLDERS_PATH": H + "/alt/trusted.json"},
        home=dict(no, **{"alt/trusted.json": json.dumps(yes) + "\n"}))
    add("trusted-folders-path-distrusts", True, {"GEMINI_CLI_TRUSTED_FOLDERS_PATH": H + "/alt/trusted.json"},
        home={"alt/trusted.json": json.dumps({P: "DO_NOT_TRUST"}) + "\n"})
    with open(os.path.join(HERE, "branches4.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
second()
third()
fourth()
