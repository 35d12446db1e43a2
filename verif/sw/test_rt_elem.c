/*
 * The driver's elementwise calls (tl_rt_activate, tl_rt_elemwise,
 * tl_rt_copy) on the cmodel backend against cmodel's own arithmetic
 * (ew_ref.c), bit for bit: shapes from 1 x 1 to many tiles of rows and
 * columns and more tiles than one batch of the rings, every function and
 * op, input and output formats, per-row and scalar scale/bias, RNE and SR,
 * FP8 saturation, in place; on three configurations (16 x 16; 4 x 8; 3 x 5
 * with 256-byte SBUF partitions, so tensors cross many column tiles), and
 * under random engine schedules, where a missing semaphore wait gives
 * wrong bits. Also argument errors.
 */
#include <stdlib.h>

#include "ew_ref.h"
#include "tl_hal_host.h"


static const uint32_t shapes[][2] = {{1, 1}, {1, 37}, {5, 1}, {3, 7}, {16, 16}, {17, 33}, {7, 200}, {40, 9}, {2, 700}};
static const tl_fmt ins[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
static const tl_fmt outs[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

/* Case n of the grid: kind, shape, formats and options vary with n. */
static ew_case grid_case(unsigned n, tl_rng *rng)
{
    ew_case c = {0};
    c.kind = n % 3;
    const uint32_t *s = shapes[(n / 3) % (sizeof shapes / sizeof shapes[0])];
    c.rows = s[0];
    c.cols = s[1];
    c.fa = ins[tl_rng_below(rng, 6)];
    c.fb = ins[tl_rng_below(rng, 6)];
    c.fo = outs[tl_rng_below(rng, 5)];
    c.op = c.kind == EW_ACT ? tl_rng_below(rng, 2) : tl_rng_below(rng, 4);
    c.scale_vec = tl_rng_below(rng, 2);
    c.bias_vec = tl_rng_below(rng, 2);
    c.transpose = tl_rng_below(rng, 2);
    c.round = tl_rng_below(rng, 2) ? TL_RND_SR : TL_RND_RNE;
    c.saturate = tl_rng_below(rng, 2);
    c.seed = tl_rng_u32(rng);
    if (c.kind != EW_COPY && c.fa != TL_FMT_INT8 && tl_rng_below(rng, 4) == 0) {
        c.fo = c.fa; /* in place */
        c.in_place = true;
    }
    return c;
}

static void run_grid(const tl_core_config *cfg, unsigned cases)
{
    ref_cm c;
    ref_cm_open(&c, cfg);
    tl_rng rng = {tl_test_seed(1) * 104729u + c.dev.cfg.rows};
    for (unsigned n = 0; n < cases; n++) {
        ew_case e = grid_case(n, &rng);
        ew_check(&c.dev, &e, &rng, "cmodel", NULL);
    }
    tl_hal_close(&c.hal);
}

START_TEST(grid_16x16) { run_grid(NULL, 162); }
END_TEST

START_TEST(grid_4x8)
{
    tl_core_config g;
    ref_cfg_4x8(&g);
    run_grid(&g, 162);
}
END_TEST

START_TEST(grid_3x5)
{
    tl_core_config g;
    ref_cfg_3x5(&g);
    run_grid(&g, 162);
}
END_TEST

/* More tiles than one batch of the rings: 3 x 5, 256-byte partitions. */
START_TEST(many_batches)
{
    tl_core_config g;
    ref_cfg_3x5(&g);
    ref_cm c;
    ref_cm_open(&c, &g);
    tl_rng rng = {tl_test_seed(1)};
    ew_case a = {EW_ACT, 61, 300, TL_ISA_FUNC_RELU, TL_FMT_FP32, TL_FMT_BF16, TL_FMT_BF16, true, true, false, false,
                 TL_RND_SR, false, 7};
    tl_rt_ew_stats st;
    ew_check(&c.dev, &a, &rng, "cmodel", &st);
    ck_assert_uint_gt(st.batches, 1);
    ck_assert_uint_gt(st.tile_cols, 0);
    ck_assert_uint_lt(st.tile_cols, 300);
    ew_case e = {EW_ELEM, 61, 300, TL_ISA_EWOP_ADD, TL_FMT_BF16, TL_FMT_FP32, TL_FMT_BF16, false, false, true, false,
                 TL_RND_SR, false, 9};
    ew_check(&c.dev, &e, &rng, "cmodel", &st);
    ck_assert_uint_gt(st.batches, 1);
    tl_hal_close(&c.hal);
}
END_TEST

/* Random engine orders: a load that does not wait for the slot's store,
 * or an activation that does not wait for its loads, reads or writes the
 * wrong data here. */
START_TEST(random_schedules)
{
    tl_core_config g;
    ref_cfg_4x8(&g);
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ref_cm c;
        ref_cm_open(&c, &g);
        tl_core_set_schedule(tl_hal_cmodel_core(&c.hal), seed * 0x9E37u + tl_test_seed(1));
        tl_rng rng = {seed};
        for (unsigned n = 0; n < 27; n++) {
            ew_case e = grid_case(n, &rng);
            ew_check(&c.dev, &e, &rng, "cmodel, random schedule", NULL);
        }
        tl_hal_close(&c.hal);
    }
}
END_TEST

START_TEST(bad_arguments)
{
    ref_cm c;
    ref_cm_open(&c, NULL);
    uint64_t t;
    ck_assert_int_eq(tl_rt_alloc(&c.dev, 4096, 64, &t), TL_RT_OK);
    tl_rt_act_args a = {4, 4, t, t, TL_FMT_BF16, TL_FMT_BF16, TL_ISA_FUNC_RELU, {0, 0, 0x3F800000u}, {0, 0, 0},
                        TL_RND_RNE, false, 0};
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_OK);
    a.rows = 0;
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    a.rows = 4;
    a.fo = TL_FMT_INT8;
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    a.fo = TL_FMT_BF16;
    a.func = 2;
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    a.func = 0;
    a.round = 2;
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    a.round = TL_RND_RNE;
    a.out = c.dev.dram_base + c.dev.dram_size - 8; /* 32 bytes past the end */
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    a.out = t;
    a.bias.addr = c.dev.dram_base + c.dev.dram_size - 2;
    ck_assert_int_eq(tl_rt_activate(&c.dev, &a, NULL), TL_RT_EINVAL);
    tl_rt_ew_args e = {4, 4, t, t, t, TL_FMT_BF16, TL_FMT_INT32, TL_FMT_BF16, TL_ISA_EWOP_ADD, TL_RND_RNE, false, 0};
    ck_assert_int_eq(tl_rt_elemwise(&c.dev, &e, NULL), TL_RT_EINVAL);
    e.fb = TL_FMT_BF16;
    e.op = 4;
    ck_assert_int_eq(tl_rt_elemwise(&c.dev, &e, NULL), TL_RT_EINVAL);
    e.op = TL_ISA_EWOP_MUL;
    ck_assert_int_eq(tl_rt_elemwise(&c.dev, &e, NULL), TL_RT_OK);
    e.fo = TL_FMT_FP32; /* in place but wider: later tiles' inputs would be overwritten */
    ck_assert_int_eq(tl_rt_elemwise(&c.dev, &e, NULL), TL_RT_EINVAL);
    e.out = t + 8; /* overlapping, not in place */
    e.fo = TL_FMT_BF16;
    ck_assert_int_eq(tl_rt_elemwise(&c.dev, &e, NULL), TL_RT_EINVAL);
    tl_rt_copy_args k = {4, 4, t, t + 16, TL_FMT_BF16, TL_FMT_E4M3, true, TL_RND_RNE, false, 0};
    ck_assert_int_eq(tl_rt_copy(&c.dev, &k, NULL), TL_RT_EINVAL); /* source and destination overlap */
    k.dst = t + 64;
    k.fd = TL_FMT_INT8;
    ck_assert_int_eq(tl_rt_copy(&c.dev, &k, NULL), TL_RT_EINVAL);
    k.fd = TL_FMT_E4M3;
    k.cols = 0;
    ck_assert_int_eq(tl_rt_copy(&c.dev, &k, NULL), TL_RT_EINVAL);
    k.cols = 4;
    ck_assert_int_eq(tl_rt_copy(&c.dev, &k, NULL), TL_RT_OK);
    tl_hal_close(&c.hal);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("rt_elem");
    TCase *tc = tcase_create("rt_elem");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, grid_16x16);
    tcase_add_test(tc, grid_4x8);
    tcase_add_test(tc, grid_3x5);
    tcase_add_test(tc, many_batches);
    tcase_add_test(tc, random_schedules);
    tcase_add_test(tc, bad_arguments);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
