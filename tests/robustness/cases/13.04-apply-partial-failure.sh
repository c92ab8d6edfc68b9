#!/bin/bash
# 13.4: a partial --apply reports what was written and exits non-zero
[ "$(id -u)" = 0 ] && ! command -v setpriv >/dev/null && { echo "skip: root without setpriv"; exit 0; }
two_dir_tree tree
chmod a-w tree/fs/b
# as a user who cannot write fs/b (root ignores permissions)
as_user() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; else "$@"; fi; }
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
chmod -R a+rwX tree/fs/a tree; chmod a-w tree/fs/b; chmod a+rx "$T"
LAST="gfpcheck --facts facts --apply tree (fs/b read-only)"
run as_user "$G" --facts facts --apply tree
expect_rc 2
expect_err "1 site changed in 1 file"
expect_err "NOT written: fs/b/b.c"
grep -q GFP_KERNEL tree/fs/a/a.c || fail "fs/a/a.c was not fixed"
grep -q GFP_NOFS tree/fs/b/b.c || fail "fs/b/b.c changed"
ls tree/fs/b | grep -q gfpcheck- && fail "a temporary file was left in fs/b: $(ls tree/fs/b)"

# every fix refused because the file changed after the analysis: not 0
two_dir_tree t2
"$GX" -q -o facts --root t2 t2 || fail "gfpcheck-extract failed"
for f in t2/fs/a/a.c t2/fs/b/b.c; do
	sed -i '1i /* a line added after the analysis */' "$f"
	cp "$f" "$f.orig"
done
g --facts facts --apply t2
expect_rc 2
cmp -s t2/fs/a/a.c t2/fs/a/a.c.orig || fail "fs/a/a.c was written although it changed since the analysis"
cmp -s t2/fs/b/b.c t2/fs/b/b.c.orig || fail "fs/b/b.c was written although it changed since the analysis"
