// Properties of dma_fifo (formal/run_formal.sh includes this file at the
// end of a copy of the module, so it sees the module's registers).
//
// A reference occupancy f_count counts the handshakes. One entry, chosen
// by the solver at any write, is followed through the FIFO: f_dist is the
// number of entries ahead of it; it must come out as the (f_dist+1)-th
// entry, with the data it went in with. Because the choice is free, this
// covers every entry: nothing is lost, duplicated, reordered or corrupted.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

wire f_push = in_valid && in_ready && !clear;
wire f_pop  = out_valid && out_ready && !clear;

reg [DEPTH_LOG2+1:0] f_count = 0;
always @(posedge clk)
    if (rst || clear) f_count <= 0;
    else              f_count <= f_count + f_push - f_pop;

(* anyseq *) reg f_pick;          // follow the entry written now
reg               f_track = 1'b0;
reg [DEPTH_LOG2:0] f_dist = 0;
reg [WIDTH-1:0]   f_data = 0;
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

wire [DEPTH_LOG2:0]   f_used = wr_ptr_reg - rd_ptr_reg;
wire [DEPTH_LOG2-1:0] f_slot = rd_ptr_reg[DEPTH_LOG2-1:0] + f_dist[DEPTH_LOG2-1:0];

always @* if (!f_init) begin
    // flags from the occupancy, never beyond the depth
    assert(f_count <= DEPTH);
    assert(out_valid == (f_count != 0));
    assert(in_ready == (f_count != DEPTH));
    assert(f_used == f_count);
    // the followed entry: where it is, and what it holds
    if (f_track) begin
        assert(f_dist < f_count);
        assert(mem[f_slot] == f_data);
        if (f_dist == 0) assert(out_data == f_data);
    end
end

// the output holds while it waits (unless cleared or reset)
always @(posedge clk) if (!f_init && $past(!f_init)) begin
    if ($past(out_valid && !out_ready && !clear && !rst)) begin
        assert(out_valid);
        assert(out_data == $past(out_data));
    end
end

// the interesting states are reachable: full, and a followed entry out
always @* if (!f_init) cover(f_count == DEPTH && f_track && f_dist == DEPTH - 1);
`endif
