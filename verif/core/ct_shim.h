/*
 * C API of the core_te_tb shim (verif/core/shim_core_te.cpp): core_sbuf +
 * core_psum + core_te. One clock cycle per ct_dut_cycle: the inputs of
 * the pins are applied, the handshakes of the cycle are read (before the
 * clock edge), the edge is taken, and the registered outputs of the next
 * cycle are read (read responses, done, busy, te_beat).
 */
#ifndef CT_SHIM_H
#define CT_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CT_MAXW 64   /* 32-bit words of the widest port (16 x 128 bits) */

typedef struct {
    unsigned valid, ready;             /* ready: this cycle's grant */
    unsigned part, mask, addr, strb;   /* DMA: part; ACT: mask */
    uint32_t data[CT_MAXW];            /* DMA: one word; ACT: one per partition */
} ct_wr;

typedef struct {
    unsigned valid, ready, addr;
    unsigned rsp_valid;                /* in the next cycle (after the edge) */
} ct_rd;

typedef struct {
    unsigned insn_valid, insn_ready;
    uint32_t insn[32];
    ct_wr s_dma_wr, s_act_wr, p_dma_wr, p_act_wr;
    ct_rd s_dma_rd, s_act_rd, p_dma_rd, p_act_rd;
    /* after the edge: the next cycle's registered outputs */
    unsigned done, busy, te_beat;
    uint32_t s_rd_rsp_data[CT_MAXW], p_rd_rsp_data[CT_MAXW];
} ct_pins;

typedef struct {
    unsigned rows, cols, data_width, sbuf_part_log2, psum_banks, psum_bank_log2;
} ct_cfg;

typedef struct ct_dut ct_dut;
/* wave: FST path or NULL; seed: random power-up values; plusarg: NULL or one
 * simulation plusarg (e.g. "+tl_mem_stall=5", rtl/core/core_mem_stall.v). */
ct_dut *ct_dut_create(const char *wave, uint32_t seed, const char *plusarg);
void ct_dut_cfg(ct_dut *d, ct_cfg *cfg);
/* rst high for two cycles, inputs idle. */
void ct_dut_reset(ct_dut *d);
void ct_dut_cycle(ct_dut *d, ct_pins *p);
void ct_dut_free(ct_dut *d);

#ifdef __cplusplus
}
#endif

#endif
