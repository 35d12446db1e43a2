/*
 * trnlite tensor engine: cycle model of rtl/tensor/tensor_engine.v with
 * its psum_buffer (docs/tensor_engine.md, "Cycle model"). The numerics of
 * a matmul come from numerics.h (tl_matmul); this header only counts
 * cycles.
 *
 * The model assumes ideal feeders: from cycle 0 (the first cycle after
 * reset) the command, stationary-load and moving streams always offer
 * their next beat, and the PSUM buffer is the only sink. It is exact for
 * that case: the RTL test checks it cycle for cycle.
 */
#ifndef TRNLITE_TENSOR_ENGINE_H
#define TRNLITE_TENSOR_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#include "trnlite/pipeline.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Pipeline depths of the tensor engine: TL_TE_ADD_LATENCY, TL_FP32_ADD_LATENCY,
 * TL_TE_MUL_LATENCY, TL_TE_IN_LATENCY and TL_TE_OUT_LATENCY come from
 * pipeline.def, which also generates rtl/common/tl_pipe.vh; test
 * cycle_model checks the resulting cycle counts against the RTL.
 */

/* per-row skew: the PE's partial-sum latency, its adder's (TL_TE_ADD_LATENCY,
 * one stage deeper than the PSUM adder's TL_FP32_ADD_LATENCY) */
#define TL_TE_SKEW TL_TE_ADD_LATENCY
/* PSUM read-modify-write window: an accumulating vector issues at least
 * this many cycles after any earlier vector to its PSUM address */
#define TL_TE_PSUM_WINDOW (TL_FP32_ADD_LATENCY + 3u)

/* One matmul command as the tensor engine takes it. */
typedef struct {
    unsigned k;      /* rows used, 1..rows */
    unsigned m;      /* columns written, 1..cols */
    unsigned n;      /* moving vectors, >= 1 */
    uint32_t addr;   /* PSUM address of vector 0 */
    bool start;      /* overwrite (else accumulate) */
    bool swap;       /* swap in the next stationary tile (k rows loaded) */
} tl_te_cmd;

/* What tl_te_cycles() reports for a command sequence. */
typedef struct {
    uint64_t cycles;      /* cycle 0 .. the last result accepted by PSUM, inclusive */
    uint64_t first_issue; /* cycle the first moving vector enters the array */
    uint64_t last_issue;  /* cycle the last moving vector enters the array */
    uint64_t bubbles;     /* cycles between first and last issue with no vector */
    uint64_t hazards;     /* issue cycles lost to the PSUM same-address rule */
    uint64_t macs;        /* useful multiply-adds: sum of k*m*n */
    double utilization;   /* macs / (rows * cols * cycles) */
} tl_te_report;


/* Cycles from a moving vector entering the array (its mv beat) to its
 * result beat reaching PSUM:
 * TL_TE_SKEW * rows + TL_TE_MUL_LATENCY + TL_TE_IN_LATENCY + TL_TE_OUT_LATENCY
 * (6 * rows + 10 with the 6-stage adder). */
unsigned tl_te_latency(unsigned rows);

/*
 * Cycle count of the command sequence cmd[0..n-1] on a rows x cols array
 * with ideal feeders. A command with swap = 1 first needs its stationary
 * tile (k rows, one per cycle) loaded into the shadow registers; a tile's
 * load may start in the cycle the previous tile is swapped in (the first
 * tile's at cycle 0). An accumulating vector issues no earlier than
 * TL_TE_PSUM_WINDOW cycles after the last earlier vector to its PSUM
 * address. Returns 0 and fills *rep, or -1 for an illegal
 * command (k, m out of range, n == 0, first command without swap).
 */
int tl_te_cycles(unsigned rows, unsigned cols, const tl_te_cmd *cmd,
                 size_t n, tl_te_report *rep);

#ifdef __cplusplus
}
#endif

#endif /* TRNLITE_TENSOR_ENGINE_H */
