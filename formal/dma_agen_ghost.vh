// Ghost registers shared by the window proofs of dma_agen
// (dma_agen_window.vh, dma_agen_extent.vh), which include this file after
// declaring FW (their width) and f_x0, f_x1, f_x2 (FW bits: what each
// dimension spans, (n_k - 1) * stride_k, as the including proof defines it
// in the cycle of `start`). They follow dma_agen's walk step for step,
// by additions only:
//   f_e<k>  the span of dimension k, kept from `start`;
//   f_r<k>  what the walk has still to add along dimension k to reach that
//           dimension's last index: the span at the start of the dimension,
//           one stride less at each step along it.
// Nothing of the module reads them.
reg [FW-1:0] f_e0, f_e1, f_e2;
reg [FW-1:0] f_r0, f_r1, f_r2;
// a walk step to the next row (the RTL's own condition for one)
wire f_step = !start && !stop && active_reg && (!bv_reg || burst_ready) && row_done && !last_row;
always @(posedge clk) begin
    if (start) begin
        f_e0 <= f_x0;  f_e1 <= f_x1;  f_e2 <= f_x2;
        f_r0 <= f_x0;  f_r1 <= f_x1;  f_r2 <= f_x2;
    end else if (f_step) begin
        if (!i0z_reg) begin
            f_r0 <= f_r0 - {{(FW-32){1'b0}}, stride0};
        end else if (!i1z_reg) begin
            f_r0 <= f_e0;
            f_r1 <= f_r1 - {{(FW-32){1'b0}}, stride1};
        end else begin
            f_r0 <= f_e0;
            f_r1 <= f_e1;
            f_r2 <= f_r2 - {{(FW-32){1'b0}}, stride2};
        end
    end
end
