#!/bin/bash
# 13.23: every format, with zero and with many findings, baselines and fixes included (make sanitize runs this under ASan/UBSan)
mkdir -p none/fs/n
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >none/Makefile
: >none/Kbuild
printf 'int n_plain(int x)\n{\n\treturn x + 1;\n}\n' >none/fs/n/n.c
cp -r "$TOP/tests/reports/tree" many
"$GX" -q -o none.facts --root none none || fail "gfpcheck-extract failed on none"
"$GX" -q -o many.facts --root many many || fail "gfpcheck-extract failed on many"
for t in none many; do
	want=1
	[ $t = none ] && want=0
	for fmt in text json sarif org html codequality; do
		g --facts $t.facts --model many/model.txt --format $fmt -o $t.$fmt $t
		[ "$RC" = $want ] || { _show; fail "$t --format $fmt: exit $RC, expected $want"; }
		[ -s $t.$fmt ] || [ $t.$fmt = none.org ] || fail "$t --format $fmt: empty report"
		case $fmt in json | sarif | codequality)
			"$PY" -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' $t.$fmt ||
				fail "$t --format $fmt: not JSON" ;;
		esac
	done
	g --facts $t.facts --model many/model.txt --show-suppressed --dump-state --format json -o /dev/null $t
	[ "$RC" = $want ] || { _show; fail "$t --show-suppressed --dump-state: exit $RC"; }
	g --facts $t.facts --model many/model.txt --write-baseline $t.baseline $t
	expect_rc 0
	g --facts $t.facts --model many/model.txt --baseline $t.baseline --format json -o $t.bl.json $t
	expect_rc 0
	g --facts $t.facts --model many/model.txt --fix --fix-rules default,missing-nofs,nofs-no-context,vmalloc-nofs,repeat-order0 $t
	expect_rc 0
	g --facts $t.facts --model many/model.txt --patch-dir $t.series $t
	expect_rc 0
done
# an empty baseline file is a baseline with no findings
: >empty.baseline
g --facts many.facts --model many/model.txt --baseline empty.baseline many
expect_rc 1
