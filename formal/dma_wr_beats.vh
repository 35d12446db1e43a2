// Properties of dma_wr's AXI4 write bursts as a slave sees them (included
// at the end of a copy of the module by formal/run_formal.sh):
//  - WLAST on exactly the last beat of each burst: the n-th W burst (beats
//    up to its WLAST) belongs to the n-th AW and has AWLEN + 1 beats, also
//    when its beats come before its AW (AXI allows it; checked when the
//    AW arrives);
//  - WSTRB of a burst's first beat has no strobe below AWADDR's offset in
//    the bus word;
//  - write bursts outstanding (AW taken, B not yet given) never exceed
//    2^OUTSTANDING_LOG2.
// Environment as in dma_wr.vh: dma_wr's contract, a free byte stream, a
// memory that answers B, at any pace, only for a burst whose AW and last
// W beat it took (AXI's rule; dma_wr.vh lets B come after the AW alone).
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

wire f_aw = m_axi_awvalid && m_axi_awready;
wire f_w  = m_axi_wvalid && m_axi_wready;
wire f_b  = m_axi_bvalid && m_axi_bready;

// outstanding writes: AW taken, B not yet given
reg [7:0] f_out = 8'd0;
always @(posedge clk)
    if (rst) f_out <= 8'd0;
    else     f_out <= f_out + f_aw - f_b;
always @* if (!f_init && !rst) assert(f_out <= (8'd1 << OUTSTANDING_LOG2));

// AWs taken whose W burst has not ended: their AWLEN and the offset of
// AWADDR in the bus word, oldest in slot 0 (4 slots; the bound is
// asserted). W bursts that ended (WLAST) before their AW: beats - 1 and
// the first beat's WSTRB. The W burst in progress: beats so far and its
// first WSTRB.
reg [7:0]      f_len0, f_len1, f_len2, f_len3;
reg [DBL-1:0]  f_off0, f_off1, f_off2, f_off3;
reg [2:0]      f_n = 3'd0;
reg [7:0]      f_el0, f_el1, f_el2, f_el3;
reg [DB-1:0]   f_es0, f_es1, f_es2, f_es3;
reg [2:0]      f_en = 3'd0;
reg [8:0]      f_wb = 9'd0;
reg [DB-1:0]   f_strb0 = {DB{1'b0}};

// the AW the current W burst belongs to, if taken by this edge
wire           f_known = (f_n != 0) || (f_aw && f_en == 0);
wire [7:0]     f_hlen  = (f_n != 0) ? f_len0 : m_axi_awlen;
wire [DBL-1:0] f_hoff  = (f_n != 0) ? f_off0 : m_axi_awaddr[DBL-1:0];
wire [DB-1:0]  f_below = ({{(DB-1){1'b0}}, 1'b1} << f_hoff) - 1'b1;
wire [DB-1:0]  f_below_aw = ({{(DB-1){1'b0}}, 1'b1} << m_axi_awaddr[DBL-1:0]) - 1'b1;

always @* if (!f_init && !rst) begin
    assert(f_n <= 3'd3 && f_en <= 3'd3);
    assert(f_n == 0 || f_en == 0);   // early bursts are matched first
    if (f_w && f_known) begin
        assert(m_axi_wlast == (f_wb == {1'b0, f_hlen}));
        if (f_wb == 0)
            assert((m_axi_wstrb & f_below) == 0);
    end
    if (f_w && !f_known)
        assert(f_wb < 9'd255 || m_axi_wlast);   // at most 256 beats
    // an AW for a burst whose beats all came first: the same length, and
    // the first beat's strobes inside the transfer
    if (f_aw && f_en != 0) begin
        assert(m_axi_awlen == f_el0);
        assert((f_es0 & f_below_aw) == 0);
    end
    // an AW for a burst part-way: longer than the beats sent
    if (f_aw && f_en == 0 && f_n == 0 && f_wb != 0) begin
        assert(f_wb <= {1'b0, m_axi_awlen});
        assert((f_strb0 & f_below_aw) == 0);
    end
end

// next state: the AW first (it may own this edge's W beat), then the W beat
reg [7:0]     n_len0, n_len1, n_len2, n_len3, n_el0, n_el1, n_el2, n_el3;
reg [DBL-1:0] n_off0, n_off1, n_off2, n_off3;
reg [DB-1:0]  n_es0, n_es1, n_es2, n_es3;
reg [2:0]     n_n, n_en;
always @* begin
    {n_len0, n_len1, n_len2, n_len3} = {f_len0, f_len1, f_len2, f_len3};
    {n_off0, n_off1, n_off2, n_off3} = {f_off0, f_off1, f_off2, f_off3};
    {n_el0, n_el1, n_el2, n_el3} = {f_el0, f_el1, f_el2, f_el3};
    {n_es0, n_es1, n_es2, n_es3} = {f_es0, f_es1, f_es2, f_es3};
    n_n = f_n;
    n_en = f_en;
    if (f_aw) begin
        if (n_en != 0) begin          // matches the oldest early burst
            {n_el0, n_el1, n_el2} = {n_el1, n_el2, n_el3};
            {n_es0, n_es1, n_es2} = {n_es1, n_es2, n_es3};
            n_en = n_en - 3'd1;
        end else begin
            case (n_n[1:0])
                2'd0: begin n_len0 = m_axi_awlen; n_off0 = m_axi_awaddr[DBL-1:0]; end
                2'd1: begin n_len1 = m_axi_awlen; n_off1 = m_axi_awaddr[DBL-1:0]; end
                2'd2: begin n_len2 = m_axi_awlen; n_off2 = m_axi_awaddr[DBL-1:0]; end
                default: begin n_len3 = m_axi_awlen; n_off3 = m_axi_awaddr[DBL-1:0]; end
            endcase
            n_n = n_n + 3'd1;
        end
    end
    if (f_w && m_axi_wlast) begin
        if (n_n != 0) begin           // its AW is known: the burst is done
            {n_len0, n_len1, n_len2} = {n_len1, n_len2, n_len3};
            {n_off0, n_off1, n_off2} = {n_off1, n_off2, n_off3};
            n_n = n_n - 3'd1;
        end else begin                // ended before its AW
            case (n_en[1:0])
                2'd0: begin n_el0 = f_wb[7:0]; n_es0 = (f_wb == 0) ? m_axi_wstrb : f_strb0; end
                2'd1: begin n_el1 = f_wb[7:0]; n_es1 = (f_wb == 0) ? m_axi_wstrb : f_strb0; end
                2'd2: begin n_el2 = f_wb[7:0]; n_es2 = (f_wb == 0) ? m_axi_wstrb : f_strb0; end
                default: begin n_el3 = f_wb[7:0]; n_es3 = (f_wb == 0) ? m_axi_wstrb : f_strb0; end
            endcase
            n_en = n_en + 3'd1;
        end
    end
end

// bursts complete (AW and WLAST taken) and not yet answered: B only then
wire f_cmpl = (f_aw && f_en != 0) || (f_w && m_axi_wlast && f_known);
reg [7:0] f_bowed = 8'd0;
always @(posedge clk)
    if (rst) f_bowed <= 8'd0;
    else     f_bowed <= f_bowed + f_cmpl - f_b;
always @* if (m_axi_bvalid) assume(f_bowed != 0);

always @(posedge clk) begin
    {f_len0, f_len1, f_len2, f_len3} <= {n_len0, n_len1, n_len2, n_len3};
    {f_off0, f_off1, f_off2, f_off3} <= {n_off0, n_off1, n_off2, n_off3};
    {f_el0, f_el1, f_el2, f_el3} <= {n_el0, n_el1, n_el2, n_el3};
    {f_es0, f_es1, f_es2, f_es3} <= {n_es0, n_es1, n_es2, n_es3};
    if (rst) begin
        f_n <= 3'd0;
        f_en <= 3'd0;
        f_wb <= 9'd0;
    end else begin
        f_n <= n_n;
        f_en <= n_en;
        if (f_w) begin
            if (f_wb == 0)
                f_strb0 <= m_axi_wstrb;
            f_wb <= m_axi_wlast ? 9'd0 : f_wb + 9'd1;
        end
    end
end
`endif
