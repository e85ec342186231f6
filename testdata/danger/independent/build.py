#!/usr/bin/env python3
"""Join drawn.jsonl … drawn21.jsonl (draw.py's output) and labels.tsv …
labels21.tsv (the hand labels: id, E or the danger category, reason) into
dev.jsonl, heldout.jsonl, heldout2.jsonl, heldout3.jsonl, dev4.jsonl,
heldout4.jsonl, heldout5.jsonl, dev6.jsonl, heldout6.jsonl, dev7.jsonl,
heldout7.jsonl, heldout8.jsonl, dev8.jsonl, heldout9.jsonl, heldout10.jsonl, heldout11.jsonl, heldout12.jsonl, heldout13.jsonl, heldout14.jsonl, heldout15.jsonl, heldout16.jsonl, heldout17.jsonl and heldout18.jsonl, the corpora engine/danger's TestIndependentCorpora reads
(drawn6 and labels6 are dev6's, drawn7 and labels7 heldout6's, drawn8 and
labels8 dev7's, drawn9 and labels9 heldout7's, drawn10 and labels10
heldout8's, drawn11 and labels11 dev8's, drawn12 and labels12
heldout9's, drawn13 and labels13 heldout10's, drawn14 and labels14 heldout11's, drawn15 and labels15
heldout12's, drawn16 and labels16 heldout13's, drawn17 and labels17 heldout14's, drawn18 and labels18
heldout15's, drawn19 and labels19 heldout16's, drawn20 and labels20
heldout17's, drawn21 and labels21 heldout18's).
A part none of whose lines is labelled yet is left out (dev4 was labelled
and built before heldout4); a part labelled in part is an error.
dev7 and heldout7 were drawn at the same time on separate branches, so
draw.py could not leave dev7's lines out of heldout7: a heldout7 line whose
command dev7 also holds is left out here (tuning read dev7's copy). heldout17's
and heldout18's top-ups were drawn at the same time on separate branches and
both took neonctl's and planetscale's READMEs: a heldout17 line whose command
heldout18 also holds is left out here (heldout18's copy was relabelled first).

  python3 build.py
"""
import json

labels = {}
for n, l in enumerate([l for n in ("labels.tsv", "labels2.tsv", "labels3.tsv", "labels4.tsv", "labels5.tsv", "labels6.tsv", "labels7.tsv", "labels8.tsv", "labels9.tsv", "labels10.tsv", "labels11.tsv", "labels12.tsv", "labels13.tsv", "labels14.tsv", "labels15.tsv", "labels16.tsv", "labels17.tsv", "labels18.tsv", "labels19.tsv", "labels20.tsv", "labels21.tsv") for l in open(n, encoding="utf-8")], 1):
    f = l.rstrip("\n").split("\t")
    if len(f) != 3 or not f[2]:
        raise SystemExit(f"labels.tsv:{n}: want id, label, reason")
    labels[f[0]] = f
out = {"dev": [], "heldout": [], "heldout2": [], "heldout3": [], "dev4": [], "heldout4": [], "heldout5": [], "dev6": [], "heldout6": [], "dev7": [], "heldout7": [], "heldout8": [], "dev8": [], "heldout9": [], "heldout10": [], "heldout11": [], "heldout12": [], "heldout13": [], "heldout14": [], "heldout15": [], "heldout16": [], "heldout17": [], "heldout18": []}
unlabelled = {}
dev7_commands = {json.loads(l).get("command") for l in open("drawn8.jsonl", encoding="utf-8")}
heldout18_commands = {json.loads(l).get("command") for l in open("drawn21.jsonl", encoding="utf-8")}
for l in [l for n in ("drawn.jsonl", "drawn2.jsonl", "drawn3.jsonl", "drawn4.jsonl", "drawn5.jsonl", "drawn6.jsonl", "drawn7.jsonl", "drawn8.jsonl", "drawn9.jsonl", "drawn10.jsonl", "drawn11.jsonl", "drawn12.jsonl", "drawn13.jsonl", "drawn14.jsonl", "drawn15.jsonl", "drawn16.jsonl", "drawn17.jsonl", "drawn18.jsonl", "drawn19.jsonl", "drawn20.jsonl", "drawn21.jsonl") for l in open(n, encoding="utf-8")]:
    d = json.loads(l)
    if d["id"] not in labels:
        unlabelled.setdefault(d["split"], []).append(d["id"])
        continue
    _, lab, reason = labels.pop(d["id"])
    if d["split"] == "heldout7" and d["tool"] == "bash" and d["command"] in dev7_commands:
        continue
    if d["split"] == "heldout17" and d["tool"] == "bash" and d["command"] in heldout18_commands:
        continue
    e = {"id": d["id"], "label": "everyday" if lab == "E" else "dangerous"}
    if lab != "E":
        e["category"] = lab
    e["reason"] = reason
    e["tool"] = d["tool"]
    if d["tool"] == "bash":
        e["command"] = d["command"]
    else:
        e["path"] = d["path"]
    for k in ("project", "home"):
        if d.get(k):
            e[k] = d[k]
    e["pool"] = d["pool"]
    e["source"] = {"repo": d["collection"], "commit": d["commit"], "path": d["source_path"], "line": d["line"]}
    if d.get("fixture"):
        e["source"]["fixture"] = "public-transcripts/" + d["fixture"]
    if d.get("note"):
        e["source"]["note"] = d["note"]
    out[d["split"]].append(e)
if labels:
    raise SystemExit(f"labels for lines never drawn: {sorted(labels)[:5]}")
for split, ids in unlabelled.items():
    if out[split]:
        raise SystemExit(f"{split}: {ids[0]} and {len(ids) - 1} more lines have no label")
    print(f"{split}: not labelled yet ({len(ids)} lines), left out")
    del out[split]
for split, lines in out.items():
    with open(split + ".jsonl", "w", encoding="utf-8") as f:
        for e in lines:
            f.write(json.dumps(e, ensure_ascii=False) + "\n")
    d = sum(e["label"] == "dangerous" for e in lines)
    print(f"{split}: {len(lines)} lines, {d} dangerous, {len(lines) - d} everyday")
