/* The tests' reference for the activation arithmetic (core_ref.h). */
#include "core_ref.h"
#include "trnlite/isa.h"
#include "trnlite/numerics.h"

bool ref_nan(uint32_t x)
{
    return (x & 0x7FFFFFFFu) > 0x7F800000u;
}

uint32_t ref_relu(uint32_t u)
{
    if (ref_nan(u))
        return u;
    return (u >> 31) || u == 0 ? 0 : u;
}

uint32_t ref_ew(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case TL_ISA_EWOP_ADD:
        return tl_f32_add(a, b);
    case TL_ISA_EWOP_MUL:
        return tl_f32_mul(a, b);
    case TL_ISA_EWOP_MAX: {
        if (ref_nan(a) || ref_nan(b))
            return TL_QNAN_FP32;
        if ((a & 0x7FFFFFFFu) == 0 && (b & 0x7FFFFFFFu) == 0)
            return a & b; /* +0 unless both are -0 */
        bool an = a >> 31, bn = b >> 31;
        if (an != bn)
            return an ? b : a;
        bool a_bigger = an ? a < b : a > b; /* same sign: compare magnitudes */
        return a_bigger ? a : b;
    }
    default:
        return !(b >> 31) && b != 0 && !ref_nan(b) ? a : 0;
    }
}

uint32_t ref_out(unsigned fmt, uint32_t v, unsigned round, bool sat, uint32_t seed, uint32_t coord)
{
    return tl_narrow(fmt, v, round, sat, round == TL_RND_SR ? tl_sr_rand(seed, coord) : 0);
}
