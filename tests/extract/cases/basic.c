#include <linux/slab.h>

struct foo { int a; };

static int helper(int x);
int exported_fn(struct foo *f, gfp_t gfp);

static inline int helper(int x)
{
	return x + 1;
}

int exported_fn(struct foo *f, gfp_t gfp)
{
	void *p;
	unsigned int fl;
	gfp_t mask = GFP_NOFS | __GFP_ZERO;
	int i;

	fl = memalloc_nofs_save();
	if (!f)
		return -EINVAL;
	if (mutex_trylock(&f->lock)) {
		p = kmalloc(16, GFP_NOFS | __GFP_NOWARN);
		mutex_unlock(&f->lock);
	} else {
		p = kzalloc(helper(3), gfp);
	}
	mask = GFP_KERNEL;
	for (i = 0; i < 3; i++) {
		if (i == 1)
			continue;
		if (i == 2)
			break;
	}
	while (i--)
		kfree(NULL);
	do {
		i++;
	} while (i < 10);
	list_for_each_entry(f, &head, list) {
		do_thing(f, helper);
	}
	if ((p = vmalloc(10)) == NULL)
		goto out;
	if (!try_it(f))
		goto out;
	switch (i) {
	case 1:
		helper(1);
		break;
	default:
		break;
	}
out:
	memalloc_nofs_restore(fl);
	return 0;
}
EXPORT_SYMBOL(exported_fn);
EXPORT_SYMBOL_GPL(helper);

static const struct foo_ops ops = {
	.doit = exported_fn,
	.other = &helper,
};
