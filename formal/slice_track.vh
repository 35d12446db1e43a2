// Shared by the properties of the two-beat register slices (dma_skid.vh,
// dma_pingpong.vh), included inside the module after the file has
// declared f_newer, the newer of two beats held.
//
// f_count counts beats inside (in minus out handshakes). One input beat,
// chosen freely by the solver, is followed: f_dist beats are ahead of it,
// and it must leave as the next-but-f_dist beat with its own data. No
// assumption is made on the upstream side (valid may drop, data change).
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
    assert(f_count <= 2);
    if (f_track) begin
        assert(f_dist < f_count);
        if (!f_dist) assert(m_data == f_data);
        else         assert(f_newer == f_data);
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
end
