#define _POSIX_C_SOURCE 200809L
/* The committed rtl/common/tl_encoding.vh is what encoding.def generates. */
#include <stdlib.h>
#include <string.h>

#include "encoding_vh.h"
#include "tl_test.h"

START_TEST(vh_matches_def)
{
    char *want = NULL, *have = NULL;
    size_t want_len = 0;
    FILE *mem = open_memstream(&want, &want_len);
    ck_assert_ptr_nonnull(mem);
    tl_encoding_vh(mem);
    fclose(mem);

    FILE *f = fopen("rtl/common/tl_encoding.vh", "rb");
    ck_assert_msg(f != NULL, "cannot open rtl/common/tl_encoding.vh (run from the repo top)");
    have = calloc(1, want_len + 2);
    size_t have_len = fread(have, 1, want_len + 1, f);
    fclose(f);
    ck_assert_msg(have_len == want_len && memcmp(have, want, want_len) == 0,
                  "rtl/common/tl_encoding.vh is stale: run `make gen`");
    free(want);
    free(have);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("encoding");
    TCase *tc = tcase_create("vh");
    tcase_add_test(tc, vh_matches_def);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
