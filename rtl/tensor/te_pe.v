`resetall
`timescale 1ns / 1ps
`default_nettype none

`include "pe_operand.vh"

/*
 * te_pe: one processing element of the weight-stationary tensor engine.
 *
 * Holds one stationary element, already decoded (pe_operand.vh), in
 * `w_active_reg` and the next tile's element in `w_shadow_reg`. The
 * moving operand arrives decoded too (the engine decodes it once per row
 * and broadcasts it to the row). For a moving beat present in cycle T:
 *
 *   T        x, en; the product w_active * x starts (pe_mul, 3 stages)
 *   T+3      product ready; psum_in arrives; fp32_add (TL_FP32_ADD_LATENCY
 *            stages), or int32 add with wrap-around (int8 x int8), or
 *            psum_in + 0 when en = 0 (the row adds nothing, not even +0:
 *            the partial sum passes bit for bit)
 *   T+3+L    sum (L = TL_FP32_ADD_LATENCY)        -> psum_out_reg
 *   T+4+L    psum_out valid toward the PE below
 *
 * So PE_MUL_LATENCY = 3 (x to product) and the partial-sum latency, which
 * is the engine's per-row skew, is PE_SUM_LATENCY = L + 1.
 *
 * Stationary registers: `swap` copies the shadow element into the active
 * register at this clock edge (the engine raises it in the cycle before
 * the swapping beat reaches the row, so that beat already multiplies the
 * new element); `ld_en` writes ld_op into the shadow register. Both at one
 * edge: the active register takes the old shadow element.
 *
 * No handshake, no reset (datapath only), no clock enable: a beat never
 * stops; cycles without a beat compute garbage that nothing uses.
 */
module te_pe (
    input  wire                 clk,
    // moving beat, cycle T
    input  wire [`PE_OP_W-1:0]  x,         // decoded moving element
    input  wire                 en,        // this row adds its product (row < K)
    // stationary registers
    input  wire                 swap,      // active <= shadow at this edge
    input  wire                 ld_en,     // shadow <= ld_op at this edge
    input  wire [`PE_OP_W-1:0]  ld_op,     // decoded stationary element
    // partial sums: in at T+3, out at T+4+L
    input  wire [31:0]          psum_in,
    output wire [31:0]          psum_out
);

`include "te_pipe.vh"

localparam integer L = `TL_FP32_ADD_LATENCY;

reg [`PE_OP_W-1:0] w_active_reg, w_active_next;
reg [`PE_OP_W-1:0] w_shadow_reg, w_shadow_next;

always @* begin
    w_active_next = swap  ? w_shadow_reg : w_active_reg;
    w_shadow_next = ld_en ? ld_op : w_shadow_reg;
end

always @(posedge clk) begin
    w_active_reg <= w_active_next;
    w_shadow_reg <= w_shadow_next;
end

// ---- product: T -> T+3 ----------------------------------------------------
wire [31:0] prod_fp;
wire [31:0] prod_int;    // 0 unless en and int8 x int8
wire        prod_fp_en;  // en and a float product

pe_mul mul (
    .clk     (clk),
    .w       (w_active_reg),
    .x       (x),
    .en      (en),
    .y_fp    (prod_fp),
    .y_int   (prod_int),
    .y_fp_en (prod_fp_en)
);

// ---- accumulate: T+3 -> T+3+L -> psum_out_reg ------------------------------
wire [31:0] add_y;

fp32_add add (
    .clk (clk),
    .ce  (1'b1),
    .a   (psum_in),
    .b   (prod_fp),
    .y   (add_y)
);

// int32 sum (or the passed-through partial sum) and the float select,
// delayed by L stages to meet the adder's output
wire [31:0] isum_d;     // psum_in + prod_int of L cycles ago
wire        fp_en_d;    // prod_fp_en of L cycles ago
reg  [31:0] psum_out_reg, psum_out_next;

reg  [31:0] isum_reg;
reg         fp_en_reg;
always @(posedge clk) begin
    isum_reg  <= psum_in + prod_int;
    fp_en_reg <= prod_fp_en;
end

generate
    if (L > 1) begin : dly
        reg [32*(L-1)-1:0] isum_dly_reg;
        reg [L-2:0]        fp_en_dly_reg;
        if (L > 2) begin : shift
            always @(posedge clk) begin
                isum_dly_reg  <= {isum_dly_reg[32*(L-2)-1:0], isum_reg};
                fp_en_dly_reg <= {fp_en_dly_reg[L-3:0], fp_en_reg};
            end
        end else begin : one
            always @(posedge clk) begin
                isum_dly_reg  <= isum_reg;
                fp_en_dly_reg <= fp_en_reg;
            end
        end
        assign isum_d  = isum_dly_reg[32*(L-1)-1 -: 32];
        assign fp_en_d = fp_en_dly_reg[L-2];
    end else begin : nodly
        assign isum_d  = isum_reg;
        assign fp_en_d = fp_en_reg;
    end
endgenerate

always @* begin
    psum_out_next = fp_en_d ? add_y : isum_d;
end

always @(posedge clk)
    psum_out_reg <= psum_out_next;

assign psum_out = psum_out_reg;

endmodule

`resetall
