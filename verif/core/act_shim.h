/*
 * C API of the activation-engine test shims (one thin C++ file per
 * Verilated top): fp32_mul and core_act. Every DUT: create (wave path or
 * NULL: an FST is written there; random power-up values seeded with
 * `seed`), step, free.
 */
#ifndef ACT_SHIM_H
#define ACT_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `TL_FP32_MUL_LATENCY of rtl/common/tl_pipe.vh (test_fp32_mul fails every
 * vector if the two disagree). */
#define TL_FP32_MUL_LATENCY 7u

/* ---- fp32_mul (pipeline of TL_FP32_MUL_LATENCY edges, no enable) ---- */
typedef struct fp32_mul_dut fp32_mul_dut;
fp32_mul_dut *fp32_mul_dut_create(const char *wave, uint32_t seed);
/* Present a, b for one clock edge; returns y after it: the product of the
 * operands presented TL_FP32_MUL_LATENCY steps earlier (this one counted). */
uint32_t fp32_mul_dut_step(fp32_mul_dut *d, uint32_t a, uint32_t b);
void fp32_mul_dut_free(fp32_mul_dut *d);

#ifdef __cplusplus
}
#endif

#endif
