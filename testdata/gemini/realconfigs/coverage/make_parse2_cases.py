#!/usr/bin/env python3
"""Writes parse2.cases.jsonl: the forms engine/gemini reads that neither
the committed files nor coverage.cases.jsonl used — read-only shell
commands with `--`, `-`, grep's -f/--file and `bash -c "…"` scripts with
escaped quotes (which Gemini CLI runs without asking only when every path
stays in the workspace), the --allowed-tools flag, settings.json comments
around strings holding // and escaped quotes, mcpServers/mcp settings
beside calls of other tools, and trustedFolders.json records Gemini CLI
reads (TRUST_PARENT, DO_NOT_TRUST, the longest path winning, comments).
Issue 29, "every branch checked"; recorded with the real Gemini CLI 0.61.0
through ACP like coverage.cases.jsonl.
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
PROJECT = {"README.md": "# app\n", "src/main.py": "print('hi')\n", "pat.txt": "app\n", "Makefile": "check:\n\t@echo ok\n"}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n"}


def sh(c):
    return {"tool": "run_shell_command", "input": {"command": c, "description": "rh"}}


READERS = [sh(c) for c in [
    "grep -f pat.txt README.md", "grep -f ../notes.txt README.md", "grep --file=../notes.txt README.md",
    "grep --file pat.txt README.md", "grep -fpat.txt README.md", "cat -- README.md", "cat -- ../notes.txt",
    "cat - README.md", "head --lines=1 README.md", "tail --follow=../notes.txt README.md",
    'bash -c "cat \\"README.md\\""', 'bash -c "cat \\\\$HOME/notes.txt"', 'bash -c "cat \\"a\\"b\\" README.md"',
    "sh -c 'cat README.md'", 'bash -c "cat \\`pwd\\`/README.md"', 'bash -c "cat README.md\\\\n"',
]]
BASIC = [sh("make check"), sh("git status"), {"tool": "glob", "input": {"pattern": "**/*.md"}},
         {"tool": "read_file", "input": {"file_path": P + "/README.md"}}]
COMMENTS = '''{
  // "tools": {"exclude": ["glob"]},
  "tools": {
    /* allowed
       "run_shell_command(git status)" */
    "allowed": ["run_shell_command(echo \\"//x\\" /* y */)", "run_shell_command(make check)"] // trailing
  }
}
'''
MCP = {"mcpServers": {"srv": {"command": "/bin/false", "trust": True}, "other": {"command": "/bin/false"}},
       "mcp": {"allowed": ["srv", "*"], "excluded": ["other", "*"]},
       "tools": {"exclude": ["run_shell_command(rm)"]}}
TRUST = {
    "parent": {P + "/src": "TRUST_PARENT"},
    "do-not-trust": {P: "DO_NOT_TRUST"},
    "longest": {"/home": "TRUST_FOLDER", P: "DO_NOT_TRUST"},
    "longest-trusted": {"/home": "DO_NOT_TRUST", P: "TRUST_FOLDER"},
}
PROJ_ALLOW = dict(PROJECT, **{".gemini/settings.json": json.dumps({"tools": {"allowed": ["run_shell_command(make check)"]}}) + "\n"})


def main():
    cases = []

    def add(name, calls, home=HOME, project=PROJECT, trust=True, args=()):
        cid = "rg-parse2-" + name
        cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": "default", "trust": trust,
                      "home_files": home, "project_files": project, "args": list(args), "env": {}, "calls": calls})
    add("readers", READERS)
    add("allowed-flag", BASIC, args=["--allowed-tools", "run_shell_command(make check)"])
    add("comments", BASIC + [sh('echo "//x" /* y */')], home=dict(HOME, **{".gemini/settings.json": COMMENTS}))
    add("mcp-settings", BASIC + [sh("rm -f x")], home=dict(HOME, **{".gemini/settings.json": json.dumps(MCP, indent=2) + "\n"}))
    for name, rec in TRUST.items():
        add("trust-" + name, BASIC, home=dict(HOME, **{".gemini/trustedFolders.json": json.dumps(rec, indent=2) + "\n"}),
            project=PROJ_ALLOW, trust=None)
    add("trust-comments", BASIC, home=dict(HOME, **{".gemini/trustedFolders.json": '{\n  // mine\n  "%s": "TRUST_FOLDER" /* yes */\n}\n' % P}),
        project=PROJ_ALLOW, trust=None)
    with open(os.path.join(HERE, "parse2.cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")


main()
