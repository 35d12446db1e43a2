`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * fp32_add: IEEE 754 binary32 adder, round to nearest even, subnormal
 * inputs and results kept (no flush to zero), every NaN result the
 * canonical 0x7FC00000, +inf + -inf = NaN, x + (-x) = +0, -0 + -0 = -0
 * (docs/ARCHITECTURE.md 5.5).
 *
 * Two halves with one register between them:
 *   stage 1 (inputs -> mid register): unpack, order by magnitude, align
 *     the smaller significand (guard, round and sticky bits), add or
 *     subtract: a 28-bit exact-enough sum.
 *   stage 2 (mid register -> y, combinational): leading-zero count,
 *     normalize (never below the minimum exponent: subnormal results),
 *     round to nearest even, pack, specials.
 * Latency: 1 clock. `y` is the sum of the a, b presented one enabled clock
 * edge earlier. `ce` low holds the mid register (pipeline stall).
 * No handshake; no reset (datapath only).
 */
module fp32_add (
    input  wire        clk,
    input  wire        ce,   // clock enable of the mid register
    input  wire [31:0] a,
    input  wire [31:0] b,
    output reg  [31:0] y     // a + b of one enabled edge earlier
);

`include "tl_encoding.vh"

// ---- stage 1: order, align, add --------------------------------------
reg        s1_swap;
reg [31:0] s1_big;
reg [30:0] s1_small;        // magnitude only
reg [7:0]  s1_exp_big;      // effective exponent (subnormal: 1)
reg [7:0]  s1_exp_small;
reg [7:0]  s1_dist;         // exponent difference, >= 0
reg [4:0]  s1_dist_cap;     // min(dist, 27)
reg [53:0] s1_shifted;      // {kept 27 bits, lost 27 bits}
reg [26:0] s1_aligned;      // small significand, 3 extra bits, sticky
reg [27:0] s1_big_ext;
reg        s1_eff_sub;
reg        s1_a_nan;
reg        s1_b_nan;
reg        s1_a_inf;
reg        s1_b_inf;

reg [27:0] sum_reg, sum_next;       // exact-enough |a| +- |small|
reg [7:0]  exp_reg, exp_next;        // effective exponent of big
reg        sign_reg, sign_next;      // sign of big
reg        eff_sub_reg, eff_sub_next;
reg        nan_reg, nan_next;
reg        inf_reg, inf_next;

always @* begin
    s1_swap      = b[30:0] > a[30:0];
    s1_big       = s1_swap ? b : a;
    s1_small     = s1_swap ? a[30:0] : b[30:0];
    s1_exp_big   = (s1_big[30:23] == 8'd0) ? 8'd1 : s1_big[30:23];
    s1_exp_small = (s1_small[30:23] == 8'd0) ? 8'd1 : s1_small[30:23];
    s1_dist      = s1_exp_big - s1_exp_small;
    s1_dist_cap  = (s1_dist > 8'd27) ? 5'd27 : s1_dist[4:0];
    s1_shifted   = {s1_small[30:23] != 8'd0, s1_small[22:0], 3'b000, 27'd0} >> s1_dist_cap;
    s1_aligned   = {s1_shifted[53:28], s1_shifted[27] | (s1_shifted[26:0] != 27'd0)};
    s1_big_ext   = {1'b0, s1_big[30:23] != 8'd0, s1_big[22:0], 3'b000};
    s1_eff_sub   = a[31] ^ b[31];
    s1_a_nan     = a[30:23] == 8'hff && a[22:0] != 23'd0;
    s1_b_nan     = b[30:23] == 8'hff && b[22:0] != 23'd0;
    s1_a_inf     = a[30:23] == 8'hff && a[22:0] == 23'd0;
    s1_b_inf     = b[30:23] == 8'hff && b[22:0] == 23'd0;

    sum_next     = sum_reg;
    exp_next     = exp_reg;
    sign_next    = sign_reg;
    eff_sub_next = eff_sub_reg;
    nan_next     = nan_reg;
    inf_next     = inf_reg;
    if (ce) begin
        sum_next     = s1_eff_sub ? s1_big_ext - {1'b0, s1_aligned}
                                  : s1_big_ext + {1'b0, s1_aligned};
        exp_next     = s1_exp_big;
        sign_next    = s1_big[31];
        eff_sub_next = s1_eff_sub;
        nan_next     = s1_a_nan || s1_b_nan || (s1_a_inf && s1_b_inf && s1_eff_sub);
        inf_next     = s1_a_inf || s1_b_inf;
    end
end

always @(posedge clk) begin
    sum_reg     <= sum_next;
    exp_reg     <= exp_next;
    sign_reg    <= sign_next;
    eff_sub_reg <= eff_sub_next;
    nan_reg     <= nan_next;
    inf_reg     <= inf_next;
end

// ---- stage 2: normalize, round, pack ---------------------------------
function [4:0] clz27;
    input [26:0] v;
    integer i;
    reg found;
    begin
        clz27 = 5'd27;
        found = 1'b0;
        for (i = 26; i >= 0; i = i - 1) begin
            if (!found && v[i]) begin
                clz27 = 5'd26 - i[4:0];
                found = 1'b1;
            end
        end
    end
endfunction

reg [4:0]  s2_lz;
reg [4:0]  s2_shift;        // left shift, limited by the minimum exponent
reg [26:0] s2_norm;         // 24-bit significand, guard, round|sticky
reg [8:0]  s2_exp;          // biased result exponent before rounding
reg        s2_up;
reg [30:0] s2_packed;
reg        s2_sign;

always @* begin
    s2_lz    = clz27(sum_reg[26:0]);
    s2_shift = 5'd0;
    if (sum_reg[27]) begin
        // carry out: shift right by one, fold the lost bit into sticky
        s2_norm = {sum_reg[27:2], sum_reg[1] | sum_reg[0]};
        s2_exp  = {1'b0, exp_reg} + 9'd1;
    end else begin
        // min(lz, exp - 1): exp - 1 < lz <= 27 fits in 5 bits
        s2_shift = (exp_reg - 8'd1 < {3'd0, s2_lz}) ? exp_reg[4:0] - 5'd1 : s2_lz;
        s2_norm  = sum_reg[26:0] << s2_shift;
        // a result still without its hidden bit is subnormal (or zero)
        s2_exp   = s2_norm[26] ? {1'b0, exp_reg - {3'd0, s2_shift}} : 9'd0;
    end
    s2_up     = s2_norm[2] && (s2_norm[1] || s2_norm[0] || s2_norm[3]);
    s2_packed = {s2_exp[7:0], s2_norm[25:3]} + {30'd0, s2_up};
    // exact zero: +0, unless both operands were zeros of the same sign
    s2_sign   = (sum_reg == 28'd0) ? (sign_reg && !eff_sub_reg) : sign_reg;

    if (nan_reg)
        y = `TL_QNAN_FP32;
    else if (inf_reg || s2_exp >= 9'd255)
        y = {sign_reg, 8'hff, 23'd0};
    else
        y = {s2_sign, s2_packed};
end

endmodule

`resetall
