#!/bin/bash
# x: a relative --macros (and --cocci) path is spatch's macro file, not a name spatch cannot find in its batch directory
export GFPCHECK_CACHE=$T/cache
mkdir -p tree/fs/x
cat >tree/fs/x/a.c <<'C'
void *f(int n)
{
	void *p = 0;
	my_guard(&l) {
		p = kmalloc(n, GFP_NOFS);
	}
	return p;
}
C
echo '#define my_guard(l) for (int __once = 1; __once; __once = 0)' >m.h
cp "$TOP/cocci/gfpfacts.cocci" g.cocci
run "$GX" -q --root tree --cocci g.cocci --macros m.h -o out tree/fs/x/a.c
expect_rc 0
grep -q '^skipped' out/fs/x/a.c.facts && fail "the macro file was not used: $(grep '^skipped' out/fs/x/a.c.facts)"
grep -q "kmalloc" out/fs/x/a.c.facts || fail "no facts of the guarded block"
# without the macro file the block does not parse (the case tests something)
rm -rf out
run "$GX" -q --root tree --cocci g.cocci --macros '' -o out tree/fs/x/a.c
grep -q '^skipped' out/fs/x/a.c.facts || fail "my_guard parses without a macro file: the case tests nothing"
exit 0
