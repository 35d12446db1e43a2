`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"

/*
 * pe_mul: the tensor-engine product of two decoded operands (pe_unpack,
 * pe_operand.vh): the value of "widen both to fp32, multiply as binary32"
 * with round to nearest even and subnormal results kept
 * (docs/ARCHITECTURE.md 5.5).
 *
 * Both significands are normalized (1.frac; the decoder normalizes
 * subnormal inputs and int8 values), so the 22-bit product has its
 * leading 1 at bit 21 or 20: a one-bit normalize. A normal fp32 result is
 * exact (at most 22 significant bits); only a product in the fp32
 * subnormal range (possible only with a bf16 operand) is shifted right
 * with a sticky bit and rounded, and only a bf16 operand can overflow to
 * inf. inf x 0 and NaN operands give 0x7FC00000, and so does int8 with a
 * float format. int8 x int8 is exact in fp32 (|product| <= 2^14): the
 * array sums it as fp32, exactly (docs/tensor_engine.md section 3).
 * One 11 x 11 multiplier (one DSP).
 *
 *   stage 1 (inputs -> k_*):  the significands into the multiplier's
 *                             operand registers (pe_sigmul); exponent sum, subnormal
 *                             shift distance, special classes
 *   stage 2 (k_* -> m_*):     multiply (the DSP's output register), then
 *                             a fabric register; the rest waits two cycles
 *   stage 3 (m_* -> r_*):     normalize (one bit) or shift right with
 *                             guard and sticky; the packed word before
 *                             rounding and its round-up bit
 *   stage 4 (r_* -> n_*):     round (increment)
 *   stage 5 (n_* -> y):       the product again, registered output: a
 *                             register with no logic before it, so the
 *                             placer can put it next to the adder that
 *                             reads y (te_top 8 x 8: 5.0 ns of wire from
 *                             the rounding register to the adder's first
 *                             stage, docs/fpga.md section 2)
 * The multiplier with its register on each side is pe_sigmul: on the
 * ECP5 it is the DSP's own input and output registers, so the long wires
 * between a PE's logic and its DSP site get a cycle each (docs/fpga.md
 * section 2).
 * Latency TL_TE_MUL_LATENCY = 6: y belongs to the inputs of six clock
 * edges earlier. en = 0 (the row adds nothing) gives y = -0, the identity
 * of RNE addition. No handshake, no reset (datapath only), no clock
 * enable.
 */
module pe_mul (
    input  wire                 clk,
    input  wire [`PE_OP_W-1:0]  w,        // stationary operand
    input  wire [`PE_OP_W-1:0]  x,        // moving operand
    input  wire                 en,       // the row adds this product
    output reg  [31:0]          y         // fp32 product (-0 if !en)
);

`include "tl_encoding.vh"

// ---- stage 1: operand registers, exponents, classes ---------------------
wire [10:0]       w_sig = {1'b1, w[`PE_OP_FRAC]};
wire [10:0]       x_sig = {1'b1, x[`PE_OP_FRAC]};
wire signed [9:0] w_exp = w[`PE_OP_EXP];
wire signed [9:0] x_exp = x[`PE_OP_EXP];

reg signed [9:0]  s1_e1;       // biased fp32 exponent if the product's msb is bit 21
reg        [4:0]  s1_d;        // subnormal right shift, (1 - e1) mod 32
/* verilator lint_off UNUSEDSIGNAL */
reg        [9:0]  s1_etz;      // e1 + tz(product) + 2 (only its sign is used)
/* verilator lint_on UNUSEDSIGNAL */

reg [7:0]         k_e1_reg, k_e1_next;     // low 8 bits of e1 (used when normal)
reg [4:0]         k_d_reg, k_d_next;       // (1 - e1) mod 32
reg               k_tiny_reg, k_tiny_next; // 1 - e1 > 25: a subnormal product rounds to +-0
reg               k_sub_reg, k_sub_next;   // e1 <= 0: subnormal for either msb
reg               k_edge_reg, k_edge_next; // e1 == 1: subnormal unless msb at 21
reg               k_ovf1_reg, k_ovf1_next; // e1 >= 255
reg               k_ovf0_reg, k_ovf0_next; // e1 >= 256 (e1 - 1 >= 255)
reg               k_sign_reg, k_sign_next;
reg               k_nan_reg, k_nan_next;
reg               k_inf_reg, k_inf_next;
reg               k_zero_reg, k_zero_next;
reg               k_en_reg, k_en_next;
reg               k_sticky_reg, k_sticky_next;  // subnormal shift drops a 1 below the guard bit

always @* begin
    s1_e1 = w_exp + x_exp;
    s1_d  = 5'd1 - s1_e1[4:0];
    // The product's trailing zeros are the operands' (odd parts multiply
    // to an odd number); with f = product << 2 shifted right by d, a 1
    // falls below the guard bit iff tz(product) + 3 < d, i.e.
    // e1 + tz(product) + 2 < 0.
    s1_etz = w[`PE_OP_ETZ] + x[`PE_OP_ETZ];

    k_e1_next   = s1_e1[7:0];
    k_d_next    = s1_d;
    k_tiny_next = s1_e1 < -10'sd24;       // 1 - e1 > 25, without the subtraction in the path
    k_sub_next  = s1_e1 <= 10'sd0;
    k_edge_next = s1_e1 == 10'sd1;
    k_ovf1_next = s1_e1 >= 10'sd255;
    k_ovf0_next = s1_e1 >= 10'sd256;
    k_sign_next = w[`PE_OP_SIGN] ^ x[`PE_OP_SIGN];
    k_nan_next  = w[`PE_OP_NAN] || x[`PE_OP_NAN] || (w[`PE_OP_INT] != x[`PE_OP_INT])
                  || (w[`PE_OP_INF] && x[`PE_OP_ZERO]) || (w[`PE_OP_ZERO] && x[`PE_OP_INF]);
    k_inf_next  = w[`PE_OP_INF] || x[`PE_OP_INF];
    k_zero_next = w[`PE_OP_ZERO] || x[`PE_OP_ZERO];
    k_en_next   = en;
    k_sticky_next = s1_etz[9];
end

always @(posedge clk) begin
    k_e1_reg   <= k_e1_next;
    k_d_reg    <= k_d_next;
    k_tiny_reg <= k_tiny_next;
    k_sub_reg  <= k_sub_next;
    k_edge_reg <= k_edge_next;
    k_ovf1_reg <= k_ovf1_next;
    k_ovf0_reg <= k_ovf0_next;
    k_sign_reg <= k_sign_next;
    k_nan_reg  <= k_nan_next;
    k_inf_reg  <= k_inf_next;
    k_zero_reg <= k_zero_next;
    k_en_reg   <= k_en_next;
    k_sticky_reg <= k_sticky_next;
end

// ---- stage 2: multiply, then the product into fabric registers; the rest
// of stage 1 waits beside it ------------------------------------------------
wire [21:0] p_dsp;         // w_sig * x_sig of two edges earlier
reg  [21:0] m_prod_reg;    // of three edges earlier
reg  [23:0] j_side_reg;    // stage 1's results, one edge later
reg [7:0]  m_e1_reg;
reg [4:0]  m_d_reg;
reg        m_tiny_reg, m_sub_reg, m_edge_reg, m_ovf1_reg, m_ovf0_reg;
reg        m_sign_reg, m_nan_reg, m_inf_reg, m_zero_reg, m_en_reg, m_sticky_reg;

pe_sigmul u_sigmul (.clk(clk), .a(w_sig), .b(x_sig), .p(p_dsp));

// The DSP's output goes straight into a register beside the logic of stage
// 3: the DSP sites are a few rows of the die, and with stage 3 fed from
// the DSP directly the placer spread that logic between the two (te_top
// 8 x 4: 9 of 11 ns routing, docs/fpga.md section 2).
always @(posedge clk) begin
    m_prod_reg <= p_dsp;
    j_side_reg <= {k_e1_reg, k_d_reg, k_tiny_reg, k_sub_reg, k_edge_reg, k_ovf1_reg, k_ovf0_reg,
                   k_sign_reg, k_nan_reg, k_inf_reg, k_zero_reg, k_en_reg, k_sticky_reg};
    {m_e1_reg, m_d_reg, m_tiny_reg, m_sub_reg, m_edge_reg, m_ovf1_reg, m_ovf0_reg,
     m_sign_reg, m_nan_reg, m_inf_reg, m_zero_reg, m_en_reg, m_sticky_reg} <= j_side_reg;
end

// ---- stage 3: normalize or shift, pack before rounding -------------------
reg        s3_hi;          // product msb at bit 21
reg [21:0] s3_p;
reg [23:0] s3_f;           // product << 2: value = f * 2^(e1 - 1 - 150)
reg [22:0] s3_frac_sub;    // f >> d (< 2^23 when subnormal)
reg        s3_guard;       // the bit below it
/* verilator lint_off UNUSEDSIGNAL */
reg        s3_frac_top;    // bit 23 of f >> d: 0 whenever the result is subnormal
/* verilator lint_on UNUSEDSIGNAL */
reg        s3_subn;

reg [31:0] r_word_reg, r_word_next;   // packed result before rounding
reg        r_up_reg, r_up_next;       // add one ulp (subnormal RNE)

always @* begin
    s3_p     = m_prod_reg;
    s3_hi    = s3_p[21];
    s3_f     = {s3_p, 2'b00};
    s3_subn  = m_sub_reg || (m_edge_reg && !s3_hi);
    // fp32 fraction of a subnormal product: f >> d and the guard bit from
    // one shifter; the sticky bit came from stage 1
    {s3_frac_top, s3_frac_sub, s3_guard} = {s3_f, 1'b0} >> m_d_reg;

    r_up_next = 1'b0;
    if (!m_en_reg) begin
        r_word_next = 32'h80000000;
    end else if (m_nan_reg) begin
        r_word_next = `TL_QNAN_FP32;
    end else if (m_inf_reg || (s3_hi ? m_ovf1_reg : m_ovf0_reg)) begin
        r_word_next = {m_sign_reg, 8'hff, 23'd0};
    end else if (m_zero_reg) begin
        r_word_next = {m_sign_reg, 31'd0};
    end else if (s3_subn && m_tiny_reg) begin
        r_word_next = {m_sign_reg, 31'd0};
    end else if (s3_subn) begin
        r_word_next = {m_sign_reg, 8'd0, s3_frac_sub};
        r_up_next   = s3_guard && (m_sticky_reg || s3_frac_sub[0]);
    end else if (s3_hi) begin
        r_word_next = {m_sign_reg, m_e1_reg[7:0], s3_p[20:0], 2'b00};
    end else begin
        r_word_next = {m_sign_reg, m_e1_reg[7:0] - 8'd1, s3_p[19:0], 3'b000};
    end
end

always @(posedge clk) begin
    r_word_reg <= r_word_next;
    r_up_reg   <= r_up_next;
end

// ---- stage 4: round; stage 5: carry the product toward the adder ---------
reg [31:0] n_prod_reg;

always @(posedge clk) begin
    n_prod_reg <= {r_word_reg[31:24], r_word_reg[23:0] + {23'd0, r_up_reg}};
    y          <= n_prod_reg;
end

endmodule

`resetall
