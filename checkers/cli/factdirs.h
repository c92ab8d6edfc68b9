/* factdirs.h - the .facts files of --facts directories: one per source file,
 * the newest copy when several directories hold the same file. */
#ifndef GFPCHECK_FACTDIRS_H
#define GFPCHECK_FACTDIRS_H
#include <stddef.h>
#include <time.h>

struct factfile {
	char *src, *facts; /* source path relative to the root, facts file path */
	time_t mtime;
	size_t dir;        /* index of the --facts directory it came from */
};

/* Append every *.facts file under base/rel (recursively). */
void walk_facts(const char *base, const char *rel, struct factfile **v, size_t *n, size_t *cap);
/* By source path, newest first. */
int cmp_factfile(const void *a, const void *b);
#endif
