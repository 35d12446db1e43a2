// trnlite pipeline depths that more than one module, or the C model,
// builds on.
// Generated from cmodel/include/trnlite/pipeline.def by `make gen`;
// do not edit (test_encoding fails when this file is stale).
`ifndef TL_PIPE_VH
`define TL_PIPE_VH
// fp32_add (rtl/common/fp32_add.v): clock edges from a, b to the
// registered sum y. Every user that lines data up with the adder's
// result (psum_buffer, core_psum, core_act's lanes) derives its timing
// from it.
`define TL_FP32_ADD_LATENCY 6
// fp32_add as te_pe builds it (LATENCY 7: the alignment in two stages,
// so that no stage spans a PE's width of routing on a full FPGA): the
// partial sum's latency through a PE, which is the array's per-row skew.
`define TL_TE_ADD_LATENCY 7
// fp32_mul (rtl/common/fp32_mul.v): clock edges from a, b to the
// registered product y (core_act lines its lanes up with it).
`define TL_FP32_MUL_LATENCY 8
// pe_mul (rtl/common/pe_mul.v): the tensor engine's decoded operands
// to their rounded product.
`define TL_TE_MUL_LATENCY 6
// tensor_engine: issue to the moving operand in row 0's PEs: the input
// register, pe_unpack's register (it decodes in two halves), the decoded
// element, the row's register, the per-PE copies.
`define TL_TE_IN_LATENCY 5
// tensor_engine: the last row's sums to out_* (fp32 -> int32 for int8
// matmuls).
`define TL_TE_OUT_LATENCY 2
`endif
