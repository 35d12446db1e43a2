`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"

/*
 * pe_unpack: decode one tensor-engine input element (bf16, fp16, e4m3,
 * e5m2 or int8, selected by `fmt`) into the packed operand of
 * pe_operand.vh, which te_pe multiplies. The tensor engine decodes each
 * moving element once per row and each stationary element once per
 * column (at the load input), never inside a PE.
 *
 * A nonzero float becomes 1.f * 2^(exp - 64) with the leading 1 always at
 * bit 10 of `sig`: subnormal inputs are normalized here (their exponent
 * goes below the format's minimum), so the product of two significands
 * has its leading bit at bit 21 or 20 and pe_mul needs no leading-zero
 * count. exp lies in -69 (bf16 2^-133) .. 191 (bf16 2^127).
 * int8 gives the value sign-extended to 12 bits in `sig` (int = 1).
 * e4m3 has no infinities: only S.1111.111 is NaN (OCP OFP8).
 * Any other format code (fp32, int32, 7) decodes as NaN.
 *
 * Combinational; no handshake.
 */
module pe_unpack (
    input  wire [2:0]            fmt,   // element format (`TL_FMT_*)
    input  wire [15:0]           bits,  // element bits, 8-bit formats in [7:0]
    output reg  [`PE_OP_W-1:0]   op     // decoded operand (pe_operand.vh)
);

`include "tl_encoding.vh"

// Leading-one position of a subnormal fraction of `m` bits (m <= 10), and
// the normalized 10-bit fraction below that leading one.
// value = frac * 2^(emin - m) = 1.nf * 2^(emin - m + p)
function [3:0] lead;            // position p of the leading one
    input [9:0] f;
    integer i;
    begin
        lead = 4'd0;
        for (i = 0; i < 10; i = i + 1)
            if (f[i])
                lead = i[3:0];
    end
endfunction

reg        f_sign;
reg [9:0]  f_frac;      // fraction, left-aligned to 10 bits
reg [4:0]  f_e;         // exponent field
reg        f_sub;       // exponent field 0
reg        f_zero, f_inf, f_nan, f_int, f_float;
reg [3:0]  p;           // leading one of a subnormal fraction (of 10 bits)
reg [9:0]  f_norm;      // normalized fraction (leading one dropped)
reg [9:0]  e_val;       // signed exp + 64
reg [7:0]  b_e;         // bf16 exponent field

always @* begin
    f_sign  = bits[15];
    f_frac  = 10'd0;
    f_e     = 5'd0;
    f_sub   = 1'b0;
    f_zero  = 1'b0;
    f_inf   = 1'b0;
    f_nan   = 1'b0;
    f_int   = 1'b0;
    f_float = 1'b1;
    b_e     = bits[14:7];
    e_val   = 10'd0;
    case (fmt)
        `TL_FMT_BF16: begin
            // 1.8.7, bias 127
            f_frac = {bits[6:0], 3'b000};
            f_sub  = b_e == 8'd0;
            f_zero = bits[14:0] == 15'd0;
            f_inf  = b_e == 8'hff && bits[6:0] == 7'd0;
            f_nan  = b_e == 8'hff && bits[6:0] != 7'd0;
            e_val  = {2'b00, b_e} - 10'd63;             // e - 127 + 64
        end
        `TL_FMT_FP16: begin
            // 1.5.10, bias 15
            f_frac = bits[9:0];
            f_e    = bits[14:10];
            f_sub  = f_e == 5'd0;
            f_zero = bits[14:0] == 15'd0;
            f_inf  = f_e == 5'h1f && bits[9:0] == 10'd0;
            f_nan  = f_e == 5'h1f && bits[9:0] != 10'd0;
            e_val  = {5'd0, f_e} + 10'd49;              // e - 15 + 64
        end
        `TL_FMT_E4M3: begin
            // 1.4.3, bias 7, no inf, NaN only S.1111.111
            f_sign = bits[7];
            f_frac = {bits[2:0], 7'd0};
            f_e    = {1'b0, bits[6:3]};
            f_sub  = bits[6:3] == 4'd0;
            f_zero = bits[6:0] == 7'd0;
            f_nan  = bits[6:0] == 7'h7f;
            e_val  = {5'd0, f_e} + 10'd57;              // e - 7 + 64
        end
        `TL_FMT_E5M2: begin
            // 1.5.2, bias 15, IEEE-style inf and NaN
            f_sign = bits[7];
            f_frac = {bits[1:0], 8'd0};
            f_e    = bits[6:2];
            f_sub  = f_e == 5'd0;
            f_zero = bits[6:0] == 7'd0;
            f_inf  = f_e == 5'h1f && bits[1:0] == 2'd0;
            f_nan  = f_e == 5'h1f && bits[1:0] != 2'd0;
            e_val  = {5'd0, f_e} + 10'd49;              // e - 15 + 64
        end
        `TL_FMT_INT8: begin
            f_int   = 1'b1;
            f_float = 1'b0;
        end
        default: begin
            f_nan = 1'b1;
        end
    endcase

    // A subnormal 0.f * 2^(emin) (f left-aligned to 10 bits, emin the
    // exponent of field value 1): leading one at bit p of f gives
    // 1.(f below p) * 2^(emin - (10 - p)). The field value 0 decodes with
    // e_val of field 0, so the exponent is e_val + 1 - (10 - p).
    p      = lead(f_frac);
    f_norm = f_frac << (4'd10 - p);
    if (f_sub)
        e_val = e_val + 10'd1 - {6'd0, 4'd10 - p};
    else
        f_norm = f_frac;

    op = {`PE_OP_W{1'b0}};
    op[`PE_OP_NAN]  = f_nan;
    op[`PE_OP_INF]  = f_inf;
    op[`PE_OP_ZERO] = f_zero && f_float;
    op[`PE_OP_INT]  = f_int;
    op[`PE_OP_SIGN] = f_sign;
    op[`PE_OP_EXP]  = e_val;
    if (f_int)
        op[`PE_OP_SIG] = {{4{bits[7]}}, bits[7:0]};
    else if (f_float && !f_zero)
        op[`PE_OP_SIG] = {2'b01, f_norm};
end

endmodule

`resetall
