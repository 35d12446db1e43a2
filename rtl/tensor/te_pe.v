`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"
`include "te_pipe.vh"

/*
 * te_pe: one processing element of the weight-stationary tensor engine.
 *
 * Holds one stationary element, already decoded (pe_operand.vh), in
 * `w_active_reg` and the next tile's element in `w_shadow_reg`. The
 * moving operand arrives decoded too (the engine decodes it once per row
 * and broadcasts it to the row). For a moving beat present in cycle T:
 *
 *   T        x, en; the product w_active * x starts (pe_mul, PM stages)
 *   T+PM     product ready (-0 when en = 0: the row adds nothing); psum_in
 *            arrives; fp32_add (TL_TE_ADD_LATENCY = L stages)
 *   T+PM+L   psum_out (the adder's output register) toward the PE below
 *
 * where PM = TL_TE_MUL_LATENCY (x to product, tl_pipe.vh) and the
 * partial-sum latency, the engine's per-row skew, is TE_PE_SUM_LATENCY =
 * L. Every format goes
 * through the fp32 adder: an int8 x int8 product is an exact fp32, and
 * the column sum of at most 255 of them (|sum| < 2^22) is exact in fp32;
 * the engine converts it to int32 below the last row. A row with en = 0
 * adds -0, which leaves every partial sum unchanged (x + -0 = x in RNE;
 * only a NaN payload would become the canonical NaN, and partial sums in
 * the array are always canonical).
 *
 * Stationary registers: `swap` copies the shadow element into the active
 * register at this clock edge (the engine raises it in the cycle before
 * the swapping beat reaches the row, so that beat already multiplies the
 * new element); `ld_en` writes ld_op into the shadow register. Both at one
 * edge: the active register takes the old shadow element.
 *
 * Row 0 (FIRST_ROW = 1) has no adder. Its partial sum in is the constant
 * +0 (ARCHITECTURE.md 5.5: a tile's sum starts at +0.0), and +0 + p is p
 * bit for bit for every product p but -0, which gives +0: a NaN product
 * is already the canonical NaN (pe_mul), an inf stays inf, a subnormal
 * stays exact. So row 0 clears the sign of -0 and delays the product by
 * the adder's L stages, keeping the skew and latency of every other row
 * (about 420 LUT4-equivalents less per column on the ECP5;
 * docs/tensor_engine.md section 8).
 *
 * No handshake, no reset (datapath only), no clock enable: a beat never
 * stops; cycles without a beat compute values nothing uses.
 */
module te_pe #(
    parameter FIRST_ROW = 0     // 1: row 0, whose partial sum in is +0 (no adder)
) (
    input  wire                 clk,
    // moving beat, cycle T
    input  wire [`PE_OP_W-1:0]  x,         // decoded moving element
    input  wire                 en,        // this row adds its product (row < K)
    // stationary registers
    input  wire                 swap,      // active <= shadow at this edge
    input  wire                 ld_en,     // shadow <= ld_op at this edge
    input  wire [`PE_OP_W-1:0]  ld_op,     // decoded stationary element
    // partial sums: in at T+PM, out at T+PM+L
    /* verilator lint_off UNUSEDSIGNAL */ // FIRST_ROW: +0, not read
    input  wire [31:0]          psum_in,
    /* verilator lint_on UNUSEDSIGNAL */
    output wire [31:0]          psum_out
);

reg [`PE_OP_W-1:0] w_active_reg, w_active_next;
reg [`PE_OP_W-1:0] w_shadow_reg, w_shadow_next;

always @* begin
    w_active_next = swap  ? w_shadow_reg : w_active_reg;
    w_shadow_next = ld_en ? ld_op : w_shadow_reg;
end

always @(posedge clk) begin
    w_active_reg <= w_active_next;
    w_shadow_reg <= w_shadow_next;
end

// ---- product: T -> T+PM ---------------------------------------------------
wire [31:0] prod;

pe_mul mul (
    .clk (clk),
    .w   (w_active_reg),
    .x   (x),
    .en  (en),
    .y   (prod)
);

// ---- accumulate: T+PM -> T+PM+L --------------------------------------------
generate
    if (FIRST_ROW != 0) begin : first
        // +0 + prod: prod, with -0 made +0; L registers like the adder's.
        // A flip-flop chain, not te_delay: from 4 cycles on te_delay is
        // LUT RAM, and logic cells are what the board is short of.
        localparam integer L = `TE_PE_SUM_LATENCY;
        reg [32*L-1:0] sum_dly;
        always @(posedge clk)
            sum_dly <= {sum_dly[32*(L-1)-1:0],
                        prod[31] && prod[30:0] != 31'd0, prod[30:0]};
        assign psum_out = sum_dly[32*(L-1) +: 32];
    end else begin : adder
        fp32_add #(
            .LATENCY (`TE_PE_SUM_LATENCY)
        ) add (
            .clk (clk),
            .a   (psum_in),
            .b   (prod),
            .y   (psum_out)
        );
    end
endgenerate

endmodule

`resetall
