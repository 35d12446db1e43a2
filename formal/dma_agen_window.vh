`resetall
// "Nothing outside the DRAM window" (docs/dma.md 1), on dma_agen, the
// burst cutter whose bursts dma_rd and dma_wr issue as AR and AW (address
// and bytes as they are). dma_engine starts a side's walk only once its
// check (dma.md 4, dma_psize: the pattern's lowest byte is `addr`, its
// highest `addr + sum((count_k - 1) * stride_k) + esize - 1`, in 72 bits,
// both inside [dram_base, dram_limit]) has passed. Assumed here: that
// check, against a window chosen by the solver (any base and limit,
// constant), and dma_agen's own contract (as dma_agen.vh). Asserted:
// every byte of every burst on offer lies inside the window. Included at
// the end of a copy of the module by formal/run_formal.sh.
//
// NOT CLOSED (docs/verification.md 8): this is the k-induction attempt,
// not in `make formal`. The invariants below are meant to be inductive at
// depth 1: every row and slice start, plus what the walk still has to add
// along its dimension ((n_k - 1 - i_k) * stride_k), equals the start one
// level up plus that whole dimension; the starts never fall below `addr`;
// the next byte and the bytes left stay inside the current row. Stated
// that way, "below the last byte" is a sum of terms that cannot be
// negative (no solver has to show that a product grows with its counter),
// and a step needs only (j + 1) * s = j * s + s. Reduced configuration:
// counts below 2^FC (a contiguous dimension 0: any count), 32-bit
// addresses and strides, any window, element size and burst cutting.
// Neither Boolector nor z3 finished the induction step in the times
// measured there.
`ifdef FORMAL
localparam FC = 2;   // counts below 2^FC (the reduced configuration)
localparam FW = 40;  // wide enough that no sum below wraps (counts below 2^FC; the
                     // same value as dma_psize's 72 bits, where neither wraps)
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

always @* if (start) assume(!busy && count0 != 0 && count1 != 0 && count2 != 0);
// the reduced configuration: counts below 2^FC, except a contiguous
// dimension 0's (stride0 = the element size: any count)
wire f_c0run = (stride0 == (32'd1 << esize_log2));
always @* if (start || busy)
    assume((f_c0run || count0 < (1 << FC)) && count1 < (1 << FC) && count2 < (1 << FC));
// (held from the cycle of `start` on: the walk reads the strides as it goes)
always @(posedge clk) if (!f_init && ($past(busy) || $past(start)) && !$past(rst)) begin
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
end

(* anyconst *) reg [ADDR_WIDTH-1:0] f_base;
(* anyconst *) reg [ADDR_WIDTH-1:0] f_limit;

function [FW-1:0] f_w;  // zero-extended to FW bits
    input [ADDR_WIDTH-1:0] v;
    f_w = {{(FW-ADDR_WIDTH){1'b0}}, v};
endfunction
function [FW-1:0] f_mul;  // exact product of a count (or counter) below 2^FC and a stride
    input [31:0] n;
    input [31:0] s;
    f_mul = {{(FW-FC){1'b0}}, n[FC-1:0]} * {{(FW-32){1'b0}}, s};
endfunction

// the pattern's last byte, the value of dma_engine's check (dma_psize's
// count * stride - stride is (count - 1) * stride, counts being nonzero;
// written as a shift when stride0 is the element size, the same value)
wire [FW-1:0] f_esz  = {{(FW-1){1'b0}}, 1'b1} << esize_log2;
wire [FW-1:0] f_last = f_w(addr) + (f_c0run ? {{(FW-32){1'b0}}, count0 - 32'd1} << esize_log2
                                             : f_mul(count0 - 32'd1, stride0))
                     + f_mul({16'd0, count1} - 32'd1, stride1)
                     + f_mul({16'd0, count2} - 32'd1, stride2) + f_esz - 1'b1;
wire f_inside = f_w(addr) >= f_w(f_base) && f_last <= f_w(f_limit);

// a job starts only when its pattern passed the check; the pattern is
// held while it walks (above), so the check holds throughout
always @* if (start || busy) assume(f_inside);

// every byte of a burst on offer is in the window
wire [FW-1:0] f_first = f_w(burst_addr);
wire [FW-1:0] f_blast = f_first + {{(FW-BOUNDARY_LOG2-1){1'b0}}, bb_reg} - 1'b1;
always @* if (!f_init && burst_valid) begin
    assert(bb_reg != 0);
    assert(f_first >= f_w(f_base));
    assert(f_blast <= f_w(f_limit));
end

// ------------------------------------------------------------ invariants
// The walk in dma_agen's terms: n0_reg rows of row_len_reg bytes along
// dimension 0 (count0 one-element rows, or one row of count0 elements
// when the pattern is contiguous), count1 and count2 along the others.
// f_r<k>: what the walk has still to add along dimension k to reach the
// pattern's last row; f_e0, f_e1: a whole dimension's.
wire [FW-1:0] f_len = {{(FW-35){1'b0}}, row_len_reg};
wire [FW-1:0] f_e0  = f_mul(n0_reg - 32'd1, stride0);
wire [FW-1:0] f_e1  = f_mul({16'd0, count1} - 32'd1, stride1);
wire [FW-1:0] f_e2  = f_mul({16'd0, count2} - 32'd1, stride2);
wire [FW-1:0] f_r0  = f_mul(n0_reg - 32'd1 - i0_reg, stride0);
wire [FW-1:0] f_r1  = f_mul({16'd0, count1 - 16'd1 - i1_reg}, stride1);
wire [FW-1:0] f_r2  = f_mul({16'd0, count2 - 16'd1 - i2_reg}, stride2);
// the last row start reachable from the current row, slice, pattern
wire [FW-1:0] f_t0  = f_w(a1_reg) + f_e0;
wire [FW-1:0] f_t1  = f_w(a2_reg) + f_e1 + f_e0;
wire [FW-1:0] f_t2  = f_w(addr) + f_e2 + f_e1 + f_e0;

// the transposing form is not built here (XP_PART_LOG2 = 0)
always @* if (!f_init && XP_PART_LOG2 == 0) assert(!xp_reg);

always @* if (!f_init && active_reg) begin
    // the rows along dimension 0, their length, and the last-index flags
    assert(n0_reg == (contiguous ? 32'd1 : count0));
    assert(row_len_reg == (contiguous ? {3'd0, count0} << esize_log2 : 35'd1 << esize_log2));
    assert(n0one_reg == (n0_reg == 32'd1));
    assert(i0_reg < n0_reg && i0z_reg == (i0_reg + 32'd1 == n0_reg));
    assert(i1_reg < count1 && i1z_reg == (i1_reg + 16'd1 == count1));
    assert(i2_reg < count2 && i2z_reg == (i2_reg + 16'd1 == count2));
    // the slice and row starts: not below addr, in walk order
    assert(addr <= a2_reg && a2_reg <= a1_reg && a1_reg <= a0_reg);
    // each row or slice start plus what is still to add along its
    // dimension is the start one level up plus that whole dimension
    assert(f_w(a0_reg) + f_r0 == f_w(a1_reg) + f_e0);
    assert(f_w(a1_reg) + f_r1 == f_w(a2_reg) + f_e1);
    assert(f_w(a2_reg) + f_r2 == f_w(addr) + f_e2);
    // hence, in steps, none above the last row's start
    assert(f_w(a0_reg) <= f_t0 && f_t0 <= f_t1 && f_t1 <= f_t2);
    assert(f_t2 + f_len - 1'b1 == f_last);
    // the next byte and the bytes left: inside the current row
    assert(rem_reg != 0 && rem_reg <= row_len_reg);
    assert(f_w(cur_reg) + {{(FW-35){1'b0}}, rem_reg} == f_w(a0_reg) + f_len);
    assert(tb_reg == BND - {1'b0, cur_reg[BOUNDARY_LOG2-1:0]});
end
`endif
