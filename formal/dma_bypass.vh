// Properties of dma_bypass (included at the end of a copy of the module by
// formal/run_formal.sh, so they see its registers).
//
// f_count counts beats inside (in minus out handshakes; a beat passing
// straight through is both in one cycle). f_hold is the reference copy of
// a beat offered and not taken. No assumption is made on either side
// (valid may drop, data change, ready do anything).
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

wire f_in  = s_valid && s_ready && !clear;
wire f_out = m_valid && m_ready && !clear;

reg             f_count = 1'b0;
reg [WIDTH-1:0] f_hold  = 0;
always @(posedge clk) begin
    if (rst || clear) f_count <= 1'b0;
    else              f_count <= f_count + f_in - f_out;
    if (!rst && !clear && f_in && !f_out) f_hold <= s_data;
end

always @* if (!f_init) begin
    // at most one beat inside, and only the register holds one
    assert(f_count == full_reg);
    if (full_reg) begin
        // held: nothing more is taken, and the held beat is offered first
        assert(!s_ready);
        assert(m_valid && m_data == f_hold);
    end else begin
        // empty: the input passes straight through, at once
        assert(s_ready);
        assert(m_valid == s_valid && m_data == s_data);
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
    if ($past(clear || rst)) assert(!full_reg);
end
`endif
