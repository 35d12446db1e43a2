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
 *  - Every SR result is the rule of 5.3 applied to the word 5.4 gives
 *    (seed, coordinate): worked out again from the grid table, for random
 *    seeds and coordinates (so the bits depend on both, and on nothing
 *    else).
 *  - The DMA reference converting a tensor tile by tile, in odd orders and
 *    with column-first and 3-D tiles, gives the whole tensor's bits.
 */
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"
#include "trnlite/dma.h"

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

/* The SR result from the rule of ARCHITECTURE.md 5.3, worked out on the
 * table of grid values (not on narrow.c's bit fields), with the random word
 * r: |x| between grid neighbours lo < hi, quantum q = g[hi] - g[lo] = 2^Q,
 * x's own last bit 2^Ex, D = Q - Ex dropped bits, F = (|x| - g[lo]) / 2^Ex.
 * hi == max_enc + 1 stands for "beyond max" (overflow, see outcome()). */
static uint32_t sr_rule(const nt_fmt *f, const double *g, uint32_t x, bool sat, uint32_t r)
{
    uint32_t sb = (x >> 31) ? nt_sign_bit(f) : 0;
    double ax = fabs((double)nt_f(x));
    if (ax == 0.0)
        return sb;
    double step_top = g[f->max_enc] - g[f->max_enc - 1];
    uint32_t lo, hi;
    double glo, q;
    if (ax >= g[f->max_enc]) {
        lo = f->max_enc;
        hi = f->max_enc + 1;
        glo = g[lo];
        q = step_top;
        if (ax >= glo + q) /* at or beyond the first grid point past max */
            return outcome(f, sb, hi, sat);
    } else {
        lo = grid_floor(f, g, ax);
        if (g[lo] == ax)
            return outcome(f, sb, lo, sat);
        hi = lo + 1;
        glo = g[lo];
        q = g[hi] - g[lo];
    }
    /* x's last bit: 2^-149 for an fp32 subnormal, else 2^(e - 23). */
    int ebits = (int)((x >> 23) & 0xFF);
    int ex = ebits == 0 ? -149 : ebits - 127 - 23;
    int qexp;
    frexp(q, &qexp);
    int d = (qexp - 1) - ex;                   /* q = 2^(qexp - 1) */
    uint64_t fr = (uint64_t)ldexp(ax - glo, -ex); /* exact: < 2^53 */
    bool up;
    if (d <= 32)
        up = fr + (d == 0 ? 0 : (uint64_t)(r >> (32 - d))) >= (1ull << d);
    else
        up = (d - 32 >= 64 ? 0 : fr >> (d - 32)) + r >= (1ull << 32);
    return outcome(f, sb, up ? hi : lo, sat);
}

/* tl_convert with SR gives, for each element, exactly the rule of 5.3
 * applied with the word 5.4 assigns to (seed, coordinate): the bits are a
 * function of the seed and the coordinate and nothing else, and a swapped
 * key and counter, another word of the block, the random word's low bits
 * instead of its top bits, or a seed that is not used would all show. */
START_TEST(sr_bits_follow_seed_and_coordinate)
{
    const nt_fmt *f = &NT_FMTS[_i];
    double *g = grid_of(f);
    tl_rng r = {seed ^ (0x5A5Au * (uint32_t)(_i + 1))};
    unsigned bad = 0, ups = 0, downs = 0;
    const unsigned n = 20000;
    for (unsigned t = 0; t < n; t++) {
        uint32_t x = rand_x(&r, f);
        uint32_t s = tl_rng_u32(&r), c = tl_rng_u32(&r);
        bool sat = tl_rng_below(&r, 2);
        tl_convert_opts o = {TL_RND_SR, sat, s};
        uint32_t got = tl_convert(TL_FMT_FP32, f->fmt, x, &o, c);
        uint32_t want = sr_rule(f, g, x, sat, tl_sr_rand(s, c));
        /* How often each direction is taken, to see the test is not
         * vacuous: both must occur many times. */
        uint32_t down = sr_rule(f, g, x, sat, 0), upw = sr_rule(f, g, x, sat, 0xFFFFFFFFu);
        if (down != upw) {
            ups += want == upw;
            downs += want == down;
        }
        if (got != want && bad++ < 10)
            printf("MISMATCH %s SR %s x=%08x (%a) seed=%08x coord=%08x: got %0*x want %0*x "
                   "(r=%08x; test seed %u)\n", f->name, sat ? "sat" : "non-sat", x,
                   (double)nt_f(x), s, c, f->bits / 4, got, f->bits / 4, want,
                   tl_sr_rand(s, c), seed);
    }
    free(g);
    ck_assert_msg(bad == 0, "%s: %u of %u SR results differ from the rule (seed %u)", f->name,
                  bad, n, seed);
    ck_assert_msg(ups > n / 20 && downs > n / 20, "%s: only %u up / %u down outcomes", f->name,
                  ups, downs);
}
END_TEST

/* The DMA reference (cmodel/dma_model.c) converting a [H][W] fp32 tensor
 * tile by tile, each tile with its own cbase and coordinate strides, gives
 * the bits of converting the whole tensor at once (coordinate r * W + c):
 * tiles in an odd order, tiles walked column-first (i0 down a column, so
 * cstride[0] = W), and a 3-D tile (two row blocks in one descriptor). */
START_TEST(dma_tiles_give_whole_tensor_bits)
{
    enum { H = 37, W = 29 };
    const nt_fmt *f = &NT_FMTS[_i];
    const unsigned es = f->bits / 8;
    static uint8_t dram[0x20000], want[H * W * 2];
    const uint64_t src = 0x1000, dst = 0x10000;
    tl_rng r = {seed ^ 0xF00Du};
    for (unsigned i = 0; i < sizeof dram; i++)
        dram[i] = (uint8_t)tl_rng_u32(&r);
    uint32_t tseed = tl_rng_u32(&r);
    tl_convert_opts o = {TL_RND_SR, true, tseed};
    for (unsigned i = 0; i < H * W; i++) {
        uint32_t x = rand_x(&r, f);
        memcpy(dram + src + 4 * i, &x, 4);
        uint32_t y = tl_convert(TL_FMT_FP32, f->fmt, x, &o, i);
        memcpy(want + es * i, &y, es);
    }
    tl_dma_sys sys = {0};
    sys.data_bytes = 16;
    sys.addr_bits = 32;
    sys.win_base = 0;
    sys.win_limit = sizeof dram - 1;
    sys.dram = dram;
    sys.dram_base = 0;
    sys.dram_size = sizeof dram;
    for (int way = 0; way < 3; way++) {
        memset(dram + dst, 0xA5, H * W * es);
        /* tile sizes per way: 7x5 row-major, 6x4 column-first, 2x(5x3) 3-D */
        int th = way == 0 ? 7 : way == 1 ? 6 : 10, tw = way == 0 ? 5 : way == 1 ? 4 : 3;
        for (int r0 = ((H - 1) / th) * th; r0 >= 0; r0 -= th)   /* bottom to top */
            for (int c0 = 0; c0 < W; c0 += tw) {
                int h = H - r0 < th ? H - r0 : th, w = W - c0 < tw ? W - c0 : tw;
                uint32_t base = (uint32_t)(r0 * W + c0);
                tl_dma_desc d = {0};
                d.src.space = d.dst.space = TL_DMA_DRAM;
                d.src.fmt = TL_FMT_FP32;
                d.dst.fmt = f->fmt;
                d.src.addr = src + 4ull * base;
                d.dst.addr = dst + (uint64_t)es * base;
                d.round = TL_RND_SR;
                d.saturate = true;
                d.seed = tseed;
                d.cbase = base;
                if (way == 0) {        /* i0 along a row, i1 down */
                    d.src.count[0] = d.dst.count[0] = (uint32_t)w;
                    d.src.count[1] = d.dst.count[1] = (uint32_t)h;
                    d.src.count[2] = d.dst.count[2] = 1;
                    d.src.stride[0] = 4; d.src.stride[1] = 4 * W;
                    d.dst.stride[0] = es; d.dst.stride[1] = es * W;
                    d.cstride[0] = 1; d.cstride[1] = W;
                } else if (way == 1) { /* i0 down a column, i1 along the row */
                    d.src.count[0] = d.dst.count[0] = (uint32_t)h;
                    d.src.count[1] = d.dst.count[1] = (uint32_t)w;
                    d.src.count[2] = d.dst.count[2] = 1;
                    d.src.stride[0] = 4 * W; d.src.stride[1] = 4;
                    d.dst.stride[0] = es * W; d.dst.stride[1] = es;
                    d.cstride[0] = W; d.cstride[1] = 1;
                } else {               /* i2 picks one of two 5-row halves */
                    int h2 = (h + 1) / 2;
                    if (h % 2) /* odd height: do it as h rows of one block */
                        h2 = h;
                    d.src.count[0] = d.dst.count[0] = (uint32_t)w;
                    d.src.count[1] = d.dst.count[1] = (uint32_t)h2;
                    d.src.count[2] = d.dst.count[2] = (uint32_t)(h / h2);
                    d.src.stride[0] = 4; d.src.stride[1] = 4 * W; d.src.stride[2] = 4 * W * h2;
                    d.dst.stride[0] = es; d.dst.stride[1] = es * W;
                    d.dst.stride[2] = es * W * (uint32_t)h2;
                    d.cstride[0] = 1; d.cstride[1] = W; d.cstride[2] = (uint32_t)(W * h2);
                }
                uint64_t fa;
                unsigned e = tl_dma_run(&sys, &d, &fa);
                ck_assert_msg(e == TL_DMA_OK, "%s way %d tile (%d,%d): DMA error %s", f->name,
                              way, r0, c0, tl_dma_strerror(e));
            }
        for (unsigned i = 0; i < H * W; i++)
            ck_assert_msg(memcmp(dram + dst + es * i, want + es * i, es) == 0,
                          "%s way %d: element (%u,%u) differs from the whole-tensor "
                          "conversion (seed %u)", f->name, way, i / W, i % W, seed);
    }
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
    tcase_add_loop_test(tc, sr_bits_follow_seed_and_coordinate, 0, NT_NFMTS);
    tcase_add_loop_test(tc, dma_tiles_give_whole_tensor_bits, 0, NT_NFMTS);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
