/* the attribute hdr.h uses (empty here; __nonstring in the kernel) */
#define __myfs_nonstring
