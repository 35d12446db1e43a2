// Properties of dma_pingpong (included at the end of a copy of the module
// by formal/run_formal.sh, so they see its registers).
//
// f_ref is a dma_skid on the same inputs: every output of the two is
// equal in every cycle (m_data while m_valid), which makes dma_pingpong a
// drop-in for it. The invariants tie the two states together: the same
// number of beats, the older beat at the pointer equal to dma_skid's
// output register, the newer one equal to its skid register. One input
// beat, chosen freely by the solver, is also followed through the
// entries (slice_track.vh, shared with dma_skid.vh), so that order and
// integrity are shown on dma_pingpong itself too.
`ifdef FORMAL
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

wire [WIDTH-1:0] f_newer = rp_reg ? e0_reg : e1_reg;  // the newer of two beats
`include "slice_track.vh"

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
end

`endif
