`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_psize: size of one side's pattern for the descriptor checks:
 *     total  = count0 * count1 * count2                      (elements)
 *     extent = (count0-1)*stride0 + (count1-1)*stride1 + (count2-1)*stride2
 * (bytes from the first element's address to the last element's). extent
 * is computed as count0*stride0 + count1*stride1 + count2*stride2 minus the
 * strides, which is the same when every count is nonzero (the engine uses
 * extent only then).
 *
 * Latency: 4 cycles. Inputs must be held stable; both outputs are valid
 * from the fourth clock edge after the inputs appear (pipelined dma_mul
 * multipliers, 16 x 16 partial products, registered sums). No handshake,
 * no reset (datapath only).
 */
module dma_psize (
    input  wire        clk,
    input  wire [31:0] count0,
    input  wire [15:0] count1,
    input  wire [15:0] count2,
    input  wire [31:0] stride0,
    input  wire [31:0] stride1,
    input  wire [31:0] stride2,
    output wire [63:0] total,
    output wire [65:0] extent
);

wire [63:0] p0;       // count0 * stride0
wire [47:0] p1;       // count1 * stride1
wire [47:0] p2;       // count2 * stride2
wire [47:0] n01;      // count0 * count1

reg  [33:0] ssum_reg;            // stride0 + stride1 + stride2   (cycle 1 on)
reg  [64:0] ea_reg;              // p0 + p1                       (cycle 3 on)
reg  [65:0] eb_reg;              // p2 - the strides (2's complement)
reg  [65:0] ext_reg;             //                               (cycle 4 on)

dma_mul #(.A_WIDTH (32), .B_WIDTH (32)) mul_p0 (.clk (clk), .a (count0), .b (stride0), .p (p0));
dma_mul #(.A_WIDTH (16), .B_WIDTH (32)) mul_p1 (.clk (clk), .a (count1), .b (stride1), .p (p1));
dma_mul #(.A_WIDTH (16), .B_WIDTH (32)) mul_p2 (.clk (clk), .a (count2), .b (stride2), .p (p2));
dma_mul #(.A_WIDTH (32), .B_WIDTH (16)) mul_n01 (.clk (clk), .a (count0), .b (count1), .p (n01));
dma_mul #(.A_WIDTH (48), .B_WIDTH (16)) mul_tot (.clk (clk), .a (n01), .b (count2), .p (total));

always @(posedge clk) begin
    ssum_reg <= {2'd0, stride0} + {2'd0, stride1} + {2'd0, stride2};
    ea_reg   <= {1'b0, p0} + {17'd0, p1};
    eb_reg   <= {18'd0, p2} - {32'd0, ssum_reg};
    ext_reg  <= {1'b0, ea_reg} + eb_reg;
end

assign extent = ext_reg;

endmodule

`resetall
