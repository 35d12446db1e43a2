/* Widening to fp32: exact for every trnlite format (ARCHITECTURE.md 5.2). */
#include "internals.h"

/* A narrow float's bits -> fp32 bits. */
static uint32_t widen_float(const tl_ffmt *f, uint32_t bits)
{
    uint32_t man_mask = (1u << f->man_bits) - 1;
    uint32_t exp_max = (1u << f->exp_bits) - 1;
    uint32_t sign = (bits >> (f->bits - 1)) & 1u;
    uint32_t exp = (bits >> f->man_bits) & exp_max;
    uint32_t man = bits & man_mask;

    if (exp == exp_max && (f->has_inf || man == man_mask)) {
        if (man != 0)
            return TL_QNAN_FP32;
        return (sign << 31) | 0x7F800000u;
    }
    if (exp == 0) {
        if (man == 0)
            return sign << 31;
        /* Subnormal: value = man * 2^(1 - bias - man_bits); normalize. */
        int msb = 31 - __builtin_clz(man);
        int e = msb + 1 - f->bias - (int)f->man_bits;
        uint32_t frac = (man << (23 - msb)) & 0x7FFFFFu;
        if (e < -126) /* only bf16 subnormals are fp32 subnormals */
            return (sign << 31) | (man << (23 - f->man_bits));
        return (sign << 31) | ((uint32_t)(e + 127) << 23) | frac;
    }
    return (sign << 31) | ((uint32_t)((int)exp - f->bias + 127) << 23) |
           (man << (23 - f->man_bits));
}

static uint32_t widen_int8(uint32_t bits)
{
    int8_t v = (int8_t)(uint8_t)bits;
    return tl_bits_from_f32((float)v); /* exact: |v| <= 128 */
}

uint32_t tl_widen(tl_fmt from, uint32_t bits)
{
    switch (from) {
    case TL_FMT_FP32:
        return tl_f32_canon(bits);
    case TL_FMT_INT8:
        return widen_int8(bits & 0xFFu);
    default: {
        const tl_ffmt *f = tl_ffmt_of(from);
        if (!f)
            return TL_QNAN_FP32;
        return widen_float(f, bits & ((1u << f->bits) - 1));
    }
    }
}

void tl_widen_array(tl_fmt from, const void *src, uint32_t *dst, size_t n)
{
    switch (tl_fmt_bits(from)) {
    case 8: {
        uint32_t table[256];
        for (uint32_t i = 0; i < 256; i++)
            table[i] = tl_widen(from, i);
        const uint8_t *s = src;
        for (size_t i = 0; i < n; i++)
            dst[i] = table[s[i]];
        break;
    }
    case 16: {
        const uint16_t *s = src;
        if (from == TL_FMT_BF16) {
            for (size_t i = 0; i < n; i++)
                dst[i] = tl_f32_canon((uint32_t)s[i] << 16);
        } else {
            for (size_t i = 0; i < n; i++)
                dst[i] = tl_widen(from, s[i]);
        }
        break;
    }
    default: {
        const uint32_t *s = src;
        for (size_t i = 0; i < n; i++)
            dst[i] = tl_widen(from, s[i]);
        break;
    }
    }
}
