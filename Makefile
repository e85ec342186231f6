# permsim — see README.md. Every target works on a fresh clone: Go fetches
# only the modules a build needs (a bare `go mod download` would fetch DuckDB
# for every platform).

GO      ?= go
BIN     := bin/permsim
# --version says which release and commit a binary is (cmd/permsim/version.go):
# Go stamps neither for a build from this tree under -buildvcs=false.
VERSION := $(shell git describe --tags --always --dirty 2>/dev/null)
COMMIT  := $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS := -X main.buildVersion=$(VERSION) -X main.buildCommit=$(COMMIT)
DEMO    := $(CURDIR)/.demo
export CGO_ENABLED := 1

.PHONY: build install test demo bench lint clean verify fuzz notebooks

build:
	$(GO) build -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/permsim

# permsim into $(go env GOBIN), or $(go env GOPATH)/bin: the folder `go
# install` uses, which must be on PATH.
install:
	$(GO) install -ldflags '$(LDFLAGS)' ./cmd/permsim

test: lint
	$(GO) test -count=1 ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# The whole pipeline on the sample transcripts bundled in testdata/demo:
# ingest -> replay -> report, into a throwaway output folder; then an audit
# of one demo project's agent files, the rules that would have stopped
# the demo's risky calls (checked by re-simulating), and a check of a
# change to agent settings: testdata/check/mkrepo.sh builds a throwaway git
# repository in .demo/check-repo (a base commit and a branch per kind of
# change), and check judges the branch that adds a broad allow rule (it
# exits 1: the change lets destructive calls run; the demo goes on).
demo: build
	@rm -rf $(DEMO)
	./$(BIN) nightly --home testdata/demo/home --out $(DEMO) --root /home=$(CURDIR)/testdata/demo/root/home
	./$(BIN) audit --project testdata/demo/root/home/dev/my_app.v2 --home testdata/demo/home
	./$(BIN) suggest --out $(DEMO) --root /home=$(CURDIR)/testdata/demo/root/home
	sh testdata/check/mkrepo.sh $(DEMO)/check-repo
	./$(BIN) check --repo $(DEMO)/check-repo --base main --head broad-allow || test $$? = 1

# Every notebook under notebooks/, executed headless against the demo store;
# the executed copies (with their charts) land in bin/notebooks/. Needs
# Debian's jupyter-nbconvert, python3-nbclient, python3-ipykernel,
# python3-pandas and python3-matplotlib (the system Python, not pyenv's).
# The notebooks are committed without outputs (TestNotebooksStripped).
NBCONVERT ?= /usr/bin/jupyter-nbconvert
notebooks: demo
	@mkdir -p bin/notebooks
	@failed=""; for nb in notebooks/*.ipynb; do \
	  echo "== $$nb"; \
	  PYDEVD_DISABLE_FILE_VALIDATION=1 PERMSIM_OUT=$(DEMO) PERMSIM_BIN=$(CURDIR)/$(BIN) PERMSIM_ROOT=/home=$(CURDIR)/testdata/demo/root/home \
	  $(NBCONVERT) --to notebook --execute --ExecutePreprocessor.timeout=300 --output-dir $(CURDIR)/bin/notebooks "$$nb" \
	    || failed="$$failed $$nb"; \
	done; \
	if [ -n "$$failed" ]; then echo "notebooks: failed:$$failed"; exit 1; fi

# Benchmarks (issue 15), from one run: permsim ingest against DuckDB's JSON
# readers on the same generated Claude Code transcripts (MB/s, peak memory,
# ratio), replay of BENCH_CALLS generated calls end to end (calls/s, peak
# memory; then as 2 shards at once, and push/pull of its calls table in MB/s
# against versitygw on loopback when it is installed), then every reader's
# MB/s on its own generated input. Each
# measurement runs in a process of its own; BENCHMARKS.md has a run.
# BENCH_SIZES: transcript sizes in MiB, 1 GB and 10 GB by default (10000
# needs ~11 GiB free under $TMPDIR; without it that row says it was skipped).
# BENCH_REALISTIC_SIZES: the same ingest-vs-DuckDB rows on transcripts of
# the realistic profile (call density and record mix of real transcripts,
# internal/transcriptgen/REALISTIC.md).
BENCH_SIZES ?= 1000,10000
BENCH_REALISTIC_SIZES ?= 1000
BENCH_CALLS ?= 1000000
BENCH_RUNS  ?= 3
bench:
	$(GO) run ./cmd/permsim-bench -sizes $(BENCH_SIZES) -calls $(BENCH_CALLS) -runs $(BENCH_RUNS)
	$(GO) run ./cmd/permsim-bench -profile realistic -sizes $(BENCH_REALISTIC_SIZES) -calls 0 -runs $(BENCH_RUNS)
	$(GO) test -run '^$$' -bench . -benchmem ./ingest/... ./engine/... ./dataset/ ./check/

# Every fuzz target (transcript readers, settings/rules/policy loaders,
# shell parsing, danger, …) for FUZZTIME each; their seed corpora also run
# in `make test`. A crash stops the run and leaves the input under the
# package's testdata/fuzz/.
# FUZZTMP: where the fuzzer keeps its shared memory and the targets their
# files; a memory file system where there is one. On a busy ext4 /tmp,
# OpenCode's FuzzReadJSON made 28 executions in 30 s; with /dev/shm, 29972.
# FUZZMINTIME: how long the fuzzer may spend shrinking each new input. Go's
# default, 60 s, is spent on every input that finds new coverage: the Codex
# reader's FuzzRead showed 79 executions in 30 s with it, 1198 with 2 s.
# A count bounds it better on a busy machine, where 2 s of wall time hold
# only a few runs while all workers wait: Claude Code's FuzzLoadSettings
# made 20022 executions in 20 s with 2s and 122274 with 100x (same load).
FUZZTIME ?= 30s
FUZZMINTIME ?= 100x
FUZZTMP  ?= $(shell test -d /dev/shm -a -w /dev/shm && echo /dev/shm)
# FUZZTIME may be a duration (30s) or an execution count (1000000x).
# FUZZONLY: an extended regular expression; only the targets whose
# "package target" (e.g. "./engine/shell FuzzParse") it matches are run.
# Each target's line "== ./pkg Target" is followed by Go's progress lines
# and a closing "== done ./pkg Target <seconds> s <ok|FAIL>" (see
# docs/fuzzing.md for the table made from them).
FUZZONLY ?= .
# FUZZWALL: if set, the most seconds one target may run; it is then stopped
# with an interrupt, which Go's fuzzer takes as the end of the run (PASS,
# with the executions reached on its last progress line); the closing line
# then says "stopped at FUZZWALL" instead of ok. The instrumented test
# binary is built before the clock starts (go test -c -fuzz), so that a
# slow build does not eat a target's time.
FUZZWALL ?=
fuzz: export FUZZTMP := $(FUZZTMP)
fuzz:
	@if [ -n "$$FUZZTMP" ]; then mkdir -p "$$FUZZTMP"; fi; \
	failed=""; for d in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  for t in $$(grep -h '^func Fuzz' $$d/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
	    echo "$$d $$t" | grep -Eq -- '$(FUZZONLY)' || continue; \
	    echo "== $$d $$t"; \
	    $(if $(FUZZWALL),TMPDIR=$${FUZZTMP:-$${TMPDIR:-/tmp}} $(GO) test -c -fuzz "^$$t\$$" -o $${FUZZTMP:-$${TMPDIR:-/tmp}}/fuzzbuild.test $$d && rm -f $${FUZZTMP:-$${TMPDIR:-/tmp}}/fuzzbuild.test;) \
	    s=$$(date +%s); r=ok; \
	    TMPDIR=$${FUZZTMP:-$${TMPDIR:-/tmp}} $(if $(FUZZWALL),timeout -s INT -k 60 $(FUZZWALL)) $(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINTIME) $$d || { rc=$$?; if [ $$rc = 124 ]; then r="stopped at FUZZWALL"; else r=FAIL; failed="$$failed $$d:$$t"; fi; }; \
	    echo "== done $$d $$t $$(( $$(date +%s) - s )) s $$r"; \
	  done; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi

# Re-record the Claude Code corpus with the real binary (claude on PATH, or
# CLAUDE=/path/to/claude), sandboxed in bubblewrap. Never run by CI.
CLAUDE ?= claude
verify: build
	./$(BIN) verify --harness claude --binary $(CLAUDE) \
		--cases testdata/claude/verify/claude.cases.jsonl --record testdata/claude/verify/claude.results.jsonl

clean:
	rm -rf bin $(DEMO)
