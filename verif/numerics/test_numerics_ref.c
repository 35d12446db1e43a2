/*
 * cmodel conversions against an independent reference: ml_dtypes
 * (bfloat16, float8_e4m3fn, float8_e5m2) and numpy float16, run by
 * verif/numerics/narrow_ref.py in the venv (build/venv, scripts/
 * install-deps.sh). The script writes seeded random fp32 inputs (biased
 * toward ties, boundaries, overflow and subnormal ranges) and its results
 * under build/verif/numerics/ref/; this test compares tl_narrow with them.
 *
 *  - 10^7 inputs (NUMERICS_REF_COUNT overrides), each narrowed to bf16,
 *    fp16, e4m3 and e5m2 with RNE: 4 * 10^7 comparisons.
 *  - ml_dtypes/numpy are non-saturating and may keep a NaN's sign and
 *    payload: where the reference is NaN, trnlite must give its canonical
 *    NaN. Saturating FP8 has no reference: it must equal the
 *    non-saturating reference where that is finite, and +-max (sign of the
 *    input) where it overflowed to inf/NaN from a non-NaN input.
 *  - Every encoding of bf16, fp16, e4m3, e5m2, int8 widened (vs
 *    astype(float32)) and converted to every float format (vs astype).
 *
 * $TL_PYTHON overrides the interpreter (default build/venv/bin/python).
 * Run from the repository top (make test does).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "numerics_test.h"

#define REF_DIR "build/verif/numerics/ref"

static uint32_t seed;
static size_t count;
static uint32_t *inputs;
static void *refs[NT_NFMTS];
static char setup_error[512];

static void *load(const char *name, size_t bytes)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", REF_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(setup_error, sizeof setup_error, "cannot open %s", path);
        return NULL;
    }
    void *p = malloc(bytes ? bytes : 1);
    size_t got = fread(p, 1, bytes, f);
    int extra = fgetc(f);
    fclose(f);
    if (got != bytes || extra != EOF) {
        snprintf(setup_error, sizeof setup_error, "%s: %zu bytes, expected %zu", path,
                 got, bytes);
        free(p);
        return NULL;
    }
    return p;
}

/* Unchecked fixture (runs once, in the parent): generate and load. */
static void setup(void)
{
    const char *py = getenv("TL_PYTHON");
    const char *n = getenv("NUMERICS_REF_COUNT");
    count = (n && *n) ? strtoul(n, NULL, 0) : 10000000;
    char cmd[512];
    snprintf(cmd, sizeof cmd,
             "%s verif/numerics/narrow_ref.py --seed %u --count %zu --out %s",
             py && *py ? py : "build/venv/bin/python", seed, count, REF_DIR);
    printf("%s\n", cmd);
    fflush(stdout);
    int rc = system(cmd);
    if (rc != 0) {
        snprintf(setup_error, sizeof setup_error,
                 "reference script failed (exit status %d): %.400s", rc, cmd);
        return;
    }
    inputs = load("inputs.u32", count * 4);
    char name[64];
    for (int i = 0; i < NT_NFMTS && inputs; i++) {
        snprintf(name, sizeof name, "ref_%s.bin", NT_FMTS[i].name);
        refs[i] = load(name, count * NT_FMTS[i].bits / 8);
    }
}

static uint32_t get(const void *arr, unsigned bits, size_t i)
{
    if (bits == 8)
        return ((const uint8_t *)arr)[i];
    if (bits == 16)
        return ((const uint16_t *)arr)[i];
    return ((const uint32_t *)arr)[i];
}

/* Compare one result with the non-saturating reference `ref` for input x
 * (fp32 bits) and with the saturating expectation derived from it. */
static unsigned check_one(const nt_fmt *f, const char *what, uint32_t x, uint32_t ref,
                          uint32_t got_nonsat, uint32_t got_sat)
{
    uint32_t want = nt_is_nan(f, ref) ? f->qnan : ref;
    uint32_t want_sat = want;
    if (f->bits == 8 && !nt_f32_is_nan(x) && (nt_is_nan(f, ref) || nt_is_inf(f, ref)))
        want_sat = ((x >> 31) ? nt_sign_bit(f) : 0) | f->max_enc;
    if (got_nonsat == want && got_sat == want_sat)
        return 0;
    printf("MISMATCH %s -> %s x=%08x (%a): non-sat got %0*x ref %0*x (want %0*x); "
           "sat got %0*x want %0*x (seed %u)\n",
           what, f->name, x, (double)nt_f(x), f->bits / 4, got_nonsat, f->bits / 4, ref,
           f->bits / 4, want, f->bits / 4, got_sat, f->bits / 4, want_sat, seed);
    return 1;
}

START_TEST(narrow_random_vs_reference)
{
    ck_assert_msg(inputs && refs[_i], "%s", setup_error);
    const nt_fmt *f = &NT_FMTS[_i];
    size_t bad = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t x = inputs[i];
        uint32_t a = tl_narrow(f->fmt, x, TL_RND_RNE, false, 0);
        uint32_t b = tl_narrow(f->fmt, x, TL_RND_RNE, true, 0);
        uint32_t ref = get(refs[_i], f->bits, i);
        if (check_one(f, "fp32", x, ref, a, b) && ++bad >= 20)
            break;
    }
    ck_assert_msg(bad == 0, "%s: %zu mismatches in %zu inputs (seed %u)", f->name, bad,
                  count, seed);
    printf("%s: %zu random fp32 values, RNE non-sat and sat, match the reference\n",
           f->name, count);
}
END_TEST

/* Every encoding of each source format: widened, and converted to every
 * float format, RNE and both saturation modes. */
static const struct {
    tl_fmt fmt;
    const char *name;
    unsigned bits;
} SOURCES[5] = {
    {TL_FMT_BF16, "bf16", 16}, {TL_FMT_FP16, "fp16", 16}, {TL_FMT_E4M3, "e4m3", 8},
    {TL_FMT_E5M2, "e5m2", 8},  {TL_FMT_INT8, "int8", 8},
};

START_TEST(every_encoding_vs_reference)
{
    ck_assert_msg(inputs, "%s", setup_error);
    char name[64];
    unsigned bad = 0;
    size_t n = (size_t)1 << SOURCES[_i].bits;
    snprintf(name, sizeof name, "widen_%s.u32", SOURCES[_i].name);
    uint32_t *wide = load(name, n * 4);
    ck_assert_msg(wide, "%s", setup_error);
    for (size_t b = 0; b < n; b++) {
        uint32_t got = tl_widen(SOURCES[_i].fmt, (uint32_t)b);
        uint32_t want = nt_f32_is_nan(wide[b]) ? 0x7FC00000u : wide[b];
        if (got != want && bad++ < 10)
            printf("MISMATCH widen %s %04zx: got %08x ref %08x\n", SOURCES[_i].name, b, got,
                   wide[b]);
    }
    for (int d = 0; d < NT_NFMTS; d++) {
        const nt_fmt *f = &NT_FMTS[d];
        snprintf(name, sizeof name, "conv_%s_%s.bin", SOURCES[_i].name, f->name);
        void *conv = load(name, n * f->bits / 8);
        ck_assert_msg(conv, "%s", setup_error);
        for (size_t b = 0; b < n; b++) {
            tl_convert_opts ns = {TL_RND_RNE, false, 0}, sa = {TL_RND_RNE, true, 0};
            uint32_t a = tl_convert(SOURCES[_i].fmt, f->fmt, (uint32_t)b, &ns, 0);
            uint32_t s = tl_convert(SOURCES[_i].fmt, f->fmt, (uint32_t)b, &sa, 0);
            if (check_one(f, SOURCES[_i].name, wide[b], get(conv, f->bits, b), a, s))
                bad++;
            if (bad > 20)
                break;
        }
        free(conv);
    }
    free(wide);
    ck_assert_msg(bad == 0, "%s: %u mismatches", SOURCES[_i].name, bad);
}
END_TEST

int main(int argc, char **argv)
{
    (void)argc;
    /* Line-buffered: Check's forked test processes must not lose the
     * MISMATCH lines they print before failing. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    seed = tl_test_seed(1);
    Suite *s = suite_create("numerics_ref");
    TCase *tc = tcase_create("ml_dtypes");
    tcase_add_unchecked_fixture(tc, setup, NULL);
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, narrow_random_vs_reference, 0, NT_NFMTS);
    tcase_add_loop_test(tc, every_encoding_vs_reference, 0, 5);
    suite_add_tcase(s, tc);
    return tl_test_main(argv[0], s);
}
