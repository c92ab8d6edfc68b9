# tests/tests.mk — included by the top Makefile (which defines CC, CFLAGS, BIN
# and builds $(BIN)/gfpcheck).  Builds the fixture runner and runs the fixtures.
#   make fixtures                       every case under tests/fixtures
#   make fixtures FIXTURE_FILTER=trylock  only cases whose rule/case matches
#   make fixtures FIXTURE_ARGS=-v       verbose runner output
FIXTURE_RUNNER_SRCS := $(wildcard tests/runner/*.c)
FIXTURE_RUNNER_HDRS := $(wildcard tests/runner/*.h)
FIXTURE_FILTER ?=
FIXTURE_ARGS   ?=

.PHONY: fixtures fixture-runner
fixture-runner: $(BIN)/fixture-runner

$(BIN)/fixture-runner: $(FIXTURE_RUNNER_SRCS) $(FIXTURE_RUNNER_HDRS)
	@mkdir -p $(BIN)
	$(CC) $(CFLAGS) -o $@ $(FIXTURE_RUNNER_SRCS)

fixtures: $(BIN)/gfpcheck $(BIN)/fixture-runner
	$(BIN)/fixture-runner --gfpcheck $(BIN)/gfpcheck \
		$(if $(FIXTURE_FILTER),--filter $(FIXTURE_FILTER)) $(FIXTURE_ARGS) \
		tests/fixtures
