// Properties of dma_skid (included at the end of a copy of the module by
// formal/run_formal.sh, so they see its registers).
//
// f_count counts beats inside (in minus out handshakes). One input beat,
// chosen freely by the solver, is followed: f_dist beats are ahead of it,
// and it must leave as the next-but-f_dist beat with its own data. No
// assumption is made on the upstream side (valid may drop, data change).
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

wire f_in  = s_valid && s_ready && !clear;
wire f_out = m_valid && m_ready && !clear;

reg [1:0] f_count = 0;
always @(posedge clk)
    if (rst || clear) f_count <= 0;
    else              f_count <= f_count + f_in - f_out;

(* anyseq *) reg f_pick;
reg             f_track = 1'b0;
reg             f_dist = 1'b0;
reg [WIDTH-1:0] f_data = 0;
always @(posedge clk) begin
    if (rst || clear) begin
        f_track <= 1'b0;
    end else if (f_track) begin
        if (f_out) begin
            if (!f_dist) f_track <= 1'b0;
            else         f_dist  <= 1'b0;
        end
    end else if (f_in && f_pick) begin
        f_track <= 1'b1;
        f_data  <= s_data;
        f_dist  <= (f_count - f_out) != 0;
    end
end

always @* if (!f_init) begin
    // at most two beats: the output register and the skid register
    assert(f_count <= 2);
    assert(f_count == m_valid_reg + t_valid_reg);
    assert(!t_valid_reg || m_valid_reg);     // the skid fills only behind the output
    assert(!t_valid_reg || !s_ready_reg);    // and then nothing more is taken
    if (f_track) begin
        assert(f_dist < f_count);
        if (!f_dist) assert(m_data == f_data);
        else         assert(t_valid_reg && t_data_reg == f_data);
    end
end

always @(posedge clk) if (!f_init && !$past(f_init)) begin
    // the output holds while it waits
    if ($past(m_valid && !m_ready && !clear && !rst)) begin
        assert(m_valid);
        assert(m_data == $past(m_data));
    end
    // full rate: a ready output makes the input ready in the next cycle
    if ($past(m_ready && !rst)) assert(s_ready);
    // nothing held after a clear or reset
    if ($past(clear || rst)) assert(!m_valid && !t_valid_reg);
end
`endif
