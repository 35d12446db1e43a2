`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * fp32_add: IEEE 754 binary32 adder, round to nearest even, subnormal
 * inputs and results kept (no flush to zero), every NaN result the
 * canonical 0x7FC00000, +inf + -inf = NaN, x + (-x) = +0, -0 + -0 = -0
 * (docs/ARCHITECTURE.md 5.5).
 *
 * Fully pipelined, one operation per clock, no clock enable: every stage
 * register advances on every edge. `y` is registered and equals a + b of
 * the inputs presented LATENCY edges earlier: 6 (`TL_FP32_ADD_LATENCY,
 * rtl/common/tl_pipe.vh; the default) or 7 (`TL_TE_ADD_LATENCY, te_pe's:
 * stage 2 split in two); an elaboration check (synthesis too) fails on any
 * other value. No handshake; no reset (datapath only).
 *
 *   stage 1  order by magnitude (one 31-bit compare chain), swap,
 *            effective exponents (subnormal: 1), both exponent
 *            differences (two short chains; an 8-bit exponent compare,
 *            not the magnitude compare, picks one)
 *   stage 2  align the smaller significand: right shift by 16, 8, 4, 2, 1
 *            (all of them for a distance >= 32), each step ORing the bits
 *            it drops into the sticky bit; invert for a subtraction.
 *            LATENCY 7 puts a register after the steps of 16 and 8: five
 *            multiplexer levels and the sticky OR in one cycle were the
 *            slowest path of the 8 x 8 array once placement spread a PE
 *            over the device (docs/fpga.md section 2)
 *   stage 3  28-bit add; round-up decision: rounding happens only when the
 *            leading one is at bit 27, 26 or 25 (normalize right 1, 0 or
 *            left 1); a deeper one (distance <= 1) means an exact result
 *   stage 4  leading-zero count
 *   stage 5  left shift by min(lz, exponent) (a smaller exponent gives a
 *            subnormal), its bits decided MSB first alongside the shifter;
 *            exponent field; overflow (exponent 254 and a carry out of the
 *            add) clears the fraction so that the pack gives inf
 *   stage 6  last shift step; pack: {exponent, fraction} + hidden bit +
 *            round-up in one carry chain (a carry out of the fraction
 *            bumps the exponent, 253 + carry gives inf by itself); NaN and
 *            inf operands through the output register
 */
module fp32_add #(
    parameter LATENCY = 6      // 6 or 7 (`TL_FP32_ADD_LATENCY, `TL_TE_ADD_LATENCY)
) (
    input  wire        clk,
    input  wire [31:0] a,
    input  wire [31:0] b,
    output wire [31:0] y     // a + b of LATENCY edges earlier
);

`include "tl_encoding.vh"
`include "tl_pipe.vh"

localparam integer SPLIT = (LATENCY == 7) ? 1 : 0;  // stage 2 in two
localparam integer STAGES = 6 + SPLIT;              // registers from a, b to y

// the depths users build on must be the depths built here (synthesis too)
generate
    if (STAGES != LATENCY) begin : latency_not_6_or_7
        fp32_add_latency_must_be_6_or_7 check ();
    end
    if (`TL_FP32_ADD_LATENCY != 6 || `TL_TE_ADD_LATENCY != 7) begin : latency_mismatch
        fp32_add_latencies_differ_from_tl_pipe_vh check ();
    end
endgenerate

// ---- stage 1: order, distance ------------------------------------------
reg       a_ez, b_ez;             // exponent field zero (zero, subnormal)
reg [7:0] a_eff, b_eff;           // effective exponent (subnormal: 1)
reg       swap;                   // |b| > |a|
reg       e_swap;                 // b's effective exponent > a's
reg [7:0] d_ab, d_ba;             // exponent differences, both ways
reg       far;                    // distance >= 32: everything shifts out

reg [23:0] s1_big_reg, s1_big_next;       // significands, hidden bit at 23
reg [23:0] s1_small_reg, s1_small_next;
reg [4:0]  s1_sh_reg, s1_sh_next;         // alignment shift, distance[4:0]
reg        s1_far_reg, s1_far_next;       // distance >= 32: everything shifts out
reg [7:0]  s1_exp_reg, s1_exp_next;       // effective exponent of big
reg        s1_sign_reg, s1_sign_next;     // sign of big
reg        s1_sub_reg, s1_sub_next;       // effective subtraction
reg        s1_bmax_reg, s1_bmax_next;     // big exponent field all ones
reg        s1_smax_reg, s1_smax_next;     // small exponent field all ones

always @* begin
    a_ez  = a[30:23] == 8'd0;
    b_ez  = b[30:23] == 8'd0;
    a_eff = {a[30:24], a[23] | a_ez};
    b_eff = {b[30:24], b[23] | b_ez};
    swap  = b[30:0] > a[30:0];
    // The distance needs only the exponents: when they are equal the
    // distance is 0 whichever operand the full compare calls bigger, so
    // shift and far come off the short exponent compare, in parallel with
    // the 31-bit magnitude compare that steers the significands.
    e_swap = b_eff > a_eff;
    d_ab  = a_eff - b_eff;
    d_ba  = b_eff - a_eff;
    far   = e_swap ? (d_ba[7:5] != 3'd0) : (d_ab[7:5] != 3'd0);

    s1_big_next   = swap ? {!b_ez, b[22:0]} : {!a_ez, a[22:0]};
    s1_small_next = swap ? {!a_ez, a[22:0]} : {!b_ez, b[22:0]};
    s1_sh_next    = e_swap ? d_ba[4:0] : d_ab[4:0];
    s1_far_next   = far;
    s1_exp_next   = e_swap ? b_eff : a_eff;
    s1_sign_next  = swap ? b[31] : a[31];
    s1_sub_next   = a[31] ^ b[31];
    s1_bmax_next  = swap ? (&b[30:23]) : (&a[30:23]);
    s1_smax_next  = swap ? (&a[30:23]) : (&b[30:23]);
end

// ---- stage 2: align with sticky ------------------------------------------
// 2a: the steps of 16 and 8, NaN and inf; 2b: the steps of 4, 2 and 1,
// the inversion. With SPLIT, `al_m_*` are the registered 2a results.
reg [25:0] al_v0, al_v1, al_v2, al_v3, al_v4, al_v5;  // {sig, guard, round}
reg        al_sth;                                     // sticky of steps 16, 8
reg        al_st;                                      // sticky
reg [4:0]  al_sh;                                      // shift, 31 when far
reg        s2_nan, s2_inf;

localparam integer AW = 26 + 1 + 3 + 24 + 8 + 2 + 2;  // 2a -> 2b bundle
reg  [AW-1:0] al_next;
wire [AW-1:0] al_mid;
reg  [25:0]   al_m_v2;
reg           al_m_sth;
reg  [2:0]    al_m_sh;
reg  [23:0]   al_m_big;
reg  [7:0]    al_m_exp;
reg           al_m_sign, al_m_sub;
reg           al_m_nan, al_m_inf;

reg [23:0] s2_big_reg, s2_big_next;
reg [26:0] s2_small_reg, s2_small_next;   // aligned, inverted when sub
reg [7:0]  s2_exp_reg, s2_exp_next;
reg        s2_sign_reg, s2_sign_next;
reg        s2_sub_reg, s2_sub_next;
reg        s2_nan_reg, s2_nan_next;
reg        s2_inf_reg, s2_inf_next;

always @* begin
    // far: every step shifts (31 >= 26: all bits go into the sticky bit)
    al_sh  = s1_sh_reg | {5{s1_far_reg}};
    al_v0  = {s1_small_reg, 2'b00};
    al_v1  = al_sh[4] ? {16'd0, al_v0[25:16]} : al_v0;
    al_v2  = al_sh[3] ? {8'd0, al_v1[25:8]} : al_v1;
    al_sth = (al_sh[4] && al_v0[15:0] != 16'd0)
          || (al_sh[3] && al_v1[7:0] != 8'd0);
    // a NaN operand is the bigger magnitude; inf - inf: both exponents max
    s2_nan = s1_bmax_reg && (s1_big_reg[22:0] != 23'd0 || (s1_smax_reg && s1_sub_reg));
    s2_inf = s1_bmax_reg && !s2_nan;
    al_next = {al_v2, al_sth, al_sh[2:0], s1_big_reg, s1_exp_reg,
               s1_sign_reg, s1_sub_reg, s2_nan, s2_inf};
end

generate
    if (SPLIT != 0) begin : align_reg
        reg [AW-1:0] mid_reg;
        always @(posedge clk) begin
            mid_reg <= al_next;
        end
        assign al_mid = mid_reg;
    end else begin : align_wire
        assign al_mid = al_next;
    end
endgenerate

always @* begin
    {al_m_v2, al_m_sth, al_m_sh, al_m_big, al_m_exp,
     al_m_sign, al_m_sub, al_m_nan, al_m_inf} = al_mid;
    al_v3 = al_m_sh[2] ? {4'd0, al_m_v2[25:4]} : al_m_v2;
    al_v4 = al_m_sh[1] ? {2'd0, al_v3[25:2]} : al_v3;
    al_v5 = al_m_sh[0] ? {1'd0, al_v4[25:1]} : al_v4;
    al_st = al_m_sth
         || (al_m_sh[2] && al_m_v2[3:0] != 4'd0)
         || (al_m_sh[1] && al_v3[1:0] != 2'd0)
         || (al_m_sh[0] && al_v4[0]);

    s2_big_next   = al_m_big;
    s2_small_next = {al_v5, al_st} ^ {27{al_m_sub}};
    s2_exp_next   = al_m_exp;
    s2_sign_next  = al_m_sign;
    s2_sub_next   = al_m_sub;
    s2_nan_next   = al_m_nan;
    s2_inf_next   = al_m_inf;
end

// ---- stage 3: add, round-up decision --------------------------------------
reg [27:0] sum;                   // {carry, sig, guard, round, sticky}
reg        s3_zero;

reg [25:0] s3_sum_reg, s3_sum_next;       // sum[27:2] (sum[1:0] feed only the round-up)
reg        s3_up_reg, s3_up_next;         // round up by one ulp
reg [7:0]  s3_exp_reg, s3_exp_next;
reg        s3_sign_reg, s3_sign_next;     // sign of the result
reg        s3_zero_reg, s3_zero_next;
reg        s3_nan_reg, s3_nan_next;
reg        s3_inf_reg, s3_inf_next;

always @* begin
    sum     = {1'b0, s2_big_reg, 3'b000} + {s2_sub_reg, s2_small_reg} + {27'd0, s2_sub_reg};
    s3_zero = sum[27:2] == 26'd0;

    s3_sum_next = sum[27:2];
    // the leading one at bit 27, 26 or 25 puts the ulp at bit 4, 3 or 2;
    // deeper, the result is exact (only a distance <= 1 cancels that far)
    if (sum[27])
        s3_up_next = sum[3] && (sum[4] || sum[2] || sum[1] || sum[0]);
    else if (sum[26])
        s3_up_next = sum[2] && (sum[3] || sum[1] || sum[0]);
    else if (sum[25])
        s3_up_next = sum[1] && (sum[2] || sum[0]);
    else
        s3_up_next = 1'b0;
    s3_exp_next  = s2_exp_reg;
    // exact zero: +0, unless both operands were zeros of the same sign
    s3_sign_next = s2_sign_reg && !(s3_zero && s2_sub_reg);
    s3_zero_next = s3_zero;
    s3_nan_next  = s2_nan_reg;
    s3_inf_next  = s2_inf_reg;
end

// ---- stage 4: leading zeros ------------------------------------------------
// Leading zeros of v (26 when v = 0) as a tree over xp = {v, 1, 0000}:
// every group of 2, 4, 8, 16 bits takes its upper half's count when that
// half has a one, else half its width plus the lower half's count.
// Written as a loop over v's bits, the count became a priority chain that
// Yosys mapped seven cells deep, the slowest path of the 8 x 8 array once
// the alignment was split (docs/fpga.md section 2). Group 0 of each level
// is never all zero (xp[5] is 1): its flag is not built, nor xp[0], which
// only that flag would read.
function [4:0] clz26;
    input [25:0] v;
    reg [31:1] xp;          // v, then a 1 so that the count stops at 26
    reg [15:0] c1;          // per pair: leading zeros (0..1)
    reg [15:1] z1;          //           all zero
    reg [15:0] c2;          // per 4 bits: leading zeros (0..3), 2 bits each
    reg [7:1]  z2;          //             all zero
    reg [11:0] c3;          // per 8 bits: leading zeros (0..7), 3 bits each
    reg [3:1]  z3;          //             all zero
    reg [3:0]  c4_hi, c4_lo;  // per 16 bits: leading zeros (0..15)
    integer g;
    begin
        xp = {v, 1'b1, 4'd0};
        for (g = 0; g < 16; g = g + 1)
            c1[g] = !xp[2*g+1];
        for (g = 1; g < 16; g = g + 1)
            z1[g] = !xp[2*g+1] && !xp[2*g];
        for (g = 0; g < 8; g = g + 1)
            c2[2*g +: 2] = z1[2*g+1] ? {1'b1, c1[2*g]} : {1'b0, c1[2*g+1]};
        for (g = 1; g < 8; g = g + 1)
            z2[g] = z1[2*g+1] && z1[2*g];
        for (g = 0; g < 4; g = g + 1)
            c3[3*g +: 3] = z2[2*g+1] ? {1'b1, c2[4*g +: 2]} : {1'b0, c2[4*g+2 +: 2]};
        for (g = 1; g < 4; g = g + 1)
            z3[g] = z2[2*g+1] && z2[2*g];
        c4_hi = z3[3] ? {1'b1, c3[6 +: 3]} : {1'b0, c3[9 +: 3]};
        c4_lo = z3[1] ? {1'b1, c3[0 +: 3]} : {1'b0, c3[3 +: 3]};
        // xp's lower 16 bits hold the 1 below v: the count is at most 26
        clz26 = (z3[3] && z3[2]) ? {1'b1, c4_lo} : {1'b0, c4_hi};
    end
endfunction

reg [25:0] s4_sum_reg, s4_sum_next;
reg [4:0]  s4_lz_reg, s4_lz_next;         // leading zeros of the sum, 26: zero
reg [4:0]  s4_emin_reg, s4_emin_next;     // min(exponent, 31)
reg        s4_ovf_reg, s4_ovf_next;       // exponent field 255 before rounding
reg [7:0]  s4_exp_reg, s4_exp_next;
reg        s4_up_reg, s4_up_next;
reg        s4_sign_reg, s4_sign_next;
reg        s4_zero_reg, s4_zero_next;
reg        s4_nan_reg, s4_nan_next;
reg        s4_inf_reg, s4_inf_next;

always @* begin
    s4_sum_next  = s3_sum_reg;
    s4_lz_next   = clz26(s3_sum_reg);
    s4_emin_next = (s3_exp_reg[7:5] != 3'd0) ? 5'd31 : s3_exp_reg[4:0];
    // exponent 254 and a carry out of the add: 255 = overflow
    s4_ovf_next  = s3_exp_reg == 8'd254 && s3_sum_reg[25];
    s4_exp_next  = s3_exp_reg;
    s4_up_next   = s3_up_reg;
    s4_sign_next = s3_sign_reg;
    s4_zero_next = s3_zero_reg;
    s4_nan_next  = s3_nan_reg;
    s4_inf_next  = s3_inf_reg;
end

// ---- stage 5: normalize: left shift by min(lz, exponent) -------------------
// The shift runs MSB first; bit k of min(lz, exponent) is decided from bit
// k of both and whether the higher bits already told them apart, one LUT
// level per step, alongside the shifter (no compare in front of it).
reg [4:0]  nm_m;                  // min(lz, exponent)
reg        nm_eq;                 // higher bits of lz and exponent equal
reg        nm_lzlt;               // lz below the exponent in the higher bits
reg [25:0] nm_v1, nm_v2, nm_v3;
reg [24:0] nm_v4;                 // bits 25..1 (bit 0 never reaches the result)
reg [8:0]  nm_t;                  // exponent - lz
integer    k;

reg [24:0] s5_v_reg, s5_v_next;           // sum[27:3], shifted by nm_m[4:1] * 2
reg        s5_s_reg, s5_s_next;           // rest of the shift, nm_m[0]
reg [7:0]  s5_exp_reg, s5_exp_next;       // exponent field minus hidden bit
reg        s5_up_reg, s5_up_next;
reg        s5_sign_reg, s5_sign_next;
reg        s5_nan_reg, s5_nan_next;
reg        s5_inf_reg, s5_inf_next;

always @* begin
    nm_eq   = 1'b1;
    nm_lzlt = 1'b0;
    for (k = 4; k >= 0; k = k - 1) begin
        nm_m[k] = nm_eq ? (s4_lz_reg[k] && s4_emin_reg[k])
                        : (nm_lzlt ? s4_lz_reg[k] : s4_emin_reg[k]);
        nm_lzlt = nm_lzlt || (nm_eq && !s4_lz_reg[k] && s4_emin_reg[k]);
        nm_eq   = nm_eq && (s4_lz_reg[k] == s4_emin_reg[k]);
    end
    nm_v1 = nm_m[4] ? {s4_sum_reg[9:0], 16'd0} : s4_sum_reg;
    nm_v2 = nm_m[3] ? {nm_v1[17:0], 8'd0} : nm_v1;
    nm_v3 = nm_m[2] ? {nm_v2[21:0], 4'd0} : nm_v2;
    nm_v4 = nm_m[1] ? {nm_v3[23:0], 1'd0} : nm_v3[25:1];
    // exponent field minus the hidden bit: exponent - min(lz, exponent)
    nm_t  = {1'b0, s4_exp_reg} - {4'd0, s4_lz_reg};

    // Overflow: an exponent field of 254 plus the hidden bit is 255; the
    // fraction and round-up are cleared so that the pack gives inf. From
    // 253, a round-up carrying out of the fraction gives inf by itself.
    s5_v_next    = s4_ovf_reg ? {nm_v4[24], 24'd0} : nm_v4;
    s5_s_next    = nm_m[0];
    s5_exp_next  = (nm_t[8] || s4_zero_reg) ? 8'd0 : nm_t[7:0];
    s5_up_next   = s4_up_reg && !s4_ovf_reg;
    s5_sign_next = s4_sign_reg;
    s5_nan_next  = s4_nan_reg;
    s5_inf_next  = s4_inf_reg;
end

// ---- stage 6: last shift step; round and pack ------------------------------
reg [23:0] pk_v;                  // significand, hidden bit at 23 (0: subnormal)
reg [30:0] pk;                    // {exponent, fraction}
reg [31:0] y_reg, y_next;

always @* begin
    pk_v   = s5_s_reg ? s5_v_reg[23:0] : s5_v_reg[24:1];
    // the hidden bit adds into the exponent field
    pk     = {s5_exp_reg, pk_v[22:0]} + {7'd0, pk_v[23], 23'd0} + {30'd0, s5_up_reg};
    if (s5_nan_reg)
        y_next = `TL_QNAN_FP32;
    else if (s5_inf_reg)
        y_next = {s5_sign_reg, 8'hff, 23'd0};
    else
        y_next = {s5_sign_reg, pk};
end

always @(posedge clk) begin
    s1_big_reg   <= s1_big_next;
    s1_small_reg <= s1_small_next;
    s1_sh_reg    <= s1_sh_next;
    s1_far_reg   <= s1_far_next;
    s1_exp_reg   <= s1_exp_next;
    s1_sign_reg  <= s1_sign_next;
    s1_sub_reg   <= s1_sub_next;
    s1_bmax_reg  <= s1_bmax_next;
    s1_smax_reg  <= s1_smax_next;
    s2_big_reg   <= s2_big_next;
    s2_small_reg <= s2_small_next;
    s2_exp_reg   <= s2_exp_next;
    s2_sign_reg  <= s2_sign_next;
    s2_sub_reg   <= s2_sub_next;
    s2_nan_reg   <= s2_nan_next;
    s2_inf_reg   <= s2_inf_next;
    s3_sum_reg   <= s3_sum_next;
    s3_up_reg    <= s3_up_next;
    s3_exp_reg   <= s3_exp_next;
    s3_sign_reg  <= s3_sign_next;
    s3_zero_reg  <= s3_zero_next;
    s3_nan_reg   <= s3_nan_next;
    s3_inf_reg   <= s3_inf_next;
    s4_sum_reg   <= s4_sum_next;
    s4_lz_reg    <= s4_lz_next;
    s4_emin_reg  <= s4_emin_next;
    s4_ovf_reg   <= s4_ovf_next;
    s4_exp_reg   <= s4_exp_next;
    s4_up_reg    <= s4_up_next;
    s4_sign_reg  <= s4_sign_next;
    s4_zero_reg  <= s4_zero_next;
    s4_nan_reg   <= s4_nan_next;
    s4_inf_reg   <= s4_inf_next;
    s5_v_reg     <= s5_v_next;
    s5_s_reg     <= s5_s_next;
    s5_exp_reg   <= s5_exp_next;
    s5_up_reg    <= s5_up_next;
    s5_sign_reg  <= s5_sign_next;
    s5_nan_reg   <= s5_nan_next;
    s5_inf_reg   <= s5_inf_next;
    y_reg        <= y_next;
end

assign y = y_reg;

endmodule

`resetall
