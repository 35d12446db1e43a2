/*
 * trnlite runtime: elementwise work on tensors in device DRAM (ACTIVATE,
 * ELEMWISE) and DRAM-to-DRAM copies on the DMA (docs/driver.md section 4).
 *
 * A tensor of rows x cols is cut into tiles of up to ROWS rows (row r0 + p
 * in SBUF partition p) by Ft columns. SBUF holds `slots` tiles; for each
 * tile the DMA loads its inputs (and the per-row scale/bias vectors, as
 * fp32) on queue 0, the activation engine computes into the slot's output
 * region and queue 1 stores it. The loads of tile j wait for the store of
 * tile j - slots (the slot is free), so loads run ahead of the activation
 * engine and stores overlap the next tiles. Freestanding C99.
 */
#include "rt_internals.h"

enum { SEM_LOAD = 0, SEM_ACT = 1, SEM_ST = 2 }; /* 4 is DONE */

#define EW_MAX_SLOTS 4u

int tl_rt_insn_activate(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_act *a)
{
    TRY(tl_rt_insn_hdr(in, TL_ISA_OP_ACTIVATE, ws, wv, ss, sv));
    int bad = tl_isa_set(in, TL_ISA_ACTIVATE_IN_SPACE, a->in_space) |
              tl_isa_set(in, TL_ISA_ACTIVATE_IN_FMT, a->in_fmt) |
              tl_isa_set(in, TL_ISA_ACTIVATE_OUT_SPACE, a->out_space) |
              tl_isa_set(in, TL_ISA_ACTIVATE_OUT_FMT, a->out_fmt) | tl_isa_set(in, TL_ISA_ACTIVATE_ROUND, a->round) |
              tl_isa_set(in, TL_ISA_ACTIVATE_SAT, a->saturate) | tl_isa_set(in, TL_ISA_ACTIVATE_FUNC, a->func) |
              tl_isa_set(in, TL_ISA_ACTIVATE_SCALE_PP, a->scale_pp) |
              tl_isa_set(in, TL_ISA_ACTIVATE_BIAS_PP, a->bias_pp) | tl_isa_set(in, TL_ISA_ACTIVATE_P, a->P) |
              tl_isa_set(in, TL_ISA_ACTIVATE_P0, a->p0) | tl_isa_set(in, TL_ISA_ACTIVATE_F, a->F) |
              tl_isa_set(in, TL_ISA_ACTIVATE_IN_OFF, a->in_off) | tl_isa_set(in, TL_ISA_ACTIVATE_OUT_OFF, a->out_off) |
              tl_isa_set(in, TL_ISA_ACTIVATE_SCALE, a->scale) | tl_isa_set(in, TL_ISA_ACTIVATE_BIAS, a->bias) |
              tl_isa_set(in, TL_ISA_ACTIVATE_SEED, a->seed) | tl_isa_set(in, TL_ISA_ACTIVATE_CBASE, a->cbase) |
              tl_isa_set(in, TL_ISA_ACTIVATE_CSTRIDE_P, a->cstride_p) |
              tl_isa_set(in, TL_ISA_ACTIVATE_CSTRIDE_F, a->cstride_f);
    return bad ? TL_RT_EINVAL : TL_RT_OK;
}

int tl_rt_insn_elemwise(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_ew *e)
{
    TRY(tl_rt_insn_hdr(in, TL_ISA_OP_ELEMWISE, ws, wv, ss, sv));
    int bad = tl_isa_set(in, TL_ISA_ELEMWISE_A_SPACE, e->a_space) | tl_isa_set(in, TL_ISA_ELEMWISE_A_FMT, e->a_fmt) |
              tl_isa_set(in, TL_ISA_ELEMWISE_B_SPACE, e->b_space) | tl_isa_set(in, TL_ISA_ELEMWISE_B_FMT, e->b_fmt) |
              tl_isa_set(in, TL_ISA_ELEMWISE_OUT_SPACE, e->out_space) |
              tl_isa_set(in, TL_ISA_ELEMWISE_OUT_FMT, e->out_fmt) | tl_isa_set(in, TL_ISA_ELEMWISE_ROUND, e->round) |
              tl_isa_set(in, TL_ISA_ELEMWISE_SAT, e->saturate) | tl_isa_set(in, TL_ISA_ELEMWISE_OP, e->op) |
              tl_isa_set(in, TL_ISA_ELEMWISE_P, e->P) | tl_isa_set(in, TL_ISA_ELEMWISE_P0, e->p0) |
              tl_isa_set(in, TL_ISA_ELEMWISE_F, e->F) | tl_isa_set(in, TL_ISA_ELEMWISE_A_OFF, e->a_off) |
              tl_isa_set(in, TL_ISA_ELEMWISE_B_OFF, e->b_off) | tl_isa_set(in, TL_ISA_ELEMWISE_OUT_OFF, e->out_off) |
              tl_isa_set(in, TL_ISA_ELEMWISE_SEED, e->seed) | tl_isa_set(in, TL_ISA_ELEMWISE_CBASE, e->cbase) |
              tl_isa_set(in, TL_ISA_ELEMWISE_CSTRIDE_P, e->cstride_p) |
              tl_isa_set(in, TL_ISA_ELEMWISE_CSTRIDE_F, e->cstride_f);
    return bad ? TL_RT_EINVAL : TL_RT_OK;
}

/* Formats by code (ARCHITECTURE.md 5.6): fp32 0 .. e5m2 4 are the float
 * outputs; int8 5 is an input too. */
static bool fmt_out_ok(tl_fmt f) { return f <= TL_FMT_E5M2; }
static bool fmt_in_ok(tl_fmt f) { return f <= TL_FMT_INT8; }

typedef struct {
    uint32_t r0, c0, P, F;
} ew_tile;

/* One elementwise job: ACTIVATE (one tensor input, scale and bias) or
 * ELEMWISE (two tensor inputs). */
typedef struct {
    tl_dev *dev;
    bool act;
    uint32_t rows, cols;
    unsigned nin;
    uint64_t in[2];
    tl_fmt fin[2];
    const tl_rt_vec *vec[2];      /* ACTIVATE: scale, bias */
    uint64_t out;
    tl_fmt fo;
    const tl_rt_act_args *a;
    const tl_rt_ew_args *e;
    /* plan */
    uint32_t Pt, Ft, slots, stride, part_log2;
    uint32_t off_in[2], off_out, off_vec[2];
    /* batch state */
    uint32_t j, stored, loads;
    ew_tile pend[EW_MAX_SLOTS];
    tl_rt_ew_stats st;
} ew_job;

static bool vec_pp(const tl_rt_vec *v) { return v && v->addr != 0; }

/* Byte ranges [a, a + an) and [b, b + bn) meet. */
static bool overlap(uint64_t a, uint64_t an, uint64_t b, uint64_t bn) { return a < b + bn && b < a + an; }

static int ew_plan(ew_job *j)
{
    const tl_dev *dev = j->dev;
    if (j->rows == 0 || j->cols == 0 || !fmt_out_ok(j->fo))
        return TL_RT_EINVAL;
    unsigned per = tl_dma_esize(j->fo), nvec = 0;
    if (!rt_in_dram(dev, j->out, j->rows, j->cols, per) || (uint64_t)j->cols * 4 > UINT32_MAX)
        return TL_RT_EINVAL;
    for (unsigned i = 0; i < j->nin; i++) {
        if (!fmt_in_ok(j->fin[i]) || !rt_in_dram(dev, j->in[i], j->rows, j->cols, tl_dma_esize(j->fin[i])))
            return TL_RT_EINVAL;
        per += tl_dma_esize(j->fin[i]);
    }
    /* In place only as the same tensor: a wider output would overwrite
     * input elements of later tiles before they are loaded. */
    uint64_t n = (uint64_t)j->rows * j->cols;
    for (unsigned i = 0; i < j->nin; i++)
        if (overlap(j->out, n * tl_dma_esize(j->fo), j->in[i], n * tl_dma_esize(j->fin[i])) &&
            !(j->out == j->in[i] && tl_dma_esize(j->fo) == tl_dma_esize(j->fin[i])))
            return TL_RT_EINVAL;
    for (unsigned i = 0; i < 2; i++)
        if (vec_pp(j->vec[i])) {
            if (!fmt_in_ok(j->vec[i]->fmt) ||
                !rt_in_dram(dev, j->vec[i]->addr, j->rows, 1, tl_dma_esize(j->vec[i]->fmt)))
                return TL_RT_EINVAL;
            nvec++;
        }
    uint32_t bus = dev->cfg.data_width / 8, part = 1u << dev->cfg.sbuf_part_log2;
    /* Two slots, each with its regions aligned to the bus word. */
    uint32_t fixed = (nvec + j->nin + 1) * bus;
    if (part / 2 <= fixed + per)
        return TL_RT_ENOMEM;
    j->part_log2 = dev->cfg.sbuf_part_log2;
    j->Ft = rt_min32(j->cols, (part / 2 - fixed) / per);
    j->Pt = rt_min32(j->rows, dev->cfg.rows);
    uint32_t off = 0;
    for (unsigned i = 0; i < j->nin; i++) {
        j->off_in[i] = off;
        off += rt_align_up(j->Ft * tl_dma_esize(j->fin[i]), bus);
    }
    j->off_out = off;
    off += rt_align_up(j->Ft * tl_dma_esize(j->fo), bus);
    for (unsigned i = 0; i < 2; i++)
        if (vec_pp(j->vec[i])) {
            j->off_vec[i] = off;
            off += bus;
        }
    j->stride = off;
    j->slots = rt_min32(EW_MAX_SLOTS, part / off);
    j->st.tile_rows = j->Pt;
    j->st.tile_cols = j->Ft;
    j->st.slots = j->slots;
    return TL_RT_OK;
}

static int ew_dma(ew_job *j, int ws, uint32_t wv, int ss, unsigned queue, const tl_dma_desc *d, uint64_t bytes)
{
    tl_insn in;
    TRY(tl_rt_insn_dma(in, ws, wv, ss, 1, queue, d));
    TRY(tl_rt_push(j->dev, 0, in));
    j->st.dmas++;
    j->st.dram_bytes += bytes;
    return TL_RT_OK;
}

/* The store of batch-local tile k: its slot's output region -> out. */
static int ew_store(ew_job *j, uint32_t k)
{
    const ew_tile *t = &j->pend[k % j->slots];
    unsigned eo = tl_dma_esize(j->fo);
    uint32_t base = (k % j->slots) * j->stride + j->off_out;
    tl_dma_desc d;
    rt_desc_clear(&d);
    rt_side(&d.src, TL_DMA_SBUF, j->fo, base, t->F, t->P, eo, 1u << j->part_log2);
    rt_side(&d.dst, TL_DMA_DRAM, j->fo, j->out + ((uint64_t)t->r0 * j->cols + t->c0) * eo, t->F, t->P, eo,
            j->cols * eo);
    return ew_dma(j, SEM_ACT, k + 1, SEM_ST, 1, &d, (uint64_t)t->P * t->F * eo);
}

static int ew_flush(ew_job *j)
{
    while (j->stored < j->j)
        TRY(ew_store(j, j->stored++));
    TRY(tl_rt_run_batch(j->dev));
    j->st.batches++;
    j->j = j->stored = j->loads = 0;
    return TL_RT_OK;
}

static int ew_tile_emit(ew_job *j, const ew_tile *t)
{
    /* Room: one store, up to four loads, the slots' stores at the flush. */
    if (tl_rt_room(j->dev, 0) < 6 + j->slots || tl_rt_room(j->dev, 2) < 1)
        TRY(ew_flush(j));
    int ws = -1;
    uint32_t wv = 0;
    if (j->j >= j->slots) {
        TRY(ew_store(j, j->stored++));
        ws = SEM_ST;
        wv = j->j - j->slots + 1;
    }
    uint32_t slot = (j->j % j->slots) * j->stride, lstride = 1u << j->part_log2;
    tl_dma_desc d;
    for (unsigned i = 0; i < j->nin; i++) {
        unsigned es = tl_dma_esize(j->fin[i]);
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, j->fin[i], j->in[i] + ((uint64_t)t->r0 * j->cols + t->c0) * es, t->F, t->P, es,
                j->cols * es);
        rt_side(&d.dst, TL_DMA_SBUF, j->fin[i], slot + j->off_in[i], t->F, t->P, es, lstride);
        TRY(ew_dma(j, ws, wv, SEM_LOAD, 0, &d, (uint64_t)t->P * t->F * es));
        ws = -1; /* later loads of the tile start after the first one's wait */
        j->loads++;
    }
    for (unsigned i = 0; i < 2; i++) {
        if (!vec_pp(j->vec[i]))
            continue;
        unsigned es = tl_dma_esize(j->vec[i]->fmt);
        rt_desc_clear(&d); /* rows r0.. of the vector, widened to fp32, one per partition */
        rt_side(&d.src, TL_DMA_DRAM, j->vec[i]->fmt, j->vec[i]->addr + (uint64_t)t->r0 * es, 1, t->P, es, es);
        rt_side(&d.dst, TL_DMA_SBUF, TL_FMT_FP32, slot + j->off_vec[i], 1, t->P, 4, lstride);
        TRY(ew_dma(j, -1, 0, SEM_LOAD, 0, &d, (uint64_t)t->P * es));
        j->loads++;
    }
    uint32_t cbase = t->r0 * j->cols + t->c0; /* mod 2^32 (ARCHITECTURE.md 5.4) */
    tl_insn in;
    if (j->act) {
        const tl_rt_act_args *a = j->a;
        tl_rt_act x = {TL_ISA_SPACE_SBUF, j->fin[0], TL_ISA_SPACE_SBUF, j->fo, a->round, a->saturate, a->func,
                       vec_pp(&a->scale), vec_pp(&a->bias), t->P, 0, t->F, slot + j->off_in[0],
                       slot + j->off_out, a->scale.value, a->bias.value, a->seed, cbase, j->cols, 1};
        if (x.scale_pp)
            x.scale = slot + j->off_vec[0];
        if (x.bias_pp)
            x.bias = slot + j->off_vec[1];
        TRY(tl_rt_insn_activate(in, SEM_LOAD, j->loads, SEM_ACT, 1, &x));
    } else {
        const tl_rt_ew_args *e = j->e;
        tl_rt_ew x = {TL_ISA_SPACE_SBUF, j->fin[0], TL_ISA_SPACE_SBUF, j->fin[1], TL_ISA_SPACE_SBUF, j->fo,
                            e->round, e->saturate, e->op, t->P, 0, t->F, slot + j->off_in[0],
                            slot + j->off_in[1], slot + j->off_out, e->seed, cbase, j->cols, 1};
        TRY(tl_rt_insn_elemwise(in, SEM_LOAD, j->loads, SEM_ACT, 1, &x));
    }
    TRY(tl_rt_push(j->dev, 2, in));
    j->st.acts++;
    j->st.tiles++;
    j->pend[j->j % j->slots] = *t;
    j->j++;
    return TL_RT_OK;
}

static int ew_run(ew_job *j, tl_rt_ew_stats *st)
{
    TRY(ew_plan(j));
    tl_dev *dev = j->dev;
    if (dev->pushed[0] || dev->pushed[1] || dev->pushed[2])
        TRY(tl_rt_run_batch(dev)); /* finish what the caller left in the rings */
    if (!dev->perf_keep)
        TRY(tl_rt_perf_clear(dev));
    for (uint32_t r0 = 0; r0 < j->rows; r0 += j->Pt)
        for (uint32_t c0 = 0; c0 < j->cols; c0 += j->Ft) {
            ew_tile t = {r0, c0, rt_min32(j->Pt, j->rows - r0), rt_min32(j->Ft, j->cols - c0)};
            TRY(ew_tile_emit(j, &t));
        }
    TRY(ew_flush(j));
    if (st)
        *st = j->st;
    return TL_RT_OK;
}

static void ew_zero(ew_job *j)
{
    for (size_t i = 0; i < sizeof *j; i++)
        ((unsigned char *)j)[i] = 0;
}

int tl_rt_activate(tl_dev *dev, const tl_rt_act_args *a, tl_rt_ew_stats *st)
{
    ew_job j;
    ew_zero(&j);
    if (a->func > TL_ISA_FUNC_RELU || (a->round != TL_RND_RNE && a->round != TL_RND_SR))
        return TL_RT_EINVAL;
    j.dev = dev;
    j.act = true;
    j.a = a;
    j.rows = a->rows;
    j.cols = a->cols;
    j.nin = 1;
    j.in[0] = a->in;
    j.fin[0] = a->fin;
    j.vec[0] = &a->scale;
    j.vec[1] = &a->bias;
    j.out = a->out;
    j.fo = a->fo;
    return ew_run(&j, st);
}

int tl_rt_elemwise(tl_dev *dev, const tl_rt_ew_args *e, tl_rt_ew_stats *st)
{
    ew_job j;
    ew_zero(&j);
    if (e->op > TL_ISA_EWOP_RELU_GRAD || (e->round != TL_RND_RNE && e->round != TL_RND_SR))
        return TL_RT_EINVAL;
    j.dev = dev;
    j.e = e;
    j.rows = e->rows;
    j.cols = e->cols;
    j.nin = 2;
    j.in[0] = e->a;
    j.in[1] = e->b;
    j.fin[0] = e->fa;
    j.fin[1] = e->fb;
    j.out = e->out;
    j.fo = e->fo;
    return ew_run(&j, st);
}

int tl_rt_copy(tl_dev *dev, const tl_rt_copy_args *c, tl_rt_ew_stats *st)
{
    tl_rt_ew_stats s = {0};
    if (c->rows == 0 || c->cols == 0 || !fmt_in_ok(c->fs) || !fmt_out_ok(c->fd) ||
        (c->round != TL_RND_RNE && c->round != TL_RND_SR))
        return TL_RT_EINVAL;
    unsigned es = tl_dma_esize(c->fs), ed = tl_dma_esize(c->fd);
    if (!rt_in_dram(dev, c->src, c->rows, c->cols, es) || !rt_in_dram(dev, c->dst, c->rows, c->cols, ed) ||
        (uint64_t)c->cols * 4 > UINT32_MAX || (uint64_t)c->rows * 4 > UINT32_MAX ||
        overlap(c->src, (uint64_t)c->rows * c->cols * es, c->dst, (uint64_t)c->rows * c->cols * ed))
        return TL_RT_EINVAL;
    if (dev->pushed[0] || dev->pushed[1] || dev->pushed[2])
        TRY(tl_rt_run_batch(dev));
    if (!dev->perf_keep)
        TRY(tl_rt_perf_clear(dev));
    /* Source rows in chunks of at most 65535 (count[1] is 16 bits); the
     * descriptors of queue 0 complete in order and the batch's fence waits
     * for all of them. */
    for (uint32_t r0 = 0; r0 < c->rows; r0 += 65535u) {
        uint32_t rr = rt_min32(65535u, c->rows - r0);
        if (tl_rt_room(dev, 0) < 1) {
            TRY(tl_rt_run_batch(dev));
            s.batches++;
        }
        tl_dma_desc d;
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, c->fs, c->src + (uint64_t)r0 * c->cols * es, c->cols, rr, es, c->cols * es);
        if (c->transpose) {
            rt_side(&d.dst, TL_DMA_DRAM, c->fd, c->dst + (uint64_t)r0 * ed, c->cols, rr, c->rows * ed, ed);
            d.cbase = r0;
            d.cstride[0] = c->rows;
            d.cstride[1] = 1;
        } else {
            rt_side(&d.dst, TL_DMA_DRAM, c->fd, c->dst + (uint64_t)r0 * c->cols * ed, c->cols, rr, ed, c->cols * ed);
            d.cbase = r0 * c->cols;
            d.cstride[0] = 1;
            d.cstride[1] = c->cols;
        }
        d.round = c->round;
        d.saturate = c->saturate;
        d.seed = c->seed;
        tl_insn in;
        TRY(tl_rt_insn_dma(in, -1, 0, -1, 0, 0, &d));
        TRY(tl_rt_push(dev, 0, in));
        s.dmas++;
        s.tiles++;
        s.dram_bytes += (uint64_t)rr * c->cols * (es + ed);
    }
    TRY(tl_rt_run_batch(dev));
    s.batches++;
    if (st)
        *st = s;
    return TL_RT_OK;
}
