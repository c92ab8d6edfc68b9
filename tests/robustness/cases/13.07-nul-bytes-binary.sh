#!/bin/bash
# 13.7: a file with NUL bytes (random binary renamed .c) is listed as failed with the reason, never as a clean parse
export GFPCHECK_CACHE=$T/cache
mkdir -p tree
nofs_file tree/good.c good_alloc
for i in 1 2 3; do echo "int ok$i;" >tree/ok$i.c; done
head -c 3000 /dev/urandom >tree/random.c
printf '\0\0' >>tree/random.c
{ printf 'void f(void) { /* a NUL: \0 */ }\n'; } >tree/nul-in-comment.c
g -q --format json -o r.json tree
expect_rc 1
"$PY" - <<'PY' || fail "binary files not listed as failed: $(head -c 800 r.json)"
import json
d = json.load(open("r.json"))
failed = " | ".join(d["stats"]["failed"])
assert "random.c" in failed and "NUL" in failed, failed
assert "nul-in-comment.c" in failed, failed
assert [f["function"] for f in d["findings"]] == ["good_alloc"]
PY
g tree
expect_out "random.c (not C source: a NUL byte"
