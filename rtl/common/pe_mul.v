`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * pe_mul: the tensor-engine product. Decodes both operands (bf16, fp16,
 * e4m3, e5m2, int8; the two formats may differ), multiplies the 11-bit
 * significands exactly (one 18x18 DSP) and rounds the product to IEEE
 * binary32 with round to nearest even, keeping subnormal results: the
 * value of "widen both to fp32, multiply as binary32" (docs/ARCHITECTURE.md
 * 5.5). The significand product has at most 22 bits, so a normal fp32
 * result is exact; only a product in the fp32 subnormal range (possible
 * only with a bf16 operand) is rounded, and only a bf16 operand can
 * overflow to inf. inf x 0 and NaN operands give 0x7FC00000.
 * int8 x int8 gives the exact int32 product (y_int = 1); int8 with a float
 * format, or a format code that is not an input format, gives 0x7FC00000.
 *
 * Stage 1 (inputs -> register): decode, sign, exponent sum, 11x11 product.
 * Stage 2 (register -> y, combinational): normalize, round, pack.
 * Latency: 1 clock (y belongs to the inputs of one enabled edge earlier).
 * `ce` low holds the register. No handshake; no reset (datapath only).
 */
module pe_mul (
    input  wire        clk,
    input  wire        ce,      // clock enable of the stage register
    input  wire [2:0]  fmt_a,   // format of a (`TL_FMT_*)
    input  wire [15:0] a,
    input  wire [2:0]  fmt_b,   // format of b
    input  wire [15:0] b,
    output reg  [31:0] y,       // fp32 product, or int32 product if y_int
    output reg         y_int    // y is an int32 (int8 x int8)
);

`include "tl_encoding.vh"

// ---- stage 1: decode and multiply ------------------------------------
wire        a_sign, b_sign;
wire [8:0]  a_exp, b_exp;
wire [10:0] a_sig, b_sig;
wire        a_zero, b_zero, a_inf, b_inf, a_nan, b_nan, a_int, b_int;

pe_unpack unpack_a (
    .fmt    (fmt_a),
    .bits   (a),
    .sign   (a_sign),
    .exp    (a_exp),
    .sig    (a_sig),
    .zero   (a_zero),
    .inf    (a_inf),
    .nan    (a_nan),
    .is_int (a_int)
);

pe_unpack unpack_b (
    .fmt    (fmt_b),
    .bits   (b),
    .sign   (b_sign),
    .exp    (b_exp),
    .sig    (b_sig),
    .zero   (b_zero),
    .inf    (b_inf),
    .nan    (b_nan),
    .is_int (b_int)
);

// product value = prod * 2^(exp - 286) (each operand carries 133 + 10)
reg [21:0] prod_reg, prod_next;
reg [9:0]  exp_reg, exp_next;
reg        sign_reg, sign_next;
reg        zero_reg, zero_next;
reg        inf_reg, inf_next;
reg        nan_reg, nan_next;
reg        int_reg, int_next;

always @* begin
    prod_next = prod_reg;
    exp_next  = exp_reg;
    sign_next = sign_reg;
    zero_next = zero_reg;
    inf_next  = inf_reg;
    nan_next  = nan_reg;
    int_next  = int_reg;
    if (ce) begin
        prod_next = a_sig * b_sig;
        exp_next  = {1'b0, a_exp} + {1'b0, b_exp};
        sign_next = a_sign ^ b_sign;
        nan_next  = a_nan || b_nan || (a_int != b_int)
                    || (a_inf && b_zero) || (a_zero && b_inf);
        inf_next  = a_inf || b_inf;
        zero_next = a_zero || b_zero;
        int_next  = a_int && b_int;
    end
end

always @(posedge clk) begin
    prod_reg <= prod_next;
    exp_reg  <= exp_next;
    sign_reg <= sign_next;
    zero_reg <= zero_next;
    inf_reg  <= inf_next;
    nan_reg  <= nan_next;
    int_reg  <= int_next;
end

// ---- stage 2: normalize, round to fp32, pack --------------------------
function [4:0] clz22;
    input [21:0] v;
    integer i;
    reg found;
    begin
        clz22 = 5'd22;
        found = 1'b0;
        for (i = 21; i >= 0; i = i - 1) begin
            if (!found && v[i]) begin
                clz22 = 5'd21 - i[4:0];
                found = 1'b1;
            end
        end
    end
endfunction

reg [4:0]  s2_lz;
reg [9:0]  s2_t;        // exp + msb position; fp32 biased exponent + 159
reg [20:0] s2_norm;     // prod shifted so its msb (dropped) is at bit 21
reg [4:0]  s2_lsh;      // subnormal, exact: left shift into the fraction
reg [4:0]  s2_rsh;      // subnormal, rounded: right shift, capped at 24
reg [45:0] s2_ext;      // {kept 22 bits, dropped 24 bits}
reg        s2_up;
reg [22:0] s2_frac;

always @* begin
    s2_lz   = clz22(prod_reg);
    s2_t    = exp_reg + 10'd21 - {5'd0, s2_lz};
    s2_norm = prod_reg[20:0] << s2_lz;
    s2_lsh  = 5'd0;
    s2_rsh  = 5'd0;
    s2_ext  = 46'd0;
    s2_up   = 1'b0;
    s2_frac = 23'd0;
    y_int   = int_reg;
    if (int_reg) begin
        y = sign_reg ? 32'd0 - {10'd0, prod_reg} : {10'd0, prod_reg};
    end else if (nan_reg) begin
        y = `TL_QNAN_FP32;
    end else if (inf_reg || (!zero_reg && s2_t >= 10'd414)) begin
        y = {sign_reg, 8'hff, 23'd0};
    end else if (zero_reg) begin
        y = {sign_reg, 31'd0};
    end else if (s2_t >= 10'd160) begin
        // normal: exact (at most 22 significant bits)
        y = {sign_reg, s2_t[7:0] - 8'd159, s2_norm[20:0], 2'b00};
    end else if (exp_reg >= 10'd137) begin
        // subnormal, exact: fraction = prod * 2^(exp - 137) < 2^23
        s2_lsh = exp_reg[4:0] - 5'd9;          // exp - 137, at most 22
        s2_frac = {1'b0, prod_reg} << s2_lsh;
        y = {sign_reg, 8'd0, s2_frac};
    end else begin
        // subnormal, rounded: fraction = prod * 2^-(137 - exp), RNE
        s2_rsh = (exp_reg <= 10'd113) ? 5'd24 : 5'd9 - exp_reg[4:0];  // 137 - exp
        s2_ext = {prod_reg, 24'd0} >> s2_rsh;
        s2_up  = s2_ext[23] && (s2_ext[22:0] != 23'd0 || s2_ext[24]);
        y = {sign_reg, 8'd0, 1'b0, s2_ext[45:24]} + {31'd0, s2_up};
    end
end

endmodule

`resetall
