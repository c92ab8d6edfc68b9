# tests/factsonly/factsonly.mk - included by the top Makefile.
#   make test-facts-only   every fixture case: `gfpcheck --facts DIR` on its extracted
#                          facts, source tree removed, gives the same text, json
#                          (minus timings), sarif and html as a direct scan
EXTRA_TESTS += test-facts-only
.PHONY: test-facts-only
test-facts-only: $(BIN)/gfpcheck $(BIN)/gfpcheck-extract
	python3 tests/factsonly/run.py
