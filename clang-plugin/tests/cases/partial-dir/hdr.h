/* an attribute macro after a member that Coccinelle cannot parse: it is
 * defined in another header, which spatch does not read (a region inside a
 * #define body would not do: macro bodies are analysed by no front end) */
#include "attrs.h"

struct myfs_super {
	unsigned char s_label[16] __myfs_nonstring;
	int s_count;
};

static inline int myfs_fork_count(void)
{
	return 2;
}
