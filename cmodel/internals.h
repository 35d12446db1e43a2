/*
 * cmodel internals: bit fields of each format, in one place.
 * Not part of the public API (trnlite/numerics.h).
 */
#ifndef TRNLITE_CMODEL_INTERNALS_H
#define TRNLITE_CMODEL_INTERNALS_H

#include <stdint.h>
#include <string.h>

#include "trnlite/numerics.h"

/* fp32 fields */
#define F32_SIGN(b) ((b) >> 31)
#define F32_EXP(b)  (((b) >> 23) & 0xFFu)
#define F32_FRAC(b) ((b) & 0x7FFFFFu)
#define F32_IS_NAN(b) (((b) & 0x7FFFFFFFu) > 0x7F800000u)

/* A float format narrower than fp32, as narrowing and widening see it. */
typedef struct {
    unsigned bits;      /* 8 or 16 */
    unsigned exp_bits;
    unsigned man_bits;  /* stored fraction bits; p = man_bits + 1 */
    int bias;
    int emax;           /* exponent of the largest finite value */
    uint32_t max_man;   /* fraction field of the largest finite value */
    int has_inf;        /* e4m3: 0 (exp all ones is a normal binade) */
    uint32_t qnan;      /* canonical NaN */
} tl_ffmt;

/* Parameters of bf16, fp16, e4m3, e5m2; NULL for any other format. */
const tl_ffmt *tl_ffmt_of(tl_fmt fmt);

static inline float tl_f32_from_bits(uint32_t b)
{
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

static inline uint32_t tl_bits_from_f32(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b;
}

/* NaN -> canonical NaN; written without a branch so loops vectorize. */
static inline uint32_t tl_f32_canon(uint32_t b)
{
    uint32_t nan = (uint32_t)0 - (uint32_t)F32_IS_NAN(b);
    return (b & ~nan) | ((uint32_t)TL_QNAN_FP32 & nan);
}

#endif
