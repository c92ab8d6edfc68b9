# sparse/sparse.mk - the sparse front end (included by the top Makefile).
#   make deps-sparse        fetch Debian's sparse source package, build its libsparse.a
#                           (part of `make deps`; SPARSE_SRC=/path uses a checkout)
#   make sparse-frontend    bin/gfpcheck-sparse
#   make kernel-sparse-check  Linux 6.1 fs/ext4, fs/xfs, fs/btrfs under C=2 CHECK=gfpcheck-sparse
# See sparse/README.md.

SPARSE_CACHE   ?= $(KCACHE)/sparse
SPARSE_SRC     ?= $(patsubst %/,%,$(lastword $(sort $(wildcard $(SPARSE_CACHE)/sparse-*/))))
SPARSE_LIB     := $(if $(SPARSE_SRC),$(wildcard $(SPARSE_SRC)/libsparse.a))
SPARSE_BIN     := $(BIN)/gfpcheck-sparse
SPARSE_OBJDIR  := $(BIN)/obj-sparse
SPARSE_SRCS    := $(wildcard sparse/*.c)
SPARSE_OBJS    := $(patsubst sparse/%.c,$(SPARSE_OBJDIR)/%.o,$(SPARSE_SRCS))
# sparse's headers as system headers: they are not ours to keep -Werror clean
# base/util.c is linked in as base_util.o; libsparse defines xstrdup() and
# xasprintf() of its own (on its arena), so ours take other link names here
SPARSE_RENAME  := -Dxstrdup=gfpcheck_xstrdup -Dxasprintf=gfpcheck_xasprintf
SPARSE_CFLAGS  := $(CSTD) $(WARN) $(OPT) -isystem $(SPARSE_SRC) -Icheckers $(SPARSE_RENAME) -DGFPCHECK_VERSION=\"$(VERSION)\"
# the facts writer every front end shares (facts/facts_write.h: schema-checked
# records, the `source` header, `suppress` records, the text, the end marker)
SPARSE_CORE_OBJS := $(addprefix $(BIN)/obj/,facts/facts_write.o facts/schema.o facts/srcscan.o base/hash.o)
# Debian's sparse (the baseline of bench/sparse-cost.sh) and dpkg-dev (apt-get source)
EXTRA_DEB_PKGS     += sparse dpkg-dev
EXTRA_DEPS_TARGETS += deps-sparse

.PHONY: deps-sparse sparse-frontend test-sparse kernel-sparse-check

deps-sparse:
	@SPARSE_CACHE=$(SPARSE_CACHE) $(if $(filter command line environment,$(origin SPARSE_SRC)),SPARSE_SRC=$(SPARSE_SRC)) sh sparse/deps.sh >/dev/null

ifneq ($(SPARSE_LIB),)
all: $(SPARSE_BIN)
sparse-frontend: $(SPARSE_BIN)
$(SPARSE_OBJDIR)/%.o: sparse/%.c $(wildcard sparse/*.h) checkers/facts/facts_write.h checkers/facts/schema.h checkers/facts/facts.def
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(SPARSE_CFLAGS) -c -o $@ $<
$(SPARSE_OBJDIR)/base_util.o: checkers/base/util.c checkers/base/util.h
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(SPARSE_CFLAGS) -c -o $@ $<
$(SPARSE_BIN): $(SPARSE_OBJS) $(SPARSE_OBJDIR)/base_util.o $(SPARSE_CORE_OBJS) $(SPARSE_LIB)
	$(CC) $(SPARSE_CFLAGS) -o $@ $(SPARSE_OBJS) $(SPARSE_OBJDIR)/base_util.o $(SPARSE_CORE_OBJS) $(SPARSE_LIB) -lm
else
sparse-frontend:
	@echo "gfpcheck: sparse front end not built: run 'make deps' (or make deps-sparse; SPARSE_SRC=/path/to/sparse for a checkout)"
endif

# Results in bin/kernel-sparse-check/ (sparse/kernel-check.sh; heavy: run it alone).
kernel-sparse-check: $(KSRC_61)/Makefile sparse-frontend $(BIN)/gfpcheck $(BIN)/gfpcheck-extract
	SRC=$(KSRC_61) GFPSPARSE=$(CURDIR)/$(SPARSE_BIN) WORK=$(CURDIR)/$(BIN)/kernel-sparse-check \
		nice -n 10 sh sparse/kernel-check.sh

# make bench-sparse OBJ=/path/to/built/kernel/objdir [DIRS="fs/ext4 fs/xfs"]
SPARSE_BENCH_DIRS ?= fs/ext4 fs/xfs fs/btrfs
.PHONY: bench-sparse
bench-sparse: sparse-frontend
	sh bench/sparse-cost.sh $(or $(OBJ),$(KCACHE)/linux-6.1-sparse-obj) $(SPARSE_BENCH_DIRS)

# make test-sparse: sparse/tests/run.sh (part of `make test` once the front end is built)
ifneq ($(SPARSE_LIB),)
EXTRA_TESTS += test-sparse
endif
test-sparse: sparse-frontend $(BIN)/gfpcheck
	sparse/tests/run.sh
