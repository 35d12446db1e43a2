// tl_narrow with LATENCY = 1 (shim_tl_narrow_pipe.inc)
#define TL_NARROW_LATENCY 1
#include "shim_tl_narrow_pipe.inc"
