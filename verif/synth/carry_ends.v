`resetall
`default_nettype none
// Carry chains for verif/synth/test_carry_ends.sh (fpga/carry_ends.py):
// an accumulator whose carry out nothing reads (unhooked; its carry in, a
// constant 0, stays: its bit-0 sum is read), a compare whose result is its
// chain's carry out (kept; its constant carry in, 1, is folded: no sum is
// read) and an increment by 2, whose bit-0 sum nobody needs (its constant
// carry in, 0, is folded).
module carry_ends (
    input  wire        clk,
    input  wire [15:0] a,
    input  wire [15:0] b,
    output reg  [15:0] acc,
    output reg  [15:0] step,
    output reg         less
);
always @(posedge clk) begin
    acc  <= acc + a;
    step <= step + 16'd2;
    less <= a < b;
end
endmodule
`resetall
