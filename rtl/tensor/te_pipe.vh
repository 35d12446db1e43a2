// Pipeline depths of the tensor engine derived from its cells' depths
// (docs/tensor_engine.md sections 3-5). The cells' depths, `TL_TE_*_LATENCY
// `TL_TE_ADD_LATENCY and `TL_FP32_ADD_LATENCY, come from tl_pipe.vh, generated from
// cmodel/include/trnlite/pipeline.def, which the cycle model uses too.
`ifndef TE_PIPE_VH
`define TE_PIPE_VH
`include "tl_pipe.vh"
// te_pe: partial sum in to partial sum out = the per-row skew (its adder
// splits the alignment stage, one stage deeper than psum_buffer's)
`define TE_PE_SUM_LATENCY `TL_TE_ADD_LATENCY
// tensor_engine: fill latency, a moving beat's issue to its out_* beat
`define TE_LATENCY(rows) (`TE_PE_SUM_LATENCY * (rows) + `TL_TE_MUL_LATENCY + `TL_TE_IN_LATENCY + `TL_TE_OUT_LATENCY)
// psum_buffer: an accumulating beat must come at least this many cycles
// after any beat to the same address (read in c0, write at the end of c2+L)
`define TE_PSUM_RMW_WINDOW (`TL_FP32_ADD_LATENCY + 3)
`endif
