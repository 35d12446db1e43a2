// Pipeline depths of shared cells (clock edges from inputs to output).
// Placeholder with the timing of the current fp32_add (one register, output
// combinational after it); the pipelined adder's branch replaces this file.
`ifndef TL_PIPE_VH
`define TL_PIPE_VH
`define TL_FP32_ADD_LATENCY 1
`endif
