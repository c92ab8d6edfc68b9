#!/bin/bash
# 13.12/13.13: out-of-range numbers and NUL bytes in model and baseline files: path:line: error, exit 2
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
bad_model() { # line-number model-text...
	printf '%b' "$2" >bad.txt
	g --facts facts --model bad.txt tree
	expect_rc 2
	grep -q "^bad.txt:$1: error" "$ERR" || { _show; fail "no 'bad.txt:$1: error' for: $2"; }
}
bad_model 1 'alloc my_alloc 4294967297\n'
bad_model 1 'alloc my_alloc 2147483648\n'
bad_model 1 'alloc my_alloc -1\n'
bad_model 1 'alloc my_alloc +1\n'
bad_model 2 '# ok\nalloc my_alloc 1 size=99999999999999999999999\n'
bad_model 1 'alloc my_alloc 1 fixed-order=4294967296\n'
bad_model 1 'setter s close=c fs=x since=6.1.999999999999999999999 -- r\n'
bad_model 1 'setter s close=c fs=x since=4294967302.1 -- r\n'
bad_model 1 'setter s close=c fs=x since=6.4294967297 -- r\n'
bad_model 3 'alloc a 1\nalloc b 1\nalloc c\0 1\n'
bad_model 2 'alloc a 1\n\0\n'
# baselines
g --facts facts --write-baseline good.baseline tree
expect_rc 0
line=$(grep -v '^#' good.baseline | head -n 1)
bad_baseline() { # line-number text
	printf '%b' "$2" >bad.baseline
	g --facts facts --baseline bad.baseline tree
	expect_rc 2
	grep -q "bad.baseline:$1: error" "$ERR" || { _show; fail "no 'bad.baseline:$1: error' for: $2"; }
}
IFS=$'\t' read -r f fn r e o fp <<<"$line"
bad_baseline 1 "$f\t$fn\t$r\t$e\t4294967297\t$fp\n"
bad_baseline 1 "$f\t$fn\t$r\t$e\t-1\t$fp\n"
bad_baseline 1 "$f\t$fn\t$r\t$e\tx\t$fp\n"
bad_baseline 2 "# c\n$f\t$fn\t$r\t$e\t$o\t${fp}0\n"
bad_baseline 1 "$f\t$fn\t$r\t$e\t$o\t$fp\t\n"
bad_baseline 2 "$line\n$f\0\t$fn\t$r\t$e\t$o\t$fp\n"
bad_baseline 1 "\0"
# a good one still works, CRLF included
sed 's/$/\r/' good.baseline >crlf.baseline
g --facts facts --baseline crlf.baseline tree
expect_rc 0
# found by make fuzz: a model line that starts with "-- " wrote before its buffer
bad_model 2 'alloc a 1\n-- a reason alone\n'
bad_model 1 '--  \n'
