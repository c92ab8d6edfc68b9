#!/bin/bash
# 13.18: stats.cache_hits counts the files whose facts came from the cache
export GFPCHECK_CACHE=$T/cache
demo_tree tree
n=$(find tree -name '*.[ch]' | wc -l)
g -q --format json -o cold.json tree
g -q --format json -o warm.json tree
touch -d '2 seconds ago' tree/fs/demofs/inode.c
echo "/* changed */" >>tree/fs/demofs/inode.c
g -q --format json -o one.json tree
"$PY" - "$n" <<'PY' || fail "cache_hits wrong"
import json, sys
n = int(sys.argv[1])
h = [json.load(open(f))["stats"]["cache_hits"] for f in ("cold.json", "warm.json", "one.json")]
assert h == [0, n, n - 1], (h, n)
PY
