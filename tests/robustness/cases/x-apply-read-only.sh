#!/bin/bash
# beyond 13.4: --apply leaves a read-only file alone (even as root), says so and exits 2
two_dir_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
chmod 444 tree/fs/b/b.c
cp tree/fs/b/b.c b.orig
g --facts facts --apply tree
expect_rc 2
expect_err "fs/b/b.c not written: it is read-only"
expect_err "1 site changed in 1 file"
cmp -s tree/fs/b/b.c b.orig || fail "the read-only file was rewritten"
[ "$(stat -c %a tree/fs/b/b.c)" = 444 ] || fail "its mode changed"
grep -q GFP_KERNEL tree/fs/a/a.c || fail "fs/a/a.c was not fixed"
# the mode of a writable file is kept
two_dir_tree t2
chmod 640 t2/fs/a/a.c
g --apply t2
expect_rc 0
[ "$(stat -c %a t2/fs/a/a.c)" = 640 ] || fail "mode 640 became $(stat -c %a t2/fs/a/a.c)"
