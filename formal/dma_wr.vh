// Properties of dma_wr's AXI4 write address and data channels (included
// at the end of a copy of the module by formal/run_formal.sh).
//
// The engine keeps dma_wr's contract (start only while not issuing, the
// pattern unchanged while issuing, counts nonzero; DRAM destinations
// only here); the byte stream is free; the memory answers B only for
// bursts whose address it took, at any pace.
`ifdef FORMAL
reg f_init = 1'b1;
always @(posedge clk) f_init <= 1'b0;
always @* if (f_init) assume(rst);

always @* assume(!onchip);
always @* if (start) assume(!issuing && count0 != 0 && count1 != 0 && count2 != 0);
always @(posedge clk) if (!f_init && $past(issuing) && !$past(rst)) begin
    assume(addr == $past(addr) && esize_log2 == $past(esize_log2));
    assume(count0 == $past(count0) && count1 == $past(count1) && count2 == $past(count2));
    assume(stride0 == $past(stride0) && stride1 == $past(stride1) && stride2 == $past(stride2));
end

// responses the memory owes: one per burst address taken
reg [7:0] f_owed = 8'd0;
wire f_aw = m_axi_awvalid && m_axi_awready;
wire f_b  = m_axi_bvalid && m_axi_bready;
always @(posedge clk)
    if (rst) f_owed <= 8'd0;
    else     f_owed <= f_owed + f_aw - f_b;
always @* if (m_axi_bvalid) assume(f_owed != 0);

reg f_started = 1'b0;
always @(posedge clk)
    if (rst)        f_started <= 1'b0;
    else if (start) f_started <= 1'b1;

always @* if (!f_init && !rst) begin
    assert(m_axi_awburst == 2'b01 && m_axi_awsize == DBL && m_axi_awid == 0);
    assert(m_axi_bready);
    if (!f_started) begin                     // nothing before new work
        assert(!m_axi_awvalid && !m_axi_wvalid);
        assert(!busy);                        // (what makes that inductive)
    end
end

always @(posedge clk) if (!f_init && !$past(f_init) && !$past(rst) && !rst) begin
    if ($past(m_axi_awvalid && !m_axi_awready)) begin
        assert(m_axi_awvalid);
        assert(m_axi_awaddr == $past(m_axi_awaddr) && m_axi_awlen == $past(m_axi_awlen));
    end
    if ($past(m_axi_wvalid && !m_axi_wready)) begin
        assert(m_axi_wvalid);
        assert(m_axi_wdata == $past(m_axi_wdata) && m_axi_wstrb == $past(m_axi_wstrb));
        assert(m_axi_wlast == $past(m_axi_wlast));
    end
end
`endif
