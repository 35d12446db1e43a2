/*
 * fp32_add (rtl/common/fp32_add.v) against cmodel tl_f32_add, bit for bit:
 * more than 10^6 vectors in one run, one per clock through the pipelined
 * cell: specials crossed with specials, subnormals, +-0, inf - inf, NaN
 * operands, massive cancellation, exact ties at every rounding position,
 * overflow to inf, and random operands (full bit patterns and close
 * exponents); then the corners of the pipelined adder's shortcuts
 * (alignment distance 20..40, cancellation at exponents 0..39). A
 * mismatch prints the vector and both results in hex, and replays it with
 * a waveform. The same test runs on both depths of the cell
 * (test_fp32_add: TL_FP32_ADD_LATENCY, test_fp32_add_te: te_pe's
 * TL_TE_ADD_LATENCY).
 */
#include <stdio.h>
#include <stdlib.h>

#include "fp32_pipe.h"
#include "te_shim.h"
#include "tl_test.h"
#include "trnlite/numerics.h"
#include "trnlite/tensor_engine.h"

/* The shim's calls in the shape fp32_pipe wants. */
static void *create(const char *wave, uint32_t seed) { return fp32_add_dut_create(wave, seed); }
static uint32_t step(void *d, uint32_t a, uint32_t b) { return fp32_add_dut_step(d, a, b); }
static void destroy(void *d) { fp32_add_dut_free(d); }

static fp32_pipe cell = {.name = "fp32_add", .op = "+", .create = create, .step = step,
                         .destroy = destroy, .ref = tl_f32_add};
static uint32_t seed;

static void setup(void)
{
    seed = tl_test_seed(0xadd);
    cell.seed = seed;
    cell.dut = create(tl_test_trace() ? tl_test_wave_path("fp32_add") : NULL, seed);
    cell.latency = fp32_add_dut_latency(cell.dut);
    ck_assert_msg(cell.latency == TL_FP32_ADD_LATENCY || cell.latency == TL_TE_ADD_LATENCY,
                  "fp32_add_tb built with latency %zu, not one of pipeline.def's", cell.latency);
}

static void teardown(void)
{
    destroy(cell.dut);
}

static const uint32_t specials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x00000002, 0x007fffff,
    0x807fffff, 0x00400000, 0x00800000, 0x80800000, 0x00800001, 0x00ffffff,
    0x3f800000, 0xbf800000, 0x3f800001, 0xbf7fffff, 0x3fffffff, 0x4b000000,
    0x4b800000, 0x33800000, 0x34000000, 0x7f7fffff, 0xff7fffff, 0x7f7ffffe,
    0x7f000000, 0x7e800000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
    0x7f800001, 0xff800001, 0x7fbfffff, 0x7fffffff, 0x0c000000, 0x8c000001,
};

START_TEST(test_specials)
{
    ck_assert_uint_eq(fp32_pipe_cross(&cell, specials, sizeof specials / sizeof specials[0]), 0);
}
END_TEST

START_TEST(test_random)
{
    enum { N = 1100000 };
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    tl_rng r = {seed};
    for (size_t i = 0; i < N; i++) {
        uint32_t u = tl_rng_u32(&r), v = tl_rng_u32(&r);
        uint32_t kind = i % 11;
        uint32_t ea = (u >> 23) & 0xff;
        if (kind <= 2) {                    /* any bit patterns */
            a[i] = u;
            b[i] = v;
        } else if (kind <= 4) {             /* close exponents, both signs */
            uint32_t eb = ea + tl_rng_below(&r, 61) - 30;
            if (eb > 254 || eb < 1)
                eb = ea;
            a[i] = u;
            b[i] = fp32_bits(v >> 31, eb, v);
        } else if (kind == 5) {             /* subnormals and tiny normals */
            a[i] = fp32_bits(u >> 31, tl_rng_below(&r, 3), u);
            b[i] = fp32_bits(v >> 31, tl_rng_below(&r, 3), v);
        } else if (kind == 6) {             /* massive cancellation */
            uint32_t e = 1 + tl_rng_below(&r, 254);
            a[i] = fp32_bits(0, e, u);
            uint32_t d = tl_rng_below(&r, 3);   /* exponent 0 or 1 apart */
            int32_t delta = (int32_t)tl_rng_below(&r, 17) - 8;
            b[i] = fp32_bits(1, e - (d == 2 && e > 1), (uint32_t)((int32_t)(u & 0x7fffff) + delta));
            if (v & 1) {
                uint32_t t = a[i]; a[i] = b[i]; b[i] = t;
            }
        } else if (kind == 7) {             /* exact ties at every rounding position */
            uint32_t d = 1 + tl_rng_below(&r, 24);        /* exponent distance */
            uint32_t e = d + 1 + tl_rng_below(&r, 254 - d);
            uint32_t sb = (v & 0xffffff) | 0x800000;      /* small significand */
            sb = (sb & ~((1u << d) - 1)) | (1u << (d - 1)); /* dropped bits = 100..0 */
            a[i] = fp32_bits(u >> 31, e, u);
            b[i] = fp32_bits((v >> 30) & 1, e - d, sb);
        } else if (kind == 8) {             /* overflow region */
            a[i] = fp32_bits(u >> 31, 250 + tl_rng_below(&r, 5), u);
            b[i] = fp32_bits(v >> 31, 245 + tl_rng_below(&r, 10), v);
        } else if (kind == 9) {             /* a special against random */
            a[i] = specials[tl_rng_below(&r, sizeof specials / sizeof specials[0])];
            b[i] = v;
        } else {                            /* x + (-x), x + 0 */
            a[i] = u;
            b[i] = (v & 1) ? u ^ 0x80000000u : (v & 0x80000000u);
        }
    }
    ck_assert_uint_eq(fp32_pipe_run(&cell, "random", a, b, N), 0);
    free(a);
    free(b);
}
END_TEST

/*
 * Corners of the pipelined adder's shortcuts: exponent distances around
 * the aligner's width and its "everything shifts out" cap (>= 32), with
 * small significands whose dropped bits are all zero, one bit, or all ones;
 * and cancellation at every small exponent, where the normalize shift is
 * limited by the exponent (subnormal results), decided bit by bit.
 */
START_TEST(test_corners)
{
    enum { N = 80000 };
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    static const uint32_t fracs[] = {0x000000, 0x000001, 0x400000, 0x7fffff, 0x555555, 0x000100};
    tl_rng r = {seed ^ 0xc0de};
    size_t n = 0;
    for (uint32_t d = 20; d <= 40; d++)
        for (size_t i = 0; i < sizeof fracs / sizeof fracs[0]; i++)
            for (uint32_t k = 0; k < 16; k++) {
                uint32_t u = tl_rng_u32(&r);
                uint32_t e = d + (k & 1) + tl_rng_below(&r, 254 - d - 1);
                a[n] = fp32_bits(u >> 31, e, u);
                b[n] = fp32_bits((k >> 1) & 1, e - d, fracs[i] ^ ((k & 4) ? 0 : (u & 1)));
                if (k & 8) {
                    uint32_t t = a[n]; a[n] = b[n]; b[n] = t;
                }
                n++;
            }
    while (n < N) {
        uint32_t u = tl_rng_u32(&r), v = tl_rng_u32(&r);
        uint32_t e = tl_rng_below(&r, 40);
        uint32_t eb = e - (e > 0 && (v & 1));
        a[n] = fp32_bits(u >> 31, e, u);
        b[n] = fp32_bits(!(u >> 31), eb, (u & 0x7fffff) ^ (v >> (9 + tl_rng_below(&r, 23))));
        n++;
    }
    ck_assert_uint_eq(fp32_pipe_run(&cell, "corners", a, b, n), 0);
    free(a);
    free(b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fp32_add");
    TCase *tc = tcase_create("fp32_add");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_specials);
    tcase_add_test(tc, test_random);
    tcase_add_test(tc, test_corners);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* failure messages survive Check's fork */
    return tl_test_main(argv[0], suite());
}
