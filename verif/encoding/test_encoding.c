#define _POSIX_C_SOURCE 200809L
/* The committed rtl/common/tl_encoding.vh and tl_pipe.vh are what
 * encoding.def and pipeline.def generate. */
#include <stdlib.h>
#include <string.h>

#include "encoding_vh.h"
#include "tl_test.h"

/* The committed file at path is what gen writes. */
static void check_generated(const char *path, void (*gen)(FILE *))
{
    char *want = NULL, *have = NULL;
    size_t want_len = 0;
    FILE *mem = open_memstream(&want, &want_len);
    ck_assert_ptr_nonnull(mem);
    gen(mem);
    fclose(mem);

    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run from the repo top)", path);
    have = calloc(1, want_len + 2);
    size_t have_len = fread(have, 1, want_len + 1, f);
    fclose(f);
    ck_assert_msg(have_len == want_len && memcmp(have, want, want_len) == 0,
                  "%s is stale: run `make gen`", path);
    free(want);
    free(have);
}

START_TEST(vh_matches_def)
{
    check_generated("rtl/common/tl_encoding.vh", tl_encoding_vh);
}
END_TEST

START_TEST(pipe_vh_matches_def)
{
    check_generated("rtl/common/tl_pipe.vh", tl_pipe_vh);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("encoding");
    TCase *tc = tcase_create("vh");
    tcase_add_test(tc, vh_matches_def);
    tcase_add_test(tc, pipe_vh_matches_def);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
