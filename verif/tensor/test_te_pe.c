/*
 * te_pe (one processing element: pe_mul + fp32_add, with the engine's
 * operand decoders pe_unpack around it in te_pe_tb) against
 * cmodel tl_product / tl_f32_add, bit for bit, one pair per clock:
 *  - every pair of 8-bit codes for e4m3 x e4m3, e5m2 x e5m2, e4m3 x e5m2,
 *    e5m2 x e4m3, int8 x int8;
 *  - bf16 x bf16 and fp16 x fp16: 10^6 random pairs each, plus every pair
 *    of special-class values; mixed 16/8-bit pairs: random and specials.
 * Each pair goes through twice: with psum_in = -0 (the identity of RNE
 * addition: the output is the product itself) and with a random psum_in
 * (product + accumulate). int8 x int8 is checked as the PE computes it:
 * the product exact in fp32 (tl_f32_mul of the widened operands, equal
 * to tl_product's int32 value), summed with fp32_add; the engine converts
 * its exact integer column sums to int32 (test_tensor_engine checks the
 * int32 results). Every pair uses a freshly loaded shadow element swapped
 * in by its beat; a final test checks beats without swap and rows with
 * row_en = 0, which add -0 (the partial sum unchanged; a NaN payload
 * becomes the canonical NaN, as every NaN out of fp32_add).
 *
 * The same suite runs on row 0's PE (test_te_pe_first, FIRST_ROW: no
 * adder): the vectors are driven unchanged, psum_in included, and every
 * expected value is +0 + product, the sum row 0 stands for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "te_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

static te_pe_dut *dut;
static uint32_t seed;

static void setup(void)
{
    seed = tl_test_seed(0x9e);
    dut = te_pe_dut_create(tl_test_trace() ? tl_test_wave_path("te_pe") : NULL, seed);
}

static void teardown(void)
{
    te_pe_dut_free(dut);
}

typedef struct {
    uint16_t w, x;
    uint32_t psum;
    uint8_t swap, en;
} vec;

/* The PE's product: tl_product, except that int8 x int8 stays in fp32
 * (exact: |product| <= 2^14; the engine converts column sums to int32). */
static uint32_t pe_product(tl_fmt fw, uint16_t w, tl_fmt fx, uint16_t x)
{
    if (fw == TL_FMT_INT8 && fx == TL_FMT_INT8)
        return tl_f32_mul(tl_widen(fw, w), tl_widen(fx, x));
    return tl_product(fw, w, fx, x);
}

static uint32_t expect(tl_fmt fw, tl_fmt fx, const vec *v)
{
    /* row 0's partial sum in is +0, whatever psum_in holds */
    uint32_t psum = te_pe_dut_first_row(dut) ? 0u : v->psum;
    if (!v->en)   /* a row beyond K adds -0: x, or the canonical NaN */
        return tl_f32_add(psum, 0x80000000u);
    return tl_f32_add(psum, pe_product(fw, v->w, fx, v->x));
}

/*
 * Beat i enters in cycle i+1. In every cycle c the shadow register is
 * loaded with the element of the first swapping beat >= c, so a swapping
 * beat finds its own element there (loaded one cycle earlier) while the
 * next one loads alongside. psum_in of beat i is applied psum_delay cycles
 * after it; its result returns out_delay cycles after it.
 */
static void drive(te_pe_dut *d, tl_fmt fw, tl_fmt fx, const vec *v, size_t n,
                  uint32_t *out)
{
    const size_t pd = te_pe_dut_psum_delay(d), od = te_pe_dut_out_delay(d);
    size_t nb = 0;
    for (size_t c = 0; c <= n + od; c++) {
        te_pe_in in;
        memset(&in, 0, sizeof in);
        in.fmt_w = fw;
        in.fmt_x = fx;
        if (nb < c)
            nb = c;
        while (nb < n && !v[nb].swap)
            nb++;
        if (nb < n) {
            in.ld_en = 1;
            in.ld_data = v[nb].w;
        }
        if (c >= 1 && c <= n) {
            const vec *b = &v[c - 1];
            in.mv_valid = 1;
            in.mv_swap = b->swap;
            in.x = b->x;
            in.row_en = b->en;
        }
        if (c >= 1 + pd && c - 1 - pd < n)
            in.psum_in = v[c - 1 - pd].psum;
        uint32_t y = te_pe_dut_step(d, &in);
        if (c >= 1 + od && c - 1 - od < n)
            out[c - 1 - od] = y;
    }
}

static unsigned run(const char *what, tl_fmt fw, tl_fmt fx, const vec *v, size_t n)
{
    uint32_t *out = malloc(n * sizeof *out);
    unsigned bad = 0;
    drive(dut, fw, fx, v, n, out);
    for (size_t i = 0; i < n; i++) {
        uint32_t want = expect(fw, fx, &v[i]);
        if (out[i] != want && bad++ < 5) {
            /* replay a short window around the vector with a waveform */
            const char *path = tl_test_wave_path("fail_te_pe");
            size_t from = i > 8 ? i - 8 : 0;
            while (from > 0 && !v[from].swap)
                from--;
            uint32_t *o2 = malloc((i - from + 1) * sizeof *o2);
            te_pe_dut *t = te_pe_dut_create(path, seed);
            drive(t, fw, fx, v + from, i - from + 1, o2);
            te_pe_dut_free(t);
            free(o2);
            printf("MISMATCH %s seed %u: %s w=0x%04x x %s x=0x%04x, psum_in 0x%08x, "
                   "swap %u row_en %u: rtl 0x%08x cmodel 0x%08x (product 0x%08x) "
                   "(waveform %s)\n", what, seed, tl_fmt_name(fw), v[i].w,
                   tl_fmt_name(fx), v[i].x, v[i].psum, v[i].swap, v[i].en, out[i],
                   want, pe_product(fw, v[i].w, fx, v[i].x), path);
        }
    }
    free(out);
    return bad;
}

/* random psum: fp32 with close exponents to the product most of the time */
static uint32_t rand_psum(tl_rng *r, tl_fmt fw, tl_fmt fx, uint16_t w, uint16_t x)
{
    uint32_t u = tl_rng_u32(r);
    uint32_t p = pe_product(fw, w, fx, x);
    switch (u & 7) {
    case 0: return u;
    case 1: return p ^ 0x80000000u;                      /* cancels exactly */
    case 2: return (p ^ 0x80000000u) + (u >> 29) - 4;    /* nearly cancels */
    default: {
        uint32_t e = (p >> 23) & 0xff;
        int32_t ne = (int32_t)e + (int32_t)(u >> 27) - 16;
        if (ne < 0) ne = 0;
        if (ne > 254) ne = 254;
        return (u & 0x807fffffu) | (uint32_t)ne << 23;
    }
    }
}

/* Each (w, x) twice: psum = -0 (product) and a random psum. */
static unsigned pairs(const char *what, tl_fmt fw, tl_fmt fx, const uint16_t *w,
                      const uint16_t *x, size_t n, tl_rng *r)
{
    vec *v = malloc(2 * n * sizeof *v);
    for (size_t i = 0; i < n; i++) {
        v[2 * i] = (vec){w[i], x[i], 0x80000000u, 1, 1};
        v[2 * i + 1] = (vec){w[i], x[i], rand_psum(r, fw, fx, w[i], x[i]), 1, 1};
    }
    unsigned bad = run(what, fw, fx, v, 2 * n);
    free(v);
    return bad;
}

static unsigned exhaustive8(tl_fmt fw, tl_fmt fx, const char *what)
{
    uint16_t *w = malloc(65536 * sizeof *w), *x = malloc(65536 * sizeof *x);
    tl_rng r = {seed ^ (fw * 8 + fx)};
    for (unsigned i = 0; i < 65536; i++) {
        w[i] = (uint16_t)(i >> 8);
        /* the PE must ignore the high byte of 8-bit elements */
        x[i] = (uint16_t)((i & 0xff) | (tl_rng_u32(&r) & 0xff00));
    }
    unsigned bad = pairs(what, fw, fx, w, x, 65536, &r);
    free(w);
    free(x);
    return bad;
}

START_TEST(test_e4m3_e4m3) { ck_assert_uint_eq(exhaustive8(TL_FMT_E4M3, TL_FMT_E4M3, "e4m3 x e4m3"), 0); }
END_TEST
START_TEST(test_e5m2_e5m2) { ck_assert_uint_eq(exhaustive8(TL_FMT_E5M2, TL_FMT_E5M2, "e5m2 x e5m2"), 0); }
END_TEST
START_TEST(test_e4m3_e5m2) { ck_assert_uint_eq(exhaustive8(TL_FMT_E4M3, TL_FMT_E5M2, "e4m3 x e5m2"), 0); }
END_TEST
START_TEST(test_e5m2_e4m3) { ck_assert_uint_eq(exhaustive8(TL_FMT_E5M2, TL_FMT_E4M3, "e5m2 x e4m3"), 0); }
END_TEST
START_TEST(test_int8_int8) { ck_assert_uint_eq(exhaustive8(TL_FMT_INT8, TL_FMT_INT8, "int8 x int8"), 0); }
END_TEST

/* special-class values of each float format */
static size_t specials(tl_fmt f, uint16_t *out)
{
    static const uint16_t bf16[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0040,
        0x0080, 0x8080, 0x3f80, 0xbf80, 0x3fff, 0x7f7f, 0xff7f, 0x7f00, 0x7f80, 0xff80,
        0x7fc0, 0xffc0, 0x7f81, 0x0d00, 0x2000, 0x5f00, 0x1f80, 0x6000, 0x00ff};
    static const uint16_t fp16[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0200,
        0x0400, 0x8400, 0x3c00, 0xbc00, 0x3fff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
        0xfe00, 0x7c01, 0x7fff, 0x0401, 0x1000, 0x5bff};
    static const uint16_t e4m3[] = {0x00, 0x80, 0x01, 0x81, 0x07, 0x08, 0x38, 0xb8,
        0x7e, 0xfe, 0x7f, 0xff, 0x77, 0x78};
    static const uint16_t e5m2[] = {0x00, 0x80, 0x01, 0x81, 0x03, 0x04, 0x3c, 0xbc,
        0x7b, 0xfb, 0x7c, 0xfc, 0x7d, 0x7e, 0xff};
    const uint16_t *t;
    size_t n;
    switch (f) {
    case TL_FMT_BF16: t = bf16; n = sizeof bf16 / 2; break;
    case TL_FMT_FP16: t = fp16; n = sizeof fp16 / 2; break;
    case TL_FMT_E4M3: t = e4m3; n = sizeof e4m3 / 2; break;
    default: t = e5m2; n = sizeof e5m2 / 2; break;
    }
    memcpy(out, t, n * sizeof *t);
    return n;
}

/* random element of a float format: any bits, or a moderate exponent */
static uint16_t rand16(tl_rng *r, tl_fmt f)
{
    uint32_t u = tl_rng_u32(r);
    switch (f) {
    case TL_FMT_BF16: return (u & 1) ? (uint16_t)(u >> 16) : (uint16_t)((u >> 16 & 0x807f) | (uint32_t)(100 + tl_rng_below(r, 56)) << 7);
    case TL_FMT_FP16: return (uint16_t)(u >> 16);
    default: return (uint16_t)(u >> 24);
    }
}

static unsigned random_and_specials(tl_fmt fw, tl_fmt fx, size_t nrand, const char *what)
{
    tl_rng r = {seed ^ (0x100 + fw * 8 + fx)};
    uint16_t sw[32], sx[32];
    size_t nsw = specials(fw, sw), nsx = specials(fx, sx);
    size_t n = nrand + nsw * nsx;
    uint16_t *w = malloc(n * sizeof *w), *x = malloc(n * sizeof *x);
    size_t k = 0;
    for (size_t i = 0; i < nsw; i++)
        for (size_t j = 0; j < nsx; j++) {
            w[k] = sw[i];
            x[k++] = sx[j];
        }
    while (k < n) {
        w[k] = rand16(&r, fw);
        x[k++] = rand16(&r, fx);
    }
    unsigned bad = pairs(what, fw, fx, w, x, n, &r);
    free(w);
    free(x);
    return bad;
}

START_TEST(test_bf16_bf16) { ck_assert_uint_eq(random_and_specials(TL_FMT_BF16, TL_FMT_BF16, 1000000, "bf16 x bf16"), 0); }
END_TEST
START_TEST(test_fp16_fp16) { ck_assert_uint_eq(random_and_specials(TL_FMT_FP16, TL_FMT_FP16, 1000000, "fp16 x fp16"), 0); }
END_TEST
START_TEST(test_mixed)
{
    static const tl_fmt p[][2] = {
        {TL_FMT_BF16, TL_FMT_FP16}, {TL_FMT_FP16, TL_FMT_BF16},
        {TL_FMT_BF16, TL_FMT_E4M3}, {TL_FMT_E5M2, TL_FMT_BF16},
        {TL_FMT_FP16, TL_FMT_E5M2}, {TL_FMT_E4M3, TL_FMT_FP16},
    };
    unsigned bad = 0;
    for (unsigned i = 0; i < 6; i++)
        bad += random_and_specials(p[i][0], p[i][1], 100000, "mixed");
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* beats without swap reuse the active element; row_en = 0 passes psum */
START_TEST(test_reuse_bypass)
{
    tl_rng r = {seed ^ 0x77};
    enum { N = 20000 };
    vec *v = malloc(N * sizeof *v);
    for (size_t i = 0; i < N; i++) {
        v[i].w = (uint16_t)tl_rng_u32(&r);
        v[i].x = (uint16_t)tl_rng_u32(&r);
        v[i].swap = i == 0 || tl_rng_below(&r, 4) == 0;
        v[i].en = tl_rng_below(&r, 5) != 0;
        v[i].psum = tl_rng_u32(&r);   /* any bits, non-canonical NaNs too */
    }
    /* the element in use: the last swapped one */
    for (size_t i = 1; i < N; i++)
        if (!v[i].swap)
            v[i].w = v[i - 1].w;
    ck_assert_uint_eq(run("reuse/bypass", TL_FMT_BF16, TL_FMT_FP16, v, N), 0);
    free(v);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("te_pe");
    TCase *tc = tcase_create("te_pe");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_e4m3_e4m3);
    tcase_add_test(tc, test_e5m2_e5m2);
    tcase_add_test(tc, test_e4m3_e5m2);
    tcase_add_test(tc, test_e5m2_e4m3);
    tcase_add_test(tc, test_int8_int8);
    tcase_add_test(tc, test_bf16_bf16);
    tcase_add_test(tc, test_fp16_fp16);
    tcase_add_test(tc, test_mixed);
    tcase_add_test(tc, test_reuse_bypass);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* failure messages survive Check's fork */
    return tl_test_main(argv[0], suite());
}
