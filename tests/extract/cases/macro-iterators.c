/* Declarations and loops written through kernel macros that spatch does not
 * know, which cocci/gfpcheck-macros.h defines: a DARRAY() member (bcachefs)
 * must not end the struct record, and a for_each_vma() loop body, also as the
 * tail of a do-while (fs/userfaultfd.c), keeps its calls. */
struct bch_like {
	int before;
	DARRAY(struct btree_root) roots_extra;
	struct mutex root_lock;
	int after;
};

static int walk_vmas(struct mm_struct *mm, unsigned long end)
{
	struct vm_area_struct *vma, *cur;
	VMA_ITERATOR(vmi, mm, 0);
	int n = 0;

	for_each_vma(vmi, vma) {
		mutex_lock(&vma->vm_lock);
		n++;
		mutex_unlock(&vma->vm_lock);
	}
	do {
		kmalloc(8, GFP_NOFS);
	} for_each_vma_range(vmi, cur, end);
	return n;
}
