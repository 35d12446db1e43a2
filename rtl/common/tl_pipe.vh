// trnlite pipeline depths that more than one module builds on.
`ifndef TL_PIPE_VH
`define TL_PIPE_VH
// fp32_add (rtl/common/fp32_add.v): clock edges from a, b to the
// registered sum y. Every user that lines data up with the adder's
// result (te_pe, psum_buffer, the array skew) derives its timing from it.
`define TL_FP32_ADD_LATENCY 6
// fp32_mul (rtl/common/fp32_mul.v): clock edges from a, b to the
// registered product y (core_act lines its lanes up with it).
`define TL_FP32_MUL_LATENCY 8
`endif
