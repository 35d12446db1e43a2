/*
 * An MLP on the device, for trnlite mlp and trnlite train (docs/driver.md
 * section 5): activations feature-major ([features x batch], so a layer's
 * bias is the per-partition bias of ACTIVATE), weights [out x in].
 */
#ifndef TRNLITE_MLP_H
#define TRNLITE_MLP_H

#include <stdint.h>

#include "tl_rt.h"

typedef struct {
    uint32_t in, out;
    uint64_t w;        /* [out x in] of the tensor engine's weight format */
    uint64_t b;        /* [out] of fb */
    tl_fmt fb;
} mlp_layer;

/* What a command's runtime calls moved in DRAM (for the perf report). */
typedef struct {
    uint64_t dram_bytes;
} mlp_stats;

/* Forward pass of n layers on a batch of B: h[0] is the input [in x B]
 * of fact; layer l computes z = W_l @ h[l] (fp32, in zbuf: out x B fp32)
 * and h[l+1] = relu(z + b_l) narrowed to fact with RNE, the last layer
 * z + b_l in fp32 (the logits). Returns a tl_rt_rc. */
int mlp_forward(tl_dev *dev, const mlp_layer *L, unsigned n, tl_fmt fw, tl_fmt fact, uint32_t B, const uint64_t *h,
                uint64_t zbuf, mlp_stats *st);

/* The runtime calls, adding what each moved to st. */
int mlp_gemm(tl_dev *dev, const tl_rt_gemm_args *g, mlp_stats *st);
int mlp_act(tl_dev *dev, const tl_rt_act_args *a, mlp_stats *st);
int mlp_ew(tl_dev *dev, const tl_rt_ew_args *e, mlp_stats *st);
int mlp_copy(tl_dev *dev, const tl_rt_copy_args *c, mlp_stats *st);

#endif
