/*
 * The tests' own reading of docs/core.md section 6 (activation
 * arithmetic), written apart from cmodel/core_exec.c: the comparisons
 * (relu, max, relu-gradient) and one element of ACTIVATE / ELEMWISE from
 * tl_widen'ed inputs, through tl_f32_mul, tl_f32_add, tl_narrow and
 * tl_sr_rand.
 */
#ifndef CORE_REF_H
#define CORE_REF_H

#include <stdbool.h>
#include <stdint.h>

bool ref_nan(uint32_t x);
/* u > 0 ? u : +0, NaN kept. */
uint32_t ref_relu(uint32_t u);
/* ELEMWISE op (TL_ISA_EWOP_*) on fp32 a, b. */
uint32_t ref_ew(unsigned op, uint32_t a, uint32_t b);
/* The narrowed output of an fp32 value v with SR coordinate coord. */
uint32_t ref_out(unsigned fmt, uint32_t v, unsigned round, bool sat, uint32_t seed, uint32_t coord);

#endif
