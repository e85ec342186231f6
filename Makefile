# permsim — see README.md. Every target works on a fresh clone: Go fetches
# only the modules a build needs (a bare `go mod download` would fetch DuckDB
# for every platform).

GO      ?= go
BIN     := bin/permsim
DEMO    := $(CURDIR)/.demo
export CGO_ENABLED := 1

.PHONY: build test demo bench lint clean verify fuzz

build:
	$(GO) build -o $(BIN) ./cmd/permsim

test: lint
	$(GO) test -count=1 ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

# The whole pipeline on the sample transcripts bundled in testdata/demo:
# ingest -> replay -> report, into a throwaway output folder; then an audit
# of one demo project's agent files.
demo: build
	@rm -rf $(DEMO)
	./$(BIN) nightly --home testdata/demo/home --out $(DEMO) --root /home=$(CURDIR)/testdata/demo/root/home
	./$(BIN) audit --project testdata/demo/root/home/dev/my_app.v2 --home testdata/demo/home

# Benchmarks (issue 15), from one run: permsim ingest against DuckDB's JSON
# readers on the same generated Claude Code transcripts (MB/s, peak memory,
# ratio), replay of BENCH_CALLS generated calls end to end (calls/s, peak
# memory), then every reader's MB/s on its own generated input. Each
# measurement runs in a process of its own; BENCHMARKS.md has a run.
# BENCH_SIZES: transcript sizes in MiB (10000 needs ~11 GB free under $TMPDIR).
BENCH_SIZES ?= 1000
BENCH_CALLS ?= 1000000
BENCH_RUNS  ?= 3
bench:
	$(GO) run ./cmd/permsim-bench -sizes $(BENCH_SIZES) -calls $(BENCH_CALLS) -runs $(BENCH_RUNS)
	$(GO) test -run '^$$' -bench . -benchmem ./ingest/... ./engine/... ./dataset/

# Every fuzz target (transcript readers, settings/rules/policy loaders,
# shell parsing, danger, …) for FUZZTIME each; their seed corpora also run
# in `make test`. A crash stops the run and leaves the input under the
# package's testdata/fuzz/.
FUZZTIME ?= 30s
fuzz:
	@failed=""; for d in $$(grep -rl --include='*_test.go' '^func Fuzz' . | xargs -n1 dirname | sort -u); do \
	  for t in $$(grep -h '^func Fuzz' $$d/*_test.go | sed 's/^func \(Fuzz[A-Za-z0-9_]*\).*/\1/'); do \
	    echo "== $$d $$t"; $(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) $$d || failed="$$failed $$d:$$t"; \
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
