/* Test support for the whole-core model (core_harness.h). */
#include <stdlib.h>
#include <string.h>

#include "core_harness.h"
#include "fcov.h"
#include "tl_test.h"
#include "xcov.h"

static uint32_t model_rd(ch *h, uint32_t off) { return tl_core_csr_read32(h->core, off); }
static void model_wr(ch *h, uint32_t off, uint32_t v) { tl_core_csr_write32(h->core, off, v); }

static uint64_t model_run(ch *h)
{
    uint64_t n = tl_core_run(h->core, 10000000);
    ck_assert_msg(n < 10000000, "the core did not become quiescent");
    return n;
}

static void model_free(ch *h)
{
    tl_core_free(h->core);
    free(h->dram);
}

static const ch_ops model_ops = {model_rd, model_wr, model_run, model_free};

ch *ch_create(const tl_core_config *cfg)
{
    ch *h = calloc(1, sizeof *h);
    ck_assert_ptr_nonnull(h);
    h->ops = &model_ops;
    if (cfg)
        h->cfg = *cfg;
    else
        tl_core_config_default(&h->cfg);
    int rc = tl_core_create(&h->cfg, &h->core);
    ck_assert_msg(rc == TL_CORE_OK, "tl_core_create: %s", tl_core_strerror(rc));
    h->dram = calloc(CH_DRAM_SIZE, 1);
    ck_assert_ptr_nonnull(h->dram);
    tl_core_set_dram(h->core, h->dram, CH_DRAM_BASE, CH_DRAM_SIZE);
    ch_setup(h);
    return h;
}

void ch_setup(ch *h)
{
    h->nxpend = 0; /* set up again after a reset: what was pushed before is gone */
    uint64_t last = CH_DRAM_BASE + CH_DRAM_SIZE - 1;
    ch_wr(h, CSR(DRAM_BASE_LO), (uint32_t)CH_DRAM_BASE);
    ch_wr(h, CSR(DRAM_BASE_HI), (uint32_t)(CH_DRAM_BASE >> 32));
    ch_wr(h, CSR(DRAM_LIMIT_LO), (uint32_t)last);
    ch_wr(h, CSR(DRAM_LIMIT_HI), (uint32_t)(last >> 32));
    for (unsigned e = 0; e < 3; e++) {
        ch_wr(h, CSR_Q(e, BASE_LO), (uint32_t)ch_slot(e, 0));
        ch_wr(h, CSR_Q(e, BASE_HI), (uint32_t)(ch_slot(e, 0) >> 32));
        ch_wr(h, CSR_Q(e, SIZE), CH_RING_SLOTS);
    }
    ch_wr(h, CSR(CTRL), 1);
}

void ch_free(ch *h)
{
    h->ops->free(h);
    free(h->xpend);
    free(h);
}

uint32_t ch_rd(ch *h, uint32_t off) { return h->ops->rd(h, off); }

void ch_wr(ch *h, uint32_t off, uint32_t v)
{
    /* a soft reset or a ring reset: the pushed instructions may not run */
    if ((off == CSR(CTRL) && (v & TRNLITE_CSR__CTRL__SOFT_RESET_bm)) ||
        ((off == CSR_Q(0, CTRL) || off == CSR_Q(1, CTRL) || off == CSR_Q(2, CTRL)) &&
         (v & TRNLITE_CSR__QX__CTRL__RESET_bm)))
        h->nxpend = 0;
    h->ops->wr(h, off, v);
}

unsigned ch_xcov_commit(ch *h)
{
    unsigned n = 0;
    bool ran = h->rtl && ch_rd(h, CSR(ERR_CODE)) == 0;
    for (unsigned e = 0; ran && e < 3; e++)
        ran = ch_rd(h, CSR_Q(e, HEAD)) == ch_rd(h, CSR_Q(e, TAIL));
    for (unsigned i = 0; ran && i < h->nxpend; i++) {
        xcov_point p;
        if (xcov_from_insn(h->xpend[i], &p)) {
            xcov_hit(&p);
            n++;
        }
    }
    h->nxpend = 0;
    return n;
}

uint64_t ch_run(ch *h) { return h->ops->run(h); }
uint64_t ch_slot(unsigned e, unsigned i) { return CH_DRAM_BASE + ((uint64_t)e * CH_RING_SLOTS + i) * 128; }
uint8_t *ch_mem(ch *h, uint64_t addr) { return h->dram + (addr - CH_DRAM_BASE); }

static const char *fmt_name(uint32_t f) { return f < TL_FMT_COUNT ? tl_fmt_name(f) : "bad"; }

/* Functional coverage of the instructions pushed to the RTL core: opcode,
 * format pairs, rounding, saturation, function, PSUM overwrite /
 * accumulate per bank, semaphore waits and signals. */
static void count_insn(const ch *h, const uint32_t *in)
{
    unsigned op = tl_isa_get(in, TL_ISA_HDR_OPCODE);
    const char *name = tl_isa_op_name(op);
    FCOV_HITF("core.op.%s", name ? name : "unknown");
    if (tl_isa_get(in, TL_ISA_HDR_WAIT))
        FCOV_HITF("core.sem.wait_insn");
    if (tl_isa_get(in, TL_ISA_HDR_SIGNAL))
        FCOV_HITF("core.sem.signal_insn");
    if (op == TL_ISA_OP_MATMUL) {
        FCOV_HITF("core.matmul.%s*%s", fmt_name(tl_isa_get(in, TL_ISA_MATMUL_FMT_W)),
                  fmt_name(tl_isa_get(in, TL_ISA_MATMUL_FMT_X)));
        FCOV_HITF("core.psum.bank%u.%s", tl_isa_get(in, TL_ISA_MATMUL_E0) >> h->cfg.psum_bank_log2,
                  tl_isa_get(in, TL_ISA_MATMUL_START) ? "overwrite" : "accumulate");
        FCOV_HITF("core.matmul.load%u", tl_isa_get(in, TL_ISA_MATMUL_LOAD));
    } else if (op == TL_ISA_OP_ACTIVATE || op == TL_ISA_OP_ELEMWISE) {
        bool act = op == TL_ISA_OP_ACTIVATE;
        uint32_t out = tl_isa_get(in, act ? TL_ISA_ACTIVATE_OUT_FMT : TL_ISA_ELEMWISE_OUT_FMT);
        if (act) {
            FCOV_HITF("core.act.%s>%s", fmt_name(tl_isa_get(in, TL_ISA_ACTIVATE_IN_FMT)), fmt_name(out));
            FCOV_HITF("core.act.func%u", tl_isa_get(in, TL_ISA_ACTIVATE_FUNC));
        } else {
            FCOV_HITF("core.ew.op%u", tl_isa_get(in, TL_ISA_ELEMWISE_OP));
        }
        FCOV_HITF("core.%s.round.%s", act ? "act" : "ew",
                  tl_isa_get(in, act ? TL_ISA_ACTIVATE_ROUND : TL_ISA_ELEMWISE_ROUND) ? "SR" : "RNE");
        if (out == TL_FMT_E4M3 || out == TL_FMT_E5M2)
            FCOV_HITF("core.%s.sat.%s.%u", act ? "act" : "ew", fmt_name(out),
                      tl_isa_get(in, act ? TL_ISA_ACTIVATE_SAT : TL_ISA_ELEMWISE_SAT));
    }
}

void ch_push(ch *h, unsigned e, const uint32_t *insn)
{
    if (h->rtl) {
        count_insn(h, insn);
        /* a harness that never commits (sim_core, the walks) keeps at
         * most this many: past it the older ones are dropped (a commit
         * then counts fewer than ran, never more) */
        if (h->nxpend == 1u << 16)
            h->nxpend = 0;
        if (h->nxpend == h->xcap) {
            h->xcap = h->xcap ? 2 * h->xcap : 64;
            h->xpend = realloc(h->xpend, h->xcap * sizeof *h->xpend);
            ck_assert_ptr_nonnull(h->xpend);
        }
        memcpy(h->xpend[h->nxpend++], insn, sizeof(tl_insn));
    }
    uint8_t *p = ch_mem(h, ch_slot(e, h->tail[e]));
    for (unsigned w = 0; w < 32; w++)
        st_le(p + 4 * w, 4, insn[w]);
    h->tail[e] = (h->tail[e] + 1) % CH_RING_SLOTS;
    ch_wr(h, CSR_Q(e, TAIL), h->tail[e]);
}


static void set(uint32_t *in, unsigned id, uint32_t v)
{
    ck_assert_msg(tl_isa_set(in, id, v) == 0, "field %s_%s: value 0x%x does not fit",
                  tl_isa_field(id)->op, tl_isa_field(id)->name, v);
}

void insn_hdr(uint32_t *in, unsigned op, int ws, uint32_t wv, int ss, uint32_t sv)
{
    memset(in, 0, 128);
    set(in, TL_ISA_HDR_OPCODE, op);
    if (ws >= 0) {
        set(in, TL_ISA_HDR_WAIT, 1);
        set(in, TL_ISA_HDR_WS, (uint32_t)ws);
        set(in, TL_ISA_HDR_WV, wv);
    }
    if (ss >= 0) {
        set(in, TL_ISA_HDR_SIGNAL, 1);
        set(in, TL_ISA_HDR_SS, (uint32_t)ss);
        set(in, TL_ISA_HDR_SV, sv);
    }
}

void insn_nop(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv)
{
    insn_hdr(in, TL_ISA_OP_NOP, ws, wv, ss, sv);
}

void insn_dma(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, unsigned queue,
              const tl_dma_desc *d)
{
    uint32_t w[TL_DMA_DESC_WORDS];
    insn_hdr(in, TL_ISA_OP_DMA, ws, wv, ss, sv);
    set(in, TL_ISA_DMA_QUEUE, queue);
    tl_dma_desc_pack(d, w);
    for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
        ck_assert_int_eq(tl_isa_set_at(in, TL_ISA_DMA_DESC, i, w[i]), 0);
}

void insn_matmul(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const mm_args *a)
{
    insn_hdr(in, TL_ISA_OP_MATMUL, ws, wv, ss, sv);
    set(in, TL_ISA_MATMUL_FMT_W, a->fw);
    set(in, TL_ISA_MATMUL_FMT_X, a->fx);
    set(in, TL_ISA_MATMUL_START, a->start);
    set(in, TL_ISA_MATMUL_LOAD, a->load);
    set(in, TL_ISA_MATMUL_K, a->K);
    set(in, TL_ISA_MATMUL_M, a->M);
    set(in, TL_ISA_MATMUL_N, a->N);
    set(in, TL_ISA_MATMUL_W_OFF, a->w_off);
    set(in, TL_ISA_MATMUL_X_OFF, a->x_off);
    set(in, TL_ISA_MATMUL_E0, a->e0);
}

void insn_act(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const act_args *a)
{
    insn_hdr(in, TL_ISA_OP_ACTIVATE, ws, wv, ss, sv);
    set(in, TL_ISA_ACTIVATE_IN_SPACE, a->in_space);
    set(in, TL_ISA_ACTIVATE_IN_FMT, a->in_fmt);
    set(in, TL_ISA_ACTIVATE_OUT_SPACE, a->out_space);
    set(in, TL_ISA_ACTIVATE_OUT_FMT, a->out_fmt);
    set(in, TL_ISA_ACTIVATE_ROUND, a->round);
    set(in, TL_ISA_ACTIVATE_SAT, a->sat);
    set(in, TL_ISA_ACTIVATE_FUNC, a->func);
    set(in, TL_ISA_ACTIVATE_SCALE_PP, a->scale_pp);
    set(in, TL_ISA_ACTIVATE_BIAS_PP, a->bias_pp);
    set(in, TL_ISA_ACTIVATE_P, a->P);
    set(in, TL_ISA_ACTIVATE_P0, a->p0);
    set(in, TL_ISA_ACTIVATE_F, a->F);
    set(in, TL_ISA_ACTIVATE_IN_OFF, a->in_off);
    set(in, TL_ISA_ACTIVATE_OUT_OFF, a->out_off);
    set(in, TL_ISA_ACTIVATE_SCALE, a->scale);
    set(in, TL_ISA_ACTIVATE_BIAS, a->bias);
    set(in, TL_ISA_ACTIVATE_SEED, a->seed);
    set(in, TL_ISA_ACTIVATE_CBASE, a->cbase);
    set(in, TL_ISA_ACTIVATE_CSTRIDE_P, a->csp);
    set(in, TL_ISA_ACTIVATE_CSTRIDE_F, a->csf);
}

void insn_ew(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const ew_args *a)
{
    insn_hdr(in, TL_ISA_OP_ELEMWISE, ws, wv, ss, sv);
    set(in, TL_ISA_ELEMWISE_A_SPACE, a->a_space);
    set(in, TL_ISA_ELEMWISE_A_FMT, a->a_fmt);
    set(in, TL_ISA_ELEMWISE_B_SPACE, a->b_space);
    set(in, TL_ISA_ELEMWISE_B_FMT, a->b_fmt);
    set(in, TL_ISA_ELEMWISE_OUT_SPACE, a->out_space);
    set(in, TL_ISA_ELEMWISE_OUT_FMT, a->out_fmt);
    set(in, TL_ISA_ELEMWISE_ROUND, a->round);
    set(in, TL_ISA_ELEMWISE_SAT, a->sat);
    set(in, TL_ISA_ELEMWISE_OP, a->op);
    set(in, TL_ISA_ELEMWISE_P, a->P);
    set(in, TL_ISA_ELEMWISE_P0, a->p0);
    set(in, TL_ISA_ELEMWISE_F, a->F);
    set(in, TL_ISA_ELEMWISE_A_OFF, a->a_off);
    set(in, TL_ISA_ELEMWISE_B_OFF, a->b_off);
    set(in, TL_ISA_ELEMWISE_OUT_OFF, a->out_off);
    set(in, TL_ISA_ELEMWISE_SEED, a->seed);
    set(in, TL_ISA_ELEMWISE_CBASE, a->cbase);
    set(in, TL_ISA_ELEMWISE_CSTRIDE_P, a->csp);
    set(in, TL_ISA_ELEMWISE_CSTRIDE_F, a->csf);
}

static void side_dram(tl_dma_side *s, uint64_t addr, unsigned fmt, unsigned R, unsigned C)
{
    unsigned es = tl_dma_esize(fmt);
    *s = (tl_dma_side){.space = TL_DMA_DRAM, .fmt = fmt, .addr = addr,
                       .count = {C, R, 1}, .stride = {es, C * es, 0}};
}

static void side_chip(tl_dma_side *s, unsigned space, unsigned lg, unsigned p0, uint32_t off,
                      unsigned fmt, unsigned R, unsigned C)
{
    unsigned es = space == TL_DMA_PSUM ? 4 : tl_dma_esize(fmt);
    *s = (tl_dma_side){.space = space, .fmt = fmt, .addr = ((uint64_t)p0 << lg) + off,
                       .count = {C, R, 1}, .stride = {es, 1u << lg, 0}};
}

void desc_to_chip(tl_dma_desc *d, uint64_t dram, unsigned src_fmt, unsigned R, unsigned C,
                  unsigned space, unsigned lg, unsigned p0, uint32_t off, unsigned dst_fmt)
{
    memset(d, 0, sizeof *d);
    side_dram(&d->src, dram, src_fmt, R, C);
    side_chip(&d->dst, space, lg, p0, space == TL_DMA_PSUM ? 4 * off : off, dst_fmt, R, C);
    d->cstride[0] = 1;
    d->cstride[1] = C;
}

void desc_from_chip(tl_dma_desc *d, unsigned space, unsigned lg, unsigned p0, uint32_t off,
                    unsigned src_fmt, unsigned R, unsigned C, uint64_t dram, unsigned dst_fmt,
                    unsigned round, uint32_t seed)
{
    memset(d, 0, sizeof *d);
    side_chip(&d->src, space, lg, p0, space == TL_DMA_PSUM ? 4 * off : off, src_fmt, R, C);
    side_dram(&d->dst, dram, dst_fmt, R, C);
    d->round = round;
    d->seed = seed;
    d->cstride[0] = 1;
    d->cstride[1] = C;
}

unsigned ch_psum_part_log2(const tl_core_config *cfg)
{
    return cfg->psum_bank_log2 + (unsigned)__builtin_ctz(cfg->psum_banks) + 2;
}

uint32_t ld_le(const uint8_t *p, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

void st_le(uint8_t *p, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
