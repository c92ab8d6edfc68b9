/* unit.h - a minimal test harness: CHECK(cond) counts passes and failures. */
#ifndef GFPCHECK_UNIT_H
#define GFPCHECK_UNIT_H
#include <stdio.h>

extern int unit_passed, unit_failed;
#define CHECK(cond)                                                           \
	do {                                                                  \
		if (cond) {                                                   \
			unit_passed++;                                        \
		} else {                                                      \
			unit_failed++;                                        \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                             \
	} while (0)

void test_model(void);
void test_facts(void);
void test_gfpexpr(void);
void test_flow(void);
void test_schema(void);
void test_mapping(void);
#endif
