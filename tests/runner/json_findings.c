/* json_findings.c - a small JSON reader for the runner: it walks the whole
 * document (strings with every escape, numbers, literals, nested arrays and
 * objects) and keeps, from each object of the top-level "findings" array, the
 * members rule, confidence, file, line and message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_findings.h"

struct jp {
	const char *s;
	const char *err;
};

static void ws(struct jp *p)
{
	while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
		p->s++;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void put_utf8(char **w, unsigned long cp)
{
	char *o = *w;
	if (cp < 0x80) {
		*o++ = (char)cp;
	} else if (cp < 0x800) {
		*o++ = (char)(0xc0 | (cp >> 6));
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*o++ = (char)(0xe0 | (cp >> 12));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*o++ = (char)(0xf0 | (cp >> 18));
		*o++ = (char)(0x80 | ((cp >> 12) & 0x3f));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	}
	*w = o;
}

static long hex4(const char *s)
{
	long v = 0;
	for (int i = 0; i < 4; i++) {
		int h = hexval(s[i]);
		if (h < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* A string at p->s (at its opening quote); returns it malloc'd, or NULL. */
static char *str(struct jp *p)
{
	if (*p->s != '"') {
		p->err = "expected a string";
		return NULL;
	}
	const char *s = ++p->s;
	char *out = malloc(strlen(s) + 1), *w = out;
	if (!out) {
		p->err = "out of memory";
		return NULL;
	}
	while (*s && *s != '"') {
		if ((unsigned char)*s < 0x20) {
			p->err = "control character in a string";
			free(out);
			return NULL;
		}
		if (*s != '\\') {
			*w++ = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case '"': case '\\': case '/': *w++ = *s++; break;
		case 'b': *w++ = '\b'; s++; break;
		case 'f': *w++ = '\f'; s++; break;
		case 'n': *w++ = '\n'; s++; break;
		case 'r': *w++ = '\r'; s++; break;
		case 't': *w++ = '\t'; s++; break;
		case 'u': {
			long cp = hex4(s + 1);
			if (cp < 0) {
				p->err = "bad \\u escape";
				free(out);
				return NULL;
			}
			s += 5;
			if (cp >= 0xd800 && cp < 0xdc00 && s[0] == '\\' && s[1] == 'u') {
				long lo = hex4(s + 2);
				if (lo >= 0xdc00 && lo < 0xe000) {
					cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
					s += 6;
				}
			}
			put_utf8(&w, (unsigned long)cp);
			break;
		}
		default:
			p->err = "bad escape in a string";
			free(out);
			return NULL;
		}
	}
	if (*s != '"') {
		p->err = "unterminated string";
		free(out);
		return NULL;
	}
	*w = 0;
	p->s = s + 1;
	return out;
}

static int value(struct jp *p, int depth);

static int skip_container(struct jp *p, char close, int depth)
{
	p->s++;
	ws(p);
	if (*p->s == close) {
		p->s++;
		return 0;
	}
	for (;;) {
		ws(p);
		if (close == '}') {
			char *k = str(p);
			if (!k)
				return -1;
			free(k);
			ws(p);
			if (*p->s++ != ':') {
				p->err = "expected ':'";
				return -1;
			}
		}
		if (value(p, depth + 1))
			return -1;
		ws(p);
		if (*p->s == ',') {
			p->s++;
			continue;
		}
		if (*p->s == close) {
			p->s++;
			return 0;
		}
		p->err = close == '}' ? "expected ',' or '}'" : "expected ',' or ']'";
		return -1;
	}
}

/* Skip one value. */
static int value(struct jp *p, int depth)
{
	ws(p);
	if (depth > 64) {
		p->err = "nested too deeply";
		return -1;
	}
	char c = *p->s;
	if (c == '"') {
		char *s = str(p);
		free(s);
		return s ? 0 : -1;
	}
	if (c == '{' || c == '[')
		return skip_container(p, c == '{' ? '}' : ']', depth);
	if (strncmp(p->s, "true", 4) == 0 || strncmp(p->s, "null", 4) == 0) {
		p->s += 4;
		return 0;
	}
	if (strncmp(p->s, "false", 5) == 0) {
		p->s += 5;
		return 0;
	}
	if (c == '-' || (c >= '0' && c <= '9')) {
		char *e;
		strtod(p->s, &e);
		if (e == p->s) {
			p->err = "bad number";
			return -1;
		}
		p->s = e;
		return 0;
	}
	p->err = "expected a value";
	return -1;
}

/* One finding object at p->s. */
static int finding(struct jp *p, struct jfinding *f)
{
	memset(f, 0, sizeof(*f));
	ws(p);
	if (*p->s != '{') {
		p->err = "a finding is not an object";
		return -1;
	}
	p->s++;
	ws(p);
	while (*p->s != '}') {
		char *k = str(p);
		if (!k)
			return -1;
		ws(p);
		if (*p->s++ != ':') {
			free(k);
			p->err = "expected ':'";
			return -1;
		}
		ws(p);
		char **slot = strcmp(k, "rule") == 0 ? &f->rule : strcmp(k, "confidence") == 0 ? &f->confidence :
			      strcmp(k, "file") == 0 ? &f->file : strcmp(k, "message") == 0 ? &f->message : NULL;
		int isline = strcmp(k, "line") == 0;
		free(k);
		if (slot && *p->s == '"') {
			free(*slot);
			if (!(*slot = str(p)))
				return -1;
		} else if (isline && *p->s >= '0' && *p->s <= '9') {
			char *e;
			f->line = strtol(p->s, &e, 10);
			p->s = e;
		} else if (value(p, 2)) {
			return -1;
		}
		ws(p);
		if (*p->s == ',') {
			p->s++;
			ws(p);
		} else if (*p->s != '}') {
			p->err = "expected ',' or '}' in a finding";
			return -1;
		}
	}
	p->s++;
	return 0;
}

static char *dup0(char *s)
{
	return s ? s : strdup("");
}

long json_findings(const char *text, struct jfinding **out, char *err, size_t errlen)
{
	struct jp p = {text, NULL};
	struct jfinding *v = NULL;
	long n = 0, cap = 0;
	int seen = 0;
	*out = NULL;
	ws(&p);
	if (*p.s != '{') {
		snprintf(err, errlen, "bad JSON report: not a JSON object");
		return -1;
	}
	p.s++;
	ws(&p);
	while (*p.s && *p.s != '}') {
		char *k = str(&p);
		if (!k)
			goto bad;
		ws(&p);
		if (*p.s++ != ':') {
			free(k);
			p.err = "expected ':'";
			goto bad;
		}
		ws(&p);
		int isf = strcmp(k, "findings") == 0;
		free(k);
		if (isf) {
			seen = 1;
			if (*p.s != '[') {
				p.err = "\"findings\" is not an array";
				goto bad;
			}
			p.s++;
			ws(&p);
			while (*p.s != ']') {
				if (n == cap) {
					cap = cap ? cap * 2 : 16;
					struct jfinding *nv = realloc(v, (size_t)cap * sizeof(*v));
					if (!nv) {
						p.err = "out of memory";
						goto bad;
					}
					v = nv;
				}
				if (finding(&p, &v[n])) {
					n++;
					goto bad;
				}
				v[n].rule = dup0(v[n].rule);
				v[n].confidence = dup0(v[n].confidence);
				v[n].file = dup0(v[n].file);
				v[n].message = dup0(v[n].message);
				n++;
				ws(&p);
				if (*p.s == ',') {
					p.s++;
					ws(&p);
				} else if (*p.s != ']') {
					p.err = "expected ',' or ']' in \"findings\"";
					goto bad;
				}
			}
			p.s++;
		} else if (value(&p, 1)) {
			goto bad;
		}
		ws(&p);
		if (*p.s == ',') {
			p.s++;
			ws(&p);
		}
	}
	if (*p.s != '}') {
		p.err = "unterminated object";
		goto bad;
	}
	if (!seen) {
		p.err = "no \"findings\" member";
		goto bad;
	}
	*out = v;
	return n;
bad:
	snprintf(err, errlen, "bad JSON report at offset %ld: %s", (long)(p.s - text), p.err ? p.err : "?");
	json_findings_free(v, n);
	return -1;
}

void json_findings_free(struct jfinding *v, long n)
{
	for (long i = 0; i < n; i++) {
		free(v[i].rule);
		free(v[i].confidence);
		free(v[i].file);
		free(v[i].message);
	}
	free(v);
}
