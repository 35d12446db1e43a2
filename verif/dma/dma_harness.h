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

/* Valid/ready stability of one on-chip stream the engine drives
 * (m_sb_rd_req, m_sb_wr): once VALID is high without READY, VALID and the
 * payload must stay until the cycle READY is high. */
typedef struct {
    bool pending;                    /* VALID without READY at the last edge */
    uint8_t payload[16 + AXI_MEM_MAX_BYTES];
    unsigned wait;                   /* cycles the current beat has waited */
    uint64_t beats, wait_cycles;     /* handshakes; cycles VALID waited */
    unsigned longest;                /* longest wait of one beat */
} dma_oc_hold;

/* On-chip port statistics (dma_tb_oc_stats). */
enum { DMA_OC_RD_REQ, DMA_OC_RD_RSP, DMA_OC_WR, DMA_OC_PORTS };

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
    /* stability checks of the engine's on-chip streams */
    dma_oc_hold hold_rd, hold_wr;
    uint64_t xp_writes;       /* transposing on-chip writes taken (pmask != 0) */
    /* long stalls of the SBUF/PSUM side (off unless set): each cycle a
     * port not stalled starts a stall of 1..oc_stall_max cycles with
     * probability oc_stall_pm / 1000, during which it offers no READY
     * (requests, writes) or no new response */
    unsigned oc_stall_pm, oc_stall_max;
    unsigned oc_stall_left[DMA_OC_PORTS];
    uint64_t oc_stalls[DMA_OC_PORTS], oc_rng;
} dma_tb;

/* The impolite build's on-chip stalls (test_dma_impolite): */
#define DMA_TB_OC_STALL_PM 1
#define DMA_TB_OC_STALL_MAX 300

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
/* Long random stalls of the on-chip ports (permille 0: off, the default
 * except in builds with the impolite AXI memory, which get
 * DMA_TB_OC_STALL_PM and DMA_TB_OC_STALL_MAX). */
void dma_tb_onchip_stalls(dma_tb *tb, unsigned permille, unsigned max);
/* Protocol violations seen (AXI and on-chip), and the first message. */
unsigned dma_tb_violations(const dma_tb *tb);
const char *dma_tb_first_violation(const dma_tb *tb);

#endif
