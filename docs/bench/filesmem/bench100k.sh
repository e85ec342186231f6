#!/bin/bash
# Issue 15, branch filesmem (BENCHMARKS.md, "Ingest memory flat in the number of files").
# Binaries: (cd /work/main && go build -o /tmp/fm-permsim-main ./cmd/permsim) at ef8fc51;
#           go build -o /tmp/fm-permsim-new ./cmd/permsim on this branch.
# 100,000 small Claude Code sessions (one call each): ingest first run and nothing new, old and new alternated
mkdir -p /tmp/fm-100k
[ -d /tmp/fm-100k/home ] || python3 - <<'PY'
import os
home='/tmp/fm-100k/home'
line='''{"parentUuid":null,"cwd":"/home/dev/p%(p)d","sessionId":"s-%(i)d","version":"2.1.62","type":"user","message":{"role":"user","content":"what does this project do?"},"uuid":"u-%(i)d","timestamp":"2026-03-14T09:00:03.000Z","permissionMode":"default"}
{"parentUuid":"u-%(i)d","cwd":"/home/dev/p%(p)d","sessionId":"s-%(i)d","version":"2.1.62","type":"assistant","message":{"role":"assistant","model":"claude-sonnet-4-6","content":[{"type":"tool_use","id":"toolu_%(i)d","name":"Bash","input":{"command":"ls -la"}}]},"uuid":"a-%(i)d","timestamp":"2026-03-14T09:00:04.000Z"}
'''
for i in range(100000):
    d=os.path.join(home,'.claude','projects','-home-dev-p%d'%(i%100))
    os.makedirs(d,exist_ok=True)
    with open(os.path.join(d,'s-%d.jsonl'%i),'w') as f: f.write(line%{'p':i%100,'i':i})
PY
cd /tmp/fm-100k
T() { /usr/bin/time -f "user %U sys %S maxrss_kb %M wall %e" "$@"; }
rm -rf out-main out-new
for b in main new; do
  echo "first $b load $(cut -d' ' -f1-3 /proc/loadavg)"
  T /tmp/fm-permsim-$b ingest --quiet --home /tmp/fm-100k/home --out out-$b 2>&1 >/dev/null | tail -1
done
for r in 1 2 3; do
  for b in main new; do
    echo "nothing new $b $r load $(cut -d' ' -f1-3 /proc/loadavg)"
    T /tmp/fm-permsim-$b ingest --quiet --home /tmp/fm-100k/home --out out-$b 2>&1 >/dev/null | tail -1
  done
done
ls -la out-main/manifest.json out-new/manifest.json
