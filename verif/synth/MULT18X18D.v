`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * A simulation model of the part of the Lattice ECP5 MULT18X18D that
 * rtl/common/pe_sigmul.v uses, written here from the sysDSP usage guide
 * (Lattice TN1267): P = A * B (18 x 18, signed per SIGNEDA/SIGNEDB), with
 * the input A, input B, pipeline and output registers each either absent
 * ("NONE") or clocked by CLK0 with clock enable CE0 and synchronous reset
 * RST0. The C input, the shift chains and CLK1-3 are not modelled (not
 * used). Yosys ships this cell as a black box only (cells_bb.v). Used by
 * verif/synth/test_pe_sigmul.sh and the pe_sigmul_ecp5 lint; never in
 * rtl/.
 */
module MULT18X18D #(
    parameter REG_INPUTA_CLK   = "NONE",
    parameter REG_INPUTB_CLK   = "NONE",
    parameter REG_PIPELINE_CLK = "NONE",
    parameter REG_OUTPUT_CLK   = "NONE",
    parameter GSR              = "ENABLED"
) (
    input  wire A17, input  wire A16, input  wire A15, input  wire A14, input  wire A13, input  wire A12,
    input  wire A11, input  wire A10, input  wire A9, input  wire A8, input  wire A7, input  wire A6,
    input  wire A5, input  wire A4, input  wire A3, input  wire A2, input  wire A1, input  wire A0,
    input  wire B17, input  wire B16, input  wire B15, input  wire B14, input  wire B13, input  wire B12,
    input  wire B11, input  wire B10, input  wire B9, input  wire B8, input  wire B7, input  wire B6,
    input  wire B5, input  wire B4, input  wire B3, input  wire B2, input  wire B1, input  wire B0,
    input  wire C17, input  wire C16, input  wire C15, input  wire C14, input  wire C13, input  wire C12,
    input  wire C11, input  wire C10, input  wire C9, input  wire C8, input  wire C7, input  wire C6,
    input  wire C5, input  wire C4, input  wire C3, input  wire C2, input  wire C1, input  wire C0,
    input  wire SIGNEDA, input wire SIGNEDB, input wire SOURCEA, input wire SOURCEB,
    input  wire CLK0, input wire CE0, input wire RST0,
    output wire P35, output wire P34, output wire P33, output wire P32, output wire P31, output wire P30,
    output wire P29, output wire P28, output wire P27, output wire P26, output wire P25, output wire P24,
    output wire P23, output wire P22, output wire P21, output wire P20, output wire P19, output wire P18,
    output wire P17, output wire P16, output wire P15, output wire P14, output wire P13, output wire P12,
    output wire P11, output wire P10, output wire P9, output wire P8, output wire P7, output wire P6,
    output wire P5, output wire P4, output wire P3, output wire P2, output wire P1, output wire P0
);

/* verilator lint_off UNUSEDSIGNAL */
wire [17:0] c = {C17, C16, C15, C14, C13, C12, C11, C10, C9, C8, C7, C6, C5, C4, C3, C2, C1, C0};   // not modelled
wire        unused = SOURCEA ^ SOURCEB ^ ^c;
/* verilator lint_on UNUSEDSIGNAL */
/* verilator lint_off UNUSEDPARAM */
localparam GSR_USED = GSR;
/* verilator lint_on UNUSEDPARAM */

wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};

reg  [17:0] a_reg, b_reg;
reg  [35:0] m_reg, p_reg;
wire [17:0] a_q = REG_INPUTA_CLK == "CLK0" ? a_reg : a;
wire [17:0] b_q = REG_INPUTB_CLK == "CLK0" ? b_reg : b;
wire [35:0] a_x = SIGNEDA ? {{18{a_q[17]}}, a_q} : {18'd0, a_q};
wire [35:0] b_x = SIGNEDB ? {{18{b_q[17]}}, b_q} : {18'd0, b_q};
wire [35:0] m   = a_x * b_x;
wire [35:0] m_q = REG_PIPELINE_CLK == "CLK0" ? m_reg : m;
wire [35:0] p   = REG_OUTPUT_CLK == "CLK0" ? p_reg : m_q;

always @(posedge CLK0) begin
    if (RST0) begin
        a_reg <= 18'd0; b_reg <= 18'd0; m_reg <= 36'd0; p_reg <= 36'd0;
    end else if (CE0) begin
        a_reg <= a; b_reg <= b; m_reg <= m; p_reg <= m_q;
    end
end

assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p;

initial begin
    if ((REG_INPUTA_CLK != "NONE" && REG_INPUTA_CLK != "CLK0") ||
        (REG_INPUTB_CLK != "NONE" && REG_INPUTB_CLK != "CLK0") ||
        (REG_PIPELINE_CLK != "NONE" && REG_PIPELINE_CLK != "CLK0") ||
        (REG_OUTPUT_CLK != "NONE" && REG_OUTPUT_CLK != "CLK0")) begin
        $display("MULT18X18D model: only NONE and CLK0 are modelled for REG_*_CLK");
        $finish;
    end
end

endmodule

`resetall
