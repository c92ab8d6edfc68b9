#!/bin/bash
# 13.9: symbolic link loops and links to directories walked elsewhere are followed once (by device and inode): no multiplied findings, no hang
export GFPCHECK_CACHE=$T/cache
demo_tree tree
ln -s . tree/fs/self
ln -s .. tree/fs/demofs/up
mkdir -p tree/a tree/b
ln -s ../b tree/a/tob
ln -s ../a tree/b/toa
ln -s demofs tree/fs/alias
g -q --format json -o r.json tree
expect_rc 1
"$PY" - <<'PY' || fail "findings multiplied or files named through a link: $(head -c 600 r.json)"
import json
d = json.load(open("r.json"))
files = sorted(set(f["file"] for f in d["findings"]))
assert len(d["findings"]) == 4, len(d["findings"])
assert all("self" not in f and "alias" not in f and "up/" not in f for f in files), files
PY
# the --facts walker too
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
ln -s . facts/self
ln -s ../.. facts/fs/demofs/up2
timeout 60 "$G" -q --format json -o f.json --facts facts tree
rc=$?
[ $rc = 1 ] || fail "--facts with link loops: exit $rc"
"$PY" -c 'import json; d = json.load(open("f.json")); assert len(d["findings"]) == 4, len(d["findings"])' ||
	fail "--facts with link loops: findings multiplied"
