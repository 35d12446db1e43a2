/*
 * make bench-cmodel, C half: throughput of the C model's bit-exact bf16
 * GEMM, tl_matmul(R = 16, bf16 x bf16 -> fp32 PSUM), on one core.
 *
 *   bench_cmodel [K M N [R]]      (default 512 512 512 16)
 *
 * Times the whole public call (widening bf16 -> fp32 included), best of
 * several runs, then checks the result bit for bit against a plain loop in
 * this file (the contract's accumulation order in scalar float arithmetic,
 * compiled with -ffp-contract=off), so the number printed is that of a
 * correct GEMM. Prints "cmodel_gmacs <value>" for bench_cmodel.py, which
 * adds the OpenBLAS side. Exits non-zero on any mismatch.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trnlite/numerics.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rng_u32(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static float f_of(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static uint32_t b_of(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* A bf16 in about [-4, 4]: random sign and mantissa, exponent -8..1. */
static uint16_t rand_bf16(void)
{
    uint32_t r = rng_u32();
    uint32_t exp = 127 - 8 + (r >> 8) % 10;
    return (uint16_t)(((r >> 31) << 15) | (exp << 7) | (r & 0x7F));
}

int main(int argc, char **argv)
{
    size_t K = 512, M = 512, N = 512;
    unsigned R = 16;
    if (argc >= 4) {
        K = strtoul(argv[1], NULL, 0);
        M = strtoul(argv[2], NULL, 0);
        N = strtoul(argv[3], NULL, 0);
    }
    if (argc >= 5)
        R = (unsigned)strtoul(argv[4], NULL, 0);
    if (!K || !M || !N || !R) {
        fprintf(stderr, "usage: %s [K M N [R]] (all > 0)\n", argv[0]);
        return 2;
    }
    if (tl_host_check() != 0) {
        fprintf(stderr, "bench_cmodel: host float unit fails tl_host_check\n");
        return 1;
    }
    uint16_t *w = malloc(K * M * sizeof *w), *x = malloc(K * N * sizeof *x);
    uint32_t *psum = malloc(M * N * sizeof *psum);
    float *wf = malloc(K * M * sizeof *wf), *xf = malloc(K * N * sizeof *xf);
    if (!w || !x || !psum || !wf || !xf) {
        fprintf(stderr, "bench_cmodel: out of memory\n");
        return 1;
    }
    for (size_t i = 0; i < K * M; i++)
        w[i] = rand_bf16();
    for (size_t i = 0; i < K * N; i++)
        x[i] = rand_bf16();

    double macs = (double)K * (double)M * (double)N, best = 1e30;
    int runs = 0;
    double t_total = 0;
    while (runs < 3 || (t_total < 2.0 && runs < 50)) {
        double t0 = now();
        if (tl_matmul(R, K, M, N, TL_FMT_BF16, w, TL_FMT_BF16, x, psum, true) != 0) {
            fprintf(stderr, "bench_cmodel: tl_matmul failed\n");
            return 1;
        }
        double dt = now() - t0;
        t_total += dt;
        best = dt < best ? dt : best;
        runs++;
    }

    /* Check every element against the plain loop. */
    for (size_t i = 0; i < K * M; i++)
        wf[i] = f_of((uint32_t)w[i] << 16);
    for (size_t i = 0; i < K * N; i++)
        xf[i] = f_of((uint32_t)x[i] << 16);
    double t0 = now();
    size_t bad = 0;
    for (size_t m = 0; m < M; m++) {
        for (size_t n = 0; n < N; n++) {
            float acc = 0.0f;
            for (size_t k0 = 0; k0 < K; k0 += R) {
                float t = 0.0f;
                for (size_t k = k0; k < K && k < k0 + R; k++)
                    t = t + wf[k * M + m] * xf[k * N + n];
                acc = k0 == 0 ? t : acc + t;
            }
            uint32_t want = b_of(acc);
            if (psum[m * N + n] != want && bad++ < 10)
                fprintf(stderr, "MISMATCH m=%zu n=%zu model %08x plain loop %08x\n",
                        m, n, psum[m * N + n], want);
        }
    }
    double t_plain = now() - t0;
    printf("cmodel bf16 GEMM K=%zu M=%zu N=%zu R=%u: best %.4f s of %d runs, "
           "%.2f GMAC/s; plain loop %.2f GMAC/s\n",
           K, M, N, R, best, runs, macs / best * 1e-9, macs / t_plain * 1e-9);
    printf("verified %zu of %zu outputs bit-exact against the plain loop: %s\n",
           M * N - bad, M * N, bad ? "FAIL" : "ok");
    printf("cmodel_gmacs %.4f\n", bad ? 0.0 : macs / best * 1e-9);
    free(w); free(x); free(psum); free(wf); free(xf);
    return bad ? 1 : 0;
}
