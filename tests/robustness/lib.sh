# tests/robustness/lib.sh - helpers for the cases (sourced by run.sh before a case).
# Set by the runner: G (gfpcheck), GX (gfpcheck-extract), TOP (the repository),
# T (the case's own empty temporary directory, also its working directory).
# The last command's output: $OUT (stdout) and $ERR (stderr), hidden files in $T.
OUT=$T/.out
ERR=$T/.err

# $PY: python3 (the system one when there is one: version-manager shims cost seconds)
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

# fail MESSAGE: the case fails with MESSAGE.
fail() {
	echo "FAIL: $*"
	exit 1
}

# run CMD...: run CMD; stdout in $T/out, stderr in $T/err, exit status in $RC.
run() {
	"$@" >"$OUT" 2>"$ERR"
	RC=$?
	return 0
}

_show() {
	echo "--- command: ${LAST:-?}"
	echo "--- exit status $RC; stderr:"
	head -c 1500 "$ERR"
	echo "--- stdout:"
	head -c 1500 "$OUT"
}

# g ARGS...: run gfpcheck with ARGS (like run).
g() {
	LAST="gfpcheck $*"
	run "$G" "$@"
}

# expect_rc N: the last command exited with N.
expect_rc() {
	[ "$RC" = "$1" ] || { _show; fail "exit status $RC, expected $1"; }
}

# expect_err TEXT / expect_out TEXT: stderr / stdout holds TEXT (fixed string).
expect_err() {
	grep -qF -- "$1" "$ERR" || { _show; fail "stderr lacks '$1'"; }
}
expect_out() {
	grep -qF -- "$1" "$OUT" || { _show; fail "stdout lacks '$1'"; }
}
# expect_no_err TEXT / expect_no_out TEXT: ... does not hold TEXT.
expect_no_err() {
	! grep -qF -- "$1" "$ERR" || { _show; fail "stderr holds '$1'"; }
}
expect_no_out() {
	! grep -qF -- "$1" "$OUT" || { _show; fail "stdout holds '$1'"; }
}

# expect_usage_error: exit status 2, one "gfpcheck: ..." or "path:line: error" message.
expect_usage_error() {
	expect_rc 2
	[ -s "$ERR" ] || { _show; fail "no message on stderr"; }
}

# demo_tree DIR: a copy of examples/demo (4 findings, 2 of them fixable by default).
demo_tree() {
	cp -r "$TOP/examples/demo" "$1"
}

# nofs_file PATH FUNCTION: a small C file with one GFP_NOFS inside a NOFS scope
# (a nofs-in-scope finding gfpcheck fixes by default).
nofs_file() {
	mkdir -p "$(dirname "$1")"
	cat >"$1" <<EOC
#include <linux/slab.h>
#include <linux/sched/mm.h>

void *$2(unsigned long n)
{
	unsigned int flags = memalloc_nofs_save();
	void *p = kmalloc(n, GFP_NOFS);

	memalloc_nofs_restore(flags);
	return p;
}
EOC
}

# two_dir_tree DIR: a kernel-like tree with one fixable site in fs/a/a.c and one in
# fs/b/b.c.
two_dir_tree() {
	mkdir -p "$1"
	printf 'VERSION = 6\nPATCHLEVEL = 1\n' >"$1/Makefile"
	: >"$1/Kbuild"
	nofs_file "$1/fs/a/a.c" a_alloc
	nofs_file "$1/fs/b/b.c" b_alloc
}

# count_in FILE TEXT: how many lines of FILE hold TEXT.
count_in() {
	grep -cF -- "$2" "$1"
}
