/* Loops written through kernel macros that spatch does not know, which
 * cocci/gfpcheck-macros.h defines: a for_each_vma() loop body, also as the
 * tail of a do-while (fs/userfaultfd.c), keeps its calls. */
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
