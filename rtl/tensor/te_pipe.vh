// Pipeline depths of the tensor engine, derived from its cells
// (docs/tensor_engine.md sections 3-5; cmodel/include/trnlite/tensor_engine.h
// has the same numbers and test cycle_model checks them against the RTL).
`ifndef TE_PIPE_VH
`define TE_PIPE_VH
`include "tl_pipe.vh"
// pe_mul: decoded operands to product
`define TE_PE_MUL_LATENCY 6
// te_pe: partial sum in to partial sum out = the per-row skew
`define TE_PE_SUM_LATENCY `TL_FP32_ADD_LATENCY
// tensor_engine: last row's sums to out_* (fp32 -> int32 for int8 matmuls)
`define TE_OUT_LATENCY 2
// tensor_engine: issue to the moving operand in row 0's PEs: the input
// register, pe_unpack's register (it decodes in two halves), the decoded
// element, the row's register, the per-PE copies
`define TE_IN_LATENCY 5
// tensor_engine: fill latency, a moving beat's issue to its out_* beat
`define TE_LATENCY(rows) (`TE_PE_SUM_LATENCY * (rows) + `TE_PE_MUL_LATENCY + `TE_IN_LATENCY + `TE_OUT_LATENCY)
// psum_buffer: an accumulating beat must come at least this many cycles
// after any beat to the same address (read in c0, write at the end of c2+L)
`define TE_PSUM_RMW_WINDOW (`TL_FP32_ADD_LATENCY + 3)
`endif
