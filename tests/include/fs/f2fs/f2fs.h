/* Tiny f2fs header for gfpcheck fixtures (f2fs_lock_op/f2fs_unlock_op). */
#ifndef _FS_F2FS_F2FS_H
#define _FS_F2FS_F2FS_H

#include <linux/types.h>

struct f2fs_sb_info;

void f2fs_lock_op(struct f2fs_sb_info *sbi);
void f2fs_unlock_op(struct f2fs_sb_info *sbi);
int f2fs_trylock_op(struct f2fs_sb_info *sbi);

#endif /* _FS_F2FS_F2FS_H */
