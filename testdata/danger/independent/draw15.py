#!/usr/bin/env python3
"""Draw heldout15 (drawn18.jsonl, ids h…), the out-of-sample part of
session 41's first drawer, with draw.py's readers; labels are made by hand
(labels18.tsv) and build.py joins the two.

  python3 draw15.py MALONE_DIR MALONE_COMMIT ONOTAKUY_DIR ONOTAKUY_COMMIT DARREN_DIR DARREN_COMMIT \\
      AV77_DIR AV77_COMMIT TR3_DIR TR3_COMMIT [INCIDENTS15_TSV ...] > drawn18.jsonl

Each *_DIR is a `git archive COMMIT .specstory` export of that repository.
"""
import random
import re
import sys

from draw import WINDOWS_PROGRAMS, draw_every, draw_pools, emit, incident_commands, shell_like, specstory_commands, \
    taken_before

SEED = 1515151515151515  # the eighteenth draw (heldout15, drawn18.jsonl); never changed after the first draw
CMDLET = re.compile(r"\b[A-Z][a-z]+-[A-Z][A-Za-z]+\b")  # a PowerShell cmdlet (Get-ChildItem): not a shell line
PS_VAR = re.compile(r"^\$\w+\s*=")  # a PowerShell assignment ($key = "…")


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
    # Dangerous side: the commands quoted in incident reports and
    # maintainers' threads (incidents15*.tsv), every one, in the files' order.
    for tsv in args[10:]:
        more = draw_every([(e["repo"], e["commit"], e) for e in incident_commands(tsv)], seen, lambda e: e["raw"],
                          lambda e, cmd: bool(cmd.strip()))
        emit(more, "h", "heldout15", first=done + 1)
        done += len(more)


if __name__ == "__main__":
    main(sys.argv[1:])
