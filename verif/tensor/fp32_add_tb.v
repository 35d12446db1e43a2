`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * fp32_add_tb: test top of the fp32 adder (test_fp32_add) at either of
 * its depths: TE = 0 builds it as psum_buffer, core_psum and core_act do
 * (`TL_FP32_ADD_LATENCY), TE = 1 as te_pe does (`TL_TE_ADD_LATENCY, the
 * alignment in two stages). cfg_latency tells the test which; the test
 * takes each result exactly that many edges after its operands, so a
 * cell deeper or shallower than it says fails every vector.
 */
module fp32_add_tb #(
    parameter TE = 0
) (
    input  wire        clk,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] y,
    output wire [7:0]  cfg_latency
);

`include "tl_pipe.vh"

localparam integer L = (TE != 0) ? `TL_TE_ADD_LATENCY : `TL_FP32_ADD_LATENCY;

assign cfg_latency = L[7:0];

fp32_add #(
    .LATENCY (L)
) add (
    .clk (clk),
    .a   (a),
    .b   (b),
    .y   (y)
);

endmodule

`resetall
