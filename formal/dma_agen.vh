// Properties of dma_agen (included at the end of a copy of the module by
// formal/run_formal.sh): the AXI rules a burst must keep, on the bursts
// dma_rd and dma_wr turn into AR and AW as they are (address, beats).
//
// The user keeps dma_agen's contract: `start` only while idle, counts
// nonzero, the pattern inputs unchanged while a job walks.
`ifdef FORMAL
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
always @(posedge clk) if (!f_init && $past(busy) && !$past(rst)) begin
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
end

// the burst as AXI sees it: first beat's aligned address, beats
wire [11:0] f_page_off = {burst_addr[11:BEAT_LOG2], {BEAT_LOG2{1'b0}}};
wire [13:0] f_span     = ({6'd0, burst_beats_m1} + 14'd1) << BEAT_LOG2;
// the burst's last byte, and its beats - 1 from the beat numbers
wire [ADDR_WIDTH-1:0] f_end      = ba_reg + {{(ADDR_WIDTH-BOUNDARY_LOG2-1){1'b0}}, bb_reg} - 1'b1;
wire [7:0]            f_beats_m1 = f_end[BEAT_LOG2 +: 8] - ba_reg[BEAT_LOG2 +: 8];

always @* if (!f_init && burst_valid) begin
    // some bytes, none beyond the boundary (BOUNDARY_LOG2 <= 12)
    assert(bb_reg != 0);
    assert({1'b0, ba_reg[BOUNDARY_LOG2-1:0]} + bb_reg <= BND);
    // hence: the beats fit in the 4 KiB page, at most 256 of them
    assert({2'b00, f_page_off} + f_span <= 14'd4096);
    assert((span_m1 >> BEAT_LOG2) < 256);
    // the geometry from lo + bb - 1 is the one from the end address
    assert(burst_beats_m1 == f_beats_m1);
    assert(burst_hi == {1'b0, f_end[BEAT_LOG2-1:0]} + 1'b1);
    assert(burst_nfirst == (burst_single ? burst_hi : BEAT_BYTES) - burst_lo);
end

// The transposing form (XP_PART_LOG2 > 0, on-chip destinations only, never
// an AXI burst) is not built here: its flag stays low (said for induction).
always @* if (!f_init && XP_PART_LOG2 == 0) assert(!xp_reg);

// what makes the above inductive: a walking job has bytes left in its row
// and nonzero rows
always @* if (!f_init && active_reg) begin
    assert(rem_reg != 0);
    assert(row_len_reg != 0);
    // the kept distance to the boundary is the current address's
    assert(tb_reg == BND - {1'b0, cur_reg[BOUNDARY_LOG2-1:0]});
    // the kept row-end flag, and what the next row's one is computed from
    assert(rdone_reg == (rem_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, tb_reg}));
    assert(lim_ok_reg == (row_len_reg <= {{(34-BOUNDARY_LOG2){1'b0}}, BND}));
    assert(!lim_ok_reg || lim_reg == BND - row_len_reg[BOUNDARY_LOG2:0]);
end

// a burst on offer stays, unchanged, until taken (or dropped by stop)
always @(posedge clk) if (!f_init && !$past(f_init))
    if ($past(burst_valid && !burst_ready && !stop && !rst)) begin
        assert(burst_valid);
        assert(burst_addr == $past(burst_addr) && bb_reg == $past(bb_reg));
        assert(burst_last == $past(burst_last));
    end
`endif
