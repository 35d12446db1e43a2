// Properties of dma_pingpong (included at the end of a copy of the module
// by formal/run_formal.sh, so they see its registers).
//
// f_ref is a dma_skid on the same inputs: every output of the two is
// equal in every cycle (m_data while m_valid), which makes dma_pingpong a
// drop-in for it. The invariants tie the two states together: the same
// number of beats, the older beat at the pointer equal to dma_skid's
// output register, the newer one equal to its skid register. One input
// beat, chosen freely by the solver, is also followed through the
// entries, as in dma_skid.vh, so that order and integrity are shown on
// dma_pingpong itself too.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

wire             f_ref_s_ready;
wire             f_ref_m_valid;
wire [WIDTH-1:0] f_ref_m_data;
(* keep *) wire             f_ref_t_valid;  // f_ref.f_sub_t_valid
(* keep *) wire [WIDTH-1:0] f_ref_t_data;   // f_ref.f_sub_t_data

dma_skid #(
    .WIDTH (WIDTH)
) f_ref (
    .clk     (clk),
    .rst     (rst),
    .clear   (clear),
    .s_valid (s_valid),
    .s_ready (f_ref_s_ready),
    .s_data  (s_data),
    .m_valid (f_ref_m_valid),
    .m_ready (m_ready),
    .m_data  (f_ref_m_data)
);

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

wire [WIDTH-1:0] f_newer = rp_reg ? e0_reg : e1_reg;

always @* if (!f_init) begin
    // the ports, against dma_skid
    assert(s_ready == f_ref_s_ready);
    assert(m_valid == f_ref_m_valid);
    if (m_valid) assert(m_data == f_ref_m_data);
    // the states
    assert(full_reg == f_ref_t_valid);
    if (full_reg) assert(f_newer == f_ref_t_data);
    assert(f_count == m_valid_reg + full_reg);
    assert(!full_reg || m_valid_reg);
    assert(!full_reg || !s_ready_reg);
    assert(wp_reg == (rp_reg ^ m_valid_reg ^ full_reg));
    // the followed beat
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
`endif
