// Properties of dma_queues (formal/run_formal.sh includes this file at the
// end of a copy of the module, so it sees the module's registers).
//
// Per queue, a reference occupancy counts the pushes and pops the contract
// allows (a flush empties the queue and drops a push to it in that cycle).
// One entry, chosen by the solver when it is pushed into any queue, is
// followed: f_dist entries are ahead of it in its queue f_q; it must stay
// in its slot of the shared array while other queues push, and come out
// as the head of f_q when f_dist reaches 0, with the data it went in with.
`ifdef FORMAL
localparam F_DEPTH = 1 << DEPTH_LOG2;
localparam F_CW    = DEPTH_LOG2 + 1;

reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

// the contract's inputs: at most one push, head_sel one-hot
always @* begin
    assume((push & (push - 1'b1)) == 0);
    assume(head_sel != 0 && (head_sel & (head_sel - 1'b1)) == 0);
end

reg [QUEUES*F_CW-1:0] f_count = 0;
integer fq;
always @(posedge clk) begin
    for (fq = 0; fq < QUEUES; fq = fq + 1) begin
        if (rst || flush[fq])
            f_count[F_CW*fq +: F_CW] <= 0;
        else
            f_count[F_CW*fq +: F_CW] <= f_count[F_CW*fq +: F_CW]
                                      + (push[fq] && not_full[fq])
                                      - (pop && head_sel[fq] && not_empty[fq]);
    end
end

(* anyseq *) reg f_pick;          // follow the entry pushed now
reg              f_track = 1'b0;
reg [QA-1:0]     f_q = 0;
reg [F_CW-1:0]   f_dist = 0;
reg [WIDTH-1:0]  f_data = 0;
wire             f_pop_q = pop && head_sel[f_q] && not_empty[f_q];
integer          fp;
always @(posedge clk) begin
    if (rst) begin
        f_track <= 1'b0;
    end else if (f_track) begin
        if (flush[f_q])
            f_track <= 1'b0;                    // emptied with its queue
        else if (f_pop_q) begin
            if (f_dist == 0) f_track <= 1'b0;   // it left
            else             f_dist  <= f_dist - 1'b1;
        end
    end else if (f_pick && push != 0) begin
        for (fp = 0; fp < QUEUES; fp = fp + 1)
            if (push[fp] && not_full[fp] && !flush[fp]) begin
                f_track <= 1'b1;
                f_q     <= fp;
                f_data  <= in_data;
                f_dist  <= f_count[F_CW*fp +: F_CW] - (pop && head_sel[fp] && not_empty[fp]);
            end
    end
end

wire [F_CW-1:0]       f_qcount = f_count[F_CW*f_q +: F_CW];
wire [PW-1:0]         f_qrd    = rd_ptr_reg[PW*f_q +: PW];
wire [DEPTH_LOG2-1:0] f_slot   = f_qrd[DEPTH_LOG2-1:0] + f_dist[DEPTH_LOG2-1:0];
integer fa;
always @* if (!f_init) begin
    for (fa = 0; fa < QUEUES; fa = fa + 1) begin
        // flags from the occupancy, never beyond the depth
        assert(f_count[F_CW*fa +: F_CW] <= F_DEPTH);
        assert(not_empty[fa] == (f_count[F_CW*fa +: F_CW] != 0));
        assert(not_full[fa] == (f_count[F_CW*fa +: F_CW] != F_DEPTH));
        assert(wr_ptr_reg[PW*fa +: PW] - rd_ptr_reg[PW*fa +: PW] == f_count[F_CW*fa +: F_CW]);
    end
    if (f_track) begin
        assert(f_q < QUEUES);
        assert(f_dist < f_qcount);
        assert(mem[{f_q, f_slot}] == f_data);
        if (f_dist == 0 && head_sel[f_q]) assert(out_data == f_data);
    end
end

// reachable: the followed entry behind another in a full queue, while
// another queue holds an entry too
always @* if (!f_init) cover(f_track && f_dist == F_DEPTH - 1 && f_qcount == F_DEPTH &&
                             (not_empty & ~(1 << f_q)) != 0);
`endif
