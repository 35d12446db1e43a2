// tl_narrow with LATENCY = 2, as dma_cvt and core_act_lane build it (shim_tl_narrow_pipe.inc)
#define TL_NARROW_LATENCY 2
#include "shim_tl_narrow_pipe.inc"
