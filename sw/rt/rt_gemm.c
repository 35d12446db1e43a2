/*
 * trnlite runtime: GEMM of any shape (docs/driver.md section 3).
 *
 * OUT[M x N] = A[M x K] @ B[K x N] (+ C). W = A^T is the stationary
 * operand, X = B the moving one, so PSUM[m][n] is OUT[m][n]. The output
 * is cut into blocks of Mb rows x Nb columns (Mb <= COLS, Nb <= a PSUM
 * bank); each block accumulates its K tiles of ROWS in one PSUM bank in
 * increasing order (the contract's order) and is stored by a DMA that
 * narrows it. SBUF holds `slots` tiles of A^T (and of B) so that the DMA
 * loads ahead of the tensor engine; when all K tiles of a column block of
 * B fit beside them, B stays resident and is loaded once per column
 * block (column blocks outer, row blocks inner). PSUM banks rotate so that
 * a block is stored while the next one computes. Freestanding C99.
 */
#include "rt_internals.h"

enum { SEM_LOAD = 0, SEM_MM = 1, SEM_ST0 = 2 }; /* SEM_ST0 + q for store queue q; 4 is DONE */

#define MAX_SLOTS 4u
#define PEND_MAX 16u

typedef struct {
    uint32_t index;           /* block number in the GEMM */
    uint32_t m0, n0, mb, nb;
    uint32_t bank;
    uint32_t last_step;       /* batch-local step of its last MATMUL */
} blk;

typedef struct {
    bool valid;               /* a store of this bank's last block was issued */
    uint32_t batch;           /* in this batch */
    unsigned q;               /* on store queue q */
    uint32_t count;           /* as the count-th store of that queue in the batch */
} bank_state;

typedef struct {
    tl_dev *dev;
    const tl_rt_gemm_args *g;
    tl_rt_gemm_stats st;
    /* plan */
    unsigned R, C, E, NB, lg, plg, ea, eb, eo, ec, store_queues;
    uint32_t Mb, Nb, slots, wbytes, stride, T;
    bool b_res;               /* B resident: tile t at b_base + t * xbytes */
    uint32_t b_base, xbytes;
    bool panel;               /* A^T panels: a row block's every K tile, two panels */
    uint32_t pbytes;          /* one panel: T * wbytes per partition */
    uint32_t mbn, nbn, nblocks;
    tl_fmt acc;
    /* batch state */
    uint32_t batch, step, loads, stores[2];
    uint32_t mm_need;         /* LOAD count the next MATMUL waits for */
    uint32_t panel_need;      /* LOAD count once the last panel issued is in */
    bool prev_valid;          /* the block before the current one: */
    uint32_t prev_batch, prev_last; /* its batch and last step */
    blk pend[PEND_MAX];       /* finished blocks whose store is not in the ring yet */
    unsigned npend;
    bank_state bank[8];
} gemm;

tl_fmt tl_rt_gemm_acc_fmt(tl_fmt fa, tl_fmt fb)
{
    return fa == TL_FMT_INT8 && fb == TL_FMT_INT8 ? TL_FMT_INT32 : TL_FMT_FP32;
}

static bool te_float(tl_fmt f) { return f == TL_FMT_BF16 || f == TL_FMT_FP16 || f == TL_FMT_E4M3 || f == TL_FMT_E5M2; }


static int plan(const tl_dev *dev, const tl_rt_gemm_args *g, gemm *p)
{
    const tl_core_config *c = &dev->cfg;
    if (g->M == 0 || g->K == 0 || g->N == 0)
        return TL_RT_EINVAL;
    bool i8 = g->fa == TL_FMT_INT8 && g->fb == TL_FMT_INT8;
    if (!i8 && !(te_float(g->fa) && te_float(g->fb)))
        return TL_RT_EINVAL;
    p->acc = tl_rt_gemm_acc_fmt(g->fa, g->fb);
    if (i8 ? g->fo != TL_FMT_INT32 : !(g->fo == TL_FMT_FP32 || te_float(g->fo)))
        return TL_RT_EINVAL;
    if (g->round != TL_RND_RNE && g->round != TL_RND_SR)
        return TL_RT_EINVAL;
    p->ea = tl_dma_esize(g->fa);
    p->eb = tl_dma_esize(g->fb);
    p->eo = tl_dma_esize(g->fo);
    p->ec = 4;
    /* Row strides are 32-bit DMA fields. */
    if ((uint64_t)g->K * p->ea > UINT32_MAX || (uint64_t)g->N * 4 > UINT32_MAX)
        return TL_RT_EINVAL;
    if (!rt_in_dram(dev, g->a, g->M, g->K, p->ea) || !rt_in_dram(dev, g->b, g->K, g->N, p->eb) ||
        !rt_in_dram(dev, g->out, g->M, g->N, p->eo) || (g->has_c && !rt_in_dram(dev, g->c, g->M, g->N, p->ec)))
        return TL_RT_EINVAL;

    p->R = c->rows;
    p->C = c->cols;
    p->E = 1u << c->psum_bank_log2;
    p->NB = c->psum_banks;
    p->lg = c->sbuf_part_log2;
    p->plg = c->psum_bank_log2 + 2;
    for (unsigned b = c->psum_banks; b > 1; b >>= 1)
        p->plg++;
    p->store_queues = c->dma_queues >= 3 ? 2 : 1;
    if (p->NB > 8)
        return TL_RT_ENODEV;
    /* Slots: a tile of A^T (Mb elements per partition) and one of B (Nb),
     * each at a bus-word boundary; at least two, so loads run ahead. */
    uint32_t bus = c->data_width / 8, part = 1u << p->lg;
    uint32_t most = dev->max_slots >= 2 && dev->max_slots < MAX_SLOTS ? dev->max_slots : MAX_SLOTS;
    p->T = (g->K + p->R - 1) / p->R;
    p->Mb = rt_min32(g->M, p->C);
    p->Nb = rt_min32(g->N, p->E);
    p->wbytes = rt_align_up(p->Mb * p->ea, bus);
    p->xbytes = rt_align_up(p->Nb * p->eb, bus);
    /* B resident: all its K tiles of a column block and two A^T slots. */
    uint64_t b_bytes = (uint64_t)p->T * p->xbytes;
    uint64_t pbytes = (uint64_t)p->T * p->wbytes;
    if (!dev->stream_b && b_bytes + 2ull * pbytes <= part) {
        /* Both fit: two A^T panels (a row block's every K tile, loaded by
         * one descriptor while the previous row block computes) and B. */
        p->b_res = p->panel = true;
        p->pbytes = (uint32_t)pbytes;
        p->stride = p->wbytes;
        p->slots = 2;
        p->b_base = 2 * p->pbytes;
        return TL_RT_OK;
    }
    if (!dev->stream_b && b_bytes + 2ull * p->wbytes <= part) {
        p->b_res = true;
        p->stride = p->wbytes;
        p->slots = rt_min32(most, (part - (uint32_t)b_bytes) / p->wbytes); /* b_bytes < part: 32 bits */
        p->b_base = p->slots * p->wbytes;
        return TL_RT_OK;
    }
    for (;;) {
        p->xbytes = rt_align_up(p->Nb * p->eb, bus);
        p->stride = p->wbytes + p->xbytes;
        if (2 * p->stride <= part)
            break;
        if (p->Nb == 1)
            return TL_RT_ENOMEM;
        p->Nb = (p->Nb + 1) / 2;
    }
    p->slots = rt_min32(most, part / p->stride);
    return TL_RT_OK;
}

int tl_rt_gemm_check(const tl_dev *dev, const tl_rt_gemm_args *g)
{
    gemm p;
    return plan(dev, g, &p);
}


static int push_dma(gemm *p, int ws, uint32_t wv, int ss, unsigned queue, const tl_dma_desc *d,
                    uint64_t dram_bytes)
{
    tl_insn in;
    TRY(tl_rt_insn_dma(in, ws, wv, ss, 1, queue, d));
    TRY(tl_rt_push(p->dev, 0, in));
    p->st.dmas++;
    p->st.dram_bytes += dram_bytes;
    return TL_RT_OK;
}

/* The store of a finished block: PSUM bank -> OUT, narrowing with the
 * block's SR coordinates (element m*N + n of OUT). */
static int emit_store(gemm *p, const blk *b)
{
    const tl_rt_gemm_args *g = p->g;
    unsigned q = b->index % p->store_queues;
    tl_dma_desc d;
    rt_desc_clear(&d);
    rt_side(&d.src, TL_DMA_PSUM, p->acc, (uint64_t)b->bank * p->E * 4, b->nb, b->mb, 4, 1u << p->plg);
    rt_side(&d.dst, TL_DMA_DRAM, g->fo, g->out + ((uint64_t)b->m0 * g->N + b->n0) * p->eo, b->nb, b->mb, p->eo,
         g->N * p->eo);
    d.round = g->round;
    d.saturate = g->saturate;
    d.seed = g->seed;
    d.cbase = b->m0 * g->N + b->n0; /* mod 2^32, ARCHITECTURE.md 5.4 */
    d.cstride[0] = 1;
    d.cstride[1] = g->N;
    TRY(push_dma(p, SEM_MM, b->last_step + 1, (int)(SEM_ST0 + q), 1 + q, &d, (uint64_t)b->mb * b->nb * p->eo));
    p->stores[q]++;
    p->bank[b->bank] = (bank_state){true, p->batch, q, p->stores[q]};
    return TL_RT_OK;
}

static int emit_pending_front(gemm *p)
{
    TRY(emit_store(p, &p->pend[0]));
    for (unsigned i = 1; i < p->npend; i++)
        p->pend[i - 1] = p->pend[i];
    p->npend--;
    return TL_RT_OK;
}

/* End the batch: every pending store, the fence, wait; then fresh counts. */
static int flush(gemm *p)
{
    while (p->npend)
        TRY(emit_pending_front(p));
    TRY(tl_rt_run_batch(p->dev));
    p->st.batches++;
    p->batch++;
    p->step = p->loads = 0;
    p->mm_need = p->panel_need = 0;
    p->stores[0] = p->stores[1] = 0;
    return TL_RT_OK;
}

/* One K tile t of block b: its loads, then its MATMUL. */
static int emit_step(gemm *p, blk *b, uint32_t t)
{
    const tl_rt_gemm_args *g = p->g;
    /* Room: up to npend forced stores, 3 loads, npend + 1 stores after. */
    if (tl_rt_room(p->dev, 0) < 2 * p->npend + 5 || tl_rt_room(p->dev, 1) < 1)
        TRY(flush(p));
    bool first = t == 0;
    int bank_ws = -1;
    uint32_t bank_wv = 0;
    if (first) {
        /* The block that used this bank before must be stored first. */
        while (p->npend && p->pend[0].index + p->NB <= b->index)
            TRY(emit_pending_front(p));
        bank_state *bs = &p->bank[b->bank];
        if (bs->valid && bs->batch == p->batch) {
            bank_ws = (int)(SEM_ST0 + bs->q);
            bank_wv = bs->count;
        }
    }
    uint32_t k0 = t * p->R, kt = rt_min32(p->R, g->K - k0);
    uint32_t slot = p->step % p->slots, w_off = slot * p->stride;
    uint32_t x_off = p->b_res ? p->b_base + t * p->xbytes : w_off + p->wbytes;
    bool load_b = !p->b_res || b->m0 == 0; /* resident B: loaded by the first row block */
    int slot_ws = p->step >= p->slots ? SEM_MM : -1;
    uint32_t slot_wv = p->step >= p->slots ? p->step - p->slots + 1 : 0;
    if (p->b_res && b->m0 == 0 && t == 0 && p->step > 0) {
        /* A new column block of B replaces the old one: every MATMUL so
         * far may read it (this also frees the slot). */
        slot_ws = SEM_MM;
        slot_wv = p->step;
    }
    tl_dma_desc d;

    if (bank_ws >= 0 && !g->has_c && !load_b) {
        /* No load of this step writes the bank or precedes the MATMUL by
         * itself: a zero-length DMA waits for the bank's store and counts
         * as a load (queue 0 completes in order). */
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, g->fa, g->a, 0, 1, p->ea, 0);
        rt_side(&d.dst, TL_DMA_SBUF, g->fa, 0, 0, 1, p->ea, 0);
        TRY(push_dma(p, bank_ws, bank_wv, SEM_LOAD, 0, &d, 0));
        p->loads++;
        bank_ws = -1;
    }
    if (first && g->has_c) { /* C into the bank: it writes the bank, so it waits for it */
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, p->acc, g->c + ((uint64_t)b->m0 * g->N + b->n0) * 4, b->nb, b->mb, 4, g->N * 4);
        rt_side(&d.dst, TL_DMA_PSUM, p->acc, (uint64_t)b->bank * p->E * 4, b->nb, b->mb, 4, 1u << p->plg);
        TRY(push_dma(p, bank_ws, bank_wv, SEM_LOAD, 0, &d, (uint64_t)b->mb * b->nb * 4));
        p->loads++;
        bank_ws = -1;
    }
    /* A^T tile: rows of A (k contiguous) scattered over the partitions. */
    rt_desc_clear(&d);
    rt_side(&d.src, TL_DMA_DRAM, g->fa, g->a + ((uint64_t)b->m0 * g->K + k0) * p->ea, kt, b->mb, p->ea, g->K * p->ea);
    rt_side(&d.dst, TL_DMA_SBUF, g->fa, w_off, kt, b->mb, 1u << p->lg, p->ea);
    TRY(push_dma(p, slot_ws, slot_wv, SEM_LOAD, 0, &d, (uint64_t)kt * b->mb * p->ea));
    p->loads++;
    if (load_b) { /* B tile: row k to partition k - k0 */
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, g->fb, g->b + ((uint64_t)k0 * g->N + b->n0) * p->eb, b->nb, kt, p->eb,
             g->N * p->eb);
        rt_side(&d.dst, TL_DMA_SBUF, g->fb, x_off, b->nb, kt, p->eb, 1u << p->lg);
        TRY(push_dma(p, bank_ws, bank_wv, SEM_LOAD, 0, &d, (uint64_t)kt * b->nb * p->eb));
        p->loads++;
    }

    tl_rt_matmul mm = {g->fa, g->fb, first && !g->has_c, true, kt, b->mb, b->nb, w_off, x_off, b->bank * p->E};
    tl_insn in;
    TRY(tl_rt_insn_matmul(in, SEM_LOAD, p->loads, SEM_MM, 1, &mm));
    TRY(tl_rt_push(p->dev, 1, in));
    p->st.matmuls++;
    p->step++;
    return TL_RT_OK;
}

/* Block number `index` (row blocks outer; with B resident column blocks
 * outer): its rows, columns and PSUM bank. */
static blk block_at(const gemm *p, uint32_t index)
{
    uint32_t inner = p->b_res ? p->mbn : p->nbn, o = index / inner, i = index % inner;
    uint32_t m0 = (p->b_res ? i : o) * p->Mb, n0 = (p->b_res ? o : i) * p->Nb;
    blk b = {index, m0, n0, rt_min32(p->Mb, p->g->M - m0), rt_min32(p->Nb, p->g->N - n0), index % p->NB, 0};
    return b;
}

/* The A^T panel of block b into panel (b->index mod 2): every K tile of
 * its rows, partition k - tR of tile t at offset t * wbytes. The source
 * reads the rows of A in runs of R elements; the destination scatters
 * them, k to its partition. One descriptor for the full tiles,
 * one for a last partial tile. ws/wv: the wait of the first. */
static int emit_panel(gemm *p, const blk *b, int ws, uint32_t wv)
{
    const tl_rt_gemm_args *g = p->g;
    uint32_t tf = g->K / p->R, rem = g->K - tf * p->R;
    uint32_t base = (b->index % 2) * p->pbytes;
    uint64_t row = g->a + (uint64_t)b->m0 * g->K * p->ea;
    tl_dma_desc d;
    if (tf) {
        rt_desc_clear(&d);
        /* Source rows of one tile's R elements: each is its own short
         * burst, which the scatter drains in R cycles, so instruction
         * fetches (same AXI read channel, answered in order) never wait
         * behind a long burst that the scatter drains one element per
         * cycle. Same element order as whole rows. */
        rt_side(&d.src, TL_DMA_DRAM, g->fa, row, p->R, tf, p->ea, p->R * p->ea);
        d.src.count[2] = b->mb;
        d.src.stride[2] = g->K * p->ea;
        rt_side(&d.dst, TL_DMA_SBUF, g->fa, base, p->R, tf, 1u << p->lg, p->wbytes);
        d.dst.count[2] = b->mb;
        d.dst.stride[2] = p->ea;
        TRY(push_dma(p, ws, wv, SEM_LOAD, 0, &d, (uint64_t)tf * p->R * b->mb * p->ea));
        p->loads++;
        ws = -1;
    }
    if (rem) {
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, g->fa, row + (uint64_t)tf * p->R * p->ea, rem, b->mb, p->ea, g->K * p->ea);
        rt_side(&d.dst, TL_DMA_SBUF, g->fa, base + tf * p->wbytes, rem, b->mb, 1u << p->lg, p->ea);
        TRY(push_dma(p, ws, wv, SEM_LOAD, 0, &d, (uint64_t)rem * b->mb * p->ea));
        p->loads++;
    }
    return TL_RT_OK;
}

/* Panel mode, K tile t of block b: the bank's fence, C, the block's first
 * panel, B's tile (first row block of a column block), the MATMUL; then,
 * once the block issues no more loads, the stores of finished blocks and
 * the next block's panel (it waits for the block before this one, the
 * last user of that panel), so it loads while this block computes. */
static int emit_step_panel(gemm *p, blk *b, uint32_t t)
{
    const tl_rt_gemm_args *g = p->g;
    if (tl_rt_room(p->dev, 0) < 2 * p->npend + 8 || tl_rt_room(p->dev, 1) < 1)
        TRY(flush(p));
    bool first = t == 0, load_b = b->m0 == 0;
    uint32_t k0 = t * p->R, kt = rt_min32(p->R, g->K - k0);
    tl_dma_desc d;
    if (first) {
        while (p->npend && p->pend[0].index + p->NB <= b->index)
            TRY(emit_pending_front(p));
        bank_state *bs = &p->bank[b->bank];
        int bank_ws = -1;
        if (bs->valid && bs->batch == p->batch)
            bank_ws = (int)(SEM_ST0 + bs->q);
        if (g->has_c) { /* C into the bank: it writes the bank, so it waits for it */
            rt_desc_clear(&d);
            rt_side(&d.src, TL_DMA_DRAM, p->acc, g->c + ((uint64_t)b->m0 * g->N + b->n0) * 4, b->nb, b->mb, 4,
                 g->N * 4);
            rt_side(&d.dst, TL_DMA_PSUM, p->acc, (uint64_t)b->bank * p->E * 4, b->nb, b->mb, 4, 1u << p->plg);
            TRY(push_dma(p, bank_ws, bank_ws >= 0 ? bs->count : 0, SEM_LOAD, 0, &d,
                         (uint64_t)b->mb * b->nb * 4));
            p->loads++;
            p->mm_need = p->loads;
        } else if (bank_ws >= 0) { /* a zero-length DMA waits for the bank's store */
            rt_desc_clear(&d);
            rt_side(&d.src, TL_DMA_DRAM, g->fa, g->a, 0, 1, p->ea, 0);
            rt_side(&d.dst, TL_DMA_SBUF, g->fa, 0, 0, 1, p->ea, 0);
            TRY(push_dma(p, bank_ws, bs->count, SEM_LOAD, 0, &d, 0));
            p->loads++;
            p->mm_need = p->loads;
        }
        if (b->index == 0) {
            TRY(emit_panel(p, b, -1, 0));
            p->mm_need = p->loads;
        } else if (p->panel_need > p->mm_need) {
            p->mm_need = p->panel_need; /* issued during the block before */
        }
    }
    uint32_t x_off = p->b_base + t * p->xbytes;
    if (load_b) { /* B tile: row k to partition k - k0 */
        int ws = -1;
        uint32_t wv = 0;
        if (first && p->step > 0) { /* a new column block: every MATMUL so far may read the old one */
            ws = SEM_MM;
            wv = p->step;
        }
        rt_desc_clear(&d);
        rt_side(&d.src, TL_DMA_DRAM, g->fb, g->b + ((uint64_t)k0 * g->N + b->n0) * p->eb, b->nb, kt, p->eb,
             g->N * p->eb);
        rt_side(&d.dst, TL_DMA_SBUF, g->fb, x_off, b->nb, kt, p->eb, 1u << p->lg);
        TRY(push_dma(p, ws, wv, SEM_LOAD, 0, &d, (uint64_t)kt * b->nb * p->eb));
        p->loads++;
        p->mm_need = p->loads;
    }

    tl_rt_matmul mm = {g->fa, g->fb, first && !g->has_c, true, kt, b->mb, b->nb,
                       (b->index % 2) * p->pbytes + t * p->wbytes, x_off, b->bank * p->E};
    tl_insn in;
    TRY(tl_rt_insn_matmul(in, p->mm_need ? SEM_LOAD : -1, p->mm_need, SEM_MM, 1, &mm));
    TRY(tl_rt_push(p->dev, 1, in));
    p->st.matmuls++;
    p->step++;

    if (t == (load_b ? p->T - 1 : 0) && b->index + 1 < p->nblocks) {
        /* Panel (index + 1) mod 2 was last read by the block before this
         * one: its stores and the panel wait for its last MATMUL. */
        int ws = -1;
        uint32_t wv = 0;
        if (p->prev_valid && p->prev_batch == p->batch) {
            ws = SEM_MM;
            wv = p->prev_last + 1;
        }
        while (p->npend)
            TRY(emit_pending_front(p));
        blk nb = block_at(p, b->index + 1);
        TRY(emit_panel(p, &nb, ws, wv));
        p->panel_need = p->loads;
    }
    return TL_RT_OK;
}

int tl_rt_gemm(tl_dev *dev, const tl_rt_gemm_args *g, tl_rt_gemm_stats *st)
{
    gemm p;
    for (size_t i = 0; i < sizeof p; i++)
        ((unsigned char *)&p)[i] = 0;
    TRY(plan(dev, g, &p));
    p.dev = dev;
    p.g = g;
    p.st.mb = p.Mb;
    p.st.nb = p.Nb;
    p.st.slots = p.slots;
    p.st.b_resident = p.b_res;
    p.st.a_panels = p.panel;
    if (dev->pushed[0] || dev->pushed[1] || dev->pushed[2])
        TRY(tl_rt_run_batch(dev)); /* finish what the caller left in the rings */
    if (!dev->perf_keep)
        TRY(tl_rt_perf_clear(dev));

    /* Blocks: row blocks outer; with B resident column blocks outer, so
     * each column block of B is loaded once. */
    p.mbn = (g->M + p.Mb - 1) / p.Mb;
    p.nbn = (g->N + p.Nb - 1) / p.Nb;
    p.nblocks = p.mbn * p.nbn; /* < 2^32: M * N elements fit DRAM (checked) at Mb, Nb >= 1 */
    for (uint32_t index = 0; index < p.nblocks; index++) {
        blk b = block_at(&p, index);
        for (uint32_t t = 0; t < p.T; t++) {
            if (p.panel) {
                TRY(emit_step_panel(&p, &b, t));
                continue;
            }
            TRY(emit_step(&p, &b, t));
            /* Stores whose block ended `slots` steps ago: the loads just
             * issued waited for its last MATMUL, so they wait for nothing. */
            while (p.npend && p.pend[0].last_step + p.slots <= p.step - 1)
                TRY(emit_pending_front(&p));
        }
        b.last_step = p.step - 1;
        p.prev_valid = true;
        p.prev_batch = p.batch;
        p.prev_last = b.last_step;
        if (p.npend == PEND_MAX)
            TRY(emit_pending_front(&p));
        p.pend[p.npend++] = b;
    }
    TRY(flush(&p));
    if (st)
        *st = p.st;
    return TL_RT_OK;
}
