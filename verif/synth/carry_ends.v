`resetall
`default_nettype none
// Two carry chains for verif/synth/test_carry_ends.sh: a counter, whose
// carry out nothing reads (fpga/carry_ends.py unhooks it), and a compare,
// whose result is its chain's carry out (kept).
module carry_ends (
    input  wire        clk,
    input  wire [15:0] a,
    input  wire [15:0] b,
    output reg  [15:0] count,
    output reg         less
);
always @(posedge clk) begin
    count <= count + a;
    less  <= a < b;
end
endmodule
`resetall
