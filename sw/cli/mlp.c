/* An MLP on the device (mlp.h). */
#include "mlp.h"

/* Run a runtime call that reports its stats in s; count its DRAM bytes. */
#define COUNTED(stype, call)                 \
    {                                        \
        stype s;                             \
        int rc = (call);                     \
        if (rc == TL_RT_OK)                  \
            st->dram_bytes += s.dram_bytes;  \
        return rc;                           \
    }

int mlp_gemm(tl_dev *dev, const tl_rt_gemm_args *g, mlp_stats *st) COUNTED(tl_rt_gemm_stats, tl_rt_gemm(dev, g, &s))
int mlp_act(tl_dev *dev, const tl_rt_act_args *a, mlp_stats *st) COUNTED(tl_rt_ew_stats, tl_rt_activate(dev, a, &s))
int mlp_ew(tl_dev *dev, const tl_rt_ew_args *e, mlp_stats *st) COUNTED(tl_rt_ew_stats, tl_rt_elemwise(dev, e, &s))
int mlp_copy(tl_dev *dev, const tl_rt_copy_args *c, mlp_stats *st) COUNTED(tl_rt_ew_stats, tl_rt_copy(dev, c, &s))

int mlp_forward(tl_dev *dev, const mlp_layer *L, unsigned n, tl_fmt fw, tl_fmt fact, uint32_t B, const uint64_t *h,
                uint64_t zbuf, mlp_stats *st)
{
    for (unsigned l = 0; l < n; l++) {
        bool last = l + 1 == n;
        tl_rt_gemm_args g = {L[l].out, L[l].in, B, fw, fact, TL_FMT_FP32, L[l].w, h[l], 0, zbuf, false,
                             TL_RND_RNE, false, 0};
        int rc = mlp_gemm(dev, &g, st);
        if (rc)
            return rc;
        tl_rt_act_args a = {L[l].out, B, zbuf, h[l + 1], TL_FMT_FP32, last ? TL_FMT_FP32 : fact,
                            last ? TL_ISA_FUNC_IDENTITY : TL_ISA_FUNC_RELU, {0, TL_FMT_FP32, 0x3F800000u},
                            {L[l].b, L[l].fb, 0}, TL_RND_RNE, false, 0};
        rc = mlp_act(dev, &a, st);
        if (rc)
            return rc;
    }
    return TL_RT_OK;
}
