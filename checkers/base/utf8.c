/* utf8.c - well-formed UTF-8 sequences (Unicode 15, table 3-7). */
#include "base/utf8.h"

size_t utf8_prefix(const unsigned char *s, size_t n, size_t *len)
{
	*len = 0;
	if (!n)
		return 0;
	unsigned c = s[0];
	if (c < 0x80) {
		*len = 1;
		return 1;
	}
	size_t need;
	unsigned lo = 0x80, hi = 0xBF; /* range of the second byte */
	if (c >= 0xC2 && c <= 0xDF)
		need = 2;
	else if (c >= 0xE0 && c <= 0xEF) {
		need = 3;
		if (c == 0xE0)
			lo = 0xA0;
		else if (c == 0xED)
			hi = 0x9F;
	} else if (c >= 0xF0 && c <= 0xF4) {
		need = 4;
		if (c == 0xF0)
			lo = 0x90;
		else if (c == 0xF4)
			hi = 0x8F;
	} else
		return 0;
	*len = need;
	size_t k = 1;
	while (k < need && k < n) {
		unsigned l2 = k == 1 ? lo : 0x80, h2 = k == 1 ? hi : 0xBF;
		if (s[k] < l2 || s[k] > h2)
			break;
		k++;
	}
	return k;
}

size_t utf8_seq(const unsigned char *s, size_t n)
{
	size_t len, k = utf8_prefix(s, n, &len);
	return len && k == len ? len : 0;
}
