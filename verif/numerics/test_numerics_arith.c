/*
 * cmodel arithmetic (arith.c): tl_f32_add and tl_f32_mul against an
 * integer soft-float written here (no host float operation in it), which
 * also checks the host assumptions tl_host_check makes (RNE, subnormals,
 * no FTZ/DAZ); tl_product for every format pair against exact double
 * products rounded once; tl_host_check() == 0.
 */
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"

static uint32_t seed;

/* ---- integer soft-float binary32, RNE, subnormals, canonical NaN ---- */

#define SF_QNAN 0x7FC00000u

static int sf_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
static int sf_is_inf(uint32_t a) { return (a & 0x7FFFFFFFu) == 0x7F800000u; }
static int sf_is_zero(uint32_t a) { return (a & 0x7FFFFFFFu) == 0; }

/* a finite nonzero: |a| = sig * 2^exp. */
static void sf_unpack(uint32_t a, uint64_t *sig, int *exp)
{
    uint32_t e = (a >> 23) & 0xFF, f = a & 0x7FFFFF;
    if (e == 0) {
        *sig = f;
        *exp = -149;
    } else {
        *sig = f | 0x800000u;
        *exp = (int)e - 150;
    }
}

/* sign * sig * 2^exp (sig != 0), rounded to binary32 with RNE. */
static uint32_t sf_round_pack(uint32_t sign, uint64_t sig, int exp)
{
    int msb = 63 - __builtin_clzll(sig);
    int top = msb + exp; /* floor(log2 |value|) */
    /* Result quantum 2^q: 2^(top-23) for normals, 2^-149 below 2^-126. */
    int q = top >= -126 ? top - 23 : -149;
    int shift = q - exp;
    uint64_t kept;
    if (shift <= 0) {
        kept = sig << -shift; /* exact */
    } else if (shift > 64) {
        kept = 0; /* below a quarter quantum: rounds to zero */
    } else {
        uint64_t drop = shift == 64 ? sig : sig & ((1ull << shift) - 1);
        kept = shift == 64 ? 0 : sig >> shift;
        uint64_t half = 1ull << (shift - 1);
        if (drop > half || (drop == half && (kept & 1)))
            kept++;
    }
    if (kept >> 24) { /* rounded up into the next binade */
        kept >>= 1;
        q++;
    }
    if (kept == 0)
        return sign << 31;
    if (kept < (1u << 23)) /* subnormal (q == -149) */
        return (sign << 31) | (uint32_t)kept;
    int be = q + 150; /* biased exponent of a 24-bit significand at 2^q */
    if (be >= 255)
        return (sign << 31) | 0x7F800000u;
    return (sign << 31) | ((uint32_t)be << 23) | ((uint32_t)kept & 0x7FFFFFu);
}

static uint32_t sf_mul(uint32_t a, uint32_t b)
{
    uint32_t sign = (a ^ b) >> 31;
    if (sf_is_nan(a) || sf_is_nan(b))
        return SF_QNAN;
    if (sf_is_inf(a) || sf_is_inf(b)) {
        if (sf_is_zero(a) || sf_is_zero(b))
            return SF_QNAN;
        return (sign << 31) | 0x7F800000u;
    }
    if (sf_is_zero(a) || sf_is_zero(b))
        return sign << 31;
    uint64_t sa, sb;
    int ea, eb;
    sf_unpack(a, &sa, &ea);
    sf_unpack(b, &sb, &eb);
    return sf_round_pack(sign, sa * sb, ea + eb);
}

static uint32_t sf_add(uint32_t a, uint32_t b)
{
    if (sf_is_nan(a) || sf_is_nan(b))
        return SF_QNAN;
    if (sf_is_inf(a) && sf_is_inf(b))
        return (a == b) ? a : SF_QNAN;
    if (sf_is_inf(a))
        return a;
    if (sf_is_inf(b))
        return b;
    if (sf_is_zero(a) && sf_is_zero(b))
        return a & b & 0x80000000u; /* -0 only if both are -0 (RNE) */
    if (sf_is_zero(a))
        return b;
    if (sf_is_zero(b))
        return a;
    uint64_t sa, sb;
    int ea, eb;
    sf_unpack(a, &sa, &ea);
    sf_unpack(b, &sb, &eb);
    if (ea < eb || (ea == eb && sa < sb)) { /* make a the larger magnitude */
        uint32_t t = a; a = b; b = t;
        uint64_t ts = sa; sa = sb; sb = ts;
        int te = ea; ea = eb; eb = te;
    }
    /* Work at 2^(ea-39): a's significand shifted up 39 bits (< 2^63).
     * b is exact if it reaches that far; otherwise it is far below half a
     * quantum of any possible result and only its sign matters (sticky). */
    int d = ea - eb;
    uint64_t A = sa << 39;
    uint64_t B = d <= 39 ? sb << (39 - d) : 1;
    int same = ((a ^ b) >> 31) == 0;
    uint64_t S = same ? A + B : A - B;
    if (S == 0)
        return 0; /* x + (-x) = +0 in RNE */
    return sf_round_pack(a >> 31, S, ea - 39);
}

/* ---- operand generator: biased toward the hard cases ---- */

static uint32_t rand_f32(tl_rng *r)
{
    uint32_t u = tl_rng_u32(r), s = u & 0x80000000u, f = tl_rng_u32(r) & 0x7FFFFFu;
    switch (tl_rng_below(r, 8)) {
    case 0: return u;                                       /* any pattern */
    case 1: return s | f;                                   /* subnormal */
    case 2: return s | ((1 + tl_rng_below(r, 30)) << 23) | f; /* tiny normal */
    case 3: return s | ((225 + tl_rng_below(r, 30)) << 23) | f; /* near overflow */
    case 4: return s | (tl_rng_below(r, 8) == 0 ? 0x7F800000u : 0) |
                   (tl_rng_below(r, 4) == 0 ? (f | 1u) : 0); /* 0, inf, NaN */
    case 5: return s | (0x7F7FFFFFu - tl_rng_below(r, 4)); /* max */
    default: return s | ((100 + tl_rng_below(r, 56)) << 23) | f;
    }
}

/* b related to a: close exponent (rounding, cancellation), negation, or
 * a half-ulp offset (ties). */
static uint32_t rand_partner(tl_rng *r, uint32_t a)
{
    uint32_t u = tl_rng_u32(r);
    int e = (int)((a >> 23) & 0xFF);
    switch (tl_rng_below(r, 6)) {
    case 0: return rand_f32(r);
    case 1: return a ^ 0x80000000u ^ (u & 3u);                  /* near -a */
    case 2: return a ^ (u & 0x80000000u) ^ (u & 0xFFu);         /* near +-a */
    case 3: { /* exponent a +- up to 40: alignment and sticky bits */
        int eb = e + (int)tl_rng_below(r, 81) - 40;
        eb = eb < 0 ? 0 : eb > 254 ? 254 : eb;
        return (u & 0x80000000u) | ((uint32_t)eb << 23) | (tl_rng_u32(r) & 0x7FFFFFu);
    }
    case 4: { /* a power of two at a's ulp or half-ulp scale: ties */
        int eb = e - 23 - (int)tl_rng_below(r, 3);
        eb = eb < 1 ? 1 : eb;
        return (u & 0x80000000u) | ((uint32_t)eb << 23) | (tl_rng_below(r, 2) ? 0 : 0x400000u);
    }
    default: { /* product near 1 or near the subnormal/overflow edge */
        int eb = 254 - e - (int)tl_rng_below(r, 130);
        eb = eb < 0 ? 0 : eb > 254 ? 254 : eb;
        return (u & 0x80000000u) | ((uint32_t)eb << 23) | (tl_rng_u32(r) & 0x7FFFFFu);
    }
    }
}

START_TEST(host_check)
{
    ck_assert_int_eq(tl_host_check(), 0);
}
END_TEST

/* The soft-float itself on hand-derived answers (so that agreement with
 * the host below means something). */
START_TEST(softfloat_known_answers)
{
    ck_assert_uint_eq(sf_add(0x3F800000u, 0x3F800000u), 0x40000000u);      /* 1+1 */
    ck_assert_uint_eq(sf_add(0x3F800000u, 0x33800000u), 0x3F800000u);      /* 1+2^-24 tie -> even */
    ck_assert_uint_eq(sf_add(0x3F800001u, 0x33800000u), 0x3F800002u);      /* tie -> even up */
    ck_assert_uint_eq(sf_add(0x3F800000u, 0x33800001u), 0x3F800001u);      /* above tie */
    ck_assert_uint_eq(sf_add(0x00000001u, 0x00000001u), 0x00000002u);      /* subnormals */
    ck_assert_uint_eq(sf_add(0x00800000u, 0x80000001u), 0x007FFFFFu);      /* min normal - min sub */
    ck_assert_uint_eq(sf_add(0x7F7FFFFFu, 0x73000000u), 0x7F800000u);      /* max + half ulp -> inf */
    ck_assert_uint_eq(sf_add(0x7F7FFFFFu, 0x72FFFFFFu), 0x7F7FFFFFu);
    ck_assert_uint_eq(sf_add(0x3F800000u, 0xBF800000u), 0x00000000u);      /* 1 - 1 = +0 */
    ck_assert_uint_eq(sf_add(0x80000000u, 0x80000000u), 0x80000000u);      /* -0 + -0 */
    ck_assert_uint_eq(sf_add(0x80000000u, 0x00000000u), 0x00000000u);      /* -0 + +0 */
    ck_assert_uint_eq(sf_add(0x7F800000u, 0xFF800000u), SF_QNAN);
    ck_assert_uint_eq(sf_add(0x3F800000u, 0xB3800001u), 0x3F7FFFFFu);      /* 1 - (2^-24+) */
    ck_assert_uint_eq(sf_add(0x3F800000u, 0xB3000000u), 0x3F800000u);      /* 1 - 2^-25: tie, even */
    ck_assert_uint_eq(sf_add(0x3F800000u, 0x80000001u), 0x3F800000u);      /* sticky */
    ck_assert_uint_eq(sf_mul(0x3FC00000u, 0x3FC00000u), 0x40100000u);      /* 1.5^2 */
    ck_assert_uint_eq(sf_mul(0x00800000u, 0x3F000000u), 0x00400000u);      /* min normal / 2 */
    ck_assert_uint_eq(sf_mul(0x00000001u, 0x3F000000u), 0x00000000u);      /* 2^-150: tie -> 0 */
    ck_assert_uint_eq(sf_mul(0x00000001u, 0x3F400000u), 0x00000001u);      /* 0.75 min sub -> min sub */
    ck_assert_uint_eq(sf_mul(0x00000003u, 0x3F000000u), 0x00000002u);      /* 1.5 -> 2 */
    ck_assert_uint_eq(sf_mul(0x7F7FFFFFu, 0x40000000u), 0x7F800000u);
    ck_assert_uint_eq(sf_mul(0x80000000u, 0x3F800000u), 0x80000000u);
    ck_assert_uint_eq(sf_mul(0x7F800000u, 0x00000000u), SF_QNAN);
    ck_assert_uint_eq(sf_mul(0xFFC00001u, 0x3F800000u), SF_QNAN);
    /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 -> 1 + 2^-22 */
    ck_assert_uint_eq(sf_mul(0x3F800001u, 0x3F800001u), 0x3F800002u);
    /* (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: tie -> even 1 + 2^-11 */
    ck_assert_uint_eq(sf_mul(0x3F800800u, 0x3F800800u), 0x3F801000u);
}
END_TEST

/* 2 * 10^6 additions and 2 * 10^6 multiplications. */
START_TEST(add_mul_vs_softfloat)
{
    tl_rng r = {seed ^ 0x5EEDu};
    unsigned bad = 0;
    for (unsigned i = 0; i < 2000000; i++) {
        uint32_t a = rand_f32(&r), b = rand_partner(&r, a);
        if (i & 1) {
            uint32_t t = a; a = b; b = t;
        }
        uint32_t got_a = tl_f32_add(a, b), want_a = sf_add(a, b);
        uint32_t got_m = tl_f32_mul(a, b), want_m = sf_mul(a, b);
        if (got_a != want_a && bad++ < 10)
            printf("MISMATCH add %08x + %08x: model %08x softfloat %08x (seed %u)\n", a, b,
                   got_a, want_a, seed);
        if (got_m != want_m && bad++ < 10)
            printf("MISMATCH mul %08x * %08x: model %08x softfloat %08x (seed %u)\n", a, b,
                   got_m, want_m, seed);
    }
    ck_assert_msg(bad == 0, "%u mismatches (seed %u)", bad, seed);
}
END_TEST

static const tl_fmt ALL_FLOATS[5] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3,
                                     TL_FMT_E5M2};

/* Value of an element by its fields (numerics_test.h), as a double. */
static double value_of(tl_fmt f, uint32_t b)
{
    if (f == TL_FMT_FP32)
        return (double)nt_f(b);
    for (int i = 0; i < NT_NFMTS; i++)
        if (NT_FMTS[i].fmt == f)
            return nt_value(&NT_FMTS[i], b);
    return NAN;
}

/* tl_product for every float pair: 8-bit x 8-bit exhaustively, others on
 * random encodings. The reference is the exact product in double (two
 * 24-bit significands fit in 53 bits) rounded once to float. */
START_TEST(product_every_pair)
{
    tl_fmt fa = ALL_FLOATS[_i / 5], fb = ALL_FLOATS[_i % 5];
    tl_rng r = {seed + (uint32_t)_i};
    unsigned ba = tl_fmt_bits(fa), bb = tl_fmt_bits(fb), bad = 0;
    bool exhaustive = ba == 8 && bb == 8;
    unsigned n = exhaustive ? 65536 : 300000;
    for (unsigned i = 0; i < n; i++) {
        uint32_t a, b;
        if (exhaustive) {
            a = i >> 8;
            b = i & 0xFF;
        } else {
            a = ba == 32 ? rand_f32(&r) : tl_rng_u32(&r) & ((1u << ba) - 1);
            b = bb == 32 ? rand_f32(&r) : tl_rng_u32(&r) & ((1u << bb) - 1);
        }
        double p = value_of(fa, a) * value_of(fb, b);
        uint32_t want = isnan(p) ? 0x7FC00000u : nt_b((float)p);
        uint32_t got = tl_product(fa, a, fb, b);
        if (got != want && bad++ < 10)
            printf("MISMATCH product %s %08x x %s %08x: model %08x want %08x (seed %u)\n",
                   tl_fmt_name(fa), a, tl_fmt_name(fb), b, got, want, seed);
    }
    ck_assert_msg(bad == 0, "%s x %s: %u mismatches", tl_fmt_name(fa), tl_fmt_name(fb), bad);
}
END_TEST

START_TEST(product_int8)
{
    for (uint32_t i = 0; i < 65536; i++) {
        uint32_t a = i >> 8, b = i & 0xFF;
        int32_t want = (int32_t)(int8_t)a * (int32_t)(int8_t)b;
        if (tl_product(TL_FMT_INT8, a, TL_FMT_INT8, b) != (uint32_t)want)
            ck_abort_msg("int8 %02x x %02x", a, b);
    }
    /* int8 with a float format is not a legal product. */
    ck_assert_uint_eq(tl_product(TL_FMT_INT8, 1, TL_FMT_BF16, 0x3F80), 0x7FC00000u);
    ck_assert_uint_eq(tl_product(TL_FMT_E4M3, 0x38, TL_FMT_INT8, 1), 0x7FC00000u);
    ck_assert_uint_eq(tl_product(TL_FMT_INT32, 1, TL_FMT_INT32, 1), 0x7FC00000u);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    /* Line-buffered: Check's forked test processes must not lose the
     * MISMATCH lines they print before failing. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    seed = tl_test_seed(1);
    Suite *s = suite_create("numerics_arith");
    TCase *tc = tcase_create("arith");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, host_check);
    tcase_add_test(tc, softfloat_known_answers);
    tcase_add_test(tc, add_mul_vs_softfloat);
    tcase_add_loop_test(tc, product_every_pair, 0, 25);
    tcase_add_test(tc, product_int8);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
