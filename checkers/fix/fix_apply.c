/* fix_apply.c - writing the fixed files in place (--apply).
 * A file is written only when its bytes are still those the fix was computed on,
 * through a symbolic link to its target (which must lie inside the tree), and once
 * however many in-tree paths lead to it. A file with one link is replaced
 * atomically (temporary file, fsync, rename; mode and owner kept); a file with
 * several hard links is rewritten in place so that the links stay one file. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/wfile.h"
#include "fix/fix.h"

/* The tree path that names the same file (device and inode) as an earlier one, so
 * that a file reached through two in-tree links is fixed once. */
void fix_drop_linked_twins(struct fixer *F)
{
	dev_t *dev = xcalloc(F->nf ? F->nf : 1, sizeof(*dev));
	ino_t *ino = xcalloc(F->nf ? F->nf : 1, sizeof(*ino));
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
		char *full = xasprintf("%s/%s", F->o->root, f->path);
		struct stat st;
		if (f->ne && stat(full, &st) == 0) {
			dev[i] = st.st_dev;
			ino[i] = st.st_ino;
		}
		free(full);
		for (size_t k = 0; k < i && f->ne && ino[i]; k++) {
			if (ino[k] != ino[i] || dev[k] != dev[i] || !F->f[k].ne)
				continue;
			if (!F->o->quiet)
				fprintf(stderr, "gfpcheck: fix: %s is the same file as %s (a link); fixed once, as %s\n",
					f->path, F->f[k].path, F->f[k].path);
			for (size_t j = 0; j < f->ne; j++)
				free(f->e[j].ins);
			f->ne = 0;
			f->nsites = 0;
		}
	}
	free(dev);
	free(ino);
}

/* Why the file cannot be written as it stands, or NULL. On NULL, *real is the
 * file to write (the link target for a symbolic link). */
static const char *check_target(const struct fixer *F, const struct ffile *f, char **real, char *buf, size_t n)
{
	char *full = xasprintf("%s/%s", F->o->root, f->path);
	char *rp = realpath(full, NULL), *rroot = realpath(F->o->root, NULL);
	free(full);
	const char *why = NULL;
	size_t rl = rroot ? strlen(rroot) : 0;
	if (!rp || !rroot) {
		snprintf(buf, n, "cannot resolve it: %s", strerror(errno));
		why = buf;
	} else if (strncmp(rp, rroot, rl) != 0 || (rp[rl] != '/' && !(rl == 1 && rroot[0] == '/'))) {
		snprintf(buf, n, "it is a link to %s, outside the tree", rp);
		why = buf;
	}
	free(rroot);
	if (why)
		free(rp);
	else
		*real = rp;
	return why;
}

/* Write the fixed text of f; 0, or -1 after naming the file and the reason. */
static int apply_file(const struct fixer *F, const struct ffile *f, const char *text, size_t len)
{
	char buf[PATH_MAX + 128], err[PATH_MAX + 256];
	char *real = NULL;
	const char *why = check_target(F, f, &real, buf, sizeof(buf));
	if (why) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path, why);
		return -1;
	}
	wfile_hold_signals(1);
	int rc = -1, fd = open(real, O_RDWR | O_NOFOLLOW);
	struct stat st;
	size_t cur_len = 0;
	char *cur = NULL;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path,
			fd < 0 ? strerror(errno) : "not a regular file");
		goto out;
	}
	if (!(st.st_mode & 0222) || access(real, W_OK) != 0) { /* root may write it: the user did not mean to */
		fprintf(stderr, "gfpcheck: fix: %s not written: it is read-only (make it writable to have it fixed)\n",
			f->path);
		goto out;
	}
	/* the bytes now in the file, read through the descriptor that is written */
	struct strbuf b = {0};
	char chunk[65536];
	ssize_t r;
	while ((r = read(fd, chunk, sizeof(chunk))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fprintf(stderr, "gfpcheck: fix: %s not written: cannot read it: %s\n", f->path, strerror(errno));
			sb_free(&b);
			goto out;
		}
		sb_addn(&b, chunk, (size_t)r);
	}
	cur = b.s;
	cur_len = b.len;
	if (cur_len != f->len || (cur_len && memcmp(cur, f->text, f->len) != 0)) {
		fprintf(stderr, "gfpcheck: fix: %s not written: it changed since it was analysed; run gfpcheck again\n",
			f->path);
		goto out;
	}
	if (st.st_nlink > 1) {
		if (!F->o->quiet)
			fprintf(stderr,
				"gfpcheck: fix: %s has %lu hard links: rewritten in place, so every link sees the fix\n",
				f->path, (unsigned long)st.st_nlink);
		if (wfile_rewrite_fd(fd, text, len) != 0) {
			fprintf(stderr, "gfpcheck: fix: %s: cannot write it: %s\n", f->path, strerror(errno));
			goto out;
		}
	} else if (wfile_replace_like(real, text, len, &st, err, sizeof(err))) {
		fprintf(stderr, "gfpcheck: fix: %s not written: %s\n", f->path, err);
		goto out;
	}
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	wfile_hold_signals(0);
	free(cur);
	free(real);
	return rc;
}

int fix_apply_files(struct fixer *F, struct fix_counts *c)
{
	int rc = 0;
	for (size_t i = 0; i < F->nf; i++) {
		struct ffile *f = &F->f[i];
		if (!f->ne)
			continue;
		size_t nl = 0;
		char *nt = fix_apply_text(f->text, f->len, f->e, f->ne, &nl);
		if (apply_file(F, f, nt, nl)) {
			rc = 2;
			c->nfailed++;
			c->nsites_failed += f->nsites;
			sb_addf(&c->notw, "%s%s", c->notw.len ? ", " : "", f->path);
		}
		free(nt);
	}
	return rc;
}
