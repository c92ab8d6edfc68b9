#!/bin/bash
# 13.6: a file that changes while spatch runs never leaves facts of other bytes under its key: the facts are those of the bytes spatch parsed
export GFPCHECK_CACHE=$T/cache
mkdir -p tree
nofs_file tree/x.c x_alloc            # A: one nofs-in-scope finding
sed 's/GFP_NOFS/GFP_KERNEL/' tree/x.c >B.c   # B: none
cp tree/x.c A.c
real=$(command -v "${SPATCH:-spatch}") || fail "no spatch"
cat >spatch-flip <<EOS
#!/bin/sh
# the file changes from A to B once spatch has started
case "\$*" in *--file-groups*) if [ -f "$T/flip" ]; then rm -f "$T/flip"; cp "$T/B.c" "$T/tree/x.c"; fi ;; esac
exec "$real" "\$@"
EOS
chmod +x spatch-flip
touch flip
SPATCH=$T/spatch-flip g -q tree
[ -f flip ] && fail "the wrapper did not run"
cmp -s tree/x.c B.c || fail "the file did not change"
# what was analysed was A: its finding
expect_rc 1
expect_out "x.c:7:"
# B now: no finding (facts of B, not A's under B's key)
g -q tree
expect_rc 0
# A again: its finding (facts of A under A's key, not B's)
cp A.c tree/x.c
g -q tree
expect_rc 1
expect_out "x.c:7:"
