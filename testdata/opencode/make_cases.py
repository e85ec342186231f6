#!/usr/bin/env python3
"""Writes opencode.cases.jsonl: the configurations and calls recorded with the
real OpenCode 1.18.33 by `permsim verify --harness opencode` (README.md).

Each configuration targets one part of the seed's OpenCode section (merging,
order traps, ? and * patterns, defaults, external directories, every agent,
shell splitting, edits, reads, web fetches). An ask ends an `opencode run`,
so calls are cheap when they run or are denied and dear when they ask; the
order-asks step (README) moves the calls permsim expects to ask to the end
of their case before recording.
"""
import json, sys

P = "/home/user/proj"
FILES = {
    "a.txt": "hello\n", "src/main.go": "package main\n", "src/util.go": "package main\n",
    "src/a.go": "package main\n", "docs/guide.md": "# guide\n", "README.md": "# readme\n",
    ".env": "SECRET=1\n", ".env.example": "SECRET=\n", "config/.env.local": "X=1\n",
    "secret1.txt": "s\n", "keys/server.pem": "pem\n", "build/out.o": "o\n", "run.sh": "#!/bin/sh\necho run\n",
}
HOME = {"other/notes.txt": "notes\n", "other/sub/deep.txt": "deep\n"}

def bash(c): return {"tool": "bash", "input": {"command": c, "description": "scripted"}}
def read(p): return {"tool": "read", "input": {"filePath": p if p.startswith("/") else f"{P}/{p}"}}
def write(p, content="x\n"): return {"tool": "write", "input": {"filePath": p if p.startswith("/") else f"{P}/{p}", "content": content}}
def edit(p, old, new): return {"tool": "edit", "input": {"filePath": f"{P}/{p}", "oldString": old, "newString": new}}
def glob(pat, path=None):
    i = {"pattern": pat}
    if path: i["path"] = path
    return {"tool": "glob", "input": i}
def grep(pat, path=None):
    i = {"pattern": pat}
    if path: i["path"] = path
    return {"tool": "grep", "input": i}
def fetch(u): return {"tool": "webfetch", "input": {"url": u, "format": "text"}}

# Everyday calls: most run under the defaults.
BASE_BASH = [bash(c) for c in [
    "ls", "ls -la src", "git status --short", "git log --oneline -1", "echo hi", "echo hi > out.txt",
    "cat a.txt", "pwd", "mkdir -p build/x", "touch new.txt", "rm -rf build", "python3 -c 'print(1)'",
    "git status && ls", "ls | head -1", "echo $(git rev-parse --short HEAD)", "FOO=1 ls", "true; echo done",
    "cd src && ls", "git push origin main", "npm test", "curl -s http://127.0.0.1:9/", "sudo -n true",
    "chmod +x run.sh", "./run.sh", "wc -l src/*.go",
]]
BASE_FILES = [read("a.txt"), read("src/main.go"), read(".env.example"), read("docs/guide.md"),
              write("src/new.go", "package main\n"), write("notes.md"), edit("README.md", "# readme", "# Readme"),
              glob("**/*.go"), grep("package")]
SECRETS = [read(".env"), read("config/.env.local"), read("secret1.txt"), read("keys/server.pem")]
OUTSIDE = [read("/etc/hostname"), read("/home/user/other/notes.txt"), write("/home/user/other/new.txt"),
           bash("cat /etc/hostname"), bash("ls /home/user/other"), bash("cp a.txt /home/user/other/copy.txt"),
           bash("rm -rf /home/user/other/sub"), glob("*.txt", "/home/user/other"), read("/home/user/other/sub/deep.txt")]
FETCH = [fetch("https://example.com/"), fetch("https://docs.example.com/page")]

cases = []
def case(cid, cfg, calls, git=True, mode=None, home=None, proj=None, env=None):
    pf = dict(FILES)
    pf.update(proj or {})
    hf = dict(HOME)
    hf.update(home or {})
    cases.append({"id": cid, "harness": "opencode", "config": cfg, "git": git, "mode": mode, "trust": True,
                  "home_files": hf, "project_files": pf, "args": [], "env": env or {}, "calls": calls})

def oc(perm, **extra):
    d = {"permission": perm} if perm is not None else {}
    d.update(extra)
    return json.dumps(d, indent=2)

# 1-3: defaults, with and without git, and the plan agent.
case("oc-defaults-git", "defaults", BASE_BASH + BASE_FILES + SECRETS + OUTSIDE[:4] + FETCH[:1])
case("oc-defaults-nogit", "defaults-nogit", BASE_BASH[:12] + BASE_FILES + SECRETS[:2] + OUTSIDE[3:6], git=False)
case("oc-plan-defaults", "plan-agent", BASE_BASH[:14] + BASE_FILES + SECRETS[:1] + OUTSIDE[:2], mode="plan")
# 4: an allow list under a "*" ask.
allow = {"*": "ask", "git status*": "allow", "git log *": "allow", "ls*": "allow", "echo *": "allow", "cat *": "allow", "pwd": "allow"}
case("oc-bash-allowlist", "bash-allowlist", [bash(c) for c in ["ls", "ls -la src", "git status --short", "git log --oneline -1", "echo hi",
     "cat a.txt", "pwd", "git status && ls", "ls | head -1", "echo hi > out.txt", "git status; echo ok", "make"]] + BASE_FILES[:3],
     proj={"opencode.json": oc({"bash": allow})})
# 5: a deny list under the default allow.
deny = {"rm *": "deny", "git push *": "deny", "curl *": "deny", "sudo *": "deny", "chmod *": "deny"}
case("oc-bash-denylist", "bash-denylist", BASE_BASH + [bash(c) for c in ["rm", "git push", "ls && rm -rf build", "echo ok | curl -s http://127.0.0.1:9/ -d @-",
     "(rm -rf build)", "bash -c 'rm -rf build'", "xargs rm < /dev/null", "env rm -rf build", "command rm -rf build", "git  push origin main"]],
     proj={"opencode.json": oc({"bash": deny})})
# 6-8: order traps.
case("oc-order-catchall-after-deny", "order-catchall-after-deny", [bash(c) for c in ["rm -rf build", "git push origin main", "ls", "echo hi"]] + BASE_FILES[:4],
     proj={"opencode.json": oc({"bash": {"rm *": "deny", "git push *": "deny", "*": "allow"}})})
case("oc-order-specific-last", "order-specific-last", [bash(c) for c in ["git status", "git push origin main", "git push", "git log -1", "git pushx", "ls"]],
     proj={"opencode.json": oc({"bash": {"git *": "allow", "git push *": "deny"}})})
case("oc-order-specific-first", "order-specific-first", [bash(c) for c in ["git status", "git push origin main", "git push", "git log -1", "ls"]],
     proj={"opencode.json": oc({"bash": {"git push *": "deny", "git *": "allow"}})})
case("oc-order-toplevel-star", "order-toplevel-star-after-bash", [bash("ls"), read("a.txt"), write("x.txt"), bash("rm -rf build")],
     proj={"opencode.json": oc({"bash": {"*": "allow", "rm *": "deny"}, "*": "ask"})})
case("oc-order-toplevel-star-first", "order-toplevel-star-first", [bash("ls"), bash("rm -rf build"), read("a.txt"), write("x.txt"), bash("git status")] + BASE_FILES[:3],
     proj={"opencode.json": oc({"*": "ask", "bash": {"*": "allow", "rm *": "deny"}, "read": "allow", "edit": "deny"})})
# 9-10: ? and * patterns.
case("oc-patterns-question", "patterns-question-mark", [bash(c) for c in ["ls a", "ls ab", "ls", "git log -1", "git log -12", "echo x"]] +
     [read("secret1.txt"), read("secret12.txt"), read("a.txt"), write("src/a.go"), write("src/ab.go"), write("src/x/a.go"), write("docs/b.md")],
     proj={"opencode.json": oc({"bash": {"*": "allow", "ls ?": "deny", "git log -?": "deny"}, "read": {"*": "allow", "secret?.txt": "deny"},
                                "edit": {"*": "deny", "src/?.go": "allow", "docs/*": "allow"}}), "secret12.txt": "s\n"})
case("oc-patterns-star-paths", "patterns-star-paths", [write("src/a.go"), write("src/deep/b.go"), write("docs/x.md"), write("notes.md"), write("a.txt"),
     edit("README.md", "# readme", "# R"), read("src/main.go"), read("keys/server.pem"), read("build/out.o"), write("build/y.o"), write("top.txt")],
     proj={"opencode.json": oc({"edit": {"*": "ask", "src/*": "allow", "*.md": "allow", "build/*": "deny"}, "read": {"*.pem": "deny", "build/*": "deny"}})})
# 11-12: edits.
case("oc-edit-deny-all", "edit-deny-all", [write("a.txt"), edit("README.md", "# readme", "# R"), write("src/z.go"), bash("ls"), read("a.txt"), bash("echo hi > f.txt")],
     proj={"opencode.json": oc({"edit": "deny"})})
case("oc-edit-deny-except", "edit-deny-except-docs", [write("a.txt"), write("docs/new.md"), write("docs/sub/x.md"), edit("docs/guide.md", "# guide", "# Guide"),
     write("src/z.go"), edit("README.md", "# readme", "# R"), write("/home/user/other/x.txt"), read("a.txt")],
     proj={"opencode.json": oc({"edit": {"*": "deny", "docs/*": "allow"}})})
# 13-14: reads.
case("oc-read-deny-secrets", "read-deny-secrets", SECRETS + [read(".env.example"), read("a.txt"), read("config/.env.example"), bash("cat .env"), grep("SECRET"), glob("**/.env")],
     proj={"opencode.json": oc({"read": {"*": "allow", "*.env": "deny", "*.env.*": "deny", "*.pem": "deny"}}), "config/.env.example": "X=\n"})
case("oc-read-env-allowed", "read-env-allowed", SECRETS + [read(".env.example"), read("a.txt")],
     proj={"opencode.json": oc({"read": {"*.env": "allow", "*.env.*": "allow"}})})
# 15-17, 32: external directories.
case("oc-external-allow", "external-allow", OUTSIDE + [bash("cat /etc/hostname && ls"), read("/tmp/nothing.txt"), bash("ls /tmp")],
     proj={"opencode.json": oc({"external_directory": "allow"})})
case("oc-external-deny", "external-deny", OUTSIDE + [bash("ls"), read("a.txt"), bash("cat ../proj/a.txt"), bash("cat ~/other/notes.txt"), bash("touch /tmp/x.txt")],
     proj={"opencode.json": oc({"external_directory": "deny"})})
case("oc-external-pattern", "external-pattern", OUTSIDE + [read("/home/user/other/sub/deep.txt"), bash("cat /home/user/other/notes.txt")],
     proj={"opencode.json": oc({"external_directory": {"*": "deny", "/home/user/other/*": "allow"}})})
case("oc-external-tilde", "external-tilde", OUTSIDE + [bash("cat ~/other/notes.txt")],
     proj={"opencode.json": oc({"external_directory": {"~/other/*": "allow", "/etc/*": "deny"}})})
# 18-21: layers.
case("oc-merge-global-project", "merge-global-project", [bash(c) for c in ["git status", "git push origin main", "git log -1", "ls"]] + BASE_FILES[:4],
     home={".config/opencode/opencode.json": oc({"bash": {"*": "ask", "git *": "allow", "ls": "allow"}})},
     proj={"opencode.json": oc({"bash": {"git push *": "deny"}})})
case("oc-merge-custom-env", "merge-opencode-config-env", [bash(c) for c in ["git status", "npm test", "rm -rf build", "ls", "echo hi"]] + [write("a.txt"), read(".env")],
     home={".config/opencode/opencode.json": oc({"bash": {"rm *": "ask"}, "read": {"*.env": "deny"}}),
           "custom/opencode.json": oc({"bash": {"rm *": "deny", "npm *": "deny"}})},
     proj={"opencode.json": oc({"edit": {"a.txt": "deny"}})}, env={"OPENCODE_CONFIG": "/home/user/custom/opencode.json"})
case("oc-merge-dotdir", "merge-dotopencode-dir", [bash(c) for c in ["rm -rf build", "git push origin main", "ls"]] + [fetch("https://example.com/"), write("a.txt"), read("a.txt")],
     proj={"opencode.json": oc({"bash": {"rm *": "deny"}, "webfetch": "deny", "edit": "deny"}),
           ".opencode/opencode.json": oc({"bash": {"rm *": "allow", "git push *": "deny"}, "edit": "allow"})})
case("oc-merge-jsonc", "merge-json-then-jsonc", [bash(c) for c in ["rm -rf build", "git push origin main", "ls", "echo hi"]] + [write("a.txt"), read("a.txt")],
     proj={"opencode.json": oc({"bash": {"rm *": "deny", "echo *": "deny"}}),
           "opencode.jsonc": '{\n  // comments are fine here\n  "permission": {\n    "bash": {"echo *": "allow", "git push *": "deny",},\n  },\n}\n'})
# 22-25: agents.
case("oc-agent-build-block", "agent-build-permission", [bash(c) for c in ["git status", "git push origin main", "ls", "rm -rf build"]] + BASE_FILES[:5],
     mode="build", proj={"opencode.json": oc({"bash": {"rm *": "deny"}}, agent={"build": {"permission": {"bash": {"git *": "deny", "rm *": "allow"}}}})})
case("oc-agent-custom", "agent-custom-review", [bash(c) for c in ["git diff", "git log -1", "ls", "rm -rf build"]] + [write("a.txt"), read("a.txt"), read(".env")],
     mode="review", proj={"opencode.json": oc({"bash": {"*": "allow"}}, agent={"review": {"mode": "primary", "description": "review",
           "permission": {"bash": {"rm *": "deny", "git *": "allow"}, "edit": "deny", "read": {"*.env": "deny"}}}})})
case("oc-agent-plan-edit-allowed", "agent-plan-config-edit-allow", [write("a.txt"), edit("README.md", "# readme", "# R"), write("src/q.go"), bash("ls"), bash("rm -rf build"), read("a.txt")],
     mode="plan", home={".config/opencode/opencode.json": oc({"edit": "allow"})})
case("oc-agent-plan-rules", "agent-plan-with-rules", [write("a.txt"), write(".opencode/plans/p.md"), bash("ls"), bash("git push origin main"), read(".env.example"), fetch("https://example.com/")],
     mode="plan", proj={"opencode.json": oc({"bash": {"git push *": "deny"}, "webfetch": "deny"}, agent={"plan": {"permission": {"bash": {"ls": "deny"}}}})})
case("oc-agent-default-agent", "agent-default-agent-config", [bash("ls"), bash("rm -rf build"), write("a.txt"), read("a.txt")],
     proj={"opencode.json": oc(None, default_agent="safe", agent={"safe": {"mode": "primary", "description": "safe", "permission": {"bash": {"rm *": "deny"}, "edit": "deny"}}})})
# 26: web fetches.
case("oc-webfetch-rules", "webfetch-patterns", [fetch("https://evil.example.net/x"), fetch("http://docs.example.com/a"), fetch("https://docs.example.com/page"), bash("ls")],
     proj={"opencode.json": oc({"webfetch": {"*": "deny", "https://docs.example.com/*": "ask"}})})
# 27: shell splitting.
case("oc-shell-splitting", "shell-splitting", [bash(c) for c in [
    "ls && rm -rf build", "ls; rm -rf build", "ls || rm -rf build", "ls | rm -rf build", "echo $(rm -rf build)", "echo `rm -rf build`",
    "(cd src && rm -rf x)", "{ rm -rf build; }", "if true; then rm -rf build; fi", "for f in a; do rm -rf $f; done",
    "bash -c 'rm -rf build'", "sh -c \"rm -rf build\"", "xargs rm -rf < /dev/null", "find . -name '*.o' -delete", "git status && git log -1",
    "ls > /dev/null 2>&1", "rm -rf build > log.txt", "echo rm -rf build", "FOO=bar rm -rf build", "time rm -rf build", "! rm -rf build",
    "ls &", "cat <<'EOF'\nrm -rf build\nEOF", "echo 'a; rm -rf build'", "ls\nrm -rf build"]],
     proj={"opencode.json": oc({"bash": {"*": "allow", "rm *": "deny"}})})
case("oc-shell-asks", "shell-splitting-asks", [bash(c) for c in ["ls && git status", "git status && curl -s http://127.0.0.1:9/", "echo $(curl -s http://127.0.0.1:9/)"]],
     proj={"opencode.json": oc({"bash": {"*": "allow", "curl *": "ask"}})})
# 28-29: legacy tools switch, permission as one word.
case("oc-legacy-tools", "legacy-tools-switch", [bash("ls"), write("a.txt"), read("a.txt"), fetch("https://example.com/"), glob("*.go")],
     proj={"opencode.json": json.dumps({"tools": {"bash": False, "write": False, "webfetch": False}})})
case("oc-permission-word", "permission-one-word", [bash("ls"), read("a.txt"), write("x.txt")],
     proj={"opencode.json": oc("deny")})
# 31: outside git, patterns are relative to "/".
case("oc-nogit-relative-root", "nogit-relative-root", [write("src/a.go"), write("docs/guide2.md"), write("a.txt"), read(".env"), read("a.txt"), bash("ls")], git=False,
     proj={"opencode.json": oc({"edit": {"*": "deny", "src/*": "allow", "home/user/proj/docs/*": "allow"}})})
# 33: search tools.
case("oc-search-tools", "search-tools", [grep("package"), grep("SECRET"), glob("**/*.go"), glob("**/.env"), glob("*.md", f"{P}/docs"), grep("x", "/home/user/other"), bash("ls")],
     proj={"opencode.json": oc({"grep": {"*": "allow", "SECRET": "deny"}, "glob": {"*": "allow", "**/.env": "deny"}})})
# 34: OPENCODE_PERMISSION.
case("oc-env-permission", "env-opencode-permission", [bash("rm -rf build"), bash("ls"), write("a.txt"), read("a.txt")],
     proj={"opencode.json": oc({"bash": {"rm *": "allow"}})}, env={"OPENCODE_PERMISSION": json.dumps({"bash": {"rm *": "deny"}, "edit": "deny"})})

# More everyday calls where the shell's default stays allow.
MORE = {"oc-bash-denylist": 0, "oc-order-catchall-after-deny": 1, "oc-order-specific-last": 1, "oc-agent-build-block": 1, "oc-agent-custom": 1,
        "oc-env-permission": 1, "oc-merge-dotdir": 1, "oc-merge-jsonc": 1, "oc-read-deny-secrets": 1, "oc-external-allow": 1,
        "oc-external-deny": 1, "oc-agent-plan-rules": 1, "oc-search-tools": 1, "oc-nogit-relative-root": 1}
for c in cases:
    if MORE.get(c["id"]):
        c["calls"] = c["calls"] + BASE_BASH
with open(sys.argv[1] if len(sys.argv) > 1 else "opencode.cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c, ensure_ascii=False) + "\n")
print(len(cases), "cases,", sum(len(c["calls"]) for c in cases), "calls", file=sys.stderr)
