/* a table macro that Coccinelle cannot parse as a definition body */
#define MYFS_FORK_STRINGS \
	{ 0,	"data" }, \
	{ 1,	"attr" }

static inline int myfs_fork_count(void)
{
	return 2;
}
