#!/bin/sh
# Self-test of bin/fixture-runner: builds a few tiny cases in a temporary
# directory, runs the runner on them with a fake gfpcheck, and checks its verdicts.
# usage: tests/runner/selftest/run.sh [RUNNER]   (default bin/fixture-runner)
set -u
RUNNER=${1:-bin/fixture-runner}
HERE=$(cd "$(dirname "$0")" && pwd)
INC=$(cd "$HERE/../../include" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
mk() { mkdir -p "$(dirname "$T/fx/$1/$2")"; cat > "$T/fx/$1/$2"; }

# The fake prints <case>/fake-output: a JSON report (gfpcheck --format json).
jf() { # FILE LINE RULE [CONFIDENCE [MESSAGE]]: one finding object
	printf '{"rule": "%s", "confidence": "%s", "file": "%s", "line": %s, "col": 1, "col_end": 2, "function": "f", "message": "%s", "evidence": [{"file": "x.c", "line": 1, "what": "e \\"q\\" [x]"}], "fix": null}' \
		"$3" "${4:-medium}" "$1" "$2" "${5:-m}"
}
report() { # FINDING... : the whole report
	printf '{\n  "version": "0.1.0",\n  "stats": {"files": 1, "failed": [], "seconds": {"load": 0.001}},\n  "findings": ['
	sep=''
	for f; do printf '%s\n    %s' "$sep" "$f"; sep=','; done
	printf '\n  ]\n}\n'
}

# 1. expected finding present (path printed with the case prefix), evidence and summary ignored
mk nofs-in-scope/ok a.c <<'C'
/* ok */
#include <linux/slab.h>
void *f(void);
void *f(void) { return kmalloc(8, GFP_NOFS); } /* EXPECT: nofs-in-scope */
C
report "$(jf CASE/a.c 4 nofs-in-scope)" > "$T/fx/nofs-in-scope/ok/fake-output"
echo 1 > "$T/fx/nofs-in-scope/ok/fake-status"

# 2. missing finding
mk nofs-in-scope/missing a.c <<'C'
/* missing */
int f(void); /* EXPECT: nofs-in-scope */
C

# 3. extra finding on an EXPECT-NOT line
mk missing-nofs/extra a.c <<'C'
/* extra */
int f(void); /* EXPECT-NOT: missing-nofs: reason */
C
report "$(jf ./a.c 2 missing-nofs)" > "$T/fx/missing-nofs/extra/fake-output"
echo 1 > "$T/fx/missing-nofs/extra/fake-status"

# 4. unknown rule in EXPECT
mk scope-imbalance/typo a.c <<'C'
/* typo */
int f(void); /* EXPECT: scan-imbalance */
C
report "$(jf a.c 2 scan-imbalance)" > "$T/fx/scope-imbalance/typo/fake-output"
echo 1 > "$T/fx/scope-imbalance/typo/fake-status"

# 5. exit status 2 with stderr
mk scope-imbalance/crash a.c <<'C'
/* crash */
int f(void); /* EXPECT-NOT: scope-imbalance: nothing */
C
echo 2 > "$T/fx/scope-imbalance/crash/fake-status"
echo "boom: bad facts" > "$T/fx/scope-imbalance/crash/fake-stderr"

# 6. compile error
mk nofs-no-context/nocompile a.c <<'C'
/* does not compile */
int f(void) { return undeclared_thing; } /* EXPECT-NOT: nofs-no-context: nothing */
C

# 7. EXPECT-NOT without a reason
mk nofs-no-context/noreason a.c <<'C'
/* no reason */
int f(void); /* EXPECT-NOT: nofs-no-context */
C

# 8. exit 0 but a finding printed
mk nofs-no-context/status a.c <<'C'
/* status */
int f(void); /* EXPECT: nofs-no-context */
C
report "$(jf a.c 2 nofs-no-context)" > "$T/fx/nofs-no-context/status/fake-output"

# 9. two rules on a line, from a header in include/ too; args file is passed
mk nofs-in-transaction/multi a.c <<'C'
/* multi */
#include "include/linux/x.h"
int f(void); /* EXPECT: nofs-in-transaction, nofs-no-context */
C
mk nofs-in-transaction/multi include/linux/x.h <<'C'
/* header */
int g(void); /* EXPECT: nofs-in-transaction */
C
echo '--kernel-version 6.1' > "$T/fx/nofs-in-transaction/multi/args"
report "$(jf a.c 3 nofs-in-transaction)" "$(jf a.c 3 nofs-no-context)" "$(jf include/linux/x.h 2 nofs-in-transaction)" > "$T/fx/nofs-in-transaction/multi/fake-output"
echo 1 > "$T/fx/nofs-in-transaction/multi/fake-status"

# 10. confidence and words as expected (a comma inside the words does not split the list)
mk missing-nofs/conf-ok a.c <<'C'
/* confidence and words */
int f(void); /* EXPECT: missing-nofs [low] "while x, y is held", nofs-no-context [medium] */
C
report "$(jf a.c 2 missing-nofs low 'GFP_KERNEL while x, y is held \"here\"')" "$(jf a.c 2 nofs-no-context medium)" > "$T/fx/missing-nofs/conf-ok/fake-output"
echo 1 > "$T/fx/missing-nofs/conf-ok/fake-status"

# 11. wrong confidence, missing words
mk missing-nofs/conf-bad a.c <<'C'
/* wrong confidence and words */
int f(void); /* EXPECT: missing-nofs [low] "on journalled mounts" */
C
report "$(jf a.c 2 missing-nofs medium 'other words')" > "$T/fx/missing-nofs/conf-bad/fake-output"
echo 1 > "$T/fx/missing-nofs/conf-bad/fake-status"

# 12. a confidence that does not exist
mk missing-nofs/conf-typo a.c <<'C'
/* typo */
int f(void); /* EXPECT: missing-nofs [lwo] */
C
report "$(jf a.c 2 missing-nofs low)" > "$T/fx/missing-nofs/conf-typo/fake-output"
echo 1 > "$T/fx/missing-nofs/conf-typo/fake-status"

# 13. not a JSON report
mk missing-nofs/notjson a.c <<'C'
/* text instead of JSON */
int f(void); /* EXPECT: missing-nofs */
C
printf 'a.c:2:1-2: [missing-nofs] m\n' > "$T/fx/missing-nofs/notjson/fake-output"
echo 1 > "$T/fx/missing-nofs/notjson/fake-status"

out=$("$RUNNER" --gfpcheck "$HERE/fake-gfpcheck.sh" --include "$INC" "$T/fx")
status=$?
check() { # PATTERN DESCRIPTION
	if printf '%s\n' "$out" | grep -q -- "$1"; then :; else
		echo "selftest: FAILED: $2 (no line matching '$1')"; fail=1
	fi
}
check '^PASS nofs-in-scope/ok$' 'expected finding passes'
check '^FAIL nofs-in-scope/missing: .*missing a.c:2 \[nofs-in-scope\]' 'missing finding'
check '^FAIL missing-nofs/extra: .*extra a.c:2 \[missing-nofs\] (EXPECT-NOT: reason)' 'extra finding'
check "^FAIL scope-imbalance/typo: .*unknown rule 'scan-imbalance'" 'unknown rule'
check '^FAIL scope-imbalance/crash: .*exited with status 2' 'bad exit status'
check 'boom: bad facts' 'stderr of a failing gfpcheck'
check '^FAIL nofs-no-context/nocompile: .*a.c does not compile' 'compile error'
check '^FAIL nofs-no-context/noreason: .*EXPECT-NOT without a reason' 'EXPECT-NOT reason'
check '^FAIL nofs-no-context/status: .*exited 0 but printed 1' 'exit 0 with findings'
check '^PASS nofs-in-transaction/multi$' 'several rules, header expectations, args'
check '^PASS missing-nofs/conf-ok$' 'confidence and words as expected'
check '^FAIL missing-nofs/conf-bad: .*a.c:2 \[missing-nofs\] is medium, expected low' 'wrong confidence'
check '^FAIL missing-nofs/conf-bad: .*message lacks "on journalled mounts": other words' 'missing words'
check "^FAIL missing-nofs/conf-typo: .*confidence 'lwo' is not high, medium or low" 'bad confidence'
check '^FAIL missing-nofs/notjson: .*bad JSON report' 'not a JSON report'
check '^3 passed, 10 failed$' 'totals line'
[ "$status" = 1 ] || { echo "selftest: FAILED: runner exit status $status, want 1"; fail=1; }

one=$("$RUNNER" --gfpcheck "$HERE/fake-gfpcheck.sh" --include "$INC" --filter /ok "$T/fx")
[ "$?" = 0 ] && [ "$(printf '%s\n' "$one" | tail -n 1)" = "1 passed, 0 failed" ] ||
	{ echo "selftest: FAILED: --filter or exit status 0"; fail=1; }

if [ $fail = 0 ]; then echo "fixture-runner selftest: ok"; else printf '%s\n' "$out"; fi
exit $fail
