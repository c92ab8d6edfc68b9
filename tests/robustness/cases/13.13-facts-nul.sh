#!/bin/bash
# 13.13: a NUL byte in a facts file is a path:line error, not the silent end of the file
mkdir facts
printf 'gfpfacts\t2\nfrontend\tt\nstatus\tok\nfn\tf\textern\t1:5\t9:1\nreturn\tf\t2:3\0trailing\ncall\tf\t3:3\t3:9\tkmalloc\t0\nend\n' >facts/x.c.facts
g -q --facts facts
expect_rc 2
expect_err "x.c.facts:5: error: NUL byte in a facts file"
# in the header too
printf 'gfpfacts\t2\nfrontend\tt\0\nstatus\tok\nend\n' >facts/x.c.facts
g -q --facts facts
expect_rc 2
expect_err "x.c.facts:2: error: NUL byte"
# and a facts file cut before its end marker is refused (13.5, 13.8)
printf 'gfpfacts\t2\nfrontend\tt\nstatus\tok\nfn\tf\textern\t1:5\t9:1\n' >facts/x.c.facts
g -q --facts facts
expect_rc 2
expect_err "x.c.facts:5: error: truncated facts file: no 'end' record"
