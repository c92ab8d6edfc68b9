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

# Every checkers/*.c and checkers/rules/*.c that is not a program's main goes in
# the core library.
MAINS     := checkers/main.c checkers/extract_main.c
CORE_SRCS := $(filter-out $(MAINS),$(wildcard checkers/*.c checkers/rules/*.c))
CORE_OBJS := $(patsubst checkers/%.c,$(OBJ)/%.o,$(CORE_SRCS))

.PHONY: all clean test unit fixtures sanitize deps demo kernel-scan bench help
all: $(BIN)/gfpcheck $(BIN)/gfpcheck-extract

$(OBJ)/%.o: checkers/%.c $(wildcard checkers/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(OBJ)/libgfpcheck.a: $(CORE_OBJS)
	@rm -f $@
	ar rcs $@ $^

$(BIN)/gfpcheck: $(OBJ)/main.o $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/gfpcheck-extract: $(OBJ)/extract_main.o $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

-include tests/tests.mk
-include cocci/cocci.mk
-include clang-plugin/plugin.mk
-include bench/bench.mk

clean:
	rm -rf $(BIN)

# ---- tests ----
UNIT_SRCS := $(wildcard tests/unit/*.c)
$(BIN)/unit-tests: $(UNIT_SRCS) tests/unit/unit.h $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -Itests/unit -o $@ $(UNIT_SRCS) $(OBJ)/libgfpcheck.a $(LDLIBS)

unit: $(BIN)/unit-tests
	$(BIN)/unit-tests
