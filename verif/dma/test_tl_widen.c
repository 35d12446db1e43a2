/*
 * tl_widen RTL vs cmodel tl_widen(): every encoding of every 8- and 16-bit
 * source format, plus random and special fp32 patterns (NaN made canonical).
 */
#include <stdio.h>

#include "tl_cells_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

static tl_widen_dut *dut;

static void setup(void) { dut = tl_widen_dut_create(tl_test_trace() ? tl_test_wave_path("tl_widen") : NULL); }
static void teardown(void) { tl_widen_dut_free(dut); }

/* Compare one input; on a mismatch print it and write a waveform of it. */
static int check_one(tl_fmt fmt, uint32_t bits)
{
    uint32_t got = tl_widen_dut_eval(dut, fmt, bits);
    uint32_t exp = tl_widen(fmt, bits);
    if (got == exp)
        return 1;
    const char *wave = tl_test_wave_path("tl_widen_fail");
    tl_widen_dut *w = tl_widen_dut_create(wave);
    tl_widen_dut_eval(w, fmt, bits);
    tl_widen_dut_free(w);
    printf("MISMATCH tl_widen fmt=%s in=0x%08x rtl=0x%08x cmodel=0x%08x wave=%s\n",
           tl_fmt_name(fmt), bits, got, exp, wave);
    return 0;
}

START_TEST(widen_every_encoding)
{
    static const tl_fmt fmts[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
    unsigned bad = 0, n = 0;
    for (unsigned f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
        uint32_t count = tl_fmt_bits(fmts[f]) == 8 ? 256u : 65536u;
        for (uint32_t b = 0; b < count && bad < 10; b++, n++)
            bad += !check_one(fmts[f], b);
    }
    ck_assert_msg(bad == 0, "%u mismatches", bad);
    ck_assert_uint_eq(n, 2 * 65536 + 3 * 256);
}
END_TEST

START_TEST(widen_fp32_random)
{
    tl_rng rng = {tl_test_seed(1)};
    static const uint32_t special[] = {0, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                       0xFFC00001u, 0x7F800001u, 0x00000001u, 0x807FFFFFu};
    unsigned bad = 0;
    for (unsigned i = 0; i < sizeof special / sizeof special[0]; i++)
        bad += !check_one(TL_FMT_FP32, special[i]);
    for (unsigned i = 0; i < 200000 && bad < 10; i++)
        bad += !check_one(TL_FMT_FP32, tl_rng_u32(&rng));
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

START_TEST(widen_illegal_format_gives_nan)
{
    ck_assert_uint_eq(tl_widen_dut_eval(dut, TL_FMT_INT32, 5), TL_QNAN_FP32);
    ck_assert_uint_eq(tl_widen_dut_eval(dut, 7, 5), TL_QNAN_FP32);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("tl_widen");
    TCase *tc = tcase_create("tl_widen");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, widen_every_encoding);
    tcase_add_test(tc, widen_fp32_random);
    tcase_add_test(tc, widen_illegal_format_gives_nan);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
