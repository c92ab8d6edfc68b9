#!/bin/bash
# 13.16: JSON, SARIF, Code Quality and HTML are valid UTF-8 whatever bytes the sources hold
mkdir -p tree/fs/x
printf 'VERSION = 6\nPATCHLEVEL = 1\n' >tree/Makefile
: >tree/Kbuild
# latin-1 in a comment on the finding's line, in a suppression reason, in a file name
# (whether the front end can read that file or lists it as failed)
printf '%s\n' '#include <linux/slab.h>' '' 'void *x_alloc(unsigned long n)' '{' \
	$'\tunsigned int flags = memalloc_nofs_save();' \
	$'\tvoid *p = kmalloc(n, GFP_NOFS); /* caf\xe9 \xff\xfe overlong \xc0\xaf surrogate \xed\xa0\x80 */' '' \
	$'\tmemalloc_nofs_restore(flags);' $'\treturn p;' '}' '' \
	'void *y_alloc(unsigned long n)' '{' \
	$'\tunsigned int flags = memalloc_nofs_save();' \
	$'\t/* gfpcheck: ignore nofs-in-scope -- na\xefve reason \xe9t\xe9 */' \
	$'\tvoid *p = kmalloc(n, GFP_NOFS);' '' \
	$'\tmemalloc_nofs_restore(flags);' $'\treturn p;' '}' >tree/fs/x/cafe.c
nofs_file $'tree/fs/x/caf\xe9.c' w_alloc
"$GX" -q -o facts --root tree tree/fs/x/cafe.c
g -q --show-suppressed --format json -o direct.json tree
[ "$RC" = 1 ] || { _show; fail "direct scan: exit $RC"; }
"$PY" -c 'import json; json.loads(open("direct.json","rb").read().decode("utf-8"))' ||
	fail "the JSON report of a direct scan is not valid UTF-8 JSON"
for fmt in json sarif codequality; do
	g -q --show-suppressed --format $fmt -o r.$fmt --facts facts tree
	[ "$RC" = 1 ] || { _show; fail "--format $fmt: exit $RC"; }
	"$PY" - r.$fmt <<'EOP' || fail "--format $fmt is not valid UTF-8 JSON"
import json, sys
raw = open(sys.argv[1], 'rb').read()
text = raw.decode('utf-8')           # strict: raises on any invalid byte
json.loads(text)
if '\ufffd' not in text and sys.argv[1] != 'r.codequality':
    sys.exit('no replacement character: the bytes were dropped, not replaced')
EOP
done
g -q --show-suppressed --format html -o r.html --facts facts tree
"$PY" -c 'open("r.html","rb").read().decode("utf-8")' || fail "the HTML page is not valid UTF-8"
# valid UTF-8 stays as it is
printf '%s\n' '#include <linux/slab.h>' 'void *z_alloc(unsigned long n)' '{' \
	$'\tunsigned int flags = memalloc_nofs_save();' \
	$'\tvoid *p = kmalloc(n, GFP_NOFS); /* caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80 */' \
	$'\tmemalloc_nofs_restore(flags);' $'\treturn p;' '}' >tree/fs/x/ok.c
g -q --format sarif -o ok.sarif tree/fs/x/ok.c
grep -q $'caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80' ok.sarif || fail "valid UTF-8 was altered in the SARIF snippet"
