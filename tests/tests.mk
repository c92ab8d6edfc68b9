# tests/tests.mk — included by the top Makefile (which defines CC, CFLAGS, BIN
# and builds $(BIN)/gfpcheck).  Builds the fixture runner and runs the fixtures.
#   make fixtures                       every case under tests/fixtures
#   make fixtures FIXTURE_FILTER=trylock  only cases whose rule/case matches
#   make fixtures FIXTURE_ARGS=-v       verbose runner output
#   make fixture-runner-selftest        test the runner itself
FIXTURE_RUNNER_SRCS := $(wildcard tests/runner/*.c)
FIXTURE_RUNNER_HDRS := $(wildcard tests/runner/*.h)
FIXTURE_FILTER ?=
FIXTURE_ARGS   ?=

.PHONY: fixtures fixture-runner fixture-runner-selftest
fixture-runner: $(BIN)/fixture-runner

# The runner's own test (fake gfpcheck, tiny cases in a temporary directory).
fixture-runner-selftest: $(BIN)/fixture-runner
	tests/runner/selftest/run.sh $(BIN)/fixture-runner

$(BIN)/fixture-runner: $(FIXTURE_RUNNER_SRCS) $(FIXTURE_RUNNER_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) -o $@ $(FIXTURE_RUNNER_SRCS)

fixtures: $(BIN)/gfpcheck $(BIN)/fixture-runner fixture-runner-selftest
	$(BIN)/fixture-runner --gfpcheck $(BIN)/gfpcheck \
		$(if $(FIXTURE_FILTER),--filter $(FIXTURE_FILTER)) $(FIXTURE_ARGS) \
		tests/fixtures
