`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * te_pe: one processing element of the weight-stationary tensor engine.
 *
 * Holds one stationary element in `w_active_reg` and the next tile's
 * element in `w_shadow_reg`. A moving beat (x, formats, swap) arrives at
 * cycle T; the PE forms w * x (pe_mul: decode, exact 11x11 product,
 * rounding to fp32, or int8 x int8 -> int32) and adds it into the partial
 * sum arriving from the PE above at T+2 (fp32_add, RNE; or int32 add with
 * wrap-around). The sum leaves at T+2+SKEW toward the PE below, SKEW =
 * `TL_FP32_ADD_LATENCY + 1 (rtl/common/tl_pipe.vh): the adder's pipeline
 * plus the output register that selects fp32, int32 or pass-through. With
 * row_en = 0 (the row lies beyond the tile's K) the partial sum passes
 * through unchanged: nothing is added, not even +0.
 *
 *   T       moving beat in (mv_*, x, row_en); operand mux; pe_mul stage 1
 *   T+1     pe_mul stage 2 (normalize, round)          -> prod_reg
 *   T+2     psum_in; fp32_add in / int32 add           -> adder, mid pipe
 *   T+2+L   fp32_add y (L = `TL_FP32_ADD_LATENCY), int32 sum or psum_in
 *           from the mid pipe                          -> psum_out_reg
 *   T+2+SKEW psum_out valid
 *
 * Stationary registers: a beat with mv_swap = 1 uses the shadow element
 * and copies it into the active register (every later beat uses it);
 * ld_en writes ld_data into the shadow register. Both in one cycle: the
 * beat uses and activates the old shadow, the shadow takes ld_data.
 *
 * Latency 2 + SKEW clocks (psum_in to psum_out: SKEW). `ce` low freezes
 * every register, the adder's pipeline included (fp32_add CE_USED = 1;
 * goes away with the array's global enable, issue 7). No handshake. No
 * reset: datapath only.
 */
module te_pe (
    input  wire        clk,
    input  wire        ce,        // advance the pipeline this cycle
    // moving beat, cycle T
    input  wire        mv_valid,  // a moving beat is present
    input  wire        mv_swap,   // activate the shadow element for it
    input  wire [2:0]  fmt_w,     // stationary format (`TL_FMT_*)
    input  wire [2:0]  fmt_x,     // moving format
    input  wire [15:0] x,         // moving element
    input  wire        row_en,    // this row adds its product (row < K)
    // stationary shadow load
    input  wire        ld_en,     // write ld_data into the shadow register
    input  wire [15:0] ld_data,
    // partial sums: in at T+2, out at T+2+SKEW
    input  wire [31:0] psum_in,
    output wire [31:0] psum_out
);

`include "tl_pipe.vh"

localparam integer ADD_LAT = `TL_FP32_ADD_LATENCY;   // fp32_add pipeline

reg [15:0] w_active_reg, w_active_next;
reg [15:0] w_shadow_reg, w_shadow_next;
reg [15:0] w_operand;

always @* begin
    w_active_next = w_active_reg;
    w_shadow_next = w_shadow_reg;
    w_operand     = mv_swap ? w_shadow_reg : w_active_reg;
    if (ce) begin
        if (mv_valid && mv_swap)
            w_active_next = w_shadow_reg;
        if (ld_en)
            w_shadow_next = ld_data;
    end
end

// ---- product: T -> T+1 (mul stage 2) -> prod_reg at T+2 ----------------
wire [31:0] mul_y;
wire        mul_int;

pe_mul mul (
    .clk   (clk),
    .ce    (ce),
    .fmt_a (fmt_w),
    .a     (w_operand),
    .fmt_b (fmt_x),
    .b     (x),
    .y     (mul_y),
    .y_int (mul_int)
);

reg        en1_reg, en1_next;     // row_en at T+1
reg [31:0] prod_reg, prod_next;   // product at T+2
reg        int2_reg, int2_next;
reg        en2_reg, en2_next;

// ---- accumulate: T+2 -> (fp32_add, mid pipe) -> psum_out_reg ------------
wire [31:0] add_y;

fp32_add #(
    .CE_USED (1)
) add (
    .clk (clk),
    .ce  (ce),
    .a   (psum_in),
    .b   (prod_reg),
    .y   (add_y)
);

// the int32 sum or the bypassed psum_in, and whether fp32_add's result is
// taken instead, delayed alongside the adder: stage i holds T+3+i
reg [32*ADD_LAT-1:0] mid_reg, mid_next;
reg [ADD_LAT-1:0]    fp_reg, fp_next;
reg [31:0]           psum_out_reg, psum_out_next;

always @* begin
    en1_next      = en1_reg;
    prod_next     = prod_reg;
    int2_next     = int2_reg;
    en2_next      = en2_reg;
    mid_next      = mid_reg;
    fp_next       = fp_reg;
    psum_out_next = psum_out_reg;
    if (ce) begin
        en1_next      = row_en;
        prod_next     = mul_y;
        int2_next     = mul_int;
        en2_next      = en1_reg;
        mid_next      = {mid_reg[32*ADD_LAT-33:0],
                         (en2_reg && int2_reg) ? psum_in + prod_reg : psum_in};
        fp_next       = {fp_reg[ADD_LAT-2:0], en2_reg && !int2_reg};
        psum_out_next = fp_reg[ADD_LAT-1] ? add_y : mid_reg[32*ADD_LAT-1 -: 32];
    end
end

always @(posedge clk) begin
    w_active_reg <= w_active_next;
    w_shadow_reg <= w_shadow_next;
    en1_reg      <= en1_next;
    prod_reg     <= prod_next;
    int2_reg     <= int2_next;
    en2_reg      <= en2_next;
    mid_reg      <= mid_next;
    fp_reg       <= fp_next;
    psum_out_reg <= psum_out_next;
end

assign psum_out = psum_out_reg;

endmodule

`resetall
