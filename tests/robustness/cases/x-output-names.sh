#!/bin/bash
# beyond 13.15: empty output names are usage errors before the scan; -o through a symlink updates its target and keeps the link
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
for a in -o --output --write-baseline --patch-dir; do
	g -q --facts facts "$a" "" tree
	expect_usage_error
	expect_no_err "0 findings"
done
mkdir shared
echo old >shared/report.txt
ln -s shared/report.txt report.txt
g -q --facts facts -o report.txt tree
expect_rc 1
[ -L report.txt ] || fail "the symlink was replaced by a regular file"
grep -q "nofs-in-scope" shared/report.txt || fail "the link's target was not updated"
