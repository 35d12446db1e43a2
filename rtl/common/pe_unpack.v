`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * pe_unpack: decode one tensor-engine input element (bf16, fp16, e4m3, e5m2
 * or int8, selected by `fmt`) into a common sign / exponent / 11-bit
 * significand form that the PE multiplier takes.
 *
 * For a float format the value is
 *     (-1)^sign * sig * 2^(exp - EXP_BIAS - 10)        EXP_BIAS = 133
 * with `sig` the significand (hidden bit included, left-aligned to 11 bits;
 * 0 hidden bit for subnormals, which use the format's minimum exponent).
 * The biased exponent lies in 7 (bf16 subnormal/min normal) .. 260 (bf16
 * max), so it never goes negative. int8 gives sign and magnitude (0..128)
 * in `sig`, exp = EXP_BIAS + 10 (value = sig), is_int = 1.
 * e4m3 has no infinities: only S.1111.111 is NaN (OCP OFP8).
 * Any other format code (fp32, int32, 7) is not a tensor-engine input and
 * decodes as NaN.
 *
 * Combinational; no handshake.
 */
module pe_unpack (
    input  wire [2:0]  fmt,     // element format (`TL_FMT_*)
    input  wire [15:0] bits,    // element bits, 8-bit formats in [7:0]
    output reg         sign,    // sign (int8: negative)
    output reg  [8:0]  exp,     // biased exponent (EXP_BIAS = 133)
    output reg  [10:0] sig,     // significand, left-aligned to 11 bits
    output reg         zero,    // value is +-0
    output reg         inf,     // value is +-inf
    output reg         nan,     // value is NaN (or fmt is not an input format)
    output reg         is_int   // fmt is int8
);

`include "tl_encoding.vh"

// value = sig * 2^(exp - EXP_BIAS - 10)
localparam [8:0] EXP_BIAS = 9'd133;

always @* begin
    sign   = bits[15];
    exp    = EXP_BIAS;
    sig    = 11'd0;
    zero   = 1'b0;
    inf    = 1'b0;
    nan    = 1'b0;
    is_int = 1'b0;
    case (fmt)
        `TL_FMT_BF16: begin
            // 1.8.7, bias 127
            sig = {bits[14:7] != 8'd0, bits[6:0], 3'b000};
            exp = (bits[14:7] == 8'd0) ? EXP_BIAS - 9'd126
                                        : EXP_BIAS - 9'd127 + {1'b0, bits[14:7]};
            zero = bits[14:0] == 15'd0;
            inf  = bits[14:7] == 8'hff && bits[6:0] == 7'd0;
            nan  = bits[14:7] == 8'hff && bits[6:0] != 7'd0;
        end
        `TL_FMT_FP16: begin
            // 1.5.10, bias 15
            sig = {bits[14:10] != 5'd0, bits[9:0]};
            exp = (bits[14:10] == 5'd0) ? EXP_BIAS - 9'd14
                                         : EXP_BIAS - 9'd15 + {4'd0, bits[14:10]};
            zero = bits[14:0] == 15'd0;
            inf  = bits[14:10] == 5'h1f && bits[9:0] == 10'd0;
            nan  = bits[14:10] == 5'h1f && bits[9:0] != 10'd0;
        end
        `TL_FMT_E4M3: begin
            // 1.4.3, bias 7, no inf, NaN only S.1111.111
            sign = bits[7];
            sig  = {bits[6:3] != 4'd0, bits[2:0], 7'd0};
            exp  = (bits[6:3] == 4'd0) ? EXP_BIAS - 9'd6
                                        : EXP_BIAS - 9'd7 + {5'd0, bits[6:3]};
            zero = bits[6:0] == 7'd0;
            nan  = bits[6:0] == 7'h7f;
        end
        `TL_FMT_E5M2: begin
            // 1.5.2, bias 15, IEEE-style inf and NaN
            sign = bits[7];
            sig  = {bits[6:2] != 5'd0, bits[1:0], 8'd0};
            exp  = (bits[6:2] == 5'd0) ? EXP_BIAS - 9'd14
                                        : EXP_BIAS - 9'd15 + {4'd0, bits[6:2]};
            zero = bits[6:0] == 7'd0;
            inf  = bits[6:2] == 5'h1f && bits[1:0] == 2'd0;
            nan  = bits[6:2] == 5'h1f && bits[1:0] != 2'd0;
        end
        `TL_FMT_INT8: begin
            // two's complement; magnitude 0..128
            sign   = bits[7];
            sig    = {3'd0, bits[7] ? 8'd0 - bits[7:0] : bits[7:0]};
            exp    = EXP_BIAS + 9'd10;
            zero   = bits[7:0] == 8'd0;
            is_int = 1'b1;
        end
        default: begin
            nan = 1'b1;
        end
    endcase
end

endmodule

`resetall
