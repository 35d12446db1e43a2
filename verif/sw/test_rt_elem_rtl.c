/*
 * The driver's elementwise calls (tl_rt_activate, tl_rt_elemwise,
 * tl_rt_copy) on the rtl backend (the Verilated 4 x 8 core the driver
 * links, TRNLITE_RTL_CORE), bit for bit against cmodel's arithmetic
 * (ew_ref.c): every function and op, narrowed outputs with RNE and SR,
 * per-row scale/bias, in place, tensors of several row and column tiles,
 * with a fixed DRAM latency and with random back-pressure.
 */
#include "ew_ref.h"
#include "rtl_ref.h"

static const ew_case cases[] = {
    /* kind, rows, cols, op, fa, fb, fo, scale_vec, bias_vec, in_place, transpose, round, sat, seed */
    {EW_ACT, 9, 700, TL_ISA_FUNC_RELU, TL_FMT_FP32, TL_FMT_BF16, TL_FMT_BF16, true, true, false, false, TL_RND_SR, false, 5},
    {EW_ACT, 5, 13, TL_ISA_FUNC_IDENTITY, TL_FMT_E4M3, TL_FMT_FP32, TL_FMT_E5M2, false, true, false, false, TL_RND_RNE, true, 0},
    {EW_ACT, 1, 1, TL_ISA_FUNC_RELU, TL_FMT_INT8, TL_FMT_FP16, TL_FMT_FP32, true, false, false, false, TL_RND_RNE, false, 0},
    {EW_ELEM, 7, 33, TL_ISA_EWOP_ADD, TL_FMT_BF16, TL_FMT_FP32, TL_FMT_BF16, false, false, true, false, TL_RND_SR, false, 11},
    {EW_ELEM, 6, 1100, TL_ISA_EWOP_MUL, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_FP32, false, false, false, false, TL_RND_RNE, false, 0},
    {EW_ELEM, 4, 8, TL_ISA_EWOP_MAX, TL_FMT_E5M2, TL_FMT_BF16, TL_FMT_E4M3, false, false, false, false, TL_RND_SR, true, 3},
    {EW_ELEM, 11, 17, TL_ISA_EWOP_RELU_GRAD, TL_FMT_FP32, TL_FMT_E4M3, TL_FMT_E5M2, false, false, false, false, TL_RND_RNE, false, 0},
    {EW_COPY, 13, 9, 0, TL_FMT_BF16, TL_FMT_FP32, TL_FMT_E4M3, false, false, false, true, TL_RND_SR, false, 21},
    {EW_COPY, 3, 40, 0, TL_FMT_FP32, TL_FMT_FP32, TL_FMT_BF16, false, false, false, false, TL_RND_RNE, false, 0},
};

static void run(bool bp)
{
    ref_cm d;
    ref_rtl_open(&d, bp, 20, "test_rt_elem_rtl");
    tl_rng rng = {tl_test_seed(1) * 31u + bp};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tl_rt_ew_stats st;
        ew_check(&d.dev, &cases[i], &rng, bp ? "rtl, back-pressure" : "rtl", &st);
        if (i == 0)
            ck_assert_uint_gt(st.tiles, 3); /* rows and columns in several tiles */
    }
    tl_hal_close(&d.hal);
}

START_TEST(fixed_latency) { run(false); }
END_TEST

START_TEST(backpressure) { run(true); }
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("rt_elem_rtl");
    TCase *tc = tcase_create("rtl");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, fixed_latency);
    tcase_add_test(tc, backpressure);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
