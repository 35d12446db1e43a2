/*
 * Prints every legal cross coverage point (verif/common/xcov.h), one name
 * a line, in xcov_each's order: the list make coverage reports the
 * crosses the tests counted against (verif/stress/cov_report.py).
 */
#include <stdio.h>

#include "xcov.h"

static void print(void *u, const xcov_point *p)
{
    char name[XCOV_NAME_MAX];
    (void)u;
    puts(xcov_name(p, name));
}

int main(void)
{
    unsigned n = xcov_each(~0u, print, NULL);
    return n ? 0 : 1;
}
