#!/bin/bash
# 13.11: with include/ in the tree, `gfpcheck --facts DIR` without the tree gives the direct scan's report (declarations and inlines of include/ travel in the facts)
mkdir -p tree/include/linux tree/fs/a
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >tree/Makefile
: >tree/Kbuild
cat >tree/include/linux/a.h <<'EOC'
/* a_public() may be called from anywhere in the kernel */
void *a_public(unsigned long n);
static inline void *a_buf(unsigned long n)
{
	return kmalloc(n, GFP_NOFS);
}
EOC
cat >tree/fs/a/a.c <<'EOC'
#include <linux/slab.h>
#include <linux/sched/mm.h>
#include "include/linux/a.h"

void *a_public(unsigned long n)
{
	return kmalloc(n, GFP_NOFS);
}

void *a_user(unsigned long n)
{
	unsigned int flags = memalloc_nofs_save();
	void *p = a_public(n);
	void *q = a_buf(n);

	memalloc_nofs_restore(flags);
	return q ? p : q;
}
EOC
# direct scan of fs/ only: include/ is read as context
g -q --format json -o direct.json tree/fs
expect_rc 0
g -q tree/fs
cp "$OUT" direct.txt
expect_no_out "nofs-in-scope"
grep -q '"context_headers": 1' direct.json || fail "the header of include/ is not counted as context: $(head -c 600 direct.json)"
run "$GX" -q --root tree -o facts tree/fs
expect_rc 0
[ -f facts/include/linux/a.h.facts ] || fail "no facts for include/linux/a.h in the facts directory"
grep -qP '^proto\ta_public\t2:7\textern$' facts/include/linux/a.h.facts || fail "no extern proto record: $(cat facts/include/linux/a.h.facts)"
grep -qP '^fn\ta_buf\tstatic\t' facts/include/linux/a.h.facts || fail "the static inline that allocates has no function facts"
grep -qP '^scanned\tfs$' facts/gfpfacts.tree || fail "the tree file does not say what was scanned: $(cat facts/gfpfacts.tree)"
mv tree elsewhere # another machine: the source tree is not there
g -q --facts facts
cmp -s "$OUT" direct.txt || fail "--facts differs from the direct scan: $(diff direct.txt "$OUT" | head -20)"
g -q --format json -o facts.json --facts facts
sed -i '/"seconds"\|"peak_mib"\|"cache_hits"/d' direct.json facts.json
cmp -s direct.json facts.json || fail "--facts json differs: $(diff direct.json facts.json | head -20)"
