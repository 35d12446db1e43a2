/*
 * make bench-gemm (part of make bench): the driver's GEMM on the default
 * 16 x 16 core (Verilated, 128-bit bus) with a DRAM of 100 cycles of
 * latency, DMA from and to DRAM included: 64^3, 256^3 and 512^3 in bf16
 * and e4m3 (fp32 output). Every result is checked bit for bit against
 * tl_matmul first; then the table of what the core's counters measured:
 * cycles, tensor-engine utilization MACs / (cycles x R x C), DMA bus
 * efficiency (DRAM bytes the descriptors move / (DMA busy cycles x bus
 * bytes)), DRAM bytes per cycle over the whole run, busy and semaphore
 * wait of the DMA and tensor engines (% of cycles). BENCH_SIZES="64 256"
 * and BENCH_FMTS=e4m3 run a subset.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "tl_hal_host.h"

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

START_TEST(bench)
{
    tl_hal hal;
    tl_dev dev;
    tl_hal_opts o = {.dram_size = 16u << 20, .latency = 100};
    ck_assert_int_eq(tl_hal_rtl_open(&o, &hal), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_open(&dev, &hal), TL_RT_OK);
    const tl_core_config *c = &dev.cfg;
    unsigned bus = c->data_width / 8;
    printf("bench-gemm: %u x %u core, %u-bit bus, DRAM latency %u; fp32 output; bit-exact vs tl_matmul\n",
           c->rows, c->cols, c->data_width, o.latency);
    printf("%-15s %10s %7s %7s %9s %11s %11s %11s\n", "GEMM", "cycles", "TE util", "DMA eff", "DRAM B/cy",
           "DMA busy/wt", "TE busy/wt", "blocks");
    const char *env = getenv("BENCH_SIZES"), *fenv = getenv("BENCH_FMTS");
    static const uint32_t sizes[] = {64, 256, 512};
    static const tl_fmt fmts[] = {TL_FMT_BF16, TL_FMT_E4M3};
    tl_rng rng = {0xBE4C4u};
    for (unsigned s = 0; s < 3; s++) {
        char key[8];
        snprintf(key, sizeof key, "%u", sizes[s]);
        if (env && !strstr(env, key))
            continue;
        for (unsigned f = 0; f < 2; f++) {
            if (fenv && !strstr(fenv, fmts[f] == TL_FMT_BF16 ? "bf16" : "e4m3"))
                continue;
            uint32_t n = sizes[s];
            gemm_case gc = {n, n, n, fmts[f], fmts[f], TL_FMT_FP32, false, TL_RND_RNE, false, 1};
            gemm_data d;
            gemm_data_make(&d, &gc, &rng);
            gemm_data_reference(&d, c->rows);
            tl_rt_gemm_stats st;
            uint8_t *out = gemm_run(&dev, &d, &st);
            gemm_expect(&d, out, "rtl 16x16");
            tl_rt_perf pf;
            ck_assert_int_eq(tl_rt_perf_read(&dev, &pf), TL_RT_OK);
            ck_assert_uint_eq(pf.macs, (uint64_t)n * n * n);
            char name[32], dma[24], te[24], blk[24];
            snprintf(name, sizeof name, "%u^3 %s", n, fmts[f] == TL_FMT_BF16 ? "bf16" : "e4m3");
            snprintf(dma, sizeof dma, "%.1f/%.1f%%", pct(pf.busy[0], pf.cycles), pct(pf.wait[0], pf.cycles));
            snprintf(te, sizeof te, "%.1f/%.1f%%", pct(pf.busy[1], pf.cycles), pct(pf.wait[1], pf.cycles));
            snprintf(blk, sizeof blk, "%ux%u%s", st.mb, st.nb, st.a_panels ? " panel" : "");
            printf("%-15s %10llu %6.1f%% %6.1f%% %9.2f %11s %11s %11s\n", name, (unsigned long long)pf.cycles,
                   pct(pf.macs, pf.cycles * c->rows * c->cols), pct(st.dram_bytes, pf.busy[0] * bus),
                   (double)st.dram_bytes / (double)pf.cycles, dma, te, blk);
            fflush(stdout);
            free(out);
            gemm_data_free(&d);
        }
    }
    tl_hal_close(&hal);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    Suite *s = suite_create("bench_gemm");
    TCase *tc = tcase_create("rtl");
    tcase_set_timeout(tc, 7200);
    tcase_add_test(tc, bench);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
