/* A function pointer typedef in a header the file includes with <...>:
 * Coccinelle does not read it (D19). */
typedef int (*myfs_filler_t)(void *buf, int n);
