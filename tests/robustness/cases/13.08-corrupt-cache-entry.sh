#!/bin/bash
# 13.8: a truncated or garbage cache entry is dropped and the file extracted again: same findings, no exit 2
export GFPCHECK_CACHE=$T/cache
demo_tree tree
g -q tree
expect_rc 1
cp "$OUT" want
entries=$(find cache/facts -name '*.facts' | sort)
[ -n "$entries" ] || fail "no cache entries"
# truncated: every entry loses its second half
for f in $entries; do head -c $(( $(wc -c <"$f") / 2 )) "$f" >t && mv t "$f"; done
g -q tree
expect_rc 1
cmp -s "$OUT" want || fail "findings differ after truncated entries: $(cat "$OUT")"
# garbage: random bytes
for f in $(find cache/facts -name '*.facts'); do head -c 500 /dev/urandom >"$f"; done
g -q tree
expect_rc 1
cmp -s "$OUT" want || fail "findings differ after garbage entries: $(cat "$OUT")"
# garbage that keeps a valid header and end marker: the loader rejects it, the entry is made again
for f in $(find cache/facts -name '*.facts'); do
	{ head -n 3 "$f"; echo "call	nonsense"; tail -n 1 "$f"; } >t && mv t "$f"
done
g -q tree
expect_rc 1
cmp -s "$OUT" want || fail "findings differ after entries with bad records: $(cat "$OUT") $(cat "$ERR")"
