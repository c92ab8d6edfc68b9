#!/bin/bash
# beyond 13: file names with spaces, TABs and non-UTF-8 bytes survive --fix (git apply, patch), --patch-dir (git am), baselines and JSON
mkdir -p src
nofs_file src/one.c one_alloc
"$GX" -q -o f0 --root src src || fail "gfpcheck-extract failed"
names=("fs/a b/x y.c" $'fs/t\tab.c' $'fs/caf\xe9.c' 'fs/q"uo\\te.c')
mkdir -p tree facts
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >tree/Makefile
: >tree/Kbuild
for n in "${names[@]}"; do
	mkdir -p "tree/$(dirname "$n")" "facts/$(dirname "$n")"
	cp src/one.c "tree/$n"
	cp f0/one.c.facts "facts/$n.facts"
done
cp -r tree orig
g --facts facts --fix tree
expect_rc 0
cp "$OUT" fix.diff
[ "$(grep -c '^diff --git' fix.diff)" = 4 ] || fail "expected 4 files in the diff: $(grep '^diff' fix.diff)"
cp -r orig g1 && (cd g1 && git apply ../fix.diff) || fail "git apply refused the diff"
cp -r orig p1 && (cd p1 && patch -s -p1 <../fix.diff) >/dev/null 2>&1 || fail "patch -p1 refused the diff"
for n in "${names[@]}"; do
	grep -q GFP_KERNEL "g1/$n" || fail "git apply did not fix '$n'"
	grep -q GFP_KERNEL "p1/$n" || fail "patch did not fix '$n'"
done
# the series, through git am
mkdir repo && cp -r orig/. repo/ && (cd repo && git init -q . && git add -A &&
	git -c user.name=t -c user.email=t@example.invalid commit -qm base) || fail "git init"
g --facts facts --patch-dir series --from "T <t@example.invalid>" tree
expect_rc 0
(cd repo && git -c user.name=t -c user.email=t@example.invalid am -q ../series/*.patch) >am.log 2>&1 ||
	fail "git am refused the series: $(cat am.log)"
for n in "${names[@]}"; do grep -q GFP_KERNEL "repo/$n" || fail "git am did not fix '$n'"; done
# baselines: one line per finding, read back
g --facts facts --write-baseline b.txt tree
expect_rc 0
[ "$(grep -vc '^#' b.txt)" = 4 ] || fail "baseline: $(cat -A b.txt)"
g --facts facts --baseline b.txt tree
expect_rc 0
g --facts facts --format json -o r.json tree
"$PY" -c 'import json; d = json.loads(open("r.json","rb").read().decode("utf-8")); assert len(d["findings"]) == 4' ||
	fail "JSON with these paths is not valid UTF-8 JSON with 4 findings"
