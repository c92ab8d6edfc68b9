/* A function spatch cannot parse is reported, not dropped. */
static int good(struct inode *inode)
{
	return kmalloc(8, GFP_NOFS) != NULL;
}

static int bad(int x)
{
	x = = 3 +;
	return x;
}

int after(void)
{
	return good(NULL);
}
