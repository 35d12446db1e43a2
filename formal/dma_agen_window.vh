`resetall
// "Nothing outside the DRAM window" (docs/dma.md 1), on dma_agen, the
// burst cutter whose bursts dma_rd and dma_wr issue as AR and AW (address
// and bytes as they are). dma_engine starts a side's walk only once its
// check (dma.md 4, dma_psize: the pattern's lowest byte is `addr`, its
// highest `addr + sum((count_k - 1) * stride_k) + esize - 1`, in 72 bits,
// both inside [dram_base, dram_limit]) has passed. Asserted: every byte of
// every burst on offer lies inside the window. Included at the end of a
// copy of the module by formal/run_formal.sh.
//
// The proof has no product in it. The spans (n_k - 1) * stride_k are
// free values here (f_x<k>, any value below 2^ADDR_WIDTH, taken at
// `start`), and the check is assumed in their terms:
//   addr >= base,  addr + f_x0 + f_x1 + f_x2 + row_len - 1 <= limit
// (row_len: a row's bytes, the element size, or count0 elements when
// dimension 0 is contiguous, its span then 0). The ghost registers
// (dma_agen_ghost.vh) follow the walk by additions; the one fact that
// ties the RTL's index counters to them,
//   "not at the last index of dimension k"  =>  f_r<k> >= stride_k,
// is ASSUMED here and PROVEN by dma_agen_extent (where the spans are the
// products and f_r<k> = (n_k - 1 - i_k) * stride_k, at counts below 2^3).
// That the check above is dma_psize's value is argued by hand
// (docs/verification.md 3), not proven. Every invariant below is a sum or
// a comparison.
`ifdef FORMAL
localparam FW = 40;  // no sum below wraps: spans below 2^32, rows below 2^35
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

// dma_agen's contract: start only while idle, counts nonzero, the pattern
// held from the cycle of `start` on while the job walks
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

(* anyconst *) reg [ADDR_WIDTH-1:0] f_base;
(* anyconst *) reg [ADDR_WIDTH-1:0] f_limit;
(* anyseq *)   reg [ADDR_WIDTH-1:0] f_span0;
(* anyseq *)   reg [ADDR_WIDTH-1:0] f_span1;
(* anyseq *)   reg [ADDR_WIDTH-1:0] f_span2;

function [FW-1:0] f_w;  // zero-extended to FW bits
    input [ADDR_WIDTH-1:0] v;
    f_w = {{(FW-ADDR_WIDTH){1'b0}}, v};
endfunction

wire [FW-1:0] f_x0 = f_w(f_span0);
wire [FW-1:0] f_x1 = f_w(f_span1);
wire [FW-1:0] f_x2 = f_w(f_span2);
`include "dma_agen_ghost.vh"

wire [FW-1:0] f_s0  = {{(FW-32){1'b0}}, stride0};
wire [FW-1:0] f_s1  = {{(FW-32){1'b0}}, stride1};
wire [FW-1:0] f_s2  = {{(FW-32){1'b0}}, stride2};
wire [FW-1:0] f_len = {{(FW-35){1'b0}}, row_len_reg};
wire [FW-1:0] f_rem = {{(FW-35){1'b0}}, rem_reg};
// what the last row reachable from a row, a dim-1 slice, a dim-2 slice,
// the pattern adds to its start to reach its last byte (one shape, shared
// by every bound below, so that the solver sees the same sums)
wire [FW-1:0] f_l0 = f_len - 1'b1;
wire [FW-1:0] f_t0 = f_e0 + f_l0;
wire [FW-1:0] f_t1 = f_e1 + f_t0;
wire [FW-1:0] f_t2 = f_e2 + f_t1;

// the engine's check, passed before the walk starts
always @* if (start)
    assume(f_w(addr) >= f_w(f_base) &&
           f_w(addr) + (f_x2 + (f_x1 + (f_x0 + ({{(FW-35){1'b0}}, row_len_next} - 1'b1)))) <= f_w(f_limit));

// the lemma proven by dma_agen_extent
always @* if (!f_init && active_reg)
    assume((i0z_reg || f_r0 >= f_s0) && (i1z_reg || f_r1 >= f_s1) && (i2z_reg || f_r2 >= f_s2));

// The assertions, one bit each of f_ok (1: holds). Proven one at a time:
// the .sby's tasks each build the proof with F_ONLY = n, which asserts
// f_ok[n] and assumes the others one cycle back ($past: in the cycle
// before, not in this one). Together the tasks show that the whole set
// holds after reset and that every member follows from the whole set a
// cycle earlier: the set is inductive, as one k-induction of all of them
// would show (that one run did not finish in 400 s; the split ones took
// 3 s to 2 minutes each). Without F_ONLY all are asserted at once.
localparam F_N = 20;
wire [F_N:1] f_ok;
wire f_walk  = !f_init && active_reg;
wire f_offer = !f_init && burst_valid;

// every byte of a burst on offer is in the window
wire [FW-1:0] f_first = f_w(burst_addr);
wire [FW-1:0] f_blast = f_first + {{(FW-BOUNDARY_LOG2-1){1'b0}}, bb_reg} - 1'b1;
assign f_ok[16] = !f_offer || bb_reg != 0;
assign f_ok[17] = !f_offer || f_first >= f_w(f_base);
assign f_ok[18] = !f_offer || f_blast <= f_w(f_limit);

// ------------------------------------------------------------ invariants
// the transposing form is not built here (XP_PART_LOG2 = 0)
assign f_ok[1] = f_init || XP_PART_LOG2 != 0 || !xp_reg;
// the check, in the ghost spans (the pattern is held)
assign f_ok[2] = !f_walk || (f_e0[FW-1:ADDR_WIDTH] == 0 && f_e1[FW-1:ADDR_WIDTH] == 0
                             && f_e2[FW-1:ADDR_WIDTH] == 0);
assign f_ok[3] = !f_walk || f_w(addr) >= f_w(f_base);
assign f_ok[4] = !f_walk || f_w(addr) + f_t2 <= f_w(f_limit);
// what is left along a dimension is at most its span
assign f_ok[5] = !f_walk || (f_r0 <= f_e0 && f_r1 <= f_e1 && f_r2 <= f_e2);
// each row or slice start plus what is still to add along its dimension
// is the start one level up plus that whole dimension
assign f_ok[6]  = !f_walk || f_w(a0_reg) + f_r0 == f_w(a1_reg) + f_e0;
assign f_ok[7] = !f_walk || f_w(a1_reg) + f_r1 == f_w(a2_reg) + f_e1;
assign f_ok[8] = !f_walk || f_w(a2_reg) + f_r2 == f_w(addr) + f_e2;
// hence, level by level, the last row reachable from the current dim-2
// slice, dim-1 slice, row ends inside the window; the starts in walk order
assign f_ok[12] = !f_walk || f_w(a2_reg) + f_t1 <= f_w(f_limit);
assign f_ok[13] = !f_walk || f_w(a1_reg) + f_t0 <= f_w(f_limit);
assign f_ok[14] = !f_walk || f_w(a0_reg) + f_l0 <= f_w(f_limit);
assign f_ok[15] = !f_walk || (f_w(addr) <= f_w(a2_reg) && f_w(a2_reg) <= f_w(a1_reg)
                              && f_w(a1_reg) <= f_w(a0_reg));
// the next byte and the bytes left: inside the current row
assign f_ok[9] = !f_walk || (rem_reg != 0 && rem_reg <= row_len_reg);
assign f_ok[10] = !f_walk || f_w(cur_reg) + f_rem == f_w(a0_reg) + f_len;
assign f_ok[11] = !f_walk || tb_reg == BND - {1'b0, cur_reg[BOUNDARY_LOG2-1:0]};
// the kept row-end flag, and what the next row's one is computed from
assign f_ok[19] = !f_walk || rdone_reg == (rem_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, tb_reg});
assign f_ok[20] = !f_walk || (lim_ok_reg == (row_len_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, BND})
                              && (!lim_ok_reg || lim_reg == BND - row_len_reg[BOUNDARY_LOG2:0]));

`ifdef F_ONLY
always @* assert(f_ok[`F_ONLY]);
wire [F_N:1] f_only = {{(F_N-1){1'b0}}, 1'b1} << (`F_ONLY - 1);
always @(posedge clk) if (!f_init) assume(&($past(f_ok) | f_only));
// and those numbered below F_ONLY in this cycle
always @* assume(&(f_ok | ~(f_only - 1'b1)));
`else
genvar f_k;
generate for (f_k = 1; f_k <= F_N; f_k = f_k + 1) begin : f_assert
    always @* assert(f_ok[f_k]);
end endgenerate
`endif
`endif
