#!/bin/bash
# 13.3: --apply writes through symlinks once, keeps hard links, refuses links out of the tree
demo_tree tree
# a symlinked source file whose target is in the tree
mkdir tree/shared
mv tree/fs/demofs/inode.c tree/shared/inode.c
ln -s ../../shared/inode.c tree/fs/demofs/inode.c
g --apply tree
expect_rc 0
[ -L tree/fs/demofs/inode.c ] || fail "the symlink was replaced by a regular file"
[ "$(count_in tree/shared/inode.c GFP_NOFS)" = 1 ] || fail "the link target was not fixed: $(grep -n GFP_ tree/shared/inode.c)"

# a hard link (here to a file outside the tree) stays a link to the fixed file
demo_tree hard
ln hard/fs/demofs/inode.c hard-link.c
g --apply hard
expect_rc 0
[ "$(stat -c %i hard/fs/demofs/inode.c)" = "$(stat -c %i hard-link.c)" ] || fail "the hard link was broken"
[ "$(count_in hard-link.c GFP_NOFS)" = 1 ] || fail "not fixed through the hard link"

# a file reached twice through an in-tree link is fixed once
demo_tree twice
ln -s demofs twice/fs/again
g --fix twice
n=$(grep -c '^+.*GFP_KERNEL' "$OUT")
[ "$n" = 2 ] || fail "the diff changes $n sites, expected 2 (the same file through fs/again)"
g --apply twice
expect_rc 0
[ "$(count_in twice/fs/demofs/inode.c GFP_KERNEL)" -ge 1 ] || fail "not fixed"
grep -q 'GFP_KERNEL_KERNEL\|GFP_KERNELL' twice/fs/demofs/inode.c && fail "fixed twice"
[ "$(count_in twice/fs/demofs/inode.c GFP_NOFS)" = 1 ] || fail "unexpected result: $(grep -n GFP_ twice/fs/demofs/inode.c)"

# a symlink to a file outside the tree is not written
demo_tree out
mv out/fs/demofs/inode.c outside.c
ln -s "$T/outside.c" out/fs/demofs/inode.c
cp outside.c outside.orig
g --apply out
expect_rc 2
expect_err "outside the tree"
cmp -s outside.c outside.orig || fail "a file outside the tree was written"
