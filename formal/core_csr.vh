// Properties of core_csr's AXI4-Lite slave (included at the end of a copy
// of the module by formal/run_formal.sh).
//
// The host is any AXI4-Lite master: it holds VALID and the payload until
// READY, drives no VALID in reset, and chooses BREADY/RREADY freely. The
// core answers a soft reset only while one is asked for. f_wr and f_rd
// count requests taken minus responses given.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

// ---- the host (assumptions) ----
always @* if (rst) assume(!s_axil_awvalid && !s_axil_wvalid && !s_axil_arvalid);
always @(posedge clk) if (!f_init && !$past(rst)) begin
    if ($past(s_axil_awvalid && !s_axil_awready))
        assume(s_axil_awvalid && s_axil_awaddr == $past(s_axil_awaddr));
    if ($past(s_axil_wvalid && !s_axil_wready))
        assume(s_axil_wvalid && s_axil_wdata == $past(s_axil_wdata));
    if ($past(s_axil_arvalid && !s_axil_arready))
        assume(s_axil_arvalid && s_axil_araddr == $past(s_axil_araddr));
end
always @* if (sr_done) assume(sr_req);

// ---- requests taken and answered ----
wire f_aw = s_axil_awvalid && s_axil_awready;
wire f_w  = s_axil_wvalid && s_axil_wready;
wire f_b  = s_axil_bvalid && s_axil_bready;
wire f_ar = s_axil_arvalid && s_axil_arready;
wire f_r  = s_axil_rvalid && s_axil_rready;
reg [1:0] f_wr = 2'd0, f_rd = 2'd0;
always @(posedge clk)
    if (rst) begin
        f_wr <= 2'd0;
        f_rd <= 2'd0;
    end else begin
        f_wr <= f_wr + f_aw - f_b;
        f_rd <= f_rd + f_ar - f_r;
    end

always @* if (!f_init && !rst) begin
    // address and data of a write are taken together
    assert(f_aw == f_w);
    // one request of each kind at a time; no response without a request
    assert(f_wr <= 2'd1);
    assert(f_rd <= 2'd1);
    if (s_axil_bvalid) assert(f_wr == 2'd1);
    if (s_axil_rvalid) assert(f_rd == 2'd1);
    if (s_axil_awready) assert(f_wr == 2'd0);
    if (s_axil_arready) assert(f_rd == 2'd0);
    // a taken write (counting the one taken now: it acts in the cycle of
    // its handshake) is in exactly one place on its way to its response:
    // acting, waiting for the soft reset, or answered
    assert((f_wr + f_aw == 2'd1) == (wr_en_reg || sr_wait_reg || bvalid_reg));
    assert(wr_en_reg + sr_wait_reg + bvalid_reg <= 1);
    if (wr_en_reg) assert(f_aw);
    assert((f_rd + f_ar == 2'd1) == (rd_en_reg || rvalid_reg));
    if (rd_en_reg) assert(f_ar);
    assert(!(rd_en_reg && rvalid_reg));
    // a waiting soft-reset write has asked the core for it
    if (sr_wait_reg) assert(sr_req);
    // responses are OKAY (unknown offsets included, docs/core.md 3)
    assert(s_axil_bresp == 2'b00);
    assert(s_axil_rresp == 2'b00);
end

always @(posedge clk) if (!f_init && !$past(f_init) && !rst && !$past(rst)) begin
    // a response waits for READY, unchanged
    if ($past(s_axil_bvalid && !s_axil_bready)) assert(s_axil_bvalid);
    if ($past(s_axil_rvalid && !s_axil_rready))
        assert(s_axil_rvalid && s_axil_rdata == $past(s_axil_rdata));
    // bounded: taken, then answered in the next cycle (reads) or the one
    // after the write acts, unless it waits for the soft reset
    if ($past(rd_en_reg)) assert(s_axil_rvalid);
    if ($past(wr_en_reg)) assert(s_axil_bvalid || sr_wait_reg);
    if ($past(sr_wait_reg && sr_done)) assert(s_axil_bvalid);
    // nothing is left waiting: a request offered while none is open is
    // taken in the next cycle
    if ($past(s_axil_awvalid && s_axil_wvalid && f_wr == 2'd0 && !s_axil_awready))
        assert(s_axil_awready);
    if ($past(s_axil_arvalid && f_rd == 2'd0 && !s_axil_arready))
        assert(s_axil_arready);
end
`endif
