/*
 * cmodel conversions (widen.c, narrow.c, convert.c), exhaustively and at
 * every OCP/IEEE boundary.
 *
 *  - Every bf16, fp16, e4m3, e5m2 encoding: widening equals the value of
 *    its fields (ldexp); narrowing back is the identity for every finite
 *    value, RNE and SR (any random bits), both saturation modes; +-inf per
 *    the mode; NaN -> canonical.
 *  - Every tie between two neighbouring encodings (and one fp32 ulp either
 *    side of it) rounds as RNE says, including the tie above max.
 *  - The named boundary cases of ARCHITECTURE.md 5.3 and the OCP spec.
 * Expected values come from the format definitions (numerics_test.h), not
 * from cmodel.
 */
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"

static uint32_t seed;

static const uint32_t SR_BITS[] = {0x00000000u, 0xFFFFFFFFu, 0x80000000u,
                                   0x7FFFFFFFu, 0x12345678u};
#define NSR (sizeof SR_BITS / sizeof SR_BITS[0])

/* Narrow an fp32 to f in every way that must give `want`: RNE, and SR
 * with several random words if `sr_too`; both saturation modes when
 * want_sat == want (pass both otherwise). Returns the number of misses. */
static unsigned expect(const nt_fmt *f, uint32_t x, uint32_t want_nonsat,
                       uint32_t want_sat, bool sr_too)
{
    unsigned bad = 0;
    for (int sat = 0; sat < 2; sat++) {
        uint32_t want = sat ? want_sat : want_nonsat;
        uint32_t got = tl_narrow(f->fmt, x, TL_RND_RNE, sat, 0);
        if (got != want && bad++ < 8)
            printf("MISMATCH %s RNE %s x=%08x (%a): got %0*x want %0*x\n", f->name,
                   sat ? "sat" : "non-sat", x, (double)nt_f(x), f->bits / 4, got,
                   f->bits / 4, want);
        for (unsigned i = 0; sr_too && i < NSR; i++) {
            got = tl_narrow(f->fmt, x, TL_RND_SR, sat, SR_BITS[i]);
            if (got != want && bad++ < 8)
                printf("MISMATCH %s SR r=%08x %s x=%08x: got %0*x want %0*x\n", f->name,
                       SR_BITS[i], sat ? "sat" : "non-sat", x, f->bits / 4, got,
                       f->bits / 4, want);
        }
    }
    return bad;
}

/* Every encoding: widen, and narrow back. */
START_TEST(every_encoding)
{
    const nt_fmt *f = &NT_FMTS[_i];
    unsigned bad = 0, n = 1u << f->bits;
    uint32_t *arr = malloc(n * sizeof *arr);
    uint8_t *src8 = malloc(n);
    uint16_t *src16 = malloc(n * 2);
    for (uint32_t b = 0; b < n; b++) {
        src8[b] = (uint8_t)b;
        src16[b] = (uint16_t)b;
        uint32_t w = tl_widen(f->fmt, b);
        double v = nt_value(f, b);
        uint32_t want_w = isnan(v) ? 0x7FC00000u : nt_b_of_d(v);
        if (w != want_w && bad++ < 8)
            printf("MISMATCH widen %s %04x: got %08x want %08x\n", f->name, b, w, want_w);
        /* Higher bits of the argument are ignored. */
        if (tl_widen(f->fmt, b | 0xABCD0000u << (f->bits - 8)) != w && bad++ < 8)
            printf("MISMATCH widen %s %04x with high garbage\n", f->name, b);
        uint32_t sbit = b & nt_sign_bit(f);
        uint32_t max_s = sbit | f->max_enc;
        if (isnan(v))
            bad += expect(f, w, f->qnan, f->qnan, true);
        else if (isinf(v))
            bad += expect(f, w, b, f->bits == 8 ? max_s : b, true);
        else
            bad += expect(f, w, b, b, true);
        /* The same through tl_convert (widen exactly, narrow once). */
        tl_convert_opts o = {TL_RND_SR, false, seed};
        uint32_t c = tl_convert(f->fmt, f->fmt, b, &o, b);
        uint32_t want_c = isnan(v) ? f->qnan : b;
        if (c != want_c && bad++ < 8)
            printf("MISMATCH convert %s->%s SR %04x: got %04x want %04x\n", f->name,
                   f->name, b, c, want_c);
    }
    /* tl_widen_array: the same as tl_widen element by element. */
    tl_widen_array(f->fmt, f->bits == 8 ? (const void *)src8 : (const void *)src16, arr, n);
    for (uint32_t b = 0; b < n; b++)
        if (arr[b] != tl_widen(f->fmt, b) && bad++ < 8)
            printf("MISMATCH widen_array %s %04x: %08x\n", f->name, b, arr[b]);
    free(arr);
    free(src8);
    free(src16);
    ck_assert_msg(bad == 0, "%s: %u mismatches", f->name, bad);
}
END_TEST

/* int8 -> fp32 for all 256 values; int8 -> every float format. */
START_TEST(int8_every_value)
{
    for (int v = -128; v < 128; v++) {
        uint32_t b = (uint32_t)(uint8_t)(int8_t)v;
        ck_assert_uint_eq(tl_widen(TL_FMT_INT8, b), nt_b_of_d((double)v));
    }
    uint8_t s[256];
    uint32_t d[256];
    for (int i = 0; i < 256; i++)
        s[i] = (uint8_t)i;
    tl_widen_array(TL_FMT_INT8, s, d, 256);
    for (int i = 0; i < 256; i++)
        ck_assert_uint_eq(d[i], nt_b_of_d((double)(int8_t)s[i]));
}
END_TEST

/* Every pair of neighbouring positive encodings: the tie between them goes
 * to the even one; one fp32 ulp below/above goes down/up. Negative values
 * mirror. At the top, above the tie between max and the next (unencodable)
 * grid point is overflow: inf (bf16, fp16, e5m2 non-sat), NaN (e4m3
 * non-sat), max (FP8 sat); just below it gives max. */
START_TEST(every_tie)
{
    const nt_fmt *f = &NT_FMTS[_i];
    unsigned bad = 0;
    for (uint32_t b = 0; b <= f->max_enc; b++) {
        double lo = nt_value(f, b);
        double step = b < f->max_enc ? nt_value(f, b + 1) - lo
                                     : lo - nt_value(f, b - 1); /* ulp of the top binade */
        double mid = lo + step / 2;
        uint32_t up = b + 1, even = (b & 1u) ? b + 1 : b;
        bool top = b == f->max_enc;
        for (int neg = 0; neg < 2; neg++) {
            uint32_t sb = neg ? nt_sign_bit(f) : 0;
            double s = neg ? -1.0 : 1.0;
            uint32_t xm = nt_b_of_d(s * mid);
            uint32_t over = f->has_inf ? (sb | (((1u << f->ebits) - 1) << f->mbits)) : f->qnan;
            uint32_t sat_over = f->bits == 8 ? (sb | f->max_enc) : over;
            if (top) {
                /* The tie goes to the even neighbour: e4m3's max 1.110b
                 * is even (-> 448), the others' max is odd (-> overflow). */
                if (f->max_enc & 1u)
                    bad += expect(f, xm, over, sat_over, false);
                else
                    bad += expect(f, xm, sb | b, sb | b, false);
                bad += expect(f, nt_b(nextafterf(nt_f(xm), s * INFINITY)), over, sat_over,
                              false);
            } else {
                bad += expect(f, xm, sb | even, sb | even, false);
                bad += expect(f, nt_b(nextafterf(nt_f(xm), s * INFINITY)), sb | up,
                              sb | up, false);
            }
            bad += expect(f, nt_b(nextafterf(nt_f(xm), 0.0f)), sb | b, sb | b, false);
        }
    }
    ck_assert_msg(bad == 0, "%s: %u mismatches", f->name, bad);
}
END_TEST

static const nt_fmt *fmt_of(tl_fmt t)
{
    for (int i = 0; i < NT_NFMTS; i++)
        if (NT_FMTS[i].fmt == t)
            return &NT_FMTS[i];
    return NULL;
}

#define RNE(to, x, sat) tl_narrow((to), (x), TL_RND_RNE, (sat), 0)

START_TEST(e4m3_ocp_boundaries)
{
    const nt_fmt *f = fmt_of(TL_FMT_E4M3);
    /* 448 is max (S.1111.110) in both modes. */
    ck_assert_uint_eq(expect(f, nt_b(448.0f), 0x7E, 0x7E, true), 0);
    ck_assert_uint_eq(expect(f, nt_b(-448.0f), 0xFE, 0xFE, true), 0);
    /* 464: tie between 448 and the unencodable 480 -> even 448. */
    ck_assert_uint_eq(expect(f, nt_b(464.0f), 0x7E, 0x7E, false), 0);
    ck_assert_uint_eq(expect(f, nt_b(-464.0f), 0xFE, 0xFE, false), 0);
    /* 465 rounds to 480 > max: NaN non-saturating, 448 saturating. */
    ck_assert_uint_eq(expect(f, nt_b(465.0f), 0x7F, 0x7E, false), 0);
    ck_assert_uint_eq(expect(f, nt_b(-465.0f), 0x7F, 0xFE, false), 0);
    /* One fp32 ulp above the tie, and far above max. */
    ck_assert_uint_eq(expect(f, nt_b(nextafterf(464.0f, 1e9f)), 0x7F, 0x7E, false), 0);
    ck_assert_uint_eq(expect(f, nt_b(1e30f), 0x7F, 0x7E, false), 0);
    /* +-inf: NaN non-saturating, +-448 saturating. */
    ck_assert_uint_eq(expect(f, 0x7F800000u, 0x7F, 0x7E, true), 0);
    ck_assert_uint_eq(expect(f, 0xFF800000u, 0x7F, 0xFE, true), 0);
    /* 256..448 live in exponent field 1111 (no infinities). */
    ck_assert_uint_eq(expect(f, nt_b(256.0f), 0x78, 0x78, true), 0);
    ck_assert_uint_eq(expect(f, nt_b(416.0f), 0x7D, 0x7D, true), 0);
    ck_assert_uint_eq(tl_widen(TL_FMT_E4M3, 0x78), nt_b(256.0f));
    ck_assert_uint_eq(tl_widen(TL_FMT_E4M3, 0x7E), nt_b(448.0f));
    ck_assert_uint_eq(tl_widen(TL_FMT_E4M3, 0x7F), 0x7FC00000u);
    ck_assert_uint_eq(tl_widen(TL_FMT_E4M3, 0xFF), 0x7FC00000u);
    /* SR of 464 picks 448 (r = 0) or 480 -> overflow (r = all ones). */
    ck_assert_uint_eq(tl_narrow(TL_FMT_E4M3, nt_b(464.0f), TL_RND_SR, false, 0), 0x7E);
    ck_assert_uint_eq(tl_narrow(TL_FMT_E4M3, nt_b(464.0f), TL_RND_SR, false, ~0u), 0x7F);
    ck_assert_uint_eq(tl_narrow(TL_FMT_E4M3, nt_b(464.0f), TL_RND_SR, true, ~0u), 0x7E);
    /* Normal/subnormal boundary: min normal 2^-6 = 0x08, largest
     * subnormal 7*2^-9 = 0x07, their tie 7.5*2^-9 -> even 0x08. */
    ck_assert_uint_eq(expect(f, nt_b(0x1p-6f), 0x08, 0x08, true), 0);
    ck_assert_uint_eq(expect(f, nt_b(7 * 0x1p-9f), 0x07, 0x07, true), 0);
    ck_assert_uint_eq(expect(f, nt_b(7.5f * 0x1p-9f), 0x08, 0x08, false), 0);
}
END_TEST

START_TEST(e5m2_ocp_boundaries)
{
    const nt_fmt *f = fmt_of(TL_FMT_E5M2);
    /* 57344 is max (S.11110.11). */
    ck_assert_uint_eq(expect(f, nt_b(57344.0f), 0x7B, 0x7B, true), 0);
    ck_assert_uint_eq(expect(f, nt_b(-57344.0f), 0xFB, 0xFB, true), 0);
    /* 61440: tie between 57344 and 65536 -> even 65536 -> overflow:
     * inf non-saturating, 57344 saturating. */
    ck_assert_uint_eq(expect(f, nt_b(61440.0f), 0x7C, 0x7B, false), 0);
    ck_assert_uint_eq(expect(f, nt_b(-61440.0f), 0xFC, 0xFB, false), 0);
    /* Just below the tie: 57344 in both modes. */
    ck_assert_uint_eq(expect(f, nt_b(nextafterf(61440.0f, 0.0f)), 0x7B, 0x7B, false), 0);
    ck_assert_uint_eq(expect(f, nt_b(1e30f), 0x7C, 0x7B, false), 0);
    /* +-inf: inf stays inf non-saturating, +-57344 saturating. */
    ck_assert_uint_eq(expect(f, 0x7F800000u, 0x7C, 0x7B, true), 0);
    ck_assert_uint_eq(expect(f, 0xFF800000u, 0xFC, 0xFB, true), 0);
    ck_assert_uint_eq(tl_widen(TL_FMT_E5M2, 0x7C), 0x7F800000u);
    ck_assert_uint_eq(tl_widen(TL_FMT_E5M2, 0xFC), 0xFF800000u);
    for (uint32_t b = 0x7D; b <= 0x7F; b++) {
        ck_assert_uint_eq(tl_widen(TL_FMT_E5M2, b), 0x7FC00000u);
        ck_assert_uint_eq(tl_widen(TL_FMT_E5M2, b | 0x80), 0x7FC00000u);
    }
    /* SR of 61440 with r = 0 -> 57344, with all ones -> overflow. */
    ck_assert_uint_eq(tl_narrow(TL_FMT_E5M2, nt_b(61440.0f), TL_RND_SR, false, 0), 0x7B);
    ck_assert_uint_eq(tl_narrow(TL_FMT_E5M2, nt_b(61440.0f), TL_RND_SR, false, ~0u), 0x7C);
    ck_assert_uint_eq(tl_narrow(TL_FMT_E5M2, nt_b(61440.0f), TL_RND_SR, true, ~0u), 0x7B);
}
END_TEST

/* fp16 and bf16 overflow -> +-inf; the saturation flag is ignored. */
START_TEST(fp16_bf16_overflow)
{
    const nt_fmt *h = fmt_of(TL_FMT_FP16), *b = fmt_of(TL_FMT_BF16);
    ck_assert_uint_eq(expect(h, nt_b(65504.0f), 0x7BFF, 0x7BFF, true), 0);
    ck_assert_uint_eq(expect(h, nt_b(65520.0f), 0x7C00, 0x7C00, false), 0); /* tie -> 65536 */
    ck_assert_uint_eq(expect(h, nt_b(-65520.0f), 0xFC00, 0xFC00, false), 0);
    ck_assert_uint_eq(expect(h, nt_b(nextafterf(65520.0f, 0.0f)), 0x7BFF, 0x7BFF, false), 0);
    ck_assert_uint_eq(expect(h, nt_b(1e30f), 0x7C00, 0x7C00, false), 0);
    ck_assert_uint_eq(expect(h, 0x7F800000u, 0x7C00, 0x7C00, true), 0);
    ck_assert_uint_eq(expect(h, 0xFF800000u, 0xFC00, 0xFC00, true), 0);
    ck_assert_uint_eq(expect(b, 0x7F7F0000u, 0x7F7F, 0x7F7F, true), 0); /* bf16 max */
    ck_assert_uint_eq(expect(b, 0x7F7F8000u, 0x7F80, 0x7F80, false), 0); /* tie -> 2^128 */
    ck_assert_uint_eq(expect(b, 0xFF7F8000u, 0xFF80, 0xFF80, false), 0);
    ck_assert_uint_eq(expect(b, 0x7F7F7FFFu, 0x7F7F, 0x7F7F, false), 0);
    ck_assert_uint_eq(expect(b, 0x7F7FFFFFu, 0x7F80, 0x7F80, false), 0); /* fp32 max */
    ck_assert_uint_eq(expect(b, 0x7F800000u, 0x7F80, 0x7F80, true), 0);
    ck_assert_uint_eq(expect(b, 0xFF800000u, 0xFF80, 0xFF80, true), 0);
}
END_TEST

/* Smallest subnormals, and ties to zero: half the min subnormal -> 0
 * (signed), just above it -> min subnormal; 1.5 min subnormal -> 2 (even). */
START_TEST(subnormals_and_ties_to_zero)
{
    unsigned bad = 0;
    for (int i = 0; i < NT_NFMTS; i++) {
        const nt_fmt *f = &NT_FMTS[i];
        for (int neg = 0; neg < 2; neg++) {
            uint32_t sb = neg ? nt_sign_bit(f) : 0;
            float s = neg ? -1.0f : 1.0f;
            float ms = s * (float)f->min_sub;
            bad += expect(f, nt_b(ms), sb | 1, sb | 1, true);
            bad += expect(f, nt_b(ms / 2), sb, sb, false);
            bad += expect(f, nt_b(nextafterf(ms / 2, s)), sb | 1, sb | 1, false);
            bad += expect(f, nt_b(nextafterf(ms / 2, 0.0f)), sb, sb, false);
            bad += expect(f, nt_b(ms * 1.5f), sb | 2, sb | 2, false);
            bad += expect(f, nt_b(ms * 2.5f), sb | 2, sb | 2, false);
            /* The smallest fp32 subnormal rounds to zero. */
            bad += expect(f, neg ? 0x80000001u : 1u, sb, sb, false);
            ck_assert_uint_eq(tl_widen(f->fmt, sb | 1), nt_b(ms));
        }
    }
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

/* -0 and +0 keep their sign in every format, mode and direction. */
START_TEST(signed_zero)
{
    unsigned bad = 0;
    for (int i = 0; i < NT_NFMTS; i++) {
        const nt_fmt *f = &NT_FMTS[i];
        bad += expect(f, 0x80000000u, nt_sign_bit(f), nt_sign_bit(f), true);
        bad += expect(f, 0x00000000u, 0, 0, true);
        ck_assert_uint_eq(tl_widen(f->fmt, nt_sign_bit(f)), 0x80000000u);
        ck_assert_uint_eq(tl_widen(f->fmt, 0), 0);
        /* SR rounding a tiny negative value down to zero keeps -0. */
        uint32_t tiny_neg = nt_b(-(float)f->min_sub / 4);
        ck_assert_uint_eq(tl_narrow(f->fmt, tiny_neg, TL_RND_SR, false, 0), nt_sign_bit(f));
    }
    ck_assert_uint_eq(tl_narrow(TL_FMT_FP32, 0x80000000u, TL_RND_RNE, false, 0), 0x80000000u);
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

/* Any NaN (either sign, any payload, quiet or signalling) -> the target's
 * positive canonical NaN; fp32 -> fp32 too. */
START_TEST(nan_canonical)
{
    static const uint32_t nans[] = {0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFF800001u,
                                    0x7FFFFFFFu, 0xFFFFFFFFu, 0x7FA5A5A5u, 0xFF812345u};
    unsigned bad = 0;
    for (size_t j = 0; j < sizeof nans / sizeof nans[0]; j++) {
        for (int i = 0; i < NT_NFMTS; i++)
            bad += expect(&NT_FMTS[i], nans[j], NT_FMTS[i].qnan, NT_FMTS[i].qnan, true);
        for (int sat = 0; sat < 2; sat++) {
            ck_assert_uint_eq(tl_narrow(TL_FMT_FP32, nans[j], TL_RND_RNE, sat, 0), 0x7FC00000u);
            ck_assert_uint_eq(tl_narrow(TL_FMT_FP32, nans[j], TL_RND_SR, sat, ~0u), 0x7FC00000u);
        }
        ck_assert_uint_eq(tl_widen(TL_FMT_FP32, nans[j]), 0x7FC00000u);
    }
    ck_assert_msg(bad == 0, "%u mismatches", bad);
}
END_TEST

/* fp32 -> fp32 is the identity for every non-NaN pattern (sampled). */
START_TEST(fp32_identity)
{
    tl_rng r = {seed};
    unsigned bad = 0;
    for (unsigned i = 0; i < 1000000; i++) {
        uint32_t x = tl_rng_u32(&r);
        uint32_t want = nt_f32_is_nan(x) ? 0x7FC00000u : x;
        uint32_t a = tl_narrow(TL_FMT_FP32, x, TL_RND_RNE, false, 0);
        uint32_t b = tl_narrow(TL_FMT_FP32, x, TL_RND_SR, true, (uint32_t)i);
        uint32_t c = tl_widen(TL_FMT_FP32, x);
        if ((a != want || b != want || c != want) && bad++ < 8)
            printf("MISMATCH fp32 x=%08x: narrow RNE %08x SR %08x widen %08x (seed %u)\n",
                   x, a, b, c, seed);
    }
    ck_assert_msg(bad == 0, "%u mismatches (seed %u)", bad, seed);
}
END_TEST

/* Format table and pair support. */
START_TEST(format_table)
{
    static const char *names[7] = {"fp32", "bf16", "fp16", "e4m3", "e5m2", "int8", "int32"};
    static const unsigned bits[7] = {32, 16, 16, 8, 8, 8, 32};
    for (tl_fmt t = 0; t < 7; t++) {
        tl_fmt p;
        ck_assert_str_eq(tl_fmt_name(t), names[t]);
        ck_assert_uint_eq(tl_fmt_bits(t), bits[t]);
        ck_assert_int_eq(tl_fmt_parse(names[t], &p), 0);
        ck_assert_uint_eq(p, t);
        for (tl_fmt d = 0; d < 7; d++)
            ck_assert_int_eq(tl_convert_supported(t, d), t != TL_FMT_INT32 && d < 5);
    }
    tl_fmt p;
    ck_assert_int_eq(tl_fmt_parse("fp8", &p), -1);
    ck_assert_ptr_null(tl_fmt_name(7));
    ck_assert_uint_eq(tl_fmt_bits(7), 0);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    /* Line-buffered: Check's forked test processes must not lose the
     * MISMATCH lines they print before failing. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    seed = tl_test_seed(1);
    Suite *s = suite_create("numerics_convert");
    TCase *tc = tcase_create("exhaustive");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, every_encoding, 0, NT_NFMTS);
    tcase_add_test(tc, int8_every_value);
    tcase_add_loop_test(tc, every_tie, 0, NT_NFMTS);
    tcase_add_test(tc, fp32_identity);
    suite_add_tcase(s, tc);
    TCase *tb = tcase_create("boundaries");
    tcase_add_test(tb, e4m3_ocp_boundaries);
    tcase_add_test(tb, e5m2_ocp_boundaries);
    tcase_add_test(tb, fp16_bf16_overflow);
    tcase_add_test(tb, subnormals_and_ties_to_zero);
    tcase_add_test(tb, signed_zero);
    tcase_add_test(tb, nan_canonical);
    tcase_add_test(tb, format_table);
    suite_add_tcase(s, tb);
    return tl_test_main(argv[0], s);
}
