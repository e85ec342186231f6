#!/usr/bin/env python3
"""Draw heldout18 (drawn21.jsonl, ids c0001…): hardening, attack and
operations references (macOS hardening, container escapes, cloud, CI/CD
and Linux attack notes, OWASP's cheat sheets, Kubernetes built by hand,
eksctl, TypeORM, changesets, git and gcloud cheat sheets) and a project's
development set-up, that no earlier draw used (README.md, "heldout18").

Each source is SOURCE=GITDIR@COMMIT, GITDIR a bare mirror of the
collection, read at COMMIT with git. Sources are read in the order given,
each with its own random stream (seeded with SEED and its name), so a
source added at the end leaves the lines drawn before it unchanged.

  python3 draw18.py macsec=GITDIR@COMMIT cdk=… owasp=… hardway=… fastapi=… \
      rosettp=… n3va=… eksctl=… typeorm=… changesets=… \
      redteamtools=… gitcheat=… gcpcheat=… > drawn21.jsonl

(README.md gives the commits, in that order.)

At most CAP lines of one repository; a line whose command an earlier draw
took (drawn.jsonl … drawn19.jsonl) or this draw took is left out.
"""
import json
import os
import random
import sys

from draw import draw_named, emit, js_calls, js_string, fenced_lines, fill_angle, shell_like, taken_before
from draw16 import git_ls, git_text

SEED = 18  # heldout18; never changed after the first batch
CAP = 80  # lines of one repository at most, so that no collection dominates


def md_entries(gitdir, commit, rel, pool):
    """Each shell-like line of the code blocks (fences none, bash, sh,
    shell, console, zsh) of a Markdown file, its <placeholder>s filled as
    cheat's (fill_angle, a stream of its own per file)."""
    lines = git_text(gitdir, commit, rel).splitlines()
    es = fenced_lines(rel, lines, ("", "bash", "sh", "shell", "console", "zsh"), pool,
                      lambda s: not s or s.startswith("#") or s.startswith("//"), notes=True)
    rng = random.Random(f"{SEED}:fill:{rel}")
    return [dict(e, raw=fill_angle(e["raw"], rng)) for e in es if shell_like(e["raw"])]


def mds(rels, pool):
    return lambda g, c: [e for rel in rels(g, c) for e in md_entries(g, c, rel, pool)]


# Each source: name -> (repository, function(gitdir, commit) -> entries).
SOURCES = {
    # drduh's macOS security and privacy guide: hardening commands.
    "macsec": ("drduh/macOS-Security-and-Privacy-Guide", mds(lambda g, c: ["README.md"], "hardening")),
    # CDK: a container penetration toolkit; its README's escapes and exploits.
    "cdk": ("cdk-team/CDK", mds(lambda g, c: ["README.md"], "attack")),
    # OWASP's cheat sheets: every page's shell blocks.
    "owasp": ("OWASP/CheatSheetSeries", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "cheatsheets/") if p.endswith(".md")), "cheatsheet")),
    # Kubernetes the hard way: an operations walk-through.
    "hardway": ("kelseyhightower/kubernetes-the-hard-way", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "docs/") if p.endswith(".md")), "operations")),
    # Everyday: a project template's development set-up.
    "fastapi": ("fastapi/full-stack-fastapi-template", mds(lambda g, c: [
        "development.md", "backend/README.md", "frontend/README.md", "deployment.md", "CONTRIBUTING.md"], "contributing")),
    # Red-Teaming-TTPs: attack notes for the cloud, Linux and macOS.
    "rosettp": ("RoseSecurity/Red-Teaming-TTPs", mds(lambda g, c: ["Cloud.md", "Linux.md", "Mac_OSX.md"], "attack")),
    # 0xn3va's cheat sheets: CI/CD, cloud and container attack pages.
    "n3va": ("0xn3va/cheat-sheets", mds(lambda g, c: sorted(
        p for d in ("CI CD/", "Cloud/", "Container/") for p in git_ls(g, c, d) if p.endswith(".md")), "attack")),
    # Everyday side with the registry's and the cloud's destructive verbs:
    # eksctl's user guide, TypeORM's documentation, changesets' docs.
    "eksctl": ("eksctl-io/eksctl", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "userdocs/src/") if p.endswith(".md")), "operations")),
    "typeorm": ("typeorm/typeorm", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "docs/docs/") if p.endswith(".md")), "docs")),
    "changesets": ("changesets/changesets", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "docs/") if p.endswith(".md")) + ["README.md"], "docs")),
    # RedTeam-Tools: a red team's tools, each with its usage lines.
    "redteamtools": ("A-poc/RedTeam-Tools", mds(lambda g, c: ["README.md"], "attack")),
    # A git command cheat sheet (reset, restore, push, rebase, stash, rm)
    # and a gcloud cheat sheet (IAM, compute, billing, artifacts).
    "gitcheat": ("CyberT33N/git-cheat-sheet", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "docs/") if p.endswith(".md")), "cheatsheet")),
    "gcpcheat": ("palladius/gcp-cheatsheets", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "cheatsheets/") if p.endswith(".md")), "cheatsheet")),
}


# The top-up (--sixth), after the five batches left heldout18 with 84
# dangerous lines, 36 of them dangerous only because of sudo: collections
# dense in deletes, uploads, restores and secrets printed, read with a
# seed of their own and at most CAP6 lines of one repository.
SEED6 = "18-sixth"
CAP6 = 40
OKIT_TEST = "src/hooks/src/__tests__/pretool/dangerous-command-blocker.test.ts"


def okit_commands(gitdir, commit):
    """orchestkit's dangerous-command-blocker tests: the string argument of
    every createBashInput call and every string literal alone on its line
    as an array element ('…',), whatever the test expects of it; template
    literals with ${…} are left out (their value is known only when the
    test runs)."""
    text = git_text(gitdir, commit, OKIT_TEST)
    out = [(line, s) for line, s in js_calls(text, ("createBashInput",))]
    for n, ln in enumerate(text.splitlines(), 1):
        i = len(ln) - len(ln.lstrip())
        lit = js_string(ln, i) if i < len(ln) else None
        if lit and ln[lit[1]:].strip().startswith(","):
            out.append((n, lit[0]))
    return [{"source_path": OKIT_TEST, "line": line, "raw": s, "pool": "guard"} for line, s in sorted(out)]


SOURCES6 = {
    # orchestkit's command guard: its test suite's denied, asked and
    # allowed commands.
    "okit": ("yonatangross/orchestkit", okit_commands),
    # wal-g's documentation: database backups pushed, fetched, deleted.
    "walg": ("wal-g/wal-g", mds(lambda g, c: sorted(
        p for p in git_ls(g, c, "docs/") if p.endswith(".md")), "backup")),
    # Database and secret-manager CLIs' READMEs.
    "neonctl": ("neondatabase/neonctl", mds(lambda g, c: ["README.md"], "cli")),
    "pscale": ("planetscale/cli", mds(lambda g, c: ["README.md"], "cli")),
    "doppler": ("DopplerHQ/cli", mds(lambda g, c: ["README.md"], "cli")),
}


def sixth(args):
    """The top-up: ids from c0794 on, lines of heldout18 and every earlier
    draw left out, and lines that start with sudo (heldout18 has 36 lines
    dangerous only because of sudo already)."""
    here = os.path.dirname(os.path.abspath(__file__))
    seen = taken_before([os.path.join(here, f"drawn{n}.jsonl") for n in [""] + list(range(2, 20))])
    # heldout18's first five batches (c0001–c0793), not the top-up's own
    # lines, so that a rerun gives the top-up again byte for byte.
    with open(os.path.join(here, "drawn21.jsonl"), encoding="utf-8") as f:
        seen |= {d["command"] for d in map(json.loads, f) if d["id"] < "c0794"}
    lines = draw_named(args, SOURCES6, seen, SEED6, CAP6, skip=lambda cmd: cmd.split()[0] == "sudo")
    emit(lines, "c", "heldout18", first=794)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    seen = taken_before([os.path.join(here, f"drawn{n}.jsonl") for n in [""] + list(range(2, 20))])
    lines = draw_named(sys.argv[1:], SOURCES, seen, SEED, CAP)
    emit(lines, "c", "heldout18")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--sixth"]:
        sixth(sys.argv[2:])
    else:
        main()
