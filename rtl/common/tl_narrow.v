`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * tl_narrow: fp32 -> bf16, fp16, e4m3 or e5m2 with round-to-nearest-even or
 * stochastic rounding and the FP8 saturation modes (ARCHITECTURE.md 5.3).
 * fmt = fp32 returns the input with a NaN made canonical. Any other format
 * code returns `TL_QNAN_FP32.
 *
 * Bit-exact with tl_narrow() of cmodel/narrow.c.
 *
 * Combinational; no handshake, no latency.
 *
 * Datapath (names from ARCHITECTURE.md 5.3). With Mx the 24-bit
 * significand and D the number of dropped bits,
 *     {I, F32} = {Mx, 32'b0} >> D        (56 bits, D clamped to 63)
 * gives the kept bits I and the dropped field aligned so that its top bit
 * is F32[31] (for D > 32 the bits below the top 32 are truncated, as the
 * SR rule says). Then
 *     RNE: up = F32[31] & (F32[30:0] != 0 | I[0])    (D > 25 gives F32[31] = 0)
 *     SR:  up = carry out of F32 + rand32
 * The target encoding is enc = ((max(e, emin) - emin) << (p - 1)) + I + up:
 * a carry out of the significand moves into the exponent field by itself,
 * and overflow (judged after rounding) is enc > largest finite encoding.
 */
module tl_narrow (
    input  wire [2:0]  fmt,       // target format (`TL_FMT_*)
    input  wire [31:0] in_bits,   // fp32 bits
    input  wire        rnd,       // `TL_RND_RNE or `TL_RND_SR
    input  wire        sat,       // FP8 only: saturate overflow and +-inf
    input  wire [31:0] rand32,    // SR random bits (tl_sr_rand), ignored for RNE
    output reg  [31:0] out_bits   // target bits in the low bits
);

`include "tl_encoding.vh"

wire        sign     = in_bits[31];
wire [7:0]  exp_in   = in_bits[30:23];
wire [22:0] frac_in  = in_bits[22:0];
wire        in_nan   = (exp_in == 8'hFF) && (frac_in != 23'd0);
wire        in_inf   = (exp_in == 8'hFF) && (frac_in == 23'd0);
wire [23:0] mx       = {exp_in != 8'd0, frac_in};
wire [7:0]  exp_eff  = (exp_in == 8'd0) ? 8'd1 : exp_in;

reg  [3:0]  p;            // significand bits of the target, hidden bit included
reg  [7:0]  eminb;        // emin + 127
reg  [14:0] max_enc;      // magnitude encoding of the largest finite value
reg  [31:0] ovf_bits;     // result for overflow and +-inf
reg  [31:0] nan_bits;     // canonical NaN of the target
reg  [31:0] sign_bit;     // the target's sign bit
reg         tgt_normal;   // e >= emin: x is in the target's normal range
reg  [8:0]  d_full;
reg  [5:0]  d;
/* verilator lint_off UNUSEDSIGNAL */ // [55:44] are 0 since D >= 13
reg  [55:0] shifted;
/* verilator lint_on UNUSEDSIGNAL */
reg  [11:0] kept;         // I < 2^11 since D >= 13
reg  [31:0] f32;
reg         up;
/* verilator lint_off UNUSEDSIGNAL */ // only the carry out decides SR
reg  [32:0] sr_sum;
/* verilator lint_on UNUSEDSIGNAL */
reg  [7:0]  ebase;
reg  [19:0] enc;
reg  [19:0] ebase_sh;

always @* begin
    p        = 4'd8;
    eminb    = 8'd1;
    max_enc  = 15'h7F7F;
    ovf_bits = 32'd0;
    nan_bits = `TL_QNAN_FP32;
    sign_bit = 32'd0;
    case (fmt)
        `TL_FMT_BF16: begin
            p        = 4'd8;
            eminb    = 8'd1;                      // emin = -126
            max_enc  = 15'h7F7F;
            sign_bit = {16'd0, sign, 15'd0};
            ovf_bits = {16'd0, sign, 15'h7F80};   // +-inf
            nan_bits = {16'd0, `TL_QNAN_BF16};
        end
        `TL_FMT_FP16: begin
            p        = 4'd11;
            eminb    = 8'd113;                    // emin = -14
            max_enc  = 15'h7BFF;
            sign_bit = {16'd0, sign, 15'd0};
            ovf_bits = {16'd0, sign, 15'h7C00};   // +-inf
            nan_bits = {16'd0, `TL_QNAN_FP16};
        end
        `TL_FMT_E4M3: begin
            p        = 4'd4;
            eminb    = 8'd121;                    // emin = -6
            max_enc  = 15'h007E;
            sign_bit = {24'd0, sign, 7'd0};
            ovf_bits = sat ? {24'd0, sign, 7'h7E} : {24'd0, `TL_QNAN_E4M3};
            nan_bits = {24'd0, `TL_QNAN_E4M3};
        end
        `TL_FMT_E5M2: begin
            p        = 4'd3;
            eminb    = 8'd113;                    // emin = -14
            max_enc  = 15'h007B;
            sign_bit = {24'd0, sign, 7'd0};
            ovf_bits = sat ? {24'd0, sign, 7'h7B} : {24'd0, sign, 7'h7C};
            nan_bits = {24'd0, `TL_QNAN_E5M2};
        end
        default: begin
        end
    endcase

    // Dropped bits D (ARCHITECTURE.md 5.3), >= 13 for every target here.
    tgt_normal = (exp_in != 8'd0) && (exp_in >= eminb);
    if (tgt_normal) begin
        d_full = 9'd24 - {5'd0, p};
    end else begin
        d_full = {1'b0, eminb} + 9'd24 - {5'd0, p} - {1'b0, exp_eff};
    end
    d = (d_full > 9'd63) ? 6'd63 : d_full[5:0];

    shifted = {mx, 32'd0} >> d;
    kept    = shifted[43:32];
    f32     = shifted[31:0];
    sr_sum  = {1'b0, f32} + {1'b0, rand32};
    if (rnd == `TL_RND_SR) begin
        up = sr_sum[32];
    end else begin
        up = f32[31] && ((f32[30:0] != 31'd0) || kept[0]);
    end

    ebase = tgt_normal ? (exp_in - eminb) : 8'd0;
    ebase_sh = {12'd0, ebase} << (p - 4'd1);
    enc = ebase_sh + {8'd0, kept} + {19'd0, up};

    case (fmt)
        `TL_FMT_FP32: begin
            out_bits = in_nan ? `TL_QNAN_FP32 : in_bits;
        end
        `TL_FMT_BF16, `TL_FMT_FP16, `TL_FMT_E4M3, `TL_FMT_E5M2: begin
            if (in_nan) begin
                out_bits = nan_bits;
            end else if (in_inf || (enc > {5'd0, max_enc})) begin
                out_bits = ovf_bits;
            end else begin
                out_bits = sign_bit | {12'd0, enc};
            end
        end
        default: begin
            out_bits = `TL_QNAN_FP32;
        end
    endcase
end

endmodule

`resetall
