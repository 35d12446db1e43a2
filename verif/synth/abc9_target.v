`resetall
`default_nettype none
// A register fed by a compare and a choice of two bitwise functions: Yosys's
// ABC9, mapping for its least depth, duplicates the shared terms into many
// more LUT4s than it needs at a loose delay target. verif/synth/
// test_abc9_target.sh synthesizes it both ways through fpga/yosys.sh.
module abc9_target (
    input  wire        clk,
    input  wire [15:0] a,
    input  wire [15:0] b,
    input  wire [15:0] c,
    input  wire [15:0] d,
    output reg  [15:0] y
);
always @(posedge clk)
    y <= (((a ^ b) & (c | d)) == 16'h1234) ? ((a & b) | (c ^ d)) : ((a | c) & ~(b ^ d));
endmodule
`resetall
