/* facts_reader.c - facts files read ahead on a second thread (facts_reader.h).
 * File i goes into slot i % SLOTS; the reader waits for the slot's previous
 * file to be done, the loader for the slot to hold file i. */
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "facts/facts_reader.h"
#include "facts/facts_pre.h"
#include "base/util.h"

#define SLOTS 8

struct slot {
	char *buf;
	size_t cap, len;
	struct facts_pre pre; /* its records split and checked (with a reader thread) */
	size_t file; /* the file it holds (valid when full) */
	int full, ok;
};

struct freader {
	const char *const *paths;
	size_t n;
	struct slot s[SLOTS];
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int stop;
	pthread_t th;
};

static void stamp_from(const struct stat *st, struct fstamp *stamp)
{
	stamp->dev = (unsigned long long)st->st_dev;
	stamp->ino = (unsigned long long)st->st_ino;
	stamp->size = (unsigned long long)st->st_size;
	stamp->mtime_ns = (long long)st->st_mtim.tv_sec * 1000000000LL + st->st_mtim.tv_nsec;
	stamp->valid = 1;
}

int fstamp_of(int fd, struct fstamp *stamp)
{
	struct stat st;
	if (fstat(fd, &st) != 0)
		return -1;
	stamp_from(&st, stamp);
	return 0;
}

int facts_read_file(const char *path, char **buf, size_t *cap, size_t *len, struct fstamp *stamp)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (stamp)
		stamp_from(&st, stamp);
	size_t n = 0;
	for (;;) {
		if (n + 1 >= *cap) {
			size_t want = (size_t)st.st_size + 4096;
			*cap = *cap * 2 > want ? *cap * 2 : want;
			*buf = xrealloc(*buf, *cap);
		}
		ssize_t r = read(fd, *buf + n, *cap - 1 - n);
		if (r < 0) {
			close(fd);
			return -1;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	(*buf)[n] = 0;
	*len = n;
	return 0;
}

static int read_into(struct slot *x, const char *path)
{
	x->pre.stamp.valid = 0;
	return facts_read_file(path, &x->buf, &x->cap, &x->len, &x->pre.stamp);
}

static void *reader(void *arg)
{
	struct freader *r = arg;
	for (size_t i = 0; i < r->n; i++) {
		struct slot *x = &r->s[i % SLOTS];
		pthread_mutex_lock(&r->mu);
		while (x->full && !r->stop)
			pthread_cond_wait(&r->cv, &r->mu);
		int stop = r->stop;
		pthread_mutex_unlock(&r->mu);
		if (stop)
			break;
		/* the slot is empty: only this thread touches it until full */
		int ok = r->paths[i] && read_into(x, r->paths[i]) == 0;
		x->pre.nlines = 0;
		if (ok)
			facts_preparse(x->buf, x->len, &x->pre);
		pthread_mutex_lock(&r->mu);
		x->file = i;
		x->ok = ok;
		x->full = 1;
		pthread_cond_broadcast(&r->cv);
		pthread_mutex_unlock(&r->mu);
	}
	return NULL;
}

struct freader *freader_start(const char *const *paths, size_t n)
{
	struct freader *r = xcalloc(1, sizeof(*r));
	r->paths = paths;
	r->n = n;
	pthread_mutex_init(&r->mu, NULL);
	pthread_cond_init(&r->cv, NULL);
	if (pthread_create(&r->th, NULL, reader, r) != 0)
		r->stop = -1; /* no thread: each file is read when the loader asks */
	return r;
}

int freader_get(struct freader *r, size_t i, const char **text, size_t *len, const struct facts_pre **pre)
{
	struct slot *x = &r->s[i % SLOTS];
	if (r->stop == -1) { /* no reader thread */
		x->ok = r->paths[i] && read_into(x, r->paths[i]) == 0;
		x->pre.nlines = 0; /* the loader splits the records itself */
	} else {
		pthread_mutex_lock(&r->mu);
		while (!(x->full && x->file == i))
			pthread_cond_wait(&r->cv, &r->mu);
		pthread_mutex_unlock(&r->mu);
	}
	*text = x->buf;
	*len = x->len;
	*pre = &x->pre;
	return x->ok ? 0 : -1;
}

void freader_done(struct freader *r, size_t i)
{
	if (r->stop == -1)
		return;
	facts_pre_trim(&r->s[i % SLOTS].pre);
	pthread_mutex_lock(&r->mu);
	r->s[i % SLOTS].full = 0;
	pthread_cond_broadcast(&r->cv);
	pthread_mutex_unlock(&r->mu);
}

void freader_skip(struct freader *r, size_t i)
{
	const char *text;
	size_t len;
	const struct facts_pre *pre;
	freader_get(r, i, &text, &len, &pre);
	freader_done(r, i);
}

void freader_stop(struct freader *r)
{
	if (!r)
		return;
	if (r->stop != -1) {
		pthread_mutex_lock(&r->mu);
		r->stop = 1;
		pthread_cond_broadcast(&r->cv);
		pthread_mutex_unlock(&r->mu);
		pthread_join(r->th, NULL);
	}
	pthread_mutex_destroy(&r->mu);
	pthread_cond_destroy(&r->cv);
	for (int k = 0; k < SLOTS; k++) {
		free(r->s[k].buf);
		facts_pre_free(&r->s[k].pre);
	}
	free(r);
}
