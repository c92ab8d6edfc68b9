#!/bin/bash
# 13.22: no file holds up a scan: spatch is bounded in time and memory per file, a file at the bound is named as skipped; a header of #defines does not reach spatch
export GFPCHECK_CACHE=$T/cache
mkdir -p tree
nofs_file tree/good.c good_alloc
for i in 1 2 3; do echo "int ok$i(void) { return $i; }" >tree/ok$i.c; done
"$PY" -c '
n = 10000
open("tree/nest.c", "w").write("void nest(void)\n" + "{" * n + "x();" + "}" * n + "\n")
' || fail "python"
# memory: the nest needs gigabytes
GFPCHECK_MEMORY=300 g -q -j 1 --format json -o m.json tree
expect_rc 1
"$PY" - <<'PY' || fail "memory bound: $(head -c 700 m.json)"
import json
d = json.load(open("m.json"))
failed = " | ".join(d["stats"]["failed"])
assert "nest.c" in failed and "skipped" in failed and "MiB" in failed, failed
assert [f["function"] for f in d["findings"]] == ["good_alloc"], d["findings"]
PY
# two files over the memory bound in one batch: the second is not blamed for
# the heap the first left (again on its own), both are remembered, and a rescan
# runs spatch on neither (no file re-extracted)
cp tree/nest.c tree/nest2.c
sed -i 's/void nest(void)/void nest2(void)/' tree/nest2.c
rm -rf cache
GFPCHECK_MEMORY=300 g -q -j 1 --format json -o m1.json tree
expect_rc 1
GFPCHECK_MEMORY=300 g -q -j 1 --format json -o m2.json tree
expect_rc 1
"$PY" - <<'PY' || fail "memory bound remembered: $(head -c 900 m2.json)"
import json
d = json.load(open("m2.json"))
failed = d["stats"]["failed"]
assert len(failed) == 2 and all("MiB" in f and "as on an earlier run" in f for f in failed), failed
assert d["stats"]["cache_hits"] == d["stats"]["files"] - 2, d["stats"]
PY
rm tree/nest2.c
# time: one second per file
rm -rf cache
GFPCHECK_TIMEOUT=1 g -q -j 1 --format json -o t.json tree
expect_rc 1
"$PY" - <<'PY' || fail "time bound: $(head -c 700 t.json)"
import json
d = json.load(open("t.json"))
failed = " | ".join(d["stats"]["failed"])
assert "nest.c" in failed and "skipped" in failed, failed
assert [f["function"] for f in d["findings"]] == ["good_alloc"], d["findings"]
PY
# a rescan does not spend the bound on it again (remembered with the bounds)...
GFPCHECK_TIMEOUT=1 g -q -j 1 --format json -o t2.json tree
expect_rc 1
"$PY" - <<'PY' || fail "time bound remembered: $(head -c 700 t2.json)"
import json
d = json.load(open("t2.json"))
failed = " | ".join(d["stats"]["failed"])
assert "nest.c" in failed and "as on an earlier run" in failed, failed
assert [f["function"] for f in d["findings"]] == ["good_alloc"], d["findings"]
PY
# ... and a larger bound tries again
GFPCHECK_TIMEOUT=2 g -q -j 1 --format json -o t3.json tree
expect_rc 1
grep -q 'as on an earlier run' t3.json && fail "a larger bound did not try again"
# 1 MB of register #defines: facts from the C scanner, spatch never sees it
"$PY" -c '
with open("tree/regs.h", "w") as f:
    for i in range(25000):
        f.write("#define mmREG_%05d 0x%08x /* reg */\n" % (i, i * 4))
' || fail "python"
run "$GX" --root tree tree/regs.h
expect_rc 0
expect_err "1 preprocessor-only by the C scanner"
f=$(cut -f2 "$OUT")
[ "$(grep -c '^defval' "$f")" = 25000 ] || fail "regs.h: $(grep -c '^defval' "$f") defval records, expected 25000"
