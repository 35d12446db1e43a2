/* Test support for the driver's GEMM (gemm_ref.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gemm_ref.h"
#include "tl_hal_host.h"

void ref_st_le(uint8_t *p, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t ref_ld_le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

/* A float of magnitude around 2^-3..2^3, sometimes a special or a random
 * pattern (NaN, inf, subnormal, -0 all happen). */
static uint32_t rand_f32(tl_rng *r)
{
    uint32_t u = tl_rng_u32(r), pick = u % 64;
    if (pick == 0)
        return tl_rng_u32(r);                  /* any pattern */
    if (pick == 1)
        return 0x80000000u;                    /* -0 */
    if (pick == 2)
        return tl_rng_u32(r) & 0x807FFFFFu;    /* fp32 subnormal */
    uint32_t exp = 124 + tl_rng_u32(r) % 7;
    return (tl_rng_u32(r) & 0x807FFFFFu) | exp << 23;
}

void ref_fill(uint8_t *p, size_t n, tl_fmt f, tl_rng *r)
{
    unsigned es = tl_dma_esize(f);
    tl_convert_opts o = {.mode = TL_RND_RNE};
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        if (f == TL_FMT_INT8 || f == TL_FMT_INT32)
            v = tl_rng_u32(r);
        else if (f == TL_FMT_FP32)
            v = rand_f32(r);
        else if (tl_rng_u32(r) % 32 == 0)
            v = tl_rng_u32(r);                 /* a random pattern of the format */
        else
            v = tl_convert(TL_FMT_FP32, f, rand_f32(r), &o, 0);
        ref_st_le(p + i * es, es, v);
    }
}

void gemm_data_make(gemm_data *d, const gemm_case *c, tl_rng *rng)
{
    memset(d, 0, sizeof *d);
    d->c = *c;
    size_t ea = tl_dma_esize(c->fa), eb = tl_dma_esize(c->fb);
    d->a = malloc((size_t)c->M * c->K * ea + 1);
    d->b = malloc((size_t)c->K * c->N * eb + 1);
    d->out_bytes = (size_t)c->M * c->N * tl_dma_esize(c->fo);
    d->ref = malloc(d->out_bytes + 1);
    ck_assert(d->a && d->b && d->ref);
    ref_fill(d->a, (size_t)c->M * c->K, c->fa, rng);
    ref_fill(d->b, (size_t)c->K * c->N, c->fb, rng);
    if (c->has_c) {
        d->cm = malloc((size_t)c->M * c->N * 4);
        ck_assert_ptr_nonnull(d->cm);
        ref_fill(d->cm, (size_t)c->M * c->N, tl_rt_gemm_acc_fmt(c->fa, c->fb), rng);
    }
}

void gemm_data_reference(gemm_data *d, unsigned rows)
{
    const gemm_case *c = &d->c;
    size_t ea = tl_dma_esize(c->fa), MN = (size_t)c->M * c->N;
    uint8_t *at = malloc((size_t)c->K * c->M * ea + 1);
    uint32_t *psum = calloc(MN, 4);
    ck_assert(at && psum);
    for (size_t m = 0; m < c->M; m++) /* tl_matmul takes W = A^T, [K x M] */
        for (size_t k = 0; k < c->K; k++)
            memcpy(at + (k * c->M + m) * ea, d->a + (m * c->K + k) * ea, ea);
    if (c->has_c)
        for (size_t i = 0; i < MN; i++)
            psum[i] = ref_ld_le(d->cm + 4 * i, 4);
    ck_assert_int_eq(tl_matmul(rows, c->K, c->M, c->N, c->fa, at, c->fb, d->b, psum, !c->has_c), 0);
    tl_fmt acc = tl_rt_gemm_acc_fmt(c->fa, c->fb);
    unsigned eo = tl_dma_esize(c->fo);
    tl_convert_opts o = {.mode = c->round, .saturate = c->saturate, .seed = c->seed};
    for (size_t i = 0; i < MN; i++)
        ref_st_le(d->ref + i * eo, eo, c->fo == acc ? psum[i] : tl_convert(acc, c->fo, psum[i], &o, (uint32_t)i));
    free(at);
    free(psum);
}

void gemm_data_free(gemm_data *d)
{
    free(d->a);
    free(d->b);
    free(d->cm);
    free(d->ref);
}

const char *gemm_case_str(const gemm_case *c)
{
    static char s[160];
    snprintf(s, sizeof s, "%u x %u x %u %s*%s -> %s%s%s%s seed %u", c->M, c->K, c->N, tl_fmt_name(c->fa),
             tl_fmt_name(c->fb), tl_fmt_name(c->fo), c->has_c ? " +C" : "", c->round == TL_RND_SR ? " SR" : "",
             c->saturate ? " sat" : "", c->seed);
    return s;
}

uint64_t ref_upload(tl_dev *dev, const void *src, size_t n)
{
    uint64_t addr;
    ck_assert_int_eq(tl_rt_alloc(dev, n, 64, &addr), TL_RT_OK);
    if (src)
        ck_assert_int_eq(dev->hal->dram_write(dev->hal->ctx, addr, src, n), TL_HAL_OK);
    return addr;
}

uint8_t *gemm_run(tl_dev *dev, const gemm_data *d, tl_rt_gemm_stats *st)
{
    const gemm_case *c = &d->c;
    tl_rt_gemm_args g = {c->M, c->K, c->N, c->fa, c->fb, c->fo, 0, 0, 0, 0, c->has_c, c->round, c->saturate, c->seed};
    g.a = ref_upload(dev, d->a, (size_t)c->M * c->K * tl_dma_esize(c->fa));
    g.b = ref_upload(dev, d->b, (size_t)c->K * c->N * tl_dma_esize(c->fb));
    if (c->has_c)
        g.c = ref_upload(dev, d->cm, (size_t)c->M * c->N * 4);
    g.out = ref_upload(dev, NULL, d->out_bytes);
    int rc = tl_rt_gemm(dev, &g, st);
    ck_assert_msg(rc == TL_RT_OK, "%s: tl_rt_gemm: %s (device error %u %s at pc 0x%llx addr 0x%llx)",
                  gemm_case_str(c), tl_rt_strerror(rc), dev->err.code, tl_rt_device_message(dev->err.code),
                  (unsigned long long)dev->err.pc, (unsigned long long)dev->err.addr);
    uint8_t *out = malloc(d->out_bytes + 1);
    ck_assert_ptr_nonnull(out);
    ck_assert_int_eq(dev->hal->dram_read(dev->hal->ctx, g.out, out, d->out_bytes), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_free_all(dev), TL_RT_OK); /* the next case starts after the rings again */
    return out;
}

void gemm_expect(const gemm_data *d, const uint8_t *out, const char *what)
{
    unsigned eo = tl_dma_esize(d->c.fo);
    size_t n = (size_t)d->c.M * d->c.N;
    for (size_t i = 0; i < n; i++) {
        uint32_t have = ref_ld_le(out + i * eo, eo), want = ref_ld_le(d->ref + i * eo, eo);
        ck_assert_msg(have == want, "%s: %s: OUT[%zu][%zu] = 0x%x, tl_matmul reference 0x%x (SEED=%u)", what,
                      gemm_case_str(&d->c), i / d->c.N, i % d->c.N, have, want, tl_test_seed(1));
    }
}

void gemm_check(tl_dev *dev, const gemm_case *c, tl_rng *rng, const char *what, tl_rt_gemm_stats *st)
{
    gemm_data d;
    gemm_data_make(&d, c, rng);
    gemm_data_reference(&d, dev->cfg.rows);
    uint8_t *out = gemm_run(dev, &d, st);
    gemm_expect(&d, out, what);
    free(out);
    gemm_data_free(&d);
}

void gemm_errors_and_recovery(tl_dev *dev, tl_hal *hal, const gemm_fault_ops *ops, const char *what)
{
    gemm_case gc = {5, 20, 6, TL_FMT_FP16, TL_FMT_BF16, TL_FMT_FP32, false, TL_RND_RNE, false, 0};
    tl_rng rng = {3};
    gemm_data d;
    gemm_data_make(&d, &gc, &rng);
    gemm_data_reference(&d, dev->cfg.rows);
    uint64_t a, b, out;
    ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &a), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &b), TL_RT_OK);
    ck_assert_int_eq(tl_rt_alloc(dev, 4096, 64, &out), TL_RT_OK);
    hal->dram_write(hal->ctx, a, d.a, 5 * 20 * 2);
    hal->dram_write(hal->ctx, b, d.b, 20 * 6 * 2);
    tl_rt_gemm_args g = {5, 20, 6, TL_FMT_FP16, TL_FMT_BF16, TL_FMT_FP32, a, b, 0, out, false, TL_RND_RNE, false, 0};
    uint8_t o[5 * 6 * 4];

    ck_assert_int_eq(ops->add_fault(hal, b + 64, b + 64, false, 2), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_EDEVICE);
    ck_assert_uint_eq(dev->err.code, TL_ISA_ERR_DMA + TL_DMA_ERR_RD_SLVERR);
    ck_assert_uint_eq(dev->err.engine, 0);
    ck_assert_uint_eq(dev->err.queue, 0);
    ck_assert_uint_eq(dev->err.addr, b + 64);
    ck_assert_str_eq(tl_rt_device_message(dev->err.code), "DMA: a DRAM read answered SLVERR");
    ops->clear_faults(hal);
    ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_OK);
    hal->dram_read(hal->ctx, out, o, sizeof o);
    gemm_expect(&d, o, what);

    dev->timeout = ops->short_timeout;
    ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_ETIMEOUT);
    dev->timeout = TL_RT_TIMEOUT;
    memset(o, 0, sizeof o);
    hal->dram_write(hal->ctx, out, o, sizeof o);
    ck_assert_int_eq(tl_rt_gemm(dev, &g, NULL), TL_RT_OK);
    hal->dram_read(hal->ctx, out, o, sizeof o);
    gemm_expect(&d, o, what);
    gemm_data_free(&d);
}

void ref_cm_open(ref_cm *c, const tl_core_config *cfg)
{
    tl_hal_opts o = {.cfg = cfg, .dram_size = 16u << 20};
    ck_assert_int_eq(tl_hal_cmodel_open(&o, &c->hal), TL_HAL_OK);
    ck_assert_int_eq(tl_rt_open(&c->dev, &c->hal), TL_RT_OK);
}

void ref_cfg_4x8(tl_core_config *g)
{
    tl_core_config_default(g);
    g->rows = 4, g->cols = 8, g->data_width = 64, g->sbuf_part_log2 = 12, g->psum_banks = 2;
    g->psum_bank_log2 = 6, g->dma_queues = 3;
}

void ref_cfg_3x5(tl_core_config *g)
{
    tl_core_config_default(g);
    g->rows = 3, g->cols = 5, g->data_width = 64, g->sbuf_part_log2 = 8, g->psum_banks = 1;
    g->psum_bank_log2 = 5, g->dma_queues = 2;
}
