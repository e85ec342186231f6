#!/usr/bin/env python3
"""Draw heldout16 (drawn19.jsonl, ids e0001…): command-guard and sandbox
test suites of other agents and shells, and everyday project set-up
references, that no earlier draw used (README.md, "heldout16").

Each source is SOURCE=GITDIR@COMMIT, GITDIR a bare mirror (or any git
directory) of the collection; the files are read at COMMIT with git, so a
checkout is not needed. Sources are read in the order given and each has
its own random stream (seeded with SEED and its name), so adding a source
at the end leaves the lines drawn before it unchanged: the batches were
labelled and committed one after another.

  python3 draw16.py consoul=GITDIR@COMMIT claudeguard=… dozor=… ruff=… mypy=… \
      schlock=… clawcare=… safedevhooks=… pnpm=… > drawn19.jsonl

(README.md gives the commits, in that order.)

At most CAP lines of one repository; a line whose command an earlier draw
took (drawn.jsonl … drawn17.jsonl) or this draw took is left out.
"""
import ast
import os
import random
import re
import subprocess
import sys

from draw import draw_named, emit, fenced_lines, fill_angle, go_string, py_test_commands, shell_like, taken_before

SEED = 16  # heldout16; never changed after the first batch
CAP = 80  # lines of one repository at most, so that no collection dominates


def git_text(gitdir, commit, rel):
    """The text of rel at commit in gitdir."""
    return subprocess.run(["git", "--git-dir", gitdir, "show", f"{commit}:{rel}"], check=True,
                          capture_output=True).stdout.decode("utf-8", errors="replace")


def git_ls(gitdir, commit, under):
    """The paths of the files under the folder under at commit."""
    out = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "--name-only", commit, under], check=True,
                         capture_output=True).stdout.decode("utf-8")
    return out.split("\n")[:-1]


def py_entries(gitdir, commit, rels, calls, pool):
    """py_test_commands (draw.py) of each Python test file of rels, read at
    commit; each file is written to a scratch folder first."""
    import tempfile
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in rels:
            p = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w", encoding="utf-8") as f:
                f.write(git_text(gitdir, commit, rel))
            out += py_test_commands(tmp, rel, calls, pool)
    return out


def py_case_entries(gitdir, commit, rel, call, pool):
    """The commands of a Python test file, read with ast: the string items
    of every list assigned to a name ending in CASES, of every list a
    `for cmd in [...]` loop walks, and the first argument, a string, of
    every call of call; line = the literal's."""
    tree = ast.parse(git_text(gitdir, commit, rel))
    found = []

    def strs(lst):
        for e in lst.elts:
            if isinstance(e, ast.Constant) and isinstance(e.value, str):
                found.append((e.lineno, e.value))
    for n in ast.walk(tree):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) \
                and n.targets[0].id.endswith("CASES") and isinstance(n.value, ast.List):
            strs(n.value)
        if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == "cmd" \
                and isinstance(n.iter, ast.List):
            strs(n.iter)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == call and n.args \
                and isinstance(n.args[0], ast.Constant) and isinstance(n.args[0].value, str):
            found.append((n.args[0].lineno, n.args[0].value))
    return [{"source_path": rel, "line": ln, "raw": s, "pool": pool} for ln, s in sorted(found) if s.strip()]


def go_slice_entries(gitdir, commit, rel, pool):
    """Every Go string literal that stands alone on a line as an item of a
    []string list (`"cmd",`) of a Go test file; line = its line."""
    out = []
    for n, l in enumerate(git_text(gitdir, commit, rel).splitlines(), 1):
        m = re.match(r'^\s*("(?:[^"\\]|\\.)*"),\s*(//.*)?$', l)
        if m:
            s, _ = go_string(m.group(1), 0)
            out.append({"source_path": rel, "line": n, "raw": s, "pool": pool})
    return out


def md_entries(gitdir, commit, rel, pool):
    """Each shell-like line of the code blocks (fences none, bash, sh,
    shell, console) of a Markdown file, as draw.py's md_code_lines, its
    <placeholder>s and /path/to/ filled as cheat's (fill_angle, with a
    stream of its own per file)."""
    lines = git_text(gitdir, commit, rel).splitlines()
    es = fenced_lines(rel, lines, ("", "bash", "sh", "shell", "console"), pool,
                      lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)
    rng = random.Random(f"{SEED}:fill:{rel}")
    out = []
    for e in es:
        if shell_like(e["raw"]):
            e["raw"] = fill_angle(e["raw"], rng)
            out.append(e)
    return out


# Each source: name -> (repository, function(gitdir, commit) -> entries).
SOURCES = {
    # goatbytes/consoul: an AI terminal assistant; its bash tool's risk
    # analyser (SAFE, CAUTION, DANGEROUS, BLOCKED) and bash tool tests.
    "consoul": ("goatbytes/consoul", lambda g, c: py_entries(
        g, c, ["tests/ai/tools/permissions/test_analyzer.py", "tests/ai/tools/implementations/test_bash.py"],
        {"analyze_command": 0}, "consoul")),
    # hex/claude-guard: a Claude Code PreToolUse guard (deny, ask, allow).
    "claudeguard": ("hex/claude-guard", lambda g, c: py_entries(
        g, c, ["tests/test_command_guard.py", "tests/test_packs.py", "tests/test_classify.py",
               "tests/test_normalize.py", "tests/test_explain.py"],
        {"assert_denied": 1, "assert_asks": 1, "assert_allowed": 1, "run_guard": 0, "classify": 0,
         "normalize": 0}, "claudeguard")),
    # anatolykoptev/dozor: a server agent's command blocklist tests.
    "dozor": ("anatolykoptev/dozor", lambda g, c: go_slice_entries(
        g, c, "internal/engine/validation_test.go", "dozor")),
    # 27Bslash6/schlock: a Claude Code safety hook; the command of every
    # validate_command call and parametrize list of its tests.
    "schlock": ("27Bslash6/schlock", lambda g, c: py_entries(
        g, c, sorted(p for p in git_ls(g, c, "tests/") if p.endswith(".py")), {"validate_command": 0}, "schlock")),
    # AgentSafety/ClawCare: an agent skill scanner and runtime command
    # guard; the command of every scan_command call of its tests.
    "clawcare": ("AgentSafety/ClawCare", lambda g, c: py_entries(
        g, c, ["tests/test_guard.py", "tests/test_env_exfil_rules.py", "tests/test_dashboard.py"],
        {"scan_command": 0}, "clawcare")),
    # wwwcojp/safe-dev-hooks: Claude Code hooks; its bash guard's deny, ask,
    # safe and bypass cases and every evaluate call of its tests.
    "safedevhooks": ("wwwcojp/safe-dev-hooks", lambda g, c: py_case_entries(
        g, c, "tests/test_bash_guard.py", "evaluate", "safedevhooks")),
    # Everyday: contributors' set-up, build and test commands.
    "ruff": ("astral-sh/ruff", lambda g, c: md_entries(g, c, "CONTRIBUTING.md", "contributing")),
    "mypy": ("python/mypy", lambda g, c: md_entries(g, c, "CONTRIBUTING.md", "contributing")),
    # pnpm's command reference: every page of docs/cli (install, run and
    # the registry's publish, deprecate, dist-tag, owner, unpublish).
    "pnpm": ("pnpm/pnpm.io", lambda g, c: [e for rel in sorted(git_ls(g, c, "docs/cli/")) if rel.endswith(".md")
                                           for e in md_entries(g, c, rel, "pnpm-docs")]),
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    # drawn.jsonl … drawn17.jsonl: the draws before this one. drawn18.jsonl
    # (heldout15) was drawn at the same time on another branch and is not
    # read, so that this draw reproduces after the two merge.
    seen = taken_before([os.path.join(here, f"drawn{n}.jsonl") for n in [""] + list(range(2, 18))])
    lines = draw_named(sys.argv[1:], SOURCES, seen, SEED, CAP)
    emit(lines, "e", "heldout16")


if __name__ == "__main__":
    main()
