/*
 * IEEE binary32 add and multiply, and the tensor engine's product.
 * The host's binary32 unit is the implementation (RNE, subnormals, checked
 * by tl_host_check); only NaNs are made canonical, since hosts differ there.
 */
#include "internals.h"

uint32_t tl_f32_add(uint32_t a, uint32_t b)
{
    return tl_f32_canon(tl_bits_from_f32(tl_f32_from_bits(a) + tl_f32_from_bits(b)));
}

uint32_t tl_f32_mul(uint32_t a, uint32_t b)
{
    return tl_f32_canon(tl_bits_from_f32(tl_f32_from_bits(a) * tl_f32_from_bits(b)));
}

uint32_t tl_product(tl_fmt fa, uint32_t a, tl_fmt fb, uint32_t b)
{
    if (fa == TL_FMT_INT8 && fb == TL_FMT_INT8)
        return (uint32_t)((int32_t)(int8_t)(uint8_t)a * (int32_t)(int8_t)(uint8_t)b);
    if (fa == TL_FMT_INT8 || fb == TL_FMT_INT8 || !tl_fmt_is_float(fa) ||
        !tl_fmt_is_float(fb))
        return TL_QNAN_FP32;
    return tl_f32_mul(tl_widen(fa, a), tl_widen(fb, b));
}

int tl_host_check(void)
{
    /* volatile: make the host compute at run time, not the compiler. */
    volatile float tiny = tl_f32_from_bits(0x00000001u); /* 2^-149 */
    volatile float one = 1.0f, half_ulp = tl_f32_from_bits(0x33800000u); /* 2^-24 */
    volatile float a = 1.0f + 0x1p-12f, c = 1.0f + 0x1p-11f;
    if (tl_bits_from_f32(tiny + tiny) != 0x00000002u)
        return -1; /* flush to zero or denormals-are-zero */
    if (tl_bits_from_f32(one + half_ulp) != 0x3F800000u)
        return -1; /* not round-to-nearest-even */
    if (tl_bits_from_f32(tl_f32_from_bits(0x00800000u) * 0.5f) != 0x00400000u)
        return -1; /* subnormal products flushed */
    if (a * a - c != 0.0f)
        return -1; /* a*a - c was fused into an FMA */
    return 0;
}
