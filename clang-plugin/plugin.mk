# clang-plugin/plugin.mk - the gfpcheck Clang front end (included by the top Makefile).
#   make clang-plugin          bin/gfpcheck-clang.so (plugin) and bin/gfpcheck-clang (driver)
#   make clang-plugin LLVM_CONFIG=llvm-config-14 CLANG_SUFFIX=-14
#                              the same for one LLVM version: bin/gfpcheck-clang-14.so ...
#   make test-frontends        clang-plugin/tests/run.sh (Clang vs Coccinelle facts)
#   make kernel-clang-check    build fs/ext4 fs/xfs fs/btrfs of Linux 6.1 with and without
#                              the plugin (clang-14), report time overhead and facts, and
#                              compare gfpcheck's findings on the Clang and Coccinelle facts
# Needs the Debian packages clang-N libclang-N-dev llvm-N-dev (N = 19, 16 or 14).

LLVM_CONFIG ?= $(firstword $(foreach v,19 16 14,$(shell command -v llvm-config-$(v) 2>/dev/null)))
CLANG_SUFFIX ?=
CLANG_PLUGIN_SO  := $(BIN)/gfpcheck-clang$(CLANG_SUFFIX).so
CLANG_DRIVER     := $(BIN)/gfpcheck-clang$(CLANG_SUFFIX)
CLANG_DEB_PKGS   := clang-14 libclang-14-dev llvm-14-dev
KERNEL_LLVM      ?= 14
# `make deps` installs them (the plugin is part of `make test` when they are there).
EXTRA_DEB_PKGS   += $(CLANG_DEB_PKGS)

ifneq ($(LLVM_CONFIG),)
LLVM_MAJOR       := $(shell $(LLVM_CONFIG) --version 2>/dev/null | cut -d. -f1)
LLVM_INCDIR      := $(shell $(LLVM_CONFIG) --includedir 2>/dev/null)
LLVM_LIBDIR      := $(shell $(LLVM_CONFIG) --libdir 2>/dev/null)
CLANG_HAVE_HDRS  := $(wildcard $(LLVM_INCDIR)/clang/Frontend/FrontendPluginRegistry.h)
CLANG_RESOURCE   := $(shell $(shell $(LLVM_CONFIG) --bindir 2>/dev/null)/clang -print-resource-dir 2>/dev/null)
# LLVM's include directory as a system directory: its headers do not pass -Werror.
CLANG_CXXFLAGS   := $(patsubst -I%,-isystem %,$(filter-out -std=% -fno-exceptions,$(shell $(LLVM_CONFIG) --cxxflags))) \
		    -std=c++17 -fPIC -fno-exceptions -Wall -Wextra -Werror -O2 -g \
		    $(if $(filter NO,$(shell $(LLVM_CONFIG) --has-rtti)),-fno-rtti)
CLANG_LDFLAGS    := $(shell $(LLVM_CONFIG) --ldflags)
CLANG_CPP_LIB    := $(firstword $(wildcard $(LLVM_LIBDIR)/libclang-cpp.so $(LLVM_LIBDIR)/libclang-cpp.so.*))
CLANG_LIBS       := $(CLANG_CPP_LIB) $(shell $(LLVM_CONFIG) --libs --link-shared 2>/dev/null || $(LLVM_CONFIG) --libs) \
		    -Wl,-rpath,$(LLVM_LIBDIR)
endif
CLANG_OBJDIR     := $(BIN)/obj-clang$(LLVM_MAJOR)
CLANG_SRCS       := $(wildcard clang-plugin/*.cpp)
# The fact writer of the core (C, position-independent): the plugin writes every
# record through it, checked against checkers/facts/facts.def.
CLANG_C_SRCS     := checkers/facts/schema.c checkers/facts/facts_write.c checkers/facts/srcscan.c checkers/base/hash.c \
		    checkers/base/util.c
CLANG_C_OBJS     := $(patsubst checkers/%.c,$(CLANG_OBJDIR)/c/%.o,$(CLANG_C_SRCS))

.PHONY: clang-plugin test-frontends test-frontends-all kernel-clang-check

ifneq ($(CLANG_HAVE_HDRS),)
clang-plugin: $(CLANG_PLUGIN_SO) $(CLANG_DRIVER)
else
clang-plugin:
	@echo "gfpcheck: Clang plugin not built: install the Debian packages $(CLANG_DEB_PKGS) (or the -16/-19 versions), e.g. with 'make deps'"
endif

$(CLANG_OBJDIR)/%.o: clang-plugin/%.cpp clang-plugin/extractor.h clang-plugin/facts_rec.h checkers/facts/facts_write.h \
		checkers/facts/schema.h checkers/facts/facts.def
	@mkdir -p $(dir $@)
	$(CXX) $(CLANG_CXXFLAGS) -Icheckers $(if $(CLANG_RESOURCE),-DGFPCHECK_RESOURCE_DIR='"$(CLANG_RESOURCE)"') -c -o $@ $<

$(CLANG_OBJDIR)/c/%.o: checkers/%.c $(CORE_HDRS) checkers/facts/facts.def
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC -c -o $@ $<

# The plugin resolves Clang's symbols from the compiler that loads it.
$(CLANG_PLUGIN_SO): $(CLANG_OBJDIR)/extractor.o $(CLANG_OBJDIR)/plugin.o $(CLANG_C_OBJS)
	$(CXX) -shared -o $@ $^ $(CLANG_LDFLAGS)

$(CLANG_DRIVER): $(CLANG_OBJDIR)/extractor.o $(CLANG_OBJDIR)/driver.o $(CLANG_C_OBJS)
	$(CXX) -o $@ $^ $(CLANG_LDFLAGS) $(CLANG_LIBS)

# make test runs the front-end comparison when the Clang headers are installed.
ifneq ($(CLANG_HAVE_HDRS),)
EXTRA_TESTS += test-frontends
endif
test-frontends: clang-plugin
	clang-plugin/tests/run.sh

# Build and test with every installed LLVM (14, 16, 19).
test-frontends-all:
	@set -e; for v in 14 16 19; do \
	  if command -v llvm-config-$$v >/dev/null; then \
	    echo "== LLVM $$v"; \
	    $(MAKE) --no-print-directory clang-plugin LLVM_CONFIG=llvm-config-$$v CLANG_SUFFIX=-$$v; \
	    CLANG=clang-$$v PLUGIN=$(BIN)/gfpcheck-clang-$$v.so DRIVER=$(BIN)/gfpcheck-clang-$$v clang-plugin/tests/run.sh; \
	  fi; done

# The plugin must come from the same LLVM as the compiler that loads it: the
# kernel is built with clang-$(KERNEL_LLVM).  Results: bin/kernel-clang-check/.
kernel-clang-check: $(KSRC_61)/Makefile
	$(MAKE) --no-print-directory clang-plugin LLVM_CONFIG=llvm-config-$(KERNEL_LLVM) CLANG_SUFFIX=-$(KERNEL_LLVM)
	$(MAKE) --no-print-directory $(BIN)/gfpcheck
	SRC=$(KSRC_61) TREE=$(KCACHE)/linux-6.1-clang CLANG=clang-$(KERNEL_LLVM) PLUGIN=$(CURDIR)/$(BIN)/gfpcheck-clang-$(KERNEL_LLVM).so WORK=$(CURDIR)/$(BIN)/kernel-clang-check \
		clang-plugin/kernel-check.sh
