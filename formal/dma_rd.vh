// Properties of dma_rd's AXI4 read address channel (included at the end
// of a copy of the module by formal/run_formal.sh).
//
// The engine keeps dma_rd's contract (start only while not issuing, the
// pattern unchanged while issuing, counts nonzero; DRAM sources only
// here); the memory answers only beats it owes, at any pace.
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

// beats the memory owes: ARLEN+1 per burst taken, minus beats given
reg [11:0] f_owed = 12'd0;
wire f_ar = m_axi_arvalid && m_axi_arready;
wire f_r  = m_axi_rvalid && m_axi_rready;
always @(posedge clk)
    if (rst) f_owed <= 12'd0;
    else     f_owed <= f_owed + (f_ar ? {4'd0, m_axi_arlen} + 12'd1 : 12'd0) - f_r;
always @* if (m_axi_rvalid) assume(f_owed != 0);

// since reset, has a job started?
reg f_started = 1'b0;
always @(posedge clk)
    if (rst)        f_started <= 1'b0;
    else if (start) f_started <= 1'b1;

always @* if (!f_init && !rst) begin
    assert(m_axi_arburst == 2'b01 && m_axi_arsize == DBL && m_axi_arid == 0);
    if (!f_started) assert(!m_axi_arvalid);   // nothing before new work
    if (!f_started) assert(!busy);            // (what makes that inductive)
end

always @(posedge clk) if (!f_init && !$past(f_init) && !$past(rst) && !rst)
    if ($past(m_axi_arvalid && !m_axi_arready)) begin
        assert(m_axi_arvalid);
        assert(m_axi_araddr == $past(m_axi_araddr));
        assert(m_axi_arlen == $past(m_axi_arlen));
    end

`ifdef F_OUTSTANDING
// (formal/dma_rd_outstanding.sby, k-induction) read bursts outstanding on the bus,
// AR taken and last R beat not yet given, never more than the meta FIFO
// holds with its registered head: 2^OUTSTANDING_LOG2 + 1. The memory
// answers in order (ID 0 only), so the oldest burst's ARLEN says which
// beat ends it; it answers only bursts it owes.
reg [7:0] f_len [0:7];
reg [3:0] f_wp = 4'd0, f_rp = 4'd0;       // one wrap bit
reg [7:0] f_beat = 8'd0;                  // beats of the oldest burst given
wire [3:0] f_nb = f_wp - f_rp;
wire       f_end = f_r && f_beat == f_len[f_rp[2:0]];
always @(posedge clk) begin
    if (rst) begin
        f_wp <= 4'd0; f_rp <= 4'd0; f_beat <= 8'd0;
    end else begin
        if (f_ar) begin
            f_len[f_wp[2:0]] <= m_axi_arlen;
            f_wp <= f_wp + 4'd1;
        end
        if (f_end) begin
            f_rp   <= f_rp + 4'd1;
            f_beat <= 8'd0;
        end else if (f_r) begin
            f_beat <= f_beat + 8'd1;
        end
    end
end
always @* if (m_axi_rvalid) assume(f_nb != 0);
always @* if (!f_init && !rst) assert(f_nb <= (1 << OUTSTANDING_LOG2) + 1);
always @* if (!f_init) cover(f_nb == (1 << OUTSTANDING_LOG2) + 1);

// Invariants that make the bound inductive (asserted, so proven too): the
// reference's bursts related to dma_rd's state. The meta FIFO's entries,
// in order (its output register, its array's head, the entry behind it),
// are: the bursts whose last R beat was given but is still in the
// response skid buffer (f_nl of them), then the bursts open on the bus
// (f_nb), then the AR waiting in dma_rd's register. Each entry has its
// burst's ARLEN; the beats given of these bursts are those the head's
// beat counter took plus those in the skid buffer. The array entries and
// the skid register's flag and b_hold's burst are taps (formal/dma_fifo_inv.vh,
// dma_skid_inv.vh, dma_bypass_inv.vh), wired up after `flatten` by the .sby's `connect
// -set`; left undriven they would be free and these assertions fail.
(* keep *) wire [MW-1:0]             f_mhead;    // meta_fifo.f_sub_head
(* keep *) wire [MW-1:0]             f_mnext;    // meta_fifo.f_sub_next
(* keep *) wire [OUTSTANDING_LOG2:0] f_mused;    // meta_fifo.f_sub_used
(* keep *) wire                      f_tv;       // rsp_skid.f_sub_t_valid
// the burst held in b_hold (b_hold.f_sub_*), placed as in its s_data:
// {one beat, first beat's count, addr, lo, hi, beats-1, last}
(* keep *) wire                      f_gv;       // b_hold.f_sub_full
(* keep *) wire [ADDR_WIDTH+3*(DBL+1)+9:0] f_gd; // b_hold.f_sub_data
wire [7:0]  f_e1     = f_mhead[11:4];
wire [7:0]  f_e2     = f_mnext[11:4];
wire [2:0]  f_nm     = {2'd0, meta_valid} + {{(2-OUTSTANDING_LOG2){1'b0}}, f_mused};
wire [3:0]  f_nl     = {1'b0, f_nm} - {3'd0, ar_v_reg} - f_nb;
wire [1:0]  f_ns     = {1'b0, rsp_valid} + {1'b0, f_tv};
wire [2:0]  f_i0     = f_rp[2:0] - f_nl[2:0];          // the reference's slot of entry 0
wire [2:0]  f_nr     = f_nm - {2'd0, ar_v_reg};         // entries that are bursts the bus took
wire [7:0]  f_x0     = (ar_v_reg && f_nm == 3'd1) ? ar_l_reg : f_len[f_i0];
wire [7:0]  f_x1     = (ar_v_reg && f_nm == 3'd2) ? ar_l_reg : f_len[f_i0 + 3'd1];
wire [7:0]  f_x2     = (ar_v_reg && f_nm == 3'd3) ? ar_l_reg : f_len[f_i0 + 3'd2];
wire [10:0] f_done   = ((f_nl != 0) ? {3'd0, h_bm1} + 11'd1 : 11'd0) +
                       ((f_nl >= 4'd2) ? {3'd0, f_e1} + 11'd1 : 11'd0);
// the meta FIFO's entries of slot 1 (their sequence number's low bit; the
// three entries above are all there are at OUTSTANDING_LOG2 = 1)
wire [2:0]  f_c1     = {2'd0, f_nm >= 3'd1 && h_seq[0]} + {2'd0, f_nm >= 3'd2 && f_mhead[0]} +
                       {2'd0, f_nm >= 3'd3 && f_mnext[0]};
always @* if (!f_init && !rst) begin
    assert(!kind_reg && !oc_v_reg);                  // DRAM only
    assert(f_nm >= {2'd0, ar_v_reg} && f_nr >= f_nb[2:0] && f_nb <= 4'd3 && f_nl <= 4'd2);
    assert(f_nl <= {2'd0, f_ns});
    if (f_nm >= 3'd1) assert(h_bm1 == f_x0);
    if (f_nm >= 3'd2) assert(f_e1 == f_x1 && f_mhead[MW-1] == (f_e1 == 8'd0));
    if (f_nm >= 3'd3) assert(f_e2 == f_x2 && f_mnext[MW-1] == (f_e2 == 8'd0));
    // a held burst carries its one-beat flag as formed from its beats
    if (f_gv) assert(f_gd[ADDR_WIDTH+3*(DBL+1)+9] == (f_gd[8:1] == 8'd0));
    if (meta_valid) begin
        assert(h_single == (h_bm1 == 8'd0));
        assert(beat_reg <= h_bm1);
        assert(first_reg == (beat_reg == 8'd0));
        assert(lastm_reg == (beat_reg != 8'd0 && beat_reg == h_bm1));
    end else begin
        assert(beat_reg == 8'd0 && first_reg && !lastm_reg);
    end
    // the beats given of the bursts in the meta FIFO
    if (f_nb == 0) assert(f_beat == 8'd0);
    else           assert(f_beat <= f_len[f_rp[2:0]]);
    assert({3'd0, beat_reg} + {9'd0, f_ns} == {3'd0, f_beat} + f_done);
    // slot_busy from iss_reg is the same as from the generator's flags:
    // iss_reg is set for the issuing job's slot only, it is high while
    // the job issues, and in the cycle after, its last burst is counted
    // (the counts are the meta FIFO's entries, by slot)
    assert({1'b0, cnt1_reg} == f_c1 && {1'b0, cnt0_reg} == f_nm - f_c1);
    assert(!iss_reg[~cur_reg[0]]);
    if (issuing) assert(iss_reg[cur_reg[0]]);
    if (iss_reg[cur_reg[0]] && !issuing) assert((cur_reg[0] ? cnt1_reg : cnt0_reg) != {CW{1'b0}});
    assert(slot_busy == {(cnt1_reg != {CW{1'b0}}) || (issuing && cur_reg[0]),
                         (cnt0_reg != {CW{1'b0}}) || (issuing && !cur_reg[0])});
end
`endif

// the check is not vacuous: a request that waits is reachable
always @* if (!f_init) cover(m_axi_arvalid && !m_axi_arready && f_owed != 0);
`endif
