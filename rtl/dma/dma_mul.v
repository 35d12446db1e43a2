`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_mul: unsigned multiplier for the descriptor checks, p = a * b, built
 * from 16 x 16 partial products (one ECP5 MULT18X18D each) so that it can
 * be pipelined: the partial products are registered, then summed and
 * registered again.
 *
 * Latency: 2 cycles (p is the product of the a, b presented two clock
 * edges earlier). No handshake, no enable, no reset (datapath only): the
 * caller holds a and b stable and waits.
 */
module dma_mul #(
    parameter A_WIDTH = 32,  // bits of a (1 .. 64)
    parameter B_WIDTH = 32   // bits of b (1 .. 32)
) (
    input  wire                       clk,
    input  wire [A_WIDTH-1:0]         a,
    input  wire [B_WIDTH-1:0]         b,
    output wire [A_WIDTH+B_WIDTH-1:0] p
);

localparam NA = (A_WIDTH + 15) / 16;   // 16-bit chunks of a
localparam NB = (B_WIDTH + 15) / 16;   // 16-bit chunks of b
localparam PW = 16 * (NA + NB);        // padded product width

reg  [16*NA-1:0]   a_pad;              // a and b zero-extended to whole chunks
reg  [16*NB-1:0]   b_pad;

reg [32*NA*NB-1:0] pp_reg;             // partial product (i, j) at 32*(NB*i + j)
reg [32*NA*NB-1:0] pp_next;
reg [PW-1:0]       p_reg;
reg [PW-1:0]       sum;
integer            i;
integer            j;

always @* begin
    a_pad                = {16*NA{1'b0}};
    a_pad[A_WIDTH-1:0]   = a;
    b_pad                = {16*NB{1'b0}};
    b_pad[B_WIDTH-1:0]   = b;
    sum = {PW{1'b0}};
    for (i = 0; i < NA; i = i + 1) begin
        for (j = 0; j < NB; j = j + 1) begin
            pp_next[32*(NB*i+j) +: 32] = a_pad[16*i +: 16] * b_pad[16*j +: 16];
            sum = sum + ({{(PW-32){1'b0}}, pp_reg[32*(NB*i+j) +: 32]} << (16*(i+j)));
        end
    end
end

always @(posedge clk) begin
    pp_reg <= pp_next;
    p_reg  <= sum;
end

/* verilator lint_off UNUSEDSIGNAL */ // padding bits of the product are always 0
wire [PW-1:0] p_full = p_reg;
/* verilator lint_on UNUSEDSIGNAL */
assign p = p_full[A_WIDTH+B_WIDTH-1:0];

endmodule

`resetall
