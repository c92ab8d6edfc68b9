#!/bin/bash
# 13.12: numbers out of range in a facts file are errors (path:line), never wrapped
hdr=$'gfpfacts\t2\nfrontend\tt\nstatus\tok\nfn\tf\textern\t1:5\t9:1\n'
bad() { # RECORD EXPECTED-TEXT
	rm -rf facts && mkdir facts
	printf '%sgfp\tf\t3:10\t3:18\tGFP_NOFS\n%s\nend\n' "$hdr" "$1" >facts/x.c.facts
	g -q --facts facts
	expect_rc 2
	expect_err "x.c.facts:6: error: $2"
}
bad $'return\tf\t4294967317:2' "bad POS '4294967317:2'"
bad $'return\tf\t3:2147483648' "bad POS '3:2147483648'"
bad $'gfparg\t3:10\t3:3\t4294967297' "bad IDX '4294967297'"
bad $'call\tf\t3:3\t3:20\tkmalloc\t18446744073709551618\tx' "bad NARGS"
bad $'cfg\tf\t4294967298\t0\t0' "bad NBLOCKS"
# in range: read
rm -rf facts && mkdir facts
printf '%sreturn\tf\t2147483647:2147483647\nend\n' "$hdr" >facts/x.c.facts
g -q --facts facts
expect_rc 0
