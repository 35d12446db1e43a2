/*
 * C API of the Verilated dma_engine (shim_dma.cpp). The shim only copies
 * signals between the model and the plain C struct dma_io; memories and
 * protocol checks live in C (verif/common/axi_mem.c, dma_harness.c).
 *
 * Every test build of dma_engine uses these geometry parameters (dma.mk
 * passes the same values with -G):
 */
#ifndef DMA_SHIM_H
#define DMA_SHIM_H

#include <stdbool.h>
#include <stdint.h>

#include "axi_mem.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DMA_TB_QUEUES 4
#define DMA_TB_SBUF_PARTS 16
#define DMA_TB_SBUF_PART_LOG2 12
#define DMA_TB_PSUM_PARTS 16
#define DMA_TB_PSUM_PART_LOG2 11

typedef struct {
    /* inputs */
    bool rst;
    bool desc_valid;
    unsigned desc_queue;         /* 4 bits: 0..15, >= DMA_TB_QUEUES is an error */
    uint32_t desc[20];
    uint64_t dram_base, dram_limit;
    uint32_t err_clear;          /* one bit per queue */
    bool desc_err_clear;
    bool abort;                  /* soft reset (level) */
    bool sb_rd_req_ready;
    bool sb_rd_rsp_valid;
    uint8_t sb_rd_rsp_data[AXI_MEM_MAX_BYTES];
    bool sb_wr_ready;
    /* outputs */
    bool desc_ready;
    uint32_t done_pulse;         /* one bit per queue */
    uint32_t done_count[DMA_TB_QUEUES];
    uint32_t err_valid;
    unsigned err_code[DMA_TB_QUEUES];
    uint64_t err_addr[DMA_TB_QUEUES];
    bool desc_err_valid;         /* engine-level: a bad queue number */
    unsigned desc_err_code, desc_err_queue;
    bool idle;
    bool sb_rd_req_valid, sb_rd_req_psum;
    uint32_t sb_rd_req_addr;
    bool sb_rd_rsp_ready;
    bool sb_wr_valid, sb_wr_psum;
    uint32_t sb_wr_addr;
    uint8_t sb_wr_data[AXI_MEM_MAX_BYTES];
    uint32_t sb_wr_strb;
    uint32_t sb_wr_pmask;        /* nonzero: a transposing write (docs/dma.md section 1) */
    /* the AXI4 master port, both directions */
    axi_port axi;
} dma_io;

typedef struct dma_dut dma_dut;

/* wave: FST path or NULL; seed: the power-up values of every flip-flop
 * and memory (Verilator randReset(2) seeded with it). */
dma_dut *dma_dut_create(const char *wave, uint32_t seed);
void dma_dut_free(dma_dut *d);
/* Bus width in bytes and AXI address bits of this build. */
unsigned dma_dut_data_bytes(void);
unsigned dma_dut_addr_bits(void);
/* Clock low: inputs from io into the model, evaluate, outputs into io. */
void dma_dut_eval(dma_dut *d, dma_io *io);
/* Rising clock edge. */
void dma_dut_posedge(dma_dut *d);

#ifdef __cplusplus
}
#endif

#endif
