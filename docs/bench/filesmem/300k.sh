#!/bin/bash
# Issue 15, branch filesmem (BENCHMARKS.md, "Ingest memory flat in the number of files").
# Binaries: (cd /work/main && go build -o /tmp/fm-permsim-main ./cmd/permsim) at ef8fc51;
#           go build -o /tmp/fm-permsim-new ./cmd/permsim on this branch.
# 300,000 sessions (the 100,000 of fm-bench100k plus 200,000 more of the same form): the branch's ingest,
# first run and nothing new twice, into a fresh store
cd /tmp/fm-100k
python3 - <<'PY'
import os
home='/tmp/fm-100k/home'
line='''{"parentUuid":null,"cwd":"/home/dev/p%(p)d","sessionId":"s-%(i)d","version":"2.1.62","type":"user","message":{"role":"user","content":"what does this project do?"},"uuid":"u-%(i)d","timestamp":"2026-03-14T09:00:03.000Z","permissionMode":"default"}
{"parentUuid":"u-%(i)d","cwd":"/home/dev/p%(p)d","sessionId":"s-%(i)d","version":"2.1.62","type":"assistant","message":{"role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"toolu_%(i)d","name":"Bash","input":{"command":"ls -la"}}]},"uuid":"a-%(i)d","timestamp":"2026-03-14T09:00:04.000Z"}
'''
for i in range(100000,300000):
    d=os.path.join(home,'.claude','projects','-home-dev-p%d'%(i%100))
    with open(os.path.join(d,'s-%d.jsonl'%i),'w') as f: f.write(line%{'p':i%100,'i':i})
PY
rm -rf out-300k
T() { /usr/bin/time -f "user %U sys %S maxrss_kb %M wall %e" "$@"; }
echo "first load $(cut -d' ' -f1-3 /proc/loadavg)"; T /tmp/fm-permsim-new ingest --quiet --home /tmp/fm-100k/home --out out-300k 2>&1 | tail -3
for r in 1 2; do echo "nothing new $r load $(cut -d' ' -f1-3 /proc/loadavg)"; T /tmp/fm-permsim-new ingest --quiet --home /tmp/fm-100k/home --out out-300k 2>&1 | tail -3; done
ls -la out-300k/manifest.json
