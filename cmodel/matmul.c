/*
 * Reference matmul in the tensor engine's accumulation order
 * (ARCHITECTURE.md 5.5): K in tiles of `rows`; each tile sum starts at +0.0
 * and adds products in increasing k; tile sums go into psum in tile order.
 *
 * Speed without changing a single bit: every output element (m, n) is
 * computed by exactly the sequence of binary32 operations the contract
 * names (t = +0.0; t = t + w*x for each k of the tile, a separate multiply
 * and add, never an FMA; psum = t or psum = psum + t), only many elements
 * at once. Elements are independent, so the order in which *different*
 * elements are computed is free:
 *
 *  - x is repacked into panels of NB columns (zero-padded at the right
 *    edge), w into panels of MB rows per m-block (zero-padded at the
 *    bottom edge); padded lanes are computed and thrown away.
 *  - The kernel keeps an MB x NB block of tile sums in vector registers
 *    for the R k-steps of a tile (register blocking), then adds the tile
 *    into an MB x NB block of accumulators, and at the end makes NaNs
 *    canonical and stores the valid part to psum.
 *
 * NaNs are made canonical once, when a value is stored to psum: whether a
 * sum is NaN does not depend on NaN payloads.
 *
 * With GCC/Clang vector extensions the vectors are one machine register
 * (8 floats with AVX or AVX-512, else 4). Without them,
 * matmul_plain() below is used: the same arithmetic, one element at a time
 * (also when the panels cannot be allocated).
 */
#include <stdlib.h>

#include "internals.h"

/* The plain loop: the contract written out, used when the blocked kernel
 * is not available, or when its panels cannot be allocated (the same bits,
 * slower: tl_matmul_f32 does not fail for want of memory). */
static int matmul_plain(unsigned rows, size_t K, size_t M, size_t N,
                        const uint32_t *w, const uint32_t *x, uint32_t *psum,
                        bool start)
{
    for (size_t m = 0; m < M; m++) {
        for (size_t n = 0; n < N; n++) {
            float acc = 0.0f;
            for (size_t k0 = 0; k0 < K; k0 += rows) {
                size_t k1 = k0 + rows < K ? k0 + rows : K;
                float t = 0.0f;
                for (size_t k = k0; k < k1; k++)
                    t = t + tl_f32_from_bits(w[k * M + m]) * tl_f32_from_bits(x[k * N + n]);
                if (k0 == 0)
                    acc = start ? t : tl_f32_from_bits(psum[m * N + n]) + t;
                else
                    acc = acc + t;
            }
            if (K > 0)
                psum[m * N + n] = tl_f32_canon(tl_bits_from_f32(acc));
        }
    }
    return 0;
}

#if defined(__GNUC__) && !defined(TL_MATMUL_PLAIN)

/* Vector length and block shape by register file: the MB x NV tile sums
 * plus NV x vectors and a broadcast weight must fit in registers.
 * AVX-512: 32 registers; 8-wide vectors measured fastest on the Zen 4
 * target (it splits 512-bit operations in two): 8 x 3 x 8-wide sums
 * reach 45 GMAC/s at 512^3, 6 x 4 x 16-wide ones 39. */
#if defined(__AVX512F__) && defined(__AVX512VL__)
#define VL 8            /* floats per vector */
#define NV 3            /* vectors per block row */
#define MB 8            /* block rows (m) */
#elif defined(__AVX__)
#define VL 8            /* 16 ymm registers */
#define NV 2
#define MB 6
#else
#define VL 4            /* SSE, NEON: 16 or 32 128-bit registers */
#define NV 2
#define MB 6
#endif
#define NB (NV * VL)    /* block columns (n) */

typedef float vf __attribute__((vector_size(VL * sizeof(float))));
typedef uint32_t vu __attribute__((vector_size(VL * sizeof(uint32_t))));

/* NaN lanes -> canonical NaN, bit pattern out. */
static inline vu canon_v(vf v)
{
    vu nan = (vu)(v != v); /* all ones in NaN lanes */
    return ((vu)v & ~nan) | (((vu){0} + (uint32_t)TL_QNAN_FP32) & nan);
}

/*
 * One MB x NB block over all of K. wp: K x MB panel (row k at wp + k*MB),
 * xp: K x NB panel (row k at xp + k*NB, vector-aligned). acc: the block's
 * accumulators in and out (loaded from psum when accumulating).
 */
static void kernel(unsigned rows, size_t K, const float *wp, const float *xp,
                   vf acc[MB][NV], bool start)
{
    for (size_t k0 = 0; k0 < K; k0 += rows) {
        size_t k1 = k0 + rows < K ? k0 + rows : K;
        vf t[MB][NV];
#pragma GCC unroll 8
        for (int i = 0; i < MB; i++)
#pragma GCC unroll 8
            for (int j = 0; j < NV; j++)
                t[i][j] = (vf){0};
        for (size_t k = k0; k < k1; k++) {
            const vf *xr = (const vf *)(const void *)(xp + k * NB);
            const float *wr = wp + k * MB;
            vf xv[NV];
#pragma GCC unroll 8
            for (int j = 0; j < NV; j++)
                xv[j] = xr[j];
#pragma GCC unroll 8
            for (int i = 0; i < MB; i++) {
                float wv = wr[i];
#pragma GCC unroll 8
                for (int j = 0; j < NV; j++) {
                    vf p = wv * xv[j]; /* rounded product */
                    t[i][j] = t[i][j] + p; /* rounded sum */
                }
            }
        }
        bool overwrite = start && k0 == 0;
#pragma GCC unroll 8
        for (int i = 0; i < MB; i++)
#pragma GCC unroll 8
            for (int j = 0; j < NV; j++)
                acc[i][j] = overwrite ? t[i][j] : acc[i][j] + t[i][j];
    }
}

/* aligned_alloc wants a multiple of the alignment. */
static size_t round64(size_t bytes)
{
    return (bytes + 63) / 64 * 64;
}

int tl_matmul_f32(unsigned rows, size_t K, size_t M, size_t N,
                  const uint32_t *w, const uint32_t *x, uint32_t *psum,
                  bool start)
{
    if (rows == 0)
        return -1;
    if (K == 0 || M == 0 || N == 0)
        return 0; /* no tile: psum unchanged */
    size_t nblk = (N + NB - 1) / NB, mblk = (M + MB - 1) / MB;
    float *xp = aligned_alloc(64, round64(nblk * K * NB * sizeof(float)));
    float *wp = aligned_alloc(64, round64(K * MB * sizeof(float)));
    if (!xp || !wp) {
        free(xp);
        free(wp);
        return matmul_plain(rows, K, M, N, w, x, psum, start);
    }
    /* x panels: panel b holds columns [b*NB, b*NB + NB), zero-padded. */
    for (size_t b = 0; b < nblk; b++) {
        size_t n0 = b * NB, nn = N - n0 < NB ? N - n0 : NB;
        float *dst = xp + b * K * NB;
        for (size_t k = 0; k < K; k++) {
            const uint32_t *src = x + k * N + n0;
            for (size_t j = 0; j < NB; j++)
                dst[k * NB + j] = j < nn ? tl_f32_from_bits(src[j]) : 0.0f;
        }
    }
    for (size_t a = 0; a < mblk; a++) {
        size_t m0 = a * MB, mm = M - m0 < MB ? M - m0 : MB;
        for (size_t k = 0; k < K; k++)
            for (size_t i = 0; i < MB; i++)
                wp[k * MB + i] = i < mm ? tl_f32_from_bits(w[k * M + m0 + i]) : 0.0f;
        for (size_t b = 0; b < nblk; b++) {
            size_t n0 = b * NB, nn = N - n0 < NB ? N - n0 : NB;
            vf acc[MB][NV];
            float (*accf)[NB] = (float (*)[NB])(void *)acc;
            for (size_t i = 0; i < MB; i++)
                for (size_t j = 0; j < NB; j++)
                    accf[i][j] = (!start && i < mm && j < nn)
                                     ? tl_f32_from_bits(psum[(m0 + i) * N + n0 + j])
                                     : 0.0f;
            kernel(rows, K, wp, xp + b * K * NB, acc, start);
            for (size_t i = 0; i < mm; i++) {
                uint32_t *out = psum + (m0 + i) * N + n0;
                vu c[NV];
                for (int j = 0; j < NV; j++)
                    c[j] = canon_v(acc[i][j]);
                const uint32_t *cu = (const uint32_t *)(const void *)c;
                for (size_t j = 0; j < nn; j++)
                    out[j] = cu[j];
            }
        }
    }
    free(xp);
    free(wp);
    return 0;
}

#else

int tl_matmul_f32(unsigned rows, size_t K, size_t M, size_t N,
                  const uint32_t *w, const uint32_t *x, uint32_t *psum,
                  bool start)
{
    if (rows == 0)
        return -1;
    return matmul_plain(rows, K, M, N, w, x, psum, start);
}

#endif

int tl_matmul_i8(unsigned rows, size_t K, size_t M, size_t N,
                 const int8_t *w, const int8_t *x, uint32_t *psum, bool start)
{
    if (rows == 0)
        return -1;
    /* Wrapped int32 sums do not depend on order; tiles only matter for
     * start (the first tile overwrites). */
    for (size_t m = 0; m < M; m++) {
        uint32_t *out = psum + m * N;
        if (start && K > 0)
            for (size_t n = 0; n < N; n++)
                out[n] = 0;
        for (size_t k = 0; k < K; k++) {
            uint32_t wv = (uint32_t)(int32_t)w[k * M + m];
            const int8_t *xr = x + k * N;
            for (size_t n = 0; n < N; n++)
                out[n] += wv * (uint32_t)(int32_t)xr[n];
        }
    }
    return 0;
}

int tl_matmul(unsigned rows, size_t K, size_t M, size_t N,
              tl_fmt fw, const void *w, tl_fmt fx, const void *x,
              uint32_t *psum, bool start)
{
    if (fw == TL_FMT_INT8 && fx == TL_FMT_INT8)
        return tl_matmul_i8(rows, K, M, N, w, x, psum, start);
    if (fw == TL_FMT_INT8 || fx == TL_FMT_INT8 || !tl_fmt_is_float(fw) ||
        !tl_fmt_is_float(fx))
        return -1;
    uint32_t *w32 = malloc((K * M + 1) * sizeof *w32);
    uint32_t *x32 = malloc((K * N + 1) * sizeof *x32);
    int rc = -1;
    if (w32 && x32) {
        tl_widen_array(fw, w, w32, K * M);
        tl_widen_array(fx, x, x32, K * N);
        rc = tl_matmul_f32(rows, K, M, N, w32, x32, psum, start);
    }
    free(w32);
    free(x32);
    return rc;
}
