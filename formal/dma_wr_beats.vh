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
wire [DB-1:0]  f_below_aw_reg = ({{(DB-1){1'b0}}, 1'b1} << aw_a_reg[DBL-1:0]) - 1'b1;

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
// ---------------------------------------------------------------------
// Invariants that make the above inductive (asserted, so proven too):
// the reference's bursts related to dma_wr's state. The bursts whose W
// burst has not ended, in order: the AWs taken (f_len/f_off, f_n of them)
// and then the AW still in dma_wr's register (aw_*_reg) unless its beats
// all went first (f_en). The first L of them (L: last beats in the W skid
// buffer) end in the skid buffer, the rest are the meta FIFO's entries in
// order (its output register, then its array's head), each with that
// burst's AWLEN and offset. The beats of the burst on the bus: given
// (f_wb) + in the skid buffer + in the head's beat counter.
// The array's head, the array's count and the skid register are taps
// (formal/dma_fifo_inv.vh, dma_skid_inv.vh), wired up after `flatten`
// by the .sby's `connect -set`; left undriven they would be free, and the
// assertions below would fail, not pass.
localparam FSW = DATA_WIDTH + DB + 1 + 32 + G + 4;    // the skid's payload
(* keep *) wire [MWX-1:0]            f_mhead;     // meta_fifo.f_sub_head
(* keep *) wire [OUTSTANDING_LOG2:0] f_mused;     // meta_fifo.f_sub_used
(* keep *) wire [OUTSTANDING_LOG2:0] f_bused;     // b_fifo.f_sub_used
(* keep *) wire                      f_tv;        // w_skid.f_sub_t_valid
(* keep *) wire [FSW-1:0]            f_td;        // w_skid.f_sub_t_data
/* verilator lint_off UNUSEDSIGNAL */
wire [DATA_WIDTH-1:0] f_t_data;
wire [DB-1:0]         f_t_strb;
wire                  f_t_last;
wire [31:0]           f_t_addr;
wire [G-1:0]          f_t_pmask;
wire                  f_t_onchip, f_t_psum, f_t_end, f_t_slot;
/* verilator lint_on UNUSEDSIGNAL */
assign {f_t_data, f_t_strb, f_t_last, f_t_addr, f_t_pmask, f_t_onchip, f_t_psum, f_t_end, f_t_slot} = f_td;
// the burst slice's skid register (b_skid.f_sub_t_*), placed as in its s_data
localparam FGW = ADDR_WIDTH + 3 * (DBL + 1) + 8 + 2 + DBL;
(* keep *) wire                      f_gtv;       // b_skid.f_sub_t_valid
(* keep *) wire [FGW-1:0]            f_gtd;       // b_skid.f_sub_t_data
/* verilator lint_off UNUSEDSIGNAL */
wire                  f_g_xp, f_g_single;
wire [DBL-1:0]        f_g_off;
wire [DBL:0]          f_g_nfirst, f_g_lo, f_g_hi;
wire [ADDR_WIDTH-1:0] f_g_addr;
wire [7:0]            f_g_bm1;
/* verilator lint_on UNUSEDSIGNAL */
assign {f_g_xp, f_g_off, f_g_nfirst, f_g_single, f_g_addr, f_g_lo, f_g_hi, f_g_bm1} = f_gtd;
// the array head's fields (placed as in the meta FIFO's in_data)
wire [7:0]     f_a_bm1    = f_mhead[12:5];
wire [DBL:0]   f_a_lo     = f_mhead[2*(DBL+1)+12 : DBL+14];
wire           f_a_onchip = f_mhead[4];
wire           f_a_single = f_mhead[MW-1];

// the bursts not ended on W, in order: Q[0], Q[1], Q[2]
wire [2:0]     f_nq   = f_n + {2'd0, aw_v_reg && f_en == 0};
wire [7:0]     f_ql0  = (f_n > 3'd0) ? f_len0 : aw_l_reg;
wire [7:0]     f_ql1  = (f_n > 3'd1) ? f_len1 : aw_l_reg;
wire [7:0]     f_ql2  = (f_n > 3'd2) ? f_len2 : aw_l_reg;
wire [DBL-1:0] f_qo0  = (f_n > 3'd0) ? f_off0 : aw_a_reg[DBL-1:0];
wire [DBL-1:0] f_qo1  = (f_n > 3'd1) ? f_off1 : aw_a_reg[DBL-1:0];
wire [DBL-1:0] f_qo2  = (f_n > 3'd2) ? f_off2 : aw_a_reg[DBL-1:0];
wire           f_mlast = sk_valid && sk_last;          // last beats in the skid buffer
wire           f_tlast = f_tv && f_t_last;
wire [2:0]     f_nl   = {2'd0, f_mlast} + {2'd0, f_tlast};
wire [2:0]     f_nm   = {2'd0, meta_valid} + {{(2-OUTSTANDING_LOG2){1'b0}}, f_mused};
wire [1:0]     f_ns   = {1'b0, sk_valid} + {1'b0, f_tv};
// Q[L] and Q[L+1]: the meta FIFO's output register's burst and the next
wire [7:0]     f_hql  = (f_nl == 3'd0) ? f_ql0 : (f_nl == 3'd1) ? f_ql1 : f_ql2;
wire [DBL-1:0] f_hqo  = (f_nl == 3'd0) ? f_qo0 : (f_nl == 3'd1) ? f_qo1 : f_qo2;
wire [7:0]     f_aql  = (f_nl == 3'd0) ? f_ql1 : f_ql2;
wire [DBL-1:0] f_aqo  = (f_nl == 3'd0) ? f_qo1 : f_qo2;
wire [DB-1:0]  f_below0 = ({{(DB-1){1'b0}}, 1'b1} << f_qo0) - 1'b1;
wire [DB-1:0]  f_below1 = ({{(DB-1){1'b0}}, 1'b1} << f_qo1) - 1'b1;

always @* if (!f_init && !rst) begin
    // responses: every burst taken is in the B FIFO until its B (the
    // terms bounded, so that the 8-bit sums cannot wrap)
    assert(f_bowed <= (8'd1 << OUTSTANDING_LOG2) && {5'd0, f_n} <= (8'd1 << OUTSTANDING_LOG2));
    assert(f_out == f_bowed + {5'd0, f_n});
    assert({{(7-OUTSTANDING_LOG2){1'b0}}, f_bused} == f_bowed + {5'd0, f_n} + {7'd0, aw_v_reg});
    // a W burst that ended before its AW: the AW waiting in the register
    assert(f_en <= 3'd1);
    if (f_en != 0) begin
        assert(aw_v_reg && f_el0 == aw_l_reg);
        assert((f_es0 & f_below_aw_reg) == 0);
    end
    // the meta FIFO holds the bursts that do not end in the skid buffer
    assert(f_nq >= f_nl && f_nm == f_nq - f_nl);
    if (meta_valid) begin
        assert(h_bm1 == f_hql && h_lo == {1'b0, f_hqo});
        assert(h_single == (h_bm1 == 8'd0) && !h_onchip);
        assert(beat_reg <= h_bm1);
        assert(first_reg == (beat_reg == 8'd0));
        assert(lastm_reg == (beat_reg != 8'd0 && beat_reg == h_bm1));
    end else begin
        assert(beat_reg == 8'd0 && first_reg && !lastm_reg);
    end
    if (f_mused != 0) begin
        assert(f_a_bm1 == f_aql && f_a_lo == {1'b0, f_aqo});
        assert(f_a_single == (f_a_bm1 == 8'd0) && !f_a_onchip);
    end
    // the bursts in the slice (its output and skid registers) as dma_agen
    // forms them: the first lane is the address's, and the one-beat flag
    // and first-beat count follow from the geometry
    if (b_valid) begin
        assert(b_lo == {1'b0, b_addr[DBL-1:0]});
        assert(b_single == (b_beats_m1 == 8'd0));
        assert(b_nfirst == (b_single ? b_hi : DB[DBL:0]) - b_lo);
    end
    if (f_gtv) begin
        assert(f_g_lo == {1'b0, f_g_addr[DBL-1:0]});
        assert(f_g_single == (f_g_bm1 == 8'd0));
        assert(f_g_nfirst == (f_g_single ? f_g_hi : DB[DBL:0]) - f_g_lo);
    end
    // the skid buffer: DRAM beats; the beats of the burst on the bus
    // (at most 255 before its last, so that the 9-bit sums cannot wrap)
    assert(f_wb <= 9'd255);
    if (sk_valid) assert(!sk_onchip);
    if (f_tv)     assert(!f_t_onchip);
    if (f_mlast) begin
        assert(f_wb == {1'b0, f_ql0});
        assert(beat_reg == {7'd0, f_tv && !f_t_last});
        if (f_tlast) assert(f_ql1 == 8'd0);
    end else if (f_tlast) begin
        assert(f_wb + 9'd1 == {1'b0, f_ql0});
        assert(beat_reg == 8'd0);
    end else begin
        assert({1'b0, beat_reg} == f_wb + {7'd0, f_ns});
    end
    // first beats' strobes: on the bus so far, in the output, in the skid
    if (f_wb != 0) assert((f_strb0 & f_below0) == 0);
    if (sk_valid && f_wb == 0) assert((sk_strb & f_below0) == 0);
    if (f_tv && f_mlast) assert((f_t_strb & f_below1) == 0);
end
`endif
