/*
 * The driver's GEMM on the rtl backend (the Verilated trnlite_core linked
 * into the driver, TRNLITE_RTL_CORE: the 4 x 8 test build by default, its
 * DRAM an axi_mem with 20 cycles of latency): a smaller grid of shapes x
 * every input format pair, bit-exact against cmodel's tl_matmul and
 * against the same GEMM on the cmodel backend configured like the RTL
 * build, once with a fixed DRAM latency and once with random
 * back-pressure and stalls on every AXI channel. Also a GEMM larger than SBUF and than one batch of the rings,
 * a device error with recovery, the timeout, and the performance
 * counters (printed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "rtl_ref.h"
#include "tl_hal_host.h"

static const tl_fmt floats[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
static const uint32_t shapes[][3] = {{1, 1, 1}, {3, 5, 7}, {9, 13, 70}, {17, 9, 11}, {8, 4, 64}, {13, 31, 129}};

typedef ref_cm devh;

static void open_rtl_lat(devh *d, bool bp, unsigned latency) { ref_rtl_open(d, bp, latency, "test_rt_gemm_rtl"); }

static void open_rtl_bp(devh *d, bool bp) { open_rtl_lat(d, bp, 20); }
static void open_rtl(devh *d) { open_rtl_bp(d, false); }

static void open_cmodel(devh *d, const tl_core_config *cfg)
{
    tl_hal_opts o = {.dram_size = 8u << 20, .cfg = cfg};
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &d->hal), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_open(&d->dev, &d->hal), TL_RT_OK);
}

/* One case on both backends; both must equal the reference. */
static void both(devh *rtl, devh *cm, const gemm_case *gc, tl_rng *rng, tl_rt_gemm_stats *st)
{
    gemm_data d;
    gemm_data_make(&d, gc, rng);
    gemm_data_reference(&d, rtl->dev.cfg.rows);
    uint8_t *o_rtl = gemm_run(&rtl->dev, &d, st);
    uint8_t *o_cm = gemm_run(&cm->dev, &d, NULL);
    gemm_expect(&d, o_cm, "cmodel backend");
    gemm_expect(&d, o_rtl, "rtl backend");
    ck_assert(memcmp(o_rtl, o_cm, d.out_bytes) == 0);
    free(o_rtl);
    free(o_cm);
    gemm_data_free(&d);
}

/* The fixed-latency grid keeps B resident where it fits; the one with
 * back-pressure reloads it for every row block: both strategies. */
static void grid(bool bp)
{
    devh rtl, cm;
    open_rtl_bp(&rtl, bp);
    rtl.dev.stream_b = bp;
    open_cmodel(&cm, &rtl.dev.cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0x5EEDu};
    unsigned n = 0;
    for (unsigned p = 0; p < 17; p++) {
        tl_fmt fa = p < 16 ? floats[p / 4] : TL_FMT_INT8, fb = p < 16 ? floats[p % 4] : TL_FMT_INT8;
        for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++, n++) {
            static const tl_fmt outs[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
            gemm_case gc = {shapes[s][0], shapes[s][1], shapes[s][2], fa, fb,
                            fa == TL_FMT_INT8 ? TL_FMT_INT32 : outs[(n + p) % 5], n % 3 == 1,
                            (n / 2) % 2 ? TL_RND_SR : TL_RND_RNE, (n / 4) % 2, tl_rng_u32(&rng)};
            both(&rtl, &cm, &gc, &rng, NULL);
        }
    }
    tl_hal_close(&rtl.hal);
    tl_hal_close(&cm.hal);
}

START_TEST(grid_fixed_latency) { grid(false); }
END_TEST

START_TEST(grid_backpressure) { grid(true); }
END_TEST

/*
 * Races: with a 1-cycle DRAM and 8-bit operands the DMA runs ahead of the
 * tensor engine, so loads reach a slot the array may still read and
 * blocks reuse PSUM banks whose stores may still run: only the runtime's
 * semaphore waits keep the results right (a runtime without its slot or
 * bank waits fails here).
 */
static void races(bool bp, bool stream_b)
{
    devh rtl, cm;
    open_rtl_lat(&rtl, bp, 1);
    rtl.dev.max_slots = 2; /* the DMA reuses a slot two steps later */
    rtl.dev.stream_b = stream_b; /* resident: A^T panels (two, reused every other block) */
    open_cmodel(&cm, &rtl.dev.cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0xFA57u};
    static const uint32_t race_shapes[][3] = {{8, 64, 64}, {1, 128, 64}, {40, 4, 64}, {40, 3, 128}, {17, 8, 200}};
    static const tl_fmt pairs[][3] = {{TL_FMT_E4M3, TL_FMT_E4M3, TL_FMT_FP32},
                                      {TL_FMT_E5M2, TL_FMT_E4M3, TL_FMT_E4M3},
                                      {TL_FMT_INT8, TL_FMT_INT8, TL_FMT_INT32}};
    for (unsigned s = 0; s < sizeof race_shapes / sizeof race_shapes[0]; s++)
        for (unsigned p = 0; p < 3; p++) {
            gemm_case gc = {race_shapes[s][0], race_shapes[s][1], race_shapes[s][2], pairs[p][0], pairs[p][1],
                            pairs[p][2], s % 2 == 1, TL_RND_SR, false, tl_rng_u32(&rng)};
            both(&rtl, &cm, &gc, &rng, NULL);
        }
    tl_hal_close(&rtl.hal);
    tl_hal_close(&cm.hal);
}

START_TEST(fast_dram_races) { races(false, false); }
END_TEST

START_TEST(fast_dram_races_backpressure) { races(true, true); }
END_TEST

START_TEST(fast_dram_races_panels_backpressure) { races(true, false); }
END_TEST

/* Larger than SBUF, several batches; prints the counters. */
START_TEST(larger_than_sbuf)
{
    devh rtl, cm;
    open_rtl(&rtl);
    open_cmodel(&cm, &rtl.dev.cfg);
    tl_rng rng = {tl_test_seed(1) ^ 0xB16u};
    gemm_case gc = {12, 600, 80, TL_FMT_BF16, TL_FMT_E4M3, TL_FMT_BF16, true, TL_RND_SR, false, 7};
    tl_rt_gemm_stats st;
    both(&rtl, &cm, &gc, &rng, &st);
    ck_assert_msg(st.batches >= 2, "%u batches", st.batches);
    tl_rt_perf pf;
    ck_assert_int_eq(tl_rt_perf_read(&rtl.dev, &pf), TL_RT_OK);
    const tl_core_config *c = &rtl.dev.cfg;
    ck_assert_uint_eq(pf.macs, (uint64_t)gc.M * gc.K * gc.N);
    ck_assert(pf.cycles > 0 && pf.busy[0] > 0 && pf.busy[1] > 0);
    printf("rtl %ux%u: %s: %llu cycles, TE utilization %.1f%%, %u batches, %u matmuls, %u DMAs, "
           "DMA busy %.1f%% wait %.1f%%, TE busy %.1f%% wait %.1f%%\n",
           c->rows, c->cols, gemm_case_str(&gc), (unsigned long long)pf.cycles,
           100.0 * (double)pf.macs / ((double)pf.cycles * c->rows * c->cols), st.batches, st.matmuls, st.dmas,
           100.0 * (double)pf.busy[0] / (double)pf.cycles, 100.0 * (double)pf.wait[0] / (double)pf.cycles,
           100.0 * (double)pf.busy[1] / (double)pf.cycles, 100.0 * (double)pf.wait[1] / (double)pf.cycles);
    tl_hal_close(&rtl.hal);
    tl_hal_close(&cm.hal);
}
END_TEST

/* A read error under B on the RTL's DRAM: the same decoded error as the
 * model gives, and the next GEMM is correct. Then a timeout. */
START_TEST(error_recovery_and_timeout)
{
    devh rtl;
    open_rtl(&rtl);
    gemm_fault_ops ops = {tl_hal_rtl_add_fault, tl_hal_rtl_clear_faults, 50};
    gemm_errors_and_recovery(&rtl.dev, &rtl.hal, &ops, "rtl");
    tl_hal_close(&rtl.hal);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("rt_gemm_rtl");
    TCase *tc = tcase_create("rtl");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, grid_fixed_latency);
    tcase_add_test(tc, grid_backpressure);
    tcase_add_test(tc, fast_dram_races);
    tcase_add_test(tc, fast_dram_races_backpressure);
    tcase_add_test(tc, fast_dram_races_panels_backpressure);
    tcase_add_test(tc, larger_than_sbuf);
    tcase_add_test(tc, error_recovery_and_timeout);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
