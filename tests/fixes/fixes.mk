# tests/fixes/fixes.mk - included by the top Makefile.
#   make test-fixes          the fix fixtures (tests/fixes/<case>/, see run.sh)
#   make kernel-fix-check    the fs/ series of Debian's linux-source-6.1: every patch
#                            applies with `git apply --check` and every object it
#                            touches builds with no new error or warning
.PHONY: test-fixes kernel-fix-check
EXTRA_TESTS += test-fixes

test-fixes: $(BIN)/gfpcheck
	tests/fixes/run.sh $(if $(FIXES_VERBOSE),-v) $(BIN)/gfpcheck $(FIXES_CASES)

KFIX_DIR ?= $(KCACHE)/kernel-fix-check
kernel-fix-check: all $(KSRC_61)/Makefile
	tests/fixes/kernel-fix-check.sh $(BIN)/gfpcheck $(KSRC_61) $(KFIX_DIR) reports/linux-6.1-fs-fixes
