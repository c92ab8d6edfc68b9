#!/bin/bash
# beyond 13: interrupted at any moment, -o and --apply leave each file old or new, never half, and no temporary file
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
cp -r tree fixed && "$G" -q --facts facts --apply fixed || fail "reference --apply failed"
cp -r tree t && "$G" -q --facts facts --format html -o full.html --apply t # the same run, not interrupted
echo "old report" >r.html
for i in $(seq 1 12); do
	rm -rf t && cp -r tree t
	"$G" -q --facts facts --format html -o r.html --apply t 2>/dev/null &
	pid=$!
	sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
	kill -INT $pid 2>/dev/null
	wait $pid
	for f in fs/demofs/inode.c fs/demofs/lock.c; do
		cmp -s "t/$f" "tree/$f" || cmp -s "t/$f" "fixed/$f" || fail "run $i: $f is neither old nor fixed"
	done
	cmp -s r.html full.html || grep -qx "old report" r.html || fail "run $i: r.html is neither old nor complete"
	left=$(find . -name '*.gfpcheck-*' | head -n 3)
	[ -z "$left" ] || fail "run $i: temporary files left: $left"
done
