#!/bin/bash
# Issue 15, branch filesmem (BENCHMARKS.md, "Ingest memory flat in the number of files").
# Binaries: (cd /work/main && go build -o /tmp/fm-permsim-main ./cmd/permsim) at ef8fc51;
#           go build -o /tmp/fm-permsim-new ./cmd/permsim on this branch.
# 10 GB Claude Code corpus (zzgen: transcriptgen 10000 MiB, seed 10000, as /tmp/p2/n10.sh):
# first nightly with main's binary, the store copied for the new binary (its first run migrates the
# manifest and decides again: another binary), then nothing new alternated, 3 times each
cd /tmp/fm-n10 || exit 1
T() { /usr/bin/time -f "user %U sys %S maxrss_kb %M wall %e" "$@"; }
[ -d c10home ] || /usr/bin/time -f "gen wall %e" /tmp/p2/zzgen /tmp/fm-n10/c10home
echo "first main load $(cut -d' ' -f1-3 /proc/loadavg)"
T /tmp/fm-permsim-main nightly --home /tmp/fm-n10/c10home --out n-main > /dev/null 2> first-main.log; tail -1 first-main.log
cp -a n-main n-new
echo "first new (migrates, decides again) load $(cut -d' ' -f1-3 /proc/loadavg)"
T /tmp/fm-permsim-new nightly --home /tmp/fm-n10/c10home --out n-new > /dev/null 2> first-new.log; tail -1 first-new.log
for r in 1 2 3; do
  for b in main new; do
    echo "nothing new $b $r load $(cut -d' ' -f1-3 /proc/loadavg)"
    T /tmp/fm-permsim-$b nightly --home /tmp/fm-n10/c10home --out n-$b > rep-$b.$r 2> log-$b.$r; tail -1 log-$b.$r
  done
done
cmp rep-main.3 rep-new.3 && echo "reports identical"
head -c 100 n-new/manifest.json; echo
