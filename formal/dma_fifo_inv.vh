// Invariants of dma_fifo, for the proof of a module that instantiates it
// (formal/run_formal.sh `# sub:` includes this file at the end of a copy
// of dma_fifo). They hold whatever the FIFO's inputs do (dma_fifo.vh and
// dma_fifo_oreg.vh prove more), and k-induction of the module above needs
// them: without them the induction may start from a FIFO whose output is
// empty while its array holds entries, which then appear from nowhere.
`ifdef FORMAL
reg f_sub_init = 1'b1;
always @(posedge clk) f_sub_init <= 1'b0;

(* keep *) wire [DEPTH_LOG2:0] f_sub_used = wr_ptr_reg - rd_ptr_reg;   // entries in the array
// taps for the module above (nothing here asserts on them): the array's
// head entry and the one behind it. A proof above names them after `flatten` (`connect -set
// <its wire> <instance>.f_sub_head` in its .sby), since its own
// properties cannot name a submodule's signals.
(* keep *) wire [WIDTH-1:0]    f_sub_head = a_data;
(* keep *) wire [WIDTH-1:0]    f_sub_next = mem[rd_ptr_reg[DEPTH_LOG2-1:0] + 1'b1];  // the one behind it

always @* if (!f_sub_init) begin
    // the array holds entries only behind a full output register (with
    // OUT_REG = 0 the output is the array's head, so this is a tautology)
    assert(out_valid || !a_valid);
    // the pointers are at most DEPTH apart
    assert(f_sub_used <= DEPTH);
    // the full flag is the pointers' distance
    assert(full_reg == (f_sub_used == DEPTH));
end
`endif
