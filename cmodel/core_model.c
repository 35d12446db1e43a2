/*
 * Whole-core model: CSRs, instruction rings, semaphores, the run loop,
 * the error record, interrupts and soft reset (docs/core.md sections 3,
 * 4, 5, 7, 8, 10). Instruction semantics are in core_exec.c.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core_internals.h"
#include "trnlite/csr.h"

#define CSR(reg) ((uint32_t)offsetof(trnlite_csr_t, reg))
#define Q_STRIDE ((uint32_t)sizeof(((trnlite_csr_t *)0)->Q[0]))
#define Q_REG(reg) ((uint32_t)(offsetof(trnlite_csr_t, Q[0].reg) - offsetof(trnlite_csr_t, Q)))
#define IRQ_ERROR TRNLITE_CSR__IRQ_STATUS__ERROR_bm
#define IRQ_SEMB TRNLITE_CSR__IRQ_STATUS__SEM_bm
#define IRQ_IDLE TRNLITE_CSR__IRQ_STATUS__IDLE_bm
#define IRQ_ALL (IRQ_ERROR | IRQ_SEMB | IRQ_IDLE)

void tl_core_config_default(tl_core_config *cfg)
{
    *cfg = (tl_core_config){.rows = 16, .cols = 16, .sbuf_part_log2 = 16, .psum_banks = 4,
                            .psum_bank_log2 = 9, .data_width = 128, .addr_width = 32,
                            .sems = 16, .dma_queues = 4};
}

const char *tl_core_strerror(int rc)
{
    switch (rc) {
    case TL_CORE_OK:
        return "ok";
    case TL_CORE_EINVAL:
        return "core configuration value out of range";
    case TL_CORE_ENOMEM:
        return "out of memory";
    default:
        return "unknown error";
    }
}

static bool config_ok(const tl_core_config *g)
{
    unsigned b = g->psum_banks;
    return g->rows >= 1 && g->rows <= 255 && g->cols >= 1 && g->cols <= 255 &&
           g->sbuf_part_log2 >= 8 && g->sbuf_part_log2 <= 24 && b >= 1 && b <= 8 &&
           (b & (b - 1)) == 0 && g->psum_bank_log2 >= 1 && g->psum_bank_log2 <= 15 &&
           (g->data_width == 64 || g->data_width == 128 || g->data_width == 256) &&
           g->addr_width >= 32 && g->addr_width <= 64 && g->sems >= 16 && g->sems <= 32 &&
           g->dma_queues >= 2 && g->dma_queues <= 15;
}

/* What rst and CTRL.SOFT_RESET reset (docs/core.md section 8). */
static void soft_reset(tl_core *c)
{
    c->run = false;
    c->irq_status = 0;
    c->err_code = c->err_engine = c->err_queue = 0;
    c->err_pc = c->err_addr = 0;
    c->stopped = 0;
    c->was_idle = true;
    for (unsigned e = 0; e < CORE_ENGINES; e++) {
        c->q[e].head = c->q[e].tail = 0;
        c->q[e].fetched = false;
    }
    memset(c->sem, 0, sizeof c->sem);
    memset(c->dma_npend, 0, sizeof c->dma_npend);
    c->w_loaded = false;
}

int tl_core_create(const tl_core_config *cfg, tl_core **out)
{
    *out = NULL;
    if (!cfg || !config_ok(cfg))
        return TL_CORE_EINVAL;
    tl_core *c = calloc(1, sizeof *c);
    if (!c)
        return TL_CORE_ENOMEM;
    c->cfg = *cfg;
    for (unsigned op = 0; op < 256; op++)
        for (unsigned w = 0; w < 32 && tl_isa_op_name(op); w++)  /* other opcodes fail BAD_OPCODE first */
            c->resv_mask[op][w] = tl_isa_reserved_mask(op, w);
    unsigned banks_log2 = (unsigned)__builtin_ctz(cfg->psum_banks);
    c->psum_part_log2 = cfg->psum_bank_log2 + banks_log2 + 2;
    c->sbuf = calloc((size_t)cfg->rows << cfg->sbuf_part_log2, 1);
    c->psum = calloc((size_t)cfg->cols << c->psum_part_log2, 1);
    size_t rc = (size_t)cfg->rows * cfg->cols, bank = (size_t)1 << cfg->psum_bank_log2;
    size_t part = (size_t)1 << cfg->sbuf_part_log2, psum_entries = bank * cfg->psum_banks;
    c->w_tile = calloc(rc, sizeof *c->w_tile);
    c->scr_w = calloc(rc, sizeof *c->scr_w);
    c->scr_x = calloc((size_t)cfg->rows * bank, sizeof *c->scr_x);
    c->scr_ps = calloc((size_t)cfg->cols * bank, sizeof *c->scr_ps);
    c->scr_v = calloc(part > psum_entries ? part : psum_entries, sizeof *c->scr_v);
    c->scr_w8 = calloc(rc, 1);
    c->scr_x8 = calloc((size_t)cfg->rows * bank, 1);
    if (!c->sbuf || !c->psum || !c->w_tile || !c->scr_w || !c->scr_x || !c->scr_ps || !c->scr_v ||
        !c->scr_w8 || !c->scr_x8) {
        tl_core_free(c);
        return TL_CORE_ENOMEM;
    }
    c->watchdog = TRNLITE_CSR__WATCHDOG__CYCLES_reset;
    for (unsigned e = 0; e < CORE_ENGINES; e++)
        c->q[e].size = TRNLITE_CSR__QX__SIZE__SIZE_reset;
    soft_reset(c);
    *out = c;
    return TL_CORE_OK;
}

void tl_core_free(tl_core *c)
{
    if (!c)
        return;
    free(c->sbuf);
    free(c->psum);
    free(c->w_tile);
    free(c->scr_w);
    free(c->scr_x);
    free(c->scr_ps);
    free(c->scr_v);
    free(c->scr_w8);
    free(c->scr_x8);
    free(c);
}

void tl_core_set_dram(tl_core *c, uint8_t *mem, uint64_t base, uint64_t size)
{
    c->dram = mem;
    c->dram_base = base;
    c->dram_size = mem ? size : 0;
}

void tl_core_set_faults(tl_core *c, const tl_dma_fault *faults, unsigned n)
{
    c->faults = n ? faults : NULL;
    c->nfaults = faults ? n : 0;
}

void tl_core_set_bus(tl_core *c, const tl_dma_bus *bus)
{
    c->bus = bus;
}

void tl_core_set_observer(tl_core *c, tl_core_observer fn, void *ctx)
{
    c->obs = fn;
    c->obs_ctx = ctx;
}

uint8_t *tl_core_sbuf(tl_core *c, unsigned p)
{
    return p < c->cfg.rows ? c->sbuf + ((size_t)p << c->cfg.sbuf_part_log2) : NULL;
}

static bool psum_index_ok(const tl_core *c, unsigned p, uint32_t e)
{
    return p < c->cfg.cols && e < (c->cfg.psum_banks << c->cfg.psum_bank_log2);
}

uint32_t tl_core_psum_get(const tl_core *c, unsigned p, uint32_t e)
{
    if (!psum_index_ok(c, p, e))
        return 0;
    const uint8_t *b = c->psum + ((size_t)p << c->psum_part_log2) + 4 * (size_t)e;
    return b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void tl_core_psum_set(tl_core *c, unsigned p, uint32_t e, uint32_t v)
{
    if (!psum_index_ok(c, p, e))
        return;
    uint8_t *b = c->psum + ((size_t)p << c->psum_part_log2) + 4 * (size_t)e;
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

bool tl_core_irq(const tl_core *c)
{
    return (c->irq_status & c->irq_enable & IRQ_ALL) != 0;
}

static unsigned dma_pending(const tl_core *c)
{
    unsigned n = 0;
    for (unsigned i = 0; i < c->cfg.dma_queues; i++)
        n += c->dma_npend[i];
    return n;
}

static bool core_idle(const tl_core *c)
{
    for (unsigned e = 0; e < CORE_ENGINES; e++)
        if (c->q[e].head != c->q[e].tail)
            return false;
    return dma_pending(c) == 0;
}

/* Interrupt sources evaluated after every step and CSR access. */
static void update_irq(tl_core *c)
{
    uint32_t s = c->irq_sem < c->cfg.sems ? c->sem[c->irq_sem] : 0;
    if (c->irq_sem_value != 0 && s >= c->irq_sem_value)
        c->irq_status |= IRQ_SEMB;
    bool idle = core_idle(c);
    if (idle && !c->was_idle)
        c->irq_status |= IRQ_IDLE;
    c->was_idle = idle;
}

/* Stop engine e with an error; the record keeps the first one. */
static void core_error(tl_core *c, unsigned e, unsigned code, uint64_t pc, uint64_t addr,
                       unsigned queue)
{
    c->stopped |= 1u << e;
    c->q[e].fetched = false;
    if (c->err_code == 0) {
        c->err_code = code;
        c->err_engine = e;
        c->err_queue = queue;
        c->err_pc = pc;
        c->err_addr = addr;
    }
    c->irq_status |= IRQ_ERROR;
}

/* Response of a read of [a, b]: 0 OKAY, else 2/3 (tl_dma_fault rule). */
static unsigned read_resp(const tl_core *c, uint64_t a, uint64_t b)
{
    for (unsigned i = 0; i < c->nfaults; i++) {
        const tl_dma_fault *f = &c->faults[i];
        if (!f->on_write && a <= f->hi && b >= f->lo)
            return f->resp;
    }
    if (a < c->dram_base || b - c->dram_base >= c->dram_size)
        return 3;
    return 0;
}

/* Fetch the slot at HEAD of ring e into q->insn; false on a FETCH error. */
static bool fetch(tl_core *c, unsigned e, uint64_t *pc)
{
    core_ring *q = &c->q[e];
    *pc = q->base + 128u * (uint64_t)q->head;
    uint64_t last = *pc + 127;
    bool size_ok = q->size >= 1 && q->size <= 65536 && (q->size & (q->size - 1)) == 0;
    if ((q->base & 127) || !size_ok || q->tail >= q->size || last < *pc ||
        *pc < c->win_base || last > c->win_limit)
        return false;
    uint8_t slot[128];
    const uint8_t *src = slot;
    if (c->bus) {
        /* one burst: a slot is 128-aligned, so never across 4 KiB */
        if (c->bus->read(c->bus->ctx, *pc, slot, 128))
            return false;
    } else {
        if (read_resp(c, *pc, last))
            return false;
        src = c->dram + (*pc - c->dram_base);
    }
    for (unsigned w = 0; w < 32; w++)
        q->insn[w] = src[4 * w] | (uint32_t)src[4 * w + 1] << 8 | (uint32_t)src[4 * w + 2] << 16 |
                     (uint32_t)src[4 * w + 3] << 24;
    q->fetched = true;
    return true;
}

enum step { STEP_NONE, STEP_WAIT, STEP_DONE };

static unsigned sched_next(tl_core *c, unsigned n);

/* Run an instruction of engine e that has passed its wait: execute,
 * signal, report. Returns the error code (0: done). */
static unsigned complete(tl_core *c, unsigned e, const uint32_t *in, uint64_t pc)
{
    uint64_t fault = 0;
    unsigned queue = 0, code;
    if ((code = core_exec(c, in, &fault, &queue))) {
        core_error(c, e, code, pc, fault, queue);
    } else if (tl_isa_get(in, TL_ISA_HDR_SIGNAL)) {
        c->sem[tl_isa_get(in, TL_ISA_HDR_SS)] += tl_isa_get(in, TL_ISA_HDR_SV);
    }
    if (c->obs)
        c->obs(c->obs_ctx, e, in, code);
    return code;
}

/* One instruction of engine e: fetch, check, wait or execute. */
static enum step step_engine(tl_core *c, unsigned e)
{
    core_ring *q = &c->q[e];
    if (!c->run || (c->stopped >> e & 1) || q->head == q->tail)
        return STEP_NONE;
    uint64_t pc = q->base + 128u * (uint64_t)q->head;
    unsigned queue = 0, code;
    if (!q->fetched) {
        if (!fetch(c, e, &pc)) {
            core_error(c, e, TL_ISA_ERR_FETCH, pc, 0, 0);
            if (c->obs)
                c->obs(c->obs_ctx, e, NULL, TL_ISA_ERR_FETCH);
            return STEP_DONE;
        }
        if ((code = core_check(c, e, q->insn, &queue))) {
            core_error(c, e, code, pc, 0, queue);
            if (c->obs)
                c->obs(c->obs_ctx, e, q->insn, code);
            return STEP_DONE;
        }
    }
    const uint32_t *in = q->insn;
    if (tl_isa_get(in, TL_ISA_HDR_WAIT) &&
        c->sem[tl_isa_get(in, TL_ISA_HDR_WS)] < tl_isa_get(in, TL_ISA_HDR_WV))
        return STEP_WAIT;
    unsigned op = tl_isa_get(in, TL_ISA_HDR_OPCODE);
    if (c->sched && op == TL_ISA_OP_DMA) {
        /* into its queue; step_dma_queues runs it later */
        queue = tl_isa_get(in, TL_ISA_DMA_QUEUE);
        if (c->dma_npend[queue] == CORE_DMA_PEND)
            return STEP_NONE; /* the queue is full until step_dma_queues runs one */
        memcpy(c->dma_pend[queue][c->dma_npend[queue]].insn, in, sizeof q->insn);
        c->dma_pend[queue][c->dma_npend[queue]++].pc = pc;
    } else if (c->sched && op == TL_ISA_OP_NOP && dma_pending(c) && e == 0) {
        return STEP_NONE; /* a NOP runs once every earlier instruction of its ring has */
    } else if (complete(c, e, in, pc)) {
        return STEP_DONE; /* stopped on it */
    }
    q->fetched = false;
    q->head = (q->head + 1) & (q->size - 1);
    return STEP_DONE;
}

/* Under a schedule: run the oldest dispatched DMA of a random queue (the
 * DMA engine serves its queues round robin, so across queues a later
 * descriptor may run first). A failing one drops the rest of its queue
 * (docs/dma.md section 4: they get no completion); other queues go on. */
static enum step step_dma_queues(tl_core *c)
{
    unsigned n = dma_pending(c), qn = 0;
    if (n == 0)
        return STEP_NONE;
    for (unsigned pick = sched_next(c, n); pick >= c->dma_npend[qn]; qn++)
        pick -= c->dma_npend[qn];
    if (complete(c, 0, c->dma_pend[qn][0].insn, c->dma_pend[qn][0].pc)) {
        c->dma_npend[qn] = 0;
    } else {
        c->dma_npend[qn]--;
        memmove(&c->dma_pend[qn][0], &c->dma_pend[qn][1], c->dma_npend[qn] * sizeof c->dma_pend[qn][0]);
    }
    return STEP_DONE;
}

void tl_core_set_schedule(tl_core *c, uint64_t seed)
{
    c->sched = seed;
}

/* xorshift64 for the test schedule */
static unsigned sched_next(tl_core *c, unsigned n)
{
    c->sched ^= c->sched << 13;
    c->sched ^= c->sched >> 7;
    c->sched ^= c->sched << 17;
    return (unsigned)(c->sched % n);
}

uint64_t tl_core_run(tl_core *c, uint64_t max_steps)
{
    uint64_t steps = 0;
    while (steps < max_steps) {
        /* engines, and under a schedule the DMA queues as a fourth (DMA_Q) */
        enum { DMA_Q = CORE_ENGINES };
        unsigned waiting = 0, order[CORE_ENGINES + 1] = {0, 1, 2, DMA_Q}, burst = 1;
        unsigned slots = c->sched ? CORE_ENGINES + 1 : CORE_ENGINES;
        bool progress = false;
        if (c->sched) {
            for (unsigned i = slots - 1; i > 0; i--) {
                unsigned j = sched_next(c, i + 1), t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            burst = 1 + sched_next(c, 4);
        }
        for (unsigned i = 0; i < slots && steps < max_steps; i++) {
            unsigned e = order[i];
            for (unsigned b = 0; b < burst && steps < max_steps; b++) {
                enum step s = e == DMA_Q ? step_dma_queues(c) : step_engine(c, e);
                if (s == STEP_DONE) {
                    progress = true;
                    steps++;
                    update_irq(c);
                    continue;
                }
                if (s == STEP_WAIT)
                    waiting |= 1u << e;
                break;
            }
        }
        if (progress)
            continue;
        if (!waiting || c->watchdog == 0)
            break;
        /* Nothing can end these waits: the watchdog (docs/core.md 5). */
        for (unsigned e = 0; e < CORE_ENGINES; e++)
            if (waiting >> e & 1)
                core_error(c, e, TL_ISA_ERR_WAIT_TIMEOUT, c->q[e].base + 128u * (uint64_t)c->q[e].head,
                           0, 0);
        steps++;
        update_irq(c);
    }
    return steps;
}

/* 64-bit counters: reading LO latches HI (docs/core.md section 3). */
static uint32_t perf_read(tl_core *c, uint32_t off)
{
    unsigned idx = (off - CSR(PERF_CYCLES)) / 8;
    uint64_t v = 0;
    if (off >= CSR(PERF_TE_MACS)) {
        const uint64_t *arch[] = {&c->perf_macs, &c->perf_rd_bytes, &c->perf_wr_bytes,
                                  &c->perf_act_elems};
        v = *arch[(off - CSR(PERF_TE_MACS)) / 8];
    } /* cycles, busy and wait cycles: 0 in the model */
    if ((off & 4) == 0) {
        c->perf_hi_latch[idx] = (uint32_t)(v >> 32);
        return (uint32_t)v;
    }
    return c->perf_hi_latch[idx];
}

static uint32_t status(const tl_core *c)
{
    uint32_t wait = 0;
    for (unsigned e = 0; e < CORE_ENGINES; e++)
        wait |= (uint32_t)c->q[e].fetched << e;
    return wait << TRNLITE_CSR__STATUS__BUSY_bp | wait << TRNLITE_CSR__STATUS__WAITING_bp |
           (uint32_t)(c->err_code != 0 || c->stopped != 0) << TRNLITE_CSR__STATUS__ERROR_bp |
           (uint32_t)core_idle(c) << TRNLITE_CSR__STATUS__IDLE_bp;
}

static uint32_t fmt_bits(bool te)
{
    const tl_fmt te_in[] = {TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2, TL_FMT_INT8};
    const tl_fmt act_out[] = {TL_FMT_FP32, TL_FMT_BF16, TL_FMT_FP16, TL_FMT_E4M3, TL_FMT_E5M2};
    uint32_t m = 0;
    for (unsigned i = 0; i < 5; i++)
        m |= 1u << (te ? te_in[i] : act_out[i]);
    return m;
}

uint32_t tl_core_csr_read32(tl_core *c, uint32_t off)
{
    const tl_core_config *g = &c->cfg;
    if (off & 3)
        return 0;
    if (off >= CSR(Q) && off < CSR(Q) + CORE_ENGINES * Q_STRIDE) {
        const core_ring *q = &c->q[(off - CSR(Q)) / Q_STRIDE];
        switch ((off - CSR(Q)) % Q_STRIDE) {
        case Q_REG(BASE_LO): return (uint32_t)q->base;
        case Q_REG(BASE_HI): return (uint32_t)(q->base >> 32);
        case Q_REG(SIZE): return q->size;
        case Q_REG(HEAD): return q->head;
        case Q_REG(TAIL): return q->tail;
        default: return 0;
        }
    }
    if (off >= CSR(SEM) && off < CSR(SEM) + 4 * 32) {
        unsigned s = (off - CSR(SEM)) / 4;
        return s < g->sems ? c->sem[s] : 0;
    }
    if (off >= CSR(PERF_CYCLES) && off < (uint32_t)sizeof(trnlite_csr_t))
        return perf_read(c, off);
    switch (off) {
    case CSR(ID): return TRNLITE_CSR__ID__VALUE_reset;
    case CSR(VERSION):
        return TRNLITE_CSR__VERSION__MAJOR_reset << TRNLITE_CSR__VERSION__MAJOR_bp |
               TRNLITE_CSR__VERSION__MINOR_reset << TRNLITE_CSR__VERSION__MINOR_bp |
               TRNLITE_CSR__VERSION__PATCH_reset << TRNLITE_CSR__VERSION__PATCH_bp;
    case CSR(CFG_ARRAY):
        return g->rows << TRNLITE_CSR__CFG_ARRAY__ROWS_bp | g->cols << TRNLITE_CSR__CFG_ARRAY__COLS_bp |
               g->sems << TRNLITE_CSR__CFG_ARRAY__SEMS_bp |
               g->dma_queues << TRNLITE_CSR__CFG_ARRAY__DMA_QUEUES_bp;
    case CSR(CFG_MEM):
        return g->sbuf_part_log2 << TRNLITE_CSR__CFG_MEM__SBUF_PART_LOG2_bp |
               g->psum_banks << TRNLITE_CSR__CFG_MEM__PSUM_BANKS_bp |
               g->psum_bank_log2 << TRNLITE_CSR__CFG_MEM__PSUM_BANK_LOG2_bp |
               (uint32_t)__builtin_ctz(g->data_width / 8) << TRNLITE_CSR__CFG_MEM__BUS_BYTES_LOG2_bp;
    case CSR(CFG_FMT):
        return fmt_bits(true) << TRNLITE_CSR__CFG_FMT__TE_IN_bp |
               fmt_bits(false) << TRNLITE_CSR__CFG_FMT__ACT_OUT_bp | TRNLITE_CSR__CFG_FMT__SR_bm;
    case CSR(CFG_ADDR): return g->addr_width;
    case CSR(CTRL): return c->run;
    case CSR(STATUS): return status(c);
    case CSR(DRAM_BASE_LO): return (uint32_t)c->win_base;
    case CSR(DRAM_BASE_HI): return (uint32_t)(c->win_base >> 32);
    case CSR(DRAM_LIMIT_LO): return (uint32_t)c->win_limit;
    case CSR(DRAM_LIMIT_HI): return (uint32_t)(c->win_limit >> 32);
    case CSR(WATCHDOG): return c->watchdog;
    case CSR(IRQ_STATUS): return c->irq_status;
    case CSR(IRQ_ENABLE): return c->irq_enable;
    case CSR(IRQ_SEM): return c->irq_sem;
    case CSR(IRQ_SEM_VALUE): return c->irq_sem_value;
    case CSR(ERR_CODE): return c->err_code;
    case CSR(ERR_ENGINE):
        return c->err_engine << TRNLITE_CSR__ERR_ENGINE__ENGINE_bp |
               c->err_queue << TRNLITE_CSR__ERR_ENGINE__DMA_QUEUE_bp |
               c->stopped << TRNLITE_CSR__ERR_ENGINE__STOPPED_bp;
    case CSR(ERR_PC_LO): return (uint32_t)c->err_pc;
    case CSR(ERR_PC_HI): return (uint32_t)(c->err_pc >> 32);
    case CSR(ERR_ADDR_LO): return (uint32_t)c->err_addr;
    case CSR(ERR_ADDR_HI): return (uint32_t)(c->err_addr >> 32);
    default: return 0;
    }
}

static void set_lo(uint64_t *r, uint32_t v) { *r = (*r & ~0xFFFFFFFFull) | v; }
static void set_hi(uint64_t *r, uint32_t v) { *r = (*r & 0xFFFFFFFFull) | (uint64_t)v << 32; }

static void queue_write(tl_core *c, unsigned e, uint32_t reg, uint32_t v)
{
    core_ring *q = &c->q[e];
    switch (reg) {
    case Q_REG(BASE_LO): set_lo(&q->base, v); break;
    case Q_REG(BASE_HI): set_hi(&q->base, v); break;
    case Q_REG(SIZE): q->size = v & TRNLITE_CSR__QX__SIZE__SIZE_bm; break;
    case Q_REG(TAIL): q->tail = v & TRNLITE_CSR__QX__TAIL__INDEX_bm; break;
    case Q_REG(CTRL):
        if (v & TRNLITE_CSR__QX__CTRL__RESET_bm) {
            q->head = q->tail = 0;
            q->fetched = false;
            c->stopped &= ~(1u << e);
        }
        break;
    default: break;
    }
}

void tl_core_csr_write32(tl_core *c, uint32_t off, uint32_t v)
{
    if (off & 3)
        return;
    if (off >= CSR(Q) && off < CSR(Q) + CORE_ENGINES * Q_STRIDE) {
        queue_write(c, (off - CSR(Q)) / Q_STRIDE, (off - CSR(Q)) % Q_STRIDE, v);
    } else if (off >= CSR(SEM) && off < CSR(SEM) + 4 * 32) {
        if ((off - CSR(SEM)) / 4 < c->cfg.sems)
            c->sem[(off - CSR(SEM)) / 4] = v;
    } else if (off >= CSR(SEM_ADD) && off < CSR(SEM_ADD) + 4 * 32) {
        if ((off - CSR(SEM_ADD)) / 4 < c->cfg.sems)
            c->sem[(off - CSR(SEM_ADD)) / 4] += v;
    } else {
        switch (off) {
        case CSR(CTRL):
            c->run = v & TRNLITE_CSR__CTRL__RUN_bm;
            if (v & TRNLITE_CSR__CTRL__SOFT_RESET_bm)
                soft_reset(c);
            break;
        case CSR(DRAM_BASE_LO): set_lo(&c->win_base, v); break;
        case CSR(DRAM_BASE_HI): set_hi(&c->win_base, v); break;
        case CSR(DRAM_LIMIT_LO): set_lo(&c->win_limit, v); break;
        case CSR(DRAM_LIMIT_HI): set_hi(&c->win_limit, v); break;
        case CSR(WATCHDOG): c->watchdog = v; break;
        case CSR(IRQ_STATUS): c->irq_status &= ~(v & IRQ_ALL); break;
        case CSR(IRQ_ENABLE): c->irq_enable = v & IRQ_ALL; break;
        case CSR(IRQ_SEM): c->irq_sem = v & TRNLITE_CSR__IRQ_SEM__INDEX_bm; break;
        case CSR(IRQ_SEM_VALUE): c->irq_sem_value = v; break;
        case CSR(ERR_CLEAR):
            if (v & TRNLITE_CSR__ERR_CLEAR__CLEAR_bm) {
                c->err_code = c->err_engine = c->err_queue = 0;
                c->err_pc = c->err_addr = 0;
            }
            break;
        case CSR(PERF_CTRL):
            if (v & TRNLITE_CSR__PERF_CTRL__CLEAR_bm)
                c->perf_macs = c->perf_rd_bytes = c->perf_wr_bytes = c->perf_act_elems = 0;
            break;
        default: break;
        }
    }
    update_irq(c);
}
