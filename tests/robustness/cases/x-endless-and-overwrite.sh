#!/bin/bash
# beyond 13: endless model/baseline inputs are refused, not read forever; an output never replaces a source file
demo_tree tree
"$GX" -q -o facts --root tree tree || fail "gfpcheck-extract failed"
LAST="timeout 60 gfpcheck --model /dev/zero"
run timeout 60 "$G" -q --facts facts --model /dev/zero tree
expect_rc 2
expect_err "/dev/zero"
LAST="timeout 60 gfpcheck --baseline /dev/zero"
run timeout 60 "$G" -q --facts facts --baseline /dev/zero tree
expect_rc 2
expect_err "/dev/zero"
# a FIFO (process substitution) is still a fine model file
LAST="gfpcheck --model <(...)"
run "$G" -q --facts facts --model <(printf 'alloc my_pipe_alloc 1\n') --dump-model tree
expect_rc 0
expect_out "alloc my_pipe_alloc 1"
# outputs over sources
cp tree/fs/demofs/inode.c inode.orig
cp tree/include/linux/demofs.h demofs.orig
g -q --facts facts -o tree/fs/demofs/inode.c tree
expect_usage_error
expect_err "source file"
g -q --facts facts --write-baseline tree/include/linux/demofs.h tree
expect_usage_error
cmp -s tree/fs/demofs/inode.c inode.orig || fail "-o replaced a source file"
cmp -s tree/include/linux/demofs.h demofs.orig || fail "--write-baseline replaced a header"
# other names in the tree are fine (the user asked for them)
g -q --facts facts -o tree/report.txt tree
expect_rc 1
