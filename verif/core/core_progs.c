/* Random valid core programs and their reference result (core_progs.h). */
#include <stdlib.h>
#include <string.h>

#include "core_progs.h"
#include "core_ref.h"
#include "tl_test.h"

#define SB TL_ISA_SPACE_SBUF
#define PS TL_ISA_SPACE_PSUM
#define MAX_REG 6
#define MAX_OPS 48
#define OUT_HALF (PROG_DATA / 2) /* DMA stores go to the upper half */

/* A rectangle of memory an operation reads or writes: partitions
 * [p_lo, p_hi) x bytes [lo, hi) of a space (DRAM: partition 0, bytes are
 * addresses). */
typedef struct {
    unsigned space, p_lo, p_hi;
    uint64_t lo, hi;
    bool write;
} region;

typedef struct {
    core_prog *p;
    tl_rng r;
    unsigned streams, stream_sem[8];
    uint32_t cum[8];                       /* signals so far per stream */
    uint32_t waited[3][8];                 /* value each engine already waited for */
    unsigned nreal;                        /* real operations so far */
    struct { unsigned stream, engine; uint32_t cum; region reg[MAX_REG]; unsigned nreg; } real[MAX_OPS];
    unsigned ring_len[3];
    bool w_loaded;                         /* the TE's loaded tile, for load = 0 */
    unsigned w_fmt, w_k, w_m;
    unsigned psum_plg, bank;
} gen;

static uint32_t below(gen *g, uint32_t n) { return tl_rng_below(&g->r, n); }
static uint32_t between(gen *g, uint32_t lo, uint32_t hi) { return lo + below(g, hi - lo + 1); }
static bool chance(gen *g, unsigned pct) { return below(g, 100) < pct; }

static const unsigned float_fmts[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
static const unsigned te_fmts[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
static unsigned pick_float(gen *g) { return float_fmts[below(g, 5)]; }
static unsigned pick_input(gen *g) { return chance(g, 15) ? TL_FMT_INT8 : pick_float(g); }

/* Moderate fp32: sign random, exponent 2^-7..2^8. */
static uint32_t moderate(gen *g)
{
    uint32_t r = tl_rng_u32(&g->r);
    return (r & 0x807FFFFFu) | (uint32_t)(120 + below(g, 16)) << 23;
}

static void add_reg(region *reg, unsigned *n, unsigned space, unsigned p0, unsigned P, uint64_t lo,
                    uint64_t hi, bool write)
{
    reg[(*n)++] = (region){space, p0, p0 + P, lo, hi, write};
}

/* The region of an on-chip tile: partitions [p0, p0+P), offset (SBUF
 * bytes, PSUM entries) and F elements of es bytes. */
static void tile_reg(region *reg, unsigned *n, unsigned space, unsigned p0, unsigned P, uint64_t off,
                     uint64_t F, unsigned es, bool write)
{
    if (space == PS)
        add_reg(reg, n, PS, p0, P, 4 * off, 4 * (off + F), write);
    else
        add_reg(reg, n, SB, p0, P, off, off + F * es, write);
}

/* An SBUF offset for F elements of es bytes: aligned, within 4 KiB. */
static uint32_t sbuf_off(gen *g, uint64_t F, unsigned es)
{
    uint64_t room = (1u << g->p->cfg.sbuf_part_log2) - F * es;
    return (uint32_t)(below(g, (uint32_t)(room / es) + 1) * es);
}

/* A PSUM entry index for F entries inside one bank. */
static uint32_t psum_off(gen *g, uint32_t F)
{
    return below(g, g->p->cfg.psum_banks) * g->bank + below(g, g->bank - F + 1);
}

static bool overlap(const region *a, const region *b)
{
    return a->space == b->space && (a->write || b->write) && a->p_lo < b->p_hi && b->p_lo < a->p_hi &&
           a->lo < b->hi && b->lo < a->hi;
}

/* ---- operations ----------------------------------------------------------- */

static void gen_dma(gen *g, prog_op *o, region *reg, unsigned *n, unsigned *queue)
{
    const tl_core_config *c = &g->p->cfg;
    tl_dma_desc *d = &o->dma;
    bool to_chip = chance(g, 60);
    unsigned space = chance(g, 70) ? SB : PS;
    unsigned parts = space == SB ? c->rows : c->cols;
    unsigned R = between(g, 1, parts), p0 = below(g, parts - R + 1);
    uint32_t C = between(g, 1, space == PS ? g->bank : 64);
    unsigned chip_fmt = space == PS ? TL_FMT_FP32 : pick_input(g);
    unsigned dram_fmt = chance(g, 50) ? chip_fmt : (to_chip ? pick_input(g) : pick_float(g));
    if (to_chip && chip_fmt == TL_FMT_INT8 && dram_fmt != TL_FMT_INT8)
        chip_fmt = pick_float(g); /* int8 is a source only */
    if (to_chip && space == PS)
        chip_fmt = TL_FMT_FP32;
    unsigned ces = tl_dma_esize(chip_fmt), des = tl_dma_esize(dram_fmt);
    uint32_t off = space == PS ? psum_off(g, C) : sbuf_off(g, C, ces);
    uint64_t bytes = (uint64_t)R * C * des;
    uint64_t lo = to_chip ? 0 : OUT_HALF, span = to_chip ? PROG_DATA : OUT_HALF;
    uint64_t dram = CH_DATA_BASE + lo + below(g, (uint32_t)(span - bytes + 1));
    unsigned lg = space == SB ? c->sbuf_part_log2 : g->psum_plg;
    unsigned round = chance(g, 40) ? TL_RND_SR : TL_RND_RNE;
    if (to_chip)
        desc_to_chip(d, dram, dram_fmt, R, C, space, lg, p0, off, chip_fmt);
    else
        desc_from_chip(d, space, lg, p0, off, chip_fmt, R, C, dram, dram_fmt, round, tl_rng_u32(&g->r));
    d->round = round;
    d->saturate = chance(g, 50);
    d->seed = tl_rng_u32(&g->r);
    d->cbase = tl_rng_u32(&g->r);
    add_reg(reg, n, TL_DMA_DRAM, 0, 1, dram, dram + bytes, !to_chip);
    tile_reg(reg, n, space, p0, R, off, C, ces, to_chip);
    *queue = below(g, c->dma_queues);
    insn_dma(o->insn, -1, 0, -1, 0, *queue, d);
    o->op = TL_ISA_OP_DMA;
    g->p->rd_bytes += (uint64_t)R * C * (to_chip ? des : ces);
    g->p->wr_bytes += (uint64_t)R * C * (to_chip ? ces : des);
}

static void gen_matmul(gen *g, prog_op *o, region *reg, unsigned *n)
{
    const tl_core_config *c = &g->p->cfg;
    mm_args *a = &o->mm;
    bool int8 = chance(g, 20);
    a->fw = int8 ? TL_FMT_INT8 : te_fmts[below(g, 4)];
    a->fx = int8 ? TL_FMT_INT8 : te_fmts[below(g, 4)];
    a->K = between(g, 1, c->rows);
    a->M = between(g, 1, c->cols);
    a->load = 1;
    if (g->w_loaded && chance(g, 30) && (g->w_fmt == TL_FMT_INT8) == int8) {
        a->load = 0;
        a->fw = g->w_fmt;
        a->K = g->w_k;
        a->M = g->w_m;
    }
    a->N = between(g, 1, g->bank < 48 ? g->bank : 48);
    a->start = chance(g, 50);
    unsigned ew = tl_dma_esize(a->fw), ex = tl_dma_esize(a->fx);
    a->w_off = a->load ? sbuf_off(g, a->M, ew) : 0;
    a->x_off = sbuf_off(g, a->N, ex);
    a->e0 = psum_off(g, a->N);
    if (a->load) {
        g->w_loaded = true;
        g->w_fmt = a->fw;
        g->w_k = a->K;
        g->w_m = a->M;
        tile_reg(reg, n, SB, 0, a->K, a->w_off, a->M, ew, false);
    }
    tile_reg(reg, n, SB, 0, a->K, a->x_off, a->N, ex, false);
    tile_reg(reg, n, PS, 0, a->M, a->e0, a->N, 4, true);
    insn_matmul(o->insn, -1, 0, -1, 0, a);
    o->op = TL_ISA_OP_MATMUL;
    g->p->macs += (uint64_t)a->K * a->M * a->N;
}

/* Space, format and offset of one ACT/EW tile over partitions [p0, p0+P). */
static void act_tile(gen *g, unsigned space, bool out, unsigned *fmt, uint32_t F, uint32_t *off)
{
    *fmt = space == PS ? TL_FMT_FP32 : out ? pick_float(g) : pick_input(g);
    *off = space == PS ? psum_off(g, F) : sbuf_off(g, F, tl_dma_esize(*fmt));
}

/* The output tile may meet a data input only in place: the same space,
 * offset and element size (docs/core.md section 11, error OVERLAP). */
static bool out_ok(unsigned os, unsigned of, uint32_t oo, unsigned is, unsigned inf, uint32_t io, uint32_t F)
{
    if (os != is)
        return true;
    uint64_t oe = tl_dma_esize(of), ie = tl_dma_esize(inf);
    uint64_t o0 = os == PS ? 4ull * oo : oo, i0 = is == PS ? 4ull * io : io;
    return !(o0 < i0 + F * ie && i0 < o0 + F * oe) || (oo == io && oe == ie);
}

static unsigned act_parts(gen *g, const unsigned *spaces, unsigned n)
{
    unsigned parts = 255;
    for (unsigned i = 0; i < n; i++) {
        unsigned q = spaces[i] == SB ? g->p->cfg.rows : g->p->cfg.cols;
        parts = q < parts ? q : parts;
    }
    return parts;
}

static void gen_act(gen *g, prog_op *o, region *reg, unsigned *n)
{
    act_args *a = &o->act;
    memset(a, 0, sizeof *a);
    a->in_space = chance(g, 50) ? SB : PS;
    a->out_space = chance(g, 70) ? SB : PS;
    a->scale_pp = chance(g, 40);
    a->bias_pp = chance(g, 50);
    unsigned spaces[3] = {a->in_space, a->out_space, SB};
    unsigned parts = act_parts(g, spaces, a->scale_pp || a->bias_pp ? 3 : 2);
    a->P = between(g, 1, parts);
    a->p0 = below(g, parts - a->P + 1);
    a->F = between(g, 1, g->bank < 48 ? g->bank : 48);
    act_tile(g, a->in_space, false, &a->in_fmt, a->F, &a->in_off);
    do
        act_tile(g, a->out_space, true, &a->out_fmt, a->F, &a->out_off);
    while (!out_ok(a->out_space, a->out_fmt, a->out_off, a->in_space, a->in_fmt, a->in_off, a->F));
    if (chance(g, 25)) { /* in place */
        a->out_space = a->in_space;
        a->out_off = a->in_off;
        a->out_fmt = a->in_fmt == TL_FMT_INT8 ? TL_FMT_E4M3 : a->in_fmt;
        if (a->in_fmt == TL_FMT_INT8)
            a->in_fmt = TL_FMT_E4M3;
    }
    a->scale = a->scale_pp ? sbuf_off(g, 1, 4) : moderate(g);
    a->bias = a->bias_pp ? sbuf_off(g, 1, 4) : moderate(g);
    a->func = below(g, 2);
    a->round = below(g, 2);
    a->sat = below(g, 2);
    a->seed = tl_rng_u32(&g->r);
    a->cbase = tl_rng_u32(&g->r);
    a->csp = tl_rng_u32(&g->r);
    a->csf = chance(g, 50) ? 1 : tl_rng_u32(&g->r);
    tile_reg(reg, n, a->in_space, a->p0, a->P, a->in_off, a->F, tl_dma_esize(a->in_fmt), false);
    if (a->scale_pp)
        tile_reg(reg, n, SB, a->p0, a->P, a->scale, 1, 4, false);
    if (a->bias_pp)
        tile_reg(reg, n, SB, a->p0, a->P, a->bias, 1, 4, false);
    tile_reg(reg, n, a->out_space, a->p0, a->P, a->out_off, a->F, tl_dma_esize(a->out_fmt), true);
    insn_act(o->insn, -1, 0, -1, 0, a);
    o->op = TL_ISA_OP_ACTIVATE;
    g->p->act_elems += (uint64_t)a->P * a->F;
}

static void gen_ew(gen *g, prog_op *o, region *reg, unsigned *n)
{
    ew_args *a = &o->ew;
    memset(a, 0, sizeof *a);
    a->a_space = chance(g, 50) ? SB : PS;
    a->b_space = chance(g, 50) ? SB : PS;
    a->out_space = chance(g, 60) ? SB : PS;
    unsigned spaces[3] = {a->a_space, a->b_space, a->out_space};
    unsigned parts = act_parts(g, spaces, 3);
    a->P = between(g, 1, parts);
    a->p0 = below(g, parts - a->P + 1);
    a->F = between(g, 1, g->bank < 48 ? g->bank : 48);
    act_tile(g, a->a_space, false, &a->a_fmt, a->F, &a->a_off);
    act_tile(g, a->b_space, false, &a->b_fmt, a->F, &a->b_off);
    do
        act_tile(g, a->out_space, true, &a->out_fmt, a->F, &a->out_off);
    while (!out_ok(a->out_space, a->out_fmt, a->out_off, a->a_space, a->a_fmt, a->a_off, a->F) ||
           !out_ok(a->out_space, a->out_fmt, a->out_off, a->b_space, a->b_fmt, a->b_off, a->F));
    a->op = below(g, 4);
    a->round = below(g, 2);
    a->sat = below(g, 2);
    a->seed = tl_rng_u32(&g->r);
    a->cbase = tl_rng_u32(&g->r);
    a->csp = tl_rng_u32(&g->r);
    a->csf = 1;
    tile_reg(reg, n, a->a_space, a->p0, a->P, a->a_off, a->F, tl_dma_esize(a->a_fmt), false);
    tile_reg(reg, n, a->b_space, a->p0, a->P, a->b_off, a->F, tl_dma_esize(a->b_fmt), false);
    tile_reg(reg, n, a->out_space, a->p0, a->P, a->out_off, a->F, tl_dma_esize(a->out_fmt), true);
    insn_ew(o->insn, -1, 0, -1, 0, a);
    o->op = TL_ISA_OP_ELEMWISE;
    g->p->act_elems += (uint64_t)a->P * a->F;
}

/* ---- semaphores ------------------------------------------------------------ */

static void set_wait(uint32_t *in, unsigned sem, uint32_t v)
{
    tl_isa_set(in, TL_ISA_HDR_WAIT, 1);
    tl_isa_set(in, TL_ISA_HDR_WS, sem);
    tl_isa_set(in, TL_ISA_HDR_WV, v);
}

/* Append the operation o (of engine e and stream s, touching reg) to the
 * program with the waits its conflicts need and its signal. */
static void place(gen *g, prog_op *o, unsigned e, unsigned s, const region *reg, unsigned nreg)
{
    core_prog *p = g->p;
    uint32_t need[8] = {0};
    for (unsigned j = 0; j < g->nreal; j++) {
        unsigned ej = g->real[j].engine;
        if (ej == e && e != 0) /* TE and ACT see their own results in order */
            continue;
        for (unsigned a = 0; a < g->real[j].nreg; a++)
            for (unsigned b = 0; b < nreg; b++)
                if (overlap(&g->real[j].reg[a], &reg[b]) && g->real[j].cum > need[g->real[j].stream])
                    need[g->real[j].stream] = g->real[j].cum;
    }
    unsigned waits[8], nw = 0;
    for (unsigned t = 0; t < g->streams; t++)
        if (need[t] > g->waited[e][t])
            waits[nw++] = t;
    for (unsigned i = 0; i + 1 < nw; i++) { /* extra waits ride on NOPs */
        prog_op *nop = &p->ops[p->n++];
        memset(nop, 0, sizeof *nop);
        nop->engine = e;
        nop->nop = true;
        nop->op = TL_ISA_OP_NOP;
        insn_nop(nop->insn, (int)g->stream_sem[waits[i]], need[waits[i]], -1, 0);
        g->waited[e][waits[i]] = need[waits[i]];
        g->ring_len[e]++;
    }
    if (nw) {
        unsigned t = waits[nw - 1];
        set_wait(o->insn, g->stream_sem[t], need[t]);
        g->waited[e][t] = need[t];
    }
    uint32_t sv = between(g, 1, 3);
    tl_isa_set(o->insn, TL_ISA_HDR_SIGNAL, 1);
    tl_isa_set(o->insn, TL_ISA_HDR_SS, g->stream_sem[s]);
    tl_isa_set(o->insn, TL_ISA_HDR_SV, sv);
    g->cum[s] += sv;
    o->engine = e;
    p->ops[p->n++] = *o;
    g->ring_len[e]++;
    g->real[g->nreal].stream = s;
    g->real[g->nreal].engine = e;
    g->real[g->nreal].cum = g->cum[s];
    memcpy(g->real[g->nreal].reg, reg, nreg * sizeof *reg);
    g->real[g->nreal].nreg = nreg;
    g->nreal++;
}

void core_prog_gen(core_prog *p, uint64_t seed)
{
    core_prog_gen_cfg(p, seed, NULL);
}

void core_prog_gen_cfg(core_prog *p, uint64_t seed, const tl_core_config *cfg)
{
    gen g = {.p = p, .r = {seed * 0x9E3779B97F4A7C15ull + 1}};
    memset(p, 0, sizeof *p);
    p->seed = seed;
    tl_core_config *c = &p->cfg;
    if (cfg) {
        *c = *cfg;
        if (c->sbuf_part_log2 != 12 || c->psum_bank_log2 != 6 || c->dma_queues > 4)
            abort(); /* the generator's regions assume these sizes */
    } else {
        tl_core_config_default(c);
        static const unsigned sizes[] = {4, 8, 16, 8, 4};
        c->rows = sizes[below(&g, 5)];
        c->cols = sizes[below(&g, 5)];
        c->sbuf_part_log2 = 12;
        c->psum_banks = chance(&g, 50) ? 2 : 4;
        c->psum_bank_log2 = 6;
        c->data_width = 64u << below(&g, 3);
        c->dma_queues = between(&g, 2, 4);
    }
    g.bank = 1u << c->psum_bank_log2;
    g.psum_plg = ch_psum_part_log2(c);
    g.streams = c->dma_queues + 2;
    unsigned perm[16];
    for (unsigned i = 0; i < 16; i++)
        perm[i] = i;
    for (unsigned i = 15; i > 0; i--) {
        unsigned j = below(&g, i + 1), t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    memcpy(g.stream_sem, perm, sizeof g.stream_sem);

    p->data = malloc(PROG_DATA);
    p->ops = calloc(MAX_OPS * 8, sizeof *p->ops);
    if (!p->data || !p->ops)
        abort();
    for (uint32_t blk = 0; blk < PROG_DATA; blk += 256) { /* moderate floats, mostly */
        unsigned kind = below(&g, 4);
        for (uint32_t i = blk; i < blk + 256; i += 4)
            st_le(p->data + i, 4, kind < 2 ? moderate(&g) : kind == 2 ? (moderate(&g) >> 16) << 16 | moderate(&g) >> 16
                                                                 : tl_rng_u32(&g.r));
    }
    unsigned nops = between(&g, 4, MAX_OPS - 8);
    for (unsigned i = 0; i < nops; i++) {
        prog_op o;
        memset(&o, 0, sizeof o);
        region reg[MAX_REG];
        unsigned nreg = 0, q = 0, k = below(&g, 100);
        if (k < 40) {
            gen_dma(&g, &o, reg, &nreg, &q);
            place(&g, &o, 0, q, reg, nreg);
        } else if (k < 65) {
            gen_matmul(&g, &o, reg, &nreg);
            place(&g, &o, 1, c->dma_queues, reg, nreg);
        } else if (k < 85) {
            gen_act(&g, &o, reg, &nreg);
            place(&g, &o, 2, c->dma_queues + 1, reg, nreg);
        } else {
            gen_ew(&g, &o, reg, &nreg);
            place(&g, &o, 2, c->dma_queues + 1, reg, nreg);
        }
    }
    for (unsigned t = 0; t < g.streams; t++)
        p->sem_final[g.stream_sem[t]] = g.cum[t];
}

void core_prog_free(core_prog *p)
{
    free(p->ops);
    free(p->data);
}

void core_prog_load(const core_prog *p, ch *h)
{
    memcpy(ch_mem(h, CH_DATA_BASE), p->data, PROG_DATA);
    for (unsigned i = 0; i < p->n; i++)
        ch_push(h, p->ops[i].engine, p->ops[i].insn);
}

/* ---- reference: the operations in program order -------------------------- */

typedef struct {
    const tl_core_config *c;
    prog_state *s;
    unsigned plg;
    uint8_t w_tile[16 * 16 * 4];
} ref;

static uint8_t *ref_at(const ref *r, unsigned space, unsigned p, uint64_t off, unsigned es)
{
    if (space == PS)
        return r->s->psum + ((size_t)p << r->plg) + 4 * off;
    return r->s->sbuf + ((size_t)p << r->c->sbuf_part_log2) + off * es;
}

static void ref_dma(ref *r, const tl_dma_desc *d)
{
    tl_dma_sys sys = {.data_bytes = r->c->data_width / 8, .addr_bits = r->c->addr_width,
                      .win_base = CH_DRAM_BASE, .win_limit = CH_DRAM_BASE + CH_DRAM_SIZE - 1,
                      .dram = r->s->dram, .dram_base = CH_DRAM_BASE, .dram_size = CH_DRAM_SIZE,
                      .sbuf = r->s->sbuf, .sbuf_parts = r->c->rows, .sbuf_part_log2 = r->c->sbuf_part_log2,
                      .psum = r->s->psum, .psum_parts = r->c->cols, .psum_part_log2 = r->plg};
    uint64_t fa;
    unsigned e = tl_dma_run(&sys, d, &fa);
    ck_assert_msg(e == 0, "generator made a bad descriptor: %s", tl_dma_strerror(e));
}

static void ref_matmul(ref *r, const mm_args *a)
{
    unsigned ew = tl_dma_esize(a->fw), ex = tl_dma_esize(a->fx);
    if (a->load)
        for (unsigned k = 0; k < a->K; k++)
            memcpy(r->w_tile + k * a->M * ew, ref_at(r, SB, k, a->w_off, 1), a->M * ew);
    uint8_t x[16 * 64 * 4];
    uint32_t ps[16 * 64];
    for (unsigned k = 0; k < a->K; k++)
        memcpy(x + k * a->N * ex, ref_at(r, SB, k, a->x_off, 1), a->N * ex);
    for (unsigned m = 0; m < a->M; m++)
        for (unsigned n = 0; n < a->N; n++)
            ps[m * a->N + n] = ld_le(ref_at(r, PS, m, a->e0 + n, 4), 4);
    ck_assert_int_eq(tl_matmul(r->c->rows, a->K, a->M, a->N, a->fw, r->w_tile, a->fx, x, ps, a->start), 0);
    for (unsigned m = 0; m < a->M; m++)
        for (unsigned n = 0; n < a->N; n++)
            st_le(ref_at(r, PS, m, a->e0 + n, 4), 4, ps[m * a->N + n]);
}

static uint32_t ref_ld(ref *r, unsigned space, unsigned fmt, unsigned p, uint32_t off, uint32_t f)
{
    unsigned es = tl_dma_esize(fmt);
    return tl_widen(fmt, ld_le(ref_at(r, space, p, space == PS ? off + f : off + f * es, 1), es));
}

/* ACTIVATE (ew == NULL) or ELEMWISE: all inputs read first, then written. */
static void ref_act(ref *r, const act_args *a, const ew_args *ew)
{
    unsigned P = a ? a->P : ew->P, p0 = a ? a->p0 : ew->p0, F = a ? a->F : ew->F;
    unsigned os = a ? a->out_space : ew->out_space, of = a ? a->out_fmt : ew->out_fmt;
    uint32_t oo = a ? a->out_off : ew->out_off;
    uint32_t *v = malloc((size_t)P * F * 4);
    for (unsigned p = 0; p < P; p++)
        for (unsigned f = 0; f < F; f++) {
            uint32_t y, coord;
            if (a) {
                uint32_t x = ref_ld(r, a->in_space, a->in_fmt, p0 + p, a->in_off, f);
                uint32_t sc = a->scale_pp ? ld_le(ref_at(r, SB, p0 + p, a->scale, 1), 4) : a->scale;
                uint32_t bi = a->bias_pp ? ld_le(ref_at(r, SB, p0 + p, a->bias, 1), 4) : a->bias;
                y = tl_f32_add(tl_f32_mul(x, sc), bi);
                if (a->func == TL_ISA_FUNC_RELU)
                    y = ref_relu(y);
                coord = a->cbase + p * a->csp + f * a->csf;
                v[p * F + f] = ref_out(of, y, a->round, a->sat, a->seed, coord);
            } else {
                y = ref_ew(ew->op, ref_ld(r, ew->a_space, ew->a_fmt, p0 + p, ew->a_off, f),
                           ref_ld(r, ew->b_space, ew->b_fmt, p0 + p, ew->b_off, f));
                coord = ew->cbase + p * ew->csp + f * ew->csf;
                v[p * F + f] = ref_out(of, y, ew->round, ew->sat, ew->seed, coord);
            }
        }
    unsigned es = tl_dma_esize(of);
    for (unsigned p = 0; p < P; p++)
        for (unsigned f = 0; f < F; f++)
            st_le(ref_at(r, os, p0 + p, os == PS ? oo + f : oo + f * es, 1), es, v[p * F + f]);
    free(v);
}

void core_prog_reference(const core_prog *p, prog_state *s)
{
    ref r = {.c = &p->cfg, .s = s, .plg = ch_psum_part_log2(&p->cfg)};
    for (unsigned i = 0; i < p->n; i++) {
        const prog_op *o = &p->ops[i];
        switch (o->op) {
        case TL_ISA_OP_DMA: ref_dma(&r, &o->dma); break;
        case TL_ISA_OP_MATMUL: ref_matmul(&r, &o->mm); break;
        case TL_ISA_OP_ACTIVATE: ref_act(&r, &o->act, NULL); break;
        case TL_ISA_OP_ELEMWISE: ref_act(&r, NULL, &o->ew); break;
        default: break;
        }
    }
}

void prog_state_free(prog_state *s)
{
    free(s->dram);
    free(s->sbuf);
    free(s->psum);
}

/* ---- listing, for failure reports ----------------------------------------- */

static void print_side(FILE *f, const char *what, const tl_dma_side *s)
{
    fprintf(f, " %s space %u fmt %u addr 0x%llx count %u,%u,%u stride %u,%u,%u", what, s->space, s->fmt,
            (unsigned long long)s->addr, s->count[0], s->count[1], s->count[2], s->stride[0], s->stride[1],
            s->stride[2]);
}

void core_prog_print(const core_prog *p, FILE *f)
{
    static const char *eng[] = {"DMA", "TE", "ACT"};
    for (unsigned i = 0; i < p->n; i++) {
        const prog_op *o = &p->ops[i];
        const uint32_t *in = o->insn;
        fprintf(f, "%3u %-3s", i, eng[o->engine]);
        if (tl_isa_get(in, TL_ISA_HDR_WAIT))
            fprintf(f, " wait S%u>=%u", tl_isa_get(in, TL_ISA_HDR_WS), tl_isa_get(in, TL_ISA_HDR_WV));
        if (tl_isa_get(in, TL_ISA_HDR_SIGNAL))
            fprintf(f, " signal S%u+=%u", tl_isa_get(in, TL_ISA_HDR_SS), tl_isa_get(in, TL_ISA_HDR_SV));
        if (o->nop) {
            fprintf(f, " NOP\n");
            continue;
        }
        switch (o->op) {
        case TL_ISA_OP_DMA:
            fprintf(f, " DMA q%u", tl_isa_get(in, TL_ISA_DMA_QUEUE));
            print_side(f, "src", &o->dma.src);
            print_side(f, "dst", &o->dma.dst);
            fprintf(f, " round %u sat %u\n", o->dma.round, o->dma.saturate);
            break;
        case TL_ISA_OP_MATMUL: {
            const mm_args *a = &o->mm;
            fprintf(f, " MATMUL fw %u fx %u start %u load %u K %u M %u N %u w_off %u x_off %u e0 %u\n", a->fw, a->fx,
                    a->start, a->load, a->K, a->M, a->N, a->w_off, a->x_off, a->e0);
            break;
        }
        case TL_ISA_OP_ACTIVATE: {
            const act_args *a = &o->act;
            fprintf(f, " ACTIVATE in %u/%u@%u out %u/%u@%u P %u p0 %u F %u round %u sat %u func %u scale%s 0x%x bias%s 0x%x\n",
                    a->in_space, a->in_fmt, a->in_off, a->out_space, a->out_fmt, a->out_off, a->P, a->p0, a->F,
                    a->round, a->sat, a->func, a->scale_pp ? "@" : "", a->scale, a->bias_pp ? "@" : "", a->bias);
            break;
        }
        default: {
            const ew_args *a = &o->ew;
            fprintf(f, " ELEMWISE op %u a %u/%u@%u b %u/%u@%u out %u/%u@%u P %u p0 %u F %u round %u sat %u\n", a->op,
                    a->a_space, a->a_fmt, a->a_off, a->b_space, a->b_fmt, a->b_off, a->out_space, a->out_fmt,
                    a->out_off, a->P, a->p0, a->F, a->round, a->sat);
            break;
        }
        }
    }
}
