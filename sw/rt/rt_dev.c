/*
 * trnlite runtime: the device, its rings, batches, errors and counters
 * (tl_rt.h, docs/driver.md section 2). Freestanding C99.
 */
#include "rt_internals.h"

const char *tl_rt_strerror(int rc)
{
    switch (rc) {
    case TL_RT_OK: return "OK";
    case TL_RT_EINVAL: return "invalid argument";
    case TL_RT_ENOMEM: return "does not fit the device memory";
    case TL_RT_EDEVICE: return "the device reported an error";
    case TL_RT_ETIMEOUT: return "timed out waiting for the device";
    case TL_RT_EHAL: return "device access failed";
    case TL_RT_ENODEV: return "no trnlite core found";
    default: return "unknown runtime error";
    }
}

const char *tl_rt_engine_name(unsigned engine)
{
    static const char *const n[] = {"DMA", "TE", "ACT"};
    return engine < 3 ? n[engine] : "?";
}

const char *tl_rt_device_message(uint32_t code)
{
    static const char *const core[] = {
        "no error",
        "unknown opcode, or an opcode of another engine's ring",
        "a reserved instruction bit is not 0",
        "a format, space or function code the engine rejects",
        "a shape (K, M, N, P or F) is zero or beyond the array, PSUM bank or partitions, "
        "or a reused stationary tile does not match",
        "an SBUF tile lies beyond its partition, or an offset is not a multiple of the element size",
        "a PSUM tile lies beyond PSUM or across a bank",
        "a semaphore index beyond the core's semaphores",
        "a semaphore wait that nothing could end (watchdog)",
        "an instruction fetch failed (ring outside the DRAM window, bad ring setup, or a bus error)",
        "an activation output tile overlaps an input without being in place",
    };
    static const char *const dma[] = {
        "DMA: no error",
        "DMA: a DRAM read answered SLVERR",
        "DMA: a DRAM read answered DECERR (no memory there)",
        "DMA: a DRAM write answered SLVERR",
        "DMA: a DRAM write answered DECERR (no memory there)",
        "DMA: the source leaves the DRAM window",
        "DMA: the destination leaves the DRAM window",
        "DMA: the source lies beyond the last SBUF/PSUM partition",
        "DMA: the destination lies beyond the last SBUF/PSUM partition",
        "DMA: illegal memory space code",
        "DMA: illegal format, or a format pair that is not a conversion",
        "DMA: a stride is not a multiple of the element size",
        "DMA: source and destination element counts differ",
        "DMA: queue number beyond the engine's queues",
    };
    if (code < sizeof core / sizeof core[0])
        return core[code];
    if (code >= TL_ISA_ERR_DMA && code - TL_ISA_ERR_DMA < sizeof dma / sizeof dma[0])
        return dma[code - TL_ISA_ERR_DMA];
    return "unknown device error code";
}

static int hal_rc(tl_dev *dev, int rc)
{
    if (rc == TL_HAL_OK)
        return TL_RT_OK;
    dev->hal_rc = rc;
    if (rc == TL_HAL_ENOMEM)
        return TL_RT_ENOMEM;
    if (rc == TL_HAL_ETIMEOUT)
        return TL_RT_ETIMEOUT;
    return TL_RT_EHAL;
}

int tl_rt_csr_read(tl_dev *dev, uint32_t off, uint32_t *v)
{
    return hal_rc(dev, dev->hal->csr_read(dev->hal->ctx, off, v));
}

int tl_rt_csr_write(tl_dev *dev, uint32_t off, uint32_t v)
{
    return hal_rc(dev, dev->hal->csr_write(dev->hal->ctx, off, v));
}

int tl_rt_csr_read64(tl_dev *dev, uint32_t off, uint64_t *v)
{
    uint32_t lo, hi;
    TRY(tl_rt_csr_read(dev, off, &lo));
    TRY(tl_rt_csr_read(dev, off + 4, &hi));
    *v = lo | (uint64_t)hi << 32;
    return TL_RT_OK;
}

static int wr64(tl_dev *dev, uint32_t off, uint64_t v)
{
    TRY(tl_rt_csr_write(dev, off, (uint32_t)v));
    return tl_rt_csr_write(dev, off + 4, (uint32_t)(v >> 32));
}

int tl_rt_soft_reset(tl_dev *dev)
{
    /* The write's response comes once the reset is done (core.md 11). */
    TRY(tl_rt_csr_write(dev, CSR(CTRL), TRNLITE_CSR__CTRL__SOFT_RESET_bm));
    for (unsigned e = 0; e < 3; e++)
        dev->tail[e] = dev->pushed[e] = 0;
    return tl_rt_csr_write(dev, CSR(CTRL), TRNLITE_CSR__CTRL__RUN_bm);
}

int tl_rt_open(tl_dev *dev, const tl_hal *hal)
{
    tl_dev z = {0};
    *dev = z;
    dev->hal = hal;
    dev->timeout = TL_RT_TIMEOUT;
    uint32_t id, a, m, ad;
    TRY(tl_rt_csr_read(dev, CSR(ID), &id));
    if (id != TRNLITE_CSR__ID__VALUE_reset)
        return TL_RT_ENODEV;
    TRY(tl_rt_csr_read(dev, CSR(VERSION), &dev->version));
    TRY(tl_rt_csr_read(dev, CSR(CFG_ARRAY), &a));
    TRY(tl_rt_csr_read(dev, CSR(CFG_MEM), &m));
    TRY(tl_rt_csr_read(dev, CSR(CFG_ADDR), &ad));
    tl_core_config_decode(a, m, ad, &dev->cfg);
    /* The runtime needs its semaphores and one load and one store queue. */
    if (dev->cfg.rows == 0 || dev->cfg.cols == 0 || dev->cfg.sems < TL_RT_SEMS_USED ||
        dev->cfg.dma_queues < 2 || dev->cfg.psum_banks == 0 || dev->cfg.sbuf_part_log2 < 8)
        return TL_RT_ENODEV;
    hal->dram_range(hal->ctx, &dev->dram_base, &dev->dram_size);
    if (dev->dram_size == 0)
        return TL_RT_ENOMEM;
    hal->dram_reset(hal->ctx);
    for (unsigned e = 0; e < 3; e++)
        TRY(hal_rc(dev, hal->dram_alloc(hal->ctx, (uint64_t)TL_RT_RING_SLOTS * 128, 128, &dev->ring[e])));

    TRY(tl_rt_csr_write(dev, CSR(CTRL), TRNLITE_CSR__CTRL__SOFT_RESET_bm));
    TRY(wr64(dev, CSR(DRAM_BASE_LO), dev->dram_base));
    TRY(wr64(dev, CSR(DRAM_LIMIT_LO), dev->dram_base + dev->dram_size - 1));
    for (unsigned e = 0; e < 3; e++) {
        TRY(wr64(dev, CSR_Q(e, BASE_LO), dev->ring[e]));
        TRY(tl_rt_csr_write(dev, CSR_Q(e, SIZE), TL_RT_RING_SLOTS));
    }
    TRY(tl_rt_csr_write(dev, CSR(WATCHDOG), TL_RT_WATCHDOG));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_SEM), TL_RT_SEM_DONE));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_SEM_VALUE), 0));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_ENABLE),
                        TRNLITE_CSR__IRQ_ENABLE__ERROR_bm | TRNLITE_CSR__IRQ_ENABLE__SEM_bm));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_STATUS), IRQ_ALL));
    return tl_rt_soft_reset(dev);
}

int tl_rt_alloc(tl_dev *dev, uint64_t size, uint64_t align, uint64_t *addr)
{
    return hal_rc(dev, dev->hal->dram_alloc(dev->hal->ctx, size ? size : 1, align, addr));
}

int tl_rt_free_all(tl_dev *dev)
{
    /* The allocator is a bump allocator: the rings, allocated first, come
     * back at the same addresses. */
    dev->hal->dram_reset(dev->hal->ctx);
    for (unsigned e = 0; e < 3; e++) {
        uint64_t ring;
        TRY(hal_rc(dev, dev->hal->dram_alloc(dev->hal->ctx, (uint64_t)TL_RT_RING_SLOTS * 128, 128, &ring)));
        if (ring != dev->ring[e])
            return TL_RT_EHAL;
    }
    return TL_RT_OK;
}

static void zero_insn(uint32_t *insn)
{
    for (unsigned i = 0; i < 32; i++)
        insn[i] = 0;
}

int tl_rt_insn_hdr(uint32_t *in, unsigned op, int ws, uint32_t wv, int ss, uint32_t sv)
{
    zero_insn(in);
    int bad = tl_isa_set(in, TL_ISA_HDR_OPCODE, op);
    if (ws >= 0)
        bad |= tl_isa_set(in, TL_ISA_HDR_WAIT, 1) | tl_isa_set(in, TL_ISA_HDR_WS, (uint32_t)ws) |
               tl_isa_set(in, TL_ISA_HDR_WV, wv);
    if (ss >= 0)
        bad |= tl_isa_set(in, TL_ISA_HDR_SIGNAL, 1) | tl_isa_set(in, TL_ISA_HDR_SS, (uint32_t)ss) |
               tl_isa_set(in, TL_ISA_HDR_SV, sv);
    return bad ? TL_RT_EINVAL : TL_RT_OK;
}

int tl_rt_insn_dma(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, unsigned queue,
                   const tl_dma_desc *d)
{
    uint32_t w[TL_DMA_DESC_WORDS];
    TRY(tl_rt_insn_hdr(in, TL_ISA_OP_DMA, ws, wv, ss, sv));
    int bad = tl_isa_set(in, TL_ISA_DMA_QUEUE, queue);
    tl_dma_desc_pack(d, w);
    for (unsigned i = 0; i < TL_DMA_DESC_WORDS; i++)
        bad |= tl_isa_set_at(in, TL_ISA_DMA_DESC, i, w[i]);
    return bad ? TL_RT_EINVAL : TL_RT_OK;
}

int tl_rt_insn_matmul(uint32_t *in, int ws, uint32_t wv, int ss, uint32_t sv, const tl_rt_matmul *m)
{
    TRY(tl_rt_insn_hdr(in, TL_ISA_OP_MATMUL, ws, wv, ss, sv));
    int bad = tl_isa_set(in, TL_ISA_MATMUL_FMT_W, m->fw) | tl_isa_set(in, TL_ISA_MATMUL_FMT_X, m->fx) |
              tl_isa_set(in, TL_ISA_MATMUL_START, m->start) | tl_isa_set(in, TL_ISA_MATMUL_LOAD, m->load) |
              tl_isa_set(in, TL_ISA_MATMUL_K, m->K) | tl_isa_set(in, TL_ISA_MATMUL_M, m->M) |
              tl_isa_set(in, TL_ISA_MATMUL_N, m->N) | tl_isa_set(in, TL_ISA_MATMUL_W_OFF, m->w_off) |
              tl_isa_set(in, TL_ISA_MATMUL_X_OFF, m->x_off) | tl_isa_set(in, TL_ISA_MATMUL_E0, m->e0);
    return bad ? TL_RT_EINVAL : TL_RT_OK;
}

uint32_t tl_rt_room(const tl_dev *dev, unsigned e)
{
    /* A ring holds slots - 1 instructions; the DMA and TE rings keep one
     * more free for the batch's fence. */
    uint32_t cap = TL_RT_RING_SLOTS - 1 - (e < 2 ? 1 : 0);
    return dev->pushed[e] < cap ? cap - dev->pushed[e] : 0;
}

static int push_any(tl_dev *dev, unsigned e, const uint32_t *insn)
{
    uint8_t bytes[128];
    for (unsigned w = 0; w < 32; w++)
        for (unsigned b = 0; b < 4; b++)
            bytes[4 * w + b] = (uint8_t)(insn[w] >> (8 * b));
    uint64_t slot = dev->ring[e] + (uint64_t)dev->tail[e] * 128;
    TRY(hal_rc(dev, dev->hal->dram_write(dev->hal->ctx, slot, bytes, sizeof bytes)));
    dev->tail[e] = (dev->tail[e] + 1) % TL_RT_RING_SLOTS;
    dev->pushed[e]++;
    return tl_rt_csr_write(dev, CSR_Q(e, TAIL), dev->tail[e]);
}

int tl_rt_push(tl_dev *dev, unsigned e, const uint32_t *insn)
{
    if (e > 2)
        return TL_RT_EINVAL;
    if (tl_rt_room(dev, e) == 0)
        return TL_RT_ENOMEM;
    return push_any(dev, e, insn);
}

/* After an error or a timeout: record what the core says, then make it
 * usable again. */
static int recover(tl_dev *dev, int rc)
{
    if (rc == TL_RT_EDEVICE) {
        uint32_t code, eng;
        uint64_t pc, addr;
        if (tl_rt_csr_read(dev, CSR(ERR_CODE), &code) || tl_rt_csr_read(dev, CSR(ERR_ENGINE), &eng) ||
            tl_rt_csr_read64(dev, CSR(ERR_PC_LO), &pc) || tl_rt_csr_read64(dev, CSR(ERR_ADDR_LO), &addr))
            return TL_RT_EHAL;
        dev->err.code = FIELD(code, ERR_CODE, CODE);
        dev->err.engine = FIELD(eng, ERR_ENGINE, ENGINE);
        dev->err.queue = FIELD(eng, ERR_ENGINE, DMA_QUEUE);
        dev->err.pc = pc;
        dev->err.addr = addr;
    }
    /* Soft reset clears the record, the semaphores, IRQ_STATUS and the
     * rings (core.md section 8). */
    TRY(tl_rt_soft_reset(dev));
    return rc;
}

int tl_rt_run_batch(tl_dev *dev)
{
    tl_insn nop;
    TRY(tl_rt_insn_hdr(nop, TL_ISA_OP_NOP, -1, 0, (int)TL_RT_SEM_DONE, 1));
    TRY(push_any(dev, 0, nop));
    TRY(push_any(dev, 1, nop));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_SEM_VALUE), 2));
    uint64_t used = 0;
    int rc = hal_rc(dev, dev->hal->wait_irq(dev->hal->ctx, dev->timeout, &used));
    dev->waited += used;
    uint32_t code = 0;
    if (rc == TL_RT_OK || rc == TL_RT_ETIMEOUT)
        TRY(tl_rt_csr_read(dev, CSR(ERR_CODE), &code));
    if (code != 0)
        rc = TL_RT_EDEVICE; /* an error wins over a timeout: it explains it */
    if (rc != TL_RT_OK)
        return recover(dev, rc);
    /* Turn the SEM cause off before clearing it (it is a level). */
    TRY(tl_rt_csr_write(dev, CSR(IRQ_SEM_VALUE), 0));
    for (unsigned s = 0; s < TL_RT_SEMS_USED; s++)
        TRY(tl_rt_csr_write(dev, CSR_SEM(s), 0));
    TRY(tl_rt_csr_write(dev, CSR(IRQ_STATUS), IRQ_ALL));
    for (unsigned e = 0; e < 3; e++)
        dev->pushed[e] = 0;
    return TL_RT_OK;
}

int tl_rt_perf_clear(tl_dev *dev)
{
    return tl_rt_csr_write(dev, CSR(PERF_CTRL), TRNLITE_CSR__PERF_CTRL__CLEAR_bm);
}

int tl_rt_perf_read(tl_dev *dev, tl_rt_perf *p)
{
    TRY(tl_rt_csr_read64(dev, CSR(PERF_CYCLES.LO), &p->cycles));
    for (unsigned e = 0; e < 3; e++) {
        TRY(tl_rt_csr_read64(dev, CSR(PERF_BUSY[0].LO) + 8 * e, &p->busy[e]));
        TRY(tl_rt_csr_read64(dev, CSR(PERF_WAIT[0].LO) + 8 * e, &p->wait[e]));
    }
    TRY(tl_rt_csr_read64(dev, CSR(PERF_TE_MACS.LO), &p->macs));
    TRY(tl_rt_csr_read64(dev, CSR(PERF_DMA_RD_BYTES.LO), &p->dma_rd_bytes));
    TRY(tl_rt_csr_read64(dev, CSR(PERF_DMA_WR_BYTES.LO), &p->dma_wr_bytes));
    return tl_rt_csr_read64(dev, CSR(PERF_ACT_ELEMS.LO), &p->act_elems);
}
