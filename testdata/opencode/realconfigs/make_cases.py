#!/usr/bin/env python3
"""Writes the OpenCode real-configuration corpora (README.md): for every
committed configuration under src/ (sources.tsv says where each came from),
the calls an agent session in that repository would make.

Shell commands come from the configuration's own bash patterns ("git
status *" becomes `git status --short`), with the variations agents
produce (extra words, &&/|/; chains, redirects, $(…), `cd x && …`, near
misses), plus everyday and dangerous commands, reads of the paths its read
rules name, edits, reads outside the project, and a web fetch. A
configuration repository (someone's ~/.config/opencode) is laid out in the
home; a project's opencode.json in the project. Files a configuration
includes with {file:…} are written empty so that it loads. An ask ends an
`opencode run`, so each configuration gets about fifteen calls.

    python3 make_cases.py            # realconfigs.cases.jsonl
    python3 make_cases.py --heldout  # heldout.cases.jsonl
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
H = "/home/user"
HELDOUT = {"0xbaitan/FulgensUI", "24-firon/viron-marketing-setup"}
GLOBAL = {"rnovatorov/dotfiles", "0xrin1/dotfiles", "0xC0D3D00D/opencode.config", "35iter-cn/opencode-configs",
          "5kahoisaac/opencode-configs", "Aidanmcgrath94/opencode-config", "0rac1e/opencode-kit"}

PROJECT = {
    "README.md": "# app\n", "a.txt": "hello\n", "src/main.go": "package main\n", "docs/guide.md": "# guide\n",
    ".env": "SECRET=1\n", ".env.example": "SECRET=\n", ".envrc": "export X=1\n", "config/application.yml": "k: v\n",
    "config/credentials.yml.enc": "enc\n", "keys/server.pem": "pem\n", "scratchpad/note.txt": "n\n",
    "Makefile": "test:\n\t@echo test-ok\n", "package.json": '{"name":"app","scripts":{"lint":"echo lint"}}\n',
}
HOME = {"other/notes.txt": "notes\n"}


def bash(c):
    return {"tool": "bash", "input": {"command": c, "description": "scripted"}}


def read(p):
    return {"tool": "read", "input": {"filePath": p if p.startswith("/") else f"{P}/{p}"}}


def write(p, content="x\n"):
    return {"tool": "write", "input": {"filePath": p if p.startswith("/") else f"{P}/{p}", "content": content}}


def edit(p, old, new):
    return {"tool": "edit", "input": {"filePath": f"{P}/{p}", "oldString": old, "newString": new}}


def jsonc(text):
    """JSON with comments and trailing commas, as OpenCode reads it."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            i = text.find("*/", i) + 2
        else:
            out.append(c)
            i += 1
    s = re.sub(r",(\s*[}\]])", r"\1", "".join(out))
    return json.loads(s)


def command_of(pat):
    """A command the bash pattern matches."""
    if pat.strip() in ("*", ""):
        return None
    c = pat
    if c.endswith(" *"):
        c = c[:-2] + " --short" if c.startswith("git") else c[:-2] + " a.txt"
    c = c.replace("*", "x").replace("?", "x")
    return c


def perms_of(cfg, agent):
    """The permission blocks that apply to the agent, in order."""
    blocks = []
    if isinstance(cfg.get("permission"), dict):
        blocks.append(cfg["permission"])
    a = (cfg.get("agent") or {}).get(agent) or {}
    if isinstance(a.get("permission"), dict):
        blocks.append(a["permission"])
    return blocks


def calls_for(cfg, agent):
    blocks = perms_of(cfg, agent)
    cmds, reads = [], []
    for b in blocks:
        bash_rules = b.get("bash")
        if isinstance(bash_rules, dict):
            for pat, act in bash_rules.items():
                c = command_of(pat)
                if c:
                    cmds.append((c, act))
        r = b.get("read")
        if isinstance(r, dict):
            for pat, act in r.items():
                p = pat.replace("**/", "config/").replace("*", "x")
                if p != "x":
                    reads.append(p)
    # the ones the rules allow first: an ask ends the run
    cmds.sort(key=lambda x: {"allow": 0, "deny": 1}.get(x[1], 2))
    seen, out = set(), []
    kinds = [lambda c: c + " && ls", lambda c: c + " | head -1", lambda c: c + " > out.txt",
             lambda c: "echo $(" + c + ")", lambda c: "cd src && " + c, lambda c: c + "; echo done",
             lambda c: c.split()[0] + "x" + (" " + " ".join(c.split()[1:]) if len(c.split()) > 1 else "")]
    picked = cmds[:6]
    for k, (c, act) in enumerate(picked):
        for x in (c, kinds[k % len(kinds)](c)):
            if x not in seen:
                seen.add(x)
                out.append(bash(x))
    allowed = [c for c, a in cmds if a == "allow"]
    if len(allowed) >= 2:
        out.append(bash(allowed[0] + " && " + allowed[1]))
    out += [bash(c) for c in ["ls", "git status --short", "echo hi > out.txt", "rm -rf build", "cat /etc/hostname"]]
    out += [read(p) for p in reads[:3]]
    out += [read("a.txt"), read(".env"), read("/home/user/other/notes.txt"),
            edit("README.md", "# app", "# App"), write("src/new.go", "package main\n"),
            {"tool": "webfetch", "input": {"url": "https://example.com/", "format": "text"}}]
    return out


def main():
    heldout = "--heldout" in sys.argv
    by_repo = {}
    for line in open(os.path.join(HERE, "sources.tsv")):
        repo, path, commit, via, perm = line.rstrip("\n").split("\t")
        if path.startswith("profiles/"):
            continue
        by_repo.setdefault(repo, []).append(path)
    cases = []
    for repo in sorted(by_repo):
        if (repo in HELDOUT) != heldout:
            continue
        for path in by_repo[repo]:
            text = open(os.path.join(HERE, "src", repo.replace("/", "+"), path), encoding="utf-8").read()
            try:
                cfg = jsonc(text)
            except Exception as e:
                print(repo, "not parsed:", e, file=sys.stderr)
                continue
            if "permission" not in text:
                continue
            slug = repo.replace("/", "-").replace(".", "-").lower()
            name = os.path.basename(path)
            stubs = {m: "" for m in re.findall(r"\{file:\./([^}]+)\}", text)}
            home, proj = dict(HOME), dict(PROJECT)
            if repo in GLOBAL:
                home[".config/opencode/" + name] = text
                for m in stubs:
                    home[".config/opencode/" + m] = "stub\n"
            else:
                proj[name] = text
                for m in stubs:
                    proj[m] = "stub\n"
            agents = [cfg.get("default_agent") or "build"]
            if agents[0] != "plan":
                agents.append("plan")
            for agent in agents:
                calls = calls_for(cfg, agent)
                if agent == "plan":
                    calls = calls[:8] + calls[-4:]
                cid = f"ro-{slug}-" + re.sub(r"[^a-z0-9]+", "-", agent.lower()).strip("-")
                cases.append({"id": cid, "harness": "opencode", "config": cid[3:], "git": True,
                              "mode": None if agent == agents[0] and agent == "build" else agent, "trust": True,
                              "home_files": home, "project_files": proj, "args": [], "env": {}, "calls": calls})
    out = "heldout.cases.jsonl" if heldout else "realconfigs.cases.jsonl"
    with open(os.path.join(HERE, out), "w") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(len(cases), "cases,", sum(len(c["calls"]) for c in cases), "calls ->", out, file=sys.stderr)


main()
