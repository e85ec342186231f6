#!/usr/bin/env python3
"""Merges the recorded runs of the drawn corpus into claude.results.jsonl and
claude.dropped.jsonl (run from this folder): python3 merge.py RUN.results.jsonl ...

Each RUN.results.jsonl comes from one `permsim verify --record RUN.results.jsonl`
run, with its RUN.dropped.jsonl next to it. A dropped row whose text is the
refusal verify/classify.go now reads as "deny-rule" (a command over several
lines, "Permission to read|edit <file> has been denied.") is kept as blocked:
runs recorded before that pattern was widened dropped it.

Runs recorded before verify/driver.go kept every subagent row in place left out
the subagent rows that were not decisions, so the rest no longer lined up with
the Task's subagent_calls. Each row names its call's tool; merge.py puts the rows
back in place when only one way of doing so matches the tools, fills the gaps
with placeholders carrying a drop_reason (the test skips them), and when more
than one way matches marks every row of that Task as not attributable.
"""
import json, re, sys

DENY = re.compile(r"Permission to (use \S+ (with command .* )?|read \S+ |edit \S+ )has been denied", re.S)

results, dropped = [], []
for res in sys.argv[1:]:
    results += [json.loads(l) for l in open(res) if l.strip()]
    try:
        rows = [json.loads(l) for l in open(res.replace(".results.", ".dropped.")) if l.strip()]
    except FileNotFoundError:
        rows = []
    for r in rows:
        if r.get("pattern") == "error(unmatched)" and DENY.search(r.get("raw", "").strip()):
            r["outcome"], r["pattern"] = "blocked", "deny-rule"
            r.pop("drop_reason", None)
            results.append(r)
        else:
            dropped.append(r)
cases = {}
for line in open("claude.cases.jsonl"):
    c = json.loads(line)
    cases[c["id"]] = c


def alignments(tools, subs, i=0, j=0):
    """Every way of placing the rows subs[j:] on the calls tools[i:] in order,
    each row on a call with its tool."""
    if j == len(subs):
        yield []
        return
    for k in range(i, len(tools)):
        if tools[k] == subs[j]["tool"]:
            for rest in alignments(tools, subs, k + 1, j + 1):
                yield [k] + rest
                

unattributable = 0
for r in results:
    subs = r.get("subagent_results") or []
    call = cases[r["id"]]["calls"][r["call_index"]]
    tools = [sc["tool"] for sc in call.get("subagent_calls") or []]
    if not subs or len(subs) == len(tools):
        continue
    ways = []
    for a in alignments(tools, subs):
        ways.append(a)
        if len(ways) > 1:
            break
    placed = [{"tool": t, "outcome": "error", "drop_reason": "not recorded (the recorder left out rows that were not decisions)"} for t in tools]
    if len(ways) == 1:
        for row, k in zip(subs, ways[0]):
            placed[k] = row
    else:
        unattributable += len(subs)
        for p in placed:
            p["drop_reason"] = "not attributable: the recorded rows fit the subagent's calls in more than one way"
    r["subagent_results"] = placed

for name, rows in (("claude.results.jsonl", results), ("claude.dropped.jsonl", dropped)):
    with open(name, "w") as f:
        for r in sorted(rows, key=lambda r: (r["id"], r["call_index"])):
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(results)} results, {len(dropped)} dropped, {unattributable} subagent rows not attributable")
