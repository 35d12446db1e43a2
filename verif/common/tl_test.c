#define _POSIX_C_SOURCE 200809L
#include "tl_test.h"

#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

uint32_t tl_test_seed(uint32_t dflt)
{
    static int printed;
    const char *s = getenv("SEED");
    uint32_t seed = (s && *s) ? (uint32_t)strtoul(s, NULL, 0) : dflt;
    if (!printed) {
        printf("seed %u (replay with SEED=%u)\n", seed, seed);
        fflush(stdout);
        printed = 1;
    }
    return seed;
}

unsigned tl_test_seeds(unsigned dflt)
{
    const char *s = getenv("SEEDS");
    return (s && *s) ? (unsigned)strtoul(s, NULL, 0) : dflt;
}

int tl_test_trace(void)
{
    const char *s = getenv("TRACE");
    return s && strcmp(s, "1") == 0;
}

const char *tl_test_wave_path(const char *name)
{
    static char path[512];
    mkdir("build", 0777);
    mkdir("build/waves", 0777);
    snprintf(path, sizeof path, "build/waves/%s.fst", name);
    return path;
}

int tl_test_main(const char *argv0, Suite *suite)
{
    /* Check ends a failed test's forked process without flushing stdio:
     * line buffering keeps every mismatch line a test printed. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    char *copy = strdup(argv0);
    const char *name = basename(copy);
    SRunner *sr = srunner_create(suite);
    srunner_run_all(sr, CK_NORMAL);
    int run = srunner_ntests_run(sr);
    int failed = srunner_ntests_failed(sr);
    printf("RESULT %s %d %d\n", name, run, failed);
    srunner_free(sr);
    free(copy);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
