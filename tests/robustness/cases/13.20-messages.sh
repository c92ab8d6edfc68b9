#!/bin/bash
# 13.20: --baseline DIR says what is wrong; CRLF model files load; bad version strings are rejected
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
mkdir bdir
g --facts facts --baseline bdir tree
expect_rc 2
expect_no_err "Input/output error"
expect_err "directory"
g --facts facts --model bdir tree
expect_rc 2
expect_no_err "Input/output error"
expect_err "directory"
# CRLF model file: the same rows as with LF
printf 'lock demo_lock release=demo_unlock fs=demofs -- taken by writeback\r\nalloc demo_alloc 1 size=0\r\n' >crlf.txt
g --facts facts --model crlf.txt --dump-model tree
expect_rc 0
expect_out "lock demo_lock release=demo_unlock fs=demofs -- taken by writeback   (crlf.txt:1)"
expect_out "alloc demo_alloc 1 size=0   (crlf.txt:2)"
grep -q $'\r' "$OUT" && fail "a carriage return was kept in a row"
# version strings
for v in ' 6.1' '+6.+1' '6.1.999999999999999999999' '6.1 ' '6.-1' '0x6.1' '6.1.' '99999999999999999999.1' '6..1' '６.１'; do
	g --facts facts --kernel-version "$v" tree
	expect_usage_error
done
g --facts facts --kernel-version 6.1.192 --format json -o r.json tree
expect_rc 1
grep -q '"kernel_version": "6.1.192"' r.json || grep -q '"kernel_version": "6.1"' r.json || fail "6.1.192 not taken"
printf 'setter s close=c fs=x since=5.0 since=6.1 -- twice\n' >twice.txt
g --facts facts --model twice.txt tree
expect_rc 2
expect_err "twice.txt:1: error: since= given twice"
printf 'setter s close=c fs=x since=5.0 until=5.0 -- empty range\n' >range.txt
g --facts facts --model range.txt tree
expect_rc 2
expect_err "range.txt:1: error"
# a tree whose Makefile holds absurd numbers: no version, not a wrapped one
printf 'VERSION = 4294967302\nPATCHLEVEL = 1\n' >tree/Makefile
g --facts facts --format json -o r.json tree
grep -q '"kernel_version": null' r.json || fail "VERSION = 4294967302 gave $(grep kernel_version r.json)"
