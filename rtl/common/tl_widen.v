`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * tl_widen: exact conversion of one element to fp32 (ARCHITECTURE.md 5.2).
 *
 * Source formats: fp32 (NaN made canonical), bf16, fp16, e4m3, e5m2, int8.
 * Every value of these formats is an fp32 value, so nothing rounds. -0 stays
 * -0, +-inf stays +-inf, any NaN becomes `TL_QNAN_FP32. Any other format
 * code (int32, 7) gives `TL_QNAN_FP32 (callers check the pair first, as
 * tl_convert_supported() does in cmodel).
 *
 * Bit-exact with tl_widen() of cmodel/widen.c.
 *
 * LATENCY 0: combinational. LATENCY 1: a register between the decode
 * (the format's fields: sign, significand, scale, classes) and the
 * normalize (leading one, shift, exponent, final select), so that a
 * pipeline whose element comes out of registers and goes into registers
 * spends one cycle on each half (core_act_lane; docs/fpga.md section 3b).
 * out_bits then belongs to the fmt and in_bits of one clock edge earlier,
 * counted on ce: the register takes them only when ce is 1, so a stalling
 * pipeline (dma_cvt) can hold it as one of its stages; core_act_lane ties
 * ce to 1. clk and ce are unused at LATENCY 0. No handshake, no reset.
 *
 * Every finite nonzero input is written as sig * 2^scale with an integer
 * significand sig (at most 11 bits) and normalized once:
 *     normal float:     sig = {1, man}, scale = exp - bias - man_bits
 *     subnormal float:  sig = man,      scale = 1 - bias - man_bits
 *     int8:             sig = |v|,      scale = 0
 * The fp32 result is normal in every case.
 */
module tl_widen #(
    parameter LATENCY = 0         // 0 combinational, 1 a register between decode and normalize
) (
    /* verilator lint_off UNUSEDSIGNAL */ // LATENCY 0
    input  wire        clk,
    input  wire        ce,        // LATENCY 1: the register takes the decode
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [2:0]  fmt,       // source format (`TL_FMT_*)
    input  wire [31:0] in_bits,   // source bits, narrow formats in the low bits
    output reg  [31:0] out_bits   // fp32 bits
);

`include "tl_encoding.vh"

generate
    if (LATENCY != 0 && LATENCY != 1) begin : bad_latency
        tl_widen_latency_must_be_0_or_1 check ();
    end
endgenerate

// ---- decode: the fields of the source format --------------------------------
reg        sign;
reg [10:0] sig;
reg signed [9:0] scale;
reg        is_zero;
reg        is_inf;
reg        is_nan;
// ---- normalize: from the decoded fields (registered at LATENCY 1) ------------
wire [2:0]  n_fmt;
wire [31:0] n_bits;
wire        n_sign, n_zero, n_inf, n_nan;
wire [10:0] n_sig;
wire signed [9:0] n_scale;
reg [3:0]  msb;
/* verilator lint_off UNUSEDSIGNAL */ // [9:8] are 0 (exponent within 1..254)
reg signed [9:0] exp_f32;
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_off UNUSEDSIGNAL */ // [33:23]: hidden bit and zeros dropped
reg [33:0] frac_wide;
/* verilator lint_on UNUSEDSIGNAL */
reg [7:0]  mag8;
integer    i;

always @* begin
    sign     = 1'b0;
    sig      = 11'd0;
    scale    = 10'sd0;
    is_zero  = 1'b0;
    is_inf   = 1'b0;
    is_nan   = 1'b0;
    mag8     = 8'd0;

    case (fmt)
        `TL_FMT_BF16: begin
            sign    = in_bits[15];
            is_nan  = (in_bits[14:7] == 8'hFF) && (in_bits[6:0] != 7'd0);
        end
        `TL_FMT_FP16: begin
            sign    = in_bits[15];
            is_nan  = (in_bits[14:10] == 5'h1F) && (in_bits[9:0] != 10'd0);
            is_inf  = (in_bits[14:10] == 5'h1F) && (in_bits[9:0] == 10'd0);
            is_zero = (in_bits[14:0] == 15'd0);
            if (in_bits[14:10] == 5'd0) begin
                sig   = {1'b0, in_bits[9:0]};
                scale = -10'sd24;                                    // 1 - 15 - 10
            end else begin
                sig   = {1'b1, in_bits[9:0]};
                scale = $signed({5'd0, in_bits[14:10]}) - 10'sd25;   // exp - 15 - 10
            end
        end
        `TL_FMT_E4M3: begin
            sign    = in_bits[7];
            is_nan  = (in_bits[6:0] == 7'h7F);
            is_zero = (in_bits[6:0] == 7'd0);
            if (in_bits[6:3] == 4'd0) begin
                sig   = {8'd0, in_bits[2:0]};
                scale = -10'sd9;                                     // 1 - 7 - 3
            end else begin
                sig   = {7'd0, 1'b1, in_bits[2:0]};
                scale = $signed({6'd0, in_bits[6:3]}) - 10'sd10;     // exp - 7 - 3
            end
        end
        `TL_FMT_E5M2: begin
            sign    = in_bits[7];
            is_nan  = (in_bits[6:2] == 5'h1F) && (in_bits[1:0] != 2'd0);
            is_inf  = (in_bits[6:2] == 5'h1F) && (in_bits[1:0] == 2'd0);
            is_zero = (in_bits[6:0] == 7'd0);
            if (in_bits[6:2] == 5'd0) begin
                sig   = {9'd0, in_bits[1:0]};
                scale = -10'sd16;                                    // 1 - 15 - 2
            end else begin
                sig   = {8'd0, 1'b1, in_bits[1:0]};
                scale = $signed({5'd0, in_bits[6:2]}) - 10'sd17;     // exp - 15 - 2
            end
        end
        `TL_FMT_INT8: begin
            sign    = in_bits[7];
            mag8    = in_bits[7] ? (8'd0 - in_bits[7:0]) : in_bits[7:0];
            sig     = {3'd0, mag8};
            scale   = 10'sd0;
            is_zero = (in_bits[7:0] == 8'd0);
        end
        `TL_FMT_FP32: begin
            is_nan  = (in_bits[30:23] == 8'hFF) && (in_bits[22:0] != 23'd0);
        end
        default: begin
        end
    endcase
end

generate
    if (LATENCY == 1) begin : reg_stage
        reg [2:0]  fmt_reg;
        reg [31:0] bits_reg;
        reg        sign_reg, zero_reg, inf_reg, nan_reg;
        reg [10:0] sig_reg;
        reg signed [9:0] scale_reg;
        always @(posedge clk) begin
            if (ce) begin
                fmt_reg   <= fmt;
                bits_reg  <= in_bits;
                sign_reg  <= sign;
                zero_reg  <= is_zero;
                inf_reg   <= is_inf;
                nan_reg   <= is_nan;
                sig_reg   <= sig;
                scale_reg <= scale;
            end
        end
        assign {n_fmt, n_bits, n_sign, n_zero, n_inf, n_nan, n_sig, n_scale} =
               {fmt_reg, bits_reg, sign_reg, zero_reg, inf_reg, nan_reg, sig_reg, scale_reg};
    end else begin : comb
        assign {n_fmt, n_bits, n_sign, n_zero, n_inf, n_nan, n_sig, n_scale} =
               {fmt, in_bits, sign, is_zero, is_inf, is_nan, sig, scale};
    end
endgenerate

always @* begin
    // Normalize sig * 2^scale: msb is the index of the leading one.
    msb = 4'd0;
    for (i = 0; i < 11; i = i + 1) begin
        if (n_sig[i]) begin
            msb = i[3:0];
        end
    end
    exp_f32   = $signed({6'd0, msb}) + n_scale + 10'sd127;
    frac_wide = {23'd0, n_sig} << (5'd23 - {1'b0, msb});

    out_bits = `TL_QNAN_FP32;
    case (n_fmt)
        `TL_FMT_FP32: begin
            out_bits = n_nan ? `TL_QNAN_FP32 : n_bits;
        end
        `TL_FMT_BF16: begin
            out_bits = n_nan ? `TL_QNAN_FP32 : {n_bits[15:0], 16'd0};
        end
        `TL_FMT_FP16, `TL_FMT_E4M3, `TL_FMT_E5M2, `TL_FMT_INT8: begin
            if (n_nan) begin
                out_bits = `TL_QNAN_FP32;
            end else if (n_inf) begin
                out_bits = {n_sign, 8'hFF, 23'd0};
            end else if (n_zero) begin
                out_bits = {n_sign, 31'd0};
            end else begin
                out_bits = {n_sign, exp_f32[7:0], frac_wide[22:0]};
            end
        end
        default: begin
            out_bits = `TL_QNAN_FP32;
        end
    endcase
end

endmodule

`resetall
