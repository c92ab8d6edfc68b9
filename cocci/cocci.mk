# cocci/cocci.mk - gfpcheck's coccicheck scripts; included by the top Makefile.
#
#   make cocci-gen                  regenerate cocci/<rule>.cocci from model/
#   make cocci-check-generated      fail when the committed scripts are stale
#   make test-cocci                 run the fixture cases under tests/cocci/
#   make install-cocci KDIR=/path/to/linux
#                                   install scripts generated for that tree's
#                                   version into KDIR/scripts/coccinelle/api/gfp/
#   make kernel-coccicheck [KSRC=...] [KWORK=...] [KCOCCI_DIRS="fs/ext4 ..."]
#                                   run the kernel's own `make coccicheck` with
#                                   each script, all four modes, on a copy of
#                                   linux-source-6.1; see cocci/README.md
COCCI_RULES     := nofs-in-scope nofs-in-transaction scope-imbalance \
		   vmalloc-nofs repeat-order0 repeat-costly
COCCI_SCRIPTS   := $(addprefix cocci/,$(addsuffix .cocci,$(COCCI_RULES)))
COCCI_TEMPLATES := $(wildcard cocci/templates/*.cocci.in)
COCCI_MODEL     := $(wildcard model/*.txt tests/cocci/model/*.txt)
KSRC  ?= $(HOME)/.cache/gfpcheck/linux-source-6.1
KWORK ?= $(HOME)/.cache/gfpcheck/linux-6.1-cocci
KCOCCI_DIRS ?= fs/ext4 fs/xfs fs/btrfs fs

.PHONY: cocci-gen cocci-check-generated test-cocci install-cocci kernel-coccicheck

# gen-cocci.sh reads the model through `gfpcheck --dump-model`.
cocci-gen: $(BIN)/gfpcheck
	GFPCHECK=$(BIN)/gfpcheck cocci/gen-cocci.sh

cocci-check-generated: $(BIN)/gfpcheck
	@tmp=$$(mktemp -d) && trap 'rm -rf $$tmp' EXIT && \
	GFPCHECK=$(BIN)/gfpcheck cocci/gen-cocci.sh -o $$tmp 2>/dev/null && \
	stale=0 && for r in $(COCCI_RULES); do \
		if ! cmp -s $$tmp/$$r.cocci cocci/$$r.cocci; then \
			echo "cocci/$$r.cocci is stale: run 'make cocci-gen' and commit it"; \
			stale=1; \
		fi; \
	done && \
	if [ $$stale = 0 ]; then echo "cocci: generated scripts are up to date"; fi && \
	[ $$stale = 0 ]

EXTRA_TESTS += test-cocci
test-cocci: cocci-check-generated
	tests/cocci/run.sh

install-cocci: $(BIN)/gfpcheck
	@[ -n "$(KDIR)" ] && [ -f "$(KDIR)/Makefile" ] || \
		{ echo "usage: make install-cocci KDIR=/path/to/linux" >&2; exit 2; }
	@v=$$(awk '/^VERSION *=/{v=$$3} /^PATCHLEVEL *=/{p=$$3} END{if (v != "") print v "." p}' "$(KDIR)/Makefile"); \
	[ -n "$$v" ] || { echo "install-cocci: no VERSION in $(KDIR)/Makefile" >&2; exit 2; }; \
	mkdir -p "$(KDIR)/scripts/coccinelle/api/gfp" && \
	rm -f "$(KDIR)"/scripts/coccinelle/api/gfp/*.cocci && \
	GFPCHECK=$(BIN)/gfpcheck cocci/gen-cocci.sh -k $$v -o "$(KDIR)/scripts/coccinelle/api/gfp" && \
	echo "install-cocci: scripts for Linux $$v in $(KDIR)/scripts/coccinelle/api/gfp:" && \
	ls "$(KDIR)/scripts/coccinelle/api/gfp"

kernel-coccicheck:
	KSRC="$(KSRC)" KWORK="$(KWORK)" KCOCCI_DIRS="$(KCOCCI_DIRS)" \
		tests/cocci/kernel-coccicheck.sh
