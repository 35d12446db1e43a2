/*
 * make sim: the main demo, until the whole core exists.
 *
 * GEMMs of a shape larger than the array run on the Verilated tensor
 * engine RTL (te_top: 16x16 array + PSUM): K is split into tiles of ROWS
 * that accumulate in PSUM, M into blocks of COLS columns. Inputs are random
 * fp64 matrices quantized with the C model's conversions (bf16 and fp16 RNE,
 * FP8 with stochastic rounding keyed by each element's coordinate, int8).
 * Every PSUM entry is compared bit for bit with the C model (tl_matmul), and
 * the result's error against the exact fp64 product shows what each format
 * costs. Exits non-zero on any mismatch.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "te_drive.h"

enum { K = 100, M = 40, N = 96 };

typedef struct {
    const char *label;
    tl_fmt fw, fx;
    tl_round round;
} sim_case;

/* Gaussian-ish value: sum of uniforms, mean 0, variance 1. */
static double randn(tl_rng *r)
{
    double s = 0;
    for (int i = 0; i < 12; i++)
        s += (double)tl_rng_u32(r) / 4294967296.0;
    return s - 6.0;
}

/* Quantize n fp64 values to fmt (coordinate i = row-major index). */
static void quantize(const double *v, size_t n, tl_fmt fmt, tl_round mode,
                     uint32_t seed, uint16_t *out)
{
    tl_convert_opts o = {.mode = mode, .saturate = true, .seed = seed};
    for (size_t i = 0; i < n; i++) {
        if (fmt == TL_FMT_INT8) {
            long q = lround(v[i] * 32.0);
            out[i] = (uint16_t)(uint8_t)(int8_t)(q > 127 ? 127 : q < -128 ? -128 : q);
            continue;
        }
        float f = (float)v[i];
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        out[i] = (uint16_t)tl_convert(TL_FMT_FP32, fmt, b, &o, (uint32_t)i);
    }
}

/* Read PSUM entry (partition c, address a) of the DUT for all c. */
static int psum_read(te_dut *d, unsigned addr, uint32_t *row)
{
    return te_read(d, addr, row);
}

int main(void)
{
    static const sim_case cases[] = {
        {"bf16 x bf16", TL_FMT_BF16, TL_FMT_BF16, TL_RND_RNE},
        {"fp16 x fp16", TL_FMT_FP16, TL_FMT_FP16, TL_RND_RNE},
        {"e4m3 x e4m3 (SR)", TL_FMT_E4M3, TL_FMT_E4M3, TL_RND_SR},
        {"e4m3 x e5m2 (SR)", TL_FMT_E4M3, TL_FMT_E5M2, TL_RND_SR},
        {"int8 x int8", TL_FMT_INT8, TL_FMT_INT8, TL_RND_RNE},
    };
    uint32_t seed = tl_test_seed(2026);
    te_dut *d = te_dut_create(tl_test_trace() ? tl_test_wave_path("sim_gemm") : NULL, seed);
    const unsigned R = te_dut_rows(d), C = te_dut_cols(d);
    const unsigned blocks = (M + C - 1) / C;
    tl_rng rng = {seed};
    double *w = malloc(sizeof(double) * K * M), *x = malloc(sizeof(double) * K * N);
    double *ref = malloc(sizeof(double) * M * N);
    uint16_t *wq = malloc(sizeof(uint16_t) * K * M), *xq = malloc(sizeof(uint16_t) * K * N);
    int fail = 0;

    for (size_t i = 0; i < (size_t)K * M; i++) w[i] = randn(&rng);
    for (size_t i = 0; i < (size_t)K * N; i++) x[i] = randn(&rng);
    for (unsigned m = 0; m < M; m++)
        for (unsigned n = 0; n < N; n++) {
            double s = 0;
            for (unsigned k = 0; k < K; k++)
                s += w[k * M + m] * x[k * N + n];
            ref[m * N + n] = s;
        }

    printf("trnlite sim: GEMM C[%ux%u] = W[%ux%u]^T X[%ux%u] on the tensor engine RTL\n"
           "(Verilator, %ux%u array + PSUM; K in %u tiles of %u accumulating in PSUM,\n"
           " M in %u column blocks), every PSUM entry checked bit for bit against the\n"
           " C model; error is ||C - C_fp64|| / ||C_fp64|| of the exact product of the\n"
           " unquantized inputs.\n\n",
           M, N, K, M, K, N, R, C, (K + R - 1) / R, R, blocks);
    printf("%-18s %8s %7s %-14s %s\n", "formats", "cycles", "util", "RTL vs cmodel", "error vs fp64");

    for (size_t t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        const sim_case *sc = &cases[t];
        quantize(w, (size_t)K * M, sc->fw, sc->round, seed + 1, wq);
        quantize(x, (size_t)K * N, sc->fx, sc->round, seed + 2, xq);

        te_job jobs[8];
        memset(jobs, 0, sizeof jobs);
        for (unsigned b = 0; b < blocks; b++) {
            te_job *j = &jobs[b];
            unsigned m0 = b * C, mb = M - m0 < C ? M - m0 : C;
            j->fw = sc->fw;
            j->fx = sc->fx;
            j->K = K;
            j->M = mb;
            j->N = N;
            j->addr = b * N;
            j->start = true;
            j->chunks = 1;
            j->w = malloc(sizeof(uint16_t) * K * mb);
            j->x = malloc(sizeof(uint16_t) * K * N);
            for (unsigned k = 0; k < K; k++)
                memcpy(&j->w[k * mb], &wq[k * M + m0], mb * sizeof(uint16_t));
            memcpy(j->x, xq, sizeof(uint16_t) * K * N);
        }
        te_feed ideal = {.p_valid = 100};
        te_run_stats st;
        if (te_run(d, jobs, blocks, &ideal, &rng, &st) != 0) {
            printf("%-18s timeout\n", sc->label);
            fail = 1;
            te_jobs_free(jobs, blocks);
            continue;
        }
        unsigned bad = te_check(d, jobs, blocks, seed);

        double num = 0, den = 0;
        uint32_t row[TE_MAX_DIM];
        for (unsigned b = 0; b < blocks; b++)
            for (unsigned n = 0; n < N; n++) {
                if (psum_read(d, b * N + n, row) != 0)
                    bad++;
                for (unsigned c = 0; c < C && b * C + c < M; c++) {
                    double r = ref[(b * C + c) * N + n], v;
                    if (sc->fw == TL_FMT_INT8) {
                        v = (int32_t)row[c] / (32.0 * 32.0);
                    } else {
                        float f;
                        memcpy(&f, &row[c], sizeof f);
                        v = f;
                    }
                    num += (v - r) * (v - r);
                    den += r * r;
                }
            }
        double macs = (double)K * M * N;
        printf("%-18s %8llu %6.1f%% %-14s %.2e\n", sc->label,
               (unsigned long long)st.cycles, 100.0 * macs / ((double)R * C * st.cycles),
               bad ? "MISMATCH" : "bit-exact", sqrt(num / den));
        if (bad)
            fail = 1;
        te_run_free(&st);
        te_jobs_free(jobs, blocks);
    }
    printf("\n%s\n", fail ? "sim: FAILED (see mismatches above)"
                          : "sim: every result bit-exact against the C model");
    printf("Not built yet: the whole-core demo (DMA -> SBUF -> tensor engine -> PSUM\n"
           "under the command processor); it replaces this one when the core lands.\n");
    free(w); free(x); free(ref); free(wq); free(xq);
    te_dut_free(d);
    return fail;
}
