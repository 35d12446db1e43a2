// Properties of dma_fifo with OUT_REG = 1 (formal/run_formal.sh includes
// this file at the end of a copy of the module). As formal/dma_fifo.vh,
// with the head entry in the output register: the FIFO holds the array's
// entries plus that register's, an entry is never in the array while the
// register is empty, and the followed entry is in the register when it is
// first, else in the array (f_dist - 1) slots after the read pointer.
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
reg                 f_track = 1'b0;
reg [DEPTH_LOG2+1:0] f_dist = 0;
reg [WIDTH-1:0]     f_data = 0;
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
wire [DEPTH_LOG2-1:0] f_slot = rd_ptr_reg[DEPTH_LOG2-1:0] + f_dist[DEPTH_LOG2-1:0] - 1'b1;

always @* if (!f_init) begin
    assert(f_count <= DEPTH + 1);
    assert(f_used <= DEPTH);
    assert(f_count == f_used + out_valid);
    assert(out_valid || f_used == 0);
    assert(in_ready == (f_used != DEPTH));
    if (f_track) begin
        assert(f_dist < f_count);
        if (f_dist == 0) assert(out_data == f_data);
        else             assert(mem[f_slot] == f_data);
    end
end

// the output holds while it waits (unless cleared or reset)
always @(posedge clk) if (!f_init && $past(!f_init)) begin
    if ($past(out_valid && !out_ready && !clear && !rst)) begin
        assert(out_valid);
        assert(out_data == $past(out_data));
    end
end

// reachable: completely full, the followed entry last
always @* if (!f_init) cover(f_count == DEPTH + 1 && f_track && f_dist == DEPTH);
`endif
