/* tree.h - the tree root, its kernel version, gfpcheck's share directory. */
#ifndef GFPCHECK_TREE_H
#define GFPCHECK_TREE_H

/* Share directory file: $GFPCHECK_HOME/rel, else the parent of bin/, else
 * /usr/share/gfpcheck/rel (malloc'ed). */
char *share_path(const char *rel);
int is_dir(const char *p);
int is_file(const char *p);
/* The tree root: the nearest ancestor of abs holding both Makefile and Kbuild;
 * else abs itself (its directory when it is a file). */
char *find_root(const char *abs);
/* "6.1" from the tree's Makefile, or NULL. */
char *tree_version(const char *root);
/* path is an existing C source or header file under root (an output must never
 * replace one: `-o fs/ext4/inode.c` is a typo, not a wish). */
int tree_source_file(const char *root, const char *path);
#endif
