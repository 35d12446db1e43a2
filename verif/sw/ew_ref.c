/* Test support for the driver's elementwise calls (ew_ref.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ew_ref.h"

static bool f32_nan(uint32_t x) { return (x & 0x7FFFFFFFu) > 0x7F800000u; }
static bool f32_pos(uint32_t x) { return !(x >> 31) && x != 0 && !f32_nan(x); }
/* Order key of a non-NaN fp32 (-0 below +0). */
static uint32_t f32_key(uint32_t x) { return x >> 31 ? ~x : x | 0x80000000u; }

static uint32_t elem(tl_fmt f, const uint8_t *p, size_t i)
{
    unsigned es = tl_dma_esize(f);
    return tl_widen(f, ref_ld_le(p + i * es, es));
}

const char *ew_case_str(const ew_case *c)
{
    static const char *const kinds[] = {"activate", "elemwise", "copy"};
    static char s[200];
    snprintf(s, sizeof s, "%s %u x %u op %u %s,%s -> %s%s%s%s%s%s%s seed %u", kinds[c->kind], c->rows, c->cols,
             c->op, tl_fmt_name(c->fa), tl_fmt_name(c->fb), tl_fmt_name(c->fo), c->scale_vec ? " scale/row" : "",
             c->bias_vec ? " bias/row" : "", c->in_place ? " in place" : "", c->transpose ? " transposed" : "",
             c->round == TL_RND_SR ? " SR" : "", c->saturate ? " sat" : "", c->seed);
    return s;
}

uint32_t ew_ref_elem(const ew_case *c, const uint8_t *a, const uint8_t *b, const uint8_t *scale,
                     const uint8_t *bias, uint32_t s_scalar, uint32_t b_scalar, size_t i)
{
    uint32_t v;
    if (c->kind == EW_COPY) {
        /* transposed: output [cols x rows], element i is source (i % rows, i / rows) */
        size_t src = c->transpose ? (i % c->rows) * c->cols + i / c->rows : i;
        unsigned es = tl_dma_esize(c->fa);
        if (c->fa == c->fo) /* the DMA copies an element of the same format as it is (dma.md) */
            return ref_ld_le(a + src * es, es);
        v = elem(c->fa, a, src);
    } else if (c->kind == EW_ACT) {
        size_t r = i / c->cols;
        uint32_t s = c->scale_vec ? elem(c->fb, scale, r) : s_scalar;
        uint32_t bb = c->bias_vec ? elem(c->fb, bias, r) : b_scalar;
        v = tl_f32_add(tl_f32_mul(elem(c->fa, a, i), s), bb);
        if (c->op == TL_ISA_FUNC_RELU && !f32_nan(v) && !f32_pos(v))
            v = 0;
    } else {
        uint32_t x = elem(c->fa, a, i), y = elem(c->fb, b, i);
        switch (c->op) {
        case TL_ISA_EWOP_ADD: v = tl_f32_add(x, y); break;
        case TL_ISA_EWOP_MUL: v = tl_f32_mul(x, y); break;
        case TL_ISA_EWOP_MAX:
            v = f32_nan(x) || f32_nan(y) ? TL_QNAN_FP32 : f32_key(x) >= f32_key(y) ? x : y;
            break;
        default: v = f32_pos(y) ? x : 0; break;
        }
    }
    /* SR coordinate: the output element's row-major index. */
    uint32_t rand = c->round == TL_RND_SR ? tl_sr_rand(c->seed, (uint32_t)i) : 0;
    return tl_narrow(c->fo, v, c->round, c->saturate, rand);
}

void ew_check(tl_dev *dev, const ew_case *c, tl_rng *rng, const char *what, tl_rt_ew_stats *st)
{
    size_t n = (size_t)c->rows * c->cols;
    unsigned ea = tl_dma_esize(c->fa), eb = tl_dma_esize(c->fb), eo = tl_dma_esize(c->fo);
    uint8_t *a = malloc(n * ea + 1), *b = malloc(n * eb + 1), *sv = malloc(c->rows * eb + 1),
            *bv = malloc(c->rows * eb + 1), *out = malloc(n * eo + 1);
    uint8_t sc[8];
    ck_assert(a && b && sv && bv && out);
    ref_fill(a, n, c->fa, rng);
    ref_fill(b, n, c->fb, rng);
    ref_fill(sv, c->rows, c->fb, rng);
    ref_fill(bv, c->rows, c->fb, rng);
    ref_fill(sc, 2, TL_FMT_FP32, rng);
    uint32_t s_scalar = ref_ld_le(sc, 4), b_scalar = ref_ld_le(sc + 4, 4);

    uint64_t da = ref_upload(dev, a, n * ea), dout = c->in_place ? da : ref_upload(dev, NULL, n * eo);
    int rc;
    if (c->kind == EW_ACT) {
        tl_rt_act_args x = {c->rows, c->cols, da, dout, c->fa, c->fo, c->op,
                            {c->scale_vec ? ref_upload(dev, sv, c->rows * eb) : 0, c->fb, s_scalar},
                            {c->bias_vec ? ref_upload(dev, bv, c->rows * eb) : 0, c->fb, b_scalar},
                            c->round, c->saturate, c->seed};
        rc = tl_rt_activate(dev, &x, st);
    } else if (c->kind == EW_ELEM) {
        tl_rt_ew_args x = {c->rows, c->cols, da, ref_upload(dev, b, n * eb), dout, c->fa, c->fb, c->fo, c->op,
                           c->round, c->saturate, c->seed};
        rc = tl_rt_elemwise(dev, &x, st);
    } else {
        tl_rt_copy_args x = {c->rows, c->cols, da, dout, c->fa, c->fo, c->transpose, c->round, c->saturate, c->seed};
        rc = tl_rt_copy(dev, &x, st);
    }
    ck_assert_msg(rc == TL_RT_OK, "%s: %s: %s (device error %u %s)", what, ew_case_str(c), tl_rt_strerror(rc),
                  dev->err.code, tl_rt_device_message(dev->err.code));
    ck_assert_int_eq(dev->hal->dram_read(dev->hal->ctx, dout, out, n * eo), TL_HAL_OK);
    for (size_t i = 0; i < n; i++) {
        uint32_t have = ref_ld_le(out + i * eo, eo), want = ew_ref_elem(c, a, b, sv, bv, s_scalar, b_scalar, i);
        ck_assert_msg(have == want, "%s: %s: element %zu = 0x%x, reference 0x%x (SEED=%u)", what, ew_case_str(c), i,
                      have, want, tl_test_seed(1));
    }
    ck_assert_int_eq(tl_rt_free_all(dev), TL_RT_OK);
    free(a);
    free(b);
    free(sv);
    free(bv);
    free(out);
}
