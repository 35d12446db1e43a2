// trnlite pipeline depths that more than one module builds on.
`ifndef TL_PIPE_VH
`define TL_PIPE_VH
// fp32_add (rtl/common/fp32_add.v): clock edges from a, b to the
// registered sum y. Every user that lines data up with the adder's
// result (te_pe, psum_buffer, the array skew) derives its timing from it.
`define TL_FP32_ADD_LATENCY 6
`endif
