`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"

/*
 * te_pe_tb: test top of one PE (test_te_pe). It takes raw elements and
 * does what the tensor engine does around a PE: decodes the stationary
 * element at the load input and the moving element before the PE
 * (pe_unpack), registers both, and raises the PE's swap one cycle before
 * the swapping beat's operand reaches it. For a beat presented in cycle c
 * (mv_valid): psum_in must be presented in cycle c + cfg_psum_delay and
 * psum_out holds its result after the clock edge of cycle
 * c + cfg_out_delay. A load presented in cycle c is in the shadow register
 * for a beat presented in cycle c + 1 or later; a load and a swapping beat
 * in one cycle: the beat takes the old shadow element. FIRST_ROW builds
 * row 0's PE, which ignores psum_in (its partial sum in is +0).
 */
module te_pe_tb #(
    parameter FIRST_ROW = 0
) (
    input  wire        clk,
    input  wire        mv_valid,   // a moving beat is present
    input  wire        mv_swap,    // it activates the shadow element
    input  wire [2:0]  fmt_w,      // stationary format (`TL_FMT_*)
    input  wire [2:0]  fmt_x,      // moving format
    input  wire [15:0] x,          // moving element
    input  wire        row_en,     // the row adds its product
    input  wire        ld_en,      // load ld_data into the shadow register
    input  wire [15:0] ld_data,
    input  wire [31:0] psum_in,
    output wire [31:0] psum_out,
    output wire [7:0]  cfg_psum_delay,
    output wire [7:0]  cfg_out_delay,
    output wire        cfg_first_row
);

`include "te_pipe.vh"

localparam integer PSUM_DELAY = 2 + `TL_TE_MUL_LATENCY;
localparam integer OUT_DELAY  = PSUM_DELAY + `TE_PE_SUM_LATENCY - 1;

assign cfg_psum_delay = PSUM_DELAY[7:0];
assign cfg_out_delay  = OUT_DELAY[7:0];
assign cfg_first_row  = FIRST_ROW != 0;

wire [`PE_OP_W-1:0] x_dec, w_dec;

pe_unpack dec_x (
    .clk  (clk),
    .fmt  (fmt_x),
    .bits (x),
    .op   (x_dec)
);

pe_unpack dec_w (
    .clk  (clk),
    .fmt  (fmt_w),
    .bits (ld_data),
    .op   (w_dec)
);

reg [`PE_OP_W-1:0] x1_reg, x2_reg;
reg                en1_reg, en2_reg;
reg                swap_reg;
reg                ld_en_reg;
reg [`PE_OP_W-1:0] ld_op_reg;

always @(posedge clk) begin
    x1_reg    <= x_dec;
    x2_reg    <= x1_reg;
    en1_reg   <= row_en;
    en2_reg   <= en1_reg;
    swap_reg  <= mv_valid && mv_swap;
    ld_en_reg <= ld_en;
    ld_op_reg <= w_dec;
end

te_pe #(
    .FIRST_ROW (FIRST_ROW)
) pe (
    .clk      (clk),
    .x        (x2_reg),
    .en       (en2_reg),
    .swap     (swap_reg),
    .ld_en    (ld_en_reg),
    .ld_op    (ld_op_reg),
    .psum_in  (psum_in),
    .psum_out (psum_out)
);

endmodule

`resetall
