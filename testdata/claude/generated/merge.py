#!/usr/bin/env python3
"""Merges the recorded runs of the drawn corpus into claude.results.jsonl and
claude.dropped.jsonl (run from this folder): python3 merge.py RUN.results.jsonl ...

Each RUN.results.jsonl comes from one `permsim verify --record RUN.results.jsonl`
run, with its RUN.dropped.jsonl next to it. A dropped row whose text is the
refusal verify/classify.go now reads as "deny-rule" (a command over several
lines, "Permission to read|edit <file> has been denied.") is kept as blocked:
runs recorded before that pattern was widened dropped it.
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
for name, rows in (("claude.results.jsonl", results), ("claude.dropped.jsonl", dropped)):
    with open(name, "w") as f:
        for r in sorted(rows, key=lambda r: (r["id"], r["call_index"])):
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{len(results)} results, {len(dropped)} dropped")
