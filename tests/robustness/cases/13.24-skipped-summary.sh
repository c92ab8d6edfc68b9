#!/bin/bash
# 13.24: many regions spatch could not parse are summarised on the text summary line (count, top files, where the list is), and every one names its token
export GFPCHECK_CACHE=$T/cache
mkdir -p tree
nofs_file tree/good.c good_alloc
for f in a b; do
	{
		for i in 1 2 3 4; do
			printf 'int %s_%d(void)\n{\n\tBROKEN_MACRO(%d) {\n\treturn 1 +;\n}\n\n' $f $i $i
		done
	} >tree/$f.c
done
g -q tree
expect_rc 1
sum=$(tail -n 1 "$OUT")
case "$sum" in *"regions skipped in 2 files, most in a.c ("*"all in --format json (stats.skipped)"*) ;;
*) fail "summary: $sum" ;; esac
[ ${#sum} -lt 400 ] || fail "summary line too long: ${#sum} characters"
g -q --format json -o r.json tree
"$PY" - <<'PY' || fail "skipped regions: $(head -c 900 r.json)"
import json
d = json.load(open("r.json"))
sk = d["stats"]["skipped"]
assert len(sk) >= 6, sk
assert not [s for s in sk if "near ''" in s or "near ?" in s], sk
PY
