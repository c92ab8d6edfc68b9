# bench/bench.mk - benchmarks (not part of `make test`).
# make bench-extract [BENCH_TREE=/path/to/linux/fs] [BENCH_JOBS=2]
BENCH_TREE ?= /root/.cache/gfpcheck/linux-source-6.1/fs
BENCH_JOBS ?= 2
.PHONY: bench-extract
bench-extract: $(BIN)/gfpcheck-extract
	sh bench/extract-vs-trivial.sh $(BENCH_TREE) $(BENCH_JOBS)

# make bench-analysis [BENCH_TREE=...]: phases after extraction, warm cache.
.PHONY: bench-analysis
bench-analysis: $(BIN)/gfpcheck
	sh bench/analysis.sh $(BENCH_TREE) 3
