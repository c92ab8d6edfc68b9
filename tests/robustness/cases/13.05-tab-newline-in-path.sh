#!/bin/bash
# 13.5: a file whose name holds a TAB, a newline or a backslash is analysed, and no facts lacking the front end's end marker are cached
export GFPCHECK_CACHE=$T/cache
mkdir -p tree other
nofs_file "tree/a	tab.c" tab_alloc
nofs_file "tree/b
newline.c" newline_alloc
nofs_file 'tree/c\back.c' back_alloc
g -q --format json -o r.json tree
expect_rc 1
"$PY" - <<'PY' || fail "expected the 3 findings, one per file: $(cat r.json | head -c 600)"
import json
d = json.load(open("r.json"))
fns = sorted(f["function"] for f in d["findings"] if f["rule"] == "nofs-in-scope")
assert fns == ["back_alloc", "newline_alloc", "tab_alloc"], fns
assert not d["stats"]["failed"], d["stats"]["failed"]
PY
# the same bytes under a plain name, same cache: the cached facts are complete
cp "tree/a	tab.c" other/plain.c
g -q other
expect_rc 1
expect_out "plain.c:7:"
# every cached entry ends with the end marker
for f in $(find cache/facts -name '*.facts'); do
	[ "$(tail -n 1 "$f")" = "# end" ] || [ "$(tail -n 1 "$f")" = "end" ] || fail "cache entry without end marker: $f"
done
