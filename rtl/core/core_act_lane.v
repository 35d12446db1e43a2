`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * core_act_lane: the arithmetic of one partition of the activation engine
 * (docs/core.md section 6), one element per clock:
 *
 *   ACTIVATE         v = f(add(mul(widen(a), scale), bias)), f relu or identity
 *   ELEMWISE add     v = add(mul(a, 1.0), b)
 *   ELEMWISE mul     v = add(mul(a, b), -0)
 *   ELEMWISE max     v = add(mul(max(a, b), 1.0), -0)
 *   ELEMWISE relu-gradient  v = add(mul(b > 0 ? a : +0, 1.0), -0)
 *   y = narrow(v) to the output format with RNE or SR and saturation
 *
 * (a, b widened). Every op goes through the one multiplier and the one
 * adder so that the pipeline has a single shape: x * 1.0 and x + (-0) are
 * exact for every fp32 x (a NaN is already canonical after widening), so
 * the ELEMWISE results are those of tl_f32_add, tl_f32_mul and the max and
 * relu-gradient rules of cmodel/core_exec.c, bit for bit.
 *
 * The SR bits come from a tl_sr_rand lane fed with (seed, coord) in the
 * same cycle as the element; the value waits for them in PAD registers,
 * the last (up to) two of which are tl_narrow's decode and alignment
 * stages (its LATENCY), so that only the rounding follows the SR bits.
 *
 * Latency: LATENCY = 22 clock edges from a_raw, b_raw, coord to y (the
 * registered narrow output): 3 (element, widen, operand registers) + 1
 * (tl_widen's own register, between its decode and its normalize, so
 * that neither half shares a cycle with the wires to the next register;
 * it costs no cycle, one PAD register goes) + `TL_FP32_MUL_LATENCY +
 * `TL_FP32_ADD_LATENCY + 1 (relu) + PAD = 21 (the tl_sr_rand depth),
 * + 1. An elaboration check fails if the caller's
 * LATENCY differs. No handshake, no reset, no enable: the caller tracks
 * which cycles carry elements. scale and bias belong to the element (its
 * partition's, taken in the same cycle as a_raw), so a lane can serve
 * several partitions in turn; the other instruction inputs (formats, op,
 * rounding, seed) must be stable while elements of an instruction are in
 * flight.
 */
module core_act_lane #(
    parameter LATENCY = 22            // edges from a_raw/b_raw/coord to y (checked)
) (
    input  wire        clk,
    // element of this cycle (narrow formats in the low bits)
    input  wire [31:0] a_raw,
    input  wire [31:0] b_raw,
    input  wire [31:0] coord,         // SR coordinate of the element
    // instruction (stable while its elements are in flight)
    input  wire        act,           // 1 ACTIVATE, 0 ELEMWISE
    input  wire [1:0]  op,            // ELEMWISE op (`TL_ISA_EWOP_*)
    input  wire        relu,          // ACTIVATE: f = relu
    input  wire [2:0]  a_fmt,
    input  wire [2:0]  b_fmt,
    input  wire [31:0] scale,         // ACTIVATE: the element's partition's scale (with a_raw)
    input  wire [31:0] bias,          // ACTIVATE: the element's partition's bias (with a_raw)
    input  wire [2:0]  out_fmt,
    input  wire        rnd,
    input  wire        sat,
    input  wire [31:0] seed,
    output wire [31:0] y              // output element, low bits
);

`include "tl_encoding.vh"
`include "tl_pipe.vh"
`include "tl_isa.vh"

localparam integer SR_LAT  = 21;    // tl_sr_rand: key add + 20 rounds
localparam integer MUL_LAT = `TL_FP32_MUL_LATENCY;
localparam integer ADD_LAT = `TL_FP32_ADD_LATENCY;
localparam integer WID_LAT = 1;     // tl_widen's LATENCY
localparam integer VAL_LAT = 3 + WID_LAT + MUL_LAT + ADD_LAT + 1;  // edges to the relu register
localparam integer PAD     = SR_LAT - VAL_LAT;
localparam integer NAR_LAT = (PAD < 2) ? PAD : 2;  // tl_narrow's LATENCY (0..2)
localparam integer VPAD    = PAD - NAR_LAT;         // value registers before tl_narrow
localparam integer BUILT   = VAL_LAT + PAD + 1;

generate
    if (MUL_LAT < 2) begin : short_mul
        core_act_lane_expects_a_multiplier_of_two_or_more_stages check ();
    end
    if (PAD < 0) begin : value_slower_than_sr
        core_act_lane_value_path_longer_than_tl_sr_rand check ();
    end
    if (BUILT != LATENCY) begin : latency_mismatch
        core_act_lane_latency_differs_from_parameter check ();
    end
endgenerate

localparam [31:0] ONE  = 32'h3F800000;
localparam [31:0] NEG0 = 32'h80000000;

/* verilator lint_off UNUSEDSIGNAL */ // a NaN of either sign
function f32_nan;
    input [31:0] x;
    f32_nan = x[30:0] > 31'h7F800000;
endfunction
/* verilator lint_on UNUSEDSIGNAL */

// x > 0: positive, nonzero, not NaN
function f32_pos;
    input [31:0] x;
    f32_pos = !x[31] && x[30:0] != 31'd0 && !f32_nan(x);
endfunction

// order key of a non-NaN fp32: larger value, larger key; -0 < +0
function [31:0] f32_key;
    input [31:0] x;
    f32_key = x[31] ? ~x : {1'b1, x[30:0]};
endfunction

// ---- stage 1: element registers ------------------------------------------------
reg [31:0] e_a_reg, e_b_reg;
reg [31:0] e_s_reg, e_c_reg;        // scale, bias: they go with the element

// ---- stage 2: widen, in two cycles (decode, then normalize) ------------------------
wire [31:0] wa, wb;

// the lane never stalls, so the widen's register advances every cycle (ce 1)
tl_widen #(.LATENCY(WID_LAT)) widen_a (.clk(clk), .ce(1'b1), .fmt(a_fmt), .in_bits(e_a_reg), .out_bits(wa));
tl_widen #(.LATENCY(WID_LAT)) widen_b (.clk(clk), .ce(1'b1), .fmt(b_fmt), .in_bits(e_b_reg), .out_bits(wb));

reg [31:0] h_s_reg, h_c_reg;        // scale, bias beside the widen's register
reg [31:0] w_a_reg, w_b_reg;
reg [31:0] w_s_reg, w_c_reg;

// ---- stage 3: operands of the multiplier and the adder --------------------------------
reg [31:0] x_reg, x_next;
reg [31:0] m_reg, m_next;           // multiplier's second operand
reg [31:0] c_reg, c_next;           // adder's second operand

always @* begin
    x_next = w_a_reg;
    m_next = ONE;
    c_next = NEG0;
    if (act) begin
        m_next = w_s_reg;
        c_next = w_c_reg;
    end else begin
        case (op)
            `TL_ISA_EWOP_ADD: c_next = w_b_reg;
            `TL_ISA_EWOP_MUL: m_next = w_b_reg;
            `TL_ISA_EWOP_MAX: begin
                if (f32_nan(w_a_reg) || f32_nan(w_b_reg))
                    x_next = `TL_QNAN_FP32;
                else if (f32_key(w_a_reg) >= f32_key(w_b_reg))
                    x_next = w_a_reg;
                else
                    x_next = w_b_reg;
            end
            default: x_next = f32_pos(w_b_reg) ? w_a_reg : 32'd0;  // relu-gradient
        endcase
    end
end

// the adder's second operand waits for the product
reg [32*MUL_LAT-1:0] cd_reg;
wire [31:0] c_at_add = cd_reg[32*MUL_LAT-1 -: 32];

wire [31:0] prod, sum;

fp32_mul mul (.clk(clk), .a(x_reg), .b(m_reg), .y(prod));
fp32_add #(.LATENCY(ADD_LAT)) add (.clk(clk), .a(prod), .b(c_at_add), .y(sum));

// ---- relu, then wait for the SR bits ---------------------------------------------------
reg [31:0] v_reg, v_next;

always @* begin
    v_next = sum;
    // relu(u) = u > 0 ? u : +0; a NaN stays the canonical NaN
    if (act && relu && !f32_nan(sum) && !f32_pos(sum))
        v_next = 32'd0;
end

// tl_narrow decodes and aligns the value in its first NAR_LAT stages, so
// it takes the value NAR_LAT of the PAD stages early (the lane's latency
// does not change); only its rounding waits for the SR bits.
wire [31:0] v_sr;
generate
    if (VPAD > 1) begin : pad
        reg [32*VPAD-1:0] vd_reg;
        always @(posedge clk)
            vd_reg <= {vd_reg[32*VPAD-33:0], v_reg};
        assign v_sr = vd_reg[32*VPAD-1 -: 32];
    end else if (VPAD == 1) begin : pad1
        reg [31:0] vd_reg;
        always @(posedge clk)
            vd_reg <= v_reg;
        assign v_sr = vd_reg;
    end else begin : nopad
        assign v_sr = v_reg;
    end
endgenerate

wire [31:0] rand32;

tl_sr_rand sr (.clk(clk), .ce(1'b1), .seed(seed), .coord(coord), .rand_out(rand32));

wire [31:0] narrowed;

tl_narrow #(.LATENCY(NAR_LAT)) narrow (.clk(clk), .ce(1'b1), .fmt(out_fmt), .in_bits(v_sr),
                                      .sat(sat), .rnd(rnd), .rand32(rand32), .out_bits(narrowed));

reg [31:0] y_reg;

always @(posedge clk) begin
    e_a_reg <= a_raw;
    e_b_reg <= b_raw;
    e_s_reg <= scale;
    e_c_reg <= bias;
    w_a_reg <= wa;
    w_b_reg <= wb;
    h_s_reg <= e_s_reg;
    h_c_reg <= e_c_reg;
    w_s_reg <= h_s_reg;
    w_c_reg <= h_c_reg;
    x_reg   <= x_next;
    m_reg   <= m_next;
    c_reg   <= c_next;
    cd_reg  <= {cd_reg[32*MUL_LAT-33:0], c_reg};   // MUL_LAT >= 2
    v_reg   <= v_next;
    y_reg   <= narrowed;
end

assign y = y_reg;

endmodule

`resetall
