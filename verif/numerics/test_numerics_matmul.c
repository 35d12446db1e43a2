/*
 * cmodel matmul (cmodel/matmul.c) against the accumulation order of
 * ARCHITECTURE.md 5.5 written out as a plain loop in host float arithmetic
 * (this file is compiled with -ffp-contract=off: every product and every
 * sum is rounded once, IEEE binary32 RNE, which tl_host_check confirms).
 *
 * Every float format pair (25, mixed included) and int8 x int8; R in
 * {1, 3, 16, 128}; shapes with partial tiles and partial register blocks
 * at every edge, K spanning many tiles; start and accumulate; NaN, inf,
 * -0 and subnormals injected; dot products also composed from tl_product
 * and tl_f32_add. Bit-exact, no tolerance.
 */
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"

static const tl_fmt FLOAT_FMTS[5] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16,
                                     TL_FMT_E4M3, TL_FMT_E5M2};
static const unsigned ROWS[4] = {1, 3, 16, 128};
static const size_t SHAPES[][3] = { /* K, M, N */
    {1, 1, 1}, {3, 2, 5}, {17, 7, 13}, {64, 6, 64}, {100, 13, 70},
    {300, 5, 129}, {33, 19, 200}, {1000, 7, 33},
};
#define NSHAPES (sizeof SHAPES / sizeof SHAPES[0])

static uint32_t seed;

/* A random element of `fmt` (bits), with specials at rate `sp` (0..1000
 * per mille): NaN (a tenth of them), +-inf, +-0 and subnormals. */
static uint32_t rand_elem(tl_rng *r, tl_fmt fmt, unsigned sp)
{
    uint32_t u = tl_rng_u32(r), sign = u >> 31;
    unsigned pick = tl_rng_below(r, 1000);
    if (fmt == TL_FMT_INT8)
        return tl_rng_below(r, 8) == 0 ? 0x80u : (u & 0xFFu); /* -128 often */
    if (fmt == TL_FMT_FP32) {
        if (pick < sp) {
            switch (tl_rng_below(r, 10)) {
            case 0: return 0x7F800000u | (u & 0x807FFFFFu) | 1u; /* any NaN */
            case 1: case 2: return (sign << 31) | 0x7F800000u;
            case 3: case 4: case 5: return sign << 31;
            default: return (sign << 31) | (u & 0x7FFFFFu); /* subnormal */
            }
        }
        /* Mostly moderate exponents (cancellation, rounding); some tiny
         * ones whose products are subnormal. */
        uint32_t e = tl_rng_below(r, 8) == 0 ? 127 - 80 + tl_rng_below(r, 25)
                                             : 127 - 12 + tl_rng_below(r, 25);
        return (sign << 31) | (e << 23) | (tl_rng_u32(r) & 0x7FFFFFu);
    }
    const nt_fmt *f = NULL;
    for (int i = 0; i < NT_NFMTS; i++)
        if (NT_FMTS[i].fmt == fmt)
            f = &NT_FMTS[i];
    uint32_t sb = (uint32_t)sign << (f->bits - 1);
    uint32_t mmask = (1u << f->mbits) - 1;
    if (pick < sp) {
        switch (tl_rng_below(r, 10)) {
        case 0: return f->qnan | (f->has_inf ? (u & mmask) | 1u : 0) | sb;
        case 1: case 2: /* inf; e4m3 has none: its max instead */
            return sb | (f->has_inf ? ((1u << f->ebits) - 1) << f->mbits : f->max_enc);
        case 3: case 4: case 5: return sb;
        default: return sb | (tl_rng_u32(r) & mmask);
        }
    }
    /* A random finite encoding; for bf16 a moderate exponent. */
    if (fmt == TL_FMT_BF16)
        return sb | ((127 - 12 + tl_rng_below(r, 25)) << 7) | (u & 0x7Fu);
    for (;;) {
        uint32_t b = tl_rng_u32(r) & ((1u << f->bits) - 1);
        if (!nt_is_nan(f, b) && !nt_is_inf(f, b))
            return b;
    }
}

static void *pack(tl_fmt fmt, const uint32_t *v, size_t n)
{
    unsigned bytes = tl_fmt_bits(fmt) / 8;
    uint8_t *p = malloc(n * bytes + 1);
    for (size_t i = 0; i < n; i++) {
        if (bytes == 1)
            p[i] = (uint8_t)v[i];
        else if (bytes == 2) {
            uint16_t h = (uint16_t)v[i];
            memcpy(p + 2 * i, &h, 2);
        } else
            memcpy(p + 4 * i, &v[i], 4);
    }
    return p;
}

/* The contract, as a plain loop. */
static void ref_matmul_f32(unsigned rows, size_t K, size_t M, size_t N,
                           const float *w, const float *x, uint32_t *psum, bool start)
{
    for (size_t m = 0; m < M; m++) {
        for (size_t n = 0; n < N; n++) {
            float acc = 0.0f;
            for (size_t k0 = 0; k0 < K; k0 += rows) {
                float t = 0.0f;
                for (size_t k = k0; k < K && k < k0 + rows; k++) {
                    float p = w[k * M + m] * x[k * N + n];
                    t = t + p;
                }
                if (k0 == 0)
                    acc = start ? t : nt_f(psum[m * N + n]) + t;
                else
                    acc = acc + t;
            }
            if (K > 0) {
                uint32_t b = nt_b(acc);
                psum[m * N + n] = nt_f32_is_nan(b) ? 0x7FC00000u : b;
            }
        }
    }
}

static void ref_matmul_i8(size_t K, size_t M, size_t N, const uint32_t *w,
                          const uint32_t *x, uint32_t *psum, bool start)
{
    for (size_t m = 0; m < M; m++) {
        for (size_t n = 0; n < N; n++) {
            uint32_t acc = (start && K > 0) ? 0 : psum[m * N + n];
            for (size_t k = 0; k < K; k++)
                acc += (uint32_t)((int32_t)(int8_t)w[k * M + m] * (int32_t)(int8_t)x[k * N + n]);
            psum[m * N + n] = acc;
        }
    }
}

/* One case: random operands, start and accumulate; returns mismatches. */
static unsigned run_case(tl_rng *r, tl_fmt fw, tl_fmt fx, unsigned rows,
                         size_t K, size_t M, size_t N, unsigned sp)
{
    uint32_t *w = malloc(K * M * 4), *x = malloc(K * N * 4);
    float *wf = malloc(K * M * 4), *xf = malloc(K * N * 4);
    uint32_t *p0 = malloc(M * N * 4), *got = malloc(M * N * 4), *want = malloc(M * N * 4);
    for (size_t i = 0; i < K * M; i++) {
        w[i] = rand_elem(r, fw, sp);
        wf[i] = nt_f(tl_widen(fw, w[i]));
    }
    for (size_t i = 0; i < K * N; i++) {
        x[i] = rand_elem(r, fx, sp);
        xf[i] = nt_f(tl_widen(fx, x[i]));
    }
    bool i8 = fw == TL_FMT_INT8;
    for (size_t i = 0; i < M * N; i++)
        p0[i] = i8 ? tl_rng_u32(r) : rand_elem(r, TL_FMT_FP32, 50);
    void *wp = pack(fw, w, K * M), *xp = pack(fx, x, K * N);
    unsigned bad = 0;
    for (int start = 1; start >= 0; start--) {
        memcpy(got, p0, M * N * 4);
        memcpy(want, p0, M * N * 4);
        int rc = tl_matmul(rows, K, M, N, fw, wp, fx, xp, got, start);
        ck_assert_int_eq(rc, 0);
        if (i8)
            ref_matmul_i8(K, M, N, w, x, want, start);
        else
            ref_matmul_f32(rows, K, M, N, wf, xf, want, start);
        for (size_t i = 0; i < M * N; i++) {
            if (got[i] == want[i])
                continue;
            if (bad++ < 5)
                printf("MISMATCH %s x %s R=%u K=%zu M=%zu N=%zu %s m=%zu n=%zu: "
                       "psum in %08x, model %08x, plain loop %08x (seed %u)\n",
                       tl_fmt_name(fw), tl_fmt_name(fx), rows, K, M, N,
                       start ? "start" : "accumulate", i / N, i % N, p0[i],
                       got[i], want[i], seed);
        }
    }
    free(w); free(x); free(wf); free(xf); free(p0); free(got); free(want);
    free(wp); free(xp);
    return bad;
}

START_TEST(host_is_ieee)
{
    ck_assert_int_eq(tl_host_check(), 0);
}
END_TEST

/* Every float pair (tl_matmul widens, then tl_matmul_f32), every R. */
START_TEST(float_pairs)
{
    tl_fmt fw = FLOAT_FMTS[_i / 5], fx = FLOAT_FMTS[_i % 5];
    tl_rng r = {seed ^ (uint32_t)_i * 0x9E3779B9u};
    unsigned bad = 0, cases = 0;
    static const unsigned sp[3] = {0, 10, 50};
    for (unsigned ri = 0; ri < 4; ri++)
        for (size_t s = 0; s < NSHAPES; s++, cases++)
            bad += run_case(&r, fw, fx, ROWS[ri], SHAPES[s][0], SHAPES[s][1],
                            SHAPES[s][2], sp[cases % 3]);
    ck_assert_msg(bad == 0, "%s x %s: %u mismatches (seed %u)", tl_fmt_name(fw),
                  tl_fmt_name(fx), bad, seed);
}
END_TEST

/* Dot products three ways: the plain float loop, the contract composed
 * from the public primitives (tl_product, tl_f32_add), and tl_matmul with
 * M = N = 1. Every float pair, random K and R. */
START_TEST(dot_products_from_primitives)
{
    tl_fmt fa = FLOAT_FMTS[_i / 5], fb = FLOAT_FMTS[_i % 5];
    tl_rng r = {seed ^ 0xD07u ^ (uint32_t)_i << 8};
    enum { KMAX = 300 };
    uint32_t a[KMAX], b[KMAX];
    float af[KMAX], bf[KMAX];
    unsigned bad = 0;
    for (int t = 0; t < 200; t++) {
        size_t K = 1 + tl_rng_below(&r, KMAX);
        unsigned rows = ROWS[tl_rng_below(&r, 4)];
        unsigned sp = tl_rng_below(&r, 3) * 10;
        for (size_t k = 0; k < K; k++) {
            a[k] = rand_elem(&r, fa, sp);
            b[k] = rand_elem(&r, fb, sp);
            af[k] = nt_f(tl_widen(fa, a[k]));
            bf[k] = nt_f(tl_widen(fb, b[k]));
        }
        uint32_t plain, prim = 0, mm;
        ref_matmul_f32(rows, K, 1, 1, af, bf, &plain, true);
        for (size_t k0 = 0; k0 < K; k0 += rows) {
            uint32_t tile = 0; /* +0.0 */
            for (size_t k = k0; k < K && k < k0 + rows; k++)
                tile = tl_f32_add(tile, tl_product(fa, a[k], fb, b[k]));
            prim = k0 == 0 ? tile : tl_f32_add(prim, tile);
        }
        void *ap = pack(fa, a, K), *bp = pack(fb, b, K);
        ck_assert_int_eq(tl_matmul(rows, K, 1, 1, fa, ap, fb, bp, &mm, true), 0);
        free(ap);
        free(bp);
        if ((prim != plain || mm != plain) && bad++ < 5)
            printf("MISMATCH dot %s x %s K=%zu R=%u: plain loop %08x, primitives %08x, "
                   "tl_matmul %08x (seed %u)\n", tl_fmt_name(fa), tl_fmt_name(fb), K, rows,
                   plain, prim, mm, seed);
    }
    ck_assert_msg(bad == 0, "%s x %s: %u of 200 dot products differ (seed %u)",
                  tl_fmt_name(fa), tl_fmt_name(fb), bad, seed);
}
END_TEST

START_TEST(int8_pairs)
{
    tl_rng r = {seed ^ 0x1234567u};
    unsigned bad = 0;
    for (unsigned ri = 0; ri < 4; ri++)
        for (size_t s = 0; s < NSHAPES; s++)
            bad += run_case(&r, TL_FMT_INT8, TL_FMT_INT8, ROWS[ri], SHAPES[s][0],
                            SHAPES[s][1], SHAPES[s][2], 0);
    ck_assert_msg(bad == 0, "int8: %u mismatches (seed %u)", bad, seed);
}
END_TEST

/* -128 * -128 summed 140000 times exceeds 2^31: int32 wraps. */
START_TEST(int8_wraps)
{
    size_t K = 140000;
    int8_t *w = malloc(K), *x = malloc(2 * K);
    memset(w, 0x80, K);
    memset(x, 0x80, 2 * K);
    uint32_t psum[2] = {0xDEADBEEFu, 0x7FFFFFFFu};
    ck_assert_int_eq(tl_matmul_i8(16, K, 1, 2, w, x, psum, true), 0);
    uint32_t want = (uint32_t)(K * 16384u); /* 2293760000 mod 2^32 */
    ck_assert_uint_eq(psum[0], want);
    ck_assert_uint_eq(psum[1], want);
    ck_assert_int_lt((int32_t)psum[0], 0);
    psum[1] = 0x7FFFFFFFu;
    ck_assert_int_eq(tl_matmul_i8(16, 1, 1, 2, w, x, psum, false), 0);
    ck_assert_uint_eq(psum[1], 0x7FFFFFFFu + 16384u);
    free(w);
    free(x);
}
END_TEST

/* Blocks far from the kernel's block sizes, large K: tl_matmul_f32. */
START_TEST(f32_large)
{
    tl_rng r = {seed ^ 0xABCDEFu};
    unsigned bad = 0;
    bad += run_case(&r, TL_FMT_FP32, TL_FMT_FP32, 16, 2000, 13, 131, 5);
    bad += run_case(&r, TL_FMT_FP32, TL_FMT_FP32, 3, 517, 31, 67, 0);
    bad += run_case(&r, TL_FMT_BF16, TL_FMT_BF16, 16, 512, 64, 128, 0);
    bad += run_case(&r, TL_FMT_FP32, TL_FMT_FP32, 128, 129, 1, 257, 20);
    ck_assert_msg(bad == 0, "%u mismatches (seed %u)", bad, seed);
}
END_TEST

/* Named cases of the order: each checked against a hand-derived value. */
START_TEST(order_cases)
{
    uint32_t psum[1];
    /* Every product -0: the tile sum is +0 + -0 = +0; a start tile
     * overwrites with +0, never -0. */
    uint32_t w[4] = {0x80000000u, 0x80000000u, 0x80000000u, 0x80000000u};
    uint32_t x[4] = {0x3F800000u, 0x3F800000u, 0x3F800000u, 0x3F800000u};
    psum[0] = 0x80000000u;
    tl_matmul_f32(2, 4, 1, 1, w, x, psum, true);
    ck_assert_uint_eq(psum[0], 0x00000000u);
    /* Accumulating +0 tiles into -0 gives +0. */
    psum[0] = 0x80000000u;
    tl_matmul_f32(2, 4, 1, 1, w, x, psum, false);
    ck_assert_uint_eq(psum[0], 0x00000000u);
    /* Order matters: 2^24 + 1 + 1 per tile. One tile of 3: (0+2^24)+1 = 2^24
     * (tie to even), +1 = 2^24. Tiles of 1: 2^24, then +1 -> 2^24, +1 -> 2^24.
     * Tile of 2 then 1: (2^24 + 1) = 2^24; 2^24 + 1 = 2^24. Reverse order
     * 1 + 1 + 2^24 = 2^24 + 2: R=3 with the big product last. */
    uint32_t w3[3] = {0x3F800000u, 0x3F800000u, 0x4B800000u}; /* 1, 1, 2^24 */
    uint32_t x3[3] = {0x3F800000u, 0x3F800000u, 0x3F800000u};
    tl_matmul_f32(3, 3, 1, 1, w3, x3, psum, true);
    ck_assert_uint_eq(psum[0], 0x4B800001u); /* 2^24 + 2 */
    w3[0] = 0x4B800000u; w3[2] = 0x3F800000u; /* 2^24, 1, 1 */
    tl_matmul_f32(3, 3, 1, 1, w3, x3, psum, true);
    ck_assert_uint_eq(psum[0], 0x4B800000u); /* 2^24 */
    /* R=2, K=3 with (1, 1, 2^24): tile 0 = 2, tile 1 = 2^24; 2 + 2^24 exact. */
    w3[0] = 0x3F800000u; w3[2] = 0x4B800000u;
    tl_matmul_f32(2, 3, 1, 1, w3, x3, psum, true);
    ck_assert_uint_eq(psum[0], 0x4B800001u);
    /* inf - inf inside a tile, and a non-canonical NaN operand: 0x7FC00000. */
    uint32_t wi[2] = {0x7F800000u, 0xFF800000u}, xi[2] = {0x3F800000u, 0x3F800000u};
    tl_matmul_f32(16, 2, 1, 1, wi, xi, psum, true);
    ck_assert_uint_eq(psum[0], 0x7FC00000u);
    wi[0] = 0xFFC00123u; wi[1] = 0x3F800000u;
    tl_matmul_f32(16, 2, 1, 1, wi, xi, psum, true);
    ck_assert_uint_eq(psum[0], 0x7FC00000u);
    /* inf x 0 -> NaN. */
    wi[0] = 0x7F800000u; xi[0] = 0x00000000u;
    tl_matmul_f32(16, 1, 1, 1, wi, xi, psum, true);
    ck_assert_uint_eq(psum[0], 0x7FC00000u);
    /* Subnormal product kept: 2^-75 * 2^-70 = 2^-145 (fp32 subnormal 0x10). */
    wi[0] = 0x1A000000u; xi[0] = 0x1C800000u;
    tl_matmul_f32(16, 1, 1, 1, wi, xi, psum, true);
    ck_assert_uint_eq(psum[0], 0x00000010u);
}
END_TEST

START_TEST(bad_args)
{
    uint32_t w = 0x3F800000u, x = 0x3F800000u, psum = 0x12345678u;
    ck_assert_int_eq(tl_matmul_f32(0, 1, 1, 1, &w, &x, &psum, true), -1);
    ck_assert_int_eq(tl_matmul_i8(0, 1, 1, 1, (int8_t *)&w, (int8_t *)&x, &psum, true), -1);
    uint8_t a = 1, b = 1;
    ck_assert_int_eq(tl_matmul(16, 1, 1, 1, TL_FMT_INT8, &a, TL_FMT_E4M3, &b, &psum, true), -1);
    ck_assert_int_eq(tl_matmul(16, 1, 1, 1, TL_FMT_E4M3, &a, TL_FMT_INT8, &b, &psum, true), -1);
    ck_assert_uint_eq(psum, 0x12345678u);
    /* K = 0: no tile, psum unchanged even with start. */
    ck_assert_int_eq(tl_matmul_f32(16, 0, 1, 1, &w, &x, &psum, true), 0);
    ck_assert_uint_eq(psum, 0x12345678u);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    /* Line-buffered: Check's forked test processes must not lose the
     * MISMATCH lines they print before failing. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    seed = tl_test_seed(1);
    Suite *s = suite_create("numerics_matmul");
    TCase *tc = tcase_create("matmul");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, host_is_ieee);
    tcase_add_loop_test(tc, float_pairs, 0, 25);
    tcase_add_loop_test(tc, dot_products_from_primitives, 0, 25);
    tcase_add_test(tc, int8_pairs);
    tcase_add_test(tc, int8_wraps);
    tcase_add_test(tc, f32_large);
    tcase_add_test(tc, order_cases);
    tcase_add_test(tc, bad_args);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
