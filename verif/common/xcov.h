/*
 * Cross coverage points (issue 10: "every opcode x format pair x rounding
 * mode x saturation"), defined once: which crosses are legal is not typed
 * here but asked of the C model, the executable form of the contract.
 * xcov_each() walks every value of the format, space, function and op
 * fields (their widths from trnlite/isa.def and the descriptor layout),
 * keeps what the model's instruction check (core_check) or descriptor
 * check (tl_dma_run) accepts, and expands each survivor by the rounding
 * and saturation modes that apply to its output (ARCHITECTURE.md 5.3):
 *
 *   rounding (RNE, SR)   when a float is narrowed to bf16, fp16, e4m3 or
 *                        e5m2 (an fp32 output is the value itself; a DMA
 *                        between equal formats copies bytes);
 *   saturation (0, 1)    when that output is e4m3 or e5m2 (FP8 only).
 *
 * Families (a point's name starts with the family):
 *   dma.x.           the DMA engine on its own (test_dma): source format >
 *                    destination format [.RNE|.SR [.sat0|.sat1]]
 *   core.x.DMA.      the same through the core's DMA instruction
 *   core.x.MATMUL.   fmt_w * fmt_x . load|reuse . overwrite|accumulate
 *                    (no rounding: fp32 or int32 into PSUM)
 *   core.x.ACTIVATE. function . input > output [.rounding [.sat]]
 *   core.x.ELEMWISE. op . a , b > output [.rounding [.sat]]
 * An ACTIVATE/ELEMWISE tile is named by its format in SBUF, "psum" in
 * PSUM (always fp32 there).
 *
 * The tests count a point (fcov.h) only where the RTL did it in a run
 * that matched the model: dma_check.c for completed descriptors, the core
 * harness for instructions of an error-free run whose rings drained
 * (ch_xcov_commit).
 */
#ifndef XCOV_H
#define XCOV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trnlite/dma.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { XCOV_DMA, XCOV_MATMUL, XCOV_ACTIVATE, XCOV_ELEMWISE, XCOV_KINDS };
/* xcov_each's kinds mask */
#define XCOV_K(k) (1u << (k))

typedef struct {
    unsigned kind;            /* XCOV_* */
    bool core;                /* DMA: through the core (else the engine alone) */
    /* DMA: src, dst formats. MATMUL: fmt_w, fmt_x. ACTIVATE: in, out.
     * ELEMWISE: a, out (b in fmt_b). ACT/EW spaces in the *_space. */
    unsigned fmt_a, fmt_b, fmt_out;
    unsigned space_a, space_b, space_out;
    unsigned fn;              /* ACTIVATE function, ELEMWISE op */
    unsigned load, start;     /* MATMUL */
    bool has_round, has_sat;  /* whether the output takes the two modes */
    unsigned round, sat;      /* 0 where they do not apply */
} xcov_point;

#define XCOV_NAME_MAX 96

/* The point's name (see above) into buf; returns buf. */
const char *xcov_name(const xcov_point *p, char *buf);
/* The point a core instruction makes (false: NOP, or not an opcode with
 * crosses). Nothing is checked: a caller counts it only once the RTL ran
 * it without error. */
bool xcov_from_insn(const uint32_t *insn, xcov_point *p);
/* The point of a DMA descriptor (core: run through the core). */
void xcov_from_desc(const tl_dma_desc *d, bool core, xcov_point *p);
/* Count the point with fcov_hit (needs fcov.o). */
void xcov_hit(const xcov_point *p);
/* Every legal point of the kinds in mask (DMA twice: the engine alone,
 * then the core), in a fixed order: fn(u, p) for each; returns how many. */
unsigned xcov_each(unsigned mask, void (*fn)(void *u, const xcov_point *p), void *u);

#ifdef __cplusplus
}
#endif

#endif
