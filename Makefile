# gfpcheck — top-level Makefile.  `make` builds bin/gfpcheck; `make test` runs
# every test; `make demo` scans examples/ and writes reports/.
CC      ?= cc
VERSION := 0.1.0
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
OPT     ?= -O2 -g
CFLAGS  += $(CSTD) $(WARN) $(OPT) -Icheckers -DGFPCHECK_VERSION=\"$(VERSION)\"
LDLIBS  += -lpthread
BIN     := bin
OBJ     := $(BIN)/obj$(OBJSUFFIX)

# checkers/ is layered, each layer a directory whose files include only their own
# layer and the layers below (see README, Architecture):
#   base -> model -> facts -> analysis -> rules -> fix, report -> cli
#   base -> extract -> cli              (the Coccinelle front-end driver; it writes its
#                                        facts through facts/facts_write.h, which with
#                                        facts/schema.c and facts/srcscan.c needs base only)
# Every .c file of a layer goes in the core library; cli/ holds the programs.
LAYERS    := base model facts analysis rules fix report extract
MAINS     := checkers/cli/main.c checkers/cli/extract_main.c
CORE_SRCS := $(foreach l,$(LAYERS),$(wildcard checkers/$(l)/*.c)) \
             $(filter-out $(MAINS),$(wildcard checkers/cli/*.c))
CORE_OBJS := $(patsubst checkers/%.c,$(OBJ)/%.o,$(CORE_SRCS))
CORE_HDRS := $(wildcard checkers/*/*.h checkers/*/*.def)

.PHONY: all clean test unit fixtures test-extract test-rules-table sanitize deps deps-core demo kernel-scan kernel-scan-all bench help
all: $(BIN)/gfpcheck $(BIN)/gfpcheck-extract

$(OBJ)/%.o: checkers/%.c $(CORE_HDRS)
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -c -o $@ $<

$(OBJ)/libgfpcheck.a: $(CORE_OBJS)
	@rm -f $@
	@ar rcs $@ $^

$(BIN)/gfpcheck: $(OBJ)/cli/main.o $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/gfpcheck-extract: $(OBJ)/cli/extract_main.o $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# ---- dependencies ----
# Debian packages the project needs; `make deps` installs the missing ones as root
# and otherwise prints the apt-get command.
DEB_PKGS := coccinelle python3 gcc make
EXTRA_DEPS_TARGETS ?= deps-reports
# deps-core: what building gfpcheck and scanning need (the demo runs it when one is
# missing); deps: everything the tests need as well.
deps-core:
	@$(call install_debs,$(DEB_PKGS))
deps:
	@$(call install_debs,$(DEB_PKGS) $(EXTRA_DEB_PKGS))
	@$(MAKE) --no-print-directory $(EXTRA_DEPS_TARGETS)
define install_debs
missing=""; for p in $(1); do \
	dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
if [ -z "$$missing" ]; then echo "deps: all installed"; \
elif [ "$$(id -u)" = 0 ]; then \
	echo "deps: installing$$missing"; \
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
else echo "deps: run as root: apt-get install$$missing"; exit 1; fi
endef

# Each area plugs in through its own fragment; a fragment adds its test target to
# EXTRA_TESTS when `make test` should run it.
EXTRA_TESTS :=
# Real kernel sources (defined before the fragments, whose targets name them).
KCACHE   ?= $(HOME)/.cache/gfpcheck
KSRC_61  := $(KCACHE)/linux-source-6.1
include tests/tests.mk
include cocci/cocci.mk
include clang-plugin/plugin.mk
include sparse/sparse.mk
include bench/bench.mk
include tests/fixes/fixes.mk
include tests/reports/reports.mk
include tests/flags/flags.mk
include tests/robustness/robustness.mk
include tests/factsonly/factsonly.mk
include tests/fuzz/fuzz.mk

clean:
	rm -rf $(BIN)

# ---- tests ----
UNIT_SRCS := $(wildcard tests/unit/*.c)
$(BIN)/unit-tests: $(UNIT_SRCS) tests/unit/unit.h $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -Itests/unit -o $@ $(UNIT_SRCS) $(OBJ)/libgfpcheck.a $(LDLIBS)

unit: $(BIN)/unit-tests
	$(BIN)/unit-tests

test-extract: $(BIN)/gfpcheck-extract
	bash tests/extract/run.sh

# Every rule of the rule table has its file, doc page and fixtures under its ID.
test-rules-table: $(BIN)/gfpcheck
	sh tests/rules-table.sh $(BIN)/gfpcheck

# The rule tables of README.md and docs/rules/README.md, from --list-rules
# (test-rules-table fails while they differ).
.PHONY: rules-tables
rules-tables: $(BIN)/gfpcheck
	sh docs/rules/tables.sh $(BIN)/gfpcheck

# checkers/facts/schema_table.h: the FIELDS of facts.def parsed for schema.c's
# const table. Run it after changing facts.def (until then `make unit` fails).
.PHONY: facts-schema
facts-schema:
	awk -f checkers/facts/schema_table.awk checkers/facts/facts.def >checkers/facts/schema_table.h.tmp
	mv checkers/facts/schema_table.h.tmp checkers/facts/schema_table.h

# The suites are independent (each has its own output directory; the facts cache
# writes atomically): two at a time on CI's two cores, the longest first.
TEST_JOBS ?= 2
TEST_LONGEST_FIRST := test-frontends test-cocci test-reports fixtures test-fixes test-flags
TEST_SUITES = $(foreach t,$(TEST_LONGEST_FIRST),$(filter $(t),$(EXTRA_TESTS) fixtures)) \
	$(filter-out $(TEST_LONGEST_FIRST),unit test-extract test-rules-table $(EXTRA_TESTS))
test: all
	@$(MAKE) --no-print-directory test-facts-cache
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target $(TEST_SUITES)
	@echo "make test: all suites passed"

# The facts of every fixture in one batched extraction (-j TEST_JOBS) before the
# suites start, instead of one spatch start-up (about a second) per case and suite:
# the cache is keyed by content, so each suite still reads exactly the facts its
# own extraction would write, and a file missing here is extracted by the suite.
TEST_FACT_DIRS := tests/fixtures clang-plugin/tests/cases tests/fixes
.PHONY: test-facts-cache
test-facts-cache: $(BIN)/gfpcheck-extract
	@$(BIN)/gfpcheck-extract -q -j$(TEST_JOBS) --root . $(TEST_FACT_DIRS) || \
		echo "test-facts-cache: some files failed (the suites will say which)"

# ASan + UBSan build of the core, running the unit tests, the fixtures, the fix
# cases, the flag rules and the robustness cases.
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
sanitize:
	$(MAKE) BIN=bin/san OPT="$(SAN_FLAGS)" bin/san/gfpcheck bin/san/gfpcheck-extract bin/san/unit-tests bin/san/fixture-runner
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 bin/san/unit-tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 GFPCHECK_HOME=$(CURDIR) \
		bin/san/fixture-runner --gfpcheck bin/san/gfpcheck tests/fixtures
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 tests/fixes/run.sh bin/san/gfpcheck
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 tests/flags/run.sh bin/san/gfpcheck
	@# error exits leave memory to the OS: no leak check here, memory errors and UB still stop the run
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 tests/robustness/run.sh bin/san/gfpcheck

# ---- demo and real-kernel scans ----
# On a fresh machine the demo installs what it needs first (as root; otherwise it
# prints the one command to run): the README's first two commands are all it takes.
DEMO_OUT ?= reports
DEMO_DEPS ?= $(MAKE) --no-print-directory deps-core
demo:
	@need=""; command -v "$${SPATCH:-spatch}" >/dev/null 2>&1 || need="$$need coccinelle (spatch)"; \
	command -v $(CC) >/dev/null 2>&1 || need="$$need a C compiler ($(CC))"; \
	command -v python3 >/dev/null 2>&1 || need="$$need python3"; \
	if [ -n "$$need" ]; then \
		if [ "$$(id -u)" = 0 ]; then echo "demo: missing:$$need; installing (make deps-core)"; $(DEMO_DEPS) || exit 1; \
		else echo "demo: missing:$$need. Run as root, then make demo again:"; \
			echo "  sudo make -C $(CURDIR) deps-core"; exit 1; fi; \
		command -v "$${SPATCH:-spatch}" >/dev/null 2>&1 || { echo "demo: still no spatch ($${SPATCH:-spatch})"; exit 1; }; \
	fi
	@$(MAKE) --no-print-directory all
	@mkdir -p $(DEMO_OUT)
	@$(BIN)/gfpcheck -q -o $(DEMO_OUT)/demo.txt examples/demo || test $$? = 1
	@$(BIN)/gfpcheck -q --format json -o $(DEMO_OUT)/demo.json examples/demo || test $$? = 1
	@cat $(DEMO_OUT)/demo.txt
	@echo "demo: reports in $(DEMO_OUT)/demo.txt and $(DEMO_OUT)/demo.json"

$(KSRC_61)/Makefile:
	@mkdir -p $(KCACHE)
	@test -f /usr/src/linux-source-6.1.tar.xz || { \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-source-6.1; \
		else echo "kernel-scan: run as root: apt-get install linux-source-6.1"; exit 1; fi; }
	tar -C $(KCACHE) -xf /usr/src/linux-source-6.1.tar.xz
	@touch $@

# The whole 6.1 tree, cold, then warm, then with one file changed (issue 15):
# reports/linux-6.1.{txt,json}, reports/linux-6.1-scan.md and the figures in
# README.md.  Hours on 2 cores: run it alone.
kernel-scan-all: all $(KSRC_61)/Makefile
	sh bench/kernel-scan-all.sh $(KSRC_61) $(BENCH_JOBS)

kernel-scan: all $(KSRC_61)/Makefile
	@mkdir -p reports
	/usr/bin/time -f "%e s wall, %M KiB max RSS" $(BIN)/gfpcheck -o reports/linux-6.1-fs.txt $(KSRC_61)/fs || test $$? = 1
	$(BIN)/gfpcheck --format json -o reports/linux-6.1-fs.json $(KSRC_61)/fs || test $$? = 1
	@tail -n 1 reports/linux-6.1-fs.txt | cut -c1-300
