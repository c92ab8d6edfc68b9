/* Uses the headers of include/. */
#include "include/linux/hot.h"
#include "include/linux/cold.h"

int cold_public(int a)
{
	return a + 1;
}

void *x_get(unsigned long n)
{
	return hot_buf_zeroed(n) ? hot_buf(n) : 0;
}
