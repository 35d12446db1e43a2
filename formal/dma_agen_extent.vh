`resetall
// The lemma that dma_agen_window assumes, proven here on dma_agen: while a
// job walks, a dimension not at its last index has at least one more
// stride to go in the ghost registers (dma_agen_ghost.vh),
//   !i<k>z  =>  f_r<k> >= stride_k,
// because f_r<k> = (n_k - 1 - i_k) * stride_k exactly (FW bits: no wrap),
// where n_0 is dma_agen's rows along dimension 0 (count0, or 1 when the
// pattern is contiguous) and n_1, n_2 are count1, count2. Here the spans
// the ghost registers start from are the products f_x<k> = (n_k - 1) *
// stride_k. The reduced configuration: counts below 2^FC (a contiguous
// dimension 0: any count); addresses and strides at full width. At
// FC = 4 the run of f_ok[7] did not finish in 420 s (docs/verification.md
// 3). Only dma_agen's contract and the reduced counts are assumed (start
// while idle, counts nonzero, the pattern held while the job walks); the
// window plays no part. Included at the end of a copy of the module by
// formal/run_formal.sh.
`ifdef FORMAL
localparam FC = 3;       // counts below 2^FC (the reduced configuration)
localparam FW = 33 + FC;  // a count below 2^FC times a 32-bit stride, exactly
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

always @* if (start) assume(!busy && count0 != 0 && count1 != 0 && count2 != 0);
// the pattern held, and the generator idle, from two cycles before start
// (no start in the first cycles after reset)
reg [1:0] f_age = 2'd0;
always @(posedge clk) if (f_age != 2'd3) f_age <= f_age + 2'd1;
always @(posedge clk) if (start) begin
    assume(f_age == 2'd3 && !$past(busy) && !$past(busy, 2));
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2) && xpose_ok == $past(xpose_ok));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
    assume(addr == $past(addr, 2) && esize_log2 == $past(esize_log2, 2) && xpose_ok == $past(xpose_ok, 2));
    assume(count0 == $past(count0, 2) && count1 == $past(count1, 2) && count2 == $past(count2, 2));
    assume(stride0 == $past(stride0, 2) && stride1 == $past(stride1, 2) && stride2 == $past(stride2, 2));
end
always @(posedge clk) if (!f_init && ($past(busy) || $past(start)) && !$past(rst)) begin
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
end

// The reduced configuration: counts below 2^FC in every dimension, except
// a contiguous dimension 0's (any count: it is one row, n_0 = 1).
wire f_c0run = (stride0 == (32'd1 << esize_log2)) || (count0 == 32'd1);
always @* if (start || busy)
    assume((f_c0run || count0 < (32'd1 << FC)) && count1 < (16'd1 << FC) && count2 < (16'd1 << FC));

// the exact product of a count below 2^FC and a stride, by shifts and
// adds (the invariants keep every count given here below 2^FC; the bits
// above are not read)
/* verilator lint_off UNUSEDSIGNAL */
function [FW-1:0] f_mul;
    input [31:0] n;
    input [31:0] s;
    integer b;
    begin
        f_mul = 0;
        for (b = 0; b < FC; b = b + 1)
            if (n[b]) f_mul = f_mul + ({{(FW-32){1'b0}}, s} << b);
    end
endfunction
/* verilator lint_on UNUSEDSIGNAL */

wire [FW-1:0] f_x0 = f_mul({{(32-FC){1'b0}}, n0_next[FC-1:0] - 1'b1}, stride0);
wire [FW-1:0] f_x1 = f_mul({{(32-FC){1'b0}}, count1[FC-1:0] - 1'b1}, stride1);
wire [FW-1:0] f_x2 = f_mul({{(32-FC){1'b0}}, count2[FC-1:0] - 1'b1}, stride2);
`include "dma_agen_ghost.vh"

// the index counts still to go along each dimension, kept as the ghost
// registers are: (n_k - 1 - i_k), by decrements
reg [FC-1:0] f_q0, f_q1, f_q2;
always @(posedge clk) begin
    if (start) begin
        f_q0 <= n0_next[FC-1:0] - 1'b1;
        f_q1 <= count1[FC-1:0] - 1'b1;
        f_q2 <= count2[FC-1:0] - 1'b1;
    end else if (f_step) begin
        if (!i0z_reg) begin
            f_q0 <= f_q0 - 1'b1;
        end else if (!i1z_reg) begin
            f_q0 <= n0_reg[FC-1:0] - 1'b1;
            f_q1 <= f_q1 - 1'b1;
        end else begin
            f_q0 <= n0_reg[FC-1:0] - 1'b1;
            f_q1 <= count1[FC-1:0] - 1'b1;
            f_q2 <= f_q2 - 1'b1;
        end
    end
end
wire [31:0] f_q0w = {{(32-FC){1'b0}}, f_q0};
wire [31:0] f_q1w = {{(32-FC){1'b0}}, f_q1};
wire [31:0] f_q2w = {{(32-FC){1'b0}}, f_q2};

wire [FW-1:0] f_s0 = {{(FW-32){1'b0}}, stride0};
wire [FW-1:0] f_s1 = {{(FW-32){1'b0}}, stride1};
wire [FW-1:0] f_s2 = {{(FW-32){1'b0}}, stride2};

// Split as in dma_agen_window.vh: F_ONLY = n asserts f_ok[n], assumes the
// others a cycle back and those below n in this cycle.
localparam F_N = 8;
wire [F_N:1] f_ok;
wire f_walk = !f_init && active_reg;
assign f_ok[1] = f_init || XP_PART_LOG2 != 0 || !xp_reg;
// the rows along dimension 0 and the last-index flags
assign f_ok[2] = !f_walk || (n0_reg == (contiguous ? 32'd1 : count0) && n0one_reg == (n0_reg == 32'd1));
assign f_ok[3] = !f_walk || (i0_reg < n0_reg && i0z_reg == (i0_reg + 32'd1 == n0_reg));
assign f_ok[4] = !f_walk || (i1_reg < count1 && i1z_reg == (i1_reg + 16'd1 == count1)
                             && i2_reg < count2 && i2z_reg == (i2_reg + 16'd1 == count2)
                             // the row-end step flags decoded from them
                             && lr_reg == (i0z_reg && i1z_reg && i2z_reg)
                             && s12_reg == (i0z_reg && !lr_reg)
                             && s2_reg == (i0z_reg && i1z_reg && !i2z_reg));
// the ghost spans and what is left: the products
assign f_ok[5] = !f_walk || (f_e0 == f_mul({{(32-FC){1'b0}}, n0_reg[FC-1:0] - 1'b1}, stride0)
                             && f_e1 == f_mul({{(32-FC){1'b0}}, count1[FC-1:0] - 1'b1}, stride1)
                             && f_e2 == f_mul({{(32-FC){1'b0}}, count2[FC-1:0] - 1'b1}, stride2));
assign f_ok[6] = !f_walk || (f_q0w == n0_reg - 32'd1 - i0_reg
                             && f_q1w == {16'd0, count1 - 16'd1 - i1_reg}
                             && f_q2w == {16'd0, count2 - 16'd1 - i2_reg});
assign f_ok[7] = !f_walk || (f_r0 == f_mul(f_q0w, stride0) && f_r1 == f_mul(f_q1w, stride1)
                             && f_r2 == f_mul(f_q2w, stride2));
// the lemma
assign f_ok[8] = !f_walk || ((i0z_reg || f_r0 >= f_s0) && (i1z_reg || f_r1 >= f_s1)
                             && (i2z_reg || f_r2 >= f_s2));

`ifdef F_ONLY
wire [F_N:1] f_only = {{(F_N-1){1'b0}}, 1'b1} << (`F_ONLY - 1);
always @* assert(f_ok[`F_ONLY]);
always @(posedge clk) if (!f_init) assume(&($past(f_ok) | f_only));
always @* assume(&(f_ok | ~(f_only - 1'b1)));
`else
genvar f_k;
generate for (f_k = 1; f_k <= F_N; f_k = f_k + 1) begin : f_assert
    always @* assert(f_ok[f_k]);
end endgenerate
`endif
`endif
