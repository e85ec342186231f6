#!/usr/bin/env python3
"""Draw heldout15 (drawn18.jsonl, ids h…), the out-of-sample part of
session 41's first drawer, with draw.py's readers; labels are made by hand
(labels18.tsv) and build.py joins the two.

  python3 draw15.py MALONE_DIR MALONE_COMMIT ONOTAKUY_DIR ONOTAKUY_COMMIT DARREN_DIR DARREN_COMMIT \\
      AV77_DIR AV77_COMMIT TR3_DIR TR3_COMMIT [INCIDENTS15_TSV GITLAB_DIR GITLAB_COMMIT DBRB_DIR DBRB_COMMIT \\
      [INCIDENTS15B_TSV K8SEX_DIR K8SEX_COMMIT GKENET_DIR GKENET_COMMIT GKESAMPLES_DIR GKESAMPLES_COMMIT \\
      MSDEMO_DIR MSDEMO_COMMIT EKSWS_DIR EKSWS_COMMIT KUBEFLOW_DIR KUBEFLOW_COMMIT AKSSTORE_DIR AKSSTORE_COMMIT \\
      [INCIDENTS15C_TSV [INCIDENTS15D_TSV [INCIDENTS15E_TSV]]]]] \\
      > drawn18.jsonl
  python3 draw15.py --seventh GITX_DIR GITX_COMMIT YUBI_DIR YUBI_COMMIT C7_DIR C7_COMMIT >> drawn18.jsonl
  python3 draw15.py --eighth DOTENVX_DIR DOTENVX_COMMIT CROC_DIR CROC_COMMIT GOPASS_DIR GOPASS_COMMIT >> drawn18.jsonl
  python3 draw15.py --ninth COMMITLINT_DIR COMMITLINT_COMMIT GITHOOKS_DIR GITHOOKS_COMMIT >> drawn18.jsonl

MALONE_DIR … TR3_DIR are `git archive COMMIT .specstory` exports of those
repositories, GITLAB_DIR and DBRB_DIR `git archive COMMIT docs` exports,
K8SEX_DIR … AKSSTORE_DIR `git archive` exports of every .md and .mdx file,
GITX_DIR a `git archive COMMIT Commands.md` export of tj/git-extras, YUBI_DIR
a `git archive COMMIT README.md` export of drduh/YubiKey-Guide and C7_DIR a
`git archive COMMIT docs` export of upstash/context7 (the seventh batch),
DOTENVX_DIR and CROC_DIR `git archive COMMIT README.md` exports and
GOPASS_DIR a `git archive COMMIT docs` export (the eighth), COMMITLINT_DIR
a `git archive COMMIT docs` export and GITHOOKS_DIR a `git archive COMMIT
README.md docs` export (the ninth).
"""
import json
import random
import re
import sys

import os

from draw import WINDOWS_PROGRAMS, draw_every, draw_pools, emit, fenced_lines, fill_angle, incident_commands, shell_like, \
    specstory_commands, taken_before

SEED = 1515151515151515  # the eighteenth draw (heldout15, drawn18.jsonl); never changed after the first draw
CMDLET = re.compile(r"\b[A-Z][a-z]+-[A-Z][A-Za-z]+\b")  # a PowerShell cmdlet (Get-ChildItem): not a shell line
PS_VAR = re.compile(r"^\$\w+\s*=")  # a PowerShell assignment ($key = "…")
# Runbook pages read: those whose path names deleting, restoring, rotating
# or recovering (chosen by path before any line was read).
RUNBOOK_PAGE = re.compile(r"delet|restor|rotat|clean|recover|drop|purge|unpublish|revok|destroy|remov|wipe|failover|reset|"
                          r"rollback|teardown|decommission|rebuild", re.I)


# Tutorial sections read for the third batch: those whose heading names
# cleaning up, tearing down, deleting, destroying, removing or uninstalling.
CLEANUP_SECTION = re.compile(r"clean|tear ?down|delet|destroy|remov|uninstall", re.I)
CLEANUP_REPOS = ["kubernetes/examples", "GoogleCloudPlatform/gke-networking-recipes",
                 "GoogleCloudPlatform/kubernetes-engine-samples", "GoogleCloudPlatform/microservices-demo",
                 "aws-samples/eks-workshop-v2", "aws-samples/amazon-eks-machine-learning-with-terraform-and-kubeflow",
                 "Azure-Samples/aks-store-demo"]


def cleanup_sections(root, pool):
    """The command lines of the clean-up sections of a tutorial
    collection's Markdown pages: each code-block line (fences bash, sh,
    shell, console or none; joined over trailing backslashes; # comments
    and lines shell_like rejects left out) whose nearest heading
    CLEANUP_SECTION names."""
    out = []
    for dp, _, fn in sorted(os.walk(root)):
        for f in sorted(fn):
            if not (f.endswith(".md") or f.endswith(".mdx")):
                continue
            rel = os.path.relpath(os.path.join(dp, f), root)
            lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
            out += [e for e in fenced_lines(rel, lines, {"bash", "sh", "shell", "console", ""}, pool,
                                            lambda s: not s or s.startswith("#") or not shell_like(s), notes=True)
                    if CLEANUP_SECTION.search(e["note"])]
    return out


def runbook_pages(root, pool):
    """The command lines of a runbook collection's pages that RUNBOOK_PAGE
    names (Markdown under docs/, agents' plan notes under docs/superpowers
    left out): each line of their code blocks fenced bash, sh, shell,
    console or with no language, joined over trailing backslashes, that
    reads as a shell command (shell_like; # comments left out)."""
    out = []
    for dp, _, fn in sorted(os.walk(os.path.join(root, "docs"))):
        for f in sorted(fn):
            rel = os.path.relpath(os.path.join(dp, f), root)
            if not f.endswith(".md") or not RUNBOOK_PAGE.search(rel) or rel.startswith("docs/superpowers/"):
                continue
            lines = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()
            out += fenced_lines(rel, lines, {"bash", "sh", "shell", "console", ""}, pool,
                                lambda s: not s or s.startswith("#") or not shell_like(s))
    return out


def keep(e, cmd):
    """A shell line: not empty, not a Windows program or PowerShell (a
    cmdlet anywhere, or a $variable assignment first), its
    first line read as a command (not a block of program output)."""
    if not cmd.strip() or cmd.split()[0].lower() in WINDOWS_PROGRAMS | {"dir"}:
        return False
    return shell_like(cmd.splitlines()[0]) and not CMDLET.search(cmd) and not PS_VAR.match(cmd)


def main(args):
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 18)])
    rng = random.Random(SEED)
    # Everyday side first, what agents really ran: five repositories'
    # committed SpecStory histories, at most 80 lines of each.
    names = ["maloneype/yposfgold-community-platform", "onotakuy/work20260103_01", "Darrenthinker/forwarder-system",
             "AV77web/magricambi", "tr3stanley/autogenerate-site-test-1"]
    pools = [(name, args[2 * i + 1], specstory_commands(args[2 * i], "specstory"), 80) for i, name in enumerate(names)]
    drawn, _ = draw_pools(rng, pools, seen, lambda e: e["raw"], keep)
    rng.shuffle(drawn)
    emit(drawn, "h", "heldout15")
    done = len(drawn)
    if len(args) == 10:
        return
    # Second batch, the dangerous side, after the first was labelled and
    # committed (cccd0af): every command quoted in the incident reports and
    # maintainers' threads of incidents15.tsv (their <placeholder>s filled as
    # cheat's), then the command lines of two runbook collections' pages
    # about deleting, restoring, rotating and recovering: 80 of
    # gitlab.com's runbooks (a copy at mattrussi/gitlab-com-runbooks) at
    # random and every one of null-ptr-exception/db-runbooks'.
    more = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[10])], seen,
                      lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    books, _ = draw_pools(rng, [("mattrussi/gitlab-com-runbooks", args[12], runbook_pages(args[11], "runbook"), 80),
                                ("null-ptr-exception/db-runbooks", args[14], runbook_pages(args[13], "runbook"), 80)],
                          seen, lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    more += books
    rng.shuffle(more)
    emit(more, "h", "heldout15", first=done + 1)
    done += len(more)
    if len(args) == 15:
        return
    # Third batch, after the second was labelled and committed (ade2237),
    # which left the dangerous side at 46 lines, 16 of them dangerous only
    # because they run sudo: every command quoted in the threads of
    # incidents15b.tsv (shell profiles written, hooks paths, worktrees
    # discarded, branches deleted, caches wiped), then 7 lines at random of
    # the clean-up sections of each of seven cloud and Kubernetes tutorial
    # collections (so that cloud deletions stay under a third of the part).
    third = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[15])], seen,
                       lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    pools = [(name, args[17 + 2 * i], cleanup_sections(args[16 + 2 * i], "cleanup"), 7)
             for i, name in enumerate(CLEANUP_REPOS)]
    tut, _ = draw_pools(rng, pools, seen, lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    third += tut
    rng.shuffle(third)
    emit(third, "h", "heldout15", first=done + 1)
    done += len(third)
    if len(args) == 30:
        return
    # Fourth batch, after the third was labelled and committed (db95559),
    # which left the dangerous side at 82 lines, a third of them cloud
    # deletions and 18 dangerous only because they run sudo: every command
    # quoted in the threads of incidents15c.tsv (registries, database
    # resets, install scripts piped to a shell), in the file's order.
    fourth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[30])], seen,
                        lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    emit(fourth, "h", "heldout15", first=done + 1)
    done += len(fourth)
    if len(args) == 31:
        return
    # Fifth batch, after the fourth (06fa4d1): every command quoted in the
    # threads of incidents15d.tsv (nvm's install script piped to bash,
    # rsync and scp deploys, force pushes after a rebase), in the file's order.
    fifth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[31])], seen,
                       lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    emit(fifth, "h", "heldout15", first=done + 1)
    done += len(fifth)
    if len(args) == 32:
        return
    # Sixth batch, after the fifth (6a15d9a) left 20 of 101 dangerous lines
    # dangerous only because of sudo: every command quoted in the threads of
    # incidents15e.tsv (rustup's, deno's and bun's install scripts piped to
    # a shell), in the file's order.
    sixth = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(args[32])], seen,
                       lambda e: fill_angle(e["raw"], rng), lambda e, cmd: bool(cmd.strip()))
    emit(sixth, "h", "heldout15", first=done + 1)


def seventh(args):
    """The seventh batch (session 41's top-up, after the part was merged at
    507 lines, 21 of its 112 dangerous lines dangerous only because of
    sudo), drawn on its own (the first six batches' exports are not needed):
    with its own seed, leaving out every line drawn.jsonl … drawn17.jsonl,
    drawn19.jsonl (heldout16) and heldout15's h0001–h0507 took, 40 lines
    at random of each of three collections no earlier draw used, chosen for
    the kinds the part lacked (history rewrites, secret reads, disks,
    agents' configuration), every line that runs sudo or doas left out: tj/git-extras'
    Commands.md sections whose heading names a command that deletes,
    resets, rewrites or forces (GITX_SECTION, chosen by heading before any
    line was read), every code-block line of drduh/YubiKey-Guide's
    README.md, and of upstash/context7's client pages
    (docs/resources/all-clients.mdx and docs/clients/*.mdx). Ids from h0508."""
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 18)] + ["drawn19.jsonl"])
    seen |= {d["command"] for d in map(json.loads, open("drawn18.jsonl", encoding="utf-8")) if d["id"] <= "h0507"}
    rng = random.Random(SEED + 7)
    lang = {"", "bash", "sh", "shell", "console"}
    skip = lambda s: not s or s.startswith("#") or not shell_like(s)
    gitx = [e for e in fenced_lines("Commands.md", read_lines(args[0], "Commands.md"), lang, "git-extras", skip,
                                    notes=True) if GITX_SECTION.search(e["note"])]
    yubi = fenced_lines("README.md", read_lines(args[2], "README.md"), lang, "yubikey", skip)
    c7 = []
    for rel in ["docs/resources/all-clients.mdx"] + sorted("docs/clients/" + f for f in os.listdir(
            os.path.join(args[4], "docs/clients")) if f.endswith(".mdx")):
        c7 += fenced_lines(rel, read_lines(args[4], rel), lang, "context7", skip)
    nosudo = lambda e, cmd: bool(cmd.strip()) and not SUDO.search(cmd)
    drawn, _ = draw_pools(rng, [("tj/git-extras", args[1], gitx, 40), ("drduh/YubiKey-Guide", args[3], yubi, 40),
                                ("upstash/context7", args[5], c7, 40)],
                          seen, lambda e: fill_angle(e["raw"], rng), nosudo)
    rng.shuffle(drawn)
    emit(drawn, "h", "heldout15", first=508)


def eighth(args):
    """The eighth batch (the top-up's second, after the seventh (34f6866)
    left the part at 145 dangerous lines, none of the kinds secret-read or
    network-exfiltration among the new ones), drawn on its own as the
    seventh: with its own seed, leaving out every line drawn.jsonl …
    drawn17.jsonl, drawn19.jsonl and heldout15's h0001–h0627 took, 40 lines
    at random of each of three more collections no earlier draw used (a
    secrets store, an encrypted .env tool and a file sender), every line that
    runs sudo or doas left out: every code-block line of dotenvx/dotenvx's
    README.md, of schollz/croc's README.md, and of gopasspw/gopass's
    docs/features.md and docs/commands/*.md. Ids from h0628."""
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 18)] + ["drawn19.jsonl"])
    seen |= {d["command"] for d in map(json.loads, open("drawn18.jsonl", encoding="utf-8")) if d["id"] <= "h0627"}
    rng = random.Random(SEED + 8)
    lang = {"", "bash", "sh", "shell", "console"}
    skip = lambda s: not s or s.startswith("#") or not shell_like(s)
    dx = fenced_lines("README.md", read_lines(args[0], "README.md"), lang, "dotenvx", skip)
    cr = fenced_lines("README.md", read_lines(args[2], "README.md"), lang, "croc", skip)
    gp = []
    for rel in ["docs/features.md"] + sorted("docs/commands/" + f for f in os.listdir(
            os.path.join(args[4], "docs/commands")) if f.endswith(".md")):
        gp += fenced_lines(rel, read_lines(args[4], rel), lang, "gopass", skip)
    nosudo = lambda e, cmd: bool(cmd.strip()) and not SUDO.search(cmd)
    drawn, _ = draw_pools(rng, [("dotenvx/dotenvx", args[1], dx, 40), ("schollz/croc", args[3], cr, 40),
                                ("gopasspw/gopass", args[5], gp, 40)],
                          seen, lambda e: fill_angle(e["raw"], rng), nosudo)
    rng.shuffle(drawn)
    emit(drawn, "h", "heldout15", first=628)


def ninth(args):
    """The ninth batch (the top-up's third, after the eighth (f5318e2) left
    the part with no git-hooks-config line), drawn on its own as the
    seventh: with its own seed, leaving out every line drawn.jsonl …
    drawn17.jsonl, drawn19.jsonl and heldout15's h0001–h0747 took, 40 lines
    at random of each of two hook collections no earlier draw used, every
    line that runs sudo or doas left out: the code-block lines of
    conventional-changelog/commitlint's docs/guides/*.md (fences bash, sh,
    shell, console, none and the sh groups of its package managers and of
    Linux/macOS; Windows' left out) and of rycus86/githooks' README.md and
    docs/command-line-tool.md. Ids from h0748."""
    seen = taken_before(["drawn.jsonl"] + [f"drawn{n}.jsonl" for n in range(2, 18)] + ["drawn19.jsonl"])
    seen |= {d["command"] for d in map(json.loads, open("drawn18.jsonl", encoding="utf-8")) if d["id"] <= "h0747"}
    rng = random.Random(SEED + 9)
    lang = {"", "bash", "sh", "shell", "console", "sh [npm]", "sh [yarn]", "sh [pnpm]", "sh [bun]", "sh [deno]",
            "sh [linux / macos]"}
    skip = lambda s: not s or s.startswith("#") or not shell_like(s)
    cl = []
    for rel in sorted("docs/guides/" + f for f in os.listdir(os.path.join(args[0], "docs/guides")) if f.endswith(".md")):
        cl += fenced_lines(rel, read_lines(args[0], rel), lang, "commitlint", skip)
    gh = []
    for rel in ["README.md", "docs/command-line-tool.md"]:
        gh += fenced_lines(rel, read_lines(args[2], rel), lang, "githooks", skip)
    nosudo = lambda e, cmd: bool(cmd.strip()) and not SUDO.search(cmd)
    drawn, _ = draw_pools(rng, [("conventional-changelog/commitlint", args[1], cl, 40),
                                ("rycus86/githooks", args[3], gh, 40)],
                          seen, lambda e: fill_angle(e["raw"], rng), nosudo)
    rng.shuffle(drawn)
    emit(drawn, "h", "heldout15", first=748)


def read_lines(root, rel):
    """The lines of the file rel under root."""
    return open(os.path.join(root, rel), encoding="utf-8", errors="replace").read().splitlines()


# git-extras' commands that delete, reset, rewrite or force (the seventh batch).
GITX_SECTION = re.compile(r"delete|obliterate|clear|undo|reset|squash|rebase|force|sync|scp|rename|merge-repo|"
                          r"reauthor|graft|abort|wip|release", re.I)
SUDO = re.compile(r"(^|[;&|(]\s*|\b(exec|xargs|env)\s+)(sudo|doas)\b")  # a line that runs sudo or doas (README: doas is sudo), left out of the top-up


if __name__ == "__main__":
    if sys.argv[1:2] == ["--seventh"]:
        seventh(sys.argv[2:])
    elif sys.argv[1:2] == ["--eighth"]:
        eighth(sys.argv[2:])
    elif sys.argv[1:2] == ["--ninth"]:
        ninth(sys.argv[2:])
    else:
        main(sys.argv[1:])
