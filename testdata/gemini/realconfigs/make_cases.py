#!/usr/bin/env python3
"""Writes the Gemini CLI real-configuration corpora (README.md): for every
committed configuration under src/ (sources.tsv says where each came from),
the calls an agent session in that repository would make.

Shell commands come from the policies' own rules: each commandPrefix, and
for a commandRegex one string the regular expression matches (sampled from
its parse tree), with the variations agents produce (extra flags, &&/|/;
chains — also chains of two commands the rules allow —, redirects, $(…),
`cd x && …`), plus everyday and dangerous commands and the file tools on
the paths the rules name. Gemini CLI 0.61.0 does not load a project's
.gemini/policies (issue #18186), so a repository's policies are recorded as
committed and as their authors use them, copied to ~/.gemini/policies; a
dotfiles repository's .gemini is the home's.

    python3 make_cases.py            # realconfigs.cases.jsonl
    python3 make_cases.py --heldout  # heldout.cases.jsonl
    python3 make_cases.py --headless # headless.cases.jsonl: the same
        configurations (as their authors use them) through `gemini -p`
"""
import json, os, sys, tomllib
import re._parser as sre_parse
import re._constants as C

HERE = os.path.dirname(os.path.abspath(__file__))
P = "/home/user/proj"
H = "/home/user"
HELDOUT = {"joseguzman1337/flipperzero-firmware", "ken109/dotfiles", "BillAnastasiadis/openqa-review-assist-gemini"}
DOTFILES = {"jlaws/dotfiles", "ken109/dotfiles", "Daiki48/dotfiles", "rnovatorov/dotfiles", "1natsu172/dotfiles"}
OTHER_MODE = ["autoEdit", "yolo", "plan"]
MODE_ARG = {"default": "default", "autoEdit": "auto_edit", "yolo": "yolo", "plan": "plan"}

PROJECT = {
    "README.md": "# app\n", "Makefile": "check:\n\t@echo check-ok\ntest:\n\t@echo test-ok\n",
    "package.json": '{"name":"app","scripts":{"test":"echo ok","lint":"echo lint","build":"echo build"}}\n',
    "src/main.py": "print('hi')\n", "src/app.ts": "export const x = 1\n", "docs/guide.md": "# guide\n",
    ".env": "DB_PASSWORD=not-a-real-password\n", "secrets/token.txt": "not-a-token\n", "credentials.json": "{}\n",
    "GEMINI.md": "# notes\n", "scripts/fetch_job_data.py": "print(1)\n", "tests/t.txt": "t\n",
}
HOME = {".bash_profile": "# profile\n", "notes.txt": "notes\n", ".aws/credentials": "[default]\naws_access_key_id=x\n"}


def sh(c):
    return {"tool": "run_shell_command", "input": {"command": c, "description": "rh"}}


def sample(rx, k):
    """One string rx matches; k picks among alternatives."""
    try:
        tree = sre_parse.parse(rx)
    except Exception:
        return None
    out = []
    def walk(items, k):
        for op, av in items:
            if op == C.LITERAL:
                out.append(chr(av))
            elif op == C.NOT_LITERAL:
                out.append("a" if chr(av) != "a" else "b")
            elif op == C.ANY:
                out.append("x")
            elif op == C.IN:
                ch = None
                neg = False
                for o, a in av:
                    if o == C.NEGATE:
                        neg = True
                    elif o == C.LITERAL and ch is None:
                        ch = chr(a)
                    elif o == C.RANGE and ch is None:
                        ch = chr(a[0])
                    elif o == C.CATEGORY and ch is None:
                        ch = {C.CATEGORY_SPACE: " ", C.CATEGORY_DIGIT: "0"}.get(a, "a")
                out.append("a" if neg or ch is None else ch)
            elif op == C.BRANCH:
                opts = av[1]
                walk(opts[k % len(opts)], k // len(opts))
            elif op == C.SUBPATTERN:
                walk(av[-1], k)
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT, getattr(C, "POSSESSIVE_REPEAT", None)):
                lo, hi, body = av
                for _ in range(lo):
                    walk(body, k)
            elif op == C.CATEGORY:
                out.append({C.CATEGORY_SPACE: " ", C.CATEGORY_DIGIT: "0"}.get(av, "a"))
    walk(tree, k)
    s = "".join(out).strip()
    return s or None


def rules_of(text):
    try:
        return tomllib.loads(text).get("rule", []) or []
    except Exception as e:
        print("policy not parsed:", e, file=sys.stderr)
        return []


def shell_words(rules):
    """Commands the rules name, with their decision."""
    out = []
    for i, r in enumerate(rules):
        tools = r.get("toolName")
        tools = tools if isinstance(tools, list) else [tools]
        if not any(t in ("run_shell_command", "run_command", None) for t in tools):
            continue
        dec = r.get("decision", "?")
        pre = r.get("commandPrefix")
        if pre is not None:
            for p in (pre if isinstance(pre, list) else [pre]):
                p = p.strip()
                if p:
                    out.append((p, dec))
        rx = r.get("commandRegex") or r.get("command")
        if isinstance(rx, str):
            for k in (0, 1):
                s = sample(rx, k)
                if s:
                    out.append((s, dec))
    seen, uniq = set(), []
    for c, d in out:
        if c not in seen:
            seen.add(c)
            uniq.append((c, d))
    return uniq


# Programs that wait on their standard input when given no file: a rule
# naming one bare gets a file to read, as an agent would give it.
STDIN_READERS = {"cat", "head", "tail", "wc", "sort", "uniq", "tr", "tee", "xargs", "less", "more",
                 "python", "python3", "node", "bc", "sh", "bash"}


def commands_for(words):
    words = [(c + " README.md" if c in STDIN_READERS else c, d) for c, d in words]
    cmds = []
    kinds = [lambda c: c + " --help", lambda c: c + " && ls", lambda c: c + " | head -1", lambda c: c + " > out.txt",
             lambda c: "echo $(" + c + ")", lambda c: "cd src && " + c, lambda c: c + "; rm -rf build",
             lambda c: "FOO=1 " + c, lambda c: c + " ~/notes.txt", lambda c: "sudo " + c]
    for k, (c, d) in enumerate(words[:8]):
        cmds.append(c)
        cmds.append(kinds[(k * 3) % len(kinds)](c))
        if k % 2 == 0:
            cmds.append(kinds[(k * 3 + 5) % len(kinds)](c))
    allowed = [c for c, d in words if d == "allow"]
    if len(allowed) >= 2:
        cmds.append(allowed[0] + " && " + allowed[1])
        cmds.append(allowed[1] + " | " + allowed[0])
        cmds.append(allowed[0] + "; " + allowed[-1])
    seen, out = set(), []
    for c in cmds:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


EVERYDAY = ["ls", "git status", "echo hi > out.txt", "cat README.md", "npm test", "make check",
            "git add README.md && git commit -m x", "cat ~/.aws/credentials"]
FILES = [
    {"tool": "read_file", "input": {"file_path": P + "/README.md"}},
    {"tool": "read_file", "input": {"file_path": P + "/.env"}},
    {"tool": "read_file", "input": {"file_path": P + "/secrets/token.txt"}},
    {"tool": "read_file", "input": {"file_path": P + "/scripts/fetch_job_data.py"}},
    {"tool": "read_file", "input": {"file_path": H + "/.aws/credentials"}},
    {"tool": "list_directory", "input": {"dir_path": P}},
    {"tool": "glob", "input": {"pattern": "**/*.py"}},
    {"tool": "grep_search", "input": {"pattern": "print"}},
    {"tool": "write_file", "input": {"file_path": P + "/src/new.py", "content": "x = 1\n"}},
    {"tool": "replace", "input": {"file_path": P + "/GEMINI.md", "old_string": "# notes", "new_string": "# Notes", "instruction": "rh edit"}},
    {"tool": "write_file", "input": {"file_path": P + "/.gemini/settings.json", "content": "{}\n"}},
    {"tool": "write_file", "input": {"file_path": H + "/outside.txt", "content": "x\n"}},
    {"tool": "web_fetch", "input": {"prompt": "Summarize https://github.com/google-gemini/gemini-cli"}},
    {"tool": "google_web_search", "input": {"query": "gemini cli policy"}},
]
DANGER = ["rm -rf build", "git push --force origin main", "rm -rf ~/notes.txt", "curl -s http://127.0.0.1:9/ | sh"]


def load_sources():
    for line in open(os.path.join(HERE, "sources.tsv")):
        repo, path, commit, via, perm = line.rstrip("\n").split("\t")
        yield repo, path


def main():
    heldout = "--heldout" in sys.argv
    headless = "--headless" in sys.argv
    by_repo = {}
    for repo, path in load_sources():
        by_repo.setdefault(repo, []).append(path)
    cases = []
    n = 0
    for repo in sorted(by_repo):
        if (repo in HELDOUT) != heldout:
            continue
        files = {p: open(os.path.join(HERE, "src", repo.replace("/", "+"), p), encoding="utf-8").read() for p in by_repo[repo]}
        pols = {p: t for p, t in files.items() if p.startswith(".gemini/policies/")}
        extra = {p: t for p, t in files.items() if p.startswith(".gemini/extra-policies/")}
        sett = {p: t for p, t in files.items() if p == ".gemini/settings.json"}
        rules = [r for t in list(pols.values()) + list(extra.values()) for r in rules_of(t)]
        has_mode = any("defaultApprovalMode" in t or '"tools"' in t for t in sett.values())
        if not rules and not has_mode:
            continue
        slug = repo.replace("/", "-").lower()
        words = shell_words(rules)
        ruled = commands_for(words)
        full = [sh(c) for c in ruled + EVERYDAY] + FILES
        short = [sh(c) for c in ruled[:10] + EVERYDAY[:3]] + FILES[8:11]
        other = OTHER_MODE[n % len(OTHER_MODE)]
        n += 1
        layouts = []
        if repo in DOTFILES:
            layouts.append(("home", dict(HOME, **files), dict(PROJECT), []))
        else:
            layouts.append(("committed", dict(HOME), dict(PROJECT, **files), []))
            home = dict(HOME)
            for p, t in pols.items():
                home[p] = t
            layouts.append(("user", home, dict(PROJECT, **files), []))
            for p in extra:
                layouts.append(("flag-" + os.path.basename(p)[:-5], dict(HOME), dict(PROJECT, **files), ["--policy", P + "/" + p]))
        if headless:
            # The front end Gemini CLI runs without anyone to ask: one case
            # per configuration as its authors use it, in default mode and
            # in the other mode of its ACP cases.
            name, home, proj, args = layouts[-1] if repo in DOTFILES else layouts[1]
            for mode in ("default", other):
                cid = f"rg-{slug}-{name}-headless-{mode.lower()}"
                cases.append({"id": cid, "harness": "gemini", "config": cid[3:], "git": True, "mode": MODE_ARG[mode],
                              "trust": True, "home_files": home, "project_files": proj, "args": args,
                              "env": {"PERMSIM_GEMINI_HEADLESS": "1"}, "calls": short})
            continue
        for name, home, proj, args in layouts:
            modes = [("default", full if name != "committed" else short), (other, short)]
            if name.startswith("flag-"):
                modes = [("default", short), ("autoEdit", short)]
            for mode, calls in modes:
                cid = f"rg-{slug}-{name}-{mode.lower()}"
                base = {"harness": "gemini", "config": f"{slug}-{name}-{mode.lower()}", "git": True, "mode": MODE_ARG[mode],
                        "trust": True, "home_files": home, "project_files": proj, "args": args, "env": {}}
                cases.append(dict(base, id=cid, calls=calls))
            if name != "committed" and not name.startswith("flag-"):
                cases.append(dict(base, id=f"rg-{slug}-{name}-danger", config=f"{slug}-{name}-danger", mode="default",
                                  calls=[sh(c) for c in DANGER], isolate=True))
    out = "heldout.cases.jsonl" if heldout else "headless.cases.jsonl" if headless else "realconfigs.cases.jsonl"
    with open(os.path.join(HERE, out), "w") as f:
        for c in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    print(len(cases), "cases,", sum(len(c["calls"]) for c in cases), "calls ->", out, file=sys.stderr)


main()
