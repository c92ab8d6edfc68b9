/* Directives in comments become `suppress` records; text in literals does not. */
#include <linux/slab.h>

static const char *msg = "/* gfpcheck: ignore nofs-in-scope -- in a string */";
static const char q = '"'; /* gfpcheck: ignore missing-nofs -- after a quote character */

void *directives(void)
{
	/* gfpcheck: ignore nofs-in-scope -- one */ /* gfpcheck: ignore bad -- two */
	void *p = kmalloc(8, GFP_NOFS); // gfpcheck: ignore nofs-in-scope,nofs-no-context -- a list
	/*
	 * gfpcheck: ignore nofs-no-context -- in a block comment
	 */
	const char *s = "// gfpcheck: not a comment \" still a string";
	(void)s;
	return p; // a \
	continued comment gfpcheck: ignore repeat-order0 -- continued
}
