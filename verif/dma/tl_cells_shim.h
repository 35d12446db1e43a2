/*
 * C API of the conversion-cell shims (tl_widen, tl_narrow, tl_sr_rand):
 * each Verilated cell sits behind one thin C++ shim file. Handles are
 * opaque; `wave` is a waveform path or NULL.
 */
#ifndef TL_CELLS_SHIM_H
#define TL_CELLS_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tl_widen_dut tl_widen_dut;
tl_widen_dut *tl_widen_dut_create(const char *wave);
uint32_t tl_widen_dut_eval(tl_widen_dut *d, unsigned fmt, uint32_t bits);
void tl_widen_dut_free(tl_widen_dut *d);

typedef struct tl_narrow_dut tl_narrow_dut;
tl_narrow_dut *tl_narrow_dut_create(const char *wave);
uint32_t tl_narrow_dut_eval(tl_narrow_dut *d, unsigned fmt, uint32_t f32,
                            unsigned rnd, unsigned sat, uint32_t rand32);
void tl_narrow_dut_free(tl_narrow_dut *d);

/* tl_narrow built with LATENCY > 0: one clock per call. fmt, f32 and sat
 * enter the pipeline when ce = 1; rnd and rand32 belong to the element
 * that entered `latency` ce-clocks earlier, and the return value is its
 * result, read before this call's clock edge. */
typedef struct tl_narrow_pipe_dut tl_narrow_pipe_dut;
tl_narrow_pipe_dut *tl_narrow_pipe_dut_create(const char *wave, uint32_t seed);
unsigned tl_narrow_pipe_dut_latency(void);
uint32_t tl_narrow_pipe_dut_cycle(tl_narrow_pipe_dut *d, unsigned ce, unsigned fmt,
                                  uint32_t f32, unsigned sat, unsigned rnd,
                                  uint32_t rand32);
void tl_narrow_pipe_dut_free(tl_narrow_pipe_dut *d);

/* tl_sr_rand: present (seed, coord) with ce for one clock; returns the
 * output after that clock edge (the result of the input 5 clocks before). */
typedef struct tl_sr_rand_dut tl_sr_rand_dut;
tl_sr_rand_dut *tl_sr_rand_dut_create(const char *wave);
uint32_t tl_sr_rand_dut_step(tl_sr_rand_dut *d, unsigned ce, uint32_t seed,
                             uint32_t coord);
void tl_sr_rand_dut_free(tl_sr_rand_dut *d);

#ifdef __cplusplus
}
#endif

#endif
