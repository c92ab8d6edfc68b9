/* Kernel-like jbd2 journal handle API for gfpcheck fixtures. */
#ifndef _LINUX_JBD2_H
#define _LINUX_JBD2_H

#include <linux/types.h>

typedef struct journal_s journal_t;
typedef struct jbd2_journal_handle handle_t;

handle_t *jbd2_journal_start(journal_t *journal, int nblocks);
int jbd2_journal_stop(handle_t *handle);
int jbd2_journal_extend(handle_t *handle, int nblocks, int revoke_records);
bool is_handle_aborted(handle_t *handle);

#endif /* _LINUX_JBD2_H */
