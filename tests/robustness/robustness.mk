# tests/robustness/robustness.mk - included by the top Makefile.
#   make test-robustness                  every case under tests/robustness/cases
#   make test-robustness ROBUST_CASES='13.01-*'   some of them (globs, no .sh)
#   make test-robustness ROBUST_ARGS=-v   show every case's output
.PHONY: test-robustness
EXTRA_TESTS += test-robustness
ROBUST_CASES ?=
ROBUST_ARGS ?=

test-robustness: $(BIN)/gfpcheck $(BIN)/gfpcheck-extract
	tests/robustness/run.sh $(ROBUST_ARGS) $(BIN)/gfpcheck $(ROBUST_CASES)
