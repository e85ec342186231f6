#!/bin/sh
# Statement coverage of engine/opencode by the differential tests, counting
# only rows that agree with the real OpenCode (issue 29, COVERAGE.md): every
# row a known-differences.txt lists is taken out of its results files for
# the run, and the files are put back as they were afterwards.
#   sh testdata/opencode/agreeing_coverage.sh [PROFILE]
set -eu
cd "$(dirname "$0")/../.."
profile=${1:-/tmp/opencode-agreeing.cov}
backup=$(mktemp -d)
restore() { cp -a "$backup"/. testdata/opencode/ && rm -rf "$backup"; }
trap restore EXIT INT TERM
(cd testdata/opencode && find . -name known-differences.txt -o -name '*.results.jsonl' | tar -cf - -T -) | tar -xf - -C "$backup"
find testdata/opencode -name known-differences.txt | while read -r k; do
  python3 - "$(dirname "$k")" <<'PY'
import glob, json, os, sys
d = sys.argv[1]
known = os.path.join(d, "known-differences.txt")
keys = {l.split("\t")[0] for l in open(known) if l.strip() and not l.startswith("#")}
for f in glob.glob(os.path.join(d, "*.results.jsonl")):
    keep = []
    for l in open(f):
        if l.strip():
            r = json.loads(l)
            if "%s#%d" % (r["id"], r["call_index"]) not in keys:
                keep.append(l)
    open(f, "w").write("".join(keep))
open(known, "w").write("# emptied for the agreeing-rows measurement\n")
PY
done
PERMSIM_TEST_ROOT=${PERMSIM_TEST_ROOT:-/var/tmp} go test ./engine/opencode -run '^TestDifferential' -count=1 \
  -coverprofile="$profile" -coverpkg=./engine/opencode
go tool cover -func="$profile" | tail -1
