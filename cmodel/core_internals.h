/*
 * Whole-core model internals shared by core_model.c (CSRs, rings, run
 * loop, errors) and core_exec.c (instruction checks and execution).
 */
#ifndef TRNLITE_CORE_INTERNALS_H
#define TRNLITE_CORE_INTERNALS_H

#include "trnlite/core_model.h"
#include "trnlite/isa.h"

#define CORE_ENGINES 3
#define CORE_DMA_PEND 4    /* per DMA queue, under a schedule (dma_pend) */

typedef struct {
    uint64_t base;
    uint32_t size, head, tail;
    bool fetched;          /* insn holds the slot at head (checked, waiting) */
    uint32_t insn[32];
} core_ring;

struct tl_core {
    tl_core_config cfg;
    uint8_t *sbuf, *psum;      /* rows << sbuf_part_log2, cols << psum_part_log2 bytes */
    unsigned psum_part_log2;   /* log2 bytes per PSUM partition */
    uint8_t *dram;
    uint64_t dram_base, dram_size;
    const tl_dma_fault *faults;
    unsigned nfaults;
    const tl_dma_bus *bus;     /* tl_core_set_bus; NULL: dram[] */
    tl_core_observer obs;      /* tl_core_set_observer */
    void *obs_ctx;

    bool run;
    uint64_t win_base, win_limit;
    uint32_t watchdog;
    uint32_t irq_status, irq_enable, irq_sem, irq_sem_value;
    uint32_t err_code, err_engine, err_queue;
    uint64_t err_pc, err_addr;
    unsigned stopped;          /* engines stopped by an error, one bit each */
    bool was_idle;
    core_ring q[CORE_ENGINES];
    uint32_t sem[32];
    uint64_t perf_macs, perf_rd_bytes, perf_wr_bytes, perf_act_elems;
    uint32_t perf_hi_latch[16];

    uint64_t sched;            /* tl_core_set_schedule state; 0: round robin */
    /* Under a schedule, DMA instructions dispatched but not yet run, per
     * queue in order (the DMA engine's queues: each runs its own in order,
     * the engine serves the queues round robin, so across queues a later
     * descriptor may run first). Round robin runs them at dispatch. */
    struct {
        uint32_t insn[32];
        uint64_t pc;
    } dma_pend[TL_DMA_MAX_QUEUES][CORE_DMA_PEND];
    unsigned dma_npend[TL_DMA_MAX_QUEUES];

    /* scratch, sized at creation so that running never allocates:
     * matmul operands (rows*cols, rows*bank, cols*bank words) and one
     * partition of activation results (the larger of an SBUF partition's
     * bytes and a PSUM partition's entries) */
    uint32_t *scr_w, *scr_x, *scr_ps, *scr_v;
    int8_t *scr_w8, *scr_x8;

    /* tl_isa_reserved_mask per opcode (8 bits) and word, computed at
     * creation: walking the field table for every word of every checked
     * instruction was 30% of a GEMM's time */
    uint32_t resv_mask[256][32];

    /* tensor engine: the stationary W tile of the last loading matmul */
    bool w_loaded;
    unsigned w_fmt, w_k, w_m;
    uint32_t *w_tile;          /* raw bits, [k * w_m + m] */
};

/* Checks of docs/core.md section 5 for an instruction fetched by engine
 * e: returns 0 or the error code (for DMA BAD_QUEUE, *queue is set). */
unsigned core_check(const tl_core *c, unsigned e, const uint32_t *insn, unsigned *queue);
/* Execute a checked instruction. Returns 0, or a DMA error (16 + c) with
 * *fault_addr and *queue set. */
unsigned core_exec(tl_core *c, const uint32_t *insn, uint64_t *fault_addr, unsigned *queue);

#endif
