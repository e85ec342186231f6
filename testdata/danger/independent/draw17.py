#!/usr/bin/env python3
"""Draw heldout17 (drawn20.jsonl, ids a0001…), an out-of-sample part of
session 41's second draw, with draw.py's readers; labels are made by hand
(labels20.tsv) and build.py joins the two (README.md, "heldout17").

Each source is a git directory and a commit: the files are read at that
commit with git (SpecStory history names can be longer than a file system
allows, so each history is written under a short name and its own path
recorded).

  python3 draw17.py NAME=GITDIR@COMMIT … > drawn20.jsonl
  python3 draw17.py --second INCIDENTS17_TSV NAME=GITDIR@COMMIT … >> drawn20.jsonl
  python3 draw17.py --third INCIDENTS17B_TSV NAME=GITDIR@COMMIT … >> drawn20.jsonl
  python3 draw17.py --fourth INCIDENTS17C_TSV >> drawn20.jsonl
  python3 draw17.py --fifth INCIDENTS17D_TSV >> drawn20.jsonl
  python3 draw17.py --sixth INCIDENTS17E_TSV >> drawn20.jsonl
  python3 draw17.py --seventh INCIDENTS17F_TSV NAME=GITDIR@COMMIT … >> drawn20.jsonl
  python3 draw17.py --eighth INCIDENTS17G_TSV >> drawn20.jsonl
  python3 draw17.py --ninth NAME=GITDIR@COMMIT … >> drawn20.jsonl
  python3 draw17.py --tenth NAME=GITDIR@COMMIT:PAGES … >> drawn20.jsonl
  python3 draw17.py --eleventh NAME=GITDIR@COMMIT:PAGES … >> drawn20.jsonl
  python3 draw17.py --twelfth NAME=GITDIR@COMMIT:PAGES … >> drawn20.jsonl
  python3 draw17.py --thirteenth NAME=GITDIR@COMMIT:PAGES … >> drawn20.jsonl
  python3 draw17.py --fourteenth NAME=GITDIR@COMMIT:PAGES … >> drawn20.jsonl

(README.md gives the sources and commits, in that order.)

At most CAP lines of one repository; a line whose command an earlier draw
took (drawn.jsonl … drawn19.jsonl) or this draw took is left out.
"""
import os
import random
import re
import subprocess
import sys
import tempfile

from draw import WINDOWS_PROGRAMS, draw_every, draw_pools, emit, fenced_lines, fill_angle, incident_commands, \
    shell_like, specstory_commands, taken_before

SEED = 17  # heldout17; never changed after the first batch
CAP = 80  # lines of one repository at most, so that no collection dominates
CMDLET = re.compile(r"\b[A-Z][a-z]+-[A-Z][A-Za-z]+\b")  # a PowerShell cmdlet: not a shell line
PS_VAR = re.compile(r"^\$\w+\s*=")  # a PowerShell assignment ($key = "…")
# Pages read for the third batch: those whose path names tearing down,
# cleaning up, destroying, deleting, removing, resetting, restoring,
# rotating or recovering (chosen by path before any line was read).
TEARDOWN_PAGE = re.compile(r"teardown|clean|destroy|delet|remov|reset|restor|rotat|recover", re.I)
# Scripts read for the seventh batch: shell scripts whose path names
# cleaning up, destroying, deleting, wiping or purging.
SCRIPT_PAGE = re.compile(r"teardown|clean|destroy|delet|remov|wipe|purge", re.I)
# Pages read for the ninth batch (CLI command references): a project's
# documentation and top-level READMEs and agent guides, not vendored code.
REFERENCE_PAGE = re.compile(r"^(docs/(?!.*vendor/)|README\.md$|AGENTS\.md$)")
NINTH_CAP = 40  # the ninth batch's lines of one reference at most
EARLIER = ["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 20)]


def git(gitdir, *args):
    """The output of git args in gitdir, as bytes."""
    return subprocess.run(["git", "--git-dir", gitdir, *args], check=True, capture_output=True).stdout


def specstory_at(gitdir, commit, pool):
    """specstory_commands (draw.py) of the .specstory/history/*.md files of
    gitdir at commit: each is written to a scratch folder under its index in
    name order (so the reader's order is the names'), and source_path is set
    back to the history's own path."""
    names = sorted(n for n in git(gitdir, "ls-tree", "-r", "-z", "--name-only", commit, ".specstory/history/")
                   .decode("utf-8").split("\0") if n.endswith(".md"))
    with tempfile.TemporaryDirectory() as tmp:
        top = os.path.join(tmp, ".specstory", "history")
        os.makedirs(top)
        for i, n in enumerate(names):
            with open(os.path.join(top, f"{i:05d}.md"), "wb") as f:
                f.write(git(gitdir, "show", f"{commit}:{n}"))
        out = specstory_commands(tmp, pool)
    for e in out:
        e["source_path"] = names[int(os.path.basename(e["source_path"])[:5])]
    return out


def runbook_lines(gitdir, commit, pool, page=re.compile("")):
    """Each line of the code blocks (fences bash, sh, shell, console or
    none; joined over trailing backslashes; # comments and lines shell_like
    rejects left out) of every Markdown page of gitdir at commit whose path
    page matches, in path order."""
    names = sorted(n for n in git(gitdir, "ls-tree", "-r", "-z", "--name-only", commit).decode("utf-8").split("\0")
                   if n.endswith((".md", ".mdx")) and page.search(n))
    out = []
    for n in names:
        lines = git(gitdir, "show", f"{commit}:{n}").decode("utf-8", errors="replace").splitlines()
        out += fenced_lines(n, lines, {"bash", "sh", "shell", "console", ""}, pool,
                            lambda s: not s or s.startswith("#") or not shell_like(s))
    return out


def script_lines(gitdir, commit, pool):
    """Each command line of the shell scripts (*.sh) of gitdir at commit
    whose path SCRIPT_PAGE matches, in path order: lines joined over
    trailing backslashes; empty lines, # comments and lines shell_like
    rejects left out."""
    names = sorted(n for n in git(gitdir, "ls-tree", "-r", "-z", "--name-only", commit).decode("utf-8").split("\0")
                   if n.endswith(".sh") and SCRIPT_PAGE.search(n))
    out = []
    for n in names:
        lines = git(gitdir, "show", f"{commit}:{n}").decode("utf-8", errors="replace").splitlines()
        i = 0
        while i < len(lines):
            start, cmd = i + 1, lines[i].rstrip()
            while cmd.endswith("\\") and i + 1 < len(lines):
                i += 1
                cmd = cmd[:-1].rstrip() + "\n" + lines[i].strip()
            i += 1
            s = cmd.strip()
            if s and not s.startswith("#") and shell_like(s):
                out.append({"source_path": n, "line": start, "raw": s, "pool": pool})
    return out


def sources(args, read, pool):
    """(name, commit, entries, CAP) of each NAME=GITDIR@COMMIT of args, its
    entries read by read(gitdir, commit, pool)."""
    out = []
    for a in args:
        name, rest = a.split("=", 1)
        gitdir, commit = rest.rsplit("@", 1)
        out.append((name, commit, read(gitdir, commit, pool), CAP))
    return out


def keep(e, cmd):
    """A shell line: not empty, not a Windows program or PowerShell (a
    cmdlet anywhere, or a $variable assignment first), its first line read
    as a command (not a block of program output)."""
    if not cmd.strip() or cmd.split()[0].lower() in WINDOWS_PROGRAMS | {"dir"}:
        return False
    return shell_like(cmd.splitlines()[0]) and not CMDLET.search(cmd) and not PS_VAR.match(cmd)


def main(args):
    seen = taken_before(EARLIER)
    rng = random.Random(SEED)
    if args[0] == "--second":
        # Second batch, after the first was labelled and committed
        # (71d5347): every command quoted in the threads of incidents17.tsv
        # (trackers no earlier incident file or source used), then CAP
        # code-block lines at random of each of two devops runbook
        # collections, shuffled together; ids after the first batch's.
        import json
        drawn20 = [json.loads(l) for l in open("drawn20.jsonl", encoding="utf-8")]
        seen |= {d["command"] for d in drawn20}
        rng = random.Random(f"{SEED}:second")
        more = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[1])], seen,
                          lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
        books, _ = draw_pools(rng, sources(args[2:], runbook_lines, "runbook"), seen,
                              lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
        more += books
        rng.shuffle(more)
        emit(more, "a", "heldout17", first=len(drawn20) + 1)
        return
    if args[0] in ("--tenth", "--eleventh", "--twelfth", "--thirteenth", "--fourteenth"):
        # Tenth batch, after the ninth (b5b0260) gave 5 dangerous of 120:
        # NINTH_CAP code-block lines at random of each of three more CLI
        # command references, each read from the pages under its own
        # folder or file (PAGES, a path prefix); ids after the ninth's.
        # Eleventh batch, after the tenth (2e8f3cc), the same way from
        # three more references; twelfth, after the eleventh (136f1da),
        # from three more (every Markdown page: an empty PAGES); thirteenth,
        # after the twelfth (f7be2b8), from one more; fourteenth, after the
        # thirteenth (5cf019e), from three migration tools' references.
        import json
        drawn20 = [json.loads(l) for l in open("drawn20.jsonl", encoding="utf-8")]
        seen |= {d["command"] for d in drawn20}
        rng = random.Random(f"{SEED}:{args[0][2:]}")
        refs = []
        for a in args[1:]:
            a, pages = a.rsplit(":", 1)
            for n, c, items, _ in sources([a], lambda g, c, p: runbook_lines(g, c, p, re.compile("^" + re.escape(pages))),
                                          "reference"):
                refs.append((n, c, items, NINTH_CAP))
        more, _ = draw_pools(rng, refs, seen, lambda e: fill_angle(e["raw"], rng), keep)
        emit(more, "a", "heldout17", first=len(drawn20) + 1)
        return
    if args[0] == "--ninth":
        # Ninth batch (a top-up after heldout17 was merged at 468 lines, 62
        # dangerous): command references of CLIs agents drive that no
        # earlier draw used, NINTH_CAP code-block lines of each at random
        # from its REFERENCE_PAGE pages; ids after the eighth batch's.
        import json
        drawn20 = [json.loads(l) for l in open("drawn20.jsonl", encoding="utf-8")]
        seen |= {d["command"] for d in drawn20}
        rng = random.Random(f"{SEED}:ninth")
        refs = [(n, c, items, NINTH_CAP) for n, c, items, _ in
                sources(args[1:], lambda g, c, p: runbook_lines(g, c, p, REFERENCE_PAGE), "reference")]
        more, _ = draw_pools(rng, refs, seen, lambda e: fill_angle(e["raw"], rng), keep)
        emit(more, "a", "heldout17", first=len(drawn20) + 1)
        return
    if args[0] in ("--third", "--fourth", "--fifth", "--sixth", "--seventh", "--eighth"):
        # Third batch, after the second was labelled and committed
        # (91c5600), which left the dangerous side at 23 lines, half of them
        # sudo: every command quoted in the threads of incidents17b.tsv,
        # then every code-block line of the teardown, clean-up, rotation and
        # restore pages (TEARDOWN_PAGE) of two infrastructure projects, in
        # order; ids after the second batch's. Fourth batch, after the
        # third (6218841) left 13 of 37 dangerous lines privilege-escalation
        # and no git line: every command quoted in the threads of
        # incidents17c.tsv (stashes dropped, branches deleted, shell
        # profiles appended to). Fifth batch, after the fourth (3a19ad5):
        # every command quoted in the threads of incidents17d.tsv (history
        # purges, environments printed in CI logs, hooks paths unset,
        # install scripts piped to a shell). Sixth batch, after the fifth
        # (260f5a1): every command quoted in the threads of incidents17e.tsv
        # (Firestore and Helm deletions, a seed dump, access keys rotated).
        # Seventh batch, after the sixth (8d0f9a6): every command quoted in
        # the threads of incidents17f.tsv (containers removed), then every
        # command line of the clean-up and wipe scripts (SCRIPT_PAGE,
        # script_lines) of three cloud projects. Eighth batch, after the
        # seventh (7b2b37a): every command quoted in the threads of
        # incidents17g.tsv (files checked out over uncommitted changes,
        # commits redone).
        import json
        drawn20 = [json.loads(l) for l in open("drawn20.jsonl", encoding="utf-8")]
        seen |= {d["command"] for d in drawn20}
        rng = random.Random(f"{SEED}:{args[0][2:]}")
        more = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[1])], seen,
                          lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
        read = script_lines if args[0] == "--seventh" else lambda g, c, p: runbook_lines(g, c, p, TEARDOWN_PAGE)
        for name, commit, items, _ in sources(args[2:], read, "teardown"):
            more += draw_every([(name, commit, e) for e in items[:CAP]], seen,
                               lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
        emit(more, "a", "heldout17", first=len(drawn20) + 1)
        return
    # Everyday side first, what agents really ran: the committed SpecStory
    # histories of repositories no earlier draw used, CAP lines of each at
    # random.
    drawn, _ = draw_pools(rng, sources(args, specstory_at, "specstory"), seen, lambda e: e["raw"], keep)
    rng.shuffle(drawn)
    emit(drawn, "a", "heldout17")


if __name__ == "__main__":
    main(sys.argv[1:])
