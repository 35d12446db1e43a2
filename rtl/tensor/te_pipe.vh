// Pipeline depths of the tensor engine, derived from its cells
// (docs/tensor_engine.md sections 3-5; cmodel/te_cycles.c has the same
// numbers and test cycle_model checks them against the RTL).
`ifndef TE_PIPE_VH
`define TE_PIPE_VH
`include "tl_pipe.vh"
// pe_mul: decoded operands to product
`define TE_PE_MUL_LATENCY 3
// te_pe: partial sum in to partial sum out = the per-row skew
`define TE_PE_SUM_LATENCY (`TL_FP32_ADD_LATENCY + 1)
// psum_buffer: an accumulating beat must come at least this many cycles
// after any beat to the same address (read in c0, write at the end of c3+L)
`define TE_PSUM_RMW_WINDOW (`TL_FP32_ADD_LATENCY + 4)
`endif
