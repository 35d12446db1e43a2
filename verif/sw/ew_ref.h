/*
 * Test support for the driver's elementwise calls (tl_rt_activate,
 * tl_rt_elemwise, tl_rt_copy): random operands, the reference from
 * cmodel's own arithmetic (tl_widen, tl_f32_mul, tl_f32_add, tl_narrow,
 * tl_sr_rand: docs/core.md section 6, which the model's core_exec
 * implements), and one call that runs a case on a device and compares
 * bit for bit.
 */
#ifndef EW_REF_H
#define EW_REF_H

#include "gemm_ref.h"

enum { EW_ACT, EW_ELEM, EW_COPY };

typedef struct {
    unsigned kind;           /* EW_ACT, EW_ELEM, EW_COPY */
    uint32_t rows, cols;
    unsigned op;             /* ACT: TL_ISA_FUNC_*; ELEM: TL_ISA_EWOP_* */
    tl_fmt fa, fb, fo;       /* ACT: fa input, fb the scale/bias vectors; COPY: fa -> fo */
    bool scale_vec, bias_vec;/* ACT: per row (else scalar fp32) */
    bool in_place;           /* ACT, ELEM: out is input a (fa == fo) */
    bool transpose;          /* COPY */
    tl_round round;
    bool saturate;
    uint32_t seed;
} ew_case;

/* The reference of element i of the output (row-major). */
uint32_t ew_ref_elem(const ew_case *c, const uint8_t *a, const uint8_t *b, const uint8_t *scale,
                     const uint8_t *bias, uint32_t s_scalar, uint32_t b_scalar, size_t i);
/* Run c on dev with operands from rng and compare with the reference;
 * st may be NULL. Fails the test on the first difference. */
void ew_check(tl_dev *dev, const ew_case *c, tl_rng *rng, const char *what, tl_rt_ew_stats *st);
const char *ew_case_str(const ew_case *c);

#endif
