/*
 * Shared helpers of the numerics tests (verif/numerics/test_numerics_*.c).
 *
 * The format facts here are written out again from the OCP OFP8 and IEEE
 * 754 definitions on purpose, not taken from cmodel/internals.h: a test's
 * expectations must not come from the code under test.
 */
#ifndef NUMERICS_TEST_H
#define NUMERICS_TEST_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "tl_test.h"
#include "trnlite/numerics.h"

/* A float format narrower than fp32, as the tests see it. */
typedef struct {
    tl_fmt fmt;
    const char *name;
    unsigned bits;      /* 8 or 16 */
    unsigned ebits;     /* exponent field width */
    unsigned mbits;     /* stored mantissa bits */
    int bias;
    bool has_inf;       /* e4m3: no infinities, only S.1111.111 is NaN */
    uint32_t qnan;      /* canonical NaN */
    uint32_t max_enc;   /* largest finite, positive */
    double max_val;     /* its value */
    double min_sub;     /* smallest positive subnormal */
} nt_fmt;

static const nt_fmt NT_FMTS[4] = {
    {TL_FMT_BF16, "bf16", 16, 8, 7, 127, true, 0x7FC0, 0x7F7F, 0x1.FEp127, 0x1p-133},
    {TL_FMT_FP16, "fp16", 16, 5, 10, 15, true, 0x7E00, 0x7BFF, 65504.0, 0x1p-24},
    {TL_FMT_E4M3, "e4m3", 8, 4, 3, 7, false, 0x7F, 0x7E, 448.0, 0x1p-9},
    {TL_FMT_E5M2, "e5m2", 8, 5, 2, 15, true, 0x7E, 0x7B, 57344.0, 0x1p-16},
};
#define NT_NFMTS 4

static inline uint32_t nt_sign_bit(const nt_fmt *f) { return 1u << (f->bits - 1); }

static inline bool nt_is_nan(const nt_fmt *f, uint32_t b)
{
    uint32_t mag = b & (nt_sign_bit(f) - 1);
    uint32_t exp_all = ((1u << f->ebits) - 1) << f->mbits;
    if (!f->has_inf)
        return mag == (exp_all | ((1u << f->mbits) - 1));
    return mag > exp_all;
}

static inline bool nt_is_inf(const nt_fmt *f, uint32_t b)
{
    uint32_t mag = b & (nt_sign_bit(f) - 1);
    return f->has_inf && mag == ((1u << f->ebits) - 1) << f->mbits;
}

/* Value of an encoding from its fields with ldexp (NaN for NaN). */
static inline double nt_value(const nt_fmt *f, uint32_t b)
{
    if (nt_is_nan(f, b))
        return NAN;
    double s = (b & nt_sign_bit(f)) ? -1.0 : 1.0;
    if (nt_is_inf(f, b))
        return s * INFINITY;
    uint32_t exp = (b >> f->mbits) & ((1u << f->ebits) - 1);
    uint32_t man = b & ((1u << f->mbits) - 1);
    if (exp == 0)
        return s * ldexp((double)man, 1 - f->bias - (int)f->mbits);
    return s * ldexp((double)(man | (1u << f->mbits)), (int)exp - f->bias - (int)f->mbits);
}

static inline float nt_f(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static inline uint32_t nt_b(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

static inline bool nt_f32_is_nan(uint32_t b) { return (b & 0x7FFFFFFFu) > 0x7F800000u; }

/* fp32 bits of a double that is exactly an fp32 value. */
static inline uint32_t nt_b_of_d(double d) { return nt_b((float)d); }

#endif
