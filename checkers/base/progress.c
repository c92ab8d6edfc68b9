/* progress.c - a progress line on a terminal's standard error. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "base/progress.h"
#include "base/util.h"

struct progress {
	pthread_mutex_t mu;
	size_t total, done;
	double t0, last_draw;
	int width; /* terminal columns */
};

void progress_format(char *buf, size_t len, size_t done, size_t total, double elapsed, int width)
{
	char tail[128];
	double rate = elapsed > 0 ? (double)done / elapsed : 0;
	if (done && done < total && rate > 0) {
		long eta = (long)((double)(total - done) / rate + 0.5);
		snprintf(tail, sizeof(tail), " %zu/%zu files  %.1f files/s  ETA %ld:%02ld", done, total, rate, eta / 60,
			 eta % 60);
	} else if (done >= total) {
		long el = (long)(elapsed + 0.5);
		snprintf(tail, sizeof(tail), " %zu/%zu files  %.1f files/s  done in %ld:%02ld", done, total, rate,
			 el / 60, el % 60);
	} else
		snprintf(tail, sizeof(tail), " %zu/%zu files  ETA --:--", done, total);
	int bar = width - (int)strlen(tail) - 3;
	if (bar > 30) /* fixed width while the text beside it changes length */
		bar = 30;
	if (bar < 5) {
		snprintf(buf, len, "%s", tail + 1);
		return;
	}
	int fill = total ? (int)((double)bar * (double)done / (double)total) : bar;
	if (fill > bar)
		fill = bar;
	char bars[64];
	for (int i = 0; i < bar; i++)
		bars[i] = i < fill ? '#' : ' ';
	bars[bar] = 0;
	snprintf(buf, len, "[%s]%s", bars, tail);
}

struct progress *progress_start(size_t total, int enabled)
{
	if (!enabled || !isatty(STDERR_FILENO) || !total)
		return NULL;
	struct progress *p = xcalloc(1, sizeof(*p));
	pthread_mutex_init(&p->mu, NULL);
	p->total = total;
	p->t0 = now_seconds();
	struct winsize ws;
	p->width = ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20 ? ws.ws_col - 1 : 79;
	p->last_draw = -1;
	return p;
}

static void draw(struct progress *p, double now)
{
	char line[256];
	progress_format(line, sizeof(line), p->done, p->total, now - p->t0, p->width);
	fprintf(stderr, "\r%s\033[K", line);
	fflush(stderr);
	p->last_draw = now;
}

static void advance(struct progress *p, size_t done, int tick)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->mu);
	if (tick)
		p->done++;
	else if (done > p->done)
		p->done = done;
	double now = now_seconds();
	if (p->last_draw < 0 || now - p->last_draw >= 0.1 || p->done >= p->total)
		draw(p, now);
	pthread_mutex_unlock(&p->mu);
}

void progress_update(struct progress *p, size_t done)
{
	advance(p, done, 0);
}

void progress_tick(struct progress *p)
{
	advance(p, 0, 1);
}

void progress_end(struct progress *p)
{
	if (!p)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	pthread_mutex_destroy(&p->mu);
	free(p);
}
