`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * tl_narrow: fp32 -> bf16, fp16, e4m3 or e5m2 with round-to-nearest-even or
 * stochastic rounding and the FP8 saturation modes (ARCHITECTURE.md 5.3).
 * fmt = fp32 returns the input with a NaN made canonical. Any other format
 * code returns `TL_QNAN_FP32.
 *
 * Bit-exact with tl_narrow() of cmodel/narrow.c, at every LATENCY.
 *
 * Latency: LATENCY = 0, 1 or 2 registers, no handshake. With LATENCY = 0
 * the cell is combinational. Otherwise fmt, in_bits and sat are taken
 * LATENCY clock edges (counted on ce) before rnd and rand32, and out_bits
 * is combinational from the last internal register and rnd, rand32: a
 * caller whose value is ready before its SR bits (the DMA converter, the
 * activation lane) feeds the value LATENCY stages earlier and keeps its
 * own latency. The registers advance when ce is 1; they hold no control
 * state and have no reset.
 *
 * Datapath (names from ARCHITECTURE.md 5.3), in three stages:
 *   P (decode) the format's constants, the special results (NaN, inf,
 *     fp32, unknown format), the number of dropped bits D (clamped to 63)
 *     and the exponent field E of a target-normal result;
 *   S (align)  {I, F32} = {Mx, 32'b0} >> D (56 bits): the kept bits I and
 *     the dropped field aligned so that its top bit is F32[31] (for
 *     D > 32 the bits below the top 32 are truncated, as the SR rule
 *     says); the encoding without rounding, base = (E << (p-1)) | I
 *     (for a target-normal x, I's top bit is the hidden 1 that E already
 *     counts, so no adder);
 *   R (round)  RNE: up = F32[31] & (F32[30:0] != 0 | I[0]); SR: up = carry
 *     out of F32 + rand32; enc = base + up (a carry out of the
 *     significand moves into the exponent field by itself); overflow
 *     (judged after rounding) is enc > the largest finite encoding,
 *     computed as base > max | (up & base == max) beside the carry.
 * LATENCY = 1 registers between S and R, LATENCY = 2 also between P and S.
 */
module tl_narrow #(
    parameter LATENCY = 0             // registers inside: 0, 1 (S|R) or 2 (P|S|R)
) (
    /* verilator lint_off UNUSEDSIGNAL */ // LATENCY = 0 uses no clock
    input  wire        clk,
    input  wire        ce,        // advance the internal registers
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [2:0]  fmt,       // target format (`TL_FMT_*)
    input  wire [31:0] in_bits,   // fp32 bits
    input  wire        sat,       // FP8 only: saturate overflow and +-inf
    input  wire        rnd,       // `TL_RND_RNE or `TL_RND_SR (LATENCY edges later)
    input  wire [31:0] rand32,    // SR random bits (tl_sr_rand), ignored for RNE (LATENCY edges later)
    output reg  [31:0] out_bits   // target bits in the low bits
);

`include "tl_encoding.vh"

generate
    if (LATENCY < 0 || LATENCY > 2) begin : bad_latency
        tl_narrow_latency_must_be_0_1_or_2 check ();
    end
endgenerate

// ---- stage P: decode ---------------------------------------------------------------
localparam PW = 1 + 32 + 16 + 15 + 20 + 4 + 24 + 6;

wire        sign     = in_bits[31];
wire [7:0]  exp_in   = in_bits[30:23];
wire [22:0] frac_in  = in_bits[22:0];
wire        in_nan   = (exp_in == 8'hFF) && (frac_in != 23'd0);
wire        in_inf   = (exp_in == 8'hFF) && (frac_in == 23'd0);
wire [7:0]  exp_eff  = (exp_in == 8'd0) ? 8'd1 : exp_in;

reg  [3:0]  pm1;          // p - 1: fraction bits of the target
reg  [7:0]  eminb;        // emin + 127
reg  [7:0]  eminb1;       // emin + 126: E = e - emin + 1 for a normal x
reg  [8:0]  dk;           // emin + 127 + 24 - p: D = dk - Ex for a small x
reg  [5:0]  dn;           // 24 - p: D for a target-normal x
reg  [14:0] max_enc;      // magnitude encoding of the largest finite value
reg  [31:0] ovf_bits;     // result for overflow and +-inf
reg  [31:0] nan_bits;     // canonical NaN of the target
reg  [15:0] sign_bit;     // the target's sign bit
reg         fixed;        // the result does not depend on rounding
reg  [31:0] fixed_bits;
reg         tgt_normal;   // e >= emin: x is in the target's normal range
reg  [8:0]  d_full;
reg  [5:0]  d;
reg  [7:0]  e_fld;        // E
reg  [19:0] ehi;          // E << (p - 1), 0 below the target's normal range
reg  [PW-1:0] p_out;

always @* begin
    pm1      = 4'd7;
    eminb    = 8'd1;
    eminb1   = 8'd0;
    dk       = 9'd17;
    dn       = 6'd16;
    max_enc  = 15'h7F7F;
    ovf_bits = 32'd0;
    nan_bits = `TL_QNAN_FP32;
    sign_bit = 16'd0;
    case (fmt)
        `TL_FMT_BF16: begin                        // emin = -126, p = 8
            pm1      = 4'd7;
            eminb    = 8'd1;
            eminb1   = 8'd0;
            dk       = 9'd17;
            dn       = 6'd16;
            max_enc  = 15'h7F7F;
            sign_bit = {sign, 15'd0};
            ovf_bits = {16'd0, sign, 15'h7F80};   // +-inf
            nan_bits = {16'd0, `TL_QNAN_BF16};
        end
        `TL_FMT_FP16: begin                        // emin = -14, p = 11
            pm1      = 4'd10;
            eminb    = 8'd113;
            eminb1   = 8'd112;
            dk       = 9'd126;
            dn       = 6'd13;
            max_enc  = 15'h7BFF;
            sign_bit = {sign, 15'd0};
            ovf_bits = {16'd0, sign, 15'h7C00};   // +-inf
            nan_bits = {16'd0, `TL_QNAN_FP16};
        end
        `TL_FMT_E4M3: begin                        // emin = -6, p = 4
            pm1      = 4'd3;
            eminb    = 8'd121;
            eminb1   = 8'd120;
            dk       = 9'd141;
            dn       = 6'd20;
            max_enc  = 15'h007E;
            sign_bit = {8'd0, sign, 7'd0};
            ovf_bits = sat ? {24'd0, sign, 7'h7E} : {24'd0, `TL_QNAN_E4M3};
            nan_bits = {24'd0, `TL_QNAN_E4M3};
        end
        `TL_FMT_E5M2: begin                        // emin = -14, p = 3
            pm1      = 4'd2;
            eminb    = 8'd113;
            eminb1   = 8'd112;
            dk       = 9'd134;
            dn       = 6'd21;
            max_enc  = 15'h007B;
            sign_bit = {8'd0, sign, 7'd0};
            ovf_bits = sat ? {24'd0, sign, 7'h7B} : {24'd0, sign, 7'h7C};
            nan_bits = {24'd0, `TL_QNAN_E5M2};
        end
        default: begin
        end
    endcase

    // Dropped bits D (ARCHITECTURE.md 5.3), >= 13 for every target here.
    tgt_normal = (exp_in != 8'd0) && (exp_in >= eminb);
    d_full     = dk - {1'b0, exp_eff};
    if (tgt_normal) begin
        d = dn;
    end else if (d_full > 9'd63) begin
        d = 6'd63;
    end else begin
        d = d_full[5:0];
    end
    e_fld = exp_in - eminb1;
    ehi   = tgt_normal ? ({12'd0, e_fld} << pm1) : 20'd0;

    // every result but an in-range value, and the overflow result (a
    // special result wins over overflow, so one word carries both)
    fixed      = 1'b1;
    fixed_bits = `TL_QNAN_FP32;
    case (fmt)
        `TL_FMT_FP32: begin
            fixed_bits = in_nan ? `TL_QNAN_FP32 : in_bits;
        end
        `TL_FMT_BF16, `TL_FMT_FP16, `TL_FMT_E4M3, `TL_FMT_E5M2: begin
            fixed      = in_nan || in_inf;
            fixed_bits = in_nan ? nan_bits : ovf_bits;
        end
        default: begin
        end
    endcase

    p_out = {fixed, fixed_bits, sign_bit, max_enc, ehi, pm1, exp_in != 8'd0, frac_in, d};
end

// ---- stage S: align ----------------------------------------------------------------
localparam SW = 1 + 32 + 16 + 15 + 20 + 1 + 32;

wire [PW-1:0] s_in;

wire          s_fixed;
wire [31:0]   s_fixed_bits;
wire [15:0]   s_sign_bit;
wire [14:0]   s_max_enc;
wire [19:0]   s_ehi;
wire [3:0]    s_pm1;
wire [23:0]   s_mx;
wire [5:0]    s_d;

assign {s_fixed, s_fixed_bits, s_sign_bit, s_max_enc, s_ehi, s_pm1, s_mx, s_d} = s_in;

/* verilator lint_off UNUSEDSIGNAL */ // [55:44] are 0 since D >= 13
reg  [55:0] shifted;
/* verilator lint_on UNUSEDSIGNAL */
reg  [11:0] kept;         // I < 2^11 since D >= 13
reg  [19:0] kmask;        // the fraction field: I without its hidden bit
reg  [SW-1:0] s_out;

always @* begin
    shifted = {s_mx, 32'd0} >> s_d;
    kept    = shifted[43:32];
    kmask   = ~(20'hFFFFF << s_pm1);
    // below the normal range I < 2^(p-1), so the mask keeps all of it
    s_out   = {s_fixed, s_fixed_bits, s_sign_bit, s_max_enc,
               s_ehi | ({8'd0, kept} & kmask), kept[0], shifted[31:0]};
end

// ---- stage R: round ----------------------------------------------------------------
wire [SW-1:0] r_in;

wire          r_fixed;
wire [31:0]   r_fixed_bits;
wire [15:0]   r_sign_bit;
wire [14:0]   r_max_enc;
wire [19:0]   r_base;
wire          r_kept0;
wire [31:0]   r_f32;

assign {r_fixed, r_fixed_bits, r_sign_bit, r_max_enc, r_base, r_kept0, r_f32} = r_in;

reg         up;
/* verilator lint_off UNUSEDSIGNAL */ // only the carry out decides SR
reg  [32:0] sr_sum;
/* verilator lint_on UNUSEDSIGNAL */
reg         ovf;
reg  [14:0] enc;

always @* begin
    sr_sum = {1'b0, r_f32} + {1'b0, rand32};
    if (rnd == `TL_RND_SR) begin
        up = sr_sum[32];
    end else begin
        up = r_f32[31] && ((r_f32[30:0] != 31'd0) || r_kept0);
    end
    ovf = (r_base > {5'd0, r_max_enc}) || (up && (r_base == {5'd0, r_max_enc}));
    enc = r_base[14:0] + {14'd0, up};       // <= max_enc < 2^15 unless ovf
    if (r_fixed || ovf) begin
        out_bits = r_fixed_bits;
    end else begin
        out_bits = {16'd0, r_sign_bit | {1'b0, enc}};
    end
end

// ---- the stage registers ---------------------------------------------------------------
generate
    if (LATENCY >= 1) begin : reg_sr
        reg [SW-1:0] sr_reg;
        always @(posedge clk) begin
            if (ce) begin
                sr_reg <= s_out;
            end
        end
        assign r_in = sr_reg;
    end else begin : comb_sr
        assign r_in = s_out;
    end
    if (LATENCY >= 2) begin : reg_ps
        reg [PW-1:0] ps_reg;
        always @(posedge clk) begin
            if (ce) begin
                ps_reg <= p_out;
            end
        end
        assign s_in = ps_reg;
    end else begin : comb_ps
        assign s_in = p_out;
    end
endgenerate

endmodule

`resetall
