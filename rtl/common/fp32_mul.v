`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * fp32_mul: IEEE 754 binary32 multiplier, round to nearest even, subnormal
 * inputs and results kept (no flush to zero), every NaN result the
 * canonical 0x7FC00000, inf x 0 = NaN, the sign of a zero or inf result
 * the XOR of the operands' signs (docs/ARCHITECTURE.md 5.5; bit-exact with
 * tl_f32_mul of cmodel/arith.c).
 *
 * Fully pipelined, one operation per clock, no clock enable: `y` is
 * registered and equals a * b of the inputs presented
 * `TL_FP32_MUL_LATENCY (rtl/common/tl_pipe.vh) = 8 edges earlier; an
 * elaboration check (synthesis too) fails if the stages built here differ
 * from that macro. No handshake; no reset (datapath only).
 *
 * The significands are multiplied as they are (a subnormal has no hidden
 * bit), so the 48-bit product P has its leading one anywhere; with
 * e1 = ea + eb - 126 (effective exponent fields, a subnormal's is 1) the
 * result's biased exponent is e1 - lz(P). The normalize shift is
 * min(lz, e1 - 1) to the left (a smaller e1 leaves a subnormal) or, for
 * e1 < 1, 1 - e1 to the right with a sticky bit.
 *
 *   stage 1  unpack: significands, e1, special classes
 *   stage 2  four partial products of at most 18 x 18 bits (one DSP each:
 *            the 24-bit significands split 18 + 6)
 *   stage 3  sum of the partial products: the 48-bit product
 *   stage 4  leading-zero count; from e1 alone: e1 - 1, 1 - e1, the
 *            right-shift cap, the overflow cases
 *   stage 5  left shift min(lz, e1 - 1), exponent field minus the hidden
 *            bit (one 6-bit compare and one subtract side by side)
 *   stage 6  left shift, or right shift by 32, 16, 8 (they never meet),
 *            ORing the dropped bits into sticky
 *   stage 7  right shift by 4, 2, 1 with sticky
 *   stage 8  round-up decision; pack {exponent, fraction} + hidden bit +
 *            round-up in one carry chain (a carry out of the fraction
 *            bumps the exponent; 254 + carry gives inf by itself); NaN,
 *            inf, zero and overflow through the output register
 */
module fp32_mul (
    input  wire        clk,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] y     // a * b of `TL_FP32_MUL_LATENCY edges earlier
);

`include "tl_encoding.vh"
`include "tl_pipe.vh"

localparam integer STAGES = 8;  // registers from a, b to y

// the depth users build on must be the depth built here (synthesis too)
generate
    if (STAGES != `TL_FP32_MUL_LATENCY) begin : latency_mismatch
        fp32_mul_latency_differs_from_tl_pipe_vh check ();
    end
endgenerate

// ---- stage 1: unpack ---------------------------------------------------------
reg       a_ez, b_ez;             // exponent field zero (zero, subnormal)
reg       a_max, b_max;           // exponent field all ones (inf, NaN)
reg       a_zero, b_zero;
reg       a_nan, b_nan;

reg [23:0] s1_ma_reg, s1_ma_next;         // significands (hidden bit at 23)
reg [23:0] s1_mb_reg, s1_mb_next;
reg [9:0]  s1_e1_reg, s1_e1_next;         // ea + eb - 126, two's complement
reg        s1_sign_reg, s1_sign_next;
reg        s1_nan_reg, s1_nan_next;
reg        s1_inf_reg, s1_inf_next;
reg        s1_zero_reg, s1_zero_next;

always @* begin
    a_ez   = a[30:23] == 8'd0;
    b_ez   = b[30:23] == 8'd0;
    a_max  = &a[30:23];
    b_max  = &b[30:23];
    a_zero = a[30:0] == 31'd0;
    b_zero = b[30:0] == 31'd0;
    a_nan  = a_max && a[22:0] != 23'd0;
    b_nan  = b_max && b[22:0] != 23'd0;

    s1_ma_next   = {!a_ez, a[22:0]};
    s1_mb_next   = {!b_ez, b[22:0]};
    // effective exponents (a subnormal's is 1); range -124 .. 382
    s1_e1_next   = {2'b00, a[30:24], a[23] | a_ez} + {2'b00, b[30:24], b[23] | b_ez} - 10'd126;
    s1_sign_next = a[31] ^ b[31];
    s1_nan_next  = a_nan || b_nan || (a_max && b_zero) || (b_max && a_zero);
    s1_inf_next  = a_max || b_max;   // below NaN in the final priority
    s1_zero_next = a_zero || b_zero; // below NaN and inf
end

// ---- stage 2: partial products -------------------------------------------------
// a * b = (ah*2^18 + al) * (bh*2^18 + bl); each product at most 18 x 18.
reg [35:0] s2_ll_reg, s2_ll_next;
reg [23:0] s2_lh_reg, s2_lh_next;
reg [23:0] s2_hl_reg, s2_hl_next;
reg [11:0] s2_hh_reg, s2_hh_next;
reg [9:0]  s2_e1_reg, s2_e1_next;
reg        s2_sign_reg, s2_sign_next;
reg        s2_nan_reg, s2_nan_next;
reg        s2_inf_reg, s2_inf_next;
reg        s2_zero_reg, s2_zero_next;

always @* begin
    s2_ll_next   = s1_ma_reg[17:0] * s1_mb_reg[17:0];
    s2_lh_next   = s1_ma_reg[17:0] * s1_mb_reg[23:18];
    s2_hl_next   = s1_ma_reg[23:18] * s1_mb_reg[17:0];
    s2_hh_next   = s1_ma_reg[23:18] * s1_mb_reg[23:18];
    s2_e1_next   = s1_e1_reg;
    s2_sign_next = s1_sign_reg;
    s2_nan_next  = s1_nan_reg;
    s2_inf_next  = s1_inf_reg;
    s2_zero_next = s1_zero_reg;
end

// ---- stage 3: product ------------------------------------------------------------
reg [47:0] s3_p_reg, s3_p_next;
reg [9:0]  s3_e1_reg, s3_e1_next;
reg        s3_sign_reg, s3_sign_next;
reg        s3_nan_reg, s3_nan_next;
reg        s3_inf_reg, s3_inf_next;
reg        s3_zero_reg, s3_zero_next;

always @* begin
    s3_p_next    = {12'd0, s2_ll_reg} + {6'd0, s2_lh_reg, 18'd0} + {6'd0, s2_hl_reg, 18'd0}
                 + {s2_hh_reg, 36'd0};
    s3_e1_next   = s2_e1_reg;
    s3_sign_next = s2_sign_reg;
    s3_nan_next  = s2_nan_reg;
    s3_inf_next  = s2_inf_reg;
    s3_zero_next = s2_zero_reg;
end

// ---- stage 4: leading zeros; what depends on e1 alone ---------------------------
function [5:0] clz48;
    input [47:0] v;
    integer i;
    begin
        clz48 = 6'd48;
        for (i = 0; i <= 47; i = i + 1)
            if (v[i])
                clz48 = 6'd47 - i[5:0];
    end
endfunction

reg [9:0]  lz_em1;                // e1 - 1
reg [9:0]  lz_r;                  // 1 - e1

reg [47:0] s4_p_reg, s4_p_next;
reg [5:0]  s4_lz_reg, s4_lz_next;         // leading zeros of P (48: P = 0)
reg [7:0]  s4_em1_reg, s4_em1_next;       // e1 - 1 (low bits; above 255 is inf)
reg        s4_right_reg, s4_right_next;   // e1 < 1: subnormal or underflow, shift right
reg        s4_big_reg, s4_big_next;       // e1 - 1 >= 64: more than any lz
reg [5:0]  s4_r_reg, s4_r_next;           // right shift 1 - e1 (63: everything to sticky)
reg        s4_ge255_reg, s4_ge255_next;   // e1 - 1 >= 255
reg        s4_eq254_reg, s4_eq254_next;   // e1 - 1 == 254
reg        s4_sign_reg, s4_sign_next;
reg        s4_nan_reg, s4_nan_next;
reg        s4_inf_reg, s4_inf_next;
reg        s4_zero_reg, s4_zero_next;

always @* begin
    lz_em1 = s3_e1_reg - 10'd1;
    lz_r   = 10'd1 - s3_e1_reg;

    s4_p_next     = s3_p_reg;
    s4_lz_next    = clz48(s3_p_reg);
    s4_em1_next   = lz_em1[7:0];
    s4_right_next = s3_e1_reg[9] || s3_e1_reg == 10'd0;
    s4_big_next   = !lz_em1[9] && lz_em1[8:6] != 3'd0;
    s4_r_next     = (lz_r[9:6] != 4'd0) ? 6'd63 : lz_r[5:0];
    // An exponent of 255 or more (hidden bit included) is inf. e1 - 1 >= 254
    // needs two normal operands, so lz is 0 or 1 there: e1 - 1 - lz >= 254
    // is e1 - 1 >= 255, or e1 - 1 == 254 with lz = 0.
    s4_ge255_next = !lz_em1[9] && lz_em1[8:0] >= 9'd255;
    s4_eq254_next = lz_em1 == 10'd254;
    s4_sign_next  = s3_sign_reg;
    s4_nan_next   = s3_nan_reg;
    s4_inf_next   = s3_inf_reg;
    s4_zero_next  = s3_zero_reg;
end

// ---- stage 5: left shift amount, exponent field --------------------------------------
reg        sa_lz_le;              // lz <= e1 - 1: the result is normal

reg [47:0] s5_p_reg, s5_p_next;
reg [5:0]  s5_l_reg, s5_l_next;           // left shift
reg [5:0]  s5_r_reg, s5_r_next;           // right shift
reg [7:0]  s5_base_reg, s5_base_next;     // exponent field minus the hidden bit
reg        s5_sign_reg, s5_sign_next;
reg        s5_nan_reg, s5_nan_next;
reg        s5_inf_reg, s5_inf_next;
reg        s5_zero_reg, s5_zero_next;

always @* begin
    sa_lz_le = s4_big_reg || s4_lz_reg <= s4_em1_reg[5:0];

    s5_p_next     = s4_p_reg;
    // left by min(lz, e1 - 1): normal, or a subnormal at exponent field 0
    s5_l_next     = s4_right_reg ? 6'd0 : sa_lz_le ? s4_lz_reg : s4_em1_reg[5:0];
    s5_r_next     = s4_right_reg ? s4_r_reg : 6'd0;
    s5_base_next  = (s4_right_reg || !sa_lz_le) ? 8'd0 : s4_em1_reg[7:0] - {2'd0, s4_lz_reg};
    s5_sign_next  = s4_sign_reg;
    s5_nan_next   = s4_nan_reg;
    s5_inf_next   = s4_inf_reg || s4_ge255_reg || (s4_eq254_reg && s4_lz_reg == 6'd0);
    s5_zero_next  = s4_zero_reg;
end

// ---- stage 6: left shift, or the coarse part of the right shift -----------------------
reg [47:0] sh_l;                  // left shifted
reg [47:0] sh_r1, sh_r2, sh_r3;   // right by 32, 16, 8
reg        sh_st;                 // bits the coarse right shift dropped

reg [47:0] s6_v_reg, s6_v_next;
reg [2:0]  s6_r_reg, s6_r_next;           // rest of the right shift
reg        s6_st_reg, s6_st_next;
reg [7:0]  s6_base_reg, s6_base_next;
reg        s6_sign_reg, s6_sign_next;
reg        s6_nan_reg, s6_nan_next;
reg        s6_inf_reg, s6_inf_next;
reg        s6_zero_reg, s6_zero_next;

always @* begin
    sh_l  = s5_p_reg << s5_l_reg;
    sh_r1 = s5_r_reg[5] ? {32'd0, s5_p_reg[47:32]} : s5_p_reg;
    sh_r2 = s5_r_reg[4] ? {16'd0, sh_r1[47:16]} : sh_r1;
    sh_r3 = s5_r_reg[3] ? {8'd0, sh_r2[47:8]} : sh_r2;
    sh_st = (s5_r_reg[5] && s5_p_reg[31:0] != 32'd0)
         || (s5_r_reg[4] && sh_r1[15:0] != 16'd0)
         || (s5_r_reg[3] && sh_r2[7:0] != 8'd0);

    // a left shift and a right shift never meet (e1 >= 1 or e1 < 1)
    s6_v_next    = (s5_l_reg != 6'd0) ? sh_l : sh_r3;
    s6_r_next    = s5_r_reg[2:0];
    s6_st_next   = sh_st;
    s6_base_next = s5_base_reg;
    s6_sign_next = s5_sign_reg;
    s6_nan_next  = s5_nan_reg;
    s6_inf_next  = s5_inf_reg;
    s6_zero_next = s5_zero_reg;
end

// ---- stage 7: fine right shift, sticky ------------------------------------------------------
reg [47:0] fs_r4, fs_r5, fs_r6;   // right by 4, 2, 1
reg        fs_st;

reg [24:0] s7_v_reg, s7_v_next;           // {hidden, fraction, guard}
reg        s7_st_reg, s7_st_next;         // sticky
reg [7:0]  s7_base_reg, s7_base_next;
reg        s7_sign_reg, s7_sign_next;
reg        s7_nan_reg, s7_nan_next;
reg        s7_inf_reg, s7_inf_next;
reg        s7_zero_reg, s7_zero_next;

always @* begin
    fs_r4 = s6_r_reg[2] ? {4'd0, s6_v_reg[47:4]} : s6_v_reg;
    fs_r5 = s6_r_reg[1] ? {2'd0, fs_r4[47:2]} : fs_r4;
    fs_r6 = s6_r_reg[0] ? {1'd0, fs_r5[47:1]} : fs_r5;
    fs_st = s6_st_reg
         || (s6_r_reg[2] && s6_v_reg[3:0] != 4'd0)
         || (s6_r_reg[1] && fs_r4[1:0] != 2'd0)
         || (s6_r_reg[0] && fs_r5[0]);

    s7_v_next    = fs_r6[47:23];
    s7_st_next   = fs_st || fs_r6[22:0] != 23'd0;
    s7_base_next = s6_base_reg;
    s7_sign_next = s6_sign_reg;
    s7_nan_next  = s6_nan_reg;
    s7_inf_next  = s6_inf_reg;
    s7_zero_next = s6_zero_reg;
end

// ---- stage 8: round and pack --------------------------------------------------------------
reg        pk_up;                 // round to nearest, ties to even
reg [30:0] pk;                    // {exponent, fraction}
reg [31:0] y_reg, y_next;

always @* begin
    pk_up = s7_v_reg[0] && (s7_st_reg || s7_v_reg[1]);
    // the hidden bit adds into the exponent field
    pk    = {s7_base_reg, s7_v_reg[23:1]} + {7'd0, s7_v_reg[24], 23'd0} + {30'd0, pk_up};
    if (s7_nan_reg)
        y_next = `TL_QNAN_FP32;
    else if (s7_inf_reg)
        y_next = {s7_sign_reg, 8'hff, 23'd0};
    else if (s7_zero_reg)
        y_next = {s7_sign_reg, 31'd0};
    else
        y_next = {s7_sign_reg, pk};
end

always @(posedge clk) begin
    s1_ma_reg    <= s1_ma_next;
    s1_mb_reg    <= s1_mb_next;
    s1_e1_reg    <= s1_e1_next;
    s1_sign_reg  <= s1_sign_next;
    s1_nan_reg   <= s1_nan_next;
    s1_inf_reg   <= s1_inf_next;
    s1_zero_reg  <= s1_zero_next;
    s2_ll_reg    <= s2_ll_next;
    s2_lh_reg    <= s2_lh_next;
    s2_hl_reg    <= s2_hl_next;
    s2_hh_reg    <= s2_hh_next;
    s2_e1_reg    <= s2_e1_next;
    s2_sign_reg  <= s2_sign_next;
    s2_nan_reg   <= s2_nan_next;
    s2_inf_reg   <= s2_inf_next;
    s2_zero_reg  <= s2_zero_next;
    s3_p_reg     <= s3_p_next;
    s3_e1_reg    <= s3_e1_next;
    s3_sign_reg  <= s3_sign_next;
    s3_nan_reg   <= s3_nan_next;
    s3_inf_reg   <= s3_inf_next;
    s3_zero_reg  <= s3_zero_next;
    s4_p_reg     <= s4_p_next;
    s4_lz_reg    <= s4_lz_next;
    s4_em1_reg   <= s4_em1_next;
    s4_right_reg <= s4_right_next;
    s4_big_reg   <= s4_big_next;
    s4_r_reg     <= s4_r_next;
    s4_ge255_reg <= s4_ge255_next;
    s4_eq254_reg <= s4_eq254_next;
    s4_sign_reg  <= s4_sign_next;
    s4_nan_reg   <= s4_nan_next;
    s4_inf_reg   <= s4_inf_next;
    s4_zero_reg  <= s4_zero_next;
    s5_p_reg     <= s5_p_next;
    s5_l_reg     <= s5_l_next;
    s5_r_reg     <= s5_r_next;
    s5_base_reg  <= s5_base_next;
    s5_sign_reg  <= s5_sign_next;
    s5_nan_reg   <= s5_nan_next;
    s5_inf_reg   <= s5_inf_next;
    s5_zero_reg  <= s5_zero_next;
    s6_v_reg     <= s6_v_next;
    s6_r_reg     <= s6_r_next;
    s6_st_reg    <= s6_st_next;
    s6_base_reg  <= s6_base_next;
    s6_sign_reg  <= s6_sign_next;
    s6_nan_reg   <= s6_nan_next;
    s6_inf_reg   <= s6_inf_next;
    s6_zero_reg  <= s6_zero_next;
    s7_v_reg     <= s7_v_next;
    s7_st_reg    <= s7_st_next;
    s7_base_reg  <= s7_base_next;
    s7_sign_reg  <= s7_sign_next;
    s7_nan_reg   <= s7_nan_next;
    s7_inf_reg   <= s7_inf_next;
    s7_zero_reg  <= s7_zero_next;
    y_reg        <= y_next;
end

assign y = y_reg;

endmodule

`resetall
