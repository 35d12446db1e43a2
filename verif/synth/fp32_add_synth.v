`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * fp32_add_synth: measurement top for fp32_add alone (not part of the
 * design): registers on a and b, so that place and route times every path
 * from register to register, as in te_pe where the operands come from the
 * PE above and from the product register. fp32_add's y is registered.
 * Run by verif/synth/measure_fp32_add.sh; LATENCY goes to fp32_add (6 or 7).
 */
module fp32_add_synth #(
    parameter LATENCY = 6
) (
    input  wire        clk,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] y
);

reg [31:0] a_reg;
reg [31:0] b_reg;

always @(posedge clk) begin
    a_reg <= a;
    b_reg <= b;
end

fp32_add #(
    .LATENCY (LATENCY)
) add (
    .clk (clk),
    .a   (a_reg),
    .b   (b_reg),
    .y   (y)
);

endmodule

`resetall
