// SPDX-License-Identifier: GPL-2.0
/* demofs: a few allocation patterns that gfpcheck reports. */
#include <linux/slab.h>
#include <linux/sched/mm.h>
#include <linux/jbd2.h>
#include "demofs.h"

/* GFP_NOFS inside a memalloc_nofs_save() scope: redundant. */
static void *demofs_scoped_alloc(unsigned long n)
{
	unsigned int nofs = memalloc_nofs_save();
	void *p = kmalloc(n, GFP_NOFS | __GFP_ZERO);

	memalloc_nofs_restore(nofs);
	return p;
}

/* Called only inside a jbd2 handle, which opens a NOFS scope: redundant. */
static int demofs_add_entry(struct demofs_inode *di)
{
	di->buf = kzalloc(64, GFP_NOFS);
	return di->buf ? 0 : -12;
}

int demofs_update(journal_t *journal, struct demofs_inode *di)
{
	handle_t *handle = jbd2_journal_start(journal, 1);
	int err = demofs_add_entry(di);

	jbd2_journal_stop(handle);
	return err;
}

/* A save that is not restored on the error path. */
int demofs_leaky(struct demofs_inode *di)
{
	unsigned int flags = memalloc_nofs_save();

	di->buf = demofs_scoped_alloc(16);
	if (!di->buf)
		return -12;
	memalloc_nofs_restore(flags);
	return 0;
}
