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
 * `TL_FP32_MUL_LATENCY (rtl/common/tl_pipe.vh) = 7 edges earlier; an
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
 *   stage 4  leading-zero count
 *   stage 5  shift amounts (left min(lz, e1 - 1), right 1 - e1, capped),
 *            exponent field minus the hidden bit, overflow
 *   stage 6  shift: left, or right ORing the dropped bits into sticky
 *   stage 7  round-up decision; pack {exponent, fraction} + hidden bit +
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

localparam integer STAGES = 7;  // registers from a, b to y

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

// ---- stage 4: leading zeros ---------------------------------------------------------
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

reg [47:0] s4_p_reg, s4_p_next;
reg [5:0]  s4_lz_reg, s4_lz_next;         // leading zeros of P (48: P = 0)
reg [9:0]  s4_e1_reg, s4_e1_next;
reg        s4_sign_reg, s4_sign_next;
reg        s4_nan_reg, s4_nan_next;
reg        s4_inf_reg, s4_inf_next;
reg        s4_zero_reg, s4_zero_next;

always @* begin
    s4_p_next    = s3_p_reg;
    s4_lz_next   = clz48(s3_p_reg);
    s4_e1_next   = s3_e1_reg;
    s4_sign_next = s3_sign_reg;
    s4_nan_next  = s3_nan_reg;
    s4_inf_next  = s3_inf_reg;
    s4_zero_next = s3_zero_reg;
end

// ---- stage 5: shift amounts, exponent, overflow ---------------------------------------
reg [9:0]  sa_em1;                // e1 - 1
reg [9:0]  sa_r;                  // 1 - e1
reg        sa_right;              // e1 < 1: subnormal or underflow, shift right
reg [5:0]  sa_l;                  // min(lz, e1 - 1) when e1 >= 1
/* verilator lint_off UNUSEDSIGNAL */ // [9] only through the compare with 254
reg [9:0]  sa_base;               // exponent field minus the hidden bit
/* verilator lint_on UNUSEDSIGNAL */

reg [47:0] s5_p_reg, s5_p_next;
reg [5:0]  s5_l_reg, s5_l_next;           // left shift
reg [5:0]  s5_r_reg, s5_r_next;           // right shift (63: everything to sticky)
reg [7:0]  s5_base_reg, s5_base_next;
reg        s5_sign_reg, s5_sign_next;
reg        s5_nan_reg, s5_nan_next;
reg        s5_inf_reg, s5_inf_next;
reg        s5_zero_reg, s5_zero_next;

always @* begin
    sa_em1   = s4_e1_reg - 10'd1;
    sa_r     = 10'd1 - s4_e1_reg;
    sa_right = s4_e1_reg[9] || s4_e1_reg == 10'd0;
    sa_l     = (!sa_em1[9] && sa_em1 < {4'd0, s4_lz_reg}) ? sa_em1[5:0] : s4_lz_reg;
    sa_base  = sa_right ? 10'd0 : sa_em1 - {4'd0, sa_l};

    s5_p_next     = s4_p_reg;
    s5_l_next     = sa_right ? 6'd0 : sa_l;
    s5_r_next     = !sa_right ? 6'd0 : (sa_r[9:6] != 4'd0) ? 6'd63 : sa_r[5:0];
    // exponent 255 and above (hidden bit included): inf
    s5_base_next  = (!sa_base[9] && sa_base[8:0] >= 9'd254) ? 8'd254 : sa_base[7:0];
    s5_sign_next  = s4_sign_reg;
    s5_nan_next   = s4_nan_reg;
    s5_inf_next   = s4_inf_reg || (!sa_base[9] && sa_base[8:0] >= 9'd254);
    s5_zero_next  = s4_zero_reg;
end

// ---- stage 6: shift -------------------------------------------------------------------------
reg [47:0] sh_l;                  // left shifted
reg [47:0] sh_r1, sh_r2, sh_r3, sh_r4, sh_r5, sh_r6;
reg        sh_st;                 // bits the right shift dropped

reg [24:0] s6_v_reg, s6_v_next;           // {hidden, fraction, guard} = Q[47:23]
reg        s6_st_reg, s6_st_next;         // sticky: Q[22:0] and the dropped bits
reg [7:0]  s6_base_reg, s6_base_next;
reg        s6_sign_reg, s6_sign_next;
reg        s6_nan_reg, s6_nan_next;
reg        s6_inf_reg, s6_inf_next;
reg        s6_zero_reg, s6_zero_next;

always @* begin
    sh_l  = s5_p_reg << s5_l_reg;
    sh_r1 = s5_r_reg[5] ? {32'd0, sh_l[47:32]} : sh_l;
    sh_r2 = s5_r_reg[4] ? {16'd0, sh_r1[47:16]} : sh_r1;
    sh_r3 = s5_r_reg[3] ? {8'd0, sh_r2[47:8]} : sh_r2;
    sh_r4 = s5_r_reg[2] ? {4'd0, sh_r3[47:4]} : sh_r3;
    sh_r5 = s5_r_reg[1] ? {2'd0, sh_r4[47:2]} : sh_r4;
    sh_r6 = s5_r_reg[0] ? {1'd0, sh_r5[47:1]} : sh_r5;
    sh_st = (s5_r_reg[5] && sh_l[31:0] != 32'd0)
         || (s5_r_reg[4] && sh_r1[15:0] != 16'd0)
         || (s5_r_reg[3] && sh_r2[7:0] != 8'd0)
         || (s5_r_reg[2] && sh_r3[3:0] != 4'd0)
         || (s5_r_reg[1] && sh_r4[1:0] != 2'd0)
         || (s5_r_reg[0] && sh_r5[0]);

    s6_v_next    = sh_r6[47:23];
    s6_st_next   = sh_st || sh_r6[22:0] != 23'd0;
    s6_base_next = s5_base_reg;
    s6_sign_next = s5_sign_reg;
    s6_nan_next  = s5_nan_reg;
    s6_inf_next  = s5_inf_reg;
    s6_zero_next = s5_zero_reg;
end

// ---- stage 7: round and pack --------------------------------------------------------------
reg        pk_up;                 // round to nearest, ties to even
reg [30:0] pk;                    // {exponent, fraction}
reg [31:0] y_reg, y_next;

always @* begin
    pk_up = s6_v_reg[0] && (s6_st_reg || s6_v_reg[1]);
    // the hidden bit adds into the exponent field
    pk    = {s6_base_reg, s6_v_reg[23:1]} + {7'd0, s6_v_reg[24], 23'd0} + {30'd0, pk_up};
    if (s6_nan_reg)
        y_next = `TL_QNAN_FP32;
    else if (s6_inf_reg)
        y_next = {s6_sign_reg, 8'hff, 23'd0};
    else if (s6_zero_reg)
        y_next = {s6_sign_reg, 31'd0};
    else
        y_next = {s6_sign_reg, pk};
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
    s4_e1_reg    <= s4_e1_next;
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
    s6_st_reg    <= s6_st_next;
    s6_base_reg  <= s6_base_next;
    s6_sign_reg  <= s6_sign_next;
    s6_nan_reg   <= s6_nan_next;
    s6_inf_reg   <= s6_inf_next;
    s6_zero_reg  <= s6_zero_next;
    y_reg        <= y_next;
end

assign y = y_reg;

endmodule

`resetall
