/*
 * tl_narrow RTL vs cmodel tl_narrow(): millions of fp32 values biased
 * toward each target's boundaries (ties, the subnormal range, overflow, the
 * largest finite values), every target, RNE and SR, both saturation modes,
 * plus every bf16/fp16/fp8 value and its midpoints with the neighbours.
 * $SEEDS scales the random count (fuzz).
 */
#include <stdio.h>

#include "tl_cells_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

static tl_narrow_dut *dut;

static void setup(void) { dut = tl_narrow_dut_create(tl_test_trace() ? tl_test_wave_path("tl_narrow") : NULL); }
static void teardown(void) { tl_narrow_dut_free(dut); }

static const tl_fmt targets[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

static int check_one(tl_fmt fmt, uint32_t x, unsigned rnd, unsigned sat, uint32_t r)
{
    uint32_t got = tl_narrow_dut_eval(dut, fmt, x, rnd, sat, r);
    uint32_t exp = tl_narrow(fmt, x, rnd, sat, r);
    if (got == exp)
        return 1;
    const char *wave = tl_test_wave_path("tl_narrow_fail");
    tl_narrow_dut *w = tl_narrow_dut_create(wave);
    tl_narrow_dut_eval(w, fmt, x, rnd, sat, r);
    tl_narrow_dut_free(w);
    printf("MISMATCH tl_narrow to=%s in=0x%08x rnd=%u sat=%u rand=0x%08x rtl=0x%08x "
           "cmodel=0x%08x seed=%u wave=%s\n",
           tl_fmt_name(fmt), x, rnd, sat, r, got, exp, tl_test_seed(1), wave);
    return 0;
}

/* A random fp32 biased toward the interesting region of target fmt. */
static uint32_t biased_f32(tl_rng *rng, tl_fmt fmt)
{
    /* biased exponent range of the target: [lo, hi] */
    int lo, hi;
    switch (fmt) {
    case TL_FMT_BF16: lo = 0; hi = 255; break;
    case TL_FMT_FP16: lo = 127 - 26; hi = 127 + 17; break;
    case TL_FMT_E4M3: lo = 127 - 11; hi = 127 + 10; break;
    default:          lo = 127 - 18; hi = 127 + 17; break;
    }
    uint32_t sign = tl_rng_u32(rng) & 0x80000000u;
    uint32_t kind = tl_rng_below(rng, 8);
    if (kind == 0)
        return tl_rng_u32(rng); /* anything */
    uint32_t exp = (uint32_t)(lo + (int)tl_rng_below(rng, (uint32_t)(hi - lo + 1)));
    if (kind == 1)
        exp = tl_rng_below(rng, 2) ? 0 : 255; /* fp32 subnormal, inf/NaN */
    uint32_t man = tl_rng_u32(rng) & 0x7FFFFFu;
    if (kind >= 2 && kind <= 4) {
        /* ties and near-ties: dropped bits = 100..0 (+-1) at a random cut */
        unsigned cut = 1 + tl_rng_below(rng, 23);
        man &= ~((1u << cut) - 1);
        man |= 1u << (cut - 1);
        if (kind == 3)
            man += 1;
        if (kind == 4)
            man -= 1;
        man &= 0x7FFFFFu;
    }
    if (kind == 5)
        man |= 0x7FFFFFu << tl_rng_below(rng, 23); /* near the next binade */
    return sign | (exp << 23) | man;
}

START_TEST(narrow_random_biased)
{
    tl_rng rng = {tl_test_seed(1) * 0x9E3779B9u + 7};
    unsigned per = 500000 * tl_test_seeds(1);
    unsigned bad = 0;
    unsigned long n = 0;
    for (unsigned t = 0; t < 4; t++)
        for (unsigned rnd = 0; rnd < 2; rnd++)
            for (unsigned sat = 0; sat < 2; sat++)
                for (unsigned i = 0; i < per && bad < 10; i++, n++) {
                    uint32_t r = tl_rng_u32(&rng);
                    if (i % 16 == 0)
                        r = 0;
                    if (i % 16 == 1)
                        r = 0xFFFFFFFFu;
                    bad += !check_one(targets[t], biased_f32(&rng, targets[t]), rnd, sat, r);
                }
    printf("tl_narrow: %lu random values compared\n", n);
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

/* Every value of every target, and the midpoints with the next value up,
 * widened to fp32 and narrowed back, RNE and SR at both ends of rand. */
START_TEST(narrow_grid_and_midpoints)
{
    unsigned bad = 0;
    for (unsigned t = 0; t < 4 && bad < 10; t++) {
        uint32_t count = tl_fmt_bits(targets[t]) == 8 ? 256u : 65536u;
        for (uint32_t b = 0; b < count && bad < 10; b++) {
            uint32_t x = tl_widen(targets[t], b);
            uint32_t y = tl_widen(targets[t], b + 1 < count ? b + 1 : b);
            uint32_t mid = x + ((y - x) >> 1); /* same sign and binade: midpoint bits */
            for (unsigned sat = 0; sat < 2; sat++) {
                bad += !check_one(targets[t], x, 0, sat, 0);
                bad += !check_one(targets[t], mid, 0, sat, 0);
                bad += !check_one(targets[t], mid, 1, sat, 0x7FFFFFFFu);
                bad += !check_one(targets[t], mid, 1, sat, 0x80000000u);
                bad += !check_one(targets[t], mid + 1, 1, sat, 0xFFFFFFFFu);
            }
        }
    }
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

/* OCP boundary cases from the checklist, RTL against literal expectations
 * (and cmodel through check_one). */
START_TEST(narrow_ocp_boundaries)
{
    /* e4m3: 448 -> 0x7E; 464 -> 0x7E; 465 -> NaN / 448 */
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0x43E00000u, 0, 0, 0), 0x7Eu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0x43E80000u, 0, 0, 0), 0x7Eu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0x43E88000u, 0, 0, 0), 0x7Fu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0x43E88000u, 0, 1, 0), 0x7Eu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0xFF800000u, 0, 1, 0), 0xFEu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E4M3, 0xFF800000u, 0, 0, 0), 0x7Fu);
    /* e5m2: 61440 tie -> inf / 57344 */
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E5M2, 0x47700000u, 0, 0, 0), 0x7Cu);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_E5M2, 0x47700000u, 0, 1, 0), 0x7Bu);
    /* -0 keeps its sign; NaN canonical */
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_BF16, 0x80000000u, 1, 0, 0xFFFFFFFFu), 0x8000u);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_FP16, 0xFFC01234u, 0, 0, 0), 0x7E00u);
    ck_assert_uint_eq(tl_narrow_dut_eval(dut, TL_FMT_FP32, 0xFFC01234u, 0, 0, 0), 0x7FC00000u);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("tl_narrow");
    TCase *tc = tcase_create("tl_narrow");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, narrow_random_biased);
    tcase_add_test(tc, narrow_grid_and_midpoints);
    tcase_add_test(tc, narrow_ocp_boundaries);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
