/*
 * fp32_mul (rtl/common/fp32_mul.v) against cmodel tl_f32_mul, bit for bit:
 * more than 3 * 10^6 vectors, one per clock through the pipelined cell:
 * every special class crossed with every other (signed zeros, subnormals,
 * normals, the largest finite, infinities, quiet and signalling NaNs of
 * both signs), then random operands: full bit patterns, subnormal times
 * normal, products around the subnormal boundary and the underflow to
 * zero, around overflow, short significands whose products are exact or
 * exact ties at the rounding position, and a special against random. A
 * mismatch prints the vector and both results in hex, and replays it with
 * a waveform.
 */
#include <stdio.h>
#include <stdlib.h>

#include "act_shim.h"
#include "fp32_pipe.h"
#include "tl_test.h"
#include "trnlite/numerics.h"

/* The shim's calls in the shape fp32_pipe wants. */
static void *create(const char *wave, uint32_t seed) { return fp32_mul_dut_create(wave, seed); }
static uint32_t step(void *d, uint32_t a, uint32_t b) { return fp32_mul_dut_step(d, a, b); }
static void destroy(void *d) { fp32_mul_dut_free(d); }

static fp32_pipe cell = {.name = "fp32_mul", .op = "*", .latency = TL_FP32_MUL_LATENCY,
                         .create = create, .step = step, .destroy = destroy, .ref = tl_f32_mul};
static uint32_t seed;

static void setup(void)
{
    seed = tl_test_seed(0x3a1);
    cell.seed = seed;
    cell.dut = create(tl_test_trace() ? tl_test_wave_path("fp32_mul") : NULL, seed);
}

static void teardown(void)
{
    destroy(cell.dut);
}

/* One or more of every class, both signs. */
static const uint32_t specials[] = {
    0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x00000002, 0x00000003,
    0x007fffff, 0x807fffff, 0x00400000, 0x00400001, 0x00200000, 0x000fffff,
    0x00800000, 0x80800000, 0x00800001, 0x00ffffff, 0x01000000, 0x3f800000,
    0xbf800000, 0x3f800001, 0xbf7fffff, 0x3fffffff, 0x3f000000, 0x3e800000,
    0x4b000000, 0x4b800000, 0x33800000, 0x34000000, 0x2f800000, 0x30000000,
    0x1a800000, 0x26800000, 0x40000000, 0x7f7fffff, 0xff7fffff, 0x7f7ffffe,
    0x7f000000, 0x7e800000, 0x5f800000, 0x5f7fffff, 0x7f800000, 0xff800000,
    0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fbfffff, 0x7fffffff,
};

START_TEST(test_specials)
{
    ck_assert_uint_eq(fp32_pipe_cross(&cell, specials, sizeof specials / sizeof specials[0]), 0);
}
END_TEST

/* A significand of `bits` significant bits (1..24) below the hidden bit's
 * place, so that products are short (exact) or tie at the rounding bit. */
static uint32_t short_frac(tl_rng *r, unsigned bits)
{
    uint32_t m = (tl_rng_u32(r) | 1u) & ((1u << bits) - 1);
    return (m << (24 - bits)) & 0x7fffff;
}

START_TEST(test_random)
{
    enum { N = 3000000 };
    uint32_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    tl_rng r = {seed};
    for (size_t i = 0; i < N; i++) {
        uint32_t u = tl_rng_u32(&r), v = tl_rng_u32(&r);
        uint32_t kind = i % 10;
        if (kind <= 2) {                    /* any bit patterns */
            a[i] = u;
            b[i] = v;
        } else if (kind == 3) {             /* subnormal times normal */
            a[i] = fp32_bits(u >> 31, 0, u);
            b[i] = fp32_bits(v >> 31, 1 + tl_rng_below(&r, 254), v);
        } else if (kind == 4) {             /* results near the subnormal range: e1 in -30..30 */
            uint32_t ea = 1 + tl_rng_below(&r, 254);
            int32_t eb = 96 - (int32_t)ea + (int32_t)tl_rng_below(&r, 61);
            if (eb < 0 || eb > 254)
                eb = (int32_t)tl_rng_below(&r, 3);
            a[i] = fp32_bits(u >> 31, ea, u);
            b[i] = fp32_bits(v >> 31, (uint32_t)eb, v);
        } else if (kind == 5) {             /* overflow region: e1 around 254 */
            uint32_t ea = 127 + tl_rng_below(&r, 128);
            int32_t eb = 380 - (int32_t)ea + (int32_t)tl_rng_below(&r, 9) - 4;
            if (eb < 1 || eb > 254)
                eb = 254;
            a[i] = fp32_bits(u >> 31, ea, u);
            b[i] = fp32_bits(v >> 31, (uint32_t)eb, v);
        } else if (kind == 6) {             /* short significands: exact products and ties */
            unsigned ba = 1 + tl_rng_below(&r, 24), bb = 1 + tl_rng_below(&r, 24);
            uint32_t ea = 1 + tl_rng_below(&r, 254), eb = 1 + tl_rng_below(&r, 254);
            a[i] = fp32_bits(u >> 31, ea, short_frac(&r, ba));
            b[i] = fp32_bits(v >> 31, eb, short_frac(&r, bb));
        } else if (kind == 7) {             /* short significands near and in the subnormal range */
            unsigned ba = 1 + tl_rng_below(&r, 24), bb = 1 + tl_rng_below(&r, 24);
            uint32_t ea = tl_rng_below(&r, 127);
            uint32_t eb = 127 - ea > 100 ? 0 : tl_rng_below(&r, 2 + 127 - ea);
            a[i] = fp32_bits(u >> 31, ea, short_frac(&r, ba));
            b[i] = fp32_bits(v >> 31, eb, short_frac(&r, bb));
        } else if (kind == 8) {             /* a special against random */
            a[i] = specials[tl_rng_below(&r, sizeof specials / sizeof specials[0])];
            b[i] = v;
            if (u & 1) {
                uint32_t t = a[i]; a[i] = b[i]; b[i] = t;
            }
        } else {                            /* x * 2^k, x * 1, x * -1 */
            a[i] = u;
            b[i] = fp32_bits(v >> 31, (v & 1) ? 127 : tl_rng_below(&r, 255), 0);
        }
    }
    ck_assert_uint_eq(fp32_pipe_run(&cell, "random", a, b, N), 0);
    free(a);
    free(b);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("fp32_mul");
    TCase *tc = tcase_create("fp32_mul");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_specials);
    tcase_add_test(tc, test_random);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    (void)argc;
    setvbuf(stdout, NULL, _IOLBF, 0);   /* failure messages survive Check's fork */
    return tl_test_main(argv[0], suite());
}
