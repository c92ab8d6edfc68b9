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
SPARSE_CFLAGS  := $(CSTD) $(WARN) $(OPT) -isystem $(SPARSE_SRC) -DGFPCHECK_VERSION=\"$(VERSION)\"
# Debian's sparse (the baseline of bench/sparse-cost.sh) and dpkg-dev (apt-get source)
EXTRA_DEB_PKGS     += sparse dpkg-dev
EXTRA_DEPS_TARGETS += deps-sparse

.PHONY: deps-sparse sparse-frontend test-sparse kernel-sparse-check

deps-sparse:
	@SPARSE_CACHE=$(SPARSE_CACHE) $(if $(filter command line environment,$(origin SPARSE_SRC)),SPARSE_SRC=$(SPARSE_SRC)) sh sparse/deps.sh >/dev/null

ifneq ($(SPARSE_LIB),)
sparse-frontend: $(SPARSE_BIN)
$(SPARSE_OBJDIR)/%.o: sparse/%.c $(wildcard sparse/*.h)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(SPARSE_CFLAGS) -c -o $@ $<
$(SPARSE_BIN): $(SPARSE_OBJS) $(SPARSE_LIB)
	$(CC) $(SPARSE_CFLAGS) -o $@ $(SPARSE_OBJS) $(SPARSE_LIB) -lm
else
sparse-frontend:
	@echo "gfpcheck: sparse front end not built: run 'make deps' (or make deps-sparse; SPARSE_SRC=/path/to/sparse for a checkout)"
endif
