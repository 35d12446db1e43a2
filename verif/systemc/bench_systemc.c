/*
 * make bench-systemc: one bf16 GEMM (fp32 out) through the driver on a
 * SystemC backend; prints wall time, simulated cycles and MACs per wall
 * CPU second. Usage: bench_systemc systemc-lt|systemc-rtl M K N
 * The output is checked bit for bit against the cmodel backend configured
 * like the Verilated build unless the size makes that the slow part
 * (NOCHECK=1 skips it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hal_systemc.h"
#include "tl_hal_host.h"
#include "tl_rt.h"

static double now_s(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t rng_s = 0x1234567u;
static uint16_t rnd_bf16(void)
{
    rng_s ^= rng_s << 13;
    rng_s ^= rng_s >> 7;
    rng_s ^= rng_s << 17;
    /* sign, exponent around 2^-3..2^3, 7 random mantissa bits */
    return (uint16_t)((rng_s & 0x8000u) | (uint16_t)((124u + (rng_s >> 16) % 7u) << 7) | ((rng_s >> 24) & 0x7Fu));
}

static int run(const char *backend, tl_hal *hal, uint32_t M, uint32_t K, uint32_t N, const uint16_t *a,
               const uint16_t *b, uint32_t *out, double *wall, double *cpu)
{
    tl_dev dev;
    int rc;
    if ((rc = tl_rt_open(&dev, hal)) != TL_RT_OK) {
        fprintf(stderr, "%s: tl_rt_open: %s\n", backend, tl_rt_strerror(rc));
        return 1;
    }
    uint64_t da, db, dout;
    if (tl_rt_alloc(&dev, (uint64_t)M * K * 2, 64, &da) || tl_rt_alloc(&dev, (uint64_t)K * N * 2, 64, &db) ||
        tl_rt_alloc(&dev, (uint64_t)M * N * 4, 64, &dout)) {
        fprintf(stderr, "%s: device DRAM too small\n", backend);
        return 1;
    }
    hal->dram_write(hal->ctx, da, a, (size_t)M * K * 2);
    hal->dram_write(hal->ctx, db, b, (size_t)K * N * 2);
    tl_rt_gemm_args g = {M, K, N, TL_FMT_BF16, TL_FMT_BF16, TL_FMT_FP32, da, db, 0, dout, false, TL_RND_RNE, false, 0};
    double t0 = now_s(CLOCK_MONOTONIC), c0 = now_s(CLOCK_PROCESS_CPUTIME_ID);
    rc = tl_rt_gemm(&dev, &g, NULL);
    *wall = now_s(CLOCK_MONOTONIC) - t0;
    *cpu = now_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
    if (rc != TL_RT_OK) {
        fprintf(stderr, "%s: tl_rt_gemm: %s\n", backend, tl_rt_strerror(rc));
        return 1;
    }
    hal->dram_read(hal->ctx, dout, out, (size_t)M * N * 4);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: %s systemc-lt|systemc-rtl M K N\n", argv[0]);
        return 2;
    }
    const char *be = argv[1];
    uint32_t M = (uint32_t)atoi(argv[2]), K = (uint32_t)atoi(argv[3]), N = (uint32_t)atoi(argv[4]);
    uint16_t *a = malloc((size_t)M * K * 2), *b = malloc((size_t)K * N * 2);
    uint32_t *o = malloc((size_t)M * N * 4), *r = malloc((size_t)M * N * 4);
    if (!a || !b || !o || !r)
        return 1;
    for (size_t i = 0; i < (size_t)M * K; i++)
        a[i] = rnd_bf16();
    for (size_t i = 0; i < (size_t)K * N; i++)
        b[i] = rnd_bf16();
    tl_hal hal;
    tl_hal_opts ho = {.dram_size = 64u << 20, .latency = 1};
    int rc = strcmp(be, "systemc-rtl") == 0 ? tl_hal_systemc_rtl_open(&ho, &hal) : tl_hal_systemc_lt_open(&ho, &hal);
    if (rc != TL_HAL_OK) {
        fprintf(stderr, "%s: %s\n", be, tl_hal_strerror(rc));
        return 1;
    }
    double wall, cpu;
    uint64_t c0 = tl_hal_systemc_cycles(&hal);
    if (run(be, &hal, M, K, N, a, b, o, &wall, &cpu))
        return 1;
    uint64_t cyc = tl_hal_systemc_cycles(&hal) - c0;
    double macs = (double)M * K * N;
    /* rates per CPU second: the machine is shared, and both models run
     * on one thread */
    printf("%-12s %u x %u x %u bf16: %.3f s CPU (%.3f s wall), %llu simulated cycles, %.4g MACs/s, "
           "%.4g cycles/s\n", be, M, K, N, cpu, wall, (unsigned long long)cyc, macs / cpu, (double)cyc / cpu);
    /* the same GEMM on cmodel configured like the Verilated build */
    if (!getenv("NOCHECK")) {
        tl_hal cm;
        tl_core_config cfg = {4, 8, 12, 2, 6, 64, 32, 16, 3};
        tl_hal_opts co = {.dram_size = 64u << 20, .cfg = &cfg};
        double w2, c2;
        if (tl_hal_cmodel_open(&co, &cm) != TL_HAL_OK || run("cmodel", &cm, M, K, N, a, b, r, &w2, &c2))
            return 1;
        if (memcmp(o, r, (size_t)M * N * 4) != 0) {
            fprintf(stderr, "%s: result differs from the cmodel backend\n", be);
            return 1;
        }
        printf("%-12s result bit-exact with the cmodel backend (%.3f s CPU there)\n", be, c2);
        tl_hal_close(&cm);
    }
    return 0;
}
