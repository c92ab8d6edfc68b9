#!/bin/bash
# 13.2: --apply (and --fix) never write an edit computed from bytes other than those the facts were extracted from: the check is the facts' source hash, not the fixer's own read
export GFPCHECK_CACHE=$T/cache
mkdir -p tree
nofs_file tree/x.c x_alloc            # GFP_NOFS inside memalloc_nofs_save(): nofs-in-scope, fixable
run "$GX" -q --root tree -o facts tree
expect_rc 0
# the scope goes away after extraction, every position kept (same length): the
# GFP_NOFS is needed now, and flipping it would be wrong
sed -i 's/unsigned int flags = memalloc_nofs_save();/unsigned int flags = 0;                     /; s/memalloc_nofs_restore(flags);/(void)flags;                 /' tree/x.c
grep -q memalloc_nofs tree/x.c && fail "the test did not remove the scope"
cp tree/x.c before.c
g -q --facts facts --apply
expect_rc 2
expect_err "not those the analysis read"
cmp -s tree/x.c before.c || fail "--apply wrote a fix computed from other bytes: $(diff before.c tree/x.c)"
g -q --facts facts --fix
expect_rc 2
[ -s "$OUT" ] && fail "--fix printed a diff for a file whose bytes were not analysed: $(head -c 300 "$OUT")"
true
