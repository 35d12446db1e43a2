// Taps of dma_bypass for the proof of a module that instantiates it
// (formal/run_formal.sh `# sub:` includes this file at the end of a copy
// of dma_bypass), as in dma_skid_inv.vh: the held beat, which the proof
// above names after `flatten` (`connect -set <its wire>
// <instance>.f_sub_full`). Every state of the buffer is a legal one, so
// nothing is asserted here; the module above says what a held beat
// carries.
`ifdef FORMAL
(* keep *) wire             f_sub_full = full_reg;
(* keep *) wire [WIDTH-1:0] f_sub_data = data_reg;
`endif
