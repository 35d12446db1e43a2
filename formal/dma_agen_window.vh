`resetall
// "Nothing outside the DRAM window" (docs/dma.md 1), on dma_agen, the
// burst cutter whose bursts dma_rd and dma_wr issue as AR and AW (address
// and bytes as they are). dma_engine starts a side's walk only once its
// check (dma.md 4: the pattern's lowest byte is `addr`, its highest
// `addr + sum((count_i - 1) * stride_i) + esize - 1`, in 72 bits, both
// inside [dram_base, dram_limit]) has passed. Assumed here: that check,
// against a window chosen by the solver (any base and limit, constant),
// and dma_agen's own contract (as dma_agen.vh). Asserted: every byte of
// every burst on offer lies inside the window. Included at the end of a
// copy of the module by formal/run_formal.sh.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

always @* if (start) assume(!busy && count0 != 0 && count1 != 0 && count2 != 0);
// (held from the cycle of `start` on: the walk reads the strides as it goes)
always @(posedge clk) if (!f_init && ($past(busy) || $past(start)) && !$past(rst)) begin
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
end

(* anyconst *) reg [ADDR_WIDTH-1:0] f_base;
(* anyconst *) reg [ADDR_WIDTH-1:0] f_limit;

// the pattern's extent, as dma_engine's check computes it (no wrap in 72
// bits). The solver chooses one pattern for the whole trace (a job
// restarted with it after `stop`), with counts below 16 and strides below
// 4096 (any address, window, element size): the products are then small
// and one per trace (free 32 x 32 products at every step did not finish
// step 4 in 10 minutes)
(* anyconst *) reg [ADDR_WIDTH-1:0] f_addr;
(* anyconst *) reg [1:0]  f_es;
(* anyconst *) reg [3:0]  f_n0, f_n1, f_n2;
(* anyconst *) reg [11:0] f_s0, f_s1, f_s2;
always @* begin
    assume(addr == f_addr && esize_log2 == f_es);
    assume(count0 == {28'd0, f_n0} && count1 == {12'd0, f_n1} && count2 == {12'd0, f_n2});
    assume(stride0 == {20'd0, f_s0} && stride1 == {20'd0, f_s1} && stride2 == {20'd0, f_s2});
end
wire [3:0]  f_c0 = f_n0 - 4'd1, f_c1 = f_n1 - 4'd1, f_c2 = f_n2 - 4'd1;
wire [15:0] f_p0 = f_c0 * f_s0, f_p1 = f_c1 * f_s1, f_p2 = f_c2 * f_s2;
wire [71:0] f_lo  = {{(72-ADDR_WIDTH){1'b0}}, f_addr};
wire [71:0] f_hi  = f_lo + {56'd0, f_p0} + {56'd0, f_p1} + {56'd0, f_p2}
                         + (72'd1 << f_es) - 72'd1;
wire f_inside = f_lo >= {{(72-ADDR_WIDTH){1'b0}}, f_base} && f_hi <= {{(72-ADDR_WIDTH){1'b0}}, f_limit};

// a job starts only when its pattern passed the check; the pattern is
// held while it walks (above), so the check holds throughout
always @* assume(f_inside);

// every byte of a burst on offer is in the window
wire [71:0] f_first = {{(72-ADDR_WIDTH){1'b0}}, burst_addr};
wire [71:0] f_last  = f_first + {{(72-BOUNDARY_LOG2-1){1'b0}}, bb_reg} - 72'd1;
always @* if (!f_init && burst_valid) begin
    assert(bb_reg != 0);
    assert(f_first >= {{(72-ADDR_WIDTH){1'b0}}, f_base});
    assert(f_last <= {{(72-ADDR_WIDTH){1'b0}}, f_limit});
end
`endif
