/* Unit tests of the core's parsers and analyses. */
#include "unit.h"

int unit_passed, unit_failed;

int main(void)
{
	test_model();
	test_facts();
	test_schema();
	test_gfpexpr();
	test_flow();
	test_mapping();
	printf("%d passed, %d failed\n", unit_passed, unit_failed);
	return unit_failed ? 1 : 0;
}
