`timescale 1ns / 1ps
`default_nettype none

// Drives pe_sigmul with every corner pair (0, 1, 1024, 2047 on each side)
// and then N random pairs, one per clock, and checks p against a * b of
// two clock edges earlier. Prints "pe_sigmul_tb: N checked, M wrong".
module pe_sigmul_tb;
parameter N = 65536;

reg         clk = 1'b0;
reg  [10:0] a, b;
wire [21:0] p;
reg  [21:0] want1, want2;      // a * b of one and two edges ago
integer     i, checked, wrong;
reg  [31:0] lcg;

pe_sigmul dut (.clk(clk), .a(a), .b(b), .p(p));

task step;
    begin
        #5 clk = 1'b1;
        want2 = want1;
        want1 = a * b;
        #5 clk = 1'b0;
        if (i >= 2) begin
            checked = checked + 1;
            if (p !== want2) begin
                wrong = wrong + 1;
                if (wrong <= 5) $display("pe_sigmul_tb: step %0d: p = %h, want %h", i, p, want2);
            end
        end
        i = i + 1;
    end
endtask

integer ca, cb;
reg [10:0] corner [0:3];
initial begin
    corner[0] = 11'd0; corner[1] = 11'd1; corner[2] = 11'd1024; corner[3] = 11'd2047;
    i = 0; checked = 0; wrong = 0; lcg = 32'd12345;
    want1 = 22'd0; want2 = 22'd0;
    for (ca = 0; ca < 4; ca = ca + 1)
        for (cb = 0; cb < 4; cb = cb + 1) begin
            a = corner[ca]; b = corner[cb]; step;
        end
    repeat (N) begin
        lcg = lcg * 32'd1664525 + 32'd1013904223;
        a = lcg[31:21]; b = lcg[20:10];
        step;
    end
    a = 11'd0; b = 11'd0; step; step;   // drain the last two
    $display("pe_sigmul_tb: %0d checked, %0d wrong", checked, wrong);
    $finish;
end
endmodule
