`resetall
`timescale 1ns / 1ps
`default_nettype none

/*
 * pe_sigmul: the tensor engine's significand multiplier, p = a * b
 * (11 x 11 unsigned, 22-bit product), with a register on each side:
 * p belongs to the a and b of two clock edges earlier. pe_mul's stages 1
 * and 2 (docs/tensor_engine.md section 3).
 *
 * Why a module of its own: in a full array the DSP sites sit in a few
 * rows of the die, far from most PEs' logic. Written as fabric registers
 * around a `*`, nextpnr keeps the registers beside the PE's logic and the
 * wires to and from the DSP (10 of 14.5 ns in te_top 8 x 8) stay in one
 * cycle each way. The ECP5 MULT18X18D has input and output registers of
 * its own; with them the long wires become register-to-register paths of
 * their own. Yosys does not pack fabric registers into the DSP, so with
 * TRNLITE_ECP5_DSP defined (fpga/yosys.sh for synth_ecp5, and the
 * FuseSoC synthesis targets) this instantiates the DSP with its input A/B
 * and output registers on CLK0. Both forms give the same p at the same
 * cycle; verif/synth/test_pe_sigmul.sh checks that in Icarus against
 * a * b, with a model of the DSP (verif/synth/MULT18X18D.v).
 * No reset, no clock enable (datapath only).
 */
module pe_sigmul (
    input  wire        clk,
    input  wire [10:0] a,
    input  wire [10:0] b,
    output wire [21:0] p
);

`ifdef TRNLITE_ECP5_DSP
wire [17:0] a18 = {7'd0, a};
wire [17:0] b18 = {7'd0, b};
wire [17:0] c18 = 18'd0;
/* verilator lint_off UNUSEDSIGNAL */
wire [35:0] p36;       // the product has 22 bits
/* verilator lint_on UNUSEDSIGNAL */
assign p = p36[21:0];

// Ports not listed (CLK1-3, CE1-3, RST1-3, the shift chains) are unused.
/* verilator lint_off PINMISSING */
MULT18X18D #(
    .REG_INPUTA_CLK("CLK0"),
    .REG_INPUTB_CLK("CLK0"),
    .REG_OUTPUT_CLK("CLK0"),
    .GSR("DISABLED")
) u_dsp (
        .A17(a18[17]), .A16(a18[16]), .A15(a18[15]), .A14(a18[14]), .A13(a18[13]), .A12(a18[12]),
        .A11(a18[11]), .A10(a18[10]), .A9(a18[9]), .A8(a18[8]), .A7(a18[7]), .A6(a18[6]),
        .A5(a18[5]), .A4(a18[4]), .A3(a18[3]), .A2(a18[2]), .A1(a18[1]), .A0(a18[0]),
        .B17(b18[17]), .B16(b18[16]), .B15(b18[15]), .B14(b18[14]), .B13(b18[13]), .B12(b18[12]),
        .B11(b18[11]), .B10(b18[10]), .B9(b18[9]), .B8(b18[8]), .B7(b18[7]), .B6(b18[6]),
        .B5(b18[5]), .B4(b18[4]), .B3(b18[3]), .B2(b18[2]), .B1(b18[1]), .B0(b18[0]),
        .C17(c18[17]), .C16(c18[16]), .C15(c18[15]), .C14(c18[14]), .C13(c18[13]), .C12(c18[12]),
        .C11(c18[11]), .C10(c18[10]), .C9(c18[9]), .C8(c18[8]), .C7(c18[7]), .C6(c18[6]),
        .C5(c18[5]), .C4(c18[4]), .C3(c18[3]), .C2(c18[2]), .C1(c18[1]), .C0(c18[0]),
        .P35(p36[35]), .P34(p36[34]), .P33(p36[33]), .P32(p36[32]), .P31(p36[31]), .P30(p36[30]),
        .P29(p36[29]), .P28(p36[28]), .P27(p36[27]), .P26(p36[26]), .P25(p36[25]), .P24(p36[24]),
        .P23(p36[23]), .P22(p36[22]), .P21(p36[21]), .P20(p36[20]), .P19(p36[19]), .P18(p36[18]),
        .P17(p36[17]), .P16(p36[16]), .P15(p36[15]), .P14(p36[14]), .P13(p36[13]), .P12(p36[12]),
        .P11(p36[11]), .P10(p36[10]), .P9(p36[9]), .P8(p36[8]), .P7(p36[7]), .P6(p36[6]),
        .P5(p36[5]), .P4(p36[4]), .P3(p36[3]), .P2(p36[2]), .P1(p36[1]), .P0(p36[0]),
        .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
        .CLK0(clk), .CE0(1'b1), .RST0(1'b0)
);
/* verilator lint_on PINMISSING */
`else
reg [10:0] a_reg, b_reg;
reg [21:0] p_reg;
always @(posedge clk) begin
    a_reg <= a;
    b_reg <= b;
    p_reg <= a_reg * b_reg;
end
assign p = p_reg;
`endif

endmodule

`resetall
