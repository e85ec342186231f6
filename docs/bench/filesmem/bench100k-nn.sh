#!/bin/bash
# Issue 15, branch filesmem (BENCHMARKS.md, "Ingest memory flat in the number of files").
# Binaries: (cd /work/main && go build -o /tmp/fm-permsim-main ./cmd/permsim) at ef8fc51;
#           go build -o /tmp/fm-permsim-new ./cmd/permsim on this branch.
# nothing new over the 100,000 sessions again, with the branch at 4b4c2ec (field-by-field entries), alternated
cd /tmp/fm-100k
for r in 1 2; do for b in new main; do
  echo -n "nothing new $b $r load $(cut -d' ' -f1-3 /proc/loadavg): "
  /usr/bin/time -f "user %U sys %S maxrss_kb %M wall %e" /tmp/fm-permsim-$b ingest --quiet --home /tmp/fm-100k/home --out out-$b 2>&1 >/dev/null | tail -1
done; done
