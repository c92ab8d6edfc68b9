# tests/flags/flags.mk - included by the top Makefile.
#   make test-flags    the `fix` contract of the flag rules (tests/flags/run.sh)
.PHONY: test-flags
EXTRA_TESTS += test-flags

test-flags: $(BIN)/gfpcheck
	tests/flags/run.sh $(BIN)/gfpcheck
