/*
 * Narrowing fp32 -> bf16, fp16, e4m3, e5m2 with RNE or stochastic rounding
 * and the FP8 saturation modes, exactly as ARCHITECTURE.md 5.3 defines it.
 * Variable names follow that section: Mx, Ex, e, Q, D, I, F, up.
 */
#include "internals.h"

static uint32_t overflow(const tl_ffmt *f, uint32_t sign, bool saturate)
{
    uint32_t max_enc = ((uint32_t)(f->emax + f->bias) << f->man_bits) | f->max_man;
    uint32_t sbit = sign << (f->bits - 1);
    if (f->has_inf && !(saturate && f->bits == 8))
        return sbit | (((1u << f->exp_bits) - 1) << f->man_bits); /* +-inf */
    if (saturate)
        return sbit | max_enc;
    return f->qnan; /* e4m3 non-saturating */
}

/* Does rounding away the D low bits of Mx (dropped part F) round up? */
static uint32_t round_up(uint32_t Mx, int D, uint32_t I, tl_round mode, uint32_t r)
{
    if (mode == TL_RND_SR) {
        if (D <= 32) {
            uint64_t F = (uint64_t)Mx & ((1ull << D) - 1);
            return (uint32_t)((F + ((uint64_t)r >> (32 - D))) >> D);
        }
        uint64_t Ftop = (D - 32 < 32) ? (uint64_t)(Mx >> (D - 32)) : 0;
        return (uint32_t)((Ftop + r) >> 32);
    }
    if (D > 25) /* Mx < 2^24 <= half: always below half */
        return 0;
    uint32_t F = Mx & ((1u << D) - 1);
    uint32_t half = 1u << (D - 1);
    return F > half || (F == half && (I & 1u));
}

uint32_t tl_narrow(tl_fmt to, uint32_t x, tl_round mode, bool saturate,
                   uint32_t rand32)
{
    if (to == TL_FMT_FP32)
        return tl_f32_canon(x);
    const tl_ffmt *f = tl_ffmt_of(to);
    if (!f)
        return TL_QNAN_FP32;

    uint32_t sign = F32_SIGN(x), exp = F32_EXP(x), frac = F32_FRAC(x);
    uint32_t sbit = sign << (f->bits - 1);
    if (exp == 0xFF)
        return frac ? f->qnan : overflow(f, sign, saturate);
    if (exp == 0 && frac == 0)
        return sbit;

    int p = (int)f->man_bits + 1;
    int emin = 1 - f->bias;
    uint32_t Mx;
    int Ex, e;
    if (exp == 0) {
        Mx = frac;
        Ex = -149;
        e = (31 - __builtin_clz(frac)) - 149;
    } else {
        Mx = frac | 0x800000u;
        Ex = (int)exp - 150;
        e = (int)exp - 127;
    }
    int Q = (e > emin ? e : emin) - (p - 1);
    int D = Q - Ex; /* >= 1 for every target narrower than fp32 */
    uint32_t I = D < 32 ? Mx >> D : 0;
    uint32_t R = I + round_up(Mx, D, I, mode, rand32);

    if (R == 0)
        return sbit;
    if (R >> p) { /* rounded up to 2^p: next binade */
        R >>= 1;
        Q += 1;
    }
    if (R < (1u << (p - 1))) /* subnormal, Q == emin - (p - 1) */
        return sbit | R;
    int E = Q + p - 1;
    uint32_t man = R - (1u << (p - 1));
    if (E > f->emax || (E == f->emax && man > f->max_man))
        return overflow(f, sign, saturate);
    return sbit | ((uint32_t)(E + f->bias) << f->man_bits) | man;
}
