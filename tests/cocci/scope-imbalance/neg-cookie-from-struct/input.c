#include <linux/slab.h>
#include <linux/sched/mm.h>

struct my_server {
	unsigned int nofs_flag;
};

static inline void my_server_unlock(struct my_server *server)
{
	unsigned int nofs_flag = server->nofs_flag;

	memalloc_nofs_restore(nofs_flag);	/* EXPECT-NOT: saved by the lock side */
}
