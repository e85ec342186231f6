#!/bin/bash
# Issue 15, branch filesmem (BENCHMARKS.md, "Ingest memory flat in the number of files").
# Binaries: (cd /work/main && go build -o /tmp/fm-permsim-main ./cmd/permsim) at ef8fc51;
#           go build -o /tmp/fm-permsim-new ./cmd/permsim on this branch.
# main vs new on the same home: first run, then appended / truncated / deleted files, then nothing new
set -e
# run from the repository's root: the home is every reader's synthetic fixture
[ -d /tmp/fm-gen/home ] || { mkdir -p /tmp/fm-gen/home; for h in claude codex gemini opencode cursor; do cp -a testdata/ingest/$h/synthetic/home/. /tmp/fm-gen/home/; done; }
rm -rf /tmp/fm-d && mkdir -p /tmp/fm-d && cd /tmp/fm-d
for b in main new; do cp -a /tmp/fm-gen/home home-$b; done
Q="SELECT * EXCLUDE (ingest_run, home, source_file) , replace(source_file, '/tmp/fm-d/home-BIN', 'H') AS sf FROM calls_all ORDER BY call_key, copy_rank, sf"
step() {
  for b in main new; do
    /tmp/fm-permsim-$b ingest --quiet --home /tmp/fm-d/home-$b --out out-$b > sum-$b.$1 2>&1 || true
    sed -i "s#/tmp/fm-d/home-$b#H#g" sum-$b.$1
    /tmp/fm-permsim-$b sql --out out-$b --format csv --show-secrets "${Q//BIN/$b}" | sed "s|/tmp/fm-d/home-$b|H|g" > calls-$b.$1
  done
  if cmp -s calls-main.$1 calls-new.$1 && cmp -s sum-main.$1 sum-new.$1; then echo "$1: same ($(wc -l < calls-new.$1) rows)"; else echo "$1: DIFFER"; diff sum-main.$1 sum-new.$1 | head; diff calls-main.$1 calls-new.$1 | head -5; fi
}
step 1
for b in main new; do
  h=home-$b
  # grow: append a copy of a line pair to a Claude session and a Codex rollout
  c=$(ls $h/.claude/projects/*/*.jsonl | head -1); tail -2 $c | sed 's/toolu_/toolu_x/g' >> $c
  x=$(find $h/.codex -name 'rollout-*.jsonl' | head -1); tail -3 $x >> $x
  # truncate one Gemini chat, delete one Claude session
  g=$(find $h/.gemini -name 'session-*' | head -1); truncate -s 200 $g
  d=$(ls $h/.claude/projects/*/*.jsonl | tail -1); rm $d
done
step 2
step 3
