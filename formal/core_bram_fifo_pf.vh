// Properties of core_bram_fifo with PREFETCH = 1 (formal/run_formal.sh
// includes this file at the end of a copy of the module, so it sees the
// module's registers). As formal/core_bram_fifo.vh, with two output
// slots: q (the older entry, when it holds one) and the RAM's register.
//
// As formal/dma_fifo_oreg.vh: a reference occupancy f_count counts the
// handshakes; the FIFO holds the array's entries plus the output
// register's. One entry, chosen by the solver at any push, is followed:
// f_dist entries are ahead of it; it is in the output register when it is
// first and the register is full, else in the array f_dist - out_valid
// slots after the read pointer, and it leaves as the (f_dist+1)-th entry
// with the data it went in with. Because the choice is free, this covers
// every entry: nothing is lost, duplicated, reordered or corrupted.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

wire f_push = in_valid && in_ready && !clear;   // clear drops a push
wire f_pop  = out_valid && out_ready;

reg [DEPTH_LOG2+1:0] f_count = 0;
always @(posedge clk)
    if (rst || clear) f_count <= 0;
    else     f_count <= f_count + f_push - f_pop;

(* anyseq *) reg f_pick;          // follow the entry pushed now
reg                  f_track = 1'b0;
reg [DEPTH_LOG2+1:0] f_dist = 0;
reg [WIDTH-1:0]      f_data = 0;
always @(posedge clk) begin
    if (rst || clear) begin
        f_track <= 1'b0;
    end else if (f_track) begin
        if (f_pop) begin
            if (f_dist == 0) f_track <= 1'b0;   // it left
            else             f_dist  <= f_dist - 1'b1;
        end
    end else if (f_push && f_pick) begin
        f_track <= 1'b1;
        f_data  <= in_data;
        f_dist  <= f_count - f_pop;
    end
end

wire [DEPTH_LOG2-1:0] f_used = wp_reg - rp_reg;
wire [1:0]            f_outs = {1'b0, q_valid_reg} + {1'b0, out_valid_reg};   // entries in the slots
wire [DEPTH_LOG2-1:0] f_slot = rp_reg + f_dist[DEPTH_LOG2-1:0] - {{(DEPTH_LOG2-2){1'b0}}, f_outs};

always @* if (!f_init) begin
    // occupancy: array plus the two slots, never beyond the depth
    assert(f_count <= DEPTH + 2);
    assert(fill_reg <= DEPTH);
    assert(f_count == fill_reg + f_outs);
    assert(in_ready == (fill_reg != DEPTH));
    assert(f_used == fill_reg[DEPTH_LOG2-1:0]);
    // the block RAM's no_rw_check: a read never meets a write of its slot
    if (f_push && load) assert(wp_reg != rp_reg);
    assert(out_load == load);
    // the point of PREFETCH: the RAM's read enable does not look at out_ready
    assert(load == (fill_reg != 0 && !(q_valid_reg && out_valid_reg)));
    // the followed entry: where it is, and what it holds
    if (f_track) begin
        assert(f_dist < f_count);
        if (f_dist == 0 && out_valid)          assert(out_data == f_data);
        else if (f_dist == 1 && f_outs == 2)   assert(out_data_reg == f_data);
        else                                   assert(mem[f_slot] == f_data);
    end
end

always @(posedge clk) if (!f_init && $past(!f_init) && $past(!rst)) begin
    // clear empties it: nothing on the output the next cycle
    if ($past(clear)) assert(!out_valid && fill_reg == 0);
    else begin
        // the output holds while it waits (reset aside)
        if ($past(out_valid && !out_ready)) begin
            assert(out_valid);
            assert(out_data == $past(out_data));
        end
        // the output register is never left empty while the array holds
        // an entry (latency: array to output in one cycle)
        if ($past(fill_reg != 0 && !out_valid)) assert(out_valid);
        // the output's timing is a function of the handshakes alone (the
        // same for PREFETCH 0 and 1): an entry is on the output exactly
        // when one was held before this cycle's push and pop
        assert(out_valid == ($past(f_count) != $past(f_pop)));
    end
end

// reachable: completely full, the followed entry last
always @* if (!f_init) cover(f_count == DEPTH + 2 && f_track && f_dist == DEPTH + 1);
`endif
