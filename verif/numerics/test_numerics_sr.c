/*
 * Stochastic rounding (narrow.c with TL_RND_SR) and its generator
 * (sr_rand.c), ARCHITECTURE.md 5.3-5.4:
 *
 *  - Threefry-2x32-20 known answers (Random123 kat_vectors) and
 *    tl_sr_rand's counter/key layout.
 *  - Neighbour property: the result is one of the two grid points around
 *    x (floor/ceil of |x| on the target grid, found in a table of every
 *    encoding's value), with overflow as in RNE.
 *  - Exact unbiasedness: over the lattice of random words r = j << 16
 *    (j < 2^16) the number of round-ups is exactly floor(p * 2^16), with
 *    p = (|x| - floor) / (ceil - floor): P(up) = p to 16 bits.
 *  - Statistical unbiasedness with the real generator: the mean of 10^5
 *    draws (tl_sr_rand over coordinates) is within 4 standard deviations
 *    of x, for several values and every format, subnormal targets too.
 *  - Determinism per seed; the same tensor converted in another order or
 *    tiling gives the same bits.
 */
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"

static uint32_t seed;

START_TEST(threefry_known_answers)
{
    /* Random123 kat_vectors, threefry2x32_20. */
    static const uint32_t kat[3][6] = {
        {0x00000000u, 0x00000000u, 0x00000000u, 0x00000000u, 0x6b200159u, 0x99ba4efeu},
        {0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0x1cb996fcu, 0xbb002be7u},
        {0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u, 0xc4923a9cu, 0x483df7a0u},
    };
    for (int i = 0; i < 3; i++) {
        uint32_t out[2];
        tl_threefry2x32_20(&kat[i][0], &kat[i][2], out);
        ck_assert_msg(out[0] == kat[i][4] && out[1] == kat[i][5],
                      "KAT %d: got %08x %08x want %08x %08x", i, out[0], out[1], kat[i][4],
                      kat[i][5]);
    }
    /* tl_sr_rand(seed, coord) = word 0 of counter (coord, 0), key (seed, 0). */
    tl_rng r = {seed};
    for (int i = 0; i < 1000; i++) {
        uint32_t s = tl_rng_u32(&r), c = tl_rng_u32(&r), out[2];
        const uint32_t ctr[2] = {c, 0}, key[2] = {s, 0};
        tl_threefry2x32_20(ctr, key, out);
        ck_assert_uint_eq(tl_sr_rand(s, c), out[0]);
    }
    ck_assert_uint_eq(tl_sr_rand(0, 0), 0x6b200159u);
}
END_TEST

/* Sorted values of every positive finite encoding 0..max_enc of f. */
static double *grid_of(const nt_fmt *f)
{
    double *g = malloc((f->max_enc + 1) * sizeof *g);
    for (uint32_t b = 0; b <= f->max_enc; b++)
        g[b] = nt_value(f, b);
    return g;
}

/* Encoding of the largest grid value <= v (v >= 0, v <= max). */
static uint32_t grid_floor(const nt_fmt *f, const double *g, double v)
{
    uint32_t lo = 0, hi = f->max_enc;
    while (lo < hi) {
        uint32_t mid = (lo + hi + 1) / 2;
        if (g[mid] <= v)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* A random fp32 in the interesting range of f: far below the smallest
 * subnormal, subnormal targets, normal binades, just below and above max.
 * Never NaN or inf. */
static uint32_t rand_x(tl_rng *r, const nt_fmt *f)
{
    int emin = 1 - f->bias, emax = (int)(f->max_enc >> f->mbits) - f->bias;
    int lo = emin - (int)f->mbits - 4, e = lo + (int)tl_rng_below(r, (uint32_t)(emax + 2 - lo));
    /* An eighth far below the smallest subnormal (more than 32 dropped
     * bits: the random word meets only the top 32 of them). */
    if (tl_rng_below(r, 8) == 0)
        e = lo - 1 - (int)tl_rng_below(r, 36);
    if (e > 127)
        e = 127;
    if (e < -149)
        e = -149;
    uint32_t frac = tl_rng_u32(r) & 0x7FFFFFu;
    /* Sometimes few significant bits (small D-sized fractions). */
    if (tl_rng_below(r, 4) == 0)
        frac &= ~((1u << tl_rng_below(r, 23)) - 1);
    uint32_t bits = e >= -126 ? ((uint32_t)(e + 127) << 23) | frac
                              : (frac | 0x800000u) >> (-126 - e);
    return bits | (tl_rng_u32(r) & 0x80000000u);
}

/* Expected SR outcome given the direction: lo/hi are the grid neighbours
 * of |x|, hi == max_enc + 1 means "above max" (overflow). */
static uint32_t outcome(const nt_fmt *f, uint32_t sb, uint32_t enc, bool sat)
{
    if (enc <= f->max_enc)
        return sb | enc;
    if (sat && f->bits == 8)
        return sb | f->max_enc;
    return f->has_inf ? sb | (((1u << f->ebits) - 1) << f->mbits) : f->qnan;
}

/* Neighbour property and the exact round-up count, for many x. */
START_TEST(neighbours_and_exact_bias)
{
    const nt_fmt *f = &NT_FMTS[_i];
    double *g = grid_of(f);
    tl_rng r = {seed ^ (0x1000u * (uint32_t)_i)};
    unsigned bad = 0;
    double step_top = g[f->max_enc] - g[f->max_enc - 1];
    for (unsigned t = 0; t < 400; t++) {
        uint32_t x = rand_x(&r, f), sb = (x >> 31) ? nt_sign_bit(f) : 0;
        double ax = fabs((double)nt_f(x));
        uint32_t lo, hi;
        double glo, ghi;
        if (ax >= g[f->max_enc]) { /* above max: max or overflow */
            lo = f->max_enc;
            hi = f->max_enc + 1;
            glo = g[lo];
            ghi = glo + step_top;
            if (ax > ghi) { /* beyond the next grid point: always overflows */
                lo = hi;
                glo = ghi;
            }
        } else {
            lo = grid_floor(f, g, ax);
            hi = g[lo] == ax ? lo : lo + 1;
            glo = g[lo];
            ghi = g[hi];
        }
        bool sat = tl_rng_below(&r, 2);
        uint32_t want_lo = outcome(f, sb, lo, sat), want_hi = outcome(f, sb, hi, sat);
        /* p = (|x| - floor) / (ceil - floor): exact, ceil - floor is a power
         * of two and both differences are exact in double. */
        double p = hi == lo ? 0.0 : (ax - glo) / (ghi - glo);
        unsigned ups = 0, others = 0;
        for (uint32_t j = 0; j < 65536; j++) {
            uint32_t y = tl_narrow(f->fmt, x, TL_RND_SR, sat, j << 16);
            if (y == want_hi && want_hi != want_lo)
                ups++;
            else if (y != want_lo)
                others++;
        }
        /* Plus some random words, all over the range. */
        for (int j = 0; j < 64; j++) {
            uint32_t y = tl_narrow(f->fmt, x, TL_RND_SR, sat, tl_rng_u32(&r));
            if (y != want_lo && y != want_hi)
                others++;
        }
        /* Both neighbours may give the same result (above max, saturating). */
        unsigned want_ups = want_lo == want_hi ? 0 : (unsigned)floor(p * 65536.0);
        if ((others || ups != want_ups) && bad++ < 10)
            printf("MISMATCH %s SR %s x=%08x (%a): neighbours %0*x / %0*x, p=%.9g: "
                   "%u of 65536 lattice words rounded up (want %u), %u results "
                   "outside the two neighbours (seed %u)\n",
                   f->name, sat ? "sat" : "non-sat", x, (double)nt_f(x), f->bits / 4,
                   want_lo, f->bits / 4, want_hi, p, ups, want_ups, others, seed);
    }
    free(g);
    ck_assert_msg(bad == 0, "%s: %u of 400 values wrong (seed %u)", f->name, bad, seed);
}
END_TEST

/* Mean of 10^5 draws with the real generator within 4 sigma of x. */
START_TEST(unbiased_mean)
{
    const nt_fmt *f = &NT_FMTS[_i];
    double *g = grid_of(f);
    /* In units of the format: a normal value, one with a tiny fraction,
     * a subnormal-range value, one below the smallest subnormal, and a
     * negative one. */
    double vals[5] = {
        g[f->max_enc / 2] + 0.3 * (g[f->max_enc / 2 + 1] - g[f->max_enc / 2]),
        g[f->max_enc / 3] + 0.01 * (g[f->max_enc / 3 + 1] - g[f->max_enc / 3]),
        f->min_sub * 2.7,
        f->min_sub * 0.37,
        -(g[f->max_enc / 4] + 0.77 * (g[f->max_enc / 4 + 1] - g[f->max_enc / 4])),
    };
    const unsigned n = 100000;
    for (int v = 0; v < 5; v++) {
        float xf = (float)vals[v];
        uint32_t x = nt_b(xf);
        double ax = fabs((double)xf);
        uint32_t lo = grid_floor(f, g, ax);
        double q = g[lo + 1] - g[lo], p = (ax - g[lo]) / q;
        double sum = 0;
        for (unsigned i = 0; i < n; i++)
            sum += nt_value(f, tl_narrow(f->fmt, x, TL_RND_SR, false,
                                         tl_sr_rand(seed + (uint32_t)v, i)));
        double mean = sum / n, sigma = q * sqrt(p * (1 - p) / n);
        ck_assert_msg(fabs(mean - (double)xf) <= 4 * sigma,
                      "%s x=%a: mean of %u SR draws %a, |mean - x| = %g > 4 sigma = %g "
                      "(seed %u)", f->name, (double)xf, n, mean, fabs(mean - (double)xf),
                      4 * sigma, seed);
    }
    free(g);
}
END_TEST

/* Same seed, same bits; another seed, other bits. */
START_TEST(deterministic_per_seed)
{
    enum { N = 4096 };
    static uint32_t x[N], a[N], b[N], c[N];
    tl_rng r = {seed};
    for (int i = 0; i < N; i++)
        x[i] = rand_x(&r, &NT_FMTS[1]);
    for (int k = 0; k < NT_NFMTS; k++) {
        tl_convert_opts o1 = {TL_RND_SR, false, seed}, o2 = {TL_RND_SR, false, seed + 1};
        unsigned differ = 0;
        for (int i = 0; i < N; i++) {
            a[i] = tl_convert(TL_FMT_FP32, NT_FMTS[k].fmt, x[i], &o1, (uint32_t)i);
            b[i] = tl_convert(TL_FMT_FP32, NT_FMTS[k].fmt, x[i], &o1, (uint32_t)i);
            c[i] = tl_convert(TL_FMT_FP32, NT_FMTS[k].fmt, x[i], &o2, (uint32_t)i);
            differ += a[i] != c[i];
        }
        ck_assert_msg(memcmp(a, b, sizeof a) == 0, "%s: same seed, different bits",
                      NT_FMTS[k].name);
        /* Many of these values are not representable: another seed must
         * change some results. */
        ck_assert_msg(differ > N / 100, "%s: seeds %u and %u differ in only %u of %d",
                      NT_FMTS[k].name, seed, seed + 1, differ, N);
    }
}
END_TEST

/* A [H][W] fp32 tensor converted with SR: row-major, reversed, in 7x5
 * tiles (coordinate = row * W + col of the whole tensor) and in a random
 * permutation give identical bits. */
START_TEST(order_and_tiling_independent)
{
    enum { H = 61, W = 47 };
    static uint32_t x[H * W], ref[H * W], got[H * W];
    const nt_fmt *f = &NT_FMTS[_i];
    tl_rng r = {seed ^ 0xF00Du};
    for (int i = 0; i < H * W; i++)
        x[i] = rand_x(&r, f);
    tl_convert_opts o = {TL_RND_SR, true, seed};
    for (int i = 0; i < H * W; i++)
        ref[i] = tl_convert(TL_FMT_FP32, f->fmt, x[i], &o, (uint32_t)i);

    memset(got, 0, sizeof got);
    for (int i = H * W - 1; i >= 0; i--)
        got[i] = tl_convert(TL_FMT_FP32, f->fmt, x[i], &o, (uint32_t)i);
    ck_assert_msg(memcmp(got, ref, sizeof ref) == 0, "%s: reversed order differs", f->name);

    memset(got, 0, sizeof got);
    for (int t0 = 0; t0 < H; t0 += 7)
        for (int c0 = W; c0 > 0; c0 -= 5) /* tiles right to left */
            for (int rr = t0; rr < t0 + 7 && rr < H; rr++)
                for (int cc = c0 - 1; cc >= 0 && cc >= c0 - 5; cc--) {
                    uint32_t coord = (uint32_t)(rr * W + cc);
                    got[coord] = tl_convert(TL_FMT_FP32, f->fmt, x[coord], &o, coord);
                }
    ck_assert_msg(memcmp(got, ref, sizeof ref) == 0, "%s: tiled order differs", f->name);

    static uint32_t perm[H * W];
    for (int i = 0; i < H * W; i++)
        perm[i] = (uint32_t)i;
    for (int i = H * W - 1; i > 0; i--) {
        uint32_t j = tl_rng_below(&r, (uint32_t)i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    memset(got, 0, sizeof got);
    for (int i = 0; i < H * W; i++)
        got[perm[i]] = tl_convert(TL_FMT_FP32, f->fmt, x[perm[i]], &o, perm[i]);
    ck_assert_msg(memcmp(got, ref, sizeof ref) == 0, "%s: permuted order differs", f->name);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    /* Line-buffered: Check's forked test processes must not lose the
     * MISMATCH lines they print before failing. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    seed = tl_test_seed(1);
    Suite *s = suite_create("numerics_sr");
    TCase *tc = tcase_create("sr");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, threefry_known_answers);
    tcase_add_loop_test(tc, neighbours_and_exact_bias, 0, NT_NFMTS);
    tcase_add_loop_test(tc, unbiased_mean, 0, NT_NFMTS);
    tcase_add_test(tc, deterministic_per_seed);
    tcase_add_loop_test(tc, order_and_tiling_independent, 0, NT_NFMTS);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
