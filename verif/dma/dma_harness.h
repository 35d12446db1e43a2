/*
 * dma_harness: a dma_engine under test with its surroundings in C: the
 * AXI4 memory (verif/common/axi_mem), an SBUF/PSUM model behind the
 * on-chip ports (seeded random backpressure and latency), the DRAM window,
 * and helpers to push descriptors and wait for completion.
 */
#ifndef DMA_HARNESS_H
#define DMA_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "axi_mem.h"
#include "dma_shim.h"
#include "trnlite/dma.h"

#define DMA_TB_DRAM_SIZE (256u * 1024u)
#define DMA_TB_SBUF_SIZE (DMA_TB_SBUF_PARTS << DMA_TB_SBUF_PART_LOG2)
#define DMA_TB_PSUM_SIZE (DMA_TB_PSUM_PARTS << DMA_TB_PSUM_PART_LOG2)

typedef struct {
    uint64_t seed;          /* backpressure streams */
    unsigned latency;       /* AXI latency */
    unsigned ready_pct;     /* AXI and on-chip ready/valid chance */
    unsigned stall_permille, stall_max;
    const char *wave;       /* FST path or NULL */
} dma_tb_cfg;

typedef struct {
    dma_dut *dut;
    dma_io io;
    axi_mem *axi;
    uint8_t sbuf[DMA_TB_SBUF_SIZE];
    uint8_t psum[DMA_TB_PSUM_SIZE];
    uint64_t dram_base;       /* address of axi_mem_data()[0] */
    uint64_t rng;
    unsigned ready_pct;
    unsigned lat, stall_pm, stall_max; /* current AXI timing */
    /* on-chip read responses in flight */
    uint8_t rsp[64][AXI_MEM_MAX_BYTES];
    uint64_t rsp_at[64];
    unsigned rsp_head, rsp_n;
    bool rsp_hold;
    unsigned oc_violations;
    char oc_first[200];
    uint64_t cycle;
    uint32_t done_seen[DMA_TB_QUEUES]; /* done pulses counted */
} dma_tb;

dma_tb *dma_tb_create(const dma_tb_cfg *cfg);
void dma_tb_free(dma_tb *tb);
/* Change backpressure / latency between runs. */
void dma_tb_timing(dma_tb *tb, unsigned latency, unsigned ready_pct, unsigned stall_permille,
                   unsigned stall_max);
/* One clock cycle. */
void dma_tb_step(dma_tb *tb);
/* Hold reset for n cycles (DUT and memories' transactions). */
void dma_tb_reset(dma_tb *tb, unsigned n);
/* Push one descriptor to queue q (0..15; >= DMA_TB_QUEUES is a bad number
 * the engine takes and records); false if not accepted within `timeout` cycles. */
bool dma_tb_push(dma_tb *tb, unsigned q, const tl_dma_desc *d, unsigned timeout);
/* Run until the engine is idle and the bus quiet; false on timeout. */
bool dma_tb_wait_idle(dma_tb *tb, unsigned timeout);
/* The system seen by the C model: same memories (tb's), window, faults. */
void dma_tb_sys(dma_tb *tb, tl_dma_sys *sys, uint8_t *dram, uint8_t *sbuf, uint8_t *psum);
/* DRAM backing store. */
uint8_t *dma_tb_dram(dma_tb *tb);
/* Protocol violations seen (AXI and on-chip), and the first message. */
unsigned dma_tb_violations(const dma_tb *tb);
const char *dma_tb_first_violation(const dma_tb *tb);

#endif
