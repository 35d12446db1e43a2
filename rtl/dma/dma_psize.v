`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * dma_psize: size and last byte of one side's pattern, for the descriptor
 * checks:
 *     total = count0 * count1 * count2                          (elements)
 *     last  = addr + (count0-1)*stride0 + (count1-1)*stride1
 *                  + (count2-1)*stride2 + 2^esize_log2 - 1          (byte)
 *     over  = last > limit
 * last is computed as addr + count0*stride0 + count1*stride1 +
 * count2*stride2 + esize - 1 minus the strides (mod 2^72), which is the
 * same when every count is nonzero (the engine uses it only then); 72
 * bits hold every value exactly.
 *
 * Latency: 5 cycles. Inputs must be held stable; total and last are valid
 * from the fourth clock edge after the inputs appear, over from the fifth
 * (pipelined dma_mul multipliers, 16 x 16 partial products, at most two
 * additions or one comparison per stage: the 72-bit sum and the 72-bit
 * comparison are two carry chains, one stage each). No handshake, no
 * reset.
 */
module dma_psize (
    input  wire        clk,
    input  wire [63:0] addr,
    input  wire [1:0]  esize_log2,
    input  wire [31:0] count0,
    input  wire [15:0] count1,
    input  wire [15:0] count2,
    input  wire [31:0] stride0,
    input  wire [31:0] stride1,
    input  wire [31:0] stride2,
    input  wire [71:0] limit,     // the last byte allowed (may change with the space)
    output wire [63:0] total,
    output wire [71:0] last,
    output wire        over
);

wire [63:0] p0;       // count0 * stride0
wire [47:0] p1;       // count1 * stride1
wire [47:0] p2;       // count2 * stride2
wire [47:0] n01;      // count0 * count1

reg  [33:0] ssum_reg;            // stride0 + stride1 + stride2      (cycle 1 on)
reg  [71:0] aend_reg;            // addr + esize - 1                  (cycle 1 on)
reg  [71:0] base_reg;            // addr + esize - 1 - the strides    (cycle 2 on)
reg  [71:0] ea_reg;              // p0 + p1                           (cycle 3 on)
reg  [71:0] eb_reg;              // p2 + base
reg  [71:0] last_reg;            //                                   (cycle 4 on)
reg         over_reg;            //                                   (cycle 5 on)

wire [71:0] last_sum = ea_reg + eb_reg;

dma_mul #(.A_WIDTH (32), .B_WIDTH (32)) mul_p0 (.clk (clk), .a (count0), .b (stride0), .p (p0));
dma_mul #(.A_WIDTH (16), .B_WIDTH (32)) mul_p1 (.clk (clk), .a (count1), .b (stride1), .p (p1));
dma_mul #(.A_WIDTH (16), .B_WIDTH (32)) mul_p2 (.clk (clk), .a (count2), .b (stride2), .p (p2));
dma_mul #(.A_WIDTH (32), .B_WIDTH (16)) mul_n01 (.clk (clk), .a (count0), .b (count1), .p (n01));
dma_mul #(.A_WIDTH (48), .B_WIDTH (16)) mul_tot (.clk (clk), .a (n01), .b (count2), .p (total));

always @(posedge clk) begin
    ssum_reg <= {2'd0, stride0} + {2'd0, stride1} + {2'd0, stride2};
    aend_reg <= {8'd0, addr} + ((72'd1 << esize_log2) - 72'd1);
    base_reg <= aend_reg - {38'd0, ssum_reg};
    ea_reg   <= {8'd0, p0} + {24'd0, p1};
    eb_reg   <= {24'd0, p2} + base_reg;
    last_reg <= last_sum;
    over_reg <= (last_reg > limit);
end

assign last = last_reg;
assign over = over_reg;

endmodule

`resetall
