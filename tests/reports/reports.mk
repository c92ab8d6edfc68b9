# tests/reports/reports.mk — included by the top Makefile.
#   make test-reports   report formats (SARIF validated by the SARIF multitool and by
#                       ajv with the SARIF 2.1.0 schema, org, HTML in headless
#                       Chromium), baselines, --since, suppressions, progress and
#                       byte-identical output for -j 1 and -j 2
#   make deps-reports   npm ci of the validators pinned in tests/reports/package-lock.json
# Debian packages: chromium (HTML test), nodejs and npm (validators).
EXTRA_DEB_PKGS += chromium nodejs $(if $(shell command -v npm 2>/dev/null),,npm)
EXTRA_TESTS += test-reports

.PHONY: test-reports deps-reports
deps-reports:
	cd tests/reports && npm ci --no-audit --no-fund --loglevel=error
	chmod u+x tests/reports/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool

$(BIN)/reports-unit: tests/reports/unit.c $(OBJ)/libgfpcheck.a
	$(CC) $(CFLAGS) -o $@ tests/reports/unit.c $(OBJ)/libgfpcheck.a $(LDLIBS)

test-reports: $(BIN)/gfpcheck $(BIN)/reports-unit
	tests/reports/run.sh $(BIN)/gfpcheck $(BIN)/reports-unit
