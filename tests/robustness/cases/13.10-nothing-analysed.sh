#!/bin/bash
# 13.10: a scan that analysed no file (failing SPATCH, unreadable tree) or too few exits 2 with the reason; a relative GFPCHECK_CACHE is made absolute
demo_tree tree
# a relative cache: works, from any directory
mkdir sub
(cd sub && GFPCHECK_CACHE=rel-cache "$G" -q ../tree >../out1 2>../err1); rc=$?
[ $rc = 1 ] || fail "relative GFPCHECK_CACHE: exit $rc: $(cat err1)"
[ -d sub/rel-cache/facts ] || fail "relative GFPCHECK_CACHE not taken from the working directory"
[ -z "$(find tree -newer out1 -o -name '*.facts' | head -n 1)" ] || fail "something was written in the tree"
export GFPCHECK_CACHE=$T/cache
# a spatch that fails on every file
cat >bad-spatch <<'EOS'
#!/bin/sh
case "$1" in --version) echo "spatch version 9.9.9 fake"; exit 0;; esac
echo "Fatal error: exception Not_found" >&2
exit 2
EOS
chmod +x bad-spatch
SPATCH=$T/bad-spatch g -q tree
expect_rc 2
expect_err "none of the"
expect_err "Not_found"
# an unreadable tree (not as root: root reads anything)
if [ "$(id -u)" != 0 ]; then
	chmod 000 tree/fs/demofs/*.c
	g -q tree
	chmod 644 tree/fs/demofs/*.c
	expect_rc 2
	expect_err "could be analysed"
fi
# fewer than the threshold: 1 of 3 files
mkdir -p few
nofs_file few/good.c good_alloc
printf 'x\0' >few/bad1.c
printf 'y\0' >few/bad2.c
g -q few
expect_rc 2
expect_err "only 1 of 3 files"
GFPCHECK_MIN_ANALYSED=30 g -q few
expect_rc 1
