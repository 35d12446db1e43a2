/*
 * C API of the tensor-engine test shims (one thin C++ file per Verilated
 * top). Every DUT: create (wave path or NULL: an FST is written there),
 * reset, step/eval, free. Random power-up values: the shims call
 * Verilated::randReset(2) with the given seed before building the model,
 * so registers that reset does not clear start random.
 */
#ifndef TE_SHIM_H
#define TE_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- fp32_add (in fp32_add_tb: a pipeline of TL_FP32_ADD_LATENCY or,
 * as te_pe builds it, TL_TE_ADD_LATENCY edges; no enable) ---- */
typedef struct fp32_add_dut fp32_add_dut;
fp32_add_dut *fp32_add_dut_create(const char *wave, uint32_t seed);
/* Present a, b for one clock edge; returns y after it: the sum of the
 * operands presented fp32_add_dut_latency() steps earlier (this one
 * counted). */
uint32_t fp32_add_dut_step(fp32_add_dut *d, uint32_t a, uint32_t b);
/* The depth this build was made with (fp32_add_tb's cfg_latency). */
unsigned fp32_add_dut_latency(fp32_add_dut *d);
void fp32_add_dut_free(fp32_add_dut *d);

/* ---- te_pe (one PE, in te_pe_tb: the engine's decoders around it) ---- */
typedef struct te_pe_dut te_pe_dut;
typedef struct {
    unsigned mv_valid, mv_swap, fmt_w, fmt_x, x, row_en;
    unsigned ld_en, ld_data;
    uint32_t psum_in;
} te_pe_in;
te_pe_dut *te_pe_dut_create(const char *wave, uint32_t seed);
/* Apply the inputs, one clock edge; returns psum_out after it. */
uint32_t te_pe_dut_step(te_pe_dut *d, const te_pe_in *in);
/* A beat presented in cycle c takes psum_in in cycle c + psum_delay; its
 * result is what the step of cycle c + out_delay returns. */
unsigned te_pe_dut_psum_delay(te_pe_dut *d);
unsigned te_pe_dut_out_delay(te_pe_dut *d);
/* Built as row 0's PE (FIRST_ROW): it adds its product to +0, whatever
 * psum_in holds. */
int te_pe_dut_first_row(te_pe_dut *d);
void te_pe_dut_free(te_pe_dut *d);

/* ---- te_top (tensor_engine + psum_buffer) ---- */
#define TE_MAX_DIM 32
typedef struct te_dut te_dut;
typedef struct {
    /* inputs, held for one cycle */
    unsigned cmd_valid, cmd_fmt_w, cmd_fmt_x, cmd_k, cmd_m, cmd_n, cmd_addr;
    unsigned cmd_start, cmd_swap;
    unsigned ld_valid, ld_fmt, ld_last;
    uint16_t ld_data[TE_MAX_DIM];
    unsigned mv_valid;
    uint16_t mv_data[TE_MAX_DIM];
    unsigned rd_valid, rd_addr;
    /* outputs: the handshakes of this cycle (before its clock edge);
     * psum_wr_fire: a result beat reached PSUM in this cycle */
    unsigned cmd_ready, ld_ready, mv_ready, psum_wr_fire, rd_ready;
    /* read response, after the clock edge (the answer to the read taken
     * two cycles earlier) */
    unsigned rd_data_valid;
    uint32_t rd_data[TE_MAX_DIM];
} te_pins;
te_dut *te_dut_create(const char *wave, uint32_t seed);
unsigned te_dut_rows(te_dut *d);
unsigned te_dut_cols(te_dut *d);
unsigned te_dut_depth(te_dut *d);
/* rst high for two cycles, inputs idle. */
void te_dut_reset(te_dut *d);
/* One clock cycle: apply inputs, evaluate, record the handshakes, edge. */
void te_dut_cycle(te_dut *d, te_pins *p);
/* Simulated cycles since create. */
uint64_t te_dut_time(te_dut *d);
void te_dut_free(te_dut *d);

#ifdef __cplusplus
}
#endif

#endif
