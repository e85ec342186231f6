#!/usr/bin/env python3
"""Writes claude.cases.jsonl: permsim's own differential cases for Claude Code.

Run from this folder: python3 make_cases.py. Then record the real answers with
    permsim verify --harness claude --cases claude.cases.jsonl --record claude.results.jsonl
(make verify). The cases use the shared corpus's layout (home /home/user, project
/home/user/proj) and format; "managed_files" (relative to /etc/claude-code) is
permsim's extension. Calls that need the network or write outside the project are
left out of the sandbox configurations: Claude Code's own sandbox cannot start
nested inside the verifier's bubblewrap, so only its permission layer is observed.
"""
import json

PROJECT = {
    "go.mod": "module example.com/shop\n\ngo 1.22\n",
    "main.go": "package main\n\nfunc main() {}\n",
    "Makefile": "build:\n\t@echo build\nlint:\n\t@echo lint\ndeploy:\n\t@echo deploy\n",
    "src/app.py": "print('app')\n",
    "src/util.py": "X = 1\n",
    ".env": "SECRET=not-real\n",
    "config/prod.env": "DB=not-real\n",
    "certs/server.pem": "-----BEGIN CERTIFICATE-----\nnot-real\n-----END CERTIFICATE-----\n",
    "README.md": "# shop\n",
    "docs/guide.md": "guide\n",
    "scripts/build.sh": "#!/bin/sh\necho build\n",
}
HOME = {
    ".bashrc": "# bashrc\n",
    ".ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key\n-----END OPENSSH PRIVATE KEY-----\n",
    ".aws/credentials": "[default]\naws_access_key_id = not-real\n",
    "work/notes.txt": "notes\n",
    ".config/gh/hosts.yml": "github.com:\n  oauth_token: not-real\n",
}
P = "/home/user/proj"
H = "/home/user"

def sh(cmd): return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}
def rd(p): return {"tool": "Read", "input": {"file_path": p}}
def ed(p, old, new): return {"tool": "Edit", "input": {"file_path": p, "old_string": old, "new_string": new}}
def wr(p, text="x\n"): return {"tool": "Write", "input": {"file_path": p, "content": text}}

# General calls, in cases of a few calls each (state carries over inside a case).
GEN = [
    [sh("ls -la"), sh("git status"), sh("make build"), sh("make deploy"), sh("git push origin main"), sh("FOO=1 make build")],
    [rd(P + "/main.go"), ed(P + "/main.go", "func main() {}", "func main() { println() }"), wr(P + "/new.txt"), rd(P + "/.env"),
     rd(H + "/.ssh/id_ed25519"), rd("/etc/hostname")],
    [sh("cat .env"), sh("head -3 config/prod.env"), sh("echo hi > out.txt"), sh("touch newfile.txt"), sh("mkdir -p build && touch build/x"),
     sh("timeout 5 make build")],
    [sh("python3 -c 'print(1)'"), sh("sh -c 'make deploy'"), sh("git tag v1"), sh("rm -rf build"), sh("cat ~/.aws/credentials"),
     sh("git log --oneline -3")],
    [rd(P + "/src/app.py"), ed(P + "/src/app.py", "print('app')", "print('app2')"), wr(P + "/.vscode/settings.json", "{}\n"),
     wr(H + "/.zshrc", "# zshrc\n"), rd(H + "/work/notes.txt"), wr(P + "/src/new.py")],
    [sh("make lint && make build"), sh("make build; make deploy"), sh("cat certs/server.pem"), rd(P + "/certs/server.pem"),
     sh("sudo make build"), sh("nohup make build")],
]

R1 = {"permissions": {
    "allow": ["Bash(make build)", "Bash(git status)", "Bash(git log *)", "Edit(src/**)", "Bash(python3 -c *)"],
    "deny": ["Bash(make deploy)", "Read(./.env)", "Read(./certs/**)"],
    "ask": ["Bash(git push *)", "Bash(git tag *)"]}}

HOOK = r"""#!/bin/sh
# The team gate: reads the PreToolUse JSON on stdin, prints a verdict.
input=$(cat)
json() { printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s","permissionDecisionReason":"%s"}}\n' "$1" "$2"; exit 0; }
case "$input" in
  *'make deploy'*) echo "deploys are blocked by the team hook" >&2; exit 2 ;;
  *'"command":"git tag'*) json ask "tags need review" ;;
  *'"command":"make build'*) json allow "known safe" ;;
  *'"command":"rm -rf'*) printf '{"decision":"block","reason":"no recursive removal"}\n'; exit 0 ;;
  *'"command":"python3'*) printf '{"continue":false,"stopReason":"no python here"}\n'; exit 0 ;;
  *credentials*) json deny "secret material" ;;
  *'.pem'*) json deny "certificates are off limits" ;;
  *'"command":"ls'*) echo "the gate is confused" >&2; exit 1 ;;
  *'"command":"touch'*) printf '{"hookSpecificOutput":{"permissionDecision":"deny"}}\n'; exit 0 ;;
esac
exit 0
"""

def hooks(matcher, handler): return {"PreToolUse": [{"matcher": matcher, "hooks": [handler]}]}

cases = []
def add(config, calls_groups, mode, home=None, project=None, managed=None, trust=False, args=None):
    for i, calls in enumerate(calls_groups):
        c = {"id": "pv-%s-%02d" % (config, i), "harness": "claude", "config": config, "git": True, "mode": mode, "trust": trust,
             "home_files": dict(HOME, **(home or {})), "project_files": dict(PROJECT, **(project or {})),
             "args": args or [], "env": {}, "calls": calls}
        if managed:
            c["managed_files"] = managed
        cases.append(c)

S = lambda d: json.dumps(d, indent=2)

# 1. One rule set in every mode.
for mode in ["default", "acceptEdits", "plan", "dontAsk", "bypassPermissions", "auto", None]:
    add("r1-user-%s" % (mode or "none"), GEN, mode, home={".claude/settings.json": S(R1)})

# 2. Hooks (sh scripts: exit 2, JSON allow/ask/deny, decision block, continue false, exit 1, JSON without hookEventName).
hooked = dict(R1, hooks=hooks("Bash|Read", {"type": "command", "command": "sh /home/user/.claude/hooks/gate.sh"}))
HOOKCALLS = GEN + [[sh("ls"), sh("touch zzz"), sh("git tag v2"), sh("rm -rf build"), sh("python3 -c 'print(2)'"), rd(P + "/certs/server.pem")]]
# A continue: false answer ends the session after the call, so python3 calls go last.
HOOKCALLS = [sorted(g, key=lambda c: c["input"].get("command", "").startswith("python3")) for g in HOOKCALLS]
for mode in ["default", "acceptEdits", "bypassPermissions", "dontAsk"]:
    add("hooks-user-%s" % mode, HOOKCALLS, mode, home={".claude/settings.json": S(hooked), ".claude/hooks/gate.sh": HOOK})
iffy = {"hooks": hooks("Bash", {"type": "command", "command": "echo 'no pushing from here' >&2; exit 2", "if": "Bash(git push *)"})}
add("hooks-if-default", [[sh("git push origin main"), sh("git status && git push origin main"), sh("git status"), sh("GIT_TRACE=1 git push origin x"),
                          sh("echo hi"), sh("make build")]], "default", home={".claude/settings.json": S(iffy)})
add("hooks-disabled-project", [[sh("ls"), sh("make deploy"), sh("git status"), rd(P + "/certs/server.pem")]], "default", trust=True,
    home={".claude/settings.json": S(hooked), ".claude/hooks/gate.sh": HOOK}, project={".claude/settings.json": S({"disableAllHooks": True})})
regex = {"hooks": hooks("Ed.*|Wr.*", {"type": "command", "command": "echo 'no edits today' >&2; exit 2"})}
add("hooks-regex-acceptEdits", [[rd(P + "/main.go"), ed(P + "/main.go", "func main() {}", "func main() { }"), wr(P + "/new.txt"), sh("touch made.txt"),
                                  sh("ls")]], "acceptEdits", home={".claude/settings.json": S(regex)})

# 3. Managed settings.
managed_only = {"permissions": {"deny": ["Bash(git push *)"], "allow": ["Bash(make lint)"]}, "allowManagedPermissionRulesOnly": True}
for mode in ["default", "acceptEdits"]:
    add("managed-only-%s" % mode, [[sh("make build"), sh("make lint"), sh("git push origin main"), sh("make deploy"), rd(P + "/.env"),
                                     sh("git status")]], mode, home={".claude/settings.json": S(R1)},
        managed={"managed-settings.json": S(managed_only)})
add("managed-dropin-default", [[sh("make build"), sh("make lint"), sh("git push origin main"), sh("git status"), sh("make deploy")]], "default",
    home={".claude/settings.json": S(R1)},
    managed={"managed-settings.json": S({"permissions": {"allow": ["Bash(make lint)"]}}),
             "managed-settings.d/10-team.json": S({"permissions": {"ask": ["Bash(make build)"], "deny": ["Bash(git status)"]}})})

# 4. blockReadsOutsideWorkingDirectories.
block = {"permissions": {"blockReadsOutsideWorkingDirectories": True, "allow": ["Bash(head *)", "Read(~/work/**)"]}}
BLOCKCALLS = [[sh("cat /etc/hostname"), rd("/etc/hostname"), rd(H + "/work/notes.txt"), sh("head -1 ~/.bashrc"), sh("ls"), sh("cat main.go")],
              [sh("(cd /tmp && ls)"), sh("cd src && cd .. && ls"), rd(P + "/main.go"), sh("wc -l /etc/hostname"), sh("git status"),
               sh("head -2 README.md")]]
for mode in ["default", "auto", "bypassPermissions", "acceptEdits"]:
    add("blockreads-user-%s" % mode, BLOCKCALLS, mode, home={".claude/settings.json": S(block)})

# 5. The sandbox's auto-allow (no network, no writes outside the project).
sbx = dict(R1, sandbox={"enabled": True, "autoAllowBashIfSandboxed": True, "excludedCommands": ["docker *", "make"]})
SBCALLS = [[sh("python3 -c 'print(1)'"), sh("make lint"), sh("docker run x"), sh("git tag v1"), sh("make deploy"), sh("echo hi > out.txt")],
           [sh("rm -rf build"), sh("cat .env"), sh("node -e 1"), sh("make"), sh("ls -la"), sh("go vet ./...")]]
for mode in ["default", "acceptEdits", "dontAsk", "plan", "bypassPermissions"]:
    add("sandbox-user-%s" % mode, SBCALLS, mode, home={".claude/settings.json": S(sbx)})
add("sandbox-noauto-default", SBCALLS, "default", home={".claude/settings.json": S(dict(R1, sandbox={"enabled": True}))})

# 6. Deny rules that shadow allow and ask rules; untrusted local settings.
shadow = {"permissions": {"allow": ["Bash(git status)", "Bash(git push:*)", "Edit(./certs/**)"], "ask": ["Bash(git log *)"],
                          "deny": ["Bash(git *)", "Read(./certs/**)"]}}
add("shadow-user-default", [[sh("git status"), sh("git push origin main"), sh("git log -1"), wr(P + "/certs/new.pem"), sh("ls")]], "acceptEdits",
    home={".claude/settings.json": S(shadow)})
local = {"permissions": {"allow": ["Bash(make deploy)", "Bash(python3 *)"], "deny": ["Bash(make lint)"], "ask": ["Bash(ls *)"]}}
for trust in [False, True]:
    add("local-%s-default" % ("trusted" if trust else "untrusted"), [[sh("make deploy"), sh("python3 -c 'print(3)'"), sh("make lint"),
                                                                   sh("ls -la"), sh("ls")]], "default", trust=trust,
        project={".claude/settings.local.json": S(local)})

with open("claude.cases.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c, sort_keys=True) + "\n")
configs = sorted({c["config"] for c in cases})
print("%d cases, %d calls, %d configurations" % (len(cases), sum(len(c["calls"]) for c in cases), len(configs)))
