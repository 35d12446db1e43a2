/*
 * dma_check: runs a descriptor list on the RTL (dma_harness) and on the C
 * model from the same initial memories and compares every byte of DRAM,
 * SBUF and PSUM, every queue's status and completion count, and the
 * engine-level status (a bad queue number).
 */
#ifndef DMA_CHECK_H
#define DMA_CHECK_H

#include "dma_harness.h"

#define DMA_CHECK_MAX_FAULTS 4

typedef struct {
    const tl_dma_desc *list;
    const unsigned *queue;      /* 0..15; >= DMA_TB_QUEUES: a bad number */
    unsigned n;
    tl_dma_fault faults[DMA_CHECK_MAX_FAULTS];
    unsigned nfaults;
    unsigned timeout;           /* cycles; 0: a default */
} dma_job;

typedef struct {
    unsigned code[DMA_TB_QUEUES];
    uint64_t addr[DMA_TB_QUEUES];
    unsigned done[DMA_TB_QUEUES];
    unsigned desc_err;          /* desc_err_code (TL_DMA_OK or BAD_QUEUE) */
    unsigned desc_err_queue;
    uint64_t cycles;            /* first push to idle */
} dma_result;

/*
 * Reset the DUT, load the memories with the current contents of tb (the
 * caller fills them), run the job on both, compare. Returns 1 if equal;
 * otherwise prints the first differences, the seed `seed` and the job, and
 * returns 0. On-chip state and DRAM keep the RTL's result afterwards.
 * rtl (may be NULL) receives the RTL's status.
 */
int dma_check_job(dma_tb *tb, const dma_job *job, uint32_t seed, dma_result *rtl);

/* Print a descriptor on one line. */
void dma_print_desc(const tl_dma_desc *d);

#endif
