# tests/fuzz/fuzz.mk - included by the top Makefile.
#   make fuzz                      every fuzz target for FUZZ_SECONDS each (default 30),
#                                  libFuzzer under ASan and UBSan; ends "N passed, N failed"
#   make fuzz FUZZ_SECONDS=150     longer (the 10-minute run of the README: 4 x 150 s)
#   make fuzz FUZZ_TARGETS=model   some targets only
#   make fuzz-replay               run the committed corpus once through every target
# Needs clang with its fuzzer runtime: Debian clang-14 and libclang-rt-14-dev
# (`make deps` installs them).
FUZZ_CC      ?= $(firstword $(foreach c,clang-14 clang,$(shell command -v $(c) 2>/dev/null)))
FUZZ_TARGETS ?= facts model baseline suppress
FUZZ_SECONDS ?= 30
FUZZ_OPT     := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
EXTRA_DEB_PKGS += clang-14 libclang-rt-14-dev
.PHONY: fuzz fuzz-build fuzz-replay fuzz-targets

# Built in bin/fuzz by a sub-make with CC=clang (the core library under the sanitizers).
fuzz-targets: $(foreach t,$(FUZZ_TARGETS),$(BIN)/fuzz-$(t))
$(BIN)/fuzz-%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< $(OBJ)/libgfpcheck.a $(LDLIBS)

fuzz-build:
	@test -n "$(FUZZ_CC)" || { echo "fuzz: no clang (run make deps, or apt-get install clang-14 libclang-rt-14-dev)"; exit 2; }
	@$(MAKE) --no-print-directory BIN=bin/fuzz CC=$(FUZZ_CC) OPT="$(FUZZ_OPT)" FUZZ_TARGETS="$(FUZZ_TARGETS)" fuzz-targets

fuzz: fuzz-build
	tests/fuzz/run.sh bin/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-replay: fuzz-build
	tests/fuzz/run.sh bin/fuzz 0 $(FUZZ_TARGETS)
