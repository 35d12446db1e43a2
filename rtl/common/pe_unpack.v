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
 * Every nonzero finite element becomes (-1)^sign * 1.frac * 2^(exp - 64):
 * subnormal inputs are normalized here (their exponent goes below the
 * format's minimum), and so is an int8 (its magnitude, 1..128, is an
 * exact float with at most 8 significant bits). exp lies in -69 (bf16
 * 2^-133) .. 191 (bf16 2^127). One shared path does it for every format:
 * the element becomes an 11-bit significand m (hidden bit, fraction left
 * aligned; int8: the magnitude in m[10:3]) with the exponent of m[10],
 * then m is shifted left until its leading one is at bit 10.
 * e4m3 has no infinities: only S.1111.111 is NaN (OCP OFP8).
 * Any other format code (fp32, int32, 7) decodes as NaN.
 *
 * Two halves: A (the format's fields, flags, the exponent of m[10] and
 * m itself) and B (normalize m, exponent and trailing-zero sums).
 * Latency: LATENCY = 0, combinational; LATENCY = 1, a register between A
 * and B (op belongs to the fmt and bits of one clock edge earlier; the
 * tensor engine's moving-operand decoders, which have the cycle in their
 * delay line). No handshake, no reset.
 */
module pe_unpack #(
    parameter LATENCY = 0                 // registers inside: 0 or 1 (A|B)
) (
    /* verilator lint_off UNUSEDSIGNAL */ // LATENCY = 0 uses no clock
    input  wire                  clk,
    /* verilator lint_on UNUSEDSIGNAL */
    input  wire [2:0]            fmt,   // element format (`TL_FMT_*)
    input  wire [15:0]           bits,  // element bits, 8-bit formats in [7:0]
    output reg  [`PE_OP_W-1:0]   op     // decoded operand (pe_operand.vh)
);

`include "tl_encoding.vh"

generate
    if (LATENCY < 0 || LATENCY > 1) begin : bad_latency
        pe_unpack_latency_must_be_0_or_1 check ();
    end
endgenerate

// A -> B: nan, inf, zero, int, sign, top_exp, m
localparam integer AW = 5 + 10 + 11;
wire [AW-1:0] a_out;
wire [AW-1:0] b_in;

reg        sign;
reg [7:0]  ef;          // exponent field
reg        ef_zero;     // exponent field 0 (zero, subnormal)
reg        ef_ones;     // exponent field all ones (inf, NaN)
reg [9:0]  fr;          // fraction, left-aligned to 10 bits
reg        fr_zero;
reg [7:0]  mag;         // int8 magnitude
reg [9:0]  top_exp;     // exponent of m[10], + 64
reg [10:0] m;           // significand before normalization
reg [3:0]  lz;          // leading zeros of m (0..10 for m != 0)
reg [9:0]  m_norm;      // m << lz without its leading one
reg [3:0]  tz;          // trailing zeros of m (= of 1.frac, less lz)
reg [9:0]  e_val;       // exponent + 64
reg        is_int, is_float;
reg        a_nan, a_inf;
reg [9:0]  b_top;       // B: top_exp
reg [10:0] b_m;         // B: m
integer    i;

// ---- A: fields, flags, the exponent of m[10], m
always @* begin
    sign     = bits[15];
    ef       = 8'd0;
    fr       = 10'd0;
    is_int   = 1'b0;
    is_float = 1'b1;
    case (fmt)
        `TL_FMT_BF16: begin    // 1.8.7, bias 127
            ef = bits[14:7];
            fr = {bits[6:0], 3'b000};
        end
        `TL_FMT_FP16: begin    // 1.5.10, bias 15
            ef = {3'd0, bits[14:10]};
            fr = bits[9:0];
        end
        `TL_FMT_E4M3: begin    // 1.4.3, bias 7
            sign = bits[7];
            ef   = {4'd0, bits[6:3]};
            fr   = {bits[2:0], 7'd0};
        end
        `TL_FMT_E5M2: begin    // 1.5.2, bias 15
            sign = bits[7];
            ef   = {3'd0, bits[6:2]};
            fr   = {bits[1:0], 8'd0};
        end
        `TL_FMT_INT8: begin
            sign     = bits[7];
            is_int   = 1'b1;
            is_float = 1'b0;
        end
        default: begin
            is_float = 1'b0;
        end
    endcase
    mag     = bits[7] ? 8'd0 - bits[7:0] : bits[7:0];
    ef_zero = ef == 8'd0;
    fr_zero = fr == 10'd0;
    case (fmt)
        `TL_FMT_BF16: ef_ones = ef == 8'hff;
        `TL_FMT_E4M3: ef_ones = ef[3:0] == 4'hf;
        default:      ef_ones = ef[4:0] == 5'h1f;
    endcase

    // exponent of m[10] (+ 64): field - bias + 64, a subnormal taking the
    // minimum exponent (field 1); int8: m[10] weighs 2^7
    case (fmt)
        `TL_FMT_BF16: top_exp = {2'b00, ef[7:1], ef[0] | ef_zero} - 10'd63;
        `TL_FMT_E4M3: top_exp = {2'b00, ef[7:1], ef[0] | ef_zero} + 10'd57;
        `TL_FMT_INT8: top_exp = 10'd71;
        default:      top_exp = {2'b00, ef[7:1], ef[0] | ef_zero} + 10'd49;
    endcase
    m = is_int ? {mag, 3'b000} : {!ef_zero, fr};
    a_nan = !is_float && !is_int
            || is_float && ef_ones && (fmt == `TL_FMT_E4M3 ? fr[9:7] == 3'b111 : !fr_zero);
    a_inf = is_float && ef_ones && fr_zero && fmt != `TL_FMT_E4M3;
end

assign a_out = {a_nan, a_inf, m == 11'd0, is_int, sign, top_exp, m};

generate
    if (LATENCY >= 1) begin : reg_ab
        reg [AW-1:0] ab_reg;
        always @(posedge clk)
            ab_reg <= a_out;
        assign b_in = ab_reg;
    end else begin : comb_ab
        assign b_in = a_out;
    end
endgenerate

// ---- B: normalize m; exponent and trailing-zero sums
always @* begin
    b_top = b_in[20:11];
    b_m   = b_in[10:0];
    lz = 4'd0;
    for (i = 0; i < 11; i = i + 1)
        if (b_m[i])
            lz = 4'd10 - i[3:0];
    m_norm = b_m[9:0] << lz;
    tz = 4'd0;
    for (i = 10; i >= 0; i = i - 1)
        if (b_m[i])
            tz = i[3:0];
    e_val = b_top - {6'd0, lz};

    op = {`PE_OP_W{1'b0}};
    op[`PE_OP_NAN]  = b_in[25];
    op[`PE_OP_INF]  = b_in[24];
    op[`PE_OP_ZERO] = b_in[23];
    op[`PE_OP_INT]  = b_in[22];
    op[`PE_OP_SIGN] = b_in[21];
    op[`PE_OP_EXP]  = e_val;
    // exp + tz(1.frac) + 1 = (top_exp - lz) + (tz + lz) + 1
    op[`PE_OP_ETZ]  = b_top + {6'd0, tz} + 10'd1;
    op[`PE_OP_FRAC] = m_norm;
end

endmodule

`resetall
