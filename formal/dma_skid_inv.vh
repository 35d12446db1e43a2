// Invariants of dma_skid, for the proof of a module that instantiates it
// (formal/run_formal.sh `# sub:` includes this file at the end of a copy
// of dma_skid). They hold whatever the buffer's inputs do (dma_skid.vh
// proves them with more), and k-induction of the module above needs them:
// without them the induction may start from a full skid register behind
// an empty output, whose beat then appears from nowhere.
`ifdef FORMAL
reg f_sub_init = 1'b1;
always @(posedge clk) f_sub_init <= 1'b0;

// taps for the module above (as in dma_fifo_inv.vh): the skid register
(* keep *) wire             f_sub_t_valid = t_valid_reg;
(* keep *) wire [WIDTH-1:0] f_sub_t_data  = t_data_reg;

always @* if (!f_sub_init) begin
    assert(!t_valid_reg || m_valid_reg);     // the skid fills only behind the output
    assert(!t_valid_reg || !s_ready_reg);    // and then nothing more is taken
end
`endif
