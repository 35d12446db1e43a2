// Properties of dma_skid (included at the end of a copy of the module by
// formal/run_formal.sh, so they see its registers): a followed beat in
// order and intact, the output held while not taken, full rate
// (slice_track.vh), and the two registers' roles.
`ifdef FORMAL
wire [WIDTH-1:0] f_newer = t_data_reg;  // the newer of two beats: the skid register
`include "slice_track.vh"

always @* if (!f_init) begin
    // at most two beats: the output register and the skid register
    assert(f_count == m_valid_reg + t_valid_reg);
    assert(!t_valid_reg || m_valid_reg);     // the skid fills only behind the output
    assert(!t_valid_reg || !s_ready_reg);    // and then nothing more is taken
end

// nothing held after a clear or reset
always @(posedge clk) if (!f_init && !$past(f_init))
    if ($past(clear || rst)) assert(!m_valid && !t_valid_reg);
`endif
