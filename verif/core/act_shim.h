/*
 * C API of the activation-engine test shims (one thin C++ file per
 * Verilated top): fp32_mul and core_act. Every DUT: create (wave path or
 * NULL: an FST is written there; random power-up values seeded with
 * `seed`), step, free.
 */
#ifndef ACT_SHIM_H
#define ACT_SHIM_H

#include <stdint.h>

#include "trnlite/pipeline.h"   /* TL_FP32_MUL_LATENCY */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- fp32_mul (pipeline of TL_FP32_MUL_LATENCY edges, no enable) ---- */
typedef struct fp32_mul_dut fp32_mul_dut;
fp32_mul_dut *fp32_mul_dut_create(const char *wave, uint32_t seed);
/* Present a, b for one clock edge; returns y after it: the product of the
 * operands presented TL_FP32_MUL_LATENCY steps earlier (this one counted). */
uint32_t fp32_mul_dut_step(fp32_mul_dut *d, uint32_t a, uint32_t b);
void fp32_mul_dut_free(fp32_mul_dut *d);

/* ---- core_act (rtl/core/core_act.v) ---- */
typedef struct core_act_dut core_act_dut;
typedef struct {
    unsigned rows, cols, data_width, sbuf_part_log2, psum_banks, psum_bank_log2;
    unsigned act_lanes;   /* ACT_LANES: arithmetic lanes; the partitions in groups of act_lanes */
} core_act_params;
#define ACT_MAX_LANE_WORDS (16 * 256 / 32)   /* 32-bit words of a whole-partition-set word */
typedef struct {
    /* inputs, held for one cycle */
    unsigned insn_valid;
    uint32_t insn[32];
    unsigned sb_rd_ready, sb_rd_rsp_valid, sb_wr_ready;
    unsigned ps_rd_ready, ps_rd_rsp_valid, ps_wr_ready;
    uint32_t sb_rd_rsp_data[ACT_MAX_LANE_WORDS];   /* lane p: words p*DW/32 .. */
    uint32_t ps_rd_rsp_data[ACT_MAX_LANE_WORDS];
    /* outputs in this cycle (before its clock edge) */
    unsigned insn_ready, done, busy;
    unsigned sb_rd_valid, sb_rd_addr, sb_wr_valid, sb_wr_addr;
    uint64_t sb_wr_mask, sb_wr_strb;
    uint32_t sb_wr_data[ACT_MAX_LANE_WORDS];
    unsigned ps_rd_valid, ps_rd_addr, ps_wr_valid, ps_wr_addr;
    uint64_t ps_wr_mask, ps_wr_strb;
    uint32_t ps_wr_data[ACT_MAX_LANE_WORDS];
} core_act_pins;
core_act_dut *core_act_dut_create(const char *wave, uint32_t seed);
/* The parameters the model was built with. */
void core_act_dut_params(core_act_dut *d, core_act_params *p);
/* rst high for two cycles, inputs idle. */
void core_act_dut_reset(core_act_dut *d);
/* One clock cycle: apply the inputs, evaluate, read the outputs, edge. */
void core_act_dut_cycle(core_act_dut *d, core_act_pins *p);
void core_act_dut_free(core_act_dut *d);

#ifdef __cplusplus
}
#endif

#endif
