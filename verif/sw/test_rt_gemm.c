/*
 * The driver's GEMM (sw/rt) on the cmodel backend (sw/hal/hal_cmodel.c)
 * against cmodel's reference tl_matmul, bit for bit: a grid of shapes
 * (1, primes, non-multiples of the array, larger than SBUF and than the
 * rings) x every input format pair, fp32/int32 and narrowed outputs (RNE,
 * SR, FP8 saturation), with and without C, on three core configurations:
 * the default 16 x 16, the 4 x 8 test build the RTL tests use, and an odd
 * 3 x 5 one (one PSUM bank, two DMA queues, 256-byte SBUF partitions) that
 * takes the tiling's rarer paths. Also: random schedules, argument
 * errors, a device error decoded, and the timeout.
 */
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "tl_hal_host.h"

static const tl_fmt floats[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};

/* Shapes: 1, primes, multiples and non-multiples of 3, 4, 5, 8 and 16,
 * N beyond a PSUM bank, K spanning many tiles. */
static const uint32_t shapes[][3] = {
    {1, 1, 1},   {1, 7, 1},    {7, 1, 13},  {3, 5, 7},   {8, 4, 8},    {16, 16, 16}, {9, 5, 17},
    {13, 31, 11}, {17, 33, 65}, {33, 17, 129}, {5, 64, 3}, {2, 100, 70}, {31, 47, 37},
};


/* Case i of the grid for a format pair: the options vary with i. */
static gemm_case grid_case(unsigned i, tl_fmt fa, tl_fmt fb, const uint32_t *shape, uint32_t seed)
{
    static const tl_fmt outs[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
    gemm_case c = {shape[0], shape[1], shape[2], fa, fb, TL_FMT_FP32, i % 3 == 1, TL_RND_RNE, false, seed};
    if (fa == TL_FMT_INT8)
        c.fo = TL_FMT_INT32;
    else
        c.fo = outs[(i + fa + fb) % 5];
    c.round = (i / 2) % 2 ? TL_RND_SR : TL_RND_RNE;
    c.saturate = (i / 4) % 2;
    return c;
}

/* The grid, with B resident where it fits (stream_b false) or reloaded
 * for every row block (stream_b true): both strategies of the runtime. */
static void run_grid(const tl_core_config *cfg)
{
  for (int stream_b = 0; stream_b < 2; stream_b++) {
    ref_cm c;
    ref_cm_open(&c, cfg);
    c.dev.stream_b = stream_b;
    tl_rng rng = {tl_test_seed(1) * 7919u + c.dev.cfg.rows};
    unsigned n = 0;
    for (unsigned p = 0; p < 17; p++) {
        tl_fmt fa = p < 16 ? floats[p / 4] : TL_FMT_INT8, fb = p < 16 ? floats[p % 4] : TL_FMT_INT8;
        for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++, n++) {
            gemm_case gc = grid_case(n, fa, fb, shapes[s], tl_rng_u32(&rng));
            gemm_check(&c.dev, &gc, &rng, stream_b ? "cmodel, B streamed" : "cmodel", NULL);
        }
    }
    tl_hal_close(&c.hal);
  }
}

START_TEST(grid_16x16) { run_grid(NULL); }
END_TEST

START_TEST(grid_4x8)
{
    tl_core_config g;
    ref_cfg_4x8(&g);
    run_grid(&g);
}
END_TEST

START_TEST(grid_3x5)
{
    tl_core_config g;
    ref_cfg_3x5(&g);
    run_grid(&g);
}
END_TEST

/* Larger than SBUF (4 x 4 KiB on the 4 x 8 build) and than one batch of
 * the rings: 250 K tiles per block, so the program runs in several
 * batches, some ending in the middle of a block's accumulation. */
static void big_case(const tl_core_config *cfg, gemm_case gc)
{
    ref_cm c;
    ref_cm_open(&c, cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0xB16u};
    tl_rt_gemm_stats st;
    gemm_check(&c.dev, &gc, &rng, "cmodel", &st);
    ck_assert_msg(st.batches >= 2, "%u batches", st.batches);
    /* The counters count what the program did. */
    tl_rt_perf pf;
    ck_assert_int_eq(tl_rt_perf_read(&c.dev, &pf), TL_RT_OK);
    ck_assert_uint_eq(pf.macs, (uint64_t)gc.M * gc.K * gc.N);
    tl_hal_close(&c.hal);
}

START_TEST(larger_than_sbuf_and_rings)
{
    tl_core_config g;
    ref_cfg_4x8(&g);
    big_case(&g, (gemm_case){9, 1000, 70, TL_FMT_BF16, TL_FMT_E4M3, TL_FMT_BF16, true, TL_RND_SR, false, 99});
    big_case(&g, (gemm_case){20, 301, 150, TL_FMT_INT8, TL_FMT_INT8, TL_FMT_INT32, false, TL_RND_RNE, false, 0});
    ref_cfg_3x5(&g);
    big_case(&g, (gemm_case){11, 400, 40, TL_FMT_E5M2, TL_FMT_FP16, TL_FMT_E5M2, false, TL_RND_SR, true, 5});
}
END_TEST

/*
 * Every interleaving the semaphores allow gives the same bits: the C
 * model's seeded random schedules let an engine run many instructions
 * ahead of the others (the DMA loading into a slot the tensor engine has
 * not used yet, reusing a PSUM bank before its store), so a missing wait
 * in the runtime's program shows here.
 */
START_TEST(random_schedules)
{
    tl_core_config g;
    ref_cfg_4x8(&g);
    static const gemm_case cases[] = {
        {8, 64, 64, TL_FMT_E4M3, TL_FMT_E4M3, TL_FMT_FP32, false, TL_RND_RNE, false, 0},
        {40, 4, 64, TL_FMT_BF16, TL_FMT_E5M2, TL_FMT_BF16, true, TL_RND_SR, false, 3},
        {40, 3, 128, TL_FMT_INT8, TL_FMT_INT8, TL_FMT_INT32, false, TL_RND_RNE, false, 0},
        {17, 30, 100, TL_FMT_FP16, TL_FMT_FP16, TL_FMT_FP32, true, TL_RND_RNE, false, 0},
    };
    for (unsigned slots = 2; slots <= 4; slots += 2)
        for (uint64_t seed = 1; seed <= 6; seed++) {
            ref_cm c;
            ref_cm_open(&c, &g);
            c.dev.max_slots = slots;
            c.dev.stream_b = seed % 2; /* both strategies */
            tl_core_set_schedule(tl_hal_cmodel_core(&c.hal), seed * 0x9E37u + tl_test_seed(1));
            tl_rng rng = {seed};
            for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
                gemm_check(&c.dev, &cases[i], &rng, "cmodel, random schedule", NULL);
            tl_hal_close(&c.hal);
        }
}
END_TEST

START_TEST(bad_arguments)
{
    ref_cm c;
    ref_cm_open(&c, NULL);
    tl_dev *dev = &c.dev;
    uint64_t a;
    ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &a), TL_RT_OK);
    tl_rt_gemm_args ok = {4, 4, 4, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32, a, a, a, a, false, TL_RND_RNE, false, 0};
    ck_assert_int_eq(tl_rt_gemm_check(dev, &ok), TL_RT_OK);
    tl_rt_gemm_args g = ok;
    g.M = 0;
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.K = 0;
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.fa = TL_FMT_INT8; /* int8 with a float */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.fa = TL_FMT_FP32; /* fp32 is not a tensor-engine input */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.fa = g.fb = TL_FMT_INT8; /* int8 gives int32 only */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g.fo = TL_FMT_INT32;
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_OK);
    g = ok, g.fo = TL_FMT_INT8;
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.round = 2;
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.M = g.N = 1u << 16; /* 8 GiB of output: beyond device DRAM */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.b = dev->dram_base + dev->dram_size - 8; /* runs off the end */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    g = ok, g.out = 0x1000; /* below DRAM */
    ck_assert_int_eq(tl_rt_gemm_check(dev, &g), TL_RT_EINVAL);
    ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_EINVAL);
    tl_hal_close(&c.hal);
}
END_TEST

/* A bus error under the B operand, then a timeout: each comes back as
 * its error, and the core runs the next GEMM correctly. */
START_TEST(device_error_timeout_recovery)
{
    ref_cm c;
    ref_cm_open(&c, NULL);
    gemm_fault_ops ops = {tl_hal_cmodel_add_fault, tl_hal_cmodel_clear_faults, 3};
    gemm_errors_and_recovery(&c.dev, &c.hal, &ops, "cmodel");
    tl_hal_close(&c.hal);
}
END_TEST

/* Every device error code has a message of its own. */
START_TEST(messages)
{
    for (uint32_t code = 1; code <= TL_ISA_ERR_OVERLAP; code++)
        ck_assert_str_ne(tl_rt_device_message(code), "unknown device error code");
    for (uint32_t c = 1; c <= TL_DMA_ERR_BAD_QUEUE; c++)
        ck_assert_str_ne(tl_rt_device_message(TL_ISA_ERR_DMA + c), "unknown device error code");
    ck_assert_str_eq(tl_rt_device_message(TL_ISA_ERR_DMA + 14), "unknown device error code");
    for (int rc = TL_RT_OK; rc >= TL_RT_ENODEV; rc--)
        ck_assert_str_ne(tl_rt_strerror(rc), "unknown runtime error");
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("rt_gemm");
    TCase *tc = tcase_create("cmodel");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, grid_16x16);
    tcase_add_test(tc, grid_4x8);
    tcase_add_test(tc, grid_3x5);
    tcase_add_test(tc, larger_than_sbuf_and_rings);
    tcase_add_test(tc, random_schedules);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, device_error_timeout_recovery);
    tcase_add_test(tc, messages);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
