#!/bin/bash
# 13.15: every output that cannot be written exits 2 with "cannot write"
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
check() { # what: the last command must have exited 2 saying "cannot write"
	[ "$RC" = 2 ] || { _show; fail "$1: exit $RC, expected 2"; }
	grep -q "cannot write" "$ERR" || { _show; fail "$1: no 'cannot write' message"; }
}
for fmt in text json sarif org html codequality; do
	LAST="gfpcheck --format $fmt tree >/dev/full"
	run "$G" --format $fmt --facts facts tree
	"$G" --format $fmt --facts facts tree >/dev/full 2>"$ERR"; RC=$?
	check "--format $fmt to a full disk"
	g --format $fmt -o /dev/full --facts facts tree
	check "--format $fmt -o /dev/full"
done
for a in --fix --dump-model --dump-state --list-rules --help --version; do
	LAST="gfpcheck $a >/dev/full"
	"$G" $a --facts facts tree >/dev/full 2>"$ERR"; RC=$?
	check "$a to a full disk"
done
g --write-baseline /dev/full --facts facts tree
check "--write-baseline /dev/full"
# a report bigger than stdio's buffer: the error comes from an earlier write
many=$(for i in $(seq 1 400); do printf -- '--model %s ' "$TOP/model/allocators.txt"; done)
LAST="gfpcheck --dump-model (large) >/dev/full"
# shellcheck disable=SC2086
"$G" $many --dump-model --facts facts tree >/dev/full 2>"$ERR"; RC=$?
check "a large --dump-model to a full disk"
# an output that cannot be created is named before the scan, and nothing is left behind
g -o no/such/dir/report.txt tree
check "-o into a missing directory"
g --write-baseline no/such/dir/baseline tree
check "--write-baseline into a missing directory"
# -o replaces the report and leaves no temporary file behind
echo "previous report" >report.txt
"$G" --facts facts -o report.txt tree >/dev/null 2>&1
grep -q "previous report" report.txt && fail "-o did not replace the report"
ls -a | grep -q 'gfpcheck-' && fail "a temporary file was left: $(ls -a)"
true
# a file size limit hit while writing the report (the write fails, or SIGXFSZ kills):
# the previous report stays whole and no temporary file is left
g --facts facts --format html -o big.html tree
[ "$(stat -c %s big.html)" -gt 4096 ] || fail "the HTML report is too small for this test"
for xfsz in ignore default; do
	echo "previous report" >r.html
	LAST="ulimit -f 2; gfpcheck --format html -o r.html (SIGXFSZ $xfsz)"
	if [ $xfsz = ignore ]; then
		run bash -c 'ulimit -f 2; trap "" XFSZ; exec "$@"' sh "$G" --facts facts --format html -o r.html tree
		expect_rc 2
		expect_err "cannot write"
	else
		run bash -c 'ulimit -f 2; exec "$@"' sh "$G" --facts facts --format html -o r.html tree
		[ "$RC" != 0 ] && [ "$RC" != 1 ] || { _show; fail "the size limit went unnoticed"; }
	fi
	grep -qx "previous report" r.html || fail "SIGXFSZ $xfsz: the previous report was replaced by $(stat -c %s r.html) bytes"
	ls -a | grep -q 'gfpcheck-' && fail "SIGXFSZ $xfsz: a temporary file was left: $(ls -a | grep gfpcheck-)"
done
true
