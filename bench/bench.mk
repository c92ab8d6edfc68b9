# bench/bench.mk - benchmarks (not part of `make test`).
# make bench-extract [BENCH_TREE=/path/to/linux/fs] [BENCH_JOBS=2]
BENCH_TREE ?= $(KSRC_61)/fs
BENCH_JOBS ?= 2
.PHONY: bench-extract
bench-extract: $(BIN)/gfpcheck-extract $(BIN)/gfpcheck
	sh bench/extract-vs-trivial.sh $(BENCH_TREE) $(BENCH_JOBS)

# make bench-analysis [BENCH_TREE=...]: phases after extraction, warm cache.
.PHONY: bench-analysis
bench-analysis: $(BIN)/gfpcheck
	sh bench/analysis.sh $(BENCH_TREE) 3

# make bench-upstream: gfpcheck's 6.1 fs/ findings against what upstream changed
# by 6.12 (functions whose GFP_NOFS/KM_NOFS masks went away). Needs
# `make kernel-scan` first and Debian's linux-source-6.12 (installed when root).
KCACHE ?= $(HOME)/.cache/gfpcheck
KSRC_612 := $(KCACHE)/linux-source-6.12
# The whole tree, as for 6.1: the scan of fs/ reads the tree's include/ (static
# inlines, prototypes), so an fs/-only copy gives other findings. The stamp is a
# header, so that an fs/-only copy unpacked by an older Makefile is completed.
KTREE_612 := $(KSRC_612)/include/linux/gfp.h
$(KTREE_612):
	@mkdir -p $(KCACHE)
	@test -f /usr/src/linux-source-6.12.tar.xz || { if [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-source-6.12; \
		else echo "bench-upstream: run as root: apt-get install linux-source-6.12"; exit 1; fi; }
	tar -C $(KCACHE) -xf /usr/src/linux-source-6.12.tar.xz
	@touch $@
.PHONY: bench-upstream
bench-upstream: $(KTREE_612)
	@test -f reports/linux-6.1-fs.json || { echo "bench-upstream: run 'make kernel-scan' first (reports/linux-6.1-fs.json)"; exit 2; }
	python3 bench/upstream-nofs.py $(KSRC_61) $(KSRC_612) reports/linux-6.1-fs.json fs

# make bench-regress: the text and JSON reports, --fix diff and --patch-dir series of Linux 6.1
# and 6.12 fs/ against the copies in bench/regress/ (bench/regress.sh); a change
# meant to change findings runs `make bench-regress-update` and commits the copies.
.PHONY: bench-regress bench-regress-update
bench-regress: $(BIN)/gfpcheck $(KSRC_61)/Makefile $(KTREE_612)
	@rc=0; sh bench/regress.sh linux-6.1-fs $(KSRC_61)/fs || rc=$$?; \
	sh bench/regress.sh linux-6.12-fs $(KSRC_612)/fs || rc=$$?; exit $$rc
bench-regress-update: $(BIN)/gfpcheck $(KSRC_61)/Makefile $(KTREE_612)
	sh bench/regress.sh --update linux-6.1-fs $(KSRC_61)/fs
	sh bench/regress.sh --update linux-6.12-fs $(KSRC_612)/fs

# make bench-rescan OLD=DIR GFPCHECK_CACHE=DIR: the warm and one-file rescans of
# the whole 6.1 tree, the checkout OLD (bin/gfpcheck built) against this one,
# side by side in one run (bench/rescan-compare.sh); the cache must hold the
# tree's facts (make kernel-scan-all with CACHE=DIR, or one cold scan).
.PHONY: bench-rescan
bench-rescan: $(BIN)/gfpcheck $(KSRC_61)/Makefile
	@test -n "$(OLD)" || { echo "bench-rescan: OLD=DIR, a checkout of the commit to compare with (bin/gfpcheck built)"; exit 2; }
	sh bench/rescan-compare.sh $(OLD) $(CURDIR) $(KSRC_61)
